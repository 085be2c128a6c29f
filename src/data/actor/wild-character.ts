/**
 * The wild-die character: attributes and skills as die codes (`ND+P`), Character Points, Fate
 * Points (five to start with) and the points spent in the current session.
 */

import { ActorModel } from "./base-model.ts";
import { migrateWildCharacter } from "../migrations/index.ts";
import {
  MAX_POINTS,
  WILD_ATTRIBUTES,
  WILD_DEFAULT_CODE,
  WILD_FATE_POINTS_PER_SESSION,
  WILD_STARTING_FATE_POINTS,
} from "./constants.ts";
import { wildSessionLeft } from "./derived.ts";
import { choiceField, entriesField, fixedKeysField, intField, nameField } from "../fields/index.ts";
import { defenceField, healthField, pointsField, versionField } from "./fields.ts";
import type { SameShape } from "../fields/shape.ts";
import type { WildCharacterDerived, WildCharacterSource } from "./types.ts";
import { notify } from "../../helpers/notify.ts";
import { changesSessionCounters, isDieCode, raisesFatePoints } from "./validators.ts";

import fields = foundry.data.fields;

/** A die code such as `3D+1`, checked with the wild engine's reader. */
function codeField() {
  return new fields.StringField({
    required: true,
    nullable: false,
    blank: false,
    trim: true,
    initial: WILD_DEFAULT_CODE,
    validate: (value: unknown) => isDieCode(value),
    validationError: "must be a die code such as 3D+1",
  });
}

/** Builds the wild-die character schema. */
export function wildSchema() {
  return {
    health: healthField(),
    schemaVersion: versionField(),
    attributes: fixedKeysField(WILD_ATTRIBUTES, () => new fields.SchemaField({ code: codeField() })),
    skills: entriesField(
      new fields.SchemaField({
        name: nameField(),
        attribute: choiceField(WILD_ATTRIBUTES, WILD_ATTRIBUTES[0]),
        code: codeField(),
      }),
    ),
    characterPoints: pointsField(),
    fatePoints: pointsField(WILD_STARTING_FATE_POINTS),
    session: new fields.SchemaField({
      characterPoints: intField(0, MAX_POINTS, 0),
      fatePoints: intField(0, WILD_FATE_POINTS_PER_SESSION, 0),
    }),
    defence: defenceField("wild"),
  };
}

/** The schema of the wild character model. */
export type WildCharacterSchema = ReturnType<typeof wildSchema>;

/** The stored data the schema describes is exactly {@link WildCharacterSource} (checked here). */
export const wildShapeCheck: SameShape<
  fields.SchemaField.InitializedData<WildCharacterSchema>,
  WildCharacterSource
> = true;

/** The data model of a wild-die character's `system`. */
export class WildCharacterModel extends ActorModel<
  WildCharacterSchema,
  Actor.Implementation,
  WildCharacterDerived & Record<string, unknown>
> {
  /** Field labels and hints come from `ROLLING_BONES.Actor.wild-character.FIELDS`. */
  static override LOCALIZATION_PREFIXES = ["ROLLING_BONES.Actor.wild-character"];

  static override defineSchema(): WildCharacterSchema {
    return wildSchema();
  }

  static override migrateSource = migrateWildCharacter;

  /** Derives what may still be spent this session. */
  protected override prepareOwnData(): void {
    this.sessionLeft = wildSessionLeft(this);
  }

  /**
   * Refuses a player's change to this session's counters (they are written by the rolls that spend,
   * applied by the active GM, and corrected by a GM, so an owner cannot reset the per-session limits)
   * and a player's raise of the Fate Points held (docs/rules.md §3: only the GM gives points back).
   */
  protected override async _preUpdate(
    ...args: Parameters<foundry.abstract.TypeDataModel.Any["_preUpdate"]>
  ): Promise<boolean | void> {
    const [changes, , user] = args;
    if (!user.isGM && changesSessionCounters(this.session, changes)) {
      notify("warn", game.i18n.localize("ROLLING_BONES.Points.Sheet.SessionCountersGmOnly"));
      return false;
    }
    if (!user.isGM && raisesFatePoints(this.fatePoints, changes)) {
      notify("warn", game.i18n.localize("ROLLING_BONES.Points.Sheet.FateRaiseGmOnly"));
      return false;
    }
    return super._preUpdate(...args);
  }
}
