/**
 * Exact odds of a `wild` roll. The total is the sum of independent parts — the normal dice, the
 * Wild Die's chain, and one chain per extra Wild Die — so its distribution is their convolution,
 * shifted by the pips. Exploding chains are followed until the mass still unaccounted for is below
 * the shared `EPSILON` (1e-15); the remainders are added up and reported.
 */

import { Dist, denseToJSON, explodingDie, putBounded, type DistributionJSON } from "../shared/index.ts";
import { shapeOf, validate, withDefaults, type WildRequest, type WildShape } from "./request.ts";
import { WILD_FACES } from "./steps.ts";

/** The exact odds of a `wild` roll, as plain JSON. */
export interface WildOdds {
  /** The engine id. */
  readonly engine: "wild";
  /** Total → probability. */
  readonly total: DistributionJSON;
  /** t → P(total ≥ t), for every t from the lowest to the highest total listed in `total`. */
  readonly atLeast: DistributionJSON;
  /** The expected total (of the represented mass). */
  readonly mean: number;
  /** The lowest total with a non-zero probability. */
  readonly min: number;
  /** The highest total listed (explosion tails are cut where their mass falls below EPSILON). */
  readonly max: number;
  /** Probability mass left out by cutting explosion chains (an upper bound, below 1e-14). */
  readonly remainder: number;
  /** P(the Wild Die's first throw is a 6). */
  readonly criticalSuccess: number;
  /** P(the Wild Die's first throw is a 1). */
  readonly criticalFailure: number;
  /** P(a critical failure whose subtraction throw is a 6). */
  readonly catastrophicFailure: number;
}

/** A distribution as a dense array: `p[i]` is the probability of `lo + i`. */
interface Dense {
  readonly lo: number;
  readonly p: Float64Array;
  readonly rem: number;
}

function dense(d: Dist): Dense {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of d.p.keys()) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const p = new Float64Array(hi - lo + 1);
  for (const [v, q] of d.p) p[v - lo] = (p[v - lo] as number) + q;
  return { lo, p, rem: d.remainder };
}

function convolve(a: Dense, b: Dense): Dense {
  const p = new Float64Array(a.p.length + b.p.length - 1);
  const bp = b.p;
  const bn = bp.length;
  for (let i = 0; i < a.p.length; i++) {
    const x = a.p[i] as number;
    if (x === 0) continue;
    for (let j = 0; j < bn; j++) p[i + j] = (p[i + j] as number) + x * (bp[j] as number);
  }
  return { lo: a.lo + b.lo, p, rem: a.rem + b.rem };
}

const FACE = 1 / WILD_FACES;

/** Sum of n normal d6, by n. */
const normalCache: Dense[] = [{ lo: 0, p: Float64Array.of(1), rem: 0 }];
/** The Wild Die's chain and `k` extra Wild Dice, keyed by `${firstOneCounts}:${k}`. */
const chainCache = new Map<string, Dense>();
let d6: Dense | undefined;
let exploding: Dist | undefined;

function explodingD6(): Dist {
  exploding ??= explodingDie(WILD_FACES);
  return exploding;
}

function normalSum(n: number): Dense {
  d6 ??= dense(Dist.die(WILD_FACES));
  while (normalCache.length <= n) normalCache.push(convolve(normalCache[normalCache.length - 1] as Dense, d6));
  return normalCache[n] as Dense;
}

/**
 * The distribution of the Wild Die's net contribution: a first throw of 2–5 counts its face; a 6
 * adds itself and an exploding continuation; a 1 counts 1 (or 0 by the world setting) less a
 * subtraction throw, and a 6 there takes off one more throw, which never explodes.
 *
 * @param firstOneCounts - The world setting for the first 1.
 * @returns The exact distribution (with the remainder of its explosion).
 */
export function wildDieDist(firstOneCounts = true): Dist {
  const m = new Map<number, number>();
  const put = (v: number, q: number): void => {
    m.set(v, (m.get(v) ?? 0) + q);
  };
  for (let f = 2; f < WILD_FACES; f++) put(f, FACE);
  const tail = explodingD6();
  for (const [v, q] of tail.p) put(WILD_FACES + v, FACE * q);
  const one = firstOneCounts ? 1 : 0;
  for (let s = 1; s < WILD_FACES; s++) put(one - s, FACE * FACE);
  for (let t = 1; t <= WILD_FACES; t++) put(one - WILD_FACES - t, FACE * FACE * FACE);
  return new Dist(m, FACE * tail.remainder);
}

