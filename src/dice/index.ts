/** The Foundry dice adapters: one Roll subclass per engine. */
import { ActionRoll } from "./rolls/action-roll.ts";
import { PercentileRoll } from "./rolls/percentile-roll.ts";
import { PercentileDamageRoll } from "./rolls/percentile-damage-roll.ts";
import { isDamageRequest } from "../engines/percentile/core.ts";
import { PiRoll } from "./rolls/pi-roll.ts";
import { PoolRoll } from "./rolls/pool-roll.ts";
import { WildRoll } from "./rolls/wild-roll.ts";
import { PercentileDie } from "./terms/percentile-die.ts";
import { PoolDie } from "./terms/pool-die.ts";
import { WildDie } from "./terms/wild-die.ts";

export { EngineRoll, keptOptions, throwsOf } from "./rolls/engine-roll.ts";
export type { EngineRollOptions, RollEngine } from "./rolls/engine-roll.ts";
export * from "./cards/index.ts";
export * from "./groups.ts";
export { ActionRoll } from "./rolls/action-roll.ts";
export * from "./rolls/action-card.ts";
export { PercentileRoll } from "./rolls/percentile-roll.ts";
export * from "./rolls/percentile-damage-roll.ts";
export { PiRoll } from "./rolls/pi-roll.ts";
export { PoolRoll } from "./rolls/pool-roll.ts";
export * from "./rolls/points-card.ts";
export { WildRoll } from "./rolls/wild-roll.ts";

export { EngineDie } from "./terms/engine-die.ts";
export { PercentileDie } from "./terms/percentile-die.ts";
export { PoolDie } from "./terms/pool-die.ts";
export { WildDie } from "./terms/wild-die.ts";

/** The formula dice terms (`3dw+1`, `6ds`, `dpb2`), registered under their denominations. */
export const TERM_CLASSES = [WildDie, PoolDie, PercentileDie] as const;

/** Every engine roll class (and the percentile damage roll), registered in `CONFIG.Dice.rolls` so reloaded messages find them. */
export const ROLL_CLASSES = [PercentileRoll, ActionRoll, WildRoll, PiRoll, PoolRoll, PercentileDamageRoll] as const;

/**
 * Builds an unevaluated roll of each engine from a request (throws an `EngineError` when it is bad);
 * a percentile request of kind `damage` is a weapon's damage roll.
 */
export const ROLL_FACTORIES = {
  percentile: (request: unknown) =>
    isDamageRequest(request) ? PercentileDamageRoll.fromRequest(request) : PercentileRoll.fromRequest(request),
  action: (request: unknown) => ActionRoll.fromRequest(request),
  wild: (request: unknown) => WildRoll.fromRequest(request),
  pi: (request: unknown) => PiRoll.fromRequest(request),
  pool: (request: unknown) => PoolRoll.fromRequest(request),
} as const;
