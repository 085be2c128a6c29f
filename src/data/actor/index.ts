/**
 * The character and NPC data models, one of each per engine, and the pure functions around them (derived data,
 * validation, the request a trait's roll starts from). `config` is what `CONFIG.Actor.dataModels`
 * is assigned in `init`; `src/types/data-models.d.ts` declares the same map to fvtt-types.
 */

import { ActionCharacterModel } from "./action-character.ts";
import { PercentileCharacterModel } from "./percentile-character.ts";
import { PiCharacterModel } from "./pi-character.ts";
import { PoolCharacterModel } from "./pool-character.ts";
import { WildCharacterModel } from "./wild-character.ts";
import { ActionNpcModel, PercentileNpcModel, PiNpcModel, PoolNpcModel, WildNpcModel } from "./npc-models.ts";

export { ActionCharacterModel, PercentileCharacterModel, PiCharacterModel, PoolCharacterModel, WildCharacterModel };
export { ActionNpcModel, PercentileNpcModel, PiNpcModel, PoolNpcModel, WildNpcModel };
export * from "./pure.ts";

/** The data model of each actor type, for `CONFIG.Actor.dataModels`. */
export const config = {
  "percentile-character": PercentileCharacterModel,
  "action-character": ActionCharacterModel,
  "wild-character": WildCharacterModel,
  "pi-character": PiCharacterModel,
  "pool-character": PoolCharacterModel,
  "percentile-npc": PercentileNpcModel,
  "action-npc": ActionNpcModel,
  "wild-npc": WildNpcModel,
  "pi-npc": PiNpcModel,
  "pool-npc": PoolNpcModel,
} as const;
