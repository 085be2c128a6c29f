/**
 * What startup code uses of this engine (issue 26): all of `index.ts` except the exact odds, which
 * load with the dialogs, the advice and the API. Startup code reaches it through `engines/core.ts`.
 *
 * The `percentile` engine (docs/rules.md §1): a d% roll whose tens die may be replaced by the best of
 * some bonus dice or the worst of some penalty dice, bonus and penalty dice cancelling one for one
 * under a cap, the value read on an editable Action Results Table, with column shifts, karma-bought
 * dice, cooperative assists, called shots and exact odds.
 */

import type { EngineCore } from "../shared/dice.ts";
import { validate, type PercentileRequest } from "./request.ts";
import { plan, resolve, type PercentileOutcome } from "./resolve.ts";

export {
  ASSIST_BONUS_FROM,
  ASSIST_PENALTY_UP_TO,
  FIRST_SUCCESS,
  LEVEL_COUNT,
  LEVEL_IDS,
  assistDice,
  assistEffect,
  assistEffectAt,
  isSuccessIndex,
  levelIndex,
} from "./levels.ts";
export type { AssistDice, AssistEffect, LevelId } from "./levels.ts";
export {
  DEFAULT_ART,
  MAX_ART_COLUMNS,
  MAX_ART_LABEL,
  MAX_VALUE,
  MIN_VALUE,
  artColumn,
  levelInColumn,
  lookupLevel,
  successFrom,
  validateArt,
} from "./art.ts";
export type { ArtColumn, ArtLevel, ArtRange, ArtReading, ArtTable } from "./art.ts";
export {
  DEFAULT_CAP,
  KARMA_PER_DIE,
  MAX_DAMAGE_MULTIPLIER,
  MAX_DICE,
  MAX_KARMA_DICE,
  MAX_RATING,
  calledShotMultiplier,
  checkKarma,
  extraDiceFor,
  karmaCost,
  netAgainst,
  shiftToDice,
  validate,
} from "./request.ts";
export type { Clamp, KarmaSpend, PercentileRequest, ShiftDice } from "./request.ts";
export {
  DAMAGE_ROLE,
  MAX_DAMAGE_DICE,
  MAX_DAMAGE_FACES,
  MAX_DAMAGE_MODIFIER,
  damageEngine,
  damageOf,
  isDamageRequest,
  planDamage,
  resolveDamage,
  validateDamage,
} from "./damage.ts";
export type { PercentileDamageOutcome, PercentileDamageRequest } from "./damage.ts";
export { D10, PERCENTILE_STEPS, diceCounts, percentileValue, plan, readAtNet, readingOf, resolve } from "./resolve.ts";
export type {
  CalledShot,
  DiceCounts,
  ExtraMode,
  PercentileDie,
  PercentileOutcome,
  PercentileRole,
  PercentileStepId,
  TargetReading,
} from "./resolve.ts";

/**
 * The `percentile` engine for the shared throw protocol (`throwAll`, `rollWith`). Frozen, with the same
 * keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: EngineCore<PercentileRequest, PercentileOutcome> = Object.freeze({
  id: "percentile",
  validate,
  plan,
  resolve,
});
