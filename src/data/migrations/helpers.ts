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
    // An own property, whatever the key (`collection["__proto__"] = next` would replace the prototype).
    if (next !== undefined)
      Object.defineProperty(collection, id, { value: next, enumerable: true, writable: true, configurable: true });
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

/**
 * A key left as it is: an id (the schema's `entriesField`: 1 to 32 letters and digits), or an update's
 * deletion or replacement of an entry (`-=key`, `==key`), which names a key as stored.
 */
const ENTRY_KEY = /^(?:[A-Za-z0-9]{1,32}|-=.*|==.*)$/s;

/** The longest name an entry keeps (`MAX_NAME_LENGTH` of the character schemas). */
const ENTRY_NAME_MAX = 80;

/**
 * The name an entry keyed by its name keeps: the key, cut to the schema's longest name (a version 0
 * key had no limit, and a longer name would leave the migrated character invalid, its sheet unopenable).
 */
export function entryNameOf(key: string): string {
  return key.length > ENTRY_NAME_MAX ? key.trim().slice(0, ENTRY_NAME_MAX) : key;
}

/**
 * A 16-character id of letters and digits made from a text, the same every time (a data model's
 * `migrateData` runs on every load of data not yet saved, so a random id would change each time);
 * `salt` gives another id for the same text.
 */
export function idFromText(text: string, salt = 0): string {
  let a = (0x811c9dc5 ^ salt) >>> 0;
  let b = (0x01000193 + salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return (a.toString(36) + b.toString(36)).padStart(16, "0").slice(-16);
}

/**
 * Gives every entry of `source[key]` whose key is not an id (a version 0 skill keyed by its name,
 * "Sleight of hand") the id made from that key ({@link idFromText}), in the same place among the
 * entries; an entry that is an object without a name takes the old key as its name (trimmed, at most
 * 80 characters). Entries already keyed by an id are left as they are.
 *
 * The stored data keeps the old key until the world migration removes it, and a change saved since
 * was written under the new id (Foundry merges an update into the stored data): so when the new id
 * is already there, the change is kept over the old entry's values. Two old keys that would take
 * the same id keep apart (the second takes another). The collection is rebuilt with own properties
 * only, so a key such as `__proto__` is moved like any other and never reaches a prototype.
 *
 * @returns The old keys moved, each with its new id.
 */
export function rekeyEntries(source: Source, key: string): [string, string][] {
  const collection = source[key];
  if (!isObject(collection)) return [];
  const entries = Object.entries(collection);
  if (entries.every(([id]) => ENTRY_KEY.test(id))) return [];
  const moved: [string, string][] = [];
  const used = new Set<string>();
  const rebuilt = new Map<string, unknown>();
  for (const [id, value] of entries) {
    if (ENTRY_KEY.test(id)) {
      // A change saved under an id an old key moves to is merged there (below); it keeps its place otherwise.
      if (!rebuilt.has(id)) rebuilt.set(id, value);
      continue;
    }
    let salt = 0;
    let next = idFromText(id);
    while (used.has(next)) next = idFromText(id, ++salt);
    used.add(next);
    moved.push([id, next]);
    const named =
      isObject(value) && typeof value.name !== "string"
        ? { ...value, name: id.trim().slice(0, ENTRY_NAME_MAX) }
        : value;
    const saved = collection[next];
    rebuilt.set(next, isObject(named) && isObject(saved) ? { ...named, ...saved } : named);
  }
  source[key] = Object.fromEntries(rebuilt);
  return moved;
}
