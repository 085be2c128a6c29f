/**
 * The world migration, run on `ready` by the active GM only, once per schema version:
 * - version 2: every character (in the world, and in the world's own unlocked actor compendiums)
 *   whose equipment is still stored inside it gets that equipment as embedded Items
 *   (`planEquipment`), its legacy entries are deleted and its schema version raised;
 * - version 3: the players' action-dice pools (User flags) and the characters' class dice (Actor
 *   flags) move to the world settings only a GM can write (`planPoolMove`), and the legacy flags go;
 *   entries a version 0 character keyed by their names are stored under their ids.
 * A world setting records the version reached, so the next load does nothing; when a step fails,
 * the setting is left as it was and the next load tries again (what already moved is not moved
 * twice). The GM is told what was done, and what stayed where it was, with the details on the console.
 */

import { SYSTEM_ID } from "../../constants.ts";
import { deletionUpdate, replacementUpdate } from "../../helpers/compat.ts";
import { notify } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { VERSION, planEquipment } from "./equipment-v2.ts";
import { isObject, rekeyEntries, type Source } from "./helpers.ts";
import {
  LEGACY_CLASS_POOL_FLAG,
  LEGACY_POOL_FLAG,
  WORLD_VERSION,
  planPoolMove,
  type KeptFlag,
  type LegacyHolder,
} from "./pools-v3.ts";

/** What a world migration did. */
export interface WorldMigrationReport {
  /** The version the world was migrated to. */
  readonly version: number;
  /** The characters that received Items. */
  readonly actors: number;
  /** The Items created. */
  readonly items: number;
  /** The names of characters that could not be migrated (the migration runs again on the next load). */
  readonly failed: string[];
  /** The action-dice pools and class dice moved to the world settings. */
  readonly pools: number;
  /** Legacy pool flags that were not pools of their holder, left where they were (in words: whose, and what). */
  readonly kept: string[];
  /** Legacy weapons left inside their characters because no weapon Item could hold them (in words). */
  readonly skipped: string[];
}

/** An actor as the migration reads and changes it. */
interface MigratedActor {
  readonly id: string | null;
  readonly name: string;
  readonly type: string;
  readonly items: { readonly contents: readonly { readonly id: string | null; readonly flags: object }[] };
  /** The document's source: its `system` as the schema cleaned it (keys it no longer defines are not in it). */
  readonly _source: { readonly system?: unknown };
  createEmbeddedDocuments(name: "Item", data: object[], options: { keepId: boolean }): Promise<unknown>;
  update(changes: Record<string, unknown>, options?: { diff: boolean }): Promise<unknown>;
}

/** An actor compendium as the migration reads it (a world's own, unlocked: a system's packs are its sources). */
interface MigratedPack {
  readonly collection: string;
  readonly documentName: string;
  readonly locked: boolean;
  readonly metadata: { readonly packageType: string };
  /** The index with the stored (unmigrated) fields asked for. [API13 CompendiumCollection#getIndex] */
  getIndex(options: { fields: string[] }): Promise<Iterable<{ _id: string; type?: string; system?: unknown }>>;
  getDocument(id: string): Promise<unknown>;
}

/** The counts a migration keeps. */
interface Tally {
  actors: number;
  items: number;
  failed: string[];
  pools: number;
  kept: KeptFlag[];
  skipped: { actor: string; key: string; name: string }[];
}

/** A document holding a legacy flag, as the pools' move reads and clears it (a User or an Actor). */
interface FlagHolder {
  readonly id: string | null;
  readonly name: string;
  getFlag(scope: string, key: string): unknown;
  unsetFlag(scope: string, key: string): Promise<unknown>;
}

/** The documents' legacy flags as the plan reads them. */
function holdersOf(docs: readonly FlagHolder[], key: string): LegacyHolder[] {
  return docs.map((doc) => ({ id: doc.id ?? "", name: doc.name, flag: doc.getFlag(SYSTEM_ID, key) }));
}

/**
 * Version 3: moves the legacy pools into the world settings (written first), then removes the
 * legacy flags the settings now hold. A flag that is no pool of its holder stays and is reported.
 */
