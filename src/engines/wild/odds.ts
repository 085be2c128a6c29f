/**
 * Exact odds of a `wild` roll. The total is the sum of independent parts — the normal dice, the
 * Wild Die's chain, and one chain per extra Wild Die (Character Point) — shifted by the pips.
 *
 * An exploding chain is j throws of 6 followed by one last throw of 1–5: P = 6^−(j+1), so it is
 * 6·j plus a last throw that is uniform on 1–5, with j independent of it and geometric
 * (P(j) = (5/6)·6^−j). The total therefore splits into a finite part — the normal dice, every
 * chain's last throw, and the Wild Die's first throw when it does not explode — plus 6 times the
 * number of 6s the m chains throw in all, whose law has a closed form (negative binomial:
 * C(j + m − 1, m − 1)·(5/6)^m·6^−j). The finite part has two cases, the Wild Die exploding or not
 * ({@link Part}); each is a short array of exact counts built with running sums. From them:
 * P(total ≥ t) is a sum of about twenty terms ({@link partAtLeast}), and the whole distribution is
 * a few passes of `p[v] += p[v − 6] / 6` ({@link totalArray}).
 *
 * Nothing cancels: every figure is a sum of products of non-negative terms, and every chain is
 * followed without end (no mass is cut). The distribution is listed up to the same highest total
 * as before issue 18, where each chain was cut after the last throw whose chance was at least
 * EPSILON (1e-15); `remainder` still bounds the mass above it.
 */

import { Dist, EPSILON, denseToJSON, explodingDie, putBounded, type DistributionJSON } from "../shared/index.ts";
import { shapeOf, validate, withDefaults, type WildRequest, type WildShape } from "./request.ts";
import { WILD_FACES } from "./steps.ts";

/** The exact odds of a `wild` roll, as plain JSON. */
export interface WildOdds {
  /** The engine id. */
  readonly engine: "wild";
  /** Total → probability, from `min` to `max` (built on first read). */
  readonly total: DistributionJSON;
  /** t → P(total ≥ t), for every t from `min` to `max` (built on first read). */
  readonly atLeast: DistributionJSON;
  /** The expected total (exact). */
  readonly mean: number;
  /** The lowest total with a non-zero probability. */
  readonly min: number;
  /** The highest total listed (where the odds before issue 18 cut the explosion chains). */
  readonly max: number;
  /** An upper bound of the probability of a total above `max` (below 1e-14). */
  readonly remainder: number;
  /** P(the Wild Die's first throw is a 6). */
  readonly criticalSuccess: number;
  /** P(the Wild Die's first throw is a 1). */
  readonly criticalFailure: number;
  /** P(a critical failure whose subtraction throw is a 6). */
  readonly catastrophicFailure: number;
}

const FACE = 1 / WILD_FACES;

/**
 * The distribution of the Wild Die's net contribution: a first throw of 2–5 counts its face; a 6
 * adds itself and an exploding continuation; a 1 counts 1 (or 0 by the world setting) less a
 * subtraction throw, and a 6 there takes off one more throw, which never explodes.
 *
 * @param firstOneCounts - The world setting for the first 1.
 * @returns The distribution, its explosion followed until the remaining mass is below EPSILON.
 */
export function wildDieDist(firstOneCounts = true): Dist {
  const m = new Map<number, number>();
  const put = (v: number, q: number): void => {
    m.set(v, (m.get(v) ?? 0) + q);
  };
  for (let f = 2; f < WILD_FACES; f++) put(f, FACE);
  const tail = explodingDie(WILD_FACES);
  for (const [v, q] of tail.p) put(WILD_FACES + v, FACE * q);
  const one = firstOneCounts ? 1 : 0;
  for (let s = 1; s < WILD_FACES; s++) put(one - s, FACE * FACE);
  for (let t = 1; t <= WILD_FACES; t++) put(one - WILD_FACES - t, FACE * FACE * FACE);
  return new Dist(m, FACE * tail.remainder);
}

/**
 * The distribution of one extra Wild Die (Character Point): explodes on 6, a 1 counts 1.
 *
 * @returns The distribution, its explosion followed until the remaining mass is below EPSILON.
 */
export function cpWildDist(): Dist {
  return explodingDie(WILD_FACES);
}

/**
 * `a` times 1 + x + … + x^(w − 1): each entry the sum of `w` consecutive entries of `a`, by a
 * running sum (the oldest entry taken off, then the newest added). `a` must be symmetric and
 * unimodal, as counts of sums of dice are, and so is the result: only its first half is summed,
 * the rest mirrored. On integer counts below 2^53 every step is exact; above, the entries summed
 * grow along the first half, so each step rounds by at most a few units of the sum's last place.
 */
