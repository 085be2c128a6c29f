import { addActionDiceControls } from "../applications/chat/action-card-listeners.ts";
import { addDamageControl } from "../applications/chat/damage-control.ts";
import { addPointsControls } from "../applications/chat/points-card-listeners.ts";
import { addRequestRows } from "../applications/requests/card.ts";

/**
 * The `renderChatMessageHTML` hook (v13; FOUNDRY-NOTES §3): adds, for the viewing user, the
 * action-dice controls of action cards and economy cards, and the points controls (assist, pick,
 * undo) of percentile, wild, pool and pi cards, and a request card's rows (who rolled, Roll and
 * Reveal), and an attack card's damage button. Runs on every render.
 */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  void addActionDiceControls(message, html);
  addPointsControls(message, html);
  addRequestRows(message, html);
  addDamageControl(message, html);
}
