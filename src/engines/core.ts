/**
 * The engines as startup code holds them (issue 26): each engine's `core.ts`, without the exact
 * odds, the action card ledger and the other rules only dialogs, card controls and the GM's tools
 * call. Code in the startup bundle imports this barrel; `index.ts` (the whole engines, the API's
 * `engines()`) and the odds load on first use. The build check `ON_DEMAND_MODULES` keeps them out.
 */
export * as shared from "./shared/core.ts";
export * as percentile from "./percentile/core.ts";
export * as action from "./action/core.ts";
export * as wild from "./wild/core.ts";
export * as pi from "./pi/core.ts";
export * as pool from "./pool/core.ts";
export * as harm from "./harm/index.ts";
export { EngineError } from "./shared/errors.ts";
export type { DieResult, DieMark, DieSpec, Engine, EngineCore, EngineId, Throw } from "./shared/index.ts";
