/**
 * The Precision & Impact roll dialog, Foundry-free: the combined pool as a count per die size, the
 * hindrance, the Precision and Impact modifiers and the targets the odds are read against, the
 * exact request they make, and the odds panel built from the engine's exact odds
 * (P(Precision ≥ x and Impact ≥ y) for both best picks, with their averages).
 */

import { pi, shared } from "../../engines/index.ts";
import { defineEquipmentDialog } from "./define.ts";
import type { EquipmentView } from "./equipment.ts";
import { numberOrText, type FormValues } from "./form-values.ts";
import { formatMean } from "./format.ts";
import { chance, selectOptions, type Chance, type DialogEngine, type SelectOption } from "./types.ts";

/** The die sizes, largest first (the order the pool is built in). */
const SIZES_DOWN = [...pi.DIE_SIZES].sort((a, b) => b - a);

/** The form field holding the count of one die size, e.g. `d8`. */
export function countField(faces: number): string {
  return `d${faces}`;
}

/** Odds-only values of the pi dialog: none, the goal is part of the request (the card judges by it). */
export type PiExtras = Record<string, never>;

/** The pi dialog's form view. */
export interface PiFormView {
  /** One count field per die size, smallest first. */
  readonly counts: readonly { readonly name: string; readonly faces: number; readonly value: string }[];
  readonly maxDice: number;
  readonly hindrance: readonly SelectOption[];
  /** A second hindering effect: with two, the roll is majorly hindered. */
  readonly extraHindrance: readonly SelectOption[];
  /** The one hindrance that applies (the two effects folded), as a localization key. */
  readonly applies: string;
  readonly precisionMod: string;
  readonly impactMod: string;
  readonly precisionGoal: string;
  readonly impactGoal: string;
  /** A weapon attack's choice and weapon, and the gear to tick (see `equipment.ts`). */
  readonly equipment: EquipmentView;
}

/** The odds of one way of picking. */
export interface PiPickView {
  /** `bestPrecision` or `bestImpact`. */
  readonly id: "bestPrecision" | "bestImpact";
  /** The localization key of its name. */
  readonly labelKey: string;
  /** P(Precision ≥ x and Impact ≥ y) with this pick, or `null` without a goal. */
  readonly chance: Chance | null;
  /** The average Precision and Impact, formatted. */
  readonly meanPrecision: string;
  readonly meanImpact: string;
}

/** The pi dialog's odds panel. */
export interface PiOddsView {
  /** The engine id. */
  readonly engine: "pi";
  /** The dice thrown (after the hindrance), e.g. "d8 d4". */
  readonly dice: string;
  /** The size of the die the hindrance removes, or `null`. */
  readonly removed: number | null;
  /** The goal's parts (`null` when not asked for); both `null` without a goal. */
  readonly precision: number | null;
  readonly impact: number | null;
  /** The chance that the dice offer a pick meeting the goal, or `null` without a goal. */
  readonly goal: Chance | null;
  /** The localization key naming the goal's parts (`GoalBoth`, `GoalPrecision`, `GoalImpact`), or `null`. */
  readonly goalKey: string | null;
  /** Both best picks: the chance each meets the goal (`null` without one), and their averages. */
  readonly picks: readonly PiPickView[];
  /** The chance of an automatic failure (one die and no Impact), or `null` when more dice are thrown. */
  readonly autoFail: Chance | null;
}

/**
 * The form values of a pi request: the pool is counted per die size (sizes the dialog does not
 * offer are left out; the pick is made on the card after the roll). A weapon attack's choice and the
 * character's gear are the dialog's equipment (`define.ts`).
 *
 * @param initial - The request to start from.
 */
