/**
 * The user-made entries of each character type (skills, conditions, abilities, 10-point
 * traits) and the complete data a new entry starts with, so a sheet's "add" button creates a valid
 * entry in one update.
 */

import { PI_ATTRIBUTES, POOL_ATTRIBUTES, WILD_ATTRIBUTES, WILD_DEFAULT_CODE, type CharacterType } from "./constants.ts";
import type {
  ActionSkill,
  PercentileSkill,
  PiCondition,
  PiSkill,
  PoolAbility,
  PoolNamedTenPoint,
  WildSkill,
} from "./types.ts";

/** The data a new entry of each collection of each type starts with. */
export const ENTRY_DEFAULTS = Object.freeze({
  "percentile-character": { skills: { name: "", rating: 0 } satisfies PercentileSkill },
  "action-character": {
    skills: { name: "", mod: 0 } satisfies ActionSkill,
  },
  "wild-character": {
    skills: { name: "", attribute: WILD_ATTRIBUTES[0], code: WILD_DEFAULT_CODE } satisfies WildSkill,
  },
  "pi-character": {
    skills: {
      name: "",
      first: PI_ATTRIBUTES[0],
      second: PI_ATTRIBUTES[1],
      adds: "precision",
      bonus: 1,
    } satisfies PiSkill,
    conditions: { name: "", hindrance: "minor", active: true } satisfies PiCondition,
  },
  "pool-character": {
    abilities: { name: "", attribute: POOL_ATTRIBUTES[0], rating: 0 } satisfies PoolAbility,
    traits: { name: "", permanent: 0, current: 0 } satisfies PoolNamedTenPoint,
  },
} as const satisfies Record<CharacterType, Record<string, object>>);

/** The entry collections of a character type. */
export type EntryCollection<T extends CharacterType> = keyof (typeof ENTRY_DEFAULTS)[T] & string;

/**
 * A fresh copy of the data a new entry starts with.
 *
 * @returns The data, or `null` when the type has no such collection.
 */
export function newEntry(type: CharacterType, collection: string): Record<string, unknown> | null {
  const defaults: Readonly<Record<string, object>> = ENTRY_DEFAULTS[type];
  if (!Object.hasOwn(defaults, collection)) return null;
  return structuredClone(defaults[collection]) as Record<string, unknown>;
}
