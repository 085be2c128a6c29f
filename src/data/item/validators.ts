/**
 * Pure validation of item data: the predicates behind the schemas' `validate` options and the rules
 * an item sheet's change set is checked against before it is sent (the same machinery as the
 * characters', `checkChanges`), so a bad figure gets one localized message and nothing changes.
 */

import { shared, wild } from "../../engines/core.ts";
import { POOL_ATTRIBUTES } from "../actor/constants.ts";
import { MAX_NAME_LENGTH } from "../fields/limits.ts";
import { checkChanges, int, maxText, rule, versionRule, type PreparedUpdate, type Rule } from "../fields/rules.ts";
import { checkDamageFormula } from "./damage.ts";
import { newGear, newWeapon } from "./defaults.ts";
import {
  GEAR_MAX_QUANTITY,
  ITEM_MAX_DESCRIPTION,
  ITEM_MAX_PI_MODIFIER,
  WEAPON_MAX_ATTACK,
  WEAPON_MAX_BOTCH_RANGE,
  WEAPON_MAX_MULTIPLIER,
  WEAPON_MAX_POOL_DAMAGE,
  WEAPON_KINDS,
  WEAPON_POOL_DIFFICULTY,
  isWeaponKind,
  type ItemType,
} from "./constants.ts";

const { EngineError } = shared;

/** One term of a damage formula: dice (`2d6`, `d8`) or a number. */
const TERM = "(?:\\d{0,2}d\\d{1,3}|\\d{1,3})";

/** A damage formula: terms joined by `+` or `-`, spaces allowed (`1d8+2`, `2d6 + 1d4`). */
export const FORMULA_PATTERN = new RegExp(`^\\s*${TERM}(?:\\s*[+-]\\s*${TERM})*\\s*$`, "i");

/**
 * Checks an action-dice weapon's damage formula: empty, or dice and numbers added or subtracted.
 *
 * @throws EngineError `BadDamageFormula` naming the text.
 */
export function requireDamageFormula(value: unknown): string {
  if (typeof value !== "string" || (value.trim() !== "" && !FORMULA_PATTERN.test(value))) {
    throw new EngineError("BadDamageFormula", { formula: String(value) });
  }
  return value;
}

/** Checks a Wild Die weapon's damage code: empty, or a die code (`3D+1`). */
export function requireDamageCode(value: unknown): void {
  if (value !== "") wild.parseCode(value);
}

/** Checks a Wild Die equipment bonus: empty, or a bonus (`+1D`, `+2`). */
export function requireBonus(value: unknown): void {
  if (value !== "") wild.parseBonus(value);
}

/**
 * Checks a weapon's kind: melee, thrown or ranged.
 *
 * @throws EngineError `UnknownWeaponKind` naming the value and the kinds.
 */
export function requireWeaponKind(value: unknown): void {
  if (!isWeaponKind(value)) {
    throw new EngineError("UnknownWeaponKind", { field: "kind", value: String(value), kinds: WEAPON_KINDS.join(", ") });
  }
}

/**
 * Checks the Attribute a dice-pool weapon's Ability is paired with: empty (the Ability's own) or one
 * of the dice-pool Attributes.
 *
 * @throws EngineError `UnknownPoolAttribute` naming the value.
 */
export function requirePoolAttribute(value: unknown): void {
  if (value !== "" && !(POOL_ATTRIBUTES as readonly unknown[]).includes(value)) {
    throw new EngineError("UnknownPoolAttribute", { field: "attribute", value: String(value) });
  }
}

const piRules = (): Rule[] => [
  rule("pi\\.precision", int("precision", -ITEM_MAX_PI_MODIFIER, ITEM_MAX_PI_MODIFIER)),
  rule("pi\\.impact", int("impact", -ITEM_MAX_PI_MODIFIER, ITEM_MAX_PI_MODIFIER)),
];

/** The rules of each item type, one per leaf that holds a number, a formula or a code. */
export const ITEM_UPDATE_RULES: Readonly<Record<ItemType, readonly Rule[]>> = Object.freeze({
  weapon: [
    versionRule,
    rule("kind", requireWeaponKind),
    rule("(?:(?:wild|pi|percentile)\\.skill|pool\\.ability)", maxText(MAX_NAME_LENGTH, true)),
    rule("pool\\.attribute", requirePoolAttribute),
    rule("action\\.attack", int("attack", -WEAPON_MAX_ATTACK, WEAPON_MAX_ATTACK)),
    rule("action\\.botchRange", int("botchRange", 1, WEAPON_MAX_BOTCH_RANGE)),
    // The sheet takes only a formula the damage roll can throw (the schema keeps stored formulas loadable).
    rule("action\\.damage", checkDamageFormula),
    rule("wild\\.damage", requireDamageCode),
    ...piRules(),
    rule("percentile\\.damage", checkDamageFormula),
    rule("percentile\\.multiplier", int("multiplier", 1, WEAPON_MAX_MULTIPLIER)),
    rule("pool\\.difficulty", int("difficulty", WEAPON_POOL_DIFFICULTY.min, WEAPON_POOL_DIFFICULTY.max)),
    rule("pool\\.damage", int("damageDice", 0, WEAPON_MAX_POOL_DAMAGE)),
  ],
  gear: [
    versionRule,
    rule("quantity", int("quantity", 0, GEAR_MAX_QUANTITY)),
    rule("wild\\.bonus", requireBonus),
    ...piRules(),
  ],
});

/**
 * Checks a flat change set of an item (`{"system.action.attack": "3", "name": "Axe"}`, as its
 * sheet submits it) against its type's rules.
 *
 * @returns The changes to send (numbers written as text read as numbers), or the first error.
 */
export function prepareItemUpdate(type: ItemType, changes: Readonly<Record<string, unknown>>): PreparedUpdate {
  const known = Object.fromEntries(Object.entries(changes).filter(([key]) => knownItemKey(type, key)));
  return checkChanges([...ITEM_UPDATE_RULES[type], DESCRIPTION_RULE, EQUIPPED_RULE], known);
}

/** Every leaf path of an item type's `system` (`action.attack`, `equipped`…), from a new item's data. */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, v]) => leafPaths(v, prefix ? `${prefix}.${key}` : key));
}

/** The fields an item sheet may change: its name and image, and every leaf of its type's `system`. */
const ITEM_KEYS: Readonly<Record<ItemType, ReadonlySet<string>>> = Object.freeze({
  weapon: new Set(["name", "img", ...leafPaths(newWeapon()).map((p) => `system.${p}`)]),
  gear: new Set(["name", "img", ...leafPaths(newGear()).map((p) => `system.${p}`)]),
});

/**
 * Whether a flat key is a field of the item type (the sheet drops any other key a changed page or a
 * forged form sends: no rule knows it, and the model would not keep it).
 */
function knownItemKey(type: ItemType, key: string): boolean {
  return ITEM_KEYS[type].has(key);
}

/** Whether an item is equipped: on or off, nothing else (a forged "yes" is refused in words). */
const EQUIPPED_RULE: Rule = rule("equipped", (value) => {
  if (typeof value !== "boolean") throw new EngineError("NotOnOrOff", { field: "equipped" });
});

/** Every item's description: at most {@link ITEM_MAX_DESCRIPTION} characters, as its schema allows. */
const DESCRIPTION_RULE: Rule = rule("description", maxText(ITEM_MAX_DESCRIPTION, false));
