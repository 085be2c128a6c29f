import { openActionDice } from "../applications/action-dice/open.ts";
import { isRollCommand, parseChatCommand, type ParsedRoll } from "../helpers/chat-commands.ts";
import { commandSettings } from "../helpers/command-settings.ts";
import { chatInputText } from "../helpers/compat.ts";
import { reportError } from "../helpers/notify.ts";
import { EngineError } from "../engines/index.ts";

/** The chat command that opens the action-dice panel (the GM's panel for a GM, the player's own otherwise). */
export const ACTION_DICE_COMMAND = "/actiondice";

/**
 * The chat command that opens the GM's roll-request form, empty (`/request`) or filled as a request
 * link is (`/request action save:reflex target=15 hidden`).
 */
export const REQUEST_COMMAND = "/request";

/**
 * `/losefate <character> <reason>`: the GM takes a Fate Point from a Wild Die character for breaking
 * its code (the active GM re-checks and records it on a card with an Undo).
 */
async function loseFateFromCommand(rest: string): Promise<void> {
  const points = await import("../services/points/index.ts");
  const names = new Map(
    game.actors.filter((a) => a.type === "wild-character").map((a) => [a.id ?? "", a.name ?? ""] as const),
  );
  const parsed = points.parseFateLoss(rest, names);
  if (parsed === null) {
    const name = rest.trim().split(/\s+/)[0] ?? "";
    reportError(new EngineError(name === "" ? "FateLossUsage" : "FateLossUnknownCharacter", { name }));
    return;
  }
  await points.loseFatePoint(parsed.actorId, parsed.reason);
}

/**
 * The `chatMessage` hook (fires when a user sends a chat message, before it is posted; a handler
 * returning `false` stops it): `/actiondice` opens the action-dice panel, and the roll commands
 * (`/pool`, `/pct`, `/wild`, `/pi`, `/action`, see `helpers/chat-commands.ts`) roll their engine
 * to chat instead of being posted. `/request` opens the GM's roll-request form. A malformed command
 * shows one localized error and posts nothing.
 */
export function onChatMessage(_chatLog: unknown, input: string): boolean | void {
  const message = chatInputText(input);
  const text = message.trim();
  if (text.toLowerCase() === ACTION_DICE_COMMAND) {
    void openActionDice();
    return false;
  }
  const asked = /^\/request(?:\s+(.*))?$/is.exec(text);
  if (asked) {
    const rest = asked[1]?.trim() ?? "";
    void import("../applications/requests/open.ts").then((open) =>
      rest === "" ? open.openRequestComposer() : open.openRequestComposerFromText(rest),
    );
    return false;
  }
  const lost = /^\/losefate(?:\s+([\s\S]*))?$/i.exec(text);
  if (lost) {
    void loseFateFromCommand(lost[1] ?? "");
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
