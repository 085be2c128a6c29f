/**
 * Field builders every data model of the system shares (actors and items), as functions that build
 * fresh fields (a field instance belongs to one schema): every number a non-null integer with its
 * range, every choice field its choices, every text and list its limit. Nothing here knows an actor
 * or an item type; `data/actor/fields.ts` and `data/item/fields.ts` build their own from these.
 */

import { MAX_ENTRIES, MAX_NAME_LENGTH } from "./limits.ts";

import fields = foundry.data.fields;

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
