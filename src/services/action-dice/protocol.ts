/**
 * The action-dice requests as every client shares them: the privileged action names, what a client
 * sends and what the GM answers (card-state.ts reads a card's state for its controls). The GM-side actions (`card-actions.ts`, `pool-actions.ts`, `session.ts`) load on
 * the GM's first use; nothing here runs them.
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { DiceSource } from "../../engines/action/index.ts";
import { shared } from "../../engines/core.ts";
import type { Throw } from "../../engines/shared/core.ts";

/** The message flag that holds an economy card's record (the card itself: `economy-card.ts`, loaded with the GM's actions and the views). */
export const ECONOMY_FLAG = "economy";

/** The privileged action name of card controls. */
export const CARD_ACTION = `${SYSTEM_ID}.actionCard`;

/** A control on a card, as a client asks for it (the acting user is the asker, never named here). */
export type CardControl =
  | { readonly type: "augment"; readonly faces: number; readonly source?: DiceSource }
  | {
      readonly type: "reroll";
      readonly faces?: number;
      readonly source?: DiceSource;
      readonly die?: number;
      /** An action die used on the roll (its index among the uses), re-rolled instead of a die of the roll's own. */
      readonly augment?: number;
    }
  | {
      readonly type: "botch" | "critical" | "specialBotch";
      readonly dice: number;
      readonly faces?: number;
      readonly source?: DiceSource;
    }
  | {
      readonly type: "effect";
      readonly activation: "critical" | "botch" | "specialBotch";
      readonly effect: string;
      readonly note?: string;
    }
  | { readonly type: "close"; readonly verdict?: "success" | "failure" }
  | { readonly type: "undo" | "refund"; readonly entry: string };

/** What a client sends. */
export interface CardRequest {
  /** The card's message. */
  readonly messageId: string;
  /** The place of the card's roll in the message's rolls (the card's first roll when absent). */
  readonly roll?: number;
  /** The number of ledger entries the user saw: a card that changed meanwhile is refused. */
  readonly seen: number;
  /** The control used. */
  readonly control: CardControl;
  /**
   * The follow-up dice the control throws (an action die and its cascade, a re-rolled d20), thrown on
   * the asker's client through the dice fulfilment; the GM checks and uses them, and throws none.
   */
  readonly dice?: readonly Throw[];
}

/** What the GM answers. */
export interface CardReply {
  /** True when this action id had already been applied (nothing changed now). */
  readonly repeated: boolean;
  /** The card's ledger length after the action. */
  readonly ledger: number;
  /** The roll's total after the action. */
  readonly total: number;
  /** For a late use (the three-strike leniency): the strike it recorded, which the player is warned of. */
  readonly strike?: number;
}

/** The privileged action name of pool actions. */
export const POOL_ACTION = `${SYSTEM_ID}.actionPool`;

/** The privileged action name of the GM's undo of a pool action (from its economy card). */
export const POOL_UNDO_ACTION = `${SYSTEM_ID}.actionPoolUndo`;

/** A pool action as a client asks for it (the acting user is the asker). */
export type PoolControl =
  | {
      readonly type: "award";
      readonly to: string;
      readonly count?: number;
      readonly reason?: string;
      /** The action card the award is made from (the roll it rewards); absent from the panel. */
      readonly card?: string;
      /** The place of that card's roll in its message's rolls (its first roll when absent). */
      readonly roll?: number;
    }
  | { readonly type: "forfeit"; readonly to: string; readonly reason: string }
  | { readonly type: "take"; readonly from: string; readonly count?: number; readonly faces?: number }
  | {
      readonly type: "insight";
      readonly dice: number;
      readonly subject: string;
      readonly faces?: number;
      readonly villain?: string;
    }
  | { readonly type: "luckyBreak" };

/** What a client sends. */
export interface PoolRequest {
  readonly control: PoolControl;
  /** The revision of the pool acted on, as the user saw it (`null`: do not check). */
  readonly seen: number | null;
}

/** What the GM answers. */
export interface PoolReply {
  readonly repeated: boolean;
  /** The economy card posted, or `null` when repeated. */
  readonly messageId: string | null;
}

/** The user whose pool a control acts on. */
export function poolTarget(control: PoolControl, asker: string): string {
  if (control.type === "award" || control.type === "forfeit") return shared.textOf(control.to);
  if (control.type === "take") return shared.textOf(control.from);
  return asker;
}

/** What a client sends to undo a pool action: its economy card. */
export interface PoolUndoRequest {
  readonly messageId: string;
}

/** The privileged action name of the GM's reset of a player's strikes (the three-strike leniency). */
export const STRIKES_RESET_ACTION = `${SYSTEM_ID}.actionStrikesReset`;

/** What a client sends to reset a player's strikes. */
export interface StrikesResetRequest {
  readonly userId: string;
}

/** The privileged action name of a session start. */
export const SESSION_ACTION = `${SYSTEM_ID}.actionSession`;

/** The actor type whose level gives action dice. */
export const ACTION_ACTOR_TYPE = "action-character";

/** What a client sends: the session number it saw (a session started meanwhile is not started again). */
export interface SessionRequest {
  readonly seen?: number;
}

/** What the GM answers. */
export interface SessionReply {
  /** The new session number. */
  readonly session: number;
  /** The economy card posted. */
  readonly messageId: string | null;
}
