/**
 * The shapes of the action ledger (docs/rules.md §2), Foundry-free: a user's pool for the session, a
 * character's class dice, a roll's card with its ledger, and every action on a card or on pools, with
 * the limits every part checks against.
 */

import type { EngineError } from "../../shared/core.ts";
import { type Throw } from "../../shared/core.ts";
import type { EffectActivation } from "../effects.ts";
import type { ValidActionRequest } from "../request.ts";
import type { ActionDieSize, PoolPart } from "../tables.ts";

/** A user's action dice for the session. */
export interface ActionPoolState {
  /** The user the pool belongs to. */
  readonly userId: string;
  /** True for the Gamemaster's pool. */
  readonly gm: boolean;
  /** The die size of the dice this user is awarded (a player's highest pool die; the GM die). */
  readonly dieFaces: ActionDieSize;
  /** The dice left, largest size first. */
  readonly dice: readonly PoolPart[];
  /** Dice used or spent this session, net of undone spends (0 keeps a lucky break possible). */
  readonly spent: number;
  /** True once the user took a lucky break this session: no more awards. */
  readonly luckyBreak: boolean;
  /**
   * True once the GM declared the player's awards forfeited this session (the rules: excessive
   * out-of-character banter forfeits earning dice); no award until the GM undoes it. Absent on
   * pools stored before forfeits existed (read as false).
   */
  readonly forfeited?: boolean;
  /** Subjects of insight rolls this user failed this session (no new insight spend on them). */
  readonly failedInsight: readonly string[];
  /** Ids of the pool actions applied this session. */
  readonly applied: readonly string[];
}

/** Where a spend's dice come from: the acting user's own pool, or the class dice of the card's character. */
export type DiceSource = "pool" | "class";

/** A character's class bonus dice for the session: all of one size, spent only on that character's own rolls. */
export interface ClassDicePool {
  /** The character (its actor id). */
  readonly actorId: string;
  /** The size of the class dice. */
  readonly faces: ActionDieSize;
  /** The class dice left. */
  readonly left: number;
  /** Class dice used or spent this session, net of undone spends. */
  readonly spent: number;
}

/** What a card's ledger entry paid for. */
export type SpendType = "augment" | "reroll" | "botch" | "critical" | "specialBotch" | "effect";

/** The activations: spends on a finished roll's d20 or DC result. */
export const ACTIVATION_TYPES: readonly SpendType[] = Object.freeze(["botch", "critical", "specialBotch"]);

/** One spend recorded on a card: who, what for, which dice. */
export interface LedgerEntry {
  /** The action id. */
  readonly id: string;
  /** What the dice paid for. */
  readonly type: SpendType;
  /** The user who paid. */
  readonly by: string;
  /** The dice taken from that user's pool (or from the class dice of `character`). */
  readonly dice: readonly PoolPart[];
  /** True once the GM undid it (the dice went back). */
  readonly undone: boolean;
  /** The character whose class dice paid (its actor id); absent when the dice came from the user's pool. */
  readonly character?: string;
  /** For an `effect` entry (no dice): the activation it follows, the effect chosen and the text given. */
  readonly effect?: { readonly activation: EffectActivation; readonly id: string; readonly note: string };
  /**
   * For a late use (a use or re-roll after the result was declared, under the three-strike leniency):
   * the strike it recorded for its player, 1 to {@link MAX_STRIKES}. Absent on uses in time.
   */
  readonly late?: number;
}