function boxcar(a: Float64Array, w: number): Float64Array {
  const n = a.length + w - 1;
  const out = new Float64Array(n);
  const half = (n + 1) >> 1;
  let s = 0;
  for (let t = 0; t < half; t++) {
    if (t >= w) s -= a[t - w] as number;
    if (t < a.length) s += a[t] as number;
    out[t] = s;
  }
  for (let t = half; t < n; t++) out[t] = out[n - 1 - t] as number;
  return out;
}

/**
 * One case of the finite part of a total: its distribution `p` from the value `lo` (a part of the
 * total's mass: 5/6 when the Wild Die does not explode, 1/6 when it does), with `tail[i]` the mass
 * from `lo + i` up, and the number of chains whose 6s are still to be added (each adds 6 per 6).
 */
interface Part {
  readonly lo: number;
  readonly p: Float64Array;
  readonly tail: Float64Array;
  readonly chains: number;
}

/** A part from exact counts `c` (value `lo + i`) over `scale`, with its tail sums. */
function part(lo: number, c: Float64Array, scale: number, chains: number): Part {
  const p = new Float64Array(c.length);
  const tail = new Float64Array(c.length);
  let sum = 0;
  for (let i = c.length - 1; i >= 0; i--) {
    const q = (c[i] as number) / scale;
    p[i] = q;
    sum += q;
    tail[i] = sum;
  }
  return { lo, p, tail, chains };
}

/**
 * The two cases of a shape's finite part (before the pips). With n normal dice and k extra Wild
 * Dice, the normal dice and the k chains' last throws total n + k + i in `q[i]` ways out of
 * 6^n·5^k. When the Wild Die does not explode (the k chains' 6s still to add), it adds 2–5 (1/6
 * each), or after a first 1 it adds `one` − 1…5 (1/36 each) or `one` − 6 − 1…6 (1/216 each); when
 * it explodes (1/6), it adds 6 and a chain of its own: one more last throw and k + 1 chains' 6s.
 */
function partsOf(firstOneCounts: boolean, normal: number, cpWild: number): [Part, Part] {
  let q: Float64Array = Float64Array.of(1);
  let scale = 1;
  for (let i = 0; i < normal; i++) {
    q = boxcar(q, WILD_FACES);
    scale *= WILD_FACES;
  }
  for (let i = 0; i < cpWild; i++) {
    q = boxcar(q, WILD_FACES - 1);
    scale *= WILD_FACES - 1;
  }
  const base = normal + cpWild;
  const one = firstOneCounts ? 1 : 0;
  // Not exploding, in 216ths: 36 ways for each of 2–5, 6 for each `one` − 5…1, 1 for each `one` − 12…7.
  const plain = boxcar(q, 4);
  const failed = boxcar(q, 5);
  const catastrophic = boxcar(q, 6);
  const c = new Float64Array(q.length + 17 - one);
  for (let i = 0; i < catastrophic.length; i++) c[i] = catastrophic[i] as number;
  for (let i = 0; i < failed.length; i++) c[i + 7] = (c[i + 7] as number) + 6 * (failed[i] as number);
  for (let i = 0; i < plain.length; i++) c[i + 14 - one] = (c[i + 14 - one] as number) + 36 * (plain[i] as number);
  const still = part(base + one - 12, c, 216 * scale, cpWild);
  // Exploding: 6, then the chain's last throw (1–5), in 6·5ths.
  const exploded = part(base + 7, boxcar(q, 5), 6 * 5 * scale, cpWild + 1);
  return [still, exploded];
}

/** C(j + m − 1, m − 1)·(5/6)^m·6^−j: the chance that m chains throw j 6s in all. */
function chainsAt(m: number, j: number): number {
  if (m === 0) return j === 0 ? 1 : 0;
  let p = 6 ** -j;
  for (let r = 1; r < m; r++) p *= (j + r) / r;
  for (let r = 0; r < m; r++) p *= 5 / 6;
  return p;
}

/**
 * The chance that m chains throw at least j 6s in all: that j + m − 1 throws show at least j 6s
 * (the m-th last throw comes after the j-th 6), a sum of m binomial terms.
 */
