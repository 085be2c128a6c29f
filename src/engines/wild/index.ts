/**
 * The `wild` engine: a pool of six-sided dice with one Wild Die (explodes on 6; a first-throw 1
 * is a critical failure that subtracts the next throw, and a 6 there a catastrophic failure),
 * extra Wild Dice bought with Character Points, and a Fate Point that doubles the character's
 * dice. RULES.md §3 is its contract.
 */

import type { Engine } from "../shared/index.ts";
import { odds, type WildOdds } from "./odds.ts";
import { validate, type WildRequest } from "./request.ts";
import { plan, resolve, type WildOutcome } from "./resolve.ts";

export {
  MAX_CODE_DICE,
  MAX_PIPS,
  addBonus,
  formatBonus,
  formatCode,
  parseBonus,
  parseCode,
  type DieCode,
} from "./code.ts";
export {
  MAX_CHARACTER_POINTS,
  MAX_TARGET_NUMBER,
  shapeOf,
  validate,
  withDefaults,
  type ValidWildRequest,
  type WildRequest,
  type WildShape,
} from "./request.ts";
export {
  CP_WILD_STEPS,
  THROW_ORDER,
  WILD_DIE_STEPS,
  WILD_FACES,
  WILD_LABEL_PREFIX,
  WILD_ROLE_PREFIX,
  nextStep,
  type ChainStage,
  type ChainStep,
  type ChainStepId,
  type WildLabel,
  type WildRole,
} from "./steps.ts";
export { plan, resolve, type WildDieResult, type WildOutcome } from "./resolve.ts";
export { chanceAtLeast, cpWildDist, odds, totalDist, wildDieDist, type WildOdds } from "./odds.ts";
export {
  DEFAULT_CP_SESSION_LIMIT,
  FATE_POINTS_PER_SESSION,
  STARTING_FATE_POINTS,
  assertPointSpend,
  checkPointSpend,
  type PointSpend,
  type PointSpendCheck,
  type PointSpendRequest,
} from "./points.ts";

/** The `wild` engine behind the shared throw protocol. */
export const engine: Engine<WildRequest, WildOutcome, WildOdds> = Object.freeze({
  id: "wild",
  validate,
  plan,
  resolve,
  odds,
});
