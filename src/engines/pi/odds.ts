/**
 * Exact odds of a Precision & Impact roll, without enumerating faces. The best pick for Precision
 * is always the two highest faces, and the best pick for Impact the highest face with the lowest,
 * so both follow from the joint distribution of two order statistics of independent dice of mixed
 * sizes. Each joint probability is a short dynamic programme over the dice (a few states per
 * pair of thresholds), made only of sums of products of non-negative terms: impossible outcomes
 * come out exactly 0 and nothing cancels.
 */

import { Dist } from "../shared/index.ts";
import type { DistributionJSON } from "../shared/index.ts";
import { removedSlot, validate } from "./request.ts";
import type { Hindrance, PiRequest } from "./request.ts";

/** One cell of a joint Precision/Impact distribution. */
export interface PiJointEntry {
  /** The Precision, modifier included. */
  readonly precision: number;
  /** The Impact, modifier included. */
  readonly impact: number;
  /** Its probability. */
  readonly probability: number;
}

/** The odds of one way of picking (the best pick for Precision, or for Impact). */
export interface PiPickOdds {
  /** Every possible (Precision, Impact) with its probability, by Precision then Impact ascending. */
  readonly joint: readonly PiJointEntry[];
  /** The Precision distribution (the joint's marginal). */
  readonly precision: DistributionJSON;
  /** The Impact distribution (the joint's marginal). */
  readonly impact: DistributionJSON;
  /** The expected Precision. */
  readonly meanPrecision: number;
  /** The expected Impact. */
  readonly meanImpact: number;
}

/** The exact odds of a Precision & Impact request, as plain JSON. */
export interface PiOdds {
  /** The engine id. */
  readonly engine: "pi";
  /** The sizes of the dice that are thrown (after the hindrance), in pool order. */
  readonly dice: readonly number[];
  /** The hindrance that applies. */
  readonly hindrance: Hindrance;
  /** The slot the hindrance removes, or `null`. */
  readonly removedSlot: number | null;
  /** The odds when the best pick for Precision is taken (the default pick). */
  readonly bestPrecision: PiPickOdds;
  /** The odds when the best pick for Impact is taken. */
  readonly bestImpact: PiPickOdds;
  /** The chance the roll fails on its own (only a one-die roll can: then it is 0 or 1). */
  readonly autoFail: number;
}

/** A joint distribution of two order statistics: `[high, low, probability]` rows with probability above 0. */
export type OrderJoint = readonly (readonly [number, number, number])[];

/**
 * The joint distribution of the highest and the second-highest face of independent dice of the
 * given sizes (the second-highest equals the highest when two dice share the top face).
 *
 * @param dice - At least two die sizes.
 */
export function topTwoJoint(dice: readonly number[]): OrderJoint {
  if (dice.length < 2) throw new RangeError("topTwoJoint: needs two dice");
  const top = Math.max(...dice);
  const rows: [number, number, number][] = [];
  for (let a = 1; a <= top; a++) {
    // Both on a: every die at most a, at least two of them exactly a (states: 0, 1, 2+ dice on a).
    let s0 = 1;
    let s1 = 0;
    let s2 = 0;
    for (const f of dice) {
      const below = Math.min(a - 1, f) / f;
      const on = a <= f ? 1 / f : 0;
      s2 = s2 * (below + on) + s1 * on;
      s1 = s1 * below + s0 * on;
      s0 = s0 * below;
    }
    if (s2 > 0) rows.push([a, a, s2]);
    for (let b = 1; b < a; b++) {
      // High a, second b < a: exactly one die on a, the others at most b, at least one on b.
      // States: (dice on a: 0 or 1) × (some die on b: no or yes).
      let t00 = 1;
      let t01 = 0;
      let t10 = 0;
      let t11 = 0;
      for (const f of dice) {
        const below = Math.min(b - 1, f) / f;
        const onB = b <= f ? 1 / f : 0;
        const onA = a <= f ? 1 / f : 0;
        t11 = t11 * (below + onB) + t10 * onB + t01 * onA;
        t10 = t10 * below + t00 * onA;
        t01 = t01 * (below + onB) + t00 * onB;
        t00 = t00 * below;
      }
      if (t11 > 0) rows.push([a, b, t11]);
    }
  }
  return rows;
}

/**
 * The joint distribution of the highest and the lowest face of independent dice of the given
 * sizes.
 *
 * @param dice - At least two die sizes.
 */