function chainsAtLeast(m: number, j: number): number {
  if (j <= 0) return 1;
  if (m === 0) return 0;
  const n = j + m - 1;
  let term = 6 ** -j; // C(n, j)·6^−j·(5/6)^(m − 1)
  for (let r = 1; r < m; r++) term *= ((j + r) / r) * (5 / 6);
  let sum = 0;
  for (let i = j; i <= n; i++) {
    sum += term;
    term *= (n - i) / ((i + 1) * 5);
  }
  return sum;
}

/**
 * P(this part plus its chains' 6s ≥ s): the sum over j of P(j 6s)·P(part ≥ s − 6j). The terms
 * with s − 6j above the part's top are 0; those at or below its bottom take the part's whole
 * mass, together P(at least j₀ 6s) in closed form; about (part length)/6 terms remain.
 */
function partAtLeast(x: Part, s: number): number {
  const hi = x.lo + x.p.length - 1;
  const j0 = s <= x.lo ? 0 : Math.ceil((s - x.lo) / 6);
  let j = s > hi ? Math.ceil((s - hi) / 6) : 0;
  let sum = 0;
  if (j < j0) {
    let nb = chainsAt(x.chains, j);
    for (; j < j0; j++) {
      sum += nb * (x.tail[s - 6 * j - x.lo] as number);
      nb *= (j + x.chains) / ((j + 1) * 6);
    }
  }
  return sum + (x.tail[0] as number) * chainsAtLeast(x.chains, j0);
}

/**
 * The distribution of the total less the pips, from the lowest total of `still` over `length`
 * values: the sum over j of P(m chains throw j 6s)·part(v − 6j) for both parts. Adding the 6s of
 * one chain to an array `a` is `a[v] += a[v − 6] / 6` upwards (a 6 with chance 1/6, as often as it
 * comes) times 5/6 (the chain stops); the exploded part takes one chain more than the other.
 */
function totalArray(still: Part, exploded: Part, length: number): Float64Array {
  const out = new Float64Array(length);
  let weight = 1;
  for (let r = 0; r < still.chains; r++) weight *= 5 / 6;
  const shift = exploded.lo - still.lo;
  for (let i = 0; i < exploded.p.length && i + shift < length; i++) {
    out[i + shift] = (exploded.p[i] as number) * (weight * (5 / 6));
  }
  for (let v = 6; v < length; v++) out[v] = (out[v] as number) + (out[v - 6] as number) / 6;
  for (let i = 0; i < still.p.length && i < length; i++) out[i] = (out[i] as number) + (still.p[i] as number) * weight;
  for (let r = 0; r < still.chains; r++) {
    for (let v = 6; v < length; v++) out[v] = (out[v] as number) + (out[v - 6] as number) / 6;
  }
  return out;
}

/** What {@link chanceAtLeast} and the lazy distributions read for odds made by {@link odds}. */
interface Core {
  readonly still: Part;
  readonly exploded: Part;
  readonly pips: number;
  /** The lowest total. */
  readonly min: number;
  /** The highest total listed. */
  readonly max: number;
  /** The bound of the mass above `max`, the same double as before issue 18. */
  readonly remainder: number;
}

/** The cores of the odds {@link odds} made (the odds are frozen, so their figures live here). */
const cores = new WeakMap<WildOdds, Core>();

/** P(total ≥ t) of a core, t an integer from its lowest to its highest total. */
function coreAtLeast(c: Core, t: number): number {
  return Math.min(1, partAtLeast(c.still, t - c.pips) + partAtLeast(c.exploded, t - c.pips));
}

/** The exploding chain's cut as before issue 18: its throws kept (the last with chance ≥ EPSILON) and the mass left out. */
function chainCut(): { throws: number; remainder: number } {
  let throws = 0;
  let mass = 1;
  while (mass >= EPSILON) {
    throws++;
    mass /= WILD_FACES;
  }
  return { throws, remainder: mass };
}

/**
 * The core of a shape: its finite parts, its lowest total, and the highest total and remainder of
 * the odds before issue 18 (each chain cut after its last throw of chance at least EPSILON: the
 * Wild Die's remainder is 1/6 of a chain's, and each extra Wild Die adds a chain's).
 */
function coreOf(firstOneCounts: boolean, shape: WildShape): Core {
  const [still, exploded] = partsOf(firstOneCounts, shape.normal, shape.cpWild);
  const cut = chainCut();
  const longest = WILD_FACES * (cut.throws - 1) + WILD_FACES - 1; // the longest chain listed
  let remainder = FACE * cut.remainder;
  for (let i = 0; i < shape.cpWild; i++) remainder += cut.remainder;
  return {
    still,
    exploded,
    pips: shape.pips,
    min: still.lo + shape.pips,
    max: WILD_FACES * shape.normal + WILD_FACES + (shape.cpWild + 1) * longest + shape.pips,
    remainder,
  };
}

