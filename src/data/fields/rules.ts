/**
 * The checks every data model of the system shares (actors and items): a rule names the `system`
 * paths it applies to and the check of their value, and {@link checkChanges} runs a type's rules
 * over a sheet's change set before it is sent, so a bad value gets one clear, localized message (an
 * `EngineError`) and nothing changes. Nothing here knows an actor or an item type.
 */
import { shared } from "../../engines/core.ts";

const { EngineError, requireInt } = shared;

/** The longest name a sheet gives a character or an item (its header's input says so where it is typed). */
export const MAX_DOCUMENT_NAME = 80;

/** Whether a check passes (an {@link EngineError} means no; any other error is thrown on). */
export function succeeds(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof EngineError) return false;
    throw error;
  }
}

/** A check of one stored value; throws an {@link EngineError} naming what is wrong. */
export type Check = (value: unknown) => void;

/** A rule: the data paths it applies to (relative to `system`), the check, and whether the value is a number. */
export interface Rule {
  readonly path: RegExp;
  readonly check: Check;
  /** A numeric value: a number written as text (a select's value) is read as that number, as Foundry's NumberField casts it. */
  readonly numeric: boolean;
}

/** The pattern of an entry id inside a rule's path. */
export const ID = "[A-Za-z0-9]+";

/** A check that the value is a whole number in a range (numeric). */
export interface IntCheck {
  readonly int: Check;
}

/** A check that the value is a whole number from `min` to `max`, named `field` in the message. */
export function int(field: string, min: number, max: number): IntCheck {
  return { int: (value) => void requireInt(value, field, min, max) };
}

/** A rule for the `system` paths matching `path` (a regular expression source). */
export function rule(path: string, check: Check | IntCheck, numeric = false): Rule {
  if (typeof check === "function") return { path: new RegExp(`^${path}$`), check, numeric };
  return { path: new RegExp(`^${path}$`), check: check.int, numeric: true };
}

const NUMBER_TEXT = /^\s*-?\d+(?:\.\d+)?\s*$/;

/**
 * A check that a text is at most `max` characters long (after trimming, for a field that trims);
 * the schema refuses a longer one, so the sheet says so first (`NoteTooLong`).
 */
export function maxText(max: number, trimmed: boolean): Check {
  return (value) => {
    const text = typeof value === "string" ? (trimmed ? value.trim() : value) : "";
    if (text.length > max) throw new EngineError("NoteTooLong", { max });
  };
}

/** The rule of every model's `schemaVersion`. */
export const versionRule = rule("schemaVersion", int("schemaVersion", 0, Number.MAX_SAFE_INTEGER));

/** A change set checked by `checkChanges`: the changes to send, or the reason to refuse. */
export type PreparedUpdate =
  | { readonly ok: true; readonly changes: Record<string, unknown> }
  | { readonly ok: false; readonly error: InstanceType<typeof EngineError> };

const SYSTEM = "system.";

/**
 * Checks the `system` keys of a flat change set against rules (see {@link prepareUpdate}); shared
 * by the character and item models.
 *
 * @param rules - The rules of the document's type.
 * @param changes - The flat changes.
 * @returns A copy of the changes (numbers written as text read as numbers), or the first error found.
 */
export function checkChanges(rules: readonly Rule[], changes: Readonly<Record<string, unknown>>): PreparedUpdate {
  // A key naming a prototype member (a forged `system.__proto__.x` or `system.constructor.prototype.x`) is
  // no field of any document: it is dropped, so no path of it reaches Foundry's utilities.
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(changes).filter(([key]) => !reachesPrototype(key)),
  );
  try {
    // The document's own name: text, at most the length its sheet's input takes.
    if (Object.hasOwn(out, "name")) checkDocumentName(out.name);
    for (const [key, raw] of Object.entries(out)) {
      if (!key.startsWith(SYSTEM)) continue;
      const path = key.slice(SYSTEM.length);
      for (const r of rules) {
        if (!r.path.test(path)) continue;
        const value = r.numeric && typeof raw === "string" && NUMBER_TEXT.test(raw) ? Number(raw) : raw;
        r.check(value);
        out[key] = value;
      }
    }
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, error };
    throw error;
  }
  return { ok: true, changes: out };
}

/** Refuses a document name that is not text or longer than {@link MAX_DOCUMENT_NAME} (`TextTooLong`). */
function checkDocumentName(value: unknown): void {
  if (typeof value !== "string") throw new EngineError("NotText", { field: "name" });
  const length = value.trim().length;
  if (length > MAX_DOCUMENT_NAME)
    throw new EngineError("TextTooLong", { field: "name", max: MAX_DOCUMENT_NAME, length });
}

/** The names that reach an object's prototype when used as a property name. */
const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Whether a dotted path names a prototype member at any step. */
export function reachesPrototype(path: string): boolean {
  return path.split(".").some((part) => PROTOTYPE_MEMBERS.has(part));
}
