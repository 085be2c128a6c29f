/**
 * Exact odds of a `pool` roll. Each d10 falls in one of three classes: a success (face ≥
 * difficulty), a 1, or anything else. The pool's result depends only on how many dice fall in
 * each class, so the odds sum the multinomial probabilities of every (successes, 1s) count pair:
 * at most (n + 1)(n + 2) / 2 terms, never the 10^n faces.
 */

import { denseToJSON, type DistributionJSON } from "../shared/index.ts";
import { validate, type PoolRequest } from "./request.ts";
import {
  BOTCH_DEGREES,
  MAX_POOL,
  POOL_DIE_FACES,
  SUCCESS_DEGREES,
  isDifficultyWarning,
  type BotchDegree,
  type PoolResult,
  type SuccessDegree,
} from "./tables.ts";

/** Exact odds of a `pool` roll, as plain JSON. */
export interface PoolOdds {
  /** The engine id. */
  readonly engine: "pool";
  /** True when the request takes an automatic success (then every figure is certain). */
  readonly automatic: boolean;
  /** Net successes (the Willpower success included) → probability. */
  readonly net: DistributionJSON;
  /** Botch level → probability; level 0 collects every roll that is not a botch. */
  readonly botchLevel: DistributionJSON;
  /** Probability of each way the roll can end. */
  readonly results: Readonly<Record<PoolResult, number>>;
  /** Probability of each degree of success (by net successes). */
  readonly successDegrees: Readonly<Record<SuccessDegree, number>>;
  /** Probability of each degree of botch (by botch level). */
  readonly botchDegrees: Readonly<Record<BotchDegree, number>>;
  /** P(net successes ≥ 1). */
  readonly pSuccess: number;
  /** P(botch). */
  readonly pBotch: number;
  /** The expected number of net successes. */
  readonly expectedNet: number;
  /** True when the dialog should warn about the difficulty (difficulty 10). */
  readonly difficultyWarning: boolean;
  /** Probability mass not represented; always 0, since a pool die never explodes. */
  readonly remainder: number;
}

/** Binomial coefficients C(n, k) for n ≤ {@link MAX_POOL}, exact in doubles. */
const BINOMIAL: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [[1]];
  for (let n = 1; n <= MAX_POOL; n++) {
    const prev = rows[n - 1] as number[];
    const row = [1];
    for (let k = 1; k < n; k++) row.push((prev[k - 1] as number) + (prev[k] as number));
    row.push(1);
    rows.push(row);
  }
  return rows;
})();

/** C(n, k). */
function choose(n: number, k: number): number {
  return (BINOMIAL[n] as readonly number[])[k] as number;
}

/** The chance for one d10 to be a success, a 1, or neither, at a difficulty of 2–10. */
export function faceClassChances(difficulty: number): { success: number; one: number; other: number } {
  return {
    success: (POOL_DIE_FACES + 1 - difficulty) / POOL_DIE_FACES,
    one: 1 / POOL_DIE_FACES,
    other: (difficulty - 2) / POOL_DIE_FACES,
  };
}

/** Writes the powers x^0 … x^n into `out` (a scratch array of {@link odds}) and returns it. */
function powers(out: Float64Array, x: number, n: number): Float64Array {
  out[0] = 1;
  for (let k = 1; k <= n; k++) out[k] = (out[k - 1] as number) * x;
  return out;
}

/**
 * Scratch arrays of {@link odds}, overwritten by every call (odds is synchronous and never
 * re-entered): the powers of each face class's chance, the net-success and botch-level
 * distributions, and the chance of each degree.
 */
const PS = new Float64Array(MAX_POOL + 1);
const PO = new Float64Array(MAX_POOL + 1);
const PX = new Float64Array(MAX_POOL + 1);
const NET = new Float64Array(MAX_POOL + 2);
const LEVEL = new Float64Array(MAX_POOL + 1);
const SUCCESS_BY_DEGREE = new Float64Array(SUCCESS_DEGREES.length);
const BOTCH_BY_DEGREE = new Float64Array(BOTCH_DEGREES.length);

/** A record of degree ids, all 0. */
function zeros<K extends string>(ids: readonly K[]): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const id of ids) out[id] = 0;
  return out;
}

/**
 * Exact odds of a request: the net-success distribution, the botch-level distribution, the chance
 * of each result and degree, with botch cancellation, Willpower and automatic success applied
 * exactly as `resolve` applies them.
 *
 * @param request - The request (checked here).
 * @returns The odds as plain JSON.
 * @throws EngineError for a bad request, as {@link validate}.
 */
