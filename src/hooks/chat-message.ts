import { openActionDice } from "../applications/action-dice/open.ts";
import { isRollCommand, parseChatCommand, type ParsedRoll } from "../helpers/chat-commands.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { reportError } from "../helpers/notify.ts";

/** The chat command that opens the action-dice panel (the GM's panel for a GM, the player's own otherwise). */
export const ACTION_DICE_COMMAND = "/actiondice";

/**
 * The `chatMessage` hook (fires when a user sends a chat message, before it is posted; a handler
 * returning `false` stops it): `/actiondice` opens the action-dice panel, and the roll commands
 * (`/pool`, `/pct`, `/wild`, `/pi`, `/action`, see `helpers/chat-commands.ts`) roll their engine
 * to chat instead of being posted. A malformed roll command shows one localized error and posts nothing.
 */
export function onChatMessage(_chatLog: unknown, message: string): boolean | void {
  if (message.trim().toLowerCase() === ACTION_DICE_COMMAND) {
    void openActionDice();
    return false;
  }
  if (!isRollCommand(message)) return;
  let parsed: ParsedRoll | null;
  try {
    parsed = parseChatCommand(message, commandSettings());
  } catch (error) {
    reportError(error);
    return false;
  }
  if (!parsed) return;
  const { engine, request } = parsed;
  // Loaded on use: the roll service pulls in the dice classes, which need Foundry's globals.
  void import("../services/roll.ts").then(({ rollToChat }) =>
    rollToChat(engine, request, { speaker: ChatMessage.getSpeaker() }),
  );
  return false;
}
