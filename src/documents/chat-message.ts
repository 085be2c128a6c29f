/**
 * The system's ChatMessage document class (`CONFIG.ChatMessage.documentClass`): a card's parts are
 * read from the message itself — `message.parts` (its rolls and data parts, `data/card/parts.ts`),
 * `message.part("harmLedger")` and `message.ledger` (everything done on it, `data/card/ledger.ts`) — whether it is a typed card or a message stored before cards
 * were typed, and the message draws its parts' views for its viewer when it renders
 * (`applications/chat/card-views.ts`; `renderHTML`, as dnd5e's ChatMessage5e does [docs/foundry-notes.md §3]).
 */
import { drawCardParts } from "../applications/chat/card-views.ts";
import { cardParts, partOf, storedCard, type CardPart, type DataPartKind } from "../data/card/parts.ts";
import { cardLedger, type CardLedgerLine } from "../data/card/ledger.ts";

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

    /**
     * The card's one ledger: what was done on it, every kind in one list — its rolls' action-dice
     * and points lines (each naming its roll's place), then the damage and healing applied from it.
     */
    get ledger(): CardLedgerLine[] {
      return cardLedger(storedCard(this));
    }

    /** The message as core draws it (the `renderChatMessageHTML` hook has run), with its parts' views for the viewer. */
    override async renderHTML(...args: Parameters<ChatMessage.Implementation["renderHTML"]>): Promise<HTMLElement> {
      const html = await super.renderHTML(...args);
      drawCardParts(this, html);
      return html;
    }
  }
  ownClass = RollingBonesChatMessage;
  // The compiler cannot see that a subclass's own methods return the subclass, so it is told the configured type.
  return RollingBonesChatMessage as typeof CONFIG.ChatMessage.documentClass;
}

/** The class `messageClass` built, once it has (its messages draw their own parts). */
let ownClass: (abstract new (...args: never[]) => object) | null = null;

/** Whether a message draws its own parts (it is of the system's class, or a module's subclass of it). */
export function drawsOwnParts(message: object): boolean {
  return ownClass !== null && message instanceof ownClass;
}
