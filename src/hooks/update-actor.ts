import { runWrites } from "../services/transaction.ts";
import { HARM_UPDATE_OPTION, engineOf, syncWrites } from "../services/harm/marks.ts";
import { reportError } from "../helpers/notify.ts";

/**
 * The `updateActor` hook: when a user changed an actor's health without going through the harm
 * model (a GM typing it on the sheet or the token's bar, a macro), the client that made the change
 * puts the wound and the defeated mark in line with it (docs/rules.md §6). Changes the harm model made
 * carry its option and are left alone. [API13 hookEvents.updateDocument: (document, changed, options, userId)]
 *
 * @param actor - The updated actor.
 * @param changed - What changed.
 * @param options - The update's options.
 * @param userId - Who made the change.
 */
export function onUpdateActor(actor: Actor.Implementation, changed: object, options: object, userId: string): void {
  if (userId !== game.user.id || (options as Record<string, unknown>)[HARM_UPDATE_OPTION] === true) return;
  if (foundry.utils.getProperty(changed, "system.health") === undefined || engineOf(actor) === null) return;
  void runWrites(syncWrites(actor)).catch(reportError);
}
