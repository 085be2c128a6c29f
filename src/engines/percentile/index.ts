/**
 * The `percentile` engine (docs/rules.md §1): a d% roll whose tens die may be replaced by the best of
 * some bonus dice or the worst of some penalty dice, bonus and penalty dice cancelling one for one
 * under a cap, the value read on an editable Action Results Table, with column shifts, karma-bought
 * dice, cooperative assists, called shots and exact odds.
 */

import { engine as rolling } from "./core.ts";
import type { Engine } from "../shared/index.ts";
import { odds, type PercentileOdds } from "./odds.ts";
import type { PercentileRequest } from "./request.ts";
import type { PercentileOutcome } from "./resolve.ts";

export * from "./core.ts";
export { damageDist, levelDist, odds, valueDist } from "./odds.ts";
export type { PercentileOdds } from "./odds.ts";

/**
 * The `percentile` engine for the shared throw protocol (`throwAll`, `rollWith`), with its exact odds. Frozen,
 * with the same keys in the same order as every other engine, so the protocol's calls see one object shape.
 */
export const engine: Engine<PercentileRequest, PercentileOutcome, PercentileOdds> = Object.freeze({ ...rolling, odds });
