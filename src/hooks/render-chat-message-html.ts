import { drawCardParts } from "../applications/chat/card-views.ts";
import { drawsOwnParts } from "../documents/chat-message.ts";

/**
 * The `renderChatMessageHTML` hook (v13; docs/foundry-notes.md §3): draws the viewing user's part of a
 * card from the parts it holds (`applications/chat/card-views.ts`): the action-dice controls of
 * action and economy cards, the points controls of percentile, wild, pool and pi cards and of a Fate
 * Point loss card, a request card's rows, an attack card's Roll damage button, the GM's view of its
 * targets' hidden figures, the GM's answer to a request for an automatic success, a card's damage
 * panel (apply to targets, the ledger with Undo), and the one listener that runs every card control
 * (`applications/chat/card-actions.ts`). Runs on every render; each kind of control loads its code
 * with the first card that may carry it (`applications/chat/lazy-decoration.ts`).
 */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  // The system's messages draw their parts themselves once core has drawn them (documents/chat-message.ts);
  // a message of a class a module put in place of the system's is drawn here.
  if (drawsOwnParts(message)) return;
  drawCardParts(message, html);
}
