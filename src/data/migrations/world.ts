/**
 * The world migration, run on `ready` by the active GM only, once per schema version: every
 * character (in the world, and in the world's own unlocked actor compendiums) whose equipment is
 * still stored inside it gets that equipment as embedded Items
 * (`planEquipment`), its legacy entries are deleted and its schema version raised. A world setting
 * records the version reached, so the next load does nothing; when a character fails, the setting
 * is left as it was and the next load tries again (an actor already moved has no entries left).
 * The GM is told what was done in one notification, with the details on the console.
 */

import { SYSTEM_ID } from "../../constants.ts";
import { replacementUpdate } from "../../helpers/compat.ts";
import { notify } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { VERSION, planEquipment } from "./equipment-v2.ts";
import { isObject, type Source } from "./helpers.ts";

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
  update(changes: Record<string, unknown>): Promise<unknown>;
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
  if (plan.items.length === 0 && plan.removedKeys.length === 0 && stored.schemaVersion === VERSION) return;
  try {
    if (plan.items.length > 0) await actor.createEmbeddedDocuments("Item", plan.items, { keepId: true });
    // The legacy field leaves the data altogether: `system` is replaced whole by its source (which the
    // schema cleaned, without the field) at the new version. A deletion of the field would not do: it
    // is absent from the source, and v14 drops such a deletion silently (helpers/compat.ts).
    const source = { ...(actor._source.system as Source), schemaVersion: VERSION };
    await actor.update(
      isObject(stored.weapons) ? replacementUpdate("system", source) : { "system.schemaVersion": VERSION },
    );
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
  if (stored >= VERSION) return null;
  const tally: Tally = { actors: 0, items: 0, failed: [] };
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
  const { actors, items, failed } = tally;
  const report: WorldMigrationReport = { version: VERSION, actors, items, failed };
  if (failed.length === 0) await game.settings.set(SYSTEM_ID, SETTING_KEYS.worldSchemaVersion, VERSION);
  console.info(`Rolling Bones | world migrated to schema ${VERSION}`, report);
  if (failed.length > 0) {
    notify("error", game.i18n.format("ROLLING_BONES.Migration.Failed", { names: failed.join(", ") }));
  } else if (items > 0) {
    notify("info", game.i18n.format("ROLLING_BONES.Migration.Done", { items: String(items), actors: String(actors) }));
  }
  return report;
}
