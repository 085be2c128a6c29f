/**
 * Odds advice of the `pool` engine (issue 26): what Willpower and an automatic success buy before a
 * roll, how rare a rolled result was, and the chance at each difficulty for the GM's dial. Every
 * figure comes from the exact odds ({@link odds}); nothing is sampled.
 */

import { choiceTable, rarityOf, type ChoiceTable, type Rarity, type Verdict } from "../shared/advice.ts";
import { odds } from "./odds.ts";
import { validate, type PoolRequest, type ValidPoolRequest } from "./request.ts";
import { MAX_DIFFICULTY, MIN_DIFFICULTY } from "./tables.ts";

/** The verdict of a request: P(at least one net success), the expected net successes, P(botch). */
export function verdict(request: PoolRequest): Verdict {
  const o = odds(request);
  return { chance: o.pSuccess, mean: o.expectedNet, risk: o.pBotch };
}

/** What a roller may spend on a pool roll, as a dialog knows it; `null` for unknown (every amount offered). */
export interface PoolHoldings {
  /** Whether a Willpower point can be spent now (one held and this turn's not spent), or `null`. */
  readonly willpower: boolean | null;
}

/**
 * What each choice buys on a pool roll: Willpower (not spent, spent) and, when the pool is at least
 * the difficulty, the automatic success (not taken, taken). Willpower and an automatic success
 * exclude each other, so each table keeps the other one off. A damage roll has neither.
 *
 * @param request - The roll as set up.
 * @param holdings - What the roller can spend.
 */
export function choices(request: PoolRequest, holdings: PoolHoldings = { willpower: null }): ChoiceTable[] {
  const req = validate(request);
  // A damage roll never botches and counts its dice as harm: neither is offered on it (docs/rules.md §6).
  if (req.damage === true) return [];
  const tables: ChoiceTable[] = [];
  const base: ValidPoolRequest = { ...req, willpower: false, automatic: false };
  if (holdings.willpower !== false || req.willpower) {
    tables.push(
      choiceTable(
        "willpower",
        [
          { amount: 0, value: "false", request: base },
          { amount: 1, value: "true", request: { ...base, willpower: true } },
        ],
        String(req.willpower),
        verdict,
      ),
    );
  }
  if (req.pool >= req.difficulty) {
    tables.push(
      choiceTable(
        "automatic",
        [
          { amount: 0, value: "false", request: base },
          { amount: 1, value: "true", request: { ...base, automatic: true } },
        ],
        String(req.automatic),
        verdict,
      ),
    );
  }
  return tables;
}

/**
 * A result's place in the order of pool results, worst first: a botch of level L is −L, a plain
 * failure 0, a success its net successes.
 */
export function resultScore(result: {
  readonly result: string;
  readonly botchLevel: number;
  readonly net: number;
}): number {
  if (result.result === "botch") return -result.botchLevel;
  return result.result === "success" ? result.net : 0;
}

/**
 * The exact chance of each score ({@link resultScore}) of a request, from its odds: net successes
 * from the net distribution, botch levels from the botch-level distribution, a plain failure from
 * the chance of a failure.
 */
export function scoreChances(request: PoolRequest): Map<number, number> {
  const o = odds(request);
  const out = new Map<number, number>();
  for (const [level, p] of Object.entries(o.botchLevel)) {
    const l = Number(level);
    // With Willpower spent every roll is a success, and the odds list every botch level as 0.
    if (l > 0 && p > 0) out.set(-l, p);
  }
  if (o.results.failure > 0) out.set(0, o.results.failure);
  for (const [net, p] of Object.entries(o.net)) {
    const n = Number(net);
    if (n > 0 && p > 0) out.set(n, p);
  }
  return out;
}

/**
 * How rare a rolled result was: a success by its net successes, a botch by its level (worse than any
 * failure), against the roll as set up (Willpower included).
 *
 * @param request - The roll's request.
 * @param result - The outcome's result, botch level and net successes.
 */
export function rarity(
  request: PoolRequest,
  result: { readonly result: string; readonly botchLevel: number; readonly net: number },
): Rarity {
  const score = resultScore(result);
  let good = 0;
  let bad = 0;
  for (const [s, p] of scoreChances(request)) {
    if (s >= score) good += p;
    if (s <= score) bad += p;
  }
  return rarityOf(good, bad);
}

/** The difficulties the dial offers, easiest first. */
export const DIAL_TARGETS: readonly number[] = Object.freeze(
  Array.from({ length: MAX_DIFFICULTY - MIN_DIFFICULTY + 1 }, (_, i) => MIN_DIFFICULTY + i),
);

/**
 * A character's chance of success at a difficulty (the dial's figure).
 *
 * @param request - The character's roll (its pool and botch cancellation); its difficulty is replaced.
 * @param difficulty - The difficulty, 2 to 10.
 */
export function chanceAt(request: PoolRequest, difficulty: number): number {
  return odds({ ...request, difficulty, willpower: false, automatic: false }).pSuccess;
}
