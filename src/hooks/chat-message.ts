import { openActionDice } from "../applications/action-dice/open.ts";
import { openDiceReport } from "../applications/report/open.ts";
import { openRequestComposer, openRequestComposerFromText } from "../applications/requests/open.ts";
import type { ParsedRoll } from "../helpers/chat-commands.ts";
import { COMMAND_ENGINES, isRollCommand } from "../helpers/command-words.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { chatCommandsRegistered, chatInputText, registerChatCommands } from "../helpers/compat.ts";
import { reportError } from "../helpers/notify.ts";
import { EngineError } from "../engines/core.ts";
import { parseFateLoss } from "../services/points/fate-loss-card.ts";
import { rollToChat } from "../services/roll.ts";

/** The chat command that opens the action-dice panel (the GM's panel for a GM, the player's own otherwise). */
export const ACTION_DICE_COMMAND = "/actiondice";

/**
 * The chat command that opens the GM's roll-request form, empty (`/request`) or filled as a request
 * link is (`/request action save:reflex target=15 hidden`).
 */
export const REQUEST_COMMAND = "/request";

/** The chat command that opens the GM's dice report. */
export const REPORT_COMMAND = "/dicereport";

/**
 * `/losefate <character> <reason>`: the GM takes a Fate Point from a Wild Die character for breaking
 * its code (the active GM re-checks and records it on a card with an Undo).
 */
async function loseFateFromCommand(rest: string): Promise<void> {
  const names = new Map(
    game.actors.filter((a) => a.type === "wild-character").map((a) => [a.id ?? "", a.name ?? ""] as const),
  );
  const parsed = parseFateLoss(rest, names);
  if (parsed === null) {
    const name = rest.trim().split(/\s+/)[0] ?? "";
    reportError(new EngineError(name === "" ? "FateLossUsage" : "FateLossUnknownCharacter", { name }));
    return;
  }
  await (await import("../services/points/requests.ts")).loseFatePoint(parsed.actorId, parsed.reason);
}

/** The words of the system's slash commands (without the slash), for v14's chat-command registry. */
export const CHAT_COMMAND_WORDS: readonly string[] = [
  ACTION_DICE_COMMAND.slice(1),
  REQUEST_COMMAND.slice(1),
  REPORT_COMMAND.slice(1),
  "losefate",
  ...Object.keys(COMMAND_ENGINES),
];

/**
 * Runs one of the system's slash commands typed as `message` (plain text): `/actiondice` opens the
 * action-dice panel, `/dicereport` the GM's dice report, the roll commands (`/pool`, `/pct`, `/wild`, `/pi`, `/action`, see
 * `helpers/chat-commands.ts`) roll their engine to chat, `/request` opens the GM's roll-request
 * form, `/losefate` takes a Fate Point. A malformed command shows one localized error and posts nothing.
 *
 * @returns Whether the text was one of the system's commands (then no chat message is posted for it).
 */
export function runChatCommand(message: string): boolean {
  const text = message.trim();
  if (text.toLowerCase() === ACTION_DICE_COMMAND) {
    void openActionDice();
    return true;
  }
  if (text.toLowerCase() === REPORT_COMMAND) {
    void openDiceReport();
    return true;
  }
  const asked = /^\/request(?:\s+(.*))?$/is.exec(text);
  if (asked) {
    const rest = asked[1]?.trim() ?? "";
    void (rest === "" ? openRequestComposer() : openRequestComposerFromText(rest));
    return true;
  }
  const lost = /^\/losefate(?:\s+([\s\S]*))?$/i.exec(text);
  if (lost) {
    void loseFateFromCommand(lost[1] ?? "");
    return true;
  }
  if (!isRollCommand(message)) return false;
  void rollCommand(message);
  return true;
}

/**
 * Reads a roll command with the grammar (loaded on first use) and rolls it to chat; a malformed
 * command shows one localized error and posts nothing.
 */
async function rollCommand(message: string): Promise<void> {
  const { parseChatCommand } = await import("../helpers/chat-commands.ts");
  let parsed: ParsedRoll | null;
  try {
    parsed = parseChatCommand(message, commandSettings());
  } catch (error) {
    reportError(error);
    return;
  }
  if (!parsed) return;
  const { engine, request } = parsed;
  // The speaker is the selected token, else the user's character (`getSpeaker()`, docs/foundry-notes.md
  // §13.1); the roll stays its typist's: a GM who types /action with a hero's token selected keeps
  // the card's GM controls (an action card's owner is otherwise the hero's player).
  const owner = engine === "action" ? { rollOptions: { card: { owner: game.user.id } } } : {};
  await rollToChat(engine, request, { speaker: ChatMessage.getSpeaker(), ...owner });
}

/**
 * Registers the system's slash commands with v14's chat-command registry, where it exists (called in
 * `init`); on v13 the `chatMessage` hook reads them.
 */
export function registerSystemChatCommands(): void {
  registerChatCommands(CHAT_COMMAND_WORDS, runChatCommand);
}

/**
 * The `chatMessage` hook (fires when a user sends a chat message, before it is posted; a handler
 * returning `false` stops it): runs the system's slash commands ({@link runChatCommand}) on v13,
 * where the hook receives the typed text. On v14 the chat-command registry runs them instead (the
 * hook, which receives the editor's HTML, leaves them alone); a v14 world without the registry
 * still gets them here, the HTML read as text.
 */
export function onChatMessage(_chatLog: unknown, input: string): boolean | void {
  if (chatCommandsRegistered()) return;
  return runChatCommand(chatInputText(input)) ? false : undefined;
}
