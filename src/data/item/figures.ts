/**
 * What an item means to a character of each engine: the figures its equipment list shows (only the
 * actor's engine's), and how a weapon rolls an attack (action dice with the weapon's modifier; the
 * other engines with a skill, ability or attributes the player chooses).
 */

import type { ActionRequest } from "../../engines/action/core.ts";
import type { EngineId } from "../../engines/core.ts";
import { formatNumber, formatSigned } from "../../helpers/numbers.ts";
import type { ItemType } from "./constants.ts";
import type { ItemSources, PiModifiers, WeaponKind } from "./types.ts";

/** One figure of an item: the localization key of its label (a schema field's) and its value as text. */
export interface ItemFigure {
  readonly key: string;
  readonly value: string;
}

/** An item as the pure functions read it: its type and stored `system` data. */
export type ItemData = { [T in ItemType]: { readonly type: T; readonly system: ItemSources[T] } }[ItemType];

/** The label key of an item field. */
export function itemFieldKey(type: ItemType, path: string): string {
  return `ROLLING_BONES.Item.${type}.FIELDS.${path}.label`;
}

function piFigures(type: ItemType, pi: PiModifiers, lang: string): ItemFigure[] {
  return [
    { key: itemFieldKey(type, "pi.precision"), value: formatSigned(pi.precision, lang) },
    { key: itemFieldKey(type, "pi.impact"), value: formatSigned(pi.impact, lang) },
  ];
}

/**
 * The figures of an item that matter to a character of an engine, in the order a sheet shows them.
 * A figure left empty (no damage formula, no bonus) shows as a dash, so every row of a list has the same columns.
 *
 * @param engine - The character's engine.
 * @param item - The item.
 * @param lang - The user's language: numbers and their signs are written in it (`+2`, `−1`).
 */
export function itemFigures(engine: EngineId, item: ItemData, lang: string): ItemFigure[] {
  const figures: ItemFigure[] = [];
  const add = (path: string, value: string) => {
    figures.push({ key: itemFieldKey(item.type, path), value: value === "" ? "—" : value });
  };
  if (item.type === "gear") {
    add("quantity", formatNumber(item.system.quantity, lang));
    if (engine === "wild") add("wild.bonus", item.system.wild.bonus);
    if (engine === "pi") figures.push(...piFigures("gear", item.system.pi, lang));
    return figures;
  }
  const weapon = item.system;
  switch (engine) {
    case "action":
      add("action.attack", formatSigned(weapon.action.attack, lang));
      add("action.botchRange", botchRangeText(weapon.action.botchRange));
      add("action.damage", weapon.action.damage);
      break;
    case "wild":
      add("wild.damage", weapon.wild.damage);
      break;
    case "pi":
      figures.push(...piFigures("weapon", weapon.pi, lang));
      break;
    case "percentile":
      if (weapon.percentile.damage !== "") add("percentile.damage", weapon.percentile.damage);
      add("percentile.multiplier", `×${formatNumber(weapon.percentile.multiplier, lang)}`);
      break;
    case "pool":
      add("pool.difficulty", formatNumber(weapon.pool.difficulty, lang));
      add("pool.damage", formatNumber(weapon.pool.damage, lang));
      break;
  }
  return figures;
}

/** A botch range as text: `1`, `1–2` … `1–4`. */
export function botchRangeText(range: number): string {
  return range <= 1 ? "1" : `1–${range}`;
}

/**
 * The engines whose characters roll an attack from a weapon's row: every one. Action dice roll with
 * the weapon's attack modifier and botch range; Precision & Impact with a skill or two attributes,
 * the weapon's modifiers added after the pick; percentile with a skill's rating, the weapon's damage
 * multiplier for a called shot; the Wild Die with a skill's code (the weapon has no attack figure);
 * the dice pool with an Attribute + Ability pair at the weapon's difficulty.
 */
export const WEAPON_ATTACK_ENGINES: readonly EngineId[] = Object.freeze(["action", "pi", "percentile", "wild", "pool"]);

/**
 * The request an action-dice attack with a weapon starts from: the weapon's modifier and botch
 * range; `null` for the other engines (their attacks start from the skill, ability or attributes the
 * player chooses: `actor/requests.ts`).
 */
export function weaponAttackRequest(engine: EngineId, weapon: ItemSources["weapon"]): ActionRequest | null {
  if (engine !== "action") return null;
  return { kind: "attack", modifier: weapon.action.attack, botchRange: weapon.action.botchRange };
}

/**
 * The wielder's ability an action-dice attack with a weapon of a kind adds (docs/rules.md §6): Strength
 * in melee, Dexterity (the action character's agility) for a thrown or ranged weapon.
 */
export function attackAbility(kind: WeaponKind): "strength" | "dexterity" {
  return kind === "melee" ? "strength" : "dexterity";
}

/** Whether a weapon's damage adds the wielder's Strength (docs/rules.md §6): melee and thrown weapons do, ranged ones do not. */
export function damageAddsStrength(kind: WeaponKind): boolean {
  return kind !== "ranged";
}