/** A roll's card: the roll and everything used or spent on it. */
export interface ActionCardState {
  /** The user who controls the rolling character (the GM for an NPC). */
  readonly owner: string;
  /** True for a character-generation roll: no action dice may touch it. */
  readonly characterGeneration: boolean;
  /** The subject of an insight roll (a failed one blocks that subject for its owner), else `null`. */
  readonly subject: string | null;
  /** The character who made the roll (its actor id), whose class dice may pay for it; absent or `null` when unknown. */
  readonly character?: string | null;
  /**
   * True when that character is a player character (not an NPC), whoever rolled for it: only such a
   * roll can take the GM's special botch. Absent: false (no character, or an NPC).
   */
  readonly playerCharacter?: boolean;
  /** True until the GM (or the roller) declares the result. */
  readonly open: boolean;
  /**
   * The result as declared when the card was closed: read from the DC on the card, or the GM's word
   * when the DC is secret (see {@link Verdict}). Absent or `null` while open, or when there was nothing
   * to judge. A late use never changes it.
   */
  readonly declared?: Verdict | null;
  /**
   * True when the roll's result is already used where it can no longer change (an initiative
   * entered into a combat whose round has started): no augment or re-roll. Absent: false.
   */
  readonly locked?: boolean;
  /** The request, with every augment and re-roll made so far. */
  readonly request: ValidActionRequest;
  /** The throws so far, in plan order. */
  readonly thrown: readonly Throw[];
  /** Every spend on the card, in the order made. */
  readonly ledger: readonly LedgerEntry[];
  /** Ids of every action applied to the card (spends, closing, undos). */
  readonly applied: readonly string[];
}

/**
 * The three-strike leniency for novice players (an optional rule): once the result of a roll is
 * declared, its player may still use a die on it, and each such late use is a strike; past
 * {@link MAX_STRIKES}, no more leeway.
 */
export interface LateUses {
  /** True when the world allows late uses (the optional rule is on). */
  readonly allowed: boolean;
  /** Each player's strikes so far, by user id (an undone late use gives its strike back). */
  readonly strikes: Readonly<Record<string, number>>;
}

/** The late uses a player may make under the three-strike leniency (the rules' three warnings). */
export const MAX_STRIKES = 3;

/** A card and the pools an action on it may touch, keyed by user id. */
export interface ActionTable {
  /** The card. */
  readonly card: ActionCardState;
  /** The pools, by user id. */
  readonly pools: Readonly<Record<string, ActionPoolState>>;
  /** The class-dice pools an action may touch, by actor id (absent: none loaded). */
  readonly classPools?: Readonly<Record<string, ClassDicePool>>;
  /** The three-strike leniency and the players' strikes (absent: no late use, as when the rule is off). */
  readonly lateUses?: LateUses;
}

/** The fields every action has. */
interface ActionBase {
  /** A unique id; applying the same id again changes nothing. */
  readonly id: string;
  /** The user who acts. */
  readonly by: string;
}

/** Use an action die of size `faces` to augment the roll (the roller only, while the roll is open). */
export interface AugmentAction extends ActionBase {
  readonly type: "augment";
  readonly faces: number;
  /** Where the die comes from; the user's pool when omitted. */
  readonly source?: DiceSource;
}

/**
 * Spend an action die to re-roll one die of the player's roll (the roller only, while the roll is
 * open): one of the roll's own dice, or an action die used on it.
 */
export interface RerollAction extends ActionBase {
  readonly type: "reroll";
  /** The die re-rolled: its index among the roll's own dice; the first (the d20) when omitted. */
  readonly die?: number;
  /** An action die re-rolled instead: the index of its use among the roll's augments (its cascade is thrown afresh). */
  readonly augment?: number;
  /** The size of the die to spend; the smallest in the pool when omitted. */
  readonly faces?: number;
  /** Where the die comes from; the user's pool when omitted. */
  readonly source?: DiceSource;
}

/** Spend `dice` action dice to activate the roll's botch, its critical threat, or a GM special botch. */
export interface ActivateAction extends ActionBase {
  readonly type: "botch" | "critical" | "specialBotch";
  /** How many dice (declared once; each contributor adds to the severity). */
  readonly dice: number;
  /** The size of the dice to spend; the smallest first when omitted. */
  readonly faces?: number;
  /** Where the dice come from (class dice only for the roller's critical); the user's pool when omitted. */
  readonly source?: DiceSource;
}

