/** What an action character's sheet shows of the action-dice economy: its players' pools and its class dice this session. */

import { diceText } from "../../dice/rolls/action-card.ts";
import { classDiceOf, classPoolNow } from "../../services/action-dice/class-pools.ts";
import { currentSession, sessionPoolOf } from "../../services/action-dice/store.ts";
import type { SheetActionDice } from "./views/index.ts";

/**
 * The action-dice facts of an action character's sheet: the session, the pool of every player
 * who owns the character (GMs have the GM pool, shown in the GM panel), and the character's class
 * dice left this session (a pool not yet used this session counts as full).
 *
 * @param actor - The action character.
 */
export function sheetActionDiceOf(actor: Actor.Implementation): SheetActionDice {
  const owners = game.users
    .filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER"))
    .map((user) => {
      const pool = sessionPoolOf(user)?.state ?? null;
      return {
        name: user.name,
        dice: pool ? diceText(pool.dice) : "",
        spent: pool?.spent ?? 0,
        hasPool: pool !== null,
      };
    });
  const classDice = classDiceOf(actor);
  const pool = classPoolNow(actor);
  return {
    session: currentSession(),
    owners,
    classDice: classDice
      ? {
          faces: pool?.state.faces ?? classDice.faces,
          left: pool?.state.left ?? classDice.count,
          perSession: classDice.count,
        }
      : null,
  };
}
