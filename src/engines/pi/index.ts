/**
 * The `pi` engine (RULES.md §4): a mixed pool of dice from two attributes, two of them picked
 * after the roll, Precision the sum of the pick and Impact the difference, with hindrances that
 * take a die out before rolling and modifiers added after the pick.
 */

import type { Engine } from "../shared/index.ts";
import { odds } from "./odds.ts";
import type { PiOdds } from "./odds.ts";
import { validate } from "./request.ts";
import type { PiRequest } from "./request.ts";
import { plan, resolve } from "./resolve.ts";
import type { PiOutcome } from "./resolve.ts";

export * from "./request.ts";
export * from "./picks.ts";
export * from "./resolve.ts";
export * from "./odds.ts";
export * from "./goal.ts";

/** The Precision & Impact engine. */
export const engine: Engine<PiRequest, PiOutcome, PiOdds> = Object.freeze({ id: "pi", validate, plan, resolve, odds });
