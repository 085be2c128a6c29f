import { SYSTEM_ID } from "../constants.ts";
import { changedKeys } from "../helpers/compat.ts";
import { ACTION_ACTOR_TYPE } from "../services/action-dice/protocol.ts";
import { POOL_FLAG } from "../services/action-dice/store.ts";

/** An application a document re-renders on update (`Document#apps`), as far as this hook needs it. */
interface DocumentApp {
  readonly rendered?: boolean;
  render(): unknown;
}

/** Whether an update changed (or removed) the user's action-dice pool flag. */
function poolChanged(changes: unknown): boolean {
  const flags = (changes as { flags?: Record<string, unknown> } | null)?.flags?.[SYSTEM_ID];
  if (typeof flags !== "object" || flags === null) return false;
  // A removed pool shows as a deletion, written per generation (helpers/compat.ts).
  return changedKeys(flags).includes(POOL_FLAG);
}

/**
 * The `updateUser` hook: when a player's action-dice pool changes (a spend, an award, a session
 * start), the open sheets of the action characters that player owns re-render, so the pool they
 * show stays current. The class dice live on the actor, whose own update re-renders its sheet.
 *
 * @param user - The updated user.
 * @param changes - The changed data.
 */
export function onUpdateUser(user: User.Implementation, changes: unknown): void {
  if (!poolChanged(changes)) return;
  for (const actor of game.actors) {
    if (actor.type !== ACTION_ACTOR_TYPE || !actor.testUserPermission(user, "OWNER")) continue;
    // The applications showing the actor (its sheet among them), as Foundry re-renders them on the actor's own updates.
    for (const app of Object.values(actor.apps) as DocumentApp[]) if (app.rendered) void app.render();
  }
}