/**
 * Choose what an activated critical or botch does (no dice): the roller or the GM for a critical, the
 * GM for a botch or a special botch; `note` is the short text an effect the rules leave open needs.
 */
export interface EffectAction extends ActionBase {
  readonly type: "effect";
  readonly activation: EffectActivation;
  readonly effect: string;
  readonly note?: string;
}

/** A declared result. */
export type Verdict = "success" | "failure";

/**
 * Declare the roll's result: no more augments or re-rolls. On a card without a DC (a secret DC) the
 * GM may say how it went (`verdict`); an insight roll on a subject needs it, so that a failure is
 * recorded. A card with its DC is judged by it.
 */
export interface CloseAction extends ActionBase {
  readonly type: "close";
  readonly verdict?: Verdict;
}

/** The GM undoes one ledger entry: its dice go back and its effect is removed. */
export interface UndoAction extends ActionBase {
  readonly type: "undo";
  /** The id of the entry to undo. */
  readonly entry: string;
}

/** Every action on a card. */
export type CardAction = AugmentAction | RerollAction | ActivateAction | EffectAction | CloseAction | UndoAction;

/** The GM awards `count` dice to a player (and gains as many). */
export interface AwardAction extends ActionBase {
  readonly type: "award";
  /** The player's user id. */
  readonly to: string;
  /** How many dice. */
  readonly count: number;
  /** Why (the GM's words, at most {@link MAX_NOTE} characters); recorded with the award. */
  readonly reason?: string;
}

/**
 * The GM declares a player's awards forfeited for the session (the rules: excessive out-of-character
 * banter), with the reason; awards to that player are refused until the GM undoes it.
 */
export interface ForfeitAction extends ActionBase {
  readonly type: "forfeit";
  /** The player's user id. */
  readonly to: string;
  /** Why (the GM's words, required, at most {@link MAX_NOTE} characters). */
  readonly reason: string;
}

/** Spend the whole pool on a lucky break (only with nothing spent this session). */
export interface LuckyBreakAction extends ActionBase {
  readonly type: "luckyBreak";
  /**
   * Class bonus dice the player's characters used or spent this session (docs/rules.md §2: they count as
   * action dice for the lucky break); 0 when omitted.
   */
  readonly classDiceSpent?: number;
}

/** Spend `dice` action dice to gain insight on a subject. */
export interface InsightAction extends ActionBase {
  readonly type: "insight";
  /** How many dice (at least one). */
  readonly dice: number;
  /** What the insight is about; a subject whose insight roll this user failed is refused. */
  readonly subject: string;
  /** The size of the dice to spend; the smallest first when omitted. */
  readonly faces?: number;
  /**
   * The GM's secret agenda: the villain (a name the GM types) the GM gains insight for, from the GM
   * pool. Only the GM may name one; the record stays between the GMs.
   */
  readonly villain?: string;
}

/**
 * The GM takes `count` dice out of a pool (a correction, e.g. a die awarded by mistake): dice of
 * `faces`, or the smallest first. It is not the owner's spend, so it never blocks a lucky break.
 */
export interface TakeAction extends ActionBase {
  readonly type: "take";
  /** The user whose pool loses the dice (a player, or the GM's own pool). */
  readonly from: string;
  /** How many dice. */
  readonly count: number;
  /** The size of the dice to take; the smallest first when omitted. */
  readonly faces?: number;
}

/** Every action on pools alone (no card). */
export type PoolAction = AwardAction | ForfeitAction | LuckyBreakAction | InsightAction | TakeAction;

/** The verdict of a check: allowed (possibly as a repeat that changes nothing), or refused with a reason. */
export type Check =
  { readonly ok: true; readonly repeated: boolean } | { readonly ok: false; readonly error: EngineError };

/** The longest text an award's or a forfeit's reason, or a villain's name, may have. */
export const MAX_NOTE = 200;

/** The longest subject an insight may have (what the player wants to know; its card and the panel show it). */
export const MAX_SUBJECT = 200;

/** The most dice one action may spend or award. */
export const MAX_SPEND = 999;
