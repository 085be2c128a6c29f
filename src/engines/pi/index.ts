/**
 * The `pi` engine (docs/rules.md §4): a mixed pool of dice from two attributes, two of them picked
 * after the roll, Precision the sum of the pick and Impact the difference, with hindrances that
 * take a die out before rolling and modifiers added after the pick.
 */

import { engine as rolling } from "./core.ts";
import type { Engine } from "../shared/index.ts";
import { odds, type PiOdds } from "./odds.ts";
import type { PiRequest } from "./request.ts";
import type { PiOutcome } from "./resolve.ts";

export * from "./core.ts";
export * from "./odds.ts";

/**
 * The `pi` engine for the shared throw protocol (`throwAll`, `rollWith`), with its exact odds. Frozen,
 * with the same keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<PiRequest, PiOutcome, PiOdds> = Object.freeze({ ...rolling, odds });
