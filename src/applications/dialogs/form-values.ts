/**
 * Form values of the roll dialogs and the small readers that turn them into request fields. Pure:
 * no Foundry globals. A value that is not a whole number is passed on unchanged, so the engine's
 * own validation names the field and the bad text in its error.
 */

import { EngineError } from "../../engines/core.ts";

/** One value read from a form control: the text of an input or select, or a checkbox's state. */
export type FormValue = string | boolean;

/** The values of a roll dialog's form, by control name. */
export type FormValues = Readonly<Record<string, FormValue | undefined>>;

/** A whole number written with an optional sign (the Unicode minus sign is accepted too). */
const INTEGER = /^[+-]?\d+$/;

/**
 * Reads a number field. Whole numbers become numbers; any other text is returned trimmed and
 * unchanged, for the engine's validation to reject with the text in its message.
 *
 * @param value - The form value.
 * @param fallback - What an empty field means (`undefined` leaves the request field out).
 * @returns The number, the fallback for an empty field, or the text as written.
 */
export function numberOrText(value: FormValue | undefined, fallback?: number): number | string | undefined {
  if (value === undefined || typeof value === "boolean") return fallback;
  const text = value.trim().replace(/\u2212/g, "-");
  if (text === "") return fallback;
  return INTEGER.test(text) ? Number(text) : text;
}

/**
 * Reads a number field that must be filled in.
 *
 * @param value - The form value.
 * @param field - The request field it fills (names the field in the error).
 * @returns The number, or the text as written for the engine to reject.
 * @throws EngineError `FieldRequired` when the field is empty.
 */
export function requiredNumber(value: FormValue | undefined, field: string): number | string {
  const read = numberOrText(value);
  if (read === undefined) throw new EngineError("FieldRequired", { field });
  return read;
}

/**
 * Reads a checkbox: checked boxes arrive as `true` (or as the text "on"/"true" from plain form data).
 *
 * @param value - The form value.
 * @returns Whether the box is checked.
 */
export function isChecked(value: FormValue | undefined): boolean {
  return value === true || value === "on" || value === "true";
}

/**
 * Reads a text field.
 *
 * @param value - The form value.
 * @returns The trimmed text; an empty string for a missing field.
 */
export function textOf(value: FormValue | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Writes a request number back into a form field.
 *
 * @param value - The request value, possibly absent.
 * @param fallback - The text used when it is absent.
 * @returns The text of the field.
 */
export function fieldText(value: number | null | undefined, fallback = ""): string {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : fallback;
}

/**
 * Reads every named control of a form: checkboxes as booleans, the checked radio button of a group
 * as its value, any other control as its text. Disabled controls are read too, so their values
 * survive while they are disabled.
 *
 * @param form - The form element.
 * @returns The values by control name.
 */
export function readFormValues(form: HTMLFormElement): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    if (!control.name || !("value" in control)) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") values[control.name] = control.checked;
    else if (control instanceof HTMLInputElement && control.type === "radio") {
      if (control.checked) values[control.name] = control.value;
    } else values[control.name] = control.value;
  }
  return values;
}

/**
 * The visibility a roll dialog's form asks for, as the form gives it: a value the dialog does not
 * offer is kept as it is, so the roll's options check refuses it (`BadPostOption`) rather than post
 * it publicly; empty when the form has none (the user's chat setting applies).
 */
export function visibilityOfForm(values: FormValues): string {
  return typeof values.visibility === "string" ? values.visibility : "";
}
