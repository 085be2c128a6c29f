/**
 * The NPC data models, one per engine: each is its character type's schema less the player's points
 * and pools ({@link NPC_OMITTED}), plus a notes field, and migrates old data as the character does.
 */

import {
  migrateActionCharacter,
  migratePercentileCharacter,
  migratePiCharacter,
  migratePoolCharacter,
  migrateWildCharacter,
} from "../migrations/index.ts";
import { actionSchema } from "./action-character.ts";
import { NPC_MAX_NOTES, NPC_OMITTED, type CharacterType } from "./constants.ts";
import { piHindrance } from "./derived.ts";
import { ActorModel } from "./base-model.ts";
import { textField } from "../fields/index.ts";
import type { NpcSource } from "./npc.ts";
import { percentileSchema } from "./percentile-character.ts";
import { piSchema } from "./pi-character.ts";
import { poolSchema } from "./pool-character.ts";
import type { SameShape } from "../fields/shape.ts";
import type { PiCharacterDerived } from "./types.ts";
import { wildSchema } from "./wild-character.ts";

import fields = foundry.data.fields;

/**
 * A character schema less the omitted fields, with the GM's notes.
 *
 * @param schema - The character type's schema (fresh fields).
 * @param type - The character type (names the omitted fields).
 */
function npcSchema<S extends Record<string, fields.DataField.Any>, T extends CharacterType>(schema: S, type: T) {
  const kept: Record<string, fields.DataField.Any> = { ...schema };
  for (const key of NPC_OMITTED[type] as readonly string[]) delete kept[key];
  return { ...(kept as Omit<S, (typeof NPC_OMITTED)[T][number]>), notes: textField(NPC_MAX_NOTES, false) };
}

const percentileNpcSchema = () => npcSchema(percentileSchema(), "percentile-character");
const actionNpcSchema = () => npcSchema(actionSchema(), "action-character");
const wildNpcSchema = () => npcSchema(wildSchema(), "wild-character");
const piNpcSchema = () => npcSchema(piSchema(), "pi-character");
const poolNpcSchema = () => npcSchema(poolSchema(), "pool-character");

type Data<S extends fields.DataSchema> = fields.SchemaField.InitializedData<S>;

/** The stored data each schema describes is exactly the NPC source type (checked here). */
export const npcShapeChecks: [
  SameShape<Data<ReturnType<typeof percentileNpcSchema>>, NpcSource<"percentile-character">>,
  SameShape<Data<ReturnType<typeof actionNpcSchema>>, NpcSource<"action-character">>,
  SameShape<Data<ReturnType<typeof wildNpcSchema>>, NpcSource<"wild-character">>,
  SameShape<Data<ReturnType<typeof piNpcSchema>>, NpcSource<"pi-character">>,
  SameShape<Data<ReturnType<typeof poolNpcSchema>>, NpcSource<"pool-character">>,
] = [true, true, true, true, true];

/** Field labels: the character type's, then the NPC type's own (the notes). */
function prefixes(type: CharacterType, npc: string): string[] {
  return [`ROLLING_BONES.Actor.${type}`, `ROLLING_BONES.Actor.${npc}`];
}

/** The data model of a percentile NPC's `system`. */
export class PercentileNpcModel extends ActorModel<ReturnType<typeof percentileNpcSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = prefixes("percentile-character", "percentile-npc");
  static override defineSchema = percentileNpcSchema;
  static override migrateSource = migratePercentileCharacter;
}

/** The data model of an action-dice NPC's `system`. */
export class ActionNpcModel extends ActorModel<ReturnType<typeof actionNpcSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = prefixes("action-character", "action-npc");
  static override defineSchema = actionNpcSchema;
  static override migrateSource = migrateActionCharacter;
}

/** The data model of a Wild Die NPC's `system`. */
export class WildNpcModel extends ActorModel<ReturnType<typeof wildNpcSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = prefixes("wild-character", "wild-npc");
  static override defineSchema = wildNpcSchema;
  static override migrateSource = migrateWildCharacter;
}

/** The data model of a Precision & Impact NPC's `system`. */
export class PiNpcModel extends ActorModel<
  ReturnType<typeof piNpcSchema>,
  Actor.Implementation,
  PiCharacterDerived & Record<string, unknown>
> {
  static override LOCALIZATION_PREFIXES = prefixes("pi-character", "pi-npc");
  static override defineSchema = piNpcSchema;
  static override migrateSource = migratePiCharacter;

  /** The one hindrance the active conditions impose, as a character's. */
  protected override prepareOwnData(): void {
    this.hindrance = piHindrance(this.conditions);
  }
}

/** The data model of a dice-pool NPC's `system`. */
export class PoolNpcModel extends ActorModel<ReturnType<typeof poolNpcSchema>, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = prefixes("pool-character", "pool-npc");
  static override defineSchema = poolNpcSchema;
  static override migrateSource = migratePoolCharacter;
}
