/**
 * Exact odds of the `action` engine: the total of one cascading action die, and the total of a d20
 * roll with its augments against a DC.
 *
 * A cascade of a die with n faces is K throws of n followed by one throw r in 1..n−1, with
 * P(K = k, r) = n^−(k+1). So its total T = K·n + r is never a multiple of n, every total decomposes
 * in exactly one way ({@link cascadeParts}), and P(T ≥ t) has a closed form ({@link cascadeAtLeast}).
 * Distributions are arrays indexed by value and combined by convolution; a cascade is followed
 * until the mass of the longer chains is below {@link EPSILON}, and that remainder is reported.
 *
 * A dialog needs only P(success) and P(failed by 5), and those depend on the totals below the DC
 * alone (see {@link chancesBelow}): {@link odds} computes them from a few dozen totals, and builds
 * the whole distribution (hundreds of totals, thousands of operations) only when `total` is read.
 */

import { Dist, EPSILON, denseToJSON, putBounded, type DistributionJSON } from "../shared/index.ts";
import { requireActionDie, validate, type ActionKind, type ActionRequest } from "./request.ts";
import { botchRangeOf, isCriticalThreat, isPotentialBotch, SPECIAL_BOTCH_MARGIN } from "./resolve.ts";
import type { ActionDieSize } from "./tables.ts";

/** A distribution as an array: `p[v]` is the probability of the value `v` (v ≥ 0). */
interface ArrayDist {
  readonly p: Float64Array;
  readonly remainder: number;
}

/** A cascade's array, with P(total ≥ t) at `atLeast[t − 1]` for t from 1 to the array's length (filled on first use). */
interface CascadeArray extends ArrayDist {
  atLeast?: Float64Array;
}

const cascadeCache = new Map<number, CascadeArray>();

/** The cascade total of a die with `faces` faces as an array, truncated below {@link EPSILON}. */
function cascadeArray(faces: number): CascadeArray {
  const hit = cascadeCache.get(faces);
  if (hit !== undefined) return hit;
  let chains = 0;
  for (let mass = 1; mass >= EPSILON; mass /= faces) chains++;
  const p = new Float64Array(chains * faces);
  let mass = 1;
  for (let k = 0; k < chains; k++) {
    const each = mass / faces;
    for (let r = 1; r < faces; r++) p[k * faces + r] = each;
    mass = each;
  }
  const dist: CascadeArray = { p, remainder: mass };
  cascadeCache.set(faces, dist);
  return dist;
}

/**
 * The distribution of the sum of `a` and one cascade of a die with `faces` faces, whose array `c`
 * comes from {@link cascadeArray}: the convolution `out[t] = Σ a[i] · c[t − i]`, computed from the
 * cascade's shape. Its array is made of one block of `faces` entries per chain length k: 0 at
 * k·faces, then `faces − 1` copies of one value c_k. So `out[t] = Σ_k c_k · W[t − k·faces]`, where
 * `W[s] = a[s − 1] + … + a[s − faces + 1]` is the mass of `a` that the chain's last throw (1 to
 * faces − 1) carries to s. That is O(|a|·faces + chains·|a|) instead of O(|a|·faces·chains), with the
 * same truncation (no chain longer than the cascade array's), and only sums of products of
 * non-negative terms, so tiny tail values keep their precision.
 */
function convolveCascade(a: Float64Array, c: Float64Array, faces: number): Float64Array {
  const blocks = c.length / faces;
  const kernel = new Float64Array(a.length + faces - 1);
  for (let s = 1; s < kernel.length; s++) {
    let sum = 0;
    for (let i = Math.max(0, s - faces + 1); i < s && i < a.length; i++) sum += a[i] as number;
    kernel[s] = sum;
  }
  const out = new Float64Array(a.length + c.length - 1);
  for (let k = 0; k < blocks; k++) {
    const ck = c[k * faces + 1] as number;
    const shift = k * faces;
    for (let s = 1; s < kernel.length; s++) out[s + shift] = (out[s + shift] as number) + ck * (kernel[s] as number);
  }
  return out;
}

