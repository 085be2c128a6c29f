/**
 * Health on every actor (docs/rules.md §6). An actor stored before health existed holds none, and its
 * type's schema gives it the harm model's default when the stored data is read (a required field's
 * initial value), so nothing is written here for it: a migration cannot tell stored data from an
 * update's partial data, and adding health to an update would overwrite the health stored. The one
 * older shape read here is a bare number where health is stored (a macro or module writing
 * `system.health: 7`): it is the value, and the maximum stored stays as it is.
 */

import { isNumber, type Source } from "./helpers.ts";

/**
 * A source with health in its shape: a bare number read as the value. Returns its argument.
 *
 * @param source - A character's or NPC's `system` source, possibly partial.
 */
export function withHealth<S extends Source>(source: S): S {
  const { health } = source as Source;
  if (isNumber(health)) (source as Source).health = { value: Math.max(0, Math.trunc(health)) };
  return source;
}
