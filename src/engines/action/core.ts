/**
 * What startup code uses of this engine (issue 26): all of `index.ts` except the exact odds, the
 * card ledger, the economy and the session rules, which load with the dialogs, the advice and the
 * API. Startup code reaches it through `engines/core.ts`.
 *
 * The `action` engine (docs/rules.md §2): per-session action dice. Pools by character level and the
 * GM's pool, d20 rolls augmented with cascading action dice and re-rolled with spent ones, the
 * spend and activation rules (botch, critical threat, GM special botch, insight, lucky break) as
 * pure state transitions, and exact odds of cascades and of augmented rolls against a DC.
 */

import type { EngineCore } from "../shared/dice.ts";
import { validate, type ActionRequest } from "./request.ts";
import { plan, resolve, type ActionOutcome } from "./resolve.ts";

export * from "./tables.ts";
export {
  ACTION_KINDS,
  CRITICAL_KINDS,
  D20_BASE,
  D20_KINDS,
  MAX_AUGMENTS,
  MAX_BASE_DICE,
  MAX_BASE_FACES,
  MAX_BOTCH_RANGE,
  MAX_DC,
  MAX_MODIFIER,
  MAX_REROLLS,
  requireActionDie,
  validate,
  withDefaults,
} from "./request.ts";
export type { ActionKind, ActionRequest, ActionReroll, ValidActionRequest, ValidActionReroll } from "./request.ts";
export {
  ACTION_ROLE,
  ACTION_STEPS,
  CRITICAL_NATURAL,
  D20_ROLE,
  DIE_ROLE,
  REROLL_ROLE,
  baseRole,
  botchRangeOf,
  SPECIAL_BOTCH_MARGIN,
  isCriticalThreat,
  isPotentialBotch,
  plan,
  resolve,
  walk,
} from "./resolve.ts";
export type {
  ActionOutcome,
  ActionSegment,
  BaseDieResult,
  RerollResult,
  ActionStepId,
  ActionWalk,
  AugmentResult,
} from "./resolve.ts";
export * from "./effects.ts";
export * from "./ledger/state.ts";
export { newClassPool } from "./ledger/class-pool.ts";

/**
 * The `action` engine for the shared throw protocol (`throwAll`, `rollWith`). Frozen, with the same
 * keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: EngineCore<ActionRequest, ActionOutcome> = Object.freeze({
  id: "action",
  validate,
  plan,
  resolve,
});
