/**
 * Non-player characters, Foundry-free. An NPC type holds its engine's ratings, skills and
 * conditions (the character type's fields less {@link NPC_OMITTED}) and a GM's notes; it rolls as
 * the character type of its engine. `asCharacter` gives its data the character's shape, with the
 * left-out points and pools empty, so the character's requests and sheet views read it unchanged.
 */

import {
  CHARACTER_OF_NPC,
  NPC_OMITTED,
  isNpcType,
  rollingTypeOf,
  type ActorType,
  type CharacterType,
  type NpcType,
} from "./constants.ts";
import type { CharacterSources } from "./types.ts";

/** The stored data of an NPC of a character type's engine: the character's fields less the omitted ones, and notes. */
export type NpcSource<T extends CharacterType> = Omit<CharacterSources[T], (typeof NPC_OMITTED)[T][number]> & {
  /** The GM's notes, plain text. */
  notes: string;
};

/** The stored data of each NPC type. */
export type NpcSources = { [N in NpcType]: NpcSource<(typeof CHARACTER_OF_NPC)[N]> };

/**
 * The values an NPC's left-out fields read as when its data is given the character's shape: no
 * points, no pools, no class dice (the level is the lowest whole level; nothing an NPC rolls reads it).
 */
const EMPTY_PLAYER_FIELDS = Object.freeze({
  "percentile-character": { karma: 0 },
  "action-character": { level: 1, classDice: { faces: 6, count: 0 } },
  "wild-character": { characterPoints: 0, fatePoints: 0, session: { characterPoints: 0, fatePoints: 0 } },
  "pi-character": {},
  "pool-character": { willpower: { permanent: 0, current: 0 }, traits: {} },
} as const satisfies { [T in CharacterType]: Partial<CharacterSources[T]> });

/** An actor's data in the shape of the character type it rolls as. */
export interface AsCharacter<T extends CharacterType = CharacterType> {
  readonly type: T;
  readonly system: CharacterSources[T];
}

/**
 * An actor's data in the shape of the character type it rolls as: a character's own data, or an
 * NPC's with the player's points and pools empty.
 *
 * @param type - The actor type.
 * @param system - Its `system` data.
 * @returns The character type and data, or `null` for an actor type that is not ours.
 */
export function asCharacter(type: unknown, system: unknown): AsCharacter | null {
  const characterType = rollingTypeOf(type);
  if (characterType === null) return null;
  if (!isNpcType(type)) return { type: characterType, system: system as CharacterSources[CharacterType] };
  const filled = { ...structuredClone(EMPTY_PLAYER_FIELDS[characterType]), ...(system as object) };
  return { type: characterType, system: filled as CharacterSources[CharacterType] };
}

/** Whether an actor type keeps an entry collection (an NPC lacks the player's ones, e.g. 10-point traits). */
export function hasCollection(type: ActorType, collection: string): boolean {
  if (!isNpcType(type)) return true;
  const omitted: readonly string[] = NPC_OMITTED[CHARACTER_OF_NPC[type]];
  return !omitted.includes(collection);
}

/** A new NPC's `system` for a type: the character's defaults less the omitted fields (used by the lab and tests). */
export function npcFromCharacter<T extends CharacterType>(
  type: T,
  character: CharacterSources[T],
  notes = "",
): NpcSource<T> {
  const out = { ...(structuredClone(character) as object), notes } as Record<string, unknown>;
  for (const key of NPC_OMITTED[type] as readonly string[]) delete out[key];
  return out as NpcSource<T>;
}
