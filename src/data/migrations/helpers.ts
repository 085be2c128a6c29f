/**
 * Small pure helpers for migrations. Migrations work on raw, possibly partial source data (an
 * update carries only what changes), so every helper checks the shape it finds and leaves anything
 * it does not recognise alone.
 */

/** A plain object of unknown content. */
export type Source = Record<string, unknown>;

/** Whether a value is a plain (non-array) object. */
export function isObject(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Applies `step` to each value of `source[key]` when it is an object, replacing values the step
 * returns (an `undefined` result keeps the value).
 *
 * @param source - The object holding the collection.
 * @param key - The collection's key.
 * @param step - Turns one old value (with its key) into its new shape, or `undefined` to keep it.
 */
export function mapEntries(source: Source, key: string, step: (value: unknown, id: string) => unknown): void {
  const collection = source[key];
  if (!isObject(collection)) return;
  for (const [id, value] of Object.entries(collection)) {
    const next = step(value, id);
    if (next !== undefined) collection[id] = next;
  }
}

/**
 * Raises a stored `schemaVersion` to `version` once the source has been migrated to it. A source
 * without the field (partial update data, or data from before the field existed) is left without
 * it: the schema fills in the current version when full data is cleaned.
 */
export function bumpVersion(source: Source, version: number): void {
  const stored = source.schemaVersion;
  if (typeof stored === "number" && stored < version) source.schemaVersion = version;
}

/** Whether a value is a finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
