/** Reading a stored card's parts in tests, as the system reads them (`src/data/card/parts.ts`). */
import {
  cardParts,
  CARD_TYPE,
  DATA_PART_KINDS,
  isTypedCard,
  partData,
  storedParts,
  type DataPartKind,
  type StoredCard,
} from "../../src/data/card/parts.ts";
import { withPart } from "../../src/data/card/write.ts";

/** The data of a message's part of `kind` (a typed card's part, or an older message's flag), or `undefined`. */
export function partIn(message: unknown, kind: DataPartKind): unknown {
  return message === undefined || message === null ? undefined : partData(message, kind);
}

/**
 * The update a macro on its author's own card makes to set its part of `kind` to `value`: a typed
 * card's `system.parts`, an older message's system flag.
 */
export function partUpdate(message: unknown, kind: DataPartKind, value: unknown): Record<string, unknown> {
  const card = message as StoredCard & { system?: { parts?: unknown } };
  if (!isTypedCard(card)) return { [`flags.rolling-bones.${kind}`]: value };
  return { "system.parts": withPart(storedParts(card.system?.parts), kind, value) };
}

/**
 * The typed card that holds what an older stored message holds: the same message, of type `card`,
 * its parts in `system.parts` (as the card model reads the older one) and its system flags of those
 * parts left out.
 */
export function typedTwin(source: Record<string, unknown>): Record<string, unknown> {
  const flags = { ...((source.flags as Record<string, Record<string, unknown>> | undefined) ?? {}) };
  const own = { ...(flags["rolling-bones"] ?? {}) };
  for (const kind of DATA_PART_KINDS) delete own[kind];
  if (Object.keys(own).length > 0) flags["rolling-bones"] = own;
  else delete flags["rolling-bones"];
  return {
    ...source,
    type: CARD_TYPE,
    system: { parts: cardParts(source) },
    flags,
  };
}
