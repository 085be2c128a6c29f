/**
 * Throwing and resolving a Precision & Impact roll. `plan` asks for every pool die the hindrance
 * leaves in, once each, in pool order; `resolve` runs the rule steps of {@link PI_STEPS} in that
 * order and returns everything a chat card shows.
 */

import type { DieMark, DieResult, DieSpec, Throw } from "../shared/core.ts";
import { bestImpactPair, bestPrecisionPair, pairFirst, pairSecond } from "./picks.ts";
import { goalOf, judgeGoal, type PiGoal, type PiVerdict } from "./goal.ts";
import { DIE_SIZES, checkPick, removedSlot, thrownSlots } from "./request.ts";
import type { Hindrance, PiRequest } from "./request.ts";

/** The role key of every thrown pi die. */
export const POOL_ROLE = "pool";

/**
 * The order of the rules, as data: the hindrance takes a die out of the pool, the rest is thrown,
 * two dice are chosen, their base Precision and Impact are scored, the modifiers are added, and
 * last the one-die rule judges an automatic failure. `resolve` runs its steps in this order.
 */
export const PI_STEPS = Object.freeze(["hinder", "throw", "choose", "score", "modify", "judge"] as const);

/** One step of {@link PI_STEPS}. */
export type PiStep = (typeof PI_STEPS)[number];

/** A pool die as the card shows it: a thrown die, or the die the hindrance removed. */
export interface PiDie extends DieResult {
  /**
   * The die's position in the request's pool; picks name dice by slot. For a thrown die `index`
   * is its position in the throws; the removed die has `index` -1, `value` 0 (not thrown) and the
   * mark `removed`.
   */
  readonly slot: number;
}

/** A pick as the card shows it: two slots (one for a one-die roll), their faces and their scores. */
export interface PiPick {
  /** The chosen slots, ascending (a single slot when only one die was thrown). */
  readonly slots: readonly number[];
  /** The faces on those slots, in the same order. */
  readonly values: readonly number[];
  /** The sum of the faces (the one face for a one-die roll), before the modifier. */
  readonly basePrecision: number;
  /** The higher face minus the lower (0 for a one-die roll), before the modifier. */
  readonly baseImpact: number;
  /** The Precision with its modifier. */
  readonly precision: number;
  /** The Impact with its modifier. */
  readonly impact: number;
}

/** The outcome of a Precision & Impact roll: plain JSON, everything a card needs. */
export interface PiOutcome {
  /** The engine id. */
  readonly engine: "pi";
  /** Every pool die in pool order (slot order), including the die the hindrance removed. */
  readonly dice: readonly PiDie[];
  /** The hindrance that applied. */
  readonly hindrance: Hindrance;
  /** The slot the hindrance removed, or `null`. */
  readonly removedSlot: number | null;
  /** The Precision modifier that was added. */
  readonly precisionMod: number;
  /** The Impact modifier that was added. */
  readonly impactMod: number;
  /** Whether the pick was the owner's (`requested`) or the default best pick for Precision (`bestPrecision`). */
  readonly pickSource: "requested" | "bestPrecision";
  /** The pick the roll uses; its dice carry the mark `chosen`. */
  readonly pick: PiPick;
  /** The best pick for Precision (ties: larger Impact). */
  readonly bestPrecision: PiPick;
  /** The best pick for Impact (ties: larger Precision). */
  readonly bestImpact: PiPick;
  /** The roll's Precision (the pick's, with its modifier). */
  readonly precision: number;
  /** The roll's Impact (the pick's, with its modifier). */
  readonly impact: number;
  /** True when only one die was thrown. */
  readonly singleDie: boolean;
  /** True when the roll fails on its own: one die thrown and the Impact, modifier included, not above 0. */
  readonly failed: boolean;
  /** The goal the roll carries, or `null`. */
  readonly goal: PiGoal | null;
  /** The pick in use judged against the goal, or `null` without a goal; a new pick judges anew. */
  readonly verdict: PiVerdict | null;
}

/**
 * The dice still missing: every slot the hindrance leaves in, in pool order, as a die of that
 * size with role {@link POOL_ROLE}.
 *
 * @throws RangeError when the throws so far do not match the plan.
 */
