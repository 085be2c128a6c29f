/**
 * Lookups by a name someone typed (an engine, a trait kind, a skill, a parameter, a table column).
 * A plain object inherits `constructor`, `toString`, `__proto__`…, so `table[name]` can answer with
 * a function for a name nobody defined. These read own entries only: any other name is unknown.
 */

/**
 * Whether `key` names an own entry of `record` (never an inherited member such as `constructor`);
 * false for a missing record and for a key that is not a string or a number.
 */
export function isOwnKey<K extends PropertyKey>(
  record: Readonly<Partial<Record<K, unknown>>> | null | undefined,
  key: unknown,
): key is K {
  return (typeof key === "string" || typeof key === "number") && record != null && Object.hasOwn(record, key);
}

/** The own entry of `record` named `key`, or `undefined` (never an inherited member, nothing for a missing record). */
export function ownValue<V>(record: Readonly<Record<string, V>> | null | undefined, key: unknown): V | undefined {
  return record != null && isOwnKey(record, key) ? record[key] : undefined;
}

/** Whether a value is a plain (non-array) object, such as a request or an options bag a macro passed. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A value as an id or a name: the value when it is text, else an empty string (which names nothing),
 * so that an object never becomes the id `[object Object]`.
 */
export function textOf(value: unknown): string {
  return typeof value === "string" ? value : "";
}
