/**
 * The `pool` engine (RULES.md §5): a pool of d10s against a difficulty, each 1 cancelling a
 * success, botches when no die succeeds and a 1 shows, botch cancellation, Willpower and automatic
 * successes, the once-per-turn Willpower check, with exact odds.
 */

import type { Engine } from "../shared/index.ts";
import { odds, type PoolOdds } from "./odds.ts";
import { validate, type PoolRequest } from "./request.ts";
import { plan, resolve, type PoolOutcome } from "./resolve.ts";

export * from "./tables.ts";
export { buildPool, validate } from "./request.ts";
export type { BuiltPool, PoolRequest, PoolTraits, ValidPoolRequest } from "./request.ts";
export { plan, resolve } from "./resolve.ts";
export type { PoolDie, PoolOutcome } from "./resolve.ts";
export { botchChance, faceClassChances, odds } from "./odds.ts";
export { WILLPOWER_PER_TURN, checkWillpower, willpowerAvailable } from "./willpower.ts";
export type { WillpowerSpend, WillpowerState } from "./willpower.ts";
export type { PoolOdds } from "./odds.ts";

/**
 * The `pool` engine for the shared throw protocol (`throwAll`, `rollWith`). Frozen, with the same
 * keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<PoolRequest, PoolOutcome, PoolOdds> = Object.freeze({
  id: "pool",
  validate,
  plan,
  resolve,
  odds,
});