export function plan(request: PiRequest, thrown: readonly Throw[]): DieSpec[] {
  const slots = thrownSlots(request.pool, request.hindrance ?? "none");
  checkThrows(request.pool, slots, thrown, false);
  const missing: DieSpec[] = [];
  for (let k = thrown.length; k < slots.length; k++) missing.push(specOf(request.pool[slots[k] as number] as number));
  return missing;
}

/** The spec of a pool die of each size of {@link DIE_SIZES}, by size: built once, shared and frozen. */
const SPECS: readonly (DieSpec | undefined)[] = (() => {
  const specs: (DieSpec | undefined)[] = [];
  for (const faces of DIE_SIZES) specs[faces] = Object.freeze({ faces, role: POOL_ROLE });
  return specs;
})();

/** The spec of a pool die with `faces` faces (a shared, frozen object for the sizes a pool may hold). */
function specOf(faces: number): DieSpec {
  return SPECS[faces] ?? Object.freeze({ faces, role: POOL_ROLE });
}

function checkThrows(pool: readonly number[], slots: readonly number[], thrown: readonly Throw[], complete: boolean) {
  if (thrown.length > slots.length || (complete && thrown.length !== slots.length)) {
    throw new RangeError(`pi: expected ${slots.length} throws, got ${thrown.length}`);
  }
  for (let k = 0; k < thrown.length; k++) {
    const t = thrown[k] as Throw;
    const faces = pool[slots[k] as number] as number;
    if (t.faces !== faces || !Number.isInteger(t.value) || t.value < 1 || t.value > faces) {
      throw new RangeError(`pi: throw ${k} is d${t.faces} showing ${t.value}, expected a d${faces}`);
    }
  }
}

/** Shared, frozen mark lists (outcomes are plain data; sharing them saves an array per die). */
const NO_MARKS: readonly DieMark[] = Object.freeze([]);
const CHOSEN: readonly DieMark[] = Object.freeze(["chosen"]);
const REMOVED: readonly DieMark[] = Object.freeze(["removed"]);

/** The working state the steps fill in, in order. */
interface State {
  readonly request: PiRequest;
  readonly thrown: readonly Throw[];
  removed: number | null;
  /** The thrown slots in throw order. */
  slots: number[];
  /** The faces thrown, in throw order. */
  values: number[];
  source: "requested" | "bestPrecision";
  /** The chosen dice as positions in the throws, ascending. */
  chosen: number[];
  /** The best pick for Precision, or `null` for a one-die roll. */
  bestPrecision: PiPick | null;
  /** The best pick for Impact, or `null` for a one-die roll. */
  bestImpact: PiPick | null;
  basePrecision: number;
  baseImpact: number;
  precision: number;
  impact: number;
  failed: boolean;
}

/** The pick of a packed pair of positions in the throws (see `bestPrecisionPair`), scored as `scorePick` scores it. */
function toPick(state: State, pair: number): PiPick {
  const i = pairFirst(pair);
  const j = pairSecond(pair);
  const a = state.values[i] as number;
  const b = state.values[j] as number;
  const precision = a + b;
  const impact = Math.abs(a - b);
  return {
    slots: [state.slots[i] as number, state.slots[j] as number],
    values: [a, b],
    basePrecision: precision,
    baseImpact: impact,
    precision: precision + (state.request.precisionMod ?? 0),
    impact: impact + (state.request.impactMod ?? 0),
  };
}

