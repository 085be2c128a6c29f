/**
 * What startup code uses of this engine (issue 26): all of `index.ts` except the exact odds, which
 * load with the dialogs, the advice and the API. Startup code reaches it through `engines/core.ts`.
 *
 * The `pi` engine (docs/rules.md §4): a mixed pool of dice from two attributes, two of them picked
 * after the roll, Precision the sum of the pick and Impact the difference, with hindrances that
 * take a die out before rolling and modifiers added after the pick.
 */

import type { EngineCore } from "../shared/dice.ts";
import { validate } from "./request.ts";
import type { PiRequest } from "./request.ts";
import { plan, resolve } from "./resolve.ts";
import type { PiOutcome } from "./resolve.ts";

export * from "./request.ts";
export * from "./picks.ts";
export * from "./resolve.ts";
export * from "./goal.ts";

/** The Precision & Impact engine. */
export const engine: EngineCore<PiRequest, PiOutcome> = Object.freeze({ id: "pi", validate, plan, resolve });