export function maxMinJoint(dice: readonly number[]): OrderJoint {
  if (dice.length < 2) throw new RangeError("maxMinJoint: needs two dice");
  const top = Math.max(...dice);
  const rows: [number, number, number][] = [];
  for (let a = 1; a <= top; a++) {
    // Every die on a.
    let all = 1;
    for (const f of dice) all *= a <= f ? 1 / f : 0;
    if (all > 0) rows.push([a, a, all]);
    for (let b = 1; b < a; b++) {
      // Every die within [b, a], at least one on a and at least one on b.
      // States: (some die on a: no or yes) × (some die on b: no or yes).
      let t00 = 1;
      let t01 = 0;
      let t10 = 0;
      let t11 = 0;
      for (const f of dice) {
        const between = Math.max(0, Math.min(a - 1, f) - b) / f;
        const onA = a <= f ? 1 / f : 0;
        const onB = b <= f ? 1 / f : 0;
        t11 = t11 * (between + onA + onB) + t10 * onB + t01 * onA;
        t10 = t10 * (between + onA) + t00 * onA;
        t01 = t01 * (between + onB) + t00 * onB;
        t00 = t00 * between;
      }
      if (t11 > 0) rows.push([a, b, t11]);
    }
  }
  return rows;
}

/**
 * Turns (Precision, Impact, probability) cells into a {@link PiPickOdds}. Each cell appears once:
 * (high, low) ↦ (high + low, high − low) is one-to-one, and so is a single die's face ↦ Precision.
 */
function pickOdds(cells: [number, number, number][]): PiPickOdds {
  cells.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const joint: PiJointEntry[] = [];
  const precision = new Map<number, number>();
  const impact = new Map<number, number>();
  for (const [p, i, probability] of cells) {
    joint.push({ precision: p, impact: i, probability });
    precision.set(p, (precision.get(p) ?? 0) + probability);
    impact.set(i, (impact.get(i) ?? 0) + probability);
  }
  const pd = new Dist(precision);
  const id = new Dist(impact);
  return { joint, precision: pd.toJSON(), impact: id.toJSON(), meanPrecision: pd.mean(), meanImpact: id.mean() };
}

/** Maps order-statistic rows (high, low) to Precision/Impact odds with the modifiers added. */
function fromOrder(rows: OrderJoint, precisionMod: number, impactMod: number): PiPickOdds {
  return pickOdds(rows.map(([high, low, p]) => [high + low + precisionMod, high - low + impactMod, p]));
}

/**
 * The exact odds of a validated request: the joint and marginal Precision/Impact distributions
 * for the best pick for Precision and for the best pick for Impact, after the hindrance and with
 * the modifiers, and the chance of an automatic failure. The request's own pick plays no part
 * (it is made after the roll).
 */
export function odds(request: PiRequest): PiOdds {
  validate(request); // a bad request is refused as a roll of it would be
  const hindrance = request.hindrance ?? "none";
  const precisionMod = request.precisionMod ?? 0;
  const impactMod = request.impactMod ?? 0;
  const removed = removedSlot(request.pool, hindrance);
  const dice = request.pool.filter((_, slot) => slot !== removed);
  let bestPrecision: PiPickOdds;
  let bestImpact: PiPickOdds;
  let autoFail = 0;
  if (dice.length === 1) {
    const faces = dice[0] as number;
    const cells: [number, number, number][] = [];
    for (let v = 1; v <= faces; v++) cells.push([v + precisionMod, impactMod, 1 / faces]);
    bestPrecision = pickOdds(cells);
    bestImpact = bestPrecision;
    autoFail = impactMod <= 0 ? 1 : 0;
  } else {
    bestPrecision = fromOrder(topTwoJoint(dice), precisionMod, impactMod);
    bestImpact = fromOrder(maxMinJoint(dice), precisionMod, impactMod);
  }
  return { engine: "pi", dice, hindrance, removedSlot: removed, bestPrecision, bestImpact, autoFail };
}

/**
 * P(Precision ≥ `x` and Impact ≥ `y`) for one way of picking, read from its joint distribution.
 *
 * @param pick - `odds(request).bestPrecision` or `odds(request).bestImpact`.
 */
export function chanceAtLeast(pick: PiPickOdds, x: number, y: number): number {
  let s = 0;
  for (const cell of pick.joint) if (cell.precision >= x && cell.impact >= y) s += cell.probability;
  return s;
}
