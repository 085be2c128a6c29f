/**
 * Typed validation errors. An engine never shows English text: it names a localization key under
 * `ROLLING_BONES.Error.` and the values to format it with, and the Foundry layer localizes it.
 */

/** The localization key prefix of every engine error. */
export const ERROR_PREFIX = "ROLLING_BONES.Error.";

/** Data formatted into an error message (`{name}` placeholders in `lang/en.json`). */
export type ErrorData = Readonly<Record<string, string | number>>;

/** A bad request, named by a localization key. Nothing has been thrown or spent when it is raised. */
export class EngineError extends Error {
  /** The full localization key, e.g. `ROLLING_BONES.Error.PoolTooSmall`. */
  readonly key: string;

  /** The values for the key's placeholders. */
  readonly data: ErrorData;

  /**
   * @param code - The key's last segment, e.g. `PoolTooSmall`.
   * @param data - The values for the message's placeholders.
   */
  constructor(code: string, data: ErrorData = {}) {
    super(`${ERROR_PREFIX}${code} ${JSON.stringify(data)}`);
    this.name = "EngineError";
    this.key = `${ERROR_PREFIX}${code}`;
    this.data = data;
  }
}

/**
 * Checks that `value` is an integer in `[min, max]`; otherwise throws an {@link EngineError}
 * `NotInteger` or `OutOfRange` naming the field.
 *
 * @returns The value, typed as a number.
 */
export function requireInt(value: unknown, field: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new EngineError("NotInteger", { field, value: String(value) });
  }
  if (value < min || value > max) throw new EngineError("OutOfRange", { field, value, min, max });
  return value;
}
