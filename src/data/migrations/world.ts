/**
 * The world migration, run on `ready` by the active GM only, once per schema version: every
 * character whose equipment is still stored inside it gets that equipment as embedded Items
 * (`planEquipment`), its legacy entries are deleted and its schema version raised. A world setting
 * records the version reached, so the next load does nothing; when a character fails, the setting
 * is left as it was and the next load tries again (an actor already moved has no entries left).
 * The GM is told what was done in one notification, with the details on the console.
 */

import { SYSTEM_ID } from "../../constants.ts";
import { deletionUpdate } from "../../helpers/compat.ts";
import { notify } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { VERSION, planEquipment } from "./equipment-v2.ts";
import type { Source } from "./helpers.ts";

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
  readonly name: string;
  readonly type: string;
  readonly system: unknown;
  readonly items: { readonly contents: readonly { readonly id: string | null; readonly flags: object }[] };
  createEmbeddedDocuments(name: "Item", data: object[], options: { keepId: boolean }): Promise<unknown>;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/**
 * Migrates the world's characters when this client is the active GM and the world's recorded
 * version is older than the current one.
 *
 * @returns What was done, or `null` when nothing was due (not the active GM, or already migrated).
 */
export async function migrateWorld(): Promise<WorldMigrationReport | null> {
  if (!game.users.activeGM?.isSelf) return null;
  const stored = game.settings.get(SYSTEM_ID, SETTING_KEYS.worldSchemaVersion);
  if (stored >= VERSION) return null;
  let actors = 0;
  let items = 0;
  const failed: string[] = [];
  // The world's actors, read through the fields the migration needs (fvtt-types' Actor is far wider).
  for (const actor of game.actors.contents as unknown as MigratedActor[]) {
    const system = (actor.system ?? {}) as Source;
    const existing = actor.items.contents.map((item) => ({
      id: item.id ?? "",
      legacyKey: foundry.utils.getProperty(item.flags, `${SYSTEM_ID}.legacyKey`) as string | undefined,
    }));
    const plan = planEquipment(actor.type, system, existing, () => foundry.utils.randomID());
    if (plan.items.length === 0 && plan.removedKeys.length === 0 && system.schemaVersion === VERSION) continue;
    try {
      if (plan.items.length > 0) await actor.createEmbeddedDocuments("Item", plan.items, { keepId: true });
      const removals = plan.removedKeys.map((key) => deletionUpdate("system.weapons", key));
      await actor.update(Object.assign({ "system.schemaVersion": VERSION }, ...removals) as Record<string, unknown>);
      if (plan.items.length > 0) actors += 1;
      items += plan.items.length;
    } catch (error) {
      console.error(`Rolling Bones | migration of ${actor.name} failed`, error);
      failed.push(actor.name);
    }
  }
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
