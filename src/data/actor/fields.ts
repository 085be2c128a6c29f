/**
 * Schema fragments shared by the character models, as functions that build fresh fields (a field
 * instance belongs to one schema). Every numeric field is a non-null integer with its range, every
 * choice field lists its choices, and custom checks use the pure predicates of `validators.ts`.
 */

import { harm, type EngineId } from "../../engines/core.ts";
import { MAX_ENTRIES, MAX_NAME_LENGTH, MAX_POINTS, SCHEMA_VERSION } from "./constants.ts";
import { DEFENCE } from "./defence.ts";

import fields = foundry.data.fields;

/** The stored schema version, written as the current version for new data. */
export function versionField() {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min: 0, initial: SCHEMA_VERSION });
}

/**
 * A whole number within a range.
 *
 * @param min - The lowest value.
 * @param max - The highest value.
 * @param initial - The value of new data.
 */
export function intField(min: number, max: number, initial: number) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });
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

/** A name the user writes (may be empty while being filled in). */
export function nameField() {
  return textField(MAX_NAME_LENGTH, true);
}

/**
 * Text the user writes, at most `max` characters, possibly empty.
 *
 * @param max - The longest text allowed.
 * @param trim - Whether surrounding spaces are removed.
 */
export function textField(max: number, trim: boolean) {
  return new fields.StringField({
    required: true,
    nullable: false,
    blank: true,
    trim,
    initial: "",
    validate: (value: unknown) => typeof value === "string" && value.length <= max,
    validationError: `must be at most ${max} characters`,
  });
}

/**
 * A string that must be one of a fixed list.
 *
 * @param choices - The allowed values.
 * @param initial - The value of new data.
 */
export function choiceField<const C extends string>(choices: readonly C[], initial: C) {
  return new fields.StringField({ required: true, nullable: false, blank: false, initial, choices: [...choices] });
}

/**
 * A schema field holding one sub-schema per fixed key (e.g. one per attribute).
 *
 * @param keys - The fixed keys.
 * @param make - Builds a fresh sub-schema for a key.
 */
export function fixedKeysField<const K extends string, F extends fields.DataField.Any>(
  keys: readonly K[],
  make: (key: K) => F,
) {
  const shape = {} as Record<K, F>;
  for (const key of keys) shape[key] = make(key);
  return new fields.SchemaField<Record<K, F>>(shape);
}

/**
 * Entries keyed by a generated id (skills, weapons, conditions…), each a sub-schema. Keys are
 * Foundry ids (letters and digits); the number of entries is limited to {@link MAX_ENTRIES}.
 *
 * @param element - The schema of one entry.
 */
export function entriesField<F extends fields.DataField.Any>(element: F) {
  return new fields.TypedObjectField(element, {
    validateKey: (key: string) => /^[A-Za-z0-9]{1,32}$/.test(key),
    validate: (value: unknown) =>
      typeof value !== "object" || value === null || Object.keys(value).length <= MAX_ENTRIES,
    validationError: `may hold at most ${MAX_ENTRIES} entries`,
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
