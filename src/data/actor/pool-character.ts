/**
 * The dice-pool character: attributes rated 0–5 dots and abilities 0–6 (the rules give a sixth dot
 * an effect: two 1s ignored for a botch), Willpower and other 10-point
 * traits with permanent dots and current points (never above the permanent rating).
 */

import { ActorModel } from "./base-model.ts";
import { migratePoolCharacter } from "../migrations/index.ts";
import { POOL_ATTRIBUTES, POOL_MAX_ABILITY_DOTS, POOL_MAX_DOTS, POOL_MAX_TEN_POINT } from "./constants.ts";
import { willpowerBar, type BarValue } from "./bars.ts";
import { clampTenPoint } from "./derived.ts";
import { choiceField, entriesField, fixedKeysField, intField, nameField } from "../fields/index.ts";
import { defenceField, healthField, versionField } from "./fields.ts";
import type { SameShape } from "../fields/shape.ts";
import type { PoolCharacterSource } from "./types.ts";

import fields = foundry.data.fields;

/** A dot rating, 0 to `max` (5 for an Attribute, 6 for an Ability). */
function dotsField(initial: number, max = POOL_MAX_DOTS) {
  return intField(0, max, initial);
}

/** The fields of a 10-point trait: permanent dots and current points. */
function tenPointFields(initial: number) {
  return {
    permanent: intField(0, POOL_MAX_TEN_POINT, initial),
    current: intField(0, POOL_MAX_TEN_POINT, initial),
  };
}

/** Builds the dice-pool character schema. */
export function poolSchema() {
  return {
    health: healthField(),
    schemaVersion: versionField(),
    attributes: fixedKeysField(POOL_ATTRIBUTES, () => new fields.SchemaField({ rating: dotsField(1) })),
    abilities: entriesField(
      new fields.SchemaField({
        name: nameField(),
        attribute: choiceField(POOL_ATTRIBUTES, POOL_ATTRIBUTES[0]),
        rating: dotsField(0, POOL_MAX_ABILITY_DOTS),
      }),
    ),
    willpower: new fields.SchemaField(tenPointFields(5)),
    traits: entriesField(new fields.SchemaField({ name: nameField(), ...tenPointFields(0) })),
    defence: defenceField("pool"),
  };
}

/** The schema of the pool character model. */
export type PoolCharacterSchema = ReturnType<typeof poolSchema>;

/** The stored data the schema describes is exactly {@link PoolCharacterSource} (checked here). */
export const poolShapeCheck: SameShape<
  fields.SchemaField.InitializedData<PoolCharacterSchema>,
  PoolCharacterSource
> = true;

/** The data model of a dice-pool character's `system`. */
export class PoolCharacterModel extends ActorModel<
  PoolCharacterSchema,
  Actor.Implementation,
  { willpowerBar: BarValue } & Record<string, unknown>
> {
  /** Field labels and hints come from `ROLLING_BONES.Actor.pool-character.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Actor.pool-character"];

  static override defineSchema(): PoolCharacterSchema {
    return poolSchema();
  }

  static override migrateSource = migratePoolCharacter;

  /**
   * Keeps current points within the permanent rating in the prepared data (Active Effects skip
   * the schema's limits, and an older world may hold current above permanent).
   */
  protected override prepareOwnData(): void {
    this.willpower = clampTenPoint(this.willpower, POOL_MAX_TEN_POINT);
    for (const [id, trait] of Object.entries(this.traits)) this.traits[id] = clampTenPoint(trait, POOL_MAX_TEN_POINT);
    // Willpower as a token bar (`willpowerBar`): current of permanent.
    this.willpowerBar = willpowerBar(this.willpower);
  }
}
