/**
 * The `wild` engine: a pool of six-sided dice with one Wild Die (explodes on 6; a first-throw 1
 * is a critical failure that subtracts the next throw, and a 6 there a catastrophic failure),
 * extra Wild Dice bought with Character Points, and a Fate Point that doubles the character's
 * dice. docs/rules.md §3 is its contract.
 */

import { engine as rolling } from "./core.ts";
import type { Engine } from "../shared/index.ts";
import { odds, type WildOdds } from "./odds.ts";
import type { WildRequest } from "./request.ts";
import type { WildOutcome } from "./resolve.ts";

export * from "./core.ts";
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

/**
 * The `wild` engine for the shared throw protocol (`throwAll`, `rollWith`), with its exact odds. Frozen,
 * with the same keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<WildRequest, WildOutcome, WildOdds> = Object.freeze({ ...rolling, odds });
