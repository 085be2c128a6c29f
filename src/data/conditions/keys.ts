/**
 * What every condition shares, its own or a wound (docs/rules.md §6): the key prefix of the changes that
 * adjust a roll, the localization key of a condition's name, and the actor types whose token HUD offers
 * it. Foundry-free; the conditions (`index.ts`) and the wounds (`wounds.ts`) both build on it.
 */

import type { EngineId } from "../../engines/core.ts";

/** The key prefix of a change that adjusts a roll (a flag path: Foundry may apply it to the actor's flags harmlessly). */
export const CHANGE_PREFIX = "flags.rolling-bones.roll.";

/** The localization key of a condition's name. */
export function conditionNameKey(id: string): string {
  return `ROLLING_BONES.Condition.${id}.name`;
}

/**
 * The actor types whose tokens the HUD offers a condition of an engine (docs/rules.md §6: a token is
 * offered only its engine's conditions): that engine's character and NPC types. A status effect's
 * `hud.actorTypes` makes it "only selectable in the Token HUD if the Token's Actor sub-type is one of
 * the configured ones" [API13/API14 CONFIG._StatusEffectConfig#hud].
 *
 * @param engine - The condition's engine.
 */
export function hudActorTypes(engine: EngineId): string[] {
  return [`${engine}-character`, `${engine}-npc`];
}