function toDist(p: Float64Array, offset: number, remainder: number): Dist {
  const m = new Map<number, number>();
  for (let v = 0; v < p.length; v++) {
    const q = p[v] as number;
    if (q > 0) m.set(v + offset, q);
  }
  return new Dist(m, remainder);
}

/** The exact mean of a cascade total of a die with `faces` faces: n/2 + n/(n − 1). */
export function cascadeMean(faces: number): number {
  return faces / 2 + faces / (faces - 1);
}

/**
 * The exact probability that a cascade of a die with `faces` faces totals at least `t`, with no
 * truncation. With t = q·n + s (s from 0 to n − 1): when s = 0 it is n^−q (a total of exactly q·n is
 * impossible, so T ≥ q·n exactly when the die cascaded q times); otherwise it is (n − s + 1)·n^−(q+1).
 */
export function cascadeAtLeast(faces: number, t: number): number {
  return tailOf(requireActionDie(faces, "faces"), t);
}

/** {@link cascadeAtLeast} without checking the die size. */
function tailOf(faces: number, t: number): number {
  if (t <= 1) return 1;
  const q = Math.floor(t / faces);
  const s = t - q * faces;
  if (s === 0) return faces ** -q;
  return (faces - s + 1) * faces ** -(q + 1);
}

/**
 * Splits a cascade total into its throws: `cascades` throws of the maximum and a `last` throw below
 * it. Unique, since a cascade total is never a multiple of the die size; returns `null` for a
 * number no cascade can total (below 1, or a multiple of `faces`).
 */
export function cascadeParts(faces: number, total: number): { cascades: number; last: number } | null {
  if (!Number.isInteger(total) || total < 1 || total % faces === 0) return null;
  return { cascades: Math.floor(total / faces), last: total % faces };
}

/** Exact odds of one cascading action die, as plain JSON. */
export interface CascadeOdds {
  /** The die size. */
  readonly faces: ActionDieSize;
  /** Total → probability (totals that are multiples of the die size never occur and are absent). */
  readonly distribution: DistributionJSON;
  /** t → P(total ≥ t), for t from 1 to one past the largest total listed (exact, closed form). */
  readonly atLeast: DistributionJSON;
  /** The exact mean total. */
  readonly mean: number;
  /** The probability the die cascades at least once (1/n). */
  readonly pCascade: number;
  /** Probability mass of chains too long to list (below {@link EPSILON}). */
  readonly remainder: number;
}

/** The cascade total of one action die as a {@link Dist}, truncated below {@link EPSILON}. */
export function cascadeDist(faces: number): Dist {
  const arr = cascadeArray(requireActionDie(faces, "faces"));
  return toDist(arr.p, 0, arr.remainder);
}

/** Exact odds of the cascade total of one action die of any allowed size (d3 … d24). */
export function cascadeOdds(faces: number): CascadeOdds {
  const size = requireActionDie(faces, "faces");
  const arr = cascadeArray(size);
  if (arr.atLeast === undefined) {
    arr.atLeast = new Float64Array(arr.p.length);
    for (let t = 1; t <= arr.p.length; t++) arr.atLeast[t - 1] = cascadeAtLeast(size, t);
  }
  return {
    faces: size,
    distribution: denseToJSON(arr.p),
    atLeast: denseToJSON(arr.atLeast, 1),
    mean: cascadeMean(size),
    pCascade: 1 / size,
    remainder: arr.remainder,
  };
}

/** Exact odds of a d20 roll with its augments, as plain JSON. */
export interface ActionOdds {
  /** The engine id. */
  readonly engine: "action";
  /** The roll's kind. */
  readonly kind: ActionKind;
  /** Total → probability (the roll's own dice + modifier + level for insight + every augment cascade). */
  readonly total: DistributionJSON;
  /** The exact mean total. */
  readonly mean: number;
  /** The DC, or `null` when unknown. */
  readonly dc: number | null;
  /** P(total ≥ DC), or `null` without a DC. */
  readonly pSuccess: number | null;
  /** P(total ≤ DC − 5) (a GM special botch is possible), or `null` without a DC. */
  readonly pFailedBy5: number | null;
  /** P(natural in the botch range). */
  readonly pPotentialBotch: number;
  /** P(natural 20) on a check, attack or saving throw; 0 on an insight roll. */
  readonly pCriticalThreat: number;
  /** Probability mass not represented (truncated cascade chains). */
  readonly remainder: number;
}

