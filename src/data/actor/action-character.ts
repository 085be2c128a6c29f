/**
 * The action character: a level that gives the action dice, d20 modifiers for abilities, saving
 * throws and skills, and bonus dice from a class feature. Weapons are Items (their botch range is a
 * weapon figure); the legacy `weapons` entries left the schema with version 2, and `migrateData`
 * still reads them (the world migration moves them to Items).
 */

import { ActorModel } from "./base-model.ts";
import { migrateActionCharacter } from "../migrations/index.ts";
import {
  ACTION_ABILITIES,
  ACTION_CLASS_DIE_SIZES,
  ACTION_MAX_CLASS_DICE,
  ACTION_MAX_LEVEL,
  ACTION_MAX_MODIFIER,
  ACTION_SAVES,
} from "./constants.ts";
import { heldDiceOf } from "./held.ts";
import type { BarValue } from "./bars.ts";
import { actionDiceFor } from "./derived.ts";
import { entriesField, fixedKeysField, intField, nameField } from "../fields/index.ts";
import { defenceField, healthField, versionField } from "./fields.ts";
import type { SameShape } from "../fields/shape.ts";
import type { ActionCharacterDerived, ActionCharacterSource } from "./types.ts";
import { isActionLevel } from "./validators.ts";

import fields = foundry.data.fields;

/** A d20 modifier. */
function modField() {
  return intField(-ACTION_MAX_MODIFIER, ACTION_MAX_MODIFIER, 0);
}

/** Builds the action character schema. */
export function actionSchema() {
  return {
    health: healthField(),
    schemaVersion: versionField(),
    level: new fields.NumberField({
      required: true,
      nullable: false,
      min: 0,
      max: ACTION_MAX_LEVEL,
      initial: 1,
      validate: (value: unknown) => isActionLevel(value),
      validationError: "must be ½ or a whole number",
    }),
    abilities: fixedKeysField(ACTION_ABILITIES, () => new fields.SchemaField({ mod: modField() })),
    saves: fixedKeysField(ACTION_SAVES, () => new fields.SchemaField({ mod: modField() })),
    skills: entriesField(new fields.SchemaField({ name: nameField(), mod: modField() })),
    classDice: new fields.SchemaField({
      faces: new fields.NumberField({
        required: true,
        nullable: false,
        integer: true,
        initial: 6,
        choices: [...ACTION_CLASS_DIE_SIZES],
      }),
      count: intField(0, ACTION_MAX_CLASS_DICE, 0),
    }),
    defence: defenceField("action"),
  };
}

/** The schema of the action character model. */
export type ActionCharacterSchema = ReturnType<typeof actionSchema>;

/** The stored data the schema describes is exactly {@link ActionCharacterSource} (checked here). */
export const actionShapeCheck: SameShape<
  fields.SchemaField.InitializedData<ActionCharacterSchema>,
  ActionCharacterSource
> = true;

/** The data model of an action character's `system`. */
export class ActionCharacterModel extends ActorModel<
  ActionCharacterSchema,
  Actor.Implementation,
  ActionCharacterDerived & Record<string, unknown>
> {
  /** Field labels and hints come from `ROLLING_BONES.Actor.action-character.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Actor.action-character"];

  static override defineSchema(): ActionCharacterSchema {
    return actionSchema();
  }

  static override migrateSource = migrateActionCharacter;

  /** Derives the action dice (die size and count) from the level, and the matching GM die. */
  protected override prepareOwnData(): void {
    this.actionDice = actionDiceFor(this.level);
  }

  /**
   * The action dice the character's player holds this session, for a token bar (`heldDice`). Read
   * when the bar is drawn, as a pool lives in the player's User flags, not on the character.
   */
  get heldDice(): BarValue {
    return heldDiceOf(this.parent);
  }
}
