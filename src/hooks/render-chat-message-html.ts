import { listenForCardControls } from "../applications/chat/card-actions.ts";
import { addActionDiceControls } from "../applications/chat/action-card-listeners.ts";
import { addDamageControl } from "../applications/chat/damage-control.ts";
import { addGmTargetFigures } from "../applications/chat/target-figures.ts";
import { addPointsControls } from "../applications/chat/points-card-listeners.ts";
import { addRequestRows } from "../applications/requests/card.ts";
import { addAutomaticControls } from "../applications/chat/automatic-controls.ts";
import { addHarmControls } from "../applications/chat/harm-controls.ts";

/**
 * The `renderChatMessageHTML` hook (v13; FOUNDRY-NOTES §3): adds, for the viewing user, the
 * action-dice controls of action cards and economy cards, and the points controls (assist, pick,
 * undo) of percentile, wild, pool and pi cards, a request card's rows (who rolled, Roll and
 * Reveal), an attack card's Roll damage button, the GM's view of its targets' hidden figures, the GM's
 * answer to a request for an automatic success, a card's damage panel (apply to targets, the ledger
 * with Undo), and the one listener that runs every card control
 * (`applications/chat/card-actions.ts`). Runs on every render; each kind of control loads its
 * code with the first card that may carry it (`applications/chat/lazy-decoration.ts`).
 */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  listenForCardControls(html);
  void addActionDiceControls(message, html);
  void addPointsControls(message, html);
  void addRequestRows(message, html);
  addDamageControl(message, html);
  addGmTargetFigures(message, html);
  void addAutomaticControls(message, html);
  void addHarmControls(message, html);
}
