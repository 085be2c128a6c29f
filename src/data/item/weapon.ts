/**
 * The weapon item: one group of figures per engine, so the same weapon serves a character of any
 * engine (its sheet shows the owner's engine's group; a weapon in the sidebar or a compendium shows
 * them all).
 */

import { POOL_ATTRIBUTES } from "../actor/constants.ts";
import { choiceField, intField, nameField } from "../fields/index.ts";
import { migrateWeapon } from "../migrations/item-v2.ts";
import type { SameShape } from "../fields/shape.ts";
import {
  WEAPON_KINDS,
  WEAPON_MAX_ATTACK,
  WEAPON_MAX_BOTCH_RANGE,
  WEAPON_MAX_MULTIPLIER,
  WEAPON_MAX_POOL_DAMAGE,
  WEAPON_POOL_DIFFICULTY,
} from "./constants.ts";
import { checkedTextField, descriptionField, itemVersionField } from "./fields.ts";
import type { WeaponSource } from "./types.ts";
import { ITEM_MAX_PI_MODIFIER } from "./constants.ts";
import { requireDamageCode, requireDamageFormula } from "./validators.ts";

import fields = foundry.data.fields;

/** Builds the weapon schema. */
function weaponSchema() {
  const { min, max, initial } = WEAPON_POOL_DIFFICULTY;
  return {
    schemaVersion: itemVersionField(),
    description: descriptionField(),
    equipped: new fields.BooleanField({ initial: true }),
    kind: choiceField(WEAPON_KINDS, "melee"),
    action: new fields.SchemaField({
      attack: intField(-WEAPON_MAX_ATTACK, WEAPON_MAX_ATTACK, 0),
      botchRange: intField(1, WEAPON_MAX_BOTCH_RANGE, 1),
      damage: checkedTextField(requireDamageFormula),
    }),
    wild: new fields.SchemaField({ damage: checkedTextField(requireDamageCode), skill: nameField() }),
    pi: new fields.SchemaField({
      precision: intField(-ITEM_MAX_PI_MODIFIER, ITEM_MAX_PI_MODIFIER, 0),
      impact: intField(-ITEM_MAX_PI_MODIFIER, ITEM_MAX_PI_MODIFIER, 0),
      skill: nameField(),
    }),
    percentile: new fields.SchemaField({
      damage: checkedTextField(requireDamageFormula),
      multiplier: intField(1, WEAPON_MAX_MULTIPLIER, 1),
      skill: nameField(),
    }),
    pool: new fields.SchemaField({
      difficulty: intField(min, max, initial),
      damage: intField(0, WEAPON_MAX_POOL_DAMAGE, 0),
      ability: nameField(),
      attribute: new fields.StringField({
        required: true,
        nullable: false,
        blank: true,
        initial: "",
        validate: (value: unknown) => value === "" || (POOL_ATTRIBUTES as readonly unknown[]).includes(value),
        validationError: "is not a dice-pool Attribute",
      }),
    }),
  };
}

/** The schema of the weapon model. */
export type WeaponSchema = ReturnType<typeof weaponSchema>;

/** The stored data the schema describes is exactly {@link WeaponSource} (checked here). */
export const weaponShapeCheck: SameShape<fields.SchemaField.InitializedData<WeaponSchema>, WeaponSource> = true;

/** The data model of a weapon's `system`. */
export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  /** Field labels and hints come from `ROLLING_BONES.Item.weapon.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Item.weapon"];

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  /** Stored weapons of an older schema are read in the current shape (`migrations/item-v2.ts`). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateWeapon(source));
  }
}
