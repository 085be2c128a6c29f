/**
 * Typed validation errors. An engine never shows English text: it names a localization key under
 * `ROLLING_BONES.Error.` and the values to format it with, and the Foundry layer localizes it.
 */

/** The localization key prefix of every engine error. */
export const ERROR_PREFIX = "ROLLING_BONES.Error.";

/** Data formatted into an error message (`{name}` placeholders in `lang/en.json`). */
export type ErrorData = Readonly<Record<string, string | number>>;

/** The longest piece of a user's text an error message repeats; longer text is cut with "…". */
export const MAX_SHOWN_TEXT = 200;

/** The kinds of value an error message names in words rather than show (see {@link shownValue}). */
export const SHOWN_KINDS = Object.freeze(["missing", "notNumber", "list", "object", "function"] as const);

/** The localization key that names a kind of value in an error message ("a list"). */
export function shownKindKey(kind: (typeof SHOWN_KINDS)[number]): string {
  return `${ERROR_PREFIX}Shown.${kind}`;
}

/**
 * A value as an error message shows it: a finite number as it is, text (cut to
 * {@link MAX_SHOWN_TEXT} characters, line breaks and other control characters as spaces), `true` or
 * `false`; anything else by the key of its kind in words (nothing, something that is not a number, a
 * list, an object, a function: {@link shownKindKey}), which the Foundry layer localizes, so a message
 * never shows `undefined`, `[object Object]`, a function's source or a bare dash.
 */
export function shownValue(value: unknown): string | number {
  if (typeof value === "number") return Number.isFinite(value) ? value : shownKindKey("notNumber");
  if (typeof value === "boolean") return String(value);
  if (value === undefined || value === null) return shownKindKey("missing");
  if (Array.isArray(value)) return shownKindKey("list");
  if (typeof value === "function") return shownKindKey("function");
  if (typeof value !== "string") return shownKindKey(typeof value === "object" ? "object" : "notNumber");
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const text = value.replace(/[\u0000-\u001f\u007f]/g, " ");
  return text.length > MAX_SHOWN_TEXT ? `${text.slice(0, MAX_SHOWN_TEXT - 1)}…` : text;
}

/** A bad request, named by a localization key. Nothing has been thrown or spent when it is raised. */
export class EngineError extends Error {
  /** The full localization key, e.g. `ROLLING_BONES.Error.PoolTooSmall`. */
  readonly key: string;

  /** The values for the key's placeholders. */
  readonly data: ErrorData;

  /**
   * @param code - The key's last segment, e.g. `PoolTooSmall`.
   * @param data - The values for the message's placeholders, any values (each is kept as
   *   {@link shownValue} shows it).
   */
  constructor(code: string, data: Readonly<Record<string, unknown>> = {}) {
    const shown: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(data)) shown[k] = shownValue(v);
    super(`${ERROR_PREFIX}${code} ${JSON.stringify(shown)}`);
    this.name = "EngineError";
    this.key = `${ERROR_PREFIX}${code}`;
    this.data = shown;
  }
}

/**
 * Checks that `value` is an integer in `[min, max]`; otherwise throws an {@link EngineError} naming
 * the field: `NumberAsText` (a number written as text), `NotInteger`, or `OutOfRange` (`BelowMinimum`
 * or `AboveMaximum` when the other limit is no figure a person reads, such as `MAX_SAFE_INTEGER`).
 *
 * @returns The value, typed as a number.
 */
export function requireInt(value: unknown, field: string, min: number, max: number): number {
  // A whole number written as text ("6", from a macro) is named as such, not "must be a whole number
  // (got 6)"; a text that is no whole number ("1.5" typed in a form) is refused as not whole.
  if (typeof value === "string" && value.trim() !== "" && Number.isInteger(Number(value))) {
    throw new EngineError("NumberAsText", { field, value });
  }
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new EngineError("NotInteger", { field, value });
  }
  if (value < min || value > max) throw new EngineError(rangeKey(min, max), { field, value, min, max });
  return value;
}

/** Beyond this a limit is no figure a person reads: the message says "at least" or "at most" only. */
const UNBOUNDED = 1e9;

/** The key of an out-of-range error, worded for the limits a person can read. */
function rangeKey(min: number, max: number): string {
  if (max >= UNBOUNDED && min <= -UNBOUNDED) return "NotInteger";
  if (max >= UNBOUNDED) return "BelowMinimum";
  if (min <= -UNBOUNDED) return "AboveMaximum";
  return "OutOfRange";
}

/**
 * Text a caller gave for a field (a reason, a subject, a name): absent (`undefined` or `null`) is
 * empty; anything but text is refused with {@link EngineError} `NotText`, and text longer than `max`
 * characters (once trimmed) with `TextTooLong`, each naming the field.
 *
 * @returns The text as given.
 */
export function requireText(value: unknown, field: string, max = Number.POSITIVE_INFINITY): string {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw new EngineError("NotText", { field });
  const length = value.trim().length;
  if (length > max) throw new EngineError("TextTooLong", { field, max, length });
  return value;
}