export function odds(request: PoolRequest): PoolOdds {
  const req = validate(request);
  const successDegrees = zeros(SUCCESS_DEGREES);
  const botchDegrees = zeros(BOTCH_DEGREES);
  const difficultyWarning = isDifficultyWarning(req.difficulty);
  if (req.automatic) {
    successDegrees.marginal = 1;
    return {
      engine: "pool",
      automatic: true,
      net: { "1": 1 },
      botchLevel: { "0": 1 },
      results: { success: 1, failure: 0, botch: 0 },
      successDegrees,
      botchDegrees,
      pSuccess: 1,
      pBotch: 0,
      expectedNet: 1,
      difficultyWarning,
      remainder: 0,
    };
  }

  if (req.damage === true) return damageOdds(req.pool, req.difficulty, req.willpower ? 1 : 0, difficultyWarning);
  const n = req.pool;
  const free = req.willpower ? 1 : 0;
  const chance = faceClassChances(req.difficulty);
  const ps = powers(PS, chance.success, n);
  const po = powers(PO, chance.one, n);
  const px = powers(PX, chance.other, n);
  const net = NET.fill(0, 0, n + 1 + free);
  const level = LEVEL.fill(0, 0, n + 1);
  const byDegree = SUCCESS_BY_DEGREE.fill(0);
  const byBotch = BOTCH_BY_DEGREE.fill(0);
  let success = 0;
  let botch = 0;
  let failure = 0;
  let expectedNet = 0;
  // The terms are summed in the order the odds have always summed them (s, then o, ascending), so
  // every figure is the same to the last bit; the degrees add into arrays by index instead of
  // records by name (the same additions, without a property look-up per term).
  for (let s = 0; s <= n; s++) {
    const ways = choose(n, s) * (ps[s] as number);
    const row = BINOMIAL[n - s] as readonly number[];
    const rest = n - s;
    // o < s: the successes outnumber the 1s, so the roll succeeds with s − o + free net successes.
    for (let o = 0; o < s && o <= rest; o++) {
      const p = ways * (row[o] as number) * (po[o] as number) * (px[rest - o] as number);
      if (p === 0) continue;
      const value = s - o + free;
      net[value] = (net[value] as number) + p;
      expectedNet += value * p;
      success += p;
      const degree = Math.min(value, SUCCESS_DEGREES.length) - 1;
      byDegree[degree] = (byDegree[degree] as number) + p;
      level[0] = (level[0] as number) + p;
    }
    // o ≥ s: no net success from the dice; Willpower's one success, or a failure or a botch.
    for (let o = s; o <= rest; o++) {
      const p = ways * (row[o] as number) * (po[o] as number) * (px[rest - o] as number);
      if (p === 0) continue;
      net[free] = (net[free] as number) + p;
      expectedNet += free * p;
      if (free > 0) {
        success += p;
        byDegree[0] = (byDegree[0] as number) + p;
        level[0] = (level[0] as number) + p;
        continue;
      }
      const botchLevel = s === 0 ? Math.max(0, o - req.cancellation) : 0;
      level[botchLevel] = (level[botchLevel] as number) + p;
      if (botchLevel > 0) {
        botch += p;
        const degree = Math.min(botchLevel, BOTCH_DEGREES.length) - 1;
        byBotch[degree] = (byBotch[degree] as number) + p;
      } else {
        failure += p;
      }
    }
  }
  for (let i = 0; i < SUCCESS_DEGREES.length; i++)
    successDegrees[SUCCESS_DEGREES[i] as SuccessDegree] += byDegree[i] as number;
  for (let i = 0; i < BOTCH_DEGREES.length; i++) botchDegrees[BOTCH_DEGREES[i] as BotchDegree] += byBotch[i] as number;
  return {
    engine: "pool",
    automatic: false,
    net: denseToJSON(net, 0, 0, n + 1 + free),
    botchLevel: denseToJSON(level, 0, 0, n + 1),
    results: { success, failure, botch },
    successDegrees,
    botchDegrees,
    pSuccess: success,
    pBotch: botch,
    expectedNet,
    difficultyWarning,
    remainder: 0,
  };
}

/**
 * The odds of a damage roll (docs/rules.md §6): each die at or above the difficulty is one harm, its 1s
 * cancel nothing and it never botches, so the harm is binomial over the dice (plus a Willpower
 * success). The degrees are read from the harm as from net successes.
 *
 * @param n - The dice.
 * @param difficulty - The difficulty.
 * @param free - 1 with a Willpower success, else 0.
 * @param difficultyWarning - Whether the difficulty deserves the warning.
 */
function damageOdds(n: number, difficulty: number, free: number, difficultyWarning: boolean): PoolOdds {
  const chance = faceClassChances(difficulty);
  const ps = powers(PS, chance.success, n);
  const pf = powers(PO, 1 - chance.success, n);
  const net = NET.fill(0, 0, n + 1 + free);
  const successDegrees = zeros(SUCCESS_DEGREES);
  let expectedNet = 0;
  let success = 0;
  for (let s = 0; s <= n; s++) {
    const p = choose(n, s) * (ps[s] as number) * (pf[n - s] as number);
    const value = s + free;
    net[value] = (net[value] as number) + p;
    expectedNet += value * p;
    if (value === 0) continue;
    success += p;
    successDegrees[SUCCESS_DEGREES[Math.min(value, SUCCESS_DEGREES.length) - 1] as SuccessDegree] += p;
  }
  return {
    engine: "pool",
    automatic: false,
    net: denseToJSON(net, 0, 0, n + 1 + free),
    botchLevel: { "0": 1 },
    results: { success, failure: 1 - success, botch: 0 },
    successDegrees,
    botchDegrees: zeros(BOTCH_DEGREES),
    pSuccess: success,
    pBotch: 0,
    expectedNet,
    difficultyWarning,
    remainder: 0,
  };
}

/**
 * The chance that a roll botches, for the dialog's warning: no die scores a success and more 1s
 * show than the botch cancellation ignores. No Willpower is assumed (a Willpower success rules a
 * botch out).
 *
 * @param pool - The number of dice, 1 to {@link MAX_POOL}.
 * @param difficulty - The difficulty, 2 to 10.
 * @param cancellation - The botch cancellation, 0, 1 or 2.
 * @returns P(botch).
 * @throws EngineError for a bad pool, difficulty or cancellation, as {@link validate}.
 */
export function botchChance(pool: number, difficulty: number, cancellation: 0 | 1 | 2 = 0): number {
  const req = validate({ pool, difficulty, cancellation });
  const chance = faceClassChances(req.difficulty);
  let p = 0;
  for (let o = req.cancellation + 1; o <= req.pool; o++) {
    p += choose(req.pool, o) * chance.one ** o * chance.other ** (req.pool - o);
  }
  return p;
}
