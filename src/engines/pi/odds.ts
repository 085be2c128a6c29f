/**
 * Exact odds of a Precision & Impact roll, without enumerating faces. The best pick for Precision
 * is always the two highest faces, and the best pick for Impact the highest face with the lowest,
 * so both follow from the joint distribution of two order statistics of independent dice of mixed
 * sizes. Each joint probability is a short dynamic programme over the dice (a few states per
 * pair of thresholds), made only of sums of products of non-negative terms: impossible outcomes
 * come out exactly 0 and nothing cancels.
 *
 * {@link odds} counts instead when it can: while the number of ways the dice can fall (the
 * product of their sizes) stays below 2^53, every count of faces is an integer a double holds
 * exactly, so the joint counts follow from their cumulative counts (closed forms) by differences
 * without any rounding, and each probability is one division, correctly rounded. That takes a
 * few operations per pair of faces instead of a pass over the dice; larger pools (more than 14
 * d12) take the dynamic programme.
 */

import { denseToJSON, type DistributionJSON } from "../shared/index.ts";
import { DIE_SIZES, removedSlot, validate } from "./request.ts";
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

/** The largest die size, and the row length of a joint table (`joint[high * STRIDE + low]`; one spare cell past `low = high`). */
const TOP = Math.max(...DIE_SIZES);
const STRIDE = TOP + 2;

/**
 * Scratch marginals of a pick's distributions, overwritten by every build (synchronous, never
 * re-entered): Precision and Impact, indexed by high + low and high − low.
 */
const PRECISION = new Float64Array(2 * TOP + 1);
const IMPACT = new Float64Array(TOP + 1);

/**
 * Writes the joint distribution of the highest and the second-highest face into `out`
 * (`out[high * stride + second]`, 0 where impossible) and returns the highest face possible. The
 * second-highest equals the highest when two dice share the top face.
 *
 * The loops index the dice and write `min`/`max` as comparisons: a dialog's first call runs them in
 * the interpreter, before any JIT, where a `for…of` iterator or a `Math` call per term costs more
 * than the arithmetic. The arithmetic is the same operations in the same order as ever.
 */
function fillTopTwo(dice: readonly number[], out: Float64Array, stride: number): number {
  const n = dice.length;
  let top = 0;
  for (let i = 0; i < n; i++) if ((dice[i] as number) > top) top = dice[i] as number;
  out.fill(0);
  for (let a = 1; a <= top; a++) {
    // Both on a: every die at most a, at least two of them exactly a (states: 0, 1, 2+ dice on a).
    let s0 = 1;
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < n; i++) {
      const f = dice[i] as number;
      const below = (a - 1 < f ? a - 1 : f) / f;
      const on = a <= f ? 1 / f : 0;
      s2 = s2 * (below + on) + s1 * on;
      s1 = s1 * below + s0 * on;
      s0 = s0 * below;
    }
    out[a * stride + a] = s2;
    for (let b = 1; b < a; b++) {
      // High a, second b < a: exactly one die on a, the others at most b, at least one on b.
      // States: (dice on a: 0 or 1) × (some die on b: no or yes).
      let t00 = 1;
      let t01 = 0;
      let t10 = 0;
      let t11 = 0;
      for (let i = 0; i < n; i++) {
        const f = dice[i] as number;
        const below = (b - 1 < f ? b - 1 : f) / f;
        const onB = b <= f ? 1 / f : 0;
        const onA = a <= f ? 1 / f : 0;
        t11 = t11 * (below + onB) + t10 * onB + t01 * onA;
        t10 = t10 * below + t00 * onA;
        t01 = t01 * (below + onB) + t00 * onB;
        t00 = t00 * below;
      }
      out[a * stride + b] = t11;
    }
  }
  return top;
}

/**
 * Writes the joint distribution of the highest and the lowest face into `out`
 * (`out[high * stride + low]`, 0 where impossible) and returns the highest face possible. Written
 * for the interpreter as {@link fillTopTwo} is.
 */
