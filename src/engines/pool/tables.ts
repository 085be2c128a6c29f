/**
 * The fixed figures of the `pool` engine (docs/rules.md §5): trait and difficulty limits, the degree
 * tables as data, the order of the resolution steps, and the small rule functions built on them.
 */

import { requireInt } from "../shared/core.ts";

/** The engine id. */
export const POOL_ENGINE_ID = "pool";

/** The lowest difficulty a roll may have. */
export const MIN_DIFFICULTY = 2;

/** The highest difficulty a roll may have. */
export const MAX_DIFFICULTY = 10;

/** The difficulty used when a request names none. */
export const DEFAULT_DIFFICULTY = 6;

/** The difficulty at and above which the roll dialog warns that the odds behave strangely. */
export const WARNING_DIFFICULTY = 10;

/** The most dice one pool may hold; a larger request is treated as a mistake. */
export const MAX_POOL = 50;

/** The highest rating of an Attribute (and of an Ability, but for the sixth dot below). */
export const MAX_DOTS = 5;

/** The highest rating of a 10-point trait such as Willpower. */
export const MAX_TEN_POINT = 10;

/**
 * The highest Ability rating: traits are rated 0–5, but the rules give an Ability's sixth dot an
 * effect (two 1s ignored for a botch), so an Ability may have it. Attributes stop at {@link MAX_DOTS}.
 */
export const MAX_ABILITY_DOTS = 6;

/** The highest Ability rating {@link botchCancellation} accepts (an Ability's highest). */
export const MAX_CANCELLATION_DOTS = MAX_ABILITY_DOTS;

/** The die every pool throws. */
export const POOL_DIE_FACES = 10;

/** The role key of a pool die. */
export const POOL_DIE_ROLE = "pool";

/** How many 1s may be ignored when deciding a botch: 0, 1 or 2. */
export type BotchCancellation = 0 | 1 | 2;

/** The degree ids of a success, indexed by net successes − 1 (five or more share the last). */
export const SUCCESS_DEGREES = ["marginal", "moderate", "complete", "exceptional", "phenomenal"] as const;

/** The degree ids of a botch, indexed by the botch level − 1 (five or more share the last). */
export const BOTCH_DEGREES = ["embarrassing", "unfortunate", "severe", "disastrous", "catastrophic"] as const;

/** A degree of success id. */
export type SuccessDegree = (typeof SUCCESS_DEGREES)[number];

/** A degree of botch id. */
export type BotchDegree = (typeof BOTCH_DEGREES)[number];

/** Any degree id an outcome can carry. */
export type PoolDegree = SuccessDegree | BotchDegree;

/** The three ways a roll can end. */
export const POOL_RESULTS = ["success", "failure", "botch"] as const;

/** How a roll ended: at least one net success, a plain failure, or a botch. */
export type PoolResult = (typeof POOL_RESULTS)[number];

/**
 * The resolution steps in the order they are applied. `resolve` runs exactly this list:
 * count successes and 1s, let each 1 cancel one success, ignore 1s for the botch decision
 * (botch cancellation), then add the Willpower success, which no 1 can cancel.
 */
export const POOL_STEPS = ["successes", "ruleOfOne", "botchCancellation", "willpower"] as const;

/** One resolution step id. */
export type PoolStepId = (typeof POOL_STEPS)[number];

/**
 * The degree of success for a number of net successes.
 *
 * @param net - Net successes (Willpower included).
 * @returns The degree id, or `null` when there is no net success.
 */
export function successDegree(net: number): SuccessDegree | null {
  if (net < 1) return null;
  return SUCCESS_DEGREES[Math.min(net, SUCCESS_DEGREES.length) - 1] as SuccessDegree;
}

/**
 * The degree of a botch for its level (the 1s that count after botch cancellation).
 *
 * @param level - The botch level.
 * @returns The degree id, or `null` when the level is 0 (no botch).
 */
export function botchDegree(level: number): BotchDegree | null {
  if (level < 1) return null;
  return BOTCH_DEGREES[Math.min(level, BOTCH_DEGREES.length) - 1] as BotchDegree;
}

/**
 * How many 1s an Ability rating lets the roller ignore when a botch is decided: one at 5 dots,
 * two at 6 dots, none below.
 *
 * @param abilityDots - The Ability rating, an integer 0–6.
 * @returns The botch cancellation, 0, 1 or 2.
 * @throws EngineError `NotInteger` or `OutOfRange` for a rating outside 0–6.
 */
export function botchCancellation(abilityDots: number): BotchCancellation {
  const dots = requireInt(abilityDots, "abilityDots", 0, MAX_CANCELLATION_DOTS);
  if (dots >= 6) return 2;
  if (dots === 5) return 1;
  return 0;
}

/**
 * Whether the roll dialog should warn about the difficulty: at difficulty 10 the botch chance
 * does not fall as the pool grows the way players expect.
 *
 * @param difficulty - The difficulty of the roll.
 * @returns True at difficulty 10 (or above).
 */
export function isDifficultyWarning(difficulty: number): boolean {
  return difficulty >= WARNING_DIFFICULTY;
}

/** The rules' name of each trait rating, indexed by dots (0 Abysmal … 5 Superb). */
export const RATING_NAMES = ["abysmal", "poor", "average", "good", "exceptional", "superb"] as const;

/** A rating name id. */
export type RatingName = (typeof RATING_NAMES)[number];

/** The rules' name of each named difficulty, indexed by difficulty − 3 (3 Trivial … 9 Extremely difficult). */
export const DIFFICULTY_NAMES = [
  "trivial",
  "easy",
  "straightforward",
  "standard",
  "challenging",
  "difficult",
  "extremelyDifficult",
] as const;

/** A difficulty name id. */
export type DifficultyName = (typeof DIFFICULTY_NAMES)[number];

/** The rules' name for a trait rating of `dots`, or `null` past the named ratings (6 or more, or not a rating). */
export function ratingName(dots: number): RatingName | null {
  return Number.isInteger(dots) ? (RATING_NAMES[dots] ?? null) : null;
}

/** The rules' name for a difficulty, or `null` for 2 and 10 (the text names neither) and anything else. */
export function difficultyName(difficulty: number): DifficultyName | null {
  return Number.isInteger(difficulty) ? (DIFFICULTY_NAMES[difficulty - 3] ?? null) : null;
}