export function requestToForm(initial: Partial<pi.PiRequest> = {}): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const faces of pi.DIE_SIZES) {
    values[countField(faces)] = String((initial.pool ?? []).filter((f) => f === faces).length);
  }
  values.hindrance = initial.hindrance ?? "none";
  values.extraHindrance = "none";
  values.precisionMod = String(initial.precisionMod ?? 0);
  values.impactMod = String(initial.impactMod ?? 0);
  values.precisionGoal =
    initial.precisionGoal === undefined || initial.precisionGoal === null ? "" : String(initial.precisionGoal);
  values.impactGoal = initial.impactGoal === undefined || initial.impactGoal === null ? "" : String(initial.impactGoal);
  return values;
}

/** A hindrance field's value (`none` when empty). */
function hindranceField(value: FormValues[string]): string {
  return typeof value === "string" && value !== "" ? value : "none";
}

/**
 * The one hindrance the two hindrance fields make: a single hindering effect keeps its kind, two make
 * the roll majorly hindered (the engine's rule). A value that is not a hindrance is passed on for the
 * engine to refuse by name.
 */
function hindranceOf(values: FormValues): string {
  const first = hindranceField(values.hindrance);
  const second = hindranceField(values.extraHindrance);
  const known = (h: string): h is pi.Hindrance => (pi.HINDRANCES as readonly string[]).includes(h);
  if (!known(first)) return first;
  if (!known(second)) return second;
  return pi.combineHindrances([first, second]);
}

/**
 * The exact pi request for form values, validated by the engine. The pool lists the dice largest
 * first; the two hindrance fields are folded into the one hindrance that applies.
 *
 * @param values - The form values: `d4` … `d12` (counts), `hindrance`, `extraHindrance`, `precisionMod`, `impactMod`,
 *   and the goal `precisionGoal`, `impactGoal` (empty: not asked for).
 * @returns The validated request (without a pick).
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad count, or the engine's error
 *   (`PoolTooSmall`, `PiPoolTooLarge`, `PiHindrance`, `PiHindranceEmptiesPool`, `NotInteger`, `OutOfRange`).
 */
export function formToRequest(values: FormValues): pi.PiRequest {
  const pool: number[] = [];
  for (const faces of SIZES_DOWN) {
    const field = countField(faces);
    const count = shared.requireInt(numberOrText(values[field], 0), field, 0, pi.MAX_POOL_DICE);
    for (let i = 0; i < count; i++) pool.push(faces);
  }
  const raw = {
    pool,
    hindrance: hindranceOf(values),
    precisionMod: numberOrText(values.precisionMod, 0),
    impactMod: numberOrText(values.impactMod, 0),
    precisionGoal: numberOrText(values.precisionGoal) ?? null,
    impactGoal: numberOrText(values.impactGoal) ?? null,
  };
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return pi.validate(raw as pi.PiRequest);
}

/** The pi dialog reads nothing beside the request: the goal is in it. */
export function formToExtras(): PiExtras {
  return {};
}

/** The hindrance that applies for the form values, or `none` while a field holds an unknown value. */
function appliedHindrance(values: FormValues): pi.Hindrance {
  const h = hindranceOf(values);
  return (pi.HINDRANCES as readonly string[]).includes(h) ? (h as pi.Hindrance) : "none";
}

