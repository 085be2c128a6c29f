/**
 * The Precision & Impact character: attributes as small pools of dice (e.g. d8 and d4), skills that
 * roll two attributes and add to Precision or Impact, and conditions that hinder while active.
 */

import { ActorModel } from "./base-model.ts";
import { migratePiCharacter } from "../migrations/index.ts";
import {
  PI_ATTRIBUTES,
  PI_CONDITION_HINDRANCES,
  PI_DIE_SIZES,
  PI_MAX_ATTRIBUTE_DICE,
  PI_MAX_MODIFIER,
  PI_SKILL_TARGETS,
} from "./constants.ts";
import { piHindrance } from "./derived.ts";
import { choiceField, entriesField, fixedKeysField, intField, nameField } from "../fields/index.ts";
import { defenceField, healthField, versionField } from "./fields.ts";
import type { SameShape } from "../fields/shape.ts";
import type { PiCharacterDerived, PiCharacterSource } from "./types.ts";
import { isPiAttributePool } from "./validators.ts";

import fields = foundry.data.fields;

/** An attribute's pool: allowed die sizes only, at most {@link PI_MAX_ATTRIBUTE_DICE} dice. */
function poolField() {
  return new fields.ArrayField(
    new fields.NumberField({ required: true, nullable: false, integer: true, choices: [...PI_DIE_SIZES] }),
    {
      required: true,
      initial: () => [6],
      validate: (value: unknown) => isPiAttributePool(value),
      validationError: `must hold at most ${PI_MAX_ATTRIBUTE_DICE} dice of sizes d${PI_DIE_SIZES.join(", d")}`,
    },
  );
}

/** Builds the Precision & Impact character schema. */
export function piSchema() {
  return {
    health: healthField(),
    schemaVersion: versionField(),
    attributes: fixedKeysField(PI_ATTRIBUTES, () => new fields.SchemaField({ dice: poolField() })),
    skills: entriesField(
      new fields.SchemaField({
        name: nameField(),
        first: choiceField(PI_ATTRIBUTES, PI_ATTRIBUTES[0]),
        second: choiceField(PI_ATTRIBUTES, PI_ATTRIBUTES[1]),
        adds: choiceField(PI_SKILL_TARGETS, PI_SKILL_TARGETS[0]),
        bonus: intField(-PI_MAX_MODIFIER, PI_MAX_MODIFIER, 1),
      }),
    ),
    conditions: entriesField(
      new fields.SchemaField({
        name: nameField(),
        hindrance: choiceField(PI_CONDITION_HINDRANCES, PI_CONDITION_HINDRANCES[0]),
        active: new fields.BooleanField({ required: true, nullable: false, initial: true }),
      }),
    ),
    defence: defenceField("pi"),
  };
}

/** The schema of the pi character model. */
export type PiCharacterSchema = ReturnType<typeof piSchema>;

/** The stored data the schema describes is exactly {@link PiCharacterSource} (checked here). */
export const piShapeCheck: SameShape<fields.SchemaField.InitializedData<PiCharacterSchema>, PiCharacterSource> = true;

/** The data model of a Precision & Impact character's `system`. */
export class PiCharacterModel extends ActorModel<
  PiCharacterSchema,
  Actor.Implementation,
  PiCharacterDerived & Record<string, unknown>
> {
  /** Field labels and hints come from `ROLLING_BONES.Actor.pi-character.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Actor.pi-character"];

  static override defineSchema(): PiCharacterSchema {
    return piSchema();
  }

  static override migrateSource = migratePiCharacter;

  /** Derives the one hindrance the active conditions impose. */
  protected override prepareOwnData(): void {
    this.hindrance = piHindrance(this.conditions);
  }
}