async function movePools(tally: Tally): Promise<void> {
  // The User and Actor documents, read through the flag methods the move needs (fvtt-types' are far wider).
  const users = game.users.contents as unknown as FlagHolder[];
  const actors = (game.actors.contents as unknown as (FlagHolder & { type: string })[]).filter(
    (a) => a.type === "action-character",
  );
  const plan = planPoolMove(holdersOf(users, LEGACY_POOL_FLAG), holdersOf(actors, LEGACY_CLASS_POOL_FLAG), {
    players: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionPlayerPools),
    classes: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionClassPools),
  });
  tally.kept.push(...plan.kept);
  if (plan.clearUsers.length === 0 && plan.clearActors.length === 0) return;
  try {
    // The plan's records hold the stored pools as the system wrote them.
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionPlayerPools, plan.players as never);
    await game.settings.set(SYSTEM_ID, SETTING_KEYS.actionClassPools, plan.classes as never);
    for (const user of users.filter((u) => plan.clearUsers.includes(u.id ?? "")))
      await user.unsetFlag(SYSTEM_ID, LEGACY_POOL_FLAG);
    for (const actor of actors.filter((a) => plan.clearActors.includes(a.id ?? "")))
      await actor.unsetFlag(SYSTEM_ID, LEGACY_CLASS_POOL_FLAG);
    tally.pools += plan.moved;
  } catch (error) {
    console.error("Rolling Bones | moving the action-dice pools failed", error);
    tally.failed.push(game.i18n.localize("ROLLING_BONES.Migration.PoolsName"));
  }
}

/**
 * Whether an entry's key can be named in an update path: no dot (a path separator) and no name
 * that would reach an object's prototype. Such an entry, moved, stays in the stored data unused.
 */
function deletableKey(key: string): boolean {
  return !key.includes(".") && !["__proto__", "constructor", "prototype"].includes(key);
}

/**
 * Migrates one actor: its legacy entries (read from its stored source, which still holds what the
 * schema no longer defines) become Items, the entries are deleted and the version raised.
 *
 * @param actor - The actor document.
 * @param stored - Its stored `system` source as the database holds it.
 * @param tally - Counts what was done (and names a failure).
 */
async function migrateActor(actor: MigratedActor, stored: Source, tally: Tally): Promise<void> {
  const existing = actor.items.contents.map((item) => ({
    id: item.id ?? "",
    legacyKey: foundry.utils.getProperty(item.flags, `${SYSTEM_ID}.legacyKey`) as string | undefined,
  }));
  const plan = planEquipment(actor.type, stored, existing, () => foundry.utils.randomID());
  tally.skipped.push(...plan.skipped.map((entry) => ({ actor: actor.name, ...entry })));
  if (plan.items.length === 0 && plan.removedKeys.length === 0) {
    if (plan.skipped.length > 0 || stored.schemaVersion === VERSION) return;
  }
  try {
    if (plan.items.length > 0) await actor.createEmbeddedDocuments("Item", plan.items, { keepId: true });
    if (plan.skipped.length > 0) {
      // What was moved leaves the data, each entry by its key; what was not stays, reported, and the
      // character keeps its version (a deletion v14 drops, helpers/compat.ts, only leaves a moved
      // entry behind: its Item names it as `legacyKey`, so it is never moved twice).
      const removal = Object.fromEntries(
        plan.removedKeys.filter(deletableKey).flatMap((key) => Object.entries(deletionUpdate("system.weapons", key))),
      );
      if (Object.keys(removal).length > 0) await actor.update(removal);
    } else {
      // The legacy field leaves the data altogether: `system` is replaced whole by its source (which the
      // schema cleaned, without the field) at the new version. A deletion of the field would not do: it
      // is absent from the source, and v14 drops such a deletion silently (helpers/compat.ts).
      const source = { ...(actor._source.system as Source), schemaVersion: VERSION };
      await actor.update(
        isObject(stored.weapons) ? replacementUpdate("system", source) : { "system.schemaVersion": VERSION },
      );
    }
    if (plan.items.length > 0) tally.actors += 1;
    tally.items += plan.items.length;
  } catch (error) {
    console.error(`Rolling Bones | migration of ${actor.name} failed`, error);
    tally.failed.push(actor.name);
  }
}

/**
 * The stored `system` source of a world actor: the world data as the server sent it (`game.data`,
 * which keeps fields a schema has dropped since, such as the legacy `weapons`), else the document's
 * own source. [API13 Game#data]
 */
function storedSystemOf(actor: MigratedActor): Source {
  // fvtt-types types `game.data` loosely; the world's actors are plain source objects.
  const raw = (game.data as unknown as { actors?: { _id: string; system?: unknown }[] }).actors;
  const found = raw?.find((a) => a._id === actor.id)?.system;
  if (found !== undefined) return found as Source;
  return ((actor as unknown as { _source: { system?: unknown } })._source.system ?? {}) as Source;
}

/**
 * Migrates the world's characters, and the characters in the world's own unlocked actor
 * compendiums, when this client is the active GM and the world's recorded version is older than the
 * current one.
 *
 * @returns What was done, or `null` when nothing was due (not the active GM, or already migrated).
 */
