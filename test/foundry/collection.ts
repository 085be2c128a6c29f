/**
 * The part every world collection of the double shares (`game.actors`, `game.users`,
 * `game.messages`): lookup by id, the contents and size, and the array-like readers Foundry's
 * `Collection` offers [API13 Collection], read afresh from the world on every call.
 */

/** The shared readers of a world collection. */
export interface WorldCollection<T> extends Iterable<T> {
  get(id: string): T | undefined;
  readonly contents: T[];
  readonly size: number;
  filter(fn: (item: T) => boolean): T[];
  find(fn: (item: T) => boolean): T | undefined;
  map<U>(fn: (item: T) => U): U[];
  some(fn: (item: T) => boolean): boolean;
}

/**
 * The shared readers over `all()` (every document, as the running client sees it).
 *
 * @param all - The documents, read on every call.
 * @param get - The lookup by id.
 * @param size - How many documents the world holds.
 */
export function worldCollection<T>(
  all: () => T[],
  get: (id: string) => T | undefined,
  size: () => number,
): WorldCollection<T> {
  return {
    get,
    get contents() {
      return all();
    },
    get size() {
      return size();
    },
    filter: (fn) => all().filter(fn),
    find: (fn) => all().find(fn),
    map: (fn) => all().map(fn),
    some: (fn) => all().some(fn),
    [Symbol.iterator]: () => all()[Symbol.iterator](),
  };
}

/** Adds members (methods or getters) to a collection, keeping its getters live. */
export function withMembers<C extends object, M extends object>(collection: C, members: M): C & M {
  return Object.defineProperties(collection, Object.getOwnPropertyDescriptors(members)) as C & M;
}
