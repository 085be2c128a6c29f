/**
 * A compile-time check that a schema's data and a plain interface describe the same shape, so the
 * pure functions (typed with the interfaces) and the models (typed by their schemas) cannot drift.
 */

/** `true` when `A` and `B` are assignable to each other (the same shape for plain data), `never` otherwise. */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
