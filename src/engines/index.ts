/**
 * The five pure dice engines of Rolling Bones (see the rules contract). Each is a namespace with
 * `validate`, `plan`, `resolve`, `odds`, an `engine` object for the shared throw protocol, and its
 * own rule functions; `shared` holds the randomness seam, errors, distributions and the protocol;
 * `harm` is the system's own harm model (health, damage and healing, wounds, defeat, durations).
 * Nothing here imports Foundry or the DOM.
 *
 * This is the whole of the engines, loaded on demand (`game.system.api.engines()`, the dialogs, the
 * advice). Code in the startup bundle imports `core.ts` instead: the same namespaces without the
 * exact odds, the action card ledger and the other rules only on-demand code calls (issue 26).
 *
 * @example
 * ```ts
 * import { pool, shared } from "./engines/index.ts";
 * const outcome = shared.rollWith(pool.engine, { pool: 6, difficulty: 7 }, shared.seededFaces(42));
 * const chance = pool.odds({ pool: 6, difficulty: 7 }).pSuccess;
 * ```
 */
export * as shared from "./shared/index.ts";
export * as percentile from "./percentile/index.ts";
export * as action from "./action/index.ts";
export * as wild from "./wild/index.ts";
export * as pi from "./pi/index.ts";
export * as pool from "./pool/index.ts";
export * as harm from "./harm/index.ts";
export { EngineError } from "./shared/index.ts";
export type { DieResult, DieMark, DieSpec, Engine, EngineId, Throw } from "./shared/index.ts";
