/**
 * Chat-message pieces the privileged services share: finding a message, checking that a user may see
 * it, reading a card's parts and rolls, and write steps (see `transaction.ts`) that replace one of a card's rolls,
 * set a card's part, or create a message, each with the write that undoes it. Also the Dice So Nice call that animates dice
 * added to a message that already exists.
 */
import { SYSTEM_ID } from "../constants.ts";
import { EngineError, shared } from "../engines/core.ts";
import { isTypedCard, rollPlace, storedCard, storedParts, type DataPartKind } from "../data/card/parts.ts";
import { withPart } from "../data/card/write.ts";
import { reportError } from "../helpers/notify.ts";
import type { WriteStep } from "./transaction.ts";

/** A chat message by id, or an `EngineError` `UnknownMessage`. */
export function messageById(id: unknown): ChatMessage.Implementation {
  const message = typeof id === "string" ? game.messages.get(id) : undefined;
  if (!message) throw new EngineError("UnknownMessage", { id: id });
  return message;
}

/**
 * The chat message a caller names (a macro may pass anything): a message or its id, found in the
 * world's messages; an `EngineError` `UnknownMessage` for anything else.
 */
export function messageOf(given: unknown): ChatMessage.Implementation {
  return messageById(typeof given === "string" ? given : shared.isRecord(given) ? given.id : undefined);
}

/** The message a caller names ({@link messageOf}), or `null` after telling the user it is unknown. */
export function namedMessage(given: unknown): ChatMessage.Implementation | null {
  try {
    return messageOf(given);
  } catch (error) {
    reportError(error);
    return null;
  }
}

/** Tells the user why a request was refused (one localized notification) and returns `false`; an error that is not a refusal is re-thrown. */
export function refused(error: unknown): false {
  reportError(error);
  return false;
}

/** What decides whether a user sees a message's content. */
export interface MessageVisibility {
  readonly author: string | null;
  readonly whisper: readonly string[];
  readonly blind: boolean;
}

/**
 * Whether a user may see a message's content, as `ChatMessage#isContentVisible` reads it for that
 * user (API13 ChatMessage#isContentVisible; KB:dice roll modes): a public message, one whispered to the
 * user, or the user's own message unless it is blind. A GM is no exception: a player's self roll is
 * whispered to her alone, so a GM sees it only as a roll whose content is hidden, draws no control on
 * it, and may not act on it (the stricter reading, docs/test-world.md; checked by the Quench batch
 * `rolling-bones.v14`). A GM roll or a blind roll is whispered to the GMs, so they see it.
 */
export function contentVisibleTo(message: MessageVisibility, userId: string): boolean {
  if (message.whisper.length === 0) return true;
  if (message.whisper.includes(userId)) return true;
  return message.author === userId && !message.blind;
}

/** The visibility facts of a message document. */
export function visibilityOf(message: ChatMessage.Implementation): MessageVisibility {
  return {
    author: message.author?.id ?? null,
    // v13 stores whisper recipients as user ids.
    whisper: (message.whisper as unknown as readonly string[]).map(String),
    blind: message.blind,
  };
}

/**
 * The card's roll at `place` (one of its roll parts, `data/card/parts.ts`), or with no place named
 * its first roll; `undefined` when the card has no such roll.
 */
export function rollAt(message: ChatMessage.Implementation, place?: number): foundry.dice.Roll | undefined {
  const at = rollPlace(storedCard(message), place);
  return at === null ? undefined : message.rolls[at];
}

/**
 * What an action id adds to name the card's roll at `place`: nothing for its message's first roll
 * (so ids of cards of one roll read as they always have), its place for any other.
 */
export function placed(place: number): readonly unknown[] {
  return place === 0 ? [] : ["roll", place];
}

/**
 * A step that replaces the card's roll at `place` with `roll`, the message's other rolls kept as they
 * are (Foundry stores each roll as its JSON).
 */
