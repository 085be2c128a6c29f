/**
 * Version 2 (equipment as embedded Items, `equipment-v2.ts`), as far as a data model's `migrateData`
 * can take it: the version number, and raising it on a character that holds no equipment entries.
 * Moving the entries is the world migration's (run by the active GM on `ready`).
 */

import { bumpVersion, isObject, type Source } from "./helpers.ts";

/** The schema version this migration produces (the world setting records it once every actor is migrated). */
export const VERSION = 2;

/**
 * The part of version 2 a data model's `migrateData` can do: raise the version of a character that
 * holds no equipment entries (every type but the action character, and an action character whose
 * weapons are gone). A character still holding entries keeps its version until the world migration
 * has moved them.
 */
export function characterV2(source: Source): Source {
  const weapons = source.weapons;
  if (!isObject(weapons) || Object.keys(weapons).length === 0) bumpVersion(source, VERSION);
  return source;
}
