import { addActionDiceControls } from "../applications/chat/action-card-listeners.ts";

/**
 * The `renderChatMessageHTML` hook (v13; FOUNDRY-NOTES §3): adds, for the viewing user, the
 * action-dice controls of action cards and economy cards. Runs on every render.
 */
export function onRenderChatMessageHTML(message: ChatMessage.Implementation, html: HTMLElement): void {
  void addActionDiceControls(message, html);
}