/**
 * The distribution of one extra Wild Die (Character Point): explodes on 6, a 1 counts 1.
 *
 * @returns The exact distribution (with the remainder of its explosion).
 */
export function cpWildDist(): Dist {
  return explodingD6();
}

function chains(firstOneCounts: boolean, k: number): Dense {
  const key = `${firstOneCounts}:${k}`;
  let c = chainCache.get(key);
  if (c === undefined) {
    c = k === 0 ? dense(wildDieDist(firstOneCounts)) : convolve(chains(firstOneCounts, k - 1), dense(cpWildDist()));
    chainCache.set(key, c);
  }
  return c;
}

/**
 * The exact distribution of a request's total.
 *
 * @returns The distribution, with the remainder of its explosions.
 */
export function totalDist(request: WildRequest): Dist {
  const r = withDefaults(request);
  const shape = shapeOf(r);
  const sum = sumOf(r.firstOneCounts, shape.normal, shape.cpWild);
  const m = new Map<number, number>();
  const lo = sum.lo + shape.pips;
  for (let i = 0; i < sum.p.length; i++) {
    const q = sum.p[i] as number;
    if (q > 0) m.set(lo + i, q);
  }
  return new Dist(m, sum.rem);
}

/** The most totals {@link sumOf} keeps; past it the oldest is dropped. */
const SUM_CACHE_SIZE = 64;
/** The normal dice and the chains convolved, keyed by `${firstOneCounts}:${normal}:${cpWild}`. */
const sumCache = new Map<string, Dense>();

/**
 * The distribution of the normal dice and the chains together (before the pips), memoised by
 * shape: a dialog asks again for the same dice whenever only the target or the pips change.
 */
function sumOf(firstOneCounts: boolean, normal: number, cpWild: number): Dense {
  const key = `${firstOneCounts}:${normal}:${cpWild}`;
  const sum = sumCache.get(key);
  return sum ?? putBounded(sumCache, key, convolve(normalSum(normal), chains(firstOneCounts, cpWild)), SUM_CACHE_SIZE);
}

/** Scratch of {@link odds}: P(total ≥ t) by index (overwritten by every call). */
let tailScratch = new Float64Array(1024);

/** The most finished odds {@link odds} keeps; past it the oldest is dropped. */
const ODDS_CACHE_SIZE = 64;
/** Finished odds (frozen), keyed by `${firstOneCounts}:${normal}:${cpWild}:${pips}`. */
const oddsCache = new Map<string, WildOdds>();

/**
 * Exact odds of a validated request: the total's distribution, P(total ≥ t), and the chances of
 * the Wild Die's labels. Memoised by shape and pips (everything the odds depend on): a dialog asks
 * again for the same roll on every redraw, and building the two distributions' JSON (hundreds of
 * totals each, negative ones included) is most of a call. The odds are frozen, since every caller
 * of the same roll shares them.
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
  const sum = sumOf(firstOneCounts, shape.normal, shape.cpWild);
  const base = sum.lo + shape.pips;
  const p = sum.p;
  let first = 0;
  while (first < p.length - 1 && p[first] === 0) first++;
  let last = p.length - 1;
  while (last > first && p[last] === 0) last--;
  let mean = 0;
  for (let i = first; i <= last; i++) mean += (base + i) * (p[i] as number);
  if (tailScratch.length < p.length) tailScratch = new Float64Array(p.length);
  const tails = tailScratch;
  let tail = 0;
  for (let i = last; i >= first; i--) {
    tail += p[i] as number;
    tails[i] = Math.min(1, tail);
  }
  return Object.freeze({
    engine: "wild",
    total: Object.freeze(denseToJSON(p, base, first, last + 1)),
    atLeast: Object.freeze(denseToJSON(tails, base, first, last + 1)),
    mean,
    min: base + first,
    max: base + last,
    remainder: sum.rem,
    criticalSuccess: FACE,
    criticalFailure: FACE,
    catastrophicFailure: FACE * FACE,
  });
}

/**
 * P(total ≥ t) read from odds, for any t (1 below the lowest total, 0 above the highest listed).
 *
 * @param o - Odds from {@link odds}.
 * @param t - The target number.
 */
export function chanceAtLeast(o: WildOdds, t: number): number {
  if (t > o.max) return 0;
  return o.atLeast[String(Math.max(o.min, Math.ceil(t)))] ?? 0;
}