function fillMaxMin(dice: readonly number[], out: Float64Array, stride: number): number {
  const n = dice.length;
  let top = 0;
  for (let i = 0; i < n; i++) if ((dice[i] as number) > top) top = dice[i] as number;
  out.fill(0);
  for (let a = 1; a <= top; a++) {
    // Every die on a.
    let all = 1;
    for (let i = 0; i < n; i++) {
      const f = dice[i] as number;
      all *= a <= f ? 1 / f : 0;
    }
    out[a * stride + a] = all;
    for (let b = 1; b < a; b++) {
      // Every die within [b, a], at least one on a and at least one on b.
      // States: (some die on a: no or yes) × (some die on b: no or yes).
      let t00 = 1;
      let t01 = 0;
      let t10 = 0;
      let t11 = 0;
      for (let i = 0; i < n; i++) {
        const f = dice[i] as number;
        const span = (a - 1 < f ? a - 1 : f) - b; // faces strictly between b and a, when positive
        const between = (span > 0 ? span : 0) / f;
        const onA = a <= f ? 1 / f : 0;
        const onB = b <= f ? 1 / f : 0;
        t11 = t11 * (between + onA + onB) + t10 * onB + t01 * onA;
        t10 = t10 * (between + onA) + t00 * onA;
        t01 = t01 * (between + onB) + t00 * onB;
        t00 = t00 * between;
      }
      out[a * stride + b] = t11;
    }
  }
  return top;
}

/** Pools whose number of ways to fall is at most this are counted exactly ({@link fillCounts}). */
const EXACT_COUNTS = 2 ** 53;

/**
 * Writes the number of ways each pair of faces is (highest, second-highest) into `topTwo` and
 * (highest, lowest) into `maxMin` (`table[a * stride + b]`, 0 where impossible), for dice whose
 * sizes multiply to at most {@link EXACT_COUNTS}, and returns the highest face possible. Dice of one
 * size count alike, so the work is by size. With c(x) = min(x, f) the faces of a die of size f up
 * to x and C(b) the product of c(b) over the dice:
 * - every die at most a and all but one at most b (b ≤ a): M(a, b) = C(b) + Σ over the dice of
 *   (c(a) − c(b))·C(b) / c(b) (every die at most b, or that die above b and the others not);
 * - every die within [b, a]: R(a, b) = the product over the dice of min(a, f) − b + 1 (0 when a
 *   die cannot), from a table of powers by size.
 * The joint counts are their differences, written in place: `topTwo` from the highest cell down,
 * `maxMin` from the highest a down and the lowest b up. Every figure is an integer below 2^53 (each
 * counts some of the ways the dice fall): exact.
 */
function fillCounts(dice: readonly number[], topTwo: Float64Array, maxMin: Float64Array, stride: number): number {
  const sizes: number[] = [];
  const counts: number[] = [];
  let top = 0;
  for (const f of dice) {
    const g = sizes.indexOf(f);
    if (g < 0) {
      sizes.push(f);
      counts.push(1);
    } else counts[g] = (counts[g] as number) + 1;
    if (f > top) top = f;
  }
  const groups = sizes.length;
  const powers = new Float64Array(groups * stride); // powers[g * stride + x] = x^counts[g]
  for (let g = 0; g < groups; g++) {
    for (let x = 1; x <= (sizes[g] as number); x++) {
      let p = 1;
      for (let k = 0; k < (counts[g] as number); k++) p *= x;
      powers[g * stride + x] = p;
    }
  }
  topTwo.fill(0);
  maxMin.fill(0);
  for (let b = 1; b <= top; b++) {
    let all = 1; // C(b)
    for (let g = 0; g < groups; g++)
      all *= powers[g * stride + (b < (sizes[g] as number) ? b : (sizes[g] as number))] as number;
    for (let a = b; a <= top; a++) {
      let m = all;
      let r = 1;
      for (let g = 0; g < groups; g++) {
        const f = sizes[g] as number;
        const cb = b < f ? b : f;
        const ca = a < f ? a : f;
        if (ca > cb) m += (counts[g] as number) * (ca - cb) * (all / cb);
        r *= ca >= b ? (powers[g * stride + ca - b + 1] as number) : 0;
      }
      topTwo[a * stride + b] = m;
      maxMin[a * stride + b] = r;
    }
  }
  for (let a = top; a >= 1; a--) {
    const row = a * stride;
    const below = row - stride;
    topTwo[row + a] = (topTwo[row + a] as number) - (topTwo[row + a - 1] as number);
    for (let b = a - 1; b >= 1; b--) {
      topTwo[row + b] =
        (topTwo[row + b] as number) -
        (topTwo[below + b] as number) -
        (topTwo[row + b - 1] as number) +
        (topTwo[below + b - 1] as number);
    }
    for (let b = 1; b <= a; b++) {
      maxMin[row + b] =
        (maxMin[row + b] as number) -
        (maxMin[below + b] as number) -
        (maxMin[row + b + 1] as number) +
        (maxMin[below + b + 1] as number);
    }
  }
  return top;
}