/**
 * The exact distribution of a request's total.
 *
 * @returns The distribution from the lowest total to the highest listed, with `remainder` bounding the mass above.
 */
export function totalDist(request: WildRequest): Dist {
  const r = withDefaults(request);
  const core = coreOf(r.firstOneCounts, shapeOf(r));
  const p = totalArray(core.still, core.exploded, core.max - core.min + 1);
  const m = new Map<number, number>();
  for (let i = 0; i < p.length; i++) {
    const q = p[i] as number;
    if (q > 0) m.set(core.min + i, q);
  }
  return new Dist(m, core.remainder);
}

/** The most finished odds {@link odds} keeps; past it the oldest is dropped. */
const ODDS_CACHE_SIZE = 64;
/** Finished odds (frozen), keyed by `${firstOneCounts}:${normal}:${cpWild}:${pips}`. */
const oddsCache = new Map<string, WildOdds>();

/**
 * Exact odds of a validated request: the total's distribution, P(total ≥ t), and the chances of
 * the Wild Die's labels. Memoised by shape and pips (everything the odds depend on); frozen, since
 * every caller of the same roll shares them.
 *
 * The mean, the bounds and the labels' chances are closed forms, and {@link chanceAtLeast} reads
 * the finite parts (a hundred or so exact counts), so a dialog's first call does little work.
 * `total` and `atLeast` (hundreds of totals each, up to the far end of the explosion tails) are
 * built on their first read and kept.
 *
 * @returns The odds, plain JSON (frozen).
 */
export function odds(request: WildRequest): WildOdds {
  validate(request); // a bad request is refused as a roll of it would be
  const r = withDefaults(request);
  const shape = shapeOf(r);
  const key = `${r.firstOneCounts}:${shape.normal}:${shape.cpWild}:${shape.pips}`;
  return oddsCache.get(key) ?? putBounded(oddsCache, key, computeOdds(r.firstOneCounts, shape), ODDS_CACHE_SIZE);
}

/** The odds of a shape (see {@link odds}), computed and frozen. */
function computeOdds(firstOneCounts: boolean, shape: WildShape): WildOdds {
  const { normal, cpWild, pips } = shape;
  const core = coreOf(firstOneCounts, shape);
  const { still, exploded } = core;
  // Means: a normal die 3.5; a chain 3 + 6/5 (its last throw, and 6 per 6 with 1/5 6s per last throw).
  const chain = 3 + WILD_FACES / (WILD_FACES - 1);
  const subtracted = (1 + 2 + 3 + 4 + 5) / 6 + (6 + 3.5) / 6;
  const wildDie = (2 + 3 + 4 + 5) / 6 + (6 + chain) / 6 + ((firstOneCounts ? 1 : 0) - subtracted) / 6;
  let total: DistributionJSON | undefined;
  let atLeast: DistributionJSON | undefined;
  const o: WildOdds = Object.freeze({
    engine: "wild",
    get total(): DistributionJSON {
      total ??= Object.freeze(denseToJSON(totalArray(still, exploded, core.max - core.min + 1), core.min));
      return total;
    },
    get atLeast(): DistributionJSON {
      if (atLeast === undefined) {
        const tails = new Float64Array(core.max - core.min + 1);
        for (let i = 0; i < tails.length; i++) tails[i] = coreAtLeast(core, core.min + i);
        atLeast = Object.freeze(denseToJSON(tails, core.min));
      }
      return atLeast;
    },
    mean: 3.5 * normal + wildDie + chain * cpWild + pips,
    min: core.min,
    max: core.max,
    remainder: core.remainder,
    criticalSuccess: FACE,
    criticalFailure: FACE,
    catastrophicFailure: FACE * FACE,
  });
  cores.set(o, core);
  return o;
}

/**
 * P(total ≥ t) read from odds, for any t (1 below the lowest total, 0 above the highest listed):
 * the same figure as `o.atLeast[t]`, computed from the finite parts without building `atLeast`
 * when `o` came from {@link odds}.
 *
 * @param o - Odds from {@link odds} (or a JSON copy of them).
 * @param t - The target number.
 */
export function chanceAtLeast(o: WildOdds, t: number): number {
  if (t > o.max) return 0;
  const at = Math.max(o.min, Math.ceil(t));
  const core = cores.get(o);
  return core === undefined ? (o.atLeast[String(at)] ?? 0) : coreAtLeast(core, at);
}
