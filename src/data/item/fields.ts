/** Schema fragments the item models share (fresh fields each call: a field belongs to one schema). */

import { intField, textField } from "../fields/index.ts";
import { succeeds } from "../fields/rules.ts";
import { ITEM_MAX_DESCRIPTION, ITEM_MAX_PI_MODIFIER, ITEM_SCHEMA_VERSION } from "./constants.ts";

import fields = foundry.data.fields;

/** The stored item schema version, written as the current version for new data. */
export function itemVersionField() {
  return new fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: 0,
    initial: ITEM_SCHEMA_VERSION,
  });
}

/** A plain-text description (shown as text, never as markup). */
export function descriptionField() {
  return textField(ITEM_MAX_DESCRIPTION, false);
}

/**
 * A text figure checked by a pure check (a damage formula or die code); empty is allowed.
 *
 * @param check - Throws an `EngineError` when the text is not valid.
 */
export function checkedTextField(check: (value: unknown) => unknown) {
  return new fields.StringField({
    required: true,
    nullable: false,
    blank: true,
    trim: true,
    initial: "",
    validate: (value: unknown) => succeeds(() => check(value)),
    validationError: "is not valid for its engine",
  });
}

/** Precision and Impact modifiers applied after the pick. */
export function piModifiersField() {
  const mod = () => intField(-ITEM_MAX_PI_MODIFIER, ITEM_MAX_PI_MODIFIER, 0);
  return new fields.SchemaField({ precision: mod(), impact: mod() });
}
