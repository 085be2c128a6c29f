/**
 * The `pool` engine (docs/rules.md §5): a pool of d10s against a difficulty, each 1 cancelling a
 * success, botches when no die succeeds and a 1 shows, botch cancellation, Willpower and automatic
 * successes, the once-per-turn Willpower check, with exact odds.
 */

import { engine as rolling } from "./core.ts";
import type { Engine } from "../shared/index.ts";
import { odds, type PoolOdds } from "./odds.ts";
import type { PoolRequest } from "./request.ts";
import type { PoolOutcome } from "./resolve.ts";

export * from "./core.ts";
export { botchChance, faceClassChances, odds } from "./odds.ts";
export { WILLPOWER_PER_TURN, checkWillpower, willpowerAvailable } from "./willpower.ts";
export type { WillpowerSpend, WillpowerState } from "./willpower.ts";
export type { PoolOdds } from "./odds.ts";

/**
 * The `pool` engine for the shared throw protocol (`throwAll`, `rollWith`), with its exact odds. Frozen,
 * with the same keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<PoolRequest, PoolOutcome, PoolOdds> = Object.freeze({ ...rolling, odds });
