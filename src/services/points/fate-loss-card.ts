/** The record and card of a Fate Point lost for breaking the character's code (plain data; every client). */
import { systemPath } from "../../constants.ts";

/** The message flag of a Fate Point loss card. */
export const FATE_LOSS_FLAG = "fateLoss";

/** The card's template. */
export const FATE_LOSS_TEMPLATE = systemPath("templates/chat/fate-loss-card.hbs");

/** The longest reason accepted. */
export const MAX_FATE_LOSS_REASON = 200;

/** What a Fate Point loss card records. */
export interface FateLossRecord {
  /** The action id of the loss. */
  readonly id: string;
  /** The character who lost the point. */
  readonly actorId: string;
  /** Why, in the GM's words. */
  readonly reason: string;
  /** The GM who took it. */
  readonly by: string;
  /** The Fate Points the character held after the loss. */
  readonly left: number;
  /** The GM who undid it, once undone; the undo's action id. */
  readonly undoneBy: string | null;
  readonly undoId: string | null;
  /** Names of the character and users, as written. */
  readonly names: Readonly<Record<string, string>>;
}

/** What a client sends to take a Fate Point. */
export interface FateLossRequest {
  readonly actorId: string;
  readonly reason: string;
}

/** What a client sends to undo a loss from its card. */
export interface FateLossUndoRequest {
  readonly messageId: string;
}

/** The card's view: names resolved, the record's text as typed. */
export function fateLossView(record: FateLossRecord) {
  const name = (id: string | null) => (id === null ? null : (record.names[id] ?? id));
  return {
    character: name(record.actorId),
    reason: record.reason,
    by: name(record.by),
    left: record.left,
    undone: record.undoneBy !== null,
    undoneBy: name(record.undoneBy),
  };
}

/**
 * Reads the text after `/losefate`: a character's name (in quotes, or the longest known name the text
 * starts with, ignoring case) and then the reason.
 *
 * @param text - What follows the command word.
 * @param names - The Wild Die characters' names, by actor id.
 * @returns The actor id and the reason, or `null` when no known name starts the text.
 */
export function parseFateLoss(
  text: string,
  names: ReadonlyMap<string, string>,
): { readonly actorId: string; readonly reason: string } | null {
  const trimmed = text.trim();
  const quoted = /^"([^"]+)"\s*([\s\S]*)$/.exec(trimmed);
  const lower = trimmed.toLocaleLowerCase();
  let best: { actorId: string; length: number } | null = null;
  for (const [actorId, name] of names) {
    const wanted = name.trim().toLocaleLowerCase();
    if (wanted === "") continue;
    if (quoted) {
      if ((quoted[1] ?? "").trim().toLocaleLowerCase() === wanted) return { actorId, reason: (quoted[2] ?? "").trim() };
      continue;
    }
    const boundary = lower.length === wanted.length || /\s/.test(lower.charAt(wanted.length));
    if (lower.startsWith(wanted) && boundary && (best === null || wanted.length > best.length))
      best = { actorId, length: wanted.length };
  }
  return best === null ? null : { actorId: best.actorId, reason: trimmed.slice(best.length).trim() };
}
