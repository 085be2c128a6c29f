/**
 * The `action` engine (docs/rules.md §2): per-session action dice. Pools by character level and the
 * GM's pool, d20 rolls augmented with cascading action dice and re-rolled with spent ones, the
 * spend and activation rules (botch, critical threat, GM special botch, insight, lucky break) as
 * pure state transitions, and exact odds of cascades and of augmented rolls against a DC.
 */

import { engine as rolling } from "./core.ts";
import type { Engine } from "../shared/index.ts";
import { odds, type ActionOdds } from "./odds.ts";
import type { ActionRequest } from "./request.ts";
import type { ActionOutcome } from "./resolve.ts";

export * from "./core.ts";
export { cascadeAtLeast, cascadeDist, cascadeMean, cascadeOdds, cascadeParts, odds, totalDist } from "./odds.ts";
export type { ActionOdds, CascadeOdds } from "./odds.ts";
export * from "./ledger.ts";
export * from "./economy.ts";
export * from "./session.ts";

/**
 * The `action` engine for the shared throw protocol (`throwAll`, `rollWith`), with its exact odds. Frozen,
 * with the same keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<ActionRequest, ActionOutcome, ActionOdds> = Object.freeze({ ...rolling, odds });
