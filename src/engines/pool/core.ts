/**
 * What startup code uses of this engine (issue 26): all of `index.ts` except the exact odds and
 * Willpower, which load with the dialogs, the advice and the API. Startup code reaches it through
 * `engines/core.ts`.
 *
 * The `pool` engine (docs/rules.md §5): a pool of d10s against a difficulty, each 1 cancelling a
 * success, botches when no die succeeds and a 1 shows, botch cancellation, Willpower and automatic
 * successes, the once-per-turn Willpower check, with exact odds.
 */

import type { EngineCore } from "../shared/dice.ts";
import { validate, type PoolRequest } from "./request.ts";
import { plan, resolve, type PoolOutcome } from "./resolve.ts";

export * from "./tables.ts";
export { buildPool, validate } from "./request.ts";
export type { BuiltPool, PoolRequest, PoolTraits, ValidPoolRequest } from "./request.ts";
export { plan, resolve } from "./resolve.ts";
export type { PoolDie, PoolOutcome } from "./resolve.ts";

/**
 * The `pool` engine for the shared throw protocol (`throwAll`, `rollWith`). Frozen, with the same
 * keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: EngineCore<PoolRequest, PoolOutcome> = Object.freeze({
  id: "pool",
  validate,
  plan,
  resolve,
});