export async function migrateWorld(): Promise<WorldMigrationReport | null> {
  if (!game.users.activeGM?.isSelf) return null;
  const stored = game.settings.get(SYSTEM_ID, SETTING_KEYS.worldSchemaVersion);
  if (stored >= WORLD_VERSION) return null;
  const tally: Tally = { actors: 0, items: 0, failed: [], pools: 0, kept: [], skipped: [] };
  if (stored < VERSION) await migrateEquipment(tally);
  await rekeyStoredEntries(tally);
  await movePools(tally);
  const { actors, items, failed, pools } = tally;
  const kept = tally.kept.map((k) =>
    game.i18n.format(k.kind === "user" ? "ROLLING_BONES.Migration.KeptPool" : "ROLLING_BONES.Migration.KeptClassDice", {
      name: k.name,
    }),
  );
  const skipped = tally.skipped.map((s) =>
    game.i18n.format("ROLLING_BONES.Migration.SkippedWeapon", { actor: s.actor, name: s.name || s.key }),
  );
  const report: WorldMigrationReport = { version: WORLD_VERSION, actors, items, failed, pools, kept, skipped };
  if (failed.length === 0) await game.settings.set(SYSTEM_ID, SETTING_KEYS.worldSchemaVersion, WORLD_VERSION);
  console.info(`Rolling Bones | world migrated to schema ${WORLD_VERSION}`, report);
  if (failed.length > 0) {
    notify("error", game.i18n.format("ROLLING_BONES.Migration.Failed", { names: failed.join(", ") }));
  } else if (items > 0) {
    notify("info", game.i18n.format("ROLLING_BONES.Migration.Done", { items: String(items), actors: String(actors) }));
  }
  if (pools > 0) notify("info", game.i18n.format("ROLLING_BONES.Migration.PoolsMoved", { count: String(pools) }));
  // Said once: the version is recorded, so the next load does not look again.
  if (kept.length > 0 && failed.length === 0)
    notify("warn", game.i18n.format("ROLLING_BONES.Migration.PoolsKept", { names: kept.join(", ") }));
  if (skipped.length > 0 && failed.length === 0)
    notify("warn", game.i18n.format("ROLLING_BONES.Migration.WeaponsSkipped", { names: skipped.join(", ") }));
  return report;
}

/** The entry collections of the characters (keyed by id since version 1; a version 0 one by name). */
const ENTRY_COLLECTIONS = ["skills", "abilities", "traits", "conditions"] as const;

/**
 * Version 3, for characters stored with entries keyed by their names (version 0): their data models
 * read each under an id made from its name, and this writes that to the stored data, so a change or
 * a deletion made later finds the entry where it is stored. The update is sent whole (`diff: false`:
 * the document's copy already reads the new ids, so a diffed update would send nothing). [API13
 * DatabaseUpdateOperation#diff]
 */
async function rekeyStoredEntries(tally: Tally): Promise<void> {
  for (const actor of game.actors.contents as unknown as MigratedActor[]) {
    const stored = storedSystemOf(actor);
    const update: Record<string, unknown> = {};
    for (const key of ENTRY_COLLECTIONS) {
      if (!isObject(stored[key])) continue;
      const copy: Source = { [key]: structuredClone(stored[key]) };
      for (const [old, id] of rekeyEntries(copy, key)) {
        Object.assign(update, deletionUpdate(`system.${key}`, old));
        update[`system.${key}.${id}`] = (copy[key] as Source)[id];
      }
    }
    if (Object.keys(update).length === 0) continue;
    try {
      await actor.update(update, { diff: false });
    } catch (error) {
      console.error(`Rolling Bones | migration of ${actor.name} failed`, error);
      tally.failed.push(actor.name);
    }
  }
}

/** Version 2: the world's characters and those of its own unlocked actor compendiums get their equipment as Items. */
async function migrateEquipment(tally: Tally): Promise<void> {
  // The world's actors, read through the fields the migration needs (fvtt-types' Actor is far wider).
  for (const actor of game.actors.contents as unknown as MigratedActor[]) {
    await migrateActor(actor, storedSystemOf(actor), tally);
  }
  // The world's own actor compendiums (a locked one, or a system's or module's, is not ours to change).
  for (const pack of game.packs.contents as unknown as MigratedPack[]) {
    if (pack.documentName !== "Actor" || pack.locked || pack.metadata.packageType !== "world") continue;
    const index = await pack.getIndex({ fields: ["system.weapons", "system.schemaVersion"] });
    for (const entry of index) {
      const system = (entry.system ?? {}) as Source;
      if (system.schemaVersion === VERSION && !isObject(system.weapons)) continue;
      const actor = (await pack.getDocument(entry._id)) as MigratedActor | null;
      if (actor) await migrateActor(actor, system, tally);
    }
  }
}
