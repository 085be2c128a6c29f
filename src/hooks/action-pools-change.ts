import { ACTION_ACTOR_TYPE } from "../services/action-dice/protocol.ts";

/** An application a document re-renders on update (`Document#apps`), as far as this hook needs it. */
interface DocumentApp {
  readonly rendered?: boolean;
  render(): unknown;
}

/**
 * The `onChange` of the world settings that hold the players' action-dice pools, the characters'
 * class dice and the session number (a spend, an award, a session start): the open sheets of action
 * characters are drawn again on this client, so the pools and the session they show stay current. A
 * closed sheet is left alone.
 */
export function onActionPoolsChange(): void {
  for (const actor of game.actors) {
    if (actor.type !== ACTION_ACTOR_TYPE) continue;
    // The applications showing the actor (its sheet among them), as Foundry re-renders them on the actor's own updates.
    for (const app of Object.values(actor.apps) as DocumentApp[]) if (app.rendered) void app.render();
  }
}
