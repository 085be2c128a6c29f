/**
 * The ten result levels of the Action Results Table, in order from worst to best. The order is the
 * rule: every comparison between levels (success, assist effects) goes through a level's position
 * in {@link LEVEL_IDS}, never through its name.
 */

import { EngineError } from "../shared/core.ts";

/**
 * The level ids, worst first: five failures, then five successes. `catastrophic`, `inferior`,
 * `poor`, `passable`, `good` and `awesome` are the names the rules give; `shoddy`, `lacking`,
 * `great` and `superb` are our own names for the levels the sources leave unnamed. The ids are also
 * localization keys (`ROLLING_BONES.Percentile.Level.<id>`).
 */
export const LEVEL_IDS = Object.freeze([
  "catastrophic",
  "inferior",
  "shoddy",
  "lacking",
  "poor",
  "passable",
  "good",
  "great",
  "superb",
  "awesome",
] as const);

/** One result level id. */
export type LevelId = (typeof LEVEL_IDS)[number];

/** How many levels the table has. */
export const LEVEL_COUNT = LEVEL_IDS.length;

/** The position of the lowest success level; every level below it is a failure. */
export const FIRST_SUCCESS = 5;

/** The lowest level at which an assistant's roll gives the leader a bonus die. */
export const ASSIST_BONUS_FROM: LevelId = "good";

/** The highest level at which an assistant's roll gives the leader a penalty die. */
export const ASSIST_PENALTY_UP_TO: LevelId = "inferior";

/** What an assistant's result does to the leader's next roll, as a key. */
export type AssistEffect = "bonus" | "penalty" | "none";

/**
 * The position of a level id in {@link LEVEL_IDS} (0 = worst).
 *
 * @throws EngineError `UnknownLevel` when the id is not a level.
 */
export function levelIndex(level: string): number {
  const i = (LEVEL_IDS as readonly string[]).indexOf(level);
  if (i < 0) throw new EngineError("UnknownLevel", { level });
  return i;
}

/** Whether a level position is a success (the upper five levels). */
export function isSuccessIndex(index: number): boolean {
  return index >= FIRST_SUCCESS;
}

/**
 * The effect of an assistant's result on the leader's next roll in a cooperative roll: one bonus
 * die from {@link ASSIST_BONUS_FROM} up, one penalty die at {@link ASSIST_PENALTY_UP_TO} or below,
 * nothing in between.
 *
 * @param level - The assistant's result level id.
 * @throws EngineError `UnknownLevel` when the id is not a level.
 */
export function assistEffect(level: string): AssistEffect {
  return assistEffectAt(levelIndex(level));
}

/** The position of {@link ASSIST_BONUS_FROM}. */
const BONUS_FROM_INDEX = levelIndex(ASSIST_BONUS_FROM);

/** The position of {@link ASSIST_PENALTY_UP_TO}. */
const PENALTY_UP_TO_INDEX = levelIndex(ASSIST_PENALTY_UP_TO);

/**
 * The effect of an assistant's result given by its level position (see {@link assistEffect}).
 *
 * @param index - The level's position in {@link LEVEL_IDS}.
 */
export function assistEffectAt(index: number): AssistEffect {
  if (index >= BONUS_FROM_INDEX) return "bonus";
  if (index <= PENALTY_UP_TO_INDEX) return "penalty";
  return "none";
}

/** The dice pending assists add to a leader's roll. */
export interface AssistDice {
  /** Bonus dice (one per assist whose effect is `bonus`). */
  readonly bonus: number;
  /** Penalty dice (one per assist whose effect is `penalty`). */
  readonly penalty: number;
}

/**
 * The dice a leader's next roll gets from the assists attached to it: one bonus die per `bonus`
 * effect and one penalty die per `penalty` effect (they then cancel one for one like any other
 * bonus and penalty dice); `none` adds nothing.
 *
 * @param effects - The effect of each pending assist.
 * @throws EngineError `UnknownAssistEffect` for an effect that is not one of the three.
 */
export function assistDice(effects: readonly string[]): AssistDice {
  let bonus = 0;
  let penalty = 0;
  for (const effect of effects) {
    if (effect === "bonus") bonus++;
    else if (effect === "penalty") penalty++;
    else if (effect !== "none") throw new EngineError("UnknownAssistEffect", { effect: effect });
  }
  return { bonus, penalty };
}