/** The sum of the augment cascades as an array (value = index). */
function augmentArray(augments: readonly number[]): ArrayDist {
  let p: Float64Array = new Float64Array([1]);
  let remainder = 0;
  for (const faces of augments) {
    const c = cascadeArray(faces);
    p = convolveCascade(p, c.p, faces);
    remainder += c.remainder;
  }
  return { p, remainder };
}

/** The most augment lists {@link rollArray} keeps; past it the oldest is dropped. */
const ROLL_CACHE_SIZE = 64;
/** The roll's own dice plus augments, keyed by the dice sizes and the augment sizes in order (convolved in that order). */
const rollCache = new Map<string, ArrayDist>();

/**
 * The d20 plus augments as an array: `p[i]` is the probability of d20 + augments = i. Memoised by
 * augment list: a dialog asks again for the same dice whenever only the modifier or the DC changes.
 */
function rollArray(augments: readonly number[], base: readonly number[]): ArrayDist {
  const key = base.length === 1 && base[0] === 20 ? augments.join(",") : `${base.join(",")}|${augments.join(",")}`;
  const roll = rollCache.get(key);
  return roll ?? putBounded(rollCache, key, baseWith(base, augments), ROLL_CACHE_SIZE);
}

/** The roll's own dice plus augments as an array, computed. */
function baseWith(base: readonly number[], augments: readonly number[]): ArrayDist {
  const aug = augmentArray(augments);
  let s: Float64Array = aug.p;
  for (const faces of base) {
    const out = new Float64Array(s.length + faces);
    // out[d + v] += s[v] / faces for each face d: a direct sum, so tiny tail values keep their precision.
    for (let v = 0; v < s.length; v++) {
      const q = (s[v] as number) / faces;
      if (q === 0) continue;
      for (let d = 1; d <= faces; d++) out[v + d] = (out[v + d] as number) + q;
    }
    s = out;
  }
  return { p: s, remainder: aug.remainder };
}

/**
 * The distribution of a request's total (the roll's own dice + modifier, + level on an insight roll, + every
 * augment's cascade). Re-rolls do not change it: a die that stands is a fresh fair die.
 */
export function totalDist(request: ActionRequest): Dist {
  const req = validate(request);
  const arr = rollArray(req.augments, req.base);
  return toDist(arr.p, req.modifier + (req.kind === "insight" ? req.level : 0), arr.remainder);
}

/**
 * The probability mass a cascade array of a die with `faces` faces leaves out (chains of
 * {@link EPSILON} or less), the same double {@link cascadeArray} reports, without building the array.
 */
function cascadeRemainder(faces: number): number {
  let mass = 1;
  while (mass >= EPSILON) mass /= faces;
  return mass;
}

/** The distribution of the sum of the roll's own dice as an array (value = index), each die a direct sum. */
function basePmf(base: readonly number[]): Float64Array {
  let s = new Float64Array([1]);
  for (const faces of base) {
    const out = new Float64Array(s.length + faces);
    for (let v = 0; v < s.length; v++) {
      const q = (s[v] as number) / faces;
      if (q === 0) continue;
      for (let d = 1; d <= faces; d++) out[v + d] = (out[v + d] as number) + q;
    }
    s = out;
  }
  return s;
}

/**
 * The first `length` entries of the distribution of `a` (an array, value = index) plus one cascade
 * of a die with `faces` faces, exactly (no chain is cut). A cascade is its last throw (1 to
 * faces − 1, each 1/faces) after any number k of maximum faces (each 1/faces, adding `faces`), so
 * `out[s] = w[s] + out[s − faces] / faces`, where `w[s]` is `a` moved on by one last throw: the
 * sum of `a[s − faces + 1] … a[s − 1]`, divided by `faces`. Only sums of products of non-negative
 * terms: an impossible total stays exactly 0 and tiny ones keep their precision.
 */
