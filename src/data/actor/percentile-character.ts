/**
 * The percentile character: attributes and skills whose ratings pick the Action Results Table
 * column, and the karma that buys bonus dice.
 */

import { migratePercentileCharacter } from "../migrations/index.ts";
import { PERCENTILE_ATTRIBUTES, PERCENTILE_MAX_RATING } from "./constants.ts";
import { ActorModel } from "./base-model.ts";
import { entriesField, fixedKeysField, intField, nameField } from "../fields/index.ts";
import { defenceField, healthField, pointsField, versionField } from "./fields.ts";
import type { PercentileCharacterSource } from "./types.ts";
import type { SameShape } from "../fields/shape.ts";

import fields = foundry.data.fields;

/** A rating: the Action Results Table column the trait reads. */
function ratingField() {
  return intField(0, PERCENTILE_MAX_RATING, 0);
}

/** Builds the percentile character schema. */
export function percentileSchema() {
  return {
    health: healthField(),
    schemaVersion: versionField(),
    attributes: fixedKeysField(PERCENTILE_ATTRIBUTES, () => new fields.SchemaField({ rating: ratingField() })),
    skills: entriesField(new fields.SchemaField({ name: nameField(), rating: ratingField() })),
    karma: pointsField(),
    defence: defenceField("percentile"),
  };
}

/** The schema of the percentile character model. */
export type PercentileCharacterSchema = ReturnType<typeof percentileSchema>;

/** The stored data the schema describes is exactly {@link PercentileCharacterSource} (checked here). */
export const percentileShapeCheck: SameShape<
  fields.SchemaField.InitializedData<PercentileCharacterSchema>,
  PercentileCharacterSource
> = true;

/** The data model of a percentile character's `system`. */
export class PercentileCharacterModel extends ActorModel<PercentileCharacterSchema, Actor.Implementation> {
  /** Field labels and hints come from `ROLLING_BONES.Actor.percentile-character.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Actor.percentile-character"];

  static override defineSchema(): PercentileCharacterSchema {
    return percentileSchema();
  }

  static override migrateSource = migratePercentileCharacter;
}