/** The text of a field, or the fallback. */
function text(value: FormValues[string], fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/**
 * The form's view model.
 *
 * @param values - The form values.
 */
export function formView(values: FormValues): Omit<PiFormView, "equipment"> {
  return {
    counts: pi.DIE_SIZES.map((faces) => ({
      name: countField(faces),
      faces,
      value: text(values[countField(faces)], "0"),
    })),
    maxDice: pi.MAX_POOL_DICE,
    hindrance: selectOptions(pi.HINDRANCES, text(values.hindrance, "none"), (v) => `ROLLING_BONES.Pi.Hindrance.${v}`),
    extraHindrance: selectOptions(
      pi.HINDRANCES,
      text(values.extraHindrance, "none"),
      (v) => `ROLLING_BONES.Pi.Hindrance.${v}`,
    ),
    applies: `ROLLING_BONES.Pi.Hindrance.${appliedHindrance(values)}`,
    precisionMod: text(values.precisionMod),
    impactMod: text(values.impactMod),
    precisionGoal: text(values.precisionGoal),
    impactGoal: text(values.impactGoal),
  };
}

/**
 * The fields a new choice of skill (or attributes) for a weapon attack fills: the pool and the
 * skill's modifiers; the hindrance, the goal and the gear stay.
 */
export function fillFromUse(request: Partial<pi.PiRequest>): Record<string, string | boolean> {
  const all = requestToForm(request);
  const filled: Record<string, string | boolean> = {};
  for (const key of [...pi.DIE_SIZES.map(countField), "precisionMod", "impactMod"]) filled[key] = all[key] ?? "";
  return filled;
}

/**
 * The odds panel for a request, from the engine's exact odds.
 *
 * @param request - A validated request (its goal, if any, is what the chances are for).
 * @param _extras - Nothing: the goal is in the request.
 * @param lang - The user's language.
 */
export function oddsView(request: pi.PiRequest, _extras: PiExtras, lang: string): PiOddsView {
  const odds = pi.odds(request);
  const goal = pi.goalOf(request);
  const chanceOfGoal = pi.chanceOfGoal(request);
  const pick = (id: "bestPrecision" | "bestImpact", labelKey: string): PiPickView => ({
    id,
    labelKey,
    chance:
      goal === null
        ? null
        : chance(pi.chanceAtLeast(odds[id], goal.precision ?? -Infinity, goal.impact ?? -Infinity), lang),
    meanPrecision: formatMean(odds[id].meanPrecision, lang),
    meanImpact: formatMean(odds[id].meanImpact, lang),
  });
  return {
    engine: "pi",
    dice: odds.dice.map((faces) => `d${faces}`).join(" "),
    removed: odds.removedSlot === null ? null : (request.pool[odds.removedSlot] ?? null),
    precision: goal?.precision ?? null,
    impact: goal?.impact ?? null,
    goal: chanceOfGoal === null ? null : chance(chanceOfGoal, lang),
    goalKey: goalKeyOf(goal),
    picks: [pick("bestPrecision", "ROLLING_BONES.Pi.BestPrecision"), pick("bestImpact", "ROLLING_BONES.Pi.BestImpact")],
    autoFail: odds.dice.length === 1 ? chance(odds.autoFail, lang) : null,
  };
}

/** The words naming a goal's parts. */
function goalKeyOf(goal: pi.PiGoal | null): string | null {
  if (goal === null) return null;
  if (goal.precision !== null && goal.impact !== null) return "ROLLING_BONES.Pi.Odds.GoalBoth";
  return goal.impact === null ? "ROLLING_BONES.Pi.Odds.GoalPrecision" : "ROLLING_BONES.Pi.Odds.GoalImpact";
}

/**
 * The fields the Precision & Impact form shows besides the equipment: a count per die size, the dice as a whole (`pool`,
 * for an empty or too large pool), the hindrances, the modifiers and the goal.
 */
export function shownFields(): readonly string[] {
  return [
    ...pi.DIE_SIZES.map(countField),
    "pool",
    "hindrance",
    "extraHindrance",
    "precisionMod",
    "impactMod",
    "precisionGoal",
    "impactGoal",
  ];
}

/**
 * The Precision & Impact dialog. Its `adjust` makes Precision and Impact's adjustments after the pick
 * and folds in a hindrance, as the roll makes them; the engine's check then refuses a sum that leaves
 * its range (`OutOfRange`, field `precisionMod` or `impactMod`).
 */
export const piDialog: DialogEngine<pi.PiRequest, PiExtras, PiFormView, PiOddsView> = defineEquipmentDialog<
  pi.PiRequest,
  PiExtras,
  PiFormView,
  PiOddsView
>(
  {
    id: "pi",
    validate: pi.validate,
    requestToForm,
    formToRequest,
    formToExtras,
    formView,
    oddsView,
    errorFields: {
      PiHindrance: "hindrance",
      PiHindranceEmptiesPool: "hindrance",
      PoolTooSmall: "pool",
      PiPoolTooLarge: "pool",
    },
    shownFields,
  },
  fillFromUse,
);
