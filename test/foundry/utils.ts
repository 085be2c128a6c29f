/**
 * `foundry.utils`: the few helpers the system uses, re-written from their public descriptions
 * (https://foundryvtt.com/api/modules/foundry.utils.html).
 */

type Plain = Record<string, unknown>;

/** Whether a value is a plain object (`{}` literal or `Object.create(null)`). */
export function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of simple data that can be mutated safely: arrays, plain objects and Dates are copied
 * recursively; other objects are returned as they are, or rejected with `strict`.
 * [API13 foundry.utils.deepClone: "does not support advanced object types like Set, Map, or other specialized classes"]
 */
export function deepClone<T>(original: T, { strict = false }: { strict?: boolean } = {}): T {
  if (original === null || typeof original !== "object") return original;
  if (Array.isArray(original)) return original.map((v: unknown) => deepClone(v, { strict })) as T;
  if (original instanceof Date) return new Date(original.getTime()) as T;
  if (!isPlainObject(original)) {
    if (strict) throw new Error("deepClone cannot clone advanced objects");
    return original;
  }
  const out: Plain = {};
  for (const [k, v] of Object.entries(original)) out[k] = deepClone(v, { strict });
  return out as T;
}

/** Expands an object whose keys use dot notation (`{"a.b": 1}` → `{a: {b: 1}}`). [API13 foundry.utils.expandObject] */
export function expandObject(obj: Plain): Plain {
  const out: Plain = {};
  for (const [k, v] of Object.entries(obj)) {
    setProperty(out, k, isPlainObject(v) ? expandObject(v) : v);
  }
  return out;
}

/**
 * Flattens nested plain objects to one level with dot-notation keys (`{a: {b: 1}}` → `{"a.b": 1}`);
 * arrays and other values are kept as they are, an empty object as an empty object.
 * [API13 foundry.utils.flattenObject]
 */
export function flattenObject(obj: Plain, prefix = ""): Plain {
  const out: Plain = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0) Object.assign(out, flattenObject(v, key));
    else out[key] = v;
  }
  return out;
}

/** Reads a value at a dot-notation path; `undefined` when any step is missing. [API13 foundry.utils.getProperty] */
export function getProperty(object: unknown, key: string): unknown {
  if (!key) return undefined;
  let target: unknown = object;
  for (const part of key.split(".")) {
    if (target === null || target === undefined || typeof target !== "object") return undefined;
    target = (target as Plain)[part];
  }
  return target;
}

/**
 * Writes a value at a dot-notation path, creating plain objects on the way.
 * [API13 foundry.utils.setProperty: returns whether the value changed]
 */
export function setProperty(object: object, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop() as string;
  let target = object as Plain;
  for (const part of parts) {
    const next = target[part];
    if (next === null || typeof next !== "object") target[part] = {};
    target = target[part] as Plain;
  }
  if (target[last] === value) return false;
  target[last] = value;
  return true;
}

/** Options of {@link mergeObject}, as documented for `foundry.utils.mergeObject`. */
export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/**
 * Merges `other` into `original` and returns the result. Keys of `other` in dot notation are expanded
 * first; `-=key` deletes `key` and `==key` replaces it whole when `performDeletions` is set; arrays and non-plain objects are
 * replaced, never merged. [API13 foundry.utils.mergeObject]
 */
export function mergeObject<T extends object>(original: T, other: object = {}, options: MergeOptions = {}): T {
  return merge(original as Plain, other as Plain, options, 0) as T;
}

function merge(original: Plain, other: Plain, options: MergeOptions, depth: number): Plain {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    enforceTypes = false,
    performDeletions = false,
  } = options;
  if (depth === 0 && Object.keys(other).some((k) => k.includes("."))) other = expandObject(other);
  const target = inplace ? original : deepClone(original);
  for (const [key, value] of Object.entries(other)) {
    if (key.startsWith("-=")) {
      if (performDeletions) delete target[key.slice(2)];
      continue;
    }
    // `==key` replaces the key's value whole (v13's forced replacement; v14's ForcedReplacement). [FI#11273]
    if (key.startsWith("==")) {
      if (performDeletions) target[key.slice(2)] = deepClone(value);
      continue;
    }
    const exists = Object.prototype.hasOwnProperty.call(target, key);
    if (exists) {
      const current = target[key];
      if (recursive && isPlainObject(current) && isPlainObject(value)) {
        merge(current, value, { ...options, inplace: true }, depth + 1);
      } else if (overwrite) {
        if (enforceTypes && current !== undefined && typeof current !== typeof value) {
          throw new Error(`Mismatched data types encountered during object merge for key ${key}`);
        }
        target[key] = value;
      }
    } else if (depth === 0 ? insertKeys : insertValues) {
      target[key] = isPlainObject(value) ? merge({}, value, { ...options, inplace: true }, depth + 1) : value;
    }
  }
  return target;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random alphanumeric id, 16 characters by default (Foundry's document id format). [API13 foundry.utils.randomID] */
export function randomID(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ID_CHARS[b % ID_CHARS.length]).join("");
}

/**
 * Whether version `v1` is newer than `v0`, comparing dot-separated parts numerically where both parts
 * are numbers and as strings otherwise. [API13 foundry.utils.isNewerVersion]
 */
export function isNewerVersion(v1: number | string, v0: number | string): boolean {
  const a = String(v1).split(".");
  const b = String(v0).split(".");
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? "0";
    const y = b[i] ?? "0";
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny)) {
      if (nx !== ny) return nx > ny;
    } else if (x !== y) {
      return x.localeCompare(y) > 0;
    }
  }
  return false;
}

/** Whether two JSON-like values are equal, key by key. [API13 foundry.utils.objectsEqual] */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => valuesEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && valuesEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The part of an (expanded) update that differs from `source`, the requester's copy of the data:
 * values equal to the current ones are left out, a number given as its text counts as that number
 * (as cleaning casts it); deletion and replacement keys stay. An empty result is a no-op update.
 * [API13/API14 DatabaseUpdateOperation#diff: "Difference each update object against current Document
 * data and only use differential data for the update operation" (default true),
 * https://foundryvtt.com/api/interfaces/foundry.abstract.types.DatabaseUpdateOperation.html]
 */
export function diffUpdate(source: unknown, update: Plain): Plain {
  const current = isPlainObject(source) ? source : {};
  const out: Plain = {};
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith("-=") || key.startsWith("==")) {
      out[key] = value;
      continue;
    }
    const before = current[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner = diffUpdate(before, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
      continue;
    }
    const cast = typeof before === "number" && typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (!Object.hasOwn(current, key) || !valuesEqual(before, cast)) out[key] = value;
  }
  return out;
}