function addCascade(a: Float64Array, faces: number, length: number): Float64Array {
  const out = new Float64Array(length);
  for (let s = 1; s < length; s++) {
    let w = 0;
    for (let i = s >= faces ? s - faces + 1 : 0; i < s && i < a.length; i++) w += a[i] as number;
    out[s] = w / faces + (s > faces ? (out[s - faces] as number) / faces : 0);
  }
  return out;
}

/**
 * P(success) and P(failed by 5) of a roll whose total is its own dice + `offset` + the augments'
 * cascades, exactly (no chain is cut; null without a DC).
 *
 * Both depend only on the totals below the DC. With S a sum and C a cascade (C ≥ 1 always),
 * P(S + C ≥ u) = P(S ≥ u − 1) + Σ over v ≤ u − 2 of P(S = v) · P(C ≥ u − v), a sum of non-negative terms
 * whose last factor has a closed form ({@link cascadeAtLeast}); applied once per augment it needs
 * the distribution of each partial sum only below u, and P(own dice ≥ u − augments) at the bottom.
 * P(failed by 5) adds the totals up to DC − 5. So the work grows with the DC's distance above the
 * modifier and the number of augments, never with the length of the cascades' tails.
 */
function chancesBelow(
  base: readonly number[],
  augments: readonly number[],
  offset: number,
  dc: number | null,
): { pSuccess: number | null; pFailedBy5: number | null } {
  if (dc === null) return { pSuccess: null, pFailedBy5: null };
  const need = dc - offset; // success: own dice + augments ≥ need
  const m = augments.length;
  const own = basePmf(base);
  // P(own dice ≥ need − m), added from the highest total down.
  let atLeast = 0;
  for (let v = own.length - 1; v >= 0 && v >= need - m; v--) atLeast += own[v] as number;
  const length = need > 0 ? need : 0;
  let pmf = own.length > length ? own.subarray(0, length) : own;
  for (let j = 0; j < m; j++) {
    const faces = augments[j] as number;
    const u = need - m + j + 1; // atLeast is P(partial sum ≥ u − 1); make it P(partial sum + C ≥ u)
    for (let v = 0; v <= u - 2 && v < pmf.length; v++) atLeast += (pmf[v] as number) * tailOf(faces, u - v);
    pmf = addCascade(pmf, faces, length);
  }
  let pFailedBy5 = 0;
  for (let v = 0; v <= need - SPECIAL_BOTCH_MARGIN && v < pmf.length; v++) pFailedBy5 += pmf[v] as number;
  return { pSuccess: Math.min(1, atLeast), pFailedBy5 };
}

/**
 * Exact odds of a request: the total's distribution and mean, P(success) and P(failed by 5) when
 * the DC is known, P(potential botch) and P(critical threat). Validates the request first.
 *
 * Everything but `total` is computed at once, from closed forms and the totals below the DC
 * ({@link chancesBelow}). `total` (the whole distribution, truncated below {@link EPSILON} per
 * cascade as `remainder` says) is built on its first read and kept: a dialog never reads it.
 */
export function odds(request: ActionRequest): ActionOdds {
  const req = validate(request);
  const offset = req.modifier + (req.kind === "insight" ? req.level : 0);
  const { pSuccess, pFailedBy5 } = chancesBelow(req.base, req.augments, offset, req.dc);
  let pPotentialBotch = 0;
  let pCriticalThreat = 0;
  const botchRange = botchRangeOf(req);
  for (let natural = 1; natural <= 20; natural++) {
    if (isPotentialBotch(natural, botchRange)) pPotentialBotch += 1 / 20;
    if (isCriticalThreat(natural, req.kind)) pCriticalThreat += 1 / 20;
  }
  let mean = offset;
  for (const faces of req.base) mean += (faces + 1) / 2;
  let remainder = 0;
  for (const faces of req.augments) {
    mean += cascadeMean(faces);
    remainder += cascadeRemainder(faces);
  }
  let total: DistributionJSON | undefined;
  return {
    engine: "action",
    kind: req.kind,
    get total(): DistributionJSON {
      total ??= denseToJSON(rollArray(req.augments, req.base).p, offset);
      return total;
    },
    mean,
    dc: req.dc,
    pSuccess,
    pFailedBy5,
    pPotentialBotch,
    pCriticalThreat,
    remainder,
  };
}
