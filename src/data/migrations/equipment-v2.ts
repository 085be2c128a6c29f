/**
 * Version 2: equipment moves from entries inside a character to embedded Items. Before it, an
 * action character kept its weapons in `system.weapons` (id → `{ name, attack, botchRange, damage }`,
 * or `botch` for `botchRange` before version 1); now each is a `weapon` Item whose action-dice figures
 * hold the same values. No other character type stored equipment (Precision & Impact conditions
 * are conditions, not equipment, and stay where they are).
 *
 * A data model's `migrateData` cannot create documents, so this step is planned here, purely, and
 * applied once per world by the active GM (`world.ts`, loaded on `ready` by that GM only: this module
 * is not startup code). What `migrateData` does of this version is in `character-v2.ts`.
 */

import { newWeapon } from "../item/defaults.ts";
import { ITEM_MAX_DESCRIPTION, WEAPON_MAX_ATTACK, WEAPON_MAX_BOTCH_RANGE } from "../item/constants.ts";
import type { WeaponKind, WeaponSource } from "../item/types.ts";
import { FORMULA_PATTERN, requireDamageFormula } from "../item/validators.ts";
import { actionCharacterV1 } from "./character-v1.ts";
import { VERSION } from "./character-v2.ts";
import { isObject, type Source } from "./helpers.ts";
import { kindFromDamage, readLegacyDamage } from "./item-v2.ts";

export { VERSION };

/** A Foundry document id: 16 letters and digits. */
const DOCUMENT_ID = /^[A-Za-z0-9]{16}$/;

/** The data of an Item to create on the character (`keepId`: the legacy entry's id when it is a document id). */
export interface ItemCreateData {
  _id: string;
  name: string;
  type: "weapon";
  sort: number;
  system: WeaponSource;
  /** The entry's key inside the character, for a reader who needs to trace it. */
  flags: { "rolling-bones": { legacyKey: string } };
}

/** An item a character already holds, as the plan reads it. */
export interface ExistingItem {
  readonly id: string;
  /** The legacy entry key it was made from, when a migration made it. */
  readonly legacyKey?: string | undefined;
}

/** A legacy entry the migration leaves where it is: its key and its name (as stored, if text). */
export interface SkippedEntry {
  readonly key: string;
  readonly name: string;
}

/** What migrating one character means: the Items to create, the legacy entries to delete, those left. */
export interface EquipmentPlan {
  /** The Items to create, in the entries' order. */
  readonly items: ItemCreateData[];
  /** The keys of `system.weapons` to delete once the Items exist (those moved now or by an earlier run). */
  readonly removedKeys: string[];
  /** Entries that are not weapons a weapon Item could hold (garbage figures, no name): left and reported. */
  readonly skipped: SkippedEntry[];
}

/** A whole number in `[min, max]`, or absent (the new weapon's default then). */
function figure(value: unknown, min: number, max: number): boolean {
  return value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max);
}

/** Whether a legacy entry's figures make a weapon Item the schema takes: a name, and figures in range. */
function movable(entry: Source): boolean {
  const { name, attack, botchRange } = entry;
  const { damage, description } = legacyDamage(entry.damage);
  if (typeof name !== "string" || name.trim() === "") return false;
  if (!figure(attack, -WEAPON_MAX_ATTACK, WEAPON_MAX_ATTACK) || !figure(botchRange, 1, WEAPON_MAX_BOTCH_RANGE))
    return false;
  if (description !== undefined && description.length > ITEM_MAX_DESCRIPTION) return false;
  try {
    if (damage !== undefined) requireDamageFormula(damage);
    return true;
  } catch {
    return false;
  }
}

/**
 * Plans moving a character's equipment entries to Items. The entries are read through the version 1
 * migration first, so a version 0 weapon (`botch`) arrives with its botch range; every stored value
 * is carried over as it is, and a value the entry lacked takes the new weapon's default.
 *
 * An entry already moved by an earlier, interrupted run (an item carries its key as `legacyKey`)
 * is not moved again, only deleted. An entry whose figures no weapon Item could hold (not an
 * object, no name, an attack or botch range out of range, a damage no formula within the limits is
 * read from, a damage text too long for the description it goes into) is
 * left where it is and reported, so one broken entry never stops the rest (or the world) migrating.
 *
 * @param type - The actor's type.
 * @param system - The actor's `system` source (not changed).
 * @param existing - The actor's items: their ids (an entry's id is kept only when free) and legacy keys.
 * @param newId - Makes a fresh document id (Foundry's `randomID`).
 */
export function planEquipment(
  type: string,
  system: Readonly<Source>,
  existing: readonly ExistingItem[],
  newId: () => string,
): EquipmentPlan {
  if (type !== "action-character" || !isObject(system.weapons)) return { items: [], removedKeys: [], skipped: [] };
  const weapons = actionCharacterV1(structuredClone({ weapons: system.weapons })).weapons as Source;
  const taken = new Set(existing.map((item) => item.id));
  const moved = new Set(existing.map((item) => item.legacyKey));
  const items: ItemCreateData[] = [];
  const removedKeys: string[] = [];
  const skipped: SkippedEntry[] = [];
  for (const [key, entry] of Object.entries(weapons)) {
    if (moved.has(key)) {
      removedKeys.push(key);
      continue;
    }
    if (!isObject(entry) || !movable(entry)) {
      const name = isObject(entry) && typeof entry.name === "string" ? entry.name : "";
      skipped.push({ key, name });
      continue;
    }
    removedKeys.push(key);
    const { name, attack, botchRange } = entry;
    const { damage, kind, description } = legacyDamage(entry.damage);
    const base = newWeapon();
    const id = DOCUMENT_ID.test(key) && !taken.has(key) ? key : newId();
    taken.add(id);
    items.push({
      _id: id,
      name: name as string,
      type: "weapon",
      sort: (items.length + 1) * 100000,
      system: {
        ...base,
        kind,
        ...(description === undefined ? {} : { description }),
        action: { ...base.action, ...defined({ attack, botchRange, damage }) },
      },
      flags: { "rolling-bones": { legacyKey: key } },
    });
  }
  return { items, removedKeys, skipped };
}

/**
 * A legacy weapon's damage (free text shown on the sheet before version 2) as a weapon item holds it:
 * a formula the item accepts is kept as it is, the kind a word beside it names (else melee); text
 * that is not a formula keeps its formula part as the damage, and the whole text as written goes
 * into the item's description, so nothing the user typed is lost.
 */
function legacyDamage(raw: unknown): { damage: unknown; kind: WeaponKind; description?: string } {
  if (typeof raw !== "string" || raw.trim() === "" || FORMULA_PATTERN.test(raw)) {
    return { damage: raw, kind: kindFromDamage([raw]) ?? "melee" };
  }
  const read = readLegacyDamage(raw);
  return { damage: read.formula, kind: read.kind ?? "melee", description: raw.trim() };
}

/** The entries of an object whose values are not `undefined`. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
