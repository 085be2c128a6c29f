/**
 * Fixed figures of the equipment items: the item types, the limits of each engine's figures (taken
 * from the engines, so an item never stores what an engine would refuse), and the schema version.
 */

import { percentile, pool } from "../../engines/core.ts";
import { ACTION_MAX_BOTCH_RANGE, ACTION_MAX_MODIFIER, MAX_POINTS, PI_MAX_MODIFIER } from "../actor/constants.ts";

/** The version of the item schemas; bump it with a migration in `src/data/migrations/`. */
export const ITEM_SCHEMA_VERSION = 2;

/** The equipment item types: a weapon, and any other gear. */
export const ITEM_TYPES = Object.freeze(["weapon", "gear"] as const);

/** An item type. */
export type ItemType = (typeof ITEM_TYPES)[number];

/** Whether a value is one of the system's item types. */
export function isItemType(value: unknown): value is ItemType {
  return typeof value === "string" && (ITEM_TYPES as readonly string[]).includes(value);
}

/** The localization key naming each item type (for `CONFIG.Item.typeLabels`). */
export const ITEM_TYPE_LABELS: Readonly<Record<ItemType, string>> = Object.freeze({
  weapon: "ROLLING_BONES.Item.weapon.label",
  gear: "ROLLING_BONES.Item.gear.label",
});

/** How a weapon is used, in the order an item sheet offers them (docs/rules.md §6). */
export const WEAPON_KINDS = Object.freeze(["melee", "thrown", "ranged"] as const);

/** Whether a value is a weapon kind. */
export function isWeaponKind(value: unknown): value is (typeof WEAPON_KINDS)[number] {
  return typeof value === "string" && (WEAPON_KINDS as readonly string[]).includes(value);
}

/** The largest attack modifier of an action-dice weapon (the d20 modifier limit). */
export const WEAPON_MAX_ATTACK = ACTION_MAX_MODIFIER;

/** The widest botch range of an action-dice weapon (natural 1 to 4). */
export const WEAPON_MAX_BOTCH_RANGE = ACTION_MAX_BOTCH_RANGE;

/** The largest Precision or Impact modifier of a piece of equipment. */
export const ITEM_MAX_PI_MODIFIER = PI_MAX_MODIFIER;

/** The largest base damage multiplier of a percentile weapon. */
export const WEAPON_MAX_MULTIPLIER = percentile.MAX_DAMAGE_MULTIPLIER;

/** The easiest and hardest difficulty a dice-pool weapon may name, and the usual one. */
export const WEAPON_POOL_DIFFICULTY = Object.freeze({
  min: pool.MIN_DIFFICULTY,
  max: pool.MAX_DIFFICULTY,
  initial: pool.DEFAULT_DIFFICULTY,
});

/** The most damage dice a dice-pool weapon adds (a pool's limit). */
export const WEAPON_MAX_POOL_DAMAGE = pool.MAX_POOL;

/** The most of one gear item a character may carry. */
export const GEAR_MAX_QUANTITY = MAX_POINTS;

/** The longest description a user may give an item. */
export const ITEM_MAX_DESCRIPTION = 2000;
