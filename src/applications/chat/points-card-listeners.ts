/**
 * The points controls on percentile, wild, pool and pi cards and the GM's Undo on a Fate Point loss
 * card, added per viewer when a message renders. Only such a card loads their code
 * (`points-card-panel.ts`), so it stays out of the startup bundle until the first one.
 */
import { partOf } from "../../data/card/parts.ts";
import { FATE_LOSS_FLAG } from "../../services/points/fate-loss-card.ts";
import { pointsEngineOf } from "../../services/points/engine-of.ts";
import { lazyDecoration } from "./lazy-decoration.ts";

/** Whether a message may carry points controls: a points roll, or a Fate Point loss record. */
function mayCarryControls(message: ChatMessage.Implementation): boolean {
  if (!message.isContentVisible) return false;
  return message.rolls.some((roll) => pointsEngineOf(roll) !== null) || partOf(message, FATE_LOSS_FLAG) !== undefined;
}

const decoration = lazyDecoration(
  "points controls",
  mayCarryControls,
  async () => (await import("./points-card-panel.ts")).decoratePoints,
);

/**
 * Adds the points controls to a rendered message (a `renderChatMessageHTML` listener), once per
 * element. The work is asynchronous (the code loads on the first such card; templates render
 * asynchronously); {@link pointsDecorated} tells when it is done.
 */
export const addPointsControls = decoration.add;

/** Resolves once the points controls of a rendered message element are in place (tests, Quench). */
export const pointsDecorated = decoration.done;
