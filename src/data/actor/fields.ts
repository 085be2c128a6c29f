/**
 * Schema fragments of the actor models (version, points, health, defence), built on the shared field
 * builders (`data/fields`), as functions that build fresh fields (a field instance belongs to one
 * schema).
 */

import { harm, type EngineId } from "../../engines/core.ts";
import { intField } from "../fields/index.ts";
import { MAX_POINTS, SCHEMA_VERSION } from "./constants.ts";
import { DEFENCE } from "./defence.ts";

import fields = foundry.data.fields;

/** The stored schema version, written as the current version for new data. */
export function versionField() {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION });
}

/** A pool of points (karma, Character Points, Fate Points) from 0. */
export function pointsField(initial = 0) {
  return intField(0, MAX_POINTS, initial);
}

/**
 * Health `{ value, max }` (docs/rules.md §6), on every actor type: the value from 0, the maximum from 1,
 * both new at the harm model's default. A value above the maximum is kept within it in the prepared
 * data (derived.ts `withinMax`), as an Active Effect or a lowered maximum may leave it.
 */
export function healthField() {
  const { value, max } = harm.DEFAULT_HEALTH;
  return new fields.SchemaField({
    value: intField(0, harm.MAX_HEALTH, value),
    max: intField(1, harm.MAX_HEALTH, max),
  });
}

/**
 * An actor's defence figure for an engine (docs/rules.md §6): the DC, target number, difficulty, Precision
 * needed or penalty dice an attack against it is rolled against, with the rules' default.
 *
 * @param engine - The actor's engine.
 */
export function defenceField(engine: EngineId) {
  const { min, max, initial } = DEFENCE[engine];
  return intField(min, max, initial);
}
