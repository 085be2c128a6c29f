/**
 * LEGACY (bench only, never shipped): the odds code as it stood before issue 18, kept so the
 * benchmark can time it beside the current code and the tests can check the two agree exactly.
 *
 * Exact odds of a `pool` roll. Each d10 falls in one of three classes: a success (face ≥
 * difficulty), a 1, or anything else. The pool's result depends only on how many dice fall in
 * each class, so the odds sum the multinomial probabilities of every (successes, 1s) count pair:
 * at most (n + 1)(n + 2) / 2 terms, never the 10^n faces.
 */

import { Dist, type DistributionJSON } from "./distribution.ts";
import { validate, type PoolRequest } from "../../src/engines/pool/request.ts";
import {
  BOTCH_DEGREES,
  MAX_POOL,
  POOL_DIE_FACES,
  SUCCESS_DEGREES,
  botchDegree,
  isDifficultyWarning,
  successDegree,
  type BotchDegree,
  type PoolResult,
  type SuccessDegree,
} from "../../src/engines/pool/tables.ts";

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

/** The powers x^0 … x^n. */
function powers(x: number, n: number): number[] {
  const out = [1];
  for (let k = 1; k <= n; k++) out.push((out[k - 1] as number) * x);
  return out;
}

/** Turns an array indexed by value into a distribution JSON, leaving out zero entries. */
function arrayToJSON(values: readonly number[]): DistributionJSON {
  const m = new Map<number, number>();
  for (let v = 0; v < values.length; v++) if ((values[v] as number) > 0) m.set(v, values[v] as number);
  return new Dist(m).toJSON();
}

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

  const n = req.pool;
  const free = req.willpower ? 1 : 0;
  const chance = faceClassChances(req.difficulty);
  const ps = powers(chance.success, n);
  const po = powers(chance.one, n);
  const px = powers(chance.other, n);
  const net = new Array<number>(n + 1 + free).fill(0);
  const level = new Array<number>(n + 1).fill(0);
  let success = 0;
  let botch = 0;
  let failure = 0;
  let expectedNet = 0;
  for (let s = 0; s <= n; s++) {
    const ways = choose(n, s) * (ps[s] as number);
    for (let o = 0; o <= n - s; o++) {
      const p = ways * choose(n - s, o) * (po[o] as number) * (px[n - s - o] as number);
      if (p === 0) continue;
      const value = Math.max(0, s - o) + free;
      net[value] = (net[value] as number) + p;
      expectedNet += value * p;
      if (value > 0) {
        success += p;
        const degree = successDegree(value) as SuccessDegree;
        successDegrees[degree] += p;
        level[0] = (level[0] as number) + p;
        continue;
      }
      const botchLevel = s === 0 ? Math.max(0, o - req.cancellation) : 0;
      level[botchLevel] = (level[botchLevel] as number) + p;
      if (botchLevel > 0) {
        botch += p;
        botchDegrees[botchDegree(botchLevel) as BotchDegree] += p;
      } else {
        failure += p;
      }
    }
  }
  return {
    engine: "pool",
    automatic: false,
    net: arrayToJSON(net),
    botchLevel: arrayToJSON(level),
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
