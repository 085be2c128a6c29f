/**
 * The card model: a chat card is a list of **parts**. A card posted by the system is a typed chat
 * message (`type: "card"`, its parts in `system.parts`, `model.ts`); a message stored before cards
 * were typed (or posted by a macro through a Roll class) is read as the parts it carries — one roll
 * part per roll, one part per system flag it holds — so every card a world holds reads the same way.
 * Each part's data is read by the service that owns it (the harm ledger by `services/harm`, a
 * request by `services/requests` …); this module only says where a part is and writes a new list.
 * Pure: no Foundry, so the lab and the unit tests read stored messages with it. (Not the modifier
 * parts a roll's card names, `dice/cards/parts.ts`.)
 */
import { isRecord } from "../../engines/shared/core.ts";

/** The chat-message subtype of the system's cards (`system.json` `documentTypes.ChatMessage`). */
export const CARD_TYPE = "card";

/**
 * The kinds of data part. Each kind keeps the name of the message flag it lived in before cards were
 * typed, so a stored card of either shape reads alike.
 */
export const DATA_PART_KINDS = [
  /** A damage or healing card's applications and their undos (`services/harm/ledger.ts`). */
  "harmLedger",
  /** The GM's record card of applications made without a card of their own: "damage" or "heal". */
  "harmRecord",
  /** A dice-pool automatic success asked of the GM (`services/automatic`). */
  "automatic",
  /** An action-dice economy record: a session, an award, a take … (`services/action-dice/economy-card.ts`). */
  "economy",
  /** A Fate Point lost for breaking a code (`services/points/fate-loss-card.ts`). */
  "fateLoss",
  /** A GM's roll request and the answers so far (`services/requests`). */
  "rollRequest",
  /** The GM-only note of a request's hidden target. */
  "rollRequestSecret",
] as const;

/** A kind of data part. */
export type DataPartKind = (typeof DATA_PART_KINDS)[number];

/** A roll of the card: its place in the message's rolls. */
export type RollCardPart = {
  readonly kind: "roll";
  readonly roll: number;
};

/** A data part: its kind and its data (read by its owner's reader). */
export type DataCardPart = {
  readonly kind: DataPartKind;
  readonly data: unknown;
};

/** One part of a card. */
export type CardPart = RollCardPart | DataCardPart;

/** A chat message as the card model reads it (a document or its stored source). */
export interface StoredCard {
  readonly type?: unknown;
  readonly system?: unknown;
  readonly flags?: unknown;
  readonly rolls?: readonly unknown[] | null;
}

const DATA_KINDS: ReadonlySet<string> = new Set(DATA_PART_KINDS);

/** Whether a message is a typed card (its parts in `system.parts`). */
export function isTypedCard(message: StoredCard): boolean {
  return message.type === CARD_TYPE;
}

/** A stored part as the model accepts it, or `null` (an unknown kind, a roll part without its place). */
function readPart(raw: unknown): CardPart | null {
  if (!isRecord(raw) || typeof raw.kind !== "string") return null;
  if (raw.kind === "roll") {
    return typeof raw.roll === "number" && Number.isInteger(raw.roll) && raw.roll >= 0
      ? { kind: "roll", roll: raw.roll }
      : null;
  }
  return DATA_KINDS.has(raw.kind) && raw.data !== undefined && raw.data !== null
    ? { kind: raw.kind as DataPartKind, data: raw.data }
    : null;
}

/** Stored parts as the model keeps them: anything malformed or of an unknown kind left out. */
export function storedParts(raw: unknown): CardPart[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    const part = readPart(entry);
    return part === null ? [] : [part];
  });
}

/**
 * The parts of a card: a typed card's stored parts (anything malformed left out, a roll part only
 * where the message has that roll); a message of another type, its rolls then its system flags in
 * the order of {@link DATA_PART_KINDS}.
 */
export function cardParts(message: StoredCard): CardPart[] {
  const rolls = message.rolls?.length ?? 0;
  if (isTypedCard(message)) {
    const stored = storedParts(isRecord(message.system) ? message.system.parts : undefined);
    return stored.filter((part) => part.kind !== "roll" || part.roll < rolls);
  }
  const flags = isRecord(message.flags) ? message.flags["rolling-bones"] : undefined;
  const own = isRecord(flags) ? flags : {};
  return [
    ...Array.from({ length: rolls }, (_, roll): CardPart => ({ kind: "roll", roll })),
    ...DATA_PART_KINDS.flatMap((kind): CardPart[] =>
      Object.hasOwn(own, kind) && own[kind] !== undefined && own[kind] !== null ? [{ kind, data: own[kind] }] : [],
    ),
  ];
}

/**
 * The places, in the message's rolls, of a card's rolls in card order: a typed card's roll parts, an
 * older message's every roll. A card may hold several (the two sides of a contest, a group's rolls);
 * everything that reads or changes a roll of a card names it by its place.
 */
export function rollPlaces(message: StoredCard): number[] {
  return cardParts(message).flatMap((part) => (part.kind === "roll" ? [part.roll] : []));
}

/**
 * The place of the card's roll a caller names: `place` when it is one of the card's rolls; no place
 * named, the card's first roll; `null` when there is no such roll.
 */
export function rollPlace(message: StoredCard, place?: number): number | null {
  const places = rollPlaces(message);
  if (place === undefined) return places[0] ?? null;
  return places.includes(place) ? place : null;
}

/** The data of a card's part of `kind` (the first, a card holds one of each), or `undefined`. */
export function partData(message: StoredCard, kind: DataPartKind): unknown {
  for (const part of cardParts(message)) if (part.kind === kind) return part.data;
  return undefined;
}

/**
 * The creation data of a typed card: its parts (a roll part for each of `rolls` rolls first, then the
 * data parts given), to spread into `ChatMessage.create`'s data beside its rolls.
 */
export function cardData(
  data: Partial<Record<DataPartKind, unknown>> = {},
  rolls = 0,
): { type: typeof CARD_TYPE; system: { parts: CardPart[] } } {
  const parts: CardPart[] = Array.from({ length: rolls }, (_, roll) => ({ kind: "roll", roll }));
  for (const kind of DATA_PART_KINDS) {
    const value = Object.hasOwn(data, kind) ? data[kind] : undefined;
    if (value !== undefined && value !== null) parts.push({ kind, data: value });
  }
  return { type: CARD_TYPE, system: { parts } };
}

/** A chat message document as the card model reads it (structurally: a `ChatMessage` is one). */
export interface CardDocument {
  readonly type: unknown;
  readonly system: unknown;
  readonly flags: unknown;
  readonly rolls: readonly unknown[];
}

/** A message as the card model reads it: its type, its `system` source, its flags and its rolls. */
export function storedCard(message: CardDocument): StoredCard {
  // A typed card's `system` is its model; its source holds the parts as stored.
  const system = (message.system as { _source?: unknown } | null | undefined)?._source ?? message.system;
  return { type: message.type, system, flags: message.flags, rolls: message.rolls };
}

/** The data of a message's part of `kind` (a typed card's part, or an older message's flag), or `undefined`. */
export function partOf(message: CardDocument | null | undefined, kind: DataPartKind): unknown {
  return message ? partData(storedCard(message), kind) : undefined;
}
