import { openActionDice } from "../applications/action-dice/index.ts";

/** The chat command that opens the action-dice panel (the GM's panel for a GM, the player's own otherwise). */
export const ACTION_DICE_COMMAND = "/actiondice";

/**
 * The `chatMessage` hook (fires when a user sends a chat message, before it is posted; a handler
 * returning `false` stops it): `/actiondice` opens the action-dice panel instead of being posted.
 */
export function onChatMessage(_chatLog: unknown, message: string): boolean | void {
  if (message.trim().toLowerCase() !== ACTION_DICE_COMMAND) return;
  void openActionDice();
  return false;
}
