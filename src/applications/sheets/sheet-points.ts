/** What a character sheet shows of points beyond the character's data: waiting assists, the CP limit, this turn's Willpower. */

import { actorPoints, cpSessionLimit, turnFor } from "../../services/points/store.ts";
import { willpowerTurnState } from "../../services/points/views.ts";
import type { SheetPoints } from "./views/index.ts";

/**
 * The points facts of a sheet: the assists waiting for the character's next roll (and whether the
 * viewer may cancel them), the GM's Character Point limit per session, and whether this combat
 * round's Willpower point is spent.
 *
 * @param actor - The character.
 */
export function sheetPointsOf(actor: Actor.Implementation): SheetPoints {
  const points = actorPoints(actor);
  return {
    assists: points.assists,
    canCancelAssists: actor.isOwner,
    cpSessionLimit: cpSessionLimit(),
    willpowerTurn: willpowerTurnState(points, turnFor(points.id)),
  };
}
