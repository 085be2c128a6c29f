/**
 * The data model of the system's chat cards (`ChatMessage` subtype `card`; `system.json`
 * `documentTypes.ChatMessage`, `CONFIG.ChatMessage.dataModels`, docs/foundry-notes.md §3): the card's parts
 * (`parts.ts`). A part is kept as given; each part's owner reads and checks its data, and the model
 * leaves out a part of an unknown kind. It defines no `renderHTML`: core defers a message's rendering
 * to its model's when there is one (docs/foundry-notes.md §3), so a card is drawn as any message and
 * its parts' views are added by the chat hook.
 */
import { CARD_TYPE, storedParts } from "./parts.ts";

import fields = foundry.data.fields;

/** Builds the card schema: the list of parts. */
function cardSchema() {
  return { parts: new fields.ArrayField(new fields.ObjectField()) };
}

/** The schema of the card model. */
export type CardSchema = ReturnType<typeof cardSchema>;

/** The data model of a card's `system`. */
export class CardModel extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return cardSchema();
  }

  /** Stored parts read as the card model reads them: a malformed or unknown part is left out. */
  static override migrateData(source: Record<string, unknown>) {
    if (Array.isArray(source.parts)) source.parts = storedParts(source.parts);
    return super.migrateData(source);
  }
}

/** The data model of each chat-message type, for `CONFIG.ChatMessage.dataModels`. */
export const config = { [CARD_TYPE]: CardModel } as const;