export function rollWrite(message: ChatMessage.Implementation, place: number, roll: foundry.dice.Roll): WriteStep {
  const before = (message.toObject().rolls as unknown[]).map((r) =>
    typeof r === "string" ? (JSON.parse(r) as unknown) : r,
  );
  if (place < 0 || place >= before.length) throw new EngineError("UnknownRoll", { place });
  const next = before.map((r, at) => (at === place ? roll.toJSON() : r));
  return {
    label: `ChatMessage ${message.id ?? ""}`,
    apply: () => message.update({ rolls: next } as never),
    revert: () => message.update({ rolls: before } as never),
  };
}

/**
 * A step that sets a card's part of `kind` to `value` (`null` removes it) with any other fields in
 * `extra` (its content): a typed card's `system.parts`, an older message's system flag of that name.
 */
export function partWrite(
  message: ChatMessage.Implementation,
  kind: DataPartKind,
  value: unknown,
  extra: Record<string, unknown> = {},
): WriteStep {
  const source = message.toObject() as unknown as Record<string, unknown>;
  const undo: Record<string, unknown> = {};
  for (const k of Object.keys(extra)) undo[k] = source[k];
  const label = `ChatMessage ${message.id ?? ""}`;
  if (isTypedCard(storedCard(message))) {
    const before = storedParts((source.system as { parts?: unknown } | undefined)?.parts);
    return {
      label,
      apply: () => message.update({ "system.parts": withPart(before, kind, value), ...extra } as never),
      revert: () => message.update({ "system.parts": before, ...undo } as never),
    };
  }
  const path = `flags.${SYSTEM_ID}.${kind}`;
  const flags = source.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  const before = flags?.[SYSTEM_ID]?.[kind] ?? null;
  return {
    label,
    apply: () => message.update({ [path]: value, ...extra }),
    revert: () => message.update({ [path]: before, ...undo }),
  };
}

/**
 * A step that creates a chat message (undone by deleting it); `created()` gives the message
 * afterwards. `data` may be a function, read when the step runs (to name a message an earlier
 * step created).
 */
export function messageCreate(
  data: Record<string, unknown> | (() => Record<string, unknown>),
): WriteStep & { created(): ChatMessage.Implementation | null } {
  let message: ChatMessage.Implementation | null = null;
  return {
    label: "ChatMessage (new)",
    apply: async () => {
      message = (await ChatMessage.create(typeof data === "function" ? data() : data)) ?? null;
      if (!message) throw new Error("the message was not created");
    },
    revert: async () => {
      await message?.delete();
    },
    created: () => message,
  };
}

/** The part of Dice So Nice's API used to animate dice added to an existing message (docs/foundry-notes.md §9). */
export interface Dice3dShow {
  showForRoll(
    roll: foundry.dice.Roll.Any,
    user: User.Implementation,
    synchronize: boolean,
    whisper: readonly string[] | null,
    blind: boolean,
    messageId: string | null,
    speaker: unknown,
  ): Promise<boolean>;
}

/** Dice So Nice's API when the module is active, else `null`. */
export function dice3d(): Dice3dShow | null {
  if (game.modules.get("dice-so-nice")?.active !== true) return null;
  // Dice So Nice adds `game.dice3d`; fvtt-types does not know it.
  return (game as unknown as { dice3d?: Dice3dShow }).dice3d ?? null;
}

/**
 * Shows dice thrown for an existing message in 3D for everyone who may see it (Dice So Nice animates
 * only rolls *added* to a message on update, so dice added inside a roll are shown here). Nothing
 * happens without Dice So Nice or without dice.
 */
export async function showNewDice(
  api: Dice3dShow | null,
  dice: readonly foundry.dice.terms.DiceTerm[],
  user: User.Implementation,
  message: ChatMessage.Implementation,
): Promise<void> {
  if (!api || dice.length === 0) return;
  const terms: foundry.dice.terms.RollTerm[] = [];
  for (const die of dice) {
    if (terms.length > 0) {
      const plus = new foundry.dice.terms.OperatorTerm({ operator: "+" });
      await plus.evaluate();
      terms.push(plus);
    }
    terms.push(die);
  }
  const roll = foundry.dice.Roll.fromTerms(terms);
  const { whisper, blind } = visibilityOf(message);
  await api.showForRoll(roll, user, true, whisper.length > 0 ? whisper : null, blind, message.id, message.speaker);
}
