/**
 * What startup code uses of this engine (issue 26): all of `index.ts` except the exact odds and the
 * point spends, which load with the dialogs, the advice and the API. Startup code reaches it
 * through `engines/core.ts`.
 *
 * The `wild` engine: a pool of six-sided dice with one Wild Die (explodes on 6; a first-throw 1
 * is a critical failure that subtracts the next throw, and a 6 there a catastrophic failure),
 * extra Wild Dice bought with Character Points, and a Fate Point that doubles the character's
 * dice. docs/rules.md §3 is its contract.
 */

import type { EngineCore } from "../shared/dice.ts";
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
export { DEFAULT_CP_SESSION_LIMIT, FATE_POINTS_PER_SESSION, STARTING_FATE_POINTS } from "./point-limits.ts";

/** The `wild` engine behind the shared throw protocol. */
export const engine: EngineCore<WildRequest, WildOutcome> = Object.freeze({
  id: "wild",
  validate,
  plan,
  resolve,
});
