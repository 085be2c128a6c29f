/**
 * The action-dice controls on chat cards, added per viewer when a message renders. Only an action
 * card or an economy card loads their code (`action-card-panel.ts`), so it stays out of the startup
 * bundle until the first such card.
 */
import { partOf } from "../../data/card/parts.ts";
import { ActionRoll } from "../../dice/index.ts";
import { ECONOMY_FLAG } from "../../services/action-dice/protocol.ts";
import { lazyDecoration } from "./lazy-decoration.ts";

/** Whether a message may carry action-dice controls: an action roll, or an economy card's record. */
function mayCarryControls(message: ChatMessage.Implementation): boolean {
  return message.rolls.some((roll) => roll instanceof ActionRoll) || partOf(message, ECONOMY_FLAG) !== undefined;
}

const decoration = lazyDecoration(
  "action-dice controls",
  mayCarryControls,
  async () => (await import("./action-card-panel.ts")).decorateActionDice,
);

/**
 * Adds the action-dice controls to a rendered message element once (the `renderChatMessageHTML`
 * hook; calling it again for the same element does nothing more). The work is asynchronous (the
 * code loads on the first such card; templates render asynchronously); the promise, also given by
 * {@link decorated}, tells when it is done.
 */
export const addActionDiceControls = decoration.add;

/** Resolves once the controls of a rendered message element are in place (for tests and the Quench batch). */
export const decorated = decoration.done;
