/** The Foundry dice adapters: one Roll subclass per engine. */
import { ActionRoll } from "./rolls/action-roll.ts";
import { PercentileRoll } from "./rolls/percentile-roll.ts";
import { PiRoll } from "./rolls/pi-roll.ts";
import { PoolRoll } from "./rolls/pool-roll.ts";
import { WildRoll } from "./rolls/wild-roll.ts";

export { EngineRoll, formulaOf, groupSpecs, throwsOf } from "./rolls/engine-roll.ts";
export type { EngineCardContext, EngineRollOptions, RollEngine } from "./rolls/engine-roll.ts";
export { ActionRoll, type ActionCardView } from "./rolls/action-roll.ts";
export { PercentileRoll, type PercentileCardView } from "./rolls/percentile-roll.ts";
export { PiRoll } from "./rolls/pi-roll.ts";
export { PoolRoll } from "./rolls/pool-roll.ts";
export { WildRoll, type WildCardView } from "./rolls/wild-roll.ts";

/** Every engine roll class, registered in `CONFIG.Dice.rolls` so reloaded messages find them. */
export const ROLL_CLASSES = [PercentileRoll, ActionRoll, WildRoll, PiRoll, PoolRoll] as const;

/** Builds an unevaluated roll of each engine from a request (throws an `EngineError` when it is bad). */
export const ROLL_FACTORIES = {
  percentile: (request: unknown) => PercentileRoll.fromRequest(request),
  action: (request: unknown) => ActionRoll.fromRequest(request),
  wild: (request: unknown) => WildRoll.fromRequest(request),
  pi: (request: unknown) => PiRoll.fromRequest(request),
  pool: (request: unknown) => PoolRoll.fromRequest(request),
} as const;
