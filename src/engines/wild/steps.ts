/**
 * The Wild Die chain as data. A chain starts with one throw (stage `first`); after every throw the
 * chain's step list is read in order and the first step whose `after` holds the chain's current
 * stage and whose `face` equals the face just shown fires: the chain gets one more throw, counted
 * with the step's `sign`, and its stage becomes the step's id. When no step fires, the chain ends.
 */

import type { DieMark } from "../shared/core.ts";

/** The roles of the dice of a `wild` roll. */
export type WildRole = "normal" | "wild" | "wildSubtract" | "cpWild";

/** The labels a roll can earn (keys under `ROLLING_BONES.Wild.Label.`). */
export type WildLabel = "criticalSuccess" | "criticalFailure" | "catastrophicFailure";

/** The localization prefix of {@link WildLabel} keys. */
export const WILD_LABEL_PREFIX = "ROLLING_BONES.Wild.Label.";

/** The localization prefix of {@link WildRole} keys. */
export const WILD_ROLE_PREFIX = "ROLLING_BONES.Role.";

/** The ids of the chain steps. */
export type ChainStepId = "explode" | "criticalFailure" | "catastrophic";

/** Where a chain stands: its first throw, or the step that made its latest throw. */
export type ChainStage = "first" | ChainStepId;

/** One step of a chain: when it fires and what the throw it adds does. */
export interface ChainStep {
  /** The step id, which also becomes the chain's stage once the step fires. */
  readonly id: ChainStepId;
  /** The stages whose throw can fire this step. */
  readonly after: readonly ChainStage[];
  /** The face that fires it. */
  readonly face: number;
  /** The role of the throw it adds. */
  readonly role: WildRole;
  /** +1 when the added throw is added to the total, −1 when it is subtracted. */
  readonly sign: 1 | -1;
  /** Marks of the added throw. */
  readonly marks: readonly DieMark[];
  /** Marks given to the throw that fired the step, by that throw's stage. */
  readonly triggerMarks: Readonly<Partial<Record<ChainStage, readonly DieMark[]>>>;
  /** The label the roll earns when the step fires from a given stage. */
  readonly labels: Readonly<Partial<Record<ChainStage, WildLabel>>>;
  /**
   * When true, the throw that fires the step counts according to the `firstOneCounts` world
   * setting (its face, or nothing) instead of its face.
   */
  readonly triggerCountsBySetting: boolean;
}

function step(s: ChainStep): ChainStep {
  for (const marks of Object.values(s.triggerMarks)) Object.freeze(marks);
  Object.freeze(s.after);
  Object.freeze(s.marks);
  Object.freeze(s.triggerMarks);
  Object.freeze(s.labels);
  return Object.freeze(s);
}

/** The faces of every die of the engine. */
export const WILD_FACES = 6;

/**
 * The Wild Die's steps, in rule order: explode on a 6 (first or later throw), critical failure
 * on a first-throw 1 (subtract the next throw), catastrophic failure on a 6 shown by that
 * subtraction throw (subtract one more throw). Subtraction throws never reach `explode`, and a 1
 * after the first throw fires nothing.
 */
export const WILD_DIE_STEPS: readonly ChainStep[] = Object.freeze([
  step({
    id: "explode",
    after: ["first", "explode"],
    face: 6,
    role: "wild",
    sign: 1,
    marks: [],
    triggerMarks: { first: ["critical", "exploded"], explode: ["exploded"] },
    labels: { first: "criticalSuccess" },
    triggerCountsBySetting: false,
  }),
  step({
    id: "criticalFailure",
    after: ["first"],
    face: 1,
    role: "wildSubtract",
    sign: -1,
    marks: ["subtracted"],
    triggerMarks: { first: ["fumble"] },
    labels: { first: "criticalFailure" },
    triggerCountsBySetting: true,
  }),
  step({
    id: "catastrophic",
    after: ["criticalFailure"],
    face: 6,
    role: "wildSubtract",
    sign: -1,
    marks: ["subtracted"],
    triggerMarks: {},
    labels: { criticalFailure: "catastrophicFailure" },
    triggerCountsBySetting: false,
  }),
]);

/**
 * The steps of an extra Wild Die bought with a Character Point: it explodes on a 6 like the Wild
 * Die, and nothing else (a 1 is simply 1). It earns no label.
 */
export const CP_WILD_STEPS: readonly ChainStep[] = Object.freeze([
  step({
    id: "explode",
    after: ["first", "explode"],
    face: 6,
    role: "cpWild",
    sign: 1,
    marks: [],
    triggerMarks: { first: ["exploded"], explode: ["exploded"] },
    labels: {},
    triggerCountsBySetting: false,
  }),
]);

/** The order in which a roll's first dice are thrown, by role; follow-up throws come after. */
export const THROW_ORDER: readonly WildRole[] = Object.freeze(["normal", "wild", "cpWild"]);

/**
 * The step a chain takes next, or undefined when it ends.
 *
 * @param steps - The chain's step list.
 * @param stage - The chain's current stage.
 * @param face - The face its latest throw showed.
 */
export function nextStep(steps: readonly ChainStep[], stage: ChainStage, face: number): ChainStep | undefined {
  for (const s of steps) if (s.face === face && s.after.includes(stage)) return s;
  return undefined;
}

/** Every chain stage, in a fixed order (its index is the stage's number in compiled tables). */
export const CHAIN_STAGES: readonly ChainStage[] = Object.freeze([
  "first",
  "explode",
  "criticalFailure",
  "catastrophic",
]);