/** The rows of a joint table with probability above 0, high ascending, then low ascending. */
function rowsOf(table: Float64Array, top: number, stride: number): OrderJoint {
  const rows: [number, number, number][] = [];
  for (let a = 1; a <= top; a++) {
    const p = table[a * stride + a] as number;
    if (p > 0) rows.push([a, a, p]);
    for (let b = 1; b < a; b++) {
      const q = table[a * stride + b] as number;
      if (q > 0) rows.push([a, b, q]);
    }
  }
  return rows;
}

/**
 * The joint distribution of the highest and the second-highest face of independent dice of the
 * given sizes (the second-highest equals the highest when two dice share the top face).
 *
 * @param dice - At least two die sizes.
 */
export function topTwoJoint(dice: readonly number[]): OrderJoint {
  if (dice.length < 2) throw new RangeError("topTwoJoint: needs two dice");
  const stride = Math.max(...dice) + 1;
  const table = new Float64Array(stride * stride);
  return rowsOf(table, fillTopTwo(dice, table, stride), stride);
}

/**
 * The joint distribution of the highest and the lowest face of independent dice of the given
 * sizes.
 *
 * @param dice - At least two die sizes.
 */
export function maxMinJoint(dice: readonly number[]): OrderJoint {
  if (dice.length < 2) throw new RangeError("maxMinJoint: needs two dice");
  const stride = Math.max(...dice) + 1;
  const table = new Float64Array(stride * stride);
  return rowsOf(table, fillMaxMin(dice, table, stride), stride);
}

/**
 * One way of picking as a joint table of (high, low) faces, each cell a count out of `ways` (1 when
 * the table holds probabilities): Precision high + low, Impact high − low, modifiers added.
 */
interface PickTable {
  readonly table: Float64Array;
  readonly top: number;
  readonly stride: number;
  readonly ways: number;
  readonly precisionMod: number;
  readonly impactMod: number;
}

/** The tables of the picks {@link odds} made, read by {@link chanceAtLeast}. */
const pickTables = new WeakMap<PiPickOdds, PickTable>();

/**
 * The joint and marginal distributions of a pick. The table is read by Precision, then Impact,
 * ascending (the order the odds list them in), so each marginal adds its cells in that order.
 */
function distributionsOf(t: PickTable): Pick<PiPickOdds, "joint" | "precision" | "impact"> {
  const { table, top, stride, ways, precisionMod, impactMod } = t;
  const precision = top <= TOP ? PRECISION.fill(0) : new Float64Array(2 * top + 1);
  const impact = top <= TOP ? IMPACT.fill(0) : new Float64Array(top + 1);
  const joint: PiJointEntry[] = [];
  for (let sum = 2; sum <= 2 * top; sum++) {
    for (let a = (sum + 1) >> 1; a <= top && a < sum; a++) {
      const count = table[a * stride + sum - a] as number;
      if (!(count > 0)) continue;
      const probability = count / ways;
      const gap = 2 * a - sum;
      joint.push({ precision: sum + precisionMod, impact: gap + impactMod, probability });
      precision[sum] = (precision[sum] as number) + probability;
      impact[gap] = (impact[gap] as number) + probability;
    }
  }
  return {
    joint,
    precision: denseToJSON(precision, precisionMod, 2, 2 * top + 1),
    impact: denseToJSON(impact, impactMod, 0, top),
  };
}

/**
 * The odds of one way of picking from its table: the means at once (a pass over the table, in
 * the joint's order); the joint and the marginals (some hundred and fifty entries) built on their
 * first read and kept. {@link chanceAtLeast} reads the table itself.
 */
