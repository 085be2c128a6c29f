/**
 * The system's ChatMessage document class (`CONFIG.ChatMessage.documentClass`): a card's parts are
 * read from the message itself — `message.parts` (its rolls and data parts, `data/card/parts.ts`)
 * and `message.part("harmLedger")` — whether it is a typed card or a message stored before cards
 * were typed. The chat hook draws each card from these parts (`applications/chat/card-views.ts`).
 */
import { cardParts, partOf, storedCard, type CardPart, type DataPartKind } from "../data/card/parts.ts";

/**
 * Builds the class from the one configured when the system starts (Foundry's own unless a module
 * replaced it), to be set back as the configured class.
 */
export function messageClass(): typeof CONFIG.ChatMessage.documentClass {
  const Base = CONFIG.ChatMessage.documentClass;
  class RollingBonesChatMessage extends Base {
    /** The card's parts: a roll part per roll, then its data parts. */
    get parts(): CardPart[] {
      return cardParts(storedCard(this));
    }

    /** The data of the card's part of `kind`, or `undefined`. */
    part(kind: DataPartKind): unknown {
      return partOf(this, kind);
    }
  }
  // The compiler cannot see that a subclass's own methods return the subclass, so it is told the configured type.
  return RollingBonesChatMessage as typeof CONFIG.ChatMessage.documentClass;
}
