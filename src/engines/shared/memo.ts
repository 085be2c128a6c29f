/** Bounded memo tables of the engines' odds: a `Map` that forgets its oldest entry past a limit. */

/**
 * Puts `key → value` into `table`, first dropping the oldest entry when the table already holds
 * `limit` entries and `key` is new, so a memo never grows past `limit`.
 *
 * @param table - The memo table (insertion order is age).
 * @param key - The key.
 * @param value - The value.
 * @param limit - The most entries the table keeps.
 * @returns `value`.
 */
export function putBounded<K, V>(table: Map<K, V>, key: K, value: V, limit: number): V {
  if (table.size >= limit && !table.has(key)) {
    const oldest = table.keys().next();
    if (oldest.done !== true) table.delete(oldest.value);
  }
  table.set(key, value);
  return value;
}