function pickFrom(t: PickTable): PiPickOdds {
  const { table, top, stride, ways, precisionMod, impactMod } = t;
  let meanPrecision = 0;
  let meanImpact = 0;
  for (let sum = 2; sum <= 2 * top; sum++) {
    for (let a = (sum + 1) >> 1; a <= top && a < sum; a++) {
      const count = table[a * stride + sum - a] as number;
      if (!(count > 0)) continue;
      const probability = count / ways;
      meanPrecision += (sum + precisionMod) * probability;
      meanImpact += (2 * a - sum + impactMod) * probability;
    }
  }
  let built: Pick<PiPickOdds, "joint" | "precision" | "impact"> | undefined;
  const pick: PiPickOdds = {
    get joint(): readonly PiJointEntry[] {
      built ??= distributionsOf(t);
      return built.joint;
    },
    get precision(): DistributionJSON {
      built ??= distributionsOf(t);
      return built.precision;
    },
    get impact(): DistributionJSON {
      built ??= distributionsOf(t);
      return built.impact;
    },
    meanPrecision,
    meanImpact,
  };
  pickTables.set(pick, t);
  return pick;
}

/** The odds of a one-die roll: Precision is the face, Impact the modifier alone. */
function singleDie(faces: number, precisionMod: number, impactMod: number): PiPickOdds {
  const joint: PiJointEntry[] = [];
  const precision: DistributionJSON = {};
  let meanPrecision = 0;
  let impact = 0;
  for (let v = 1; v <= faces; v++) {
    joint.push({ precision: v + precisionMod, impact: impactMod, probability: 1 / faces });
    precision[v + precisionMod] = 1 / faces;
    meanPrecision += (v + precisionMod) * (1 / faces);
    impact += 1 / faces;
  }
  return { joint, precision, impact: { [impactMod]: impact }, meanPrecision, meanImpact: impactMod * impact };
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
  const dice: number[] = [];
  let top = 0;
  let ways = 1; // the ways the dice can fall
  for (let slot = 0; slot < request.pool.length; slot++) {
    const f = request.pool[slot] as number;
    if (slot === removed) continue;
    dice.push(f);
    if (f > top) top = f;
    ways *= f;
  }
  if (dice.length === 1) {
    const only = singleDie(dice[0] as number, precisionMod, impactMod);
    const autoFail = impactMod <= 0 ? 1 : 0;
    return { engine: "pi", dice, hindrance, removedSlot: removed, bestPrecision: only, bestImpact: only, autoFail };
  }
  const stride = Math.max(STRIDE, top + 2);
  const topTwo = new Float64Array(stride * stride);
  const maxMin = new Float64Array(stride * stride);
  if (ways <= EXACT_COUNTS) {
    fillCounts(dice, topTwo, maxMin, stride);
  } else {
    // Too many ways for exact counts: the dynamic programme, on probabilities.
    fillTopTwo(dice, topTwo, stride);
    fillMaxMin(dice, maxMin, stride);
    ways = 1;
  }
  const bestPrecision = pickFrom({ table: topTwo, top, stride, ways, precisionMod, impactMod });
  const bestImpact = pickFrom({ table: maxMin, top, stride, ways, precisionMod, impactMod });
  return { engine: "pi", dice, hindrance, removedSlot: removed, bestPrecision, bestImpact, autoFail: 0 };
}

/**
 * P(Precision ≥ `x` and Impact ≥ `y`) for one way of picking, read from its joint distribution:
 * for a pick {@link odds} made, from its table, cell by cell in the joint's order (the same sum as
 * over `joint`, without building it).
 *
 * @param pick - `odds(request).bestPrecision` or `odds(request).bestImpact` (or a JSON copy).
 */
export function chanceAtLeast(pick: PiPickOdds, x: number, y: number): number {
  const t = pickTables.get(pick);
  let s = 0;
  if (t !== undefined) {
    const { table, top, stride, ways, precisionMod, impactMod } = t;
    for (let sum = 2; sum <= 2 * top; sum++) {
      if (sum + precisionMod < x) continue;
      for (let a = (sum + 1) >> 1; a <= top && a < sum; a++) {
        const count = table[a * stride + sum - a] as number;
        if (count > 0 && 2 * a - sum + impactMod >= y) s += count / ways;
      }
    }
    return s;
  }
  for (const cell of pick.joint) if (cell.precision >= x && cell.impact >= y) s += cell.probability;
  return s;
}
