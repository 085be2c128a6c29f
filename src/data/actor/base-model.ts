/**
 * The base of every actor data model (characters and NPCs of each engine): what is true of every
 * actor is written once here. Each type names its stored data's migration (`migrateSource`, run
 * before Foundry's own `migrateData`) and its localization prefixes; every actor's prepared health
 * stays within its maximum (Active Effects skip the schema's limits), then each type derives its
 * own figures (`prepareOwnData`).
 */
import type { harm } from "../../engines/core.ts";
import { withinMax } from "./derived.ts";

import fields = foundry.data.fields;

/** A schema every actor model has: its health. */
export type ActorSchema = fields.DataSchema & { health: fields.SchemaField.Any };

/** The base actor data model. */
export abstract class ActorModel<
  Schema extends ActorSchema,
  Parent extends foundry.abstract.Document.Any,
  Derived extends Record<string, unknown> = Record<string, unknown>,
> extends foundry.abstract.TypeDataModel<Schema, Parent, Record<never, never>, Derived> {
  /** The type's migration of older stored data into its current shape (`data/migrations`). */
  static migrateSource(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(this.migrateSource(source));
  }

  /** Keeps health within its maximum in the prepared data, then derives the type's own figures. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    // Every actor schema has health (ActorSchema); the compiler cannot see it through the generic.
    const own = this as unknown as { health: harm.Health };
    own.health = withinMax(own.health);
    this.prepareOwnData();
  }

  /** The type's own derived figures (none by default). */
  protected prepareOwnData(): void {}
}
