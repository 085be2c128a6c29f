/** The action dice a character's player holds this session, as a token bar reads them. */

import type { BarValue } from "./bars.ts";
import { sessionPoolOf } from "../settings/action-pools.ts";

/**
 * The dice left in the pool of the player who owns a character (the first such player when
 * several do; a pool belongs to a player, not to a character), of the dice held and spent this
 * session: `0 of 0` without an owning player or a pool this session.
 *
 * @param actor - The action character.
 */
export function heldDiceOf(actor: Actor.Implementation): BarValue {
  const owner = game.users.find((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
  const pool = owner ? (sessionPoolOf(owner)?.state ?? null) : null;
  const held = pool ? pool.dice.reduce((n, part) => n + part.count, 0) : 0;
  return { value: held, max: held + (pool?.spent ?? 0) };
}