/** What each step does; run in the order of {@link PI_STEPS}. */
const STEP_RUNNERS: Readonly<Record<PiStep, (state: State) => void>> = {
  hinder(state) {
    const { pool, hindrance = "none" } = state.request;
    state.removed = removedSlot(pool, hindrance);
    for (let slot = 0; slot < pool.length; slot++) if (slot !== state.removed) state.slots.push(slot);
  },
  throw(state) {
    checkThrows(state.request.pool, state.slots, state.thrown, true);
    for (const t of state.thrown) state.values.push(t.value);
  },
  choose(state) {
    const { request, values, slots } = state;
    if (values.length === 1) {
      state.chosen = [0];
      return;
    }
    const precision = bestPrecisionPair(values);
    state.bestPrecision = toPick(state, precision);
    state.bestImpact = toPick(state, bestImpactPair(values));
    if (request.pick === undefined) {
      state.chosen = [pairFirst(precision), pairSecond(precision)];
    } else {
      const [a, b] = checkPick(request.pool, request.hindrance ?? "none", request.pick);
      state.source = "requested";
      state.chosen = [slots.indexOf(Math.min(a, b)), slots.indexOf(Math.max(a, b))];
    }
  },
  score(state) {
    const { values, chosen } = state;
    const a = values[chosen[0] as number] as number;
    if (chosen.length === 1) {
      state.basePrecision = a;
      state.baseImpact = 0;
      return;
    }
    const b = values[chosen[1] as number] as number;
    state.basePrecision = a + b;
    state.baseImpact = a > b ? a - b : b - a;
  },
  modify(state) {
    state.precision = state.basePrecision + (state.request.precisionMod ?? 0);
    state.impact = state.baseImpact + (state.request.impactMod ?? 0);
  },
  judge(state) {
    state.failed = state.values.length === 1 && state.impact <= 0;
  },
};

/** One resolution step. */
type Runner = (state: State) => void;

/** The runners in the order of {@link PI_STEPS}, looked up once rather than per roll. */
const RUNNERS: readonly Runner[] = PI_STEPS.map((id) => STEP_RUNNERS[id]);

/**
 * Resolves a complete roll: marks the removed and the chosen dice, scores the pick (the requested
 * one, else the best for Precision), adds the modifiers, and reports both best picks and whether
 * a one-die roll failed on its own.
 *
 * @throws RangeError when the throws do not match the plan.
 * @throws EngineError when the request's pick is not a valid pick for this pool.
 */
export function resolve(request: PiRequest, thrown: readonly Throw[]): PiOutcome {
  const state: State = {
    request,
    thrown,
    removed: null,
    slots: [],
    values: [],
    source: "bestPrecision",
    chosen: [],
    bestPrecision: null,
    bestImpact: null,
    basePrecision: 0,
    baseImpact: 0,
    precision: 0,
    impact: 0,
    failed: false,
  };
  for (let i = 0; i < RUNNERS.length; i++) (RUNNERS[i] as Runner)(state);

  const { pool } = request;
  const { slots, values, chosen } = state;
  // Indexed loops rather than `map` with closures: this runs on every roll.
  const chosenSlots = new Array<number>(chosen.length);
  const chosenValues = new Array<number>(chosen.length);
  for (let c = 0; c < chosen.length; c++) {
    const k = chosen[c] as number;
    chosenSlots[c] = slots[k] as number;
    chosenValues[c] = values[k] as number;
  }
  const first = chosen[0] as number;
  const second = chosen.length === 2 ? (chosen[1] as number) : -1;
  const dice: PiDie[] = new Array<PiDie>(pool.length);
  for (let slot = 0, k = 0; slot < pool.length; slot++) {
    const faces = pool[slot] as number;
    if (slot === state.removed) {
      dice[slot] = { index: -1, slot, faces, value: 0, role: POOL_ROLE, marks: REMOVED };
    } else {
      const marks = k === first || k === second ? CHOSEN : NO_MARKS;
      dice[slot] = { index: k, slot, faces, value: values[k] as number, role: POOL_ROLE, marks };
      k++;
    }
  }
  const goal = goalOf(request);
  const pick: PiPick = {
    slots: chosenSlots,
    values: chosenValues,
    basePrecision: state.basePrecision,
    baseImpact: state.baseImpact,
    precision: state.precision,
    impact: state.impact,
  };
  return {
    engine: "pi",
    dice,
    hindrance: request.hindrance ?? "none",
    removedSlot: state.removed,
    precisionMod: request.precisionMod ?? 0,
    impactMod: request.impactMod ?? 0,
    pickSource: state.source,
    pick,
    bestPrecision: state.bestPrecision ?? pick,
    bestImpact: state.bestImpact ?? pick,
    precision: state.precision,
    impact: state.impact,
    singleDie: values.length === 1,
    failed: state.failed,
    goal,
    verdict: judgeGoal(goal, state.precision, state.impact, state.failed),
  };
}
