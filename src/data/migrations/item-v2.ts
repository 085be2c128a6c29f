/**
 * Version 2 of the item schemas: a weapon names how it is used (docs/rules.md §6) — its kind (melee,
 * thrown or ranged) and, per engine, the skill (for dice pools, the Attribute + Ability pair) an attack
 * with it is usually rolled with. A version 1 weapon has neither: its kind is read from its damage
 * figures where they say it (a word such as "thrown" or "ranged" beside a formula, as the damage of
 * the weapons kept inside characters before version 2 was free text), else it is a melee weapon; its
 * usual skills stay empty, which means "guessed from the weapon's name" exactly as before. Every other
 * stored value is kept as it is.
 *
 * Pure and safe on every load and on partial update data (which carries no version, and is left alone).
 */

import type { WeaponKind } from "../item/types.ts";
import { bumpVersion, isObject, type Source } from "./helpers.ts";

/** The version this migration produces. */
export const VERSION = 2;

/** The words of a damage text that name a weapon's kind, checked in this order. */
const KIND_WORDS: readonly (readonly [WeaponKind, RegExp])[] = [
  ["thrown", /\b(?:thrown|throwing|throw)\b/i],
  ["ranged", /\b(?:ranged|range|missile|shot|shoots?)\b/i],
  ["melee", /\b(?:melee|close)\b/i],
];

/**
 * The kind a weapon's damage figures name, or `null` when none names one (`"1d6 thrown"` → thrown,
 * `"2d6 (ranged)"` → ranged, `"1d8"` → `null`).
 *
 * @param texts - The damage figures as stored (formulas, codes, legacy free text); non-text is skipped.
 */
export function kindFromDamage(texts: readonly unknown[]): WeaponKind | null {
  for (const [kind, pattern] of KIND_WORDS) {
    if (texts.some((text) => typeof text === "string" && pattern.test(text))) return kind;
  }
  return null;
}

/** A legacy damage text split into the formula it holds, the kind it names and whatever else it says. */
export interface LegacyDamage {
  /** The dice formula found at its start (`1d6+2`), or empty. */
  readonly formula: string;
  /** The kind it names, or `null`. */
  readonly kind: WeaponKind | null;
  /** The text left once the formula and the kind's word are taken out (trimmed), to keep in the description. */
  readonly rest: string;
}

/** A formula at the start of a text: dice and numbers joined by + or -. */
const LEADING_FORMULA = /^\s*((?:\d{0,2}d\d{1,3}|\d{1,3})(?:\s*[+-]\s*(?:\d{0,2}d\d{1,3}|\d{1,3}))*)(?![\w])/i;

/**
 * Reads the free-text damage of a weapon kept inside a character before version 2 (`"1d6+2 thrown"`,
 * `"2d6 (pistol, ranged)"`): the formula it starts with, the kind it names, and the rest.
 *
 * @param text - The stored damage text.
 */
export function readLegacyDamage(text: string): LegacyDamage {
  const match = LEADING_FORMULA.exec(text);
  const formula = match ? (match[1] ?? "").replace(/\s+/g, "") : "";
  const after = match ? text.slice(match[0].length) : text;
  const kind = kindFromDamage([after]);
  const rest = after
    .replace(/[()[\],;]/g, " ")
    .split(/\s+/)
    .filter((word) => word !== "" && kindFromDamage([word]) === null)
    .join(" ");
  return { formula, kind, rest };
}

/**
 * A weapon's source in the version 2 shape, in place: a version 1 weapon without a kind gets the
 * one its damage figures name, else `melee`, and its version is raised. Partial update data and
 * version 2 data are returned unchanged.
 *
 * @param source - The stored `system` data (possibly partial).
 */
export function migrateWeapon<S extends Source>(source: S): S {
  const version = source.schemaVersion;
  if (typeof version !== "number" || version >= VERSION) return source;
  if (!("kind" in source)) {
    const action = isObject(source.action) ? source.action : {};
    const wild = isObject(source.wild) ? source.wild : {};
    (source as Source).kind = kindFromDamage([action.damage, wild.damage]) ?? "melee";
  }
  bumpVersion(source, VERSION);
  return source;
}

/**
 * A piece of gear's source in the version 2 shape, in place: gear did not change, so only its
 * version is raised (partial update data is returned unchanged).
 *
 * @param source - The stored `system` data (possibly partial).
 */
export function migrateGear<S extends Source>(source: S): S {
  bumpVersion(source, VERSION);
  return source;
}
