/**
 * The spend rules of the `action` engine as pure state transitions. Two kinds of plain,
 * serialisable state: a user's pool for the session ({@link ActionPoolState}, one per player and
 * one for the GM) and a roll's card ({@link ActionCardState}: the request, its throws, its open or
 * closed state and the ledger of every die used or spent on it).
 *
 * Every action carries an id. `check…` functions say whether an action is allowed (`ok`, or the
 * {@link EngineError} a user should see); `apply…` functions return the new state and throw that
 * error when the action is refused. Applying an id that was already applied returns the state
 * unchanged, so a double click or two users racing never spend twice. The Foundry service loads the
 * card and every pool an action touches, applies the action, and writes back what changed.
 *
 * Class bonus dice (RULES.md §2: they belong to one character and are tracked on it) are a third
 * kind of state, a character's {@link ClassDicePool}. The roller may pay a use, a re-roll or a
 * critical activation with the class dice of the character who made the roll instead of their own
 * pool (`source: "class"`); the ledger entry names that character, so an undo or refund puts the
 * dice back there. Class dice never pay for anything on another character's roll (a botch
 * activation, a GM special botch), nor for insight or a lucky break: they serve their character
 * alone, and a botch is always activated on someone else's roll.
 */

import { EngineError, requireInt, type DieSpec, type Throw } from "../shared/index.ts";
import { effectsFor, MAX_EFFECT_NOTE, TABLE_DRAW, type EffectActivation } from "./effects.ts";
import { validate, type ActionRequest, type ValidActionRequest } from "./request.ts";
import { resolve, walk, type ActionOutcome } from "./resolve.ts";
import {
  ACTION_DIE_SIZES,
  isActionDieSize,
  normalizePool,
  poolCount,
  type ActionDieSize,
  type PoolPart,
} from "./tables.ts";

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
   * Class bonus dice the player's characters used or spent this session (RULES.md §2: they count as
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

/** A short text field of an action: absent is empty; anything but text, or text too long, is refused. */
function noteError(value: unknown, field: string): EngineError | null {
  if (value === undefined) return null;
  if (typeof value !== "string") return new EngineError("MalformedRequest");
  return value.trim().length > MAX_NOTE ? new EngineError("NoteTooLong", { field, max: MAX_NOTE }) : null;
}

/** The most dice one action may spend or award. */
export const MAX_SPEND = 999;

const ALLOWED = ACTION_DIE_SIZES.join(", ");
const OK: Check = Object.freeze({ ok: true, repeated: false });
const REPEATED: Check = Object.freeze({ ok: true, repeated: true });

function verdict(error: EngineError | null): Check {
  return error === null ? OK : { ok: false, error };
}

/** Runs a check that throws; turns a thrown {@link EngineError} into a value. */
function attempt(f: () => EngineError | null): EngineError | null {
  try {
    return f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Pools

/**
 * A fresh pool for a user holding `dice` (at least one die; its largest size becomes the size of
 * the dice the user is awarded). Throws `DieSizeNotAllowed`, `NotInteger`/`OutOfRange` or `NotEnoughDice`.
 */
export function newPool(userId: string, dice: readonly PoolPart[], options: { gm?: boolean } = {}): ActionPoolState {
  const parts = normalizePool(dice);
  for (const part of parts) {
    if (!isActionDieSize(part.faces))
      throw new EngineError("DieSizeNotAllowed", { faces: part.faces, allowed: ALLOWED });
    requireInt(part.count, "count", 0, MAX_SPEND);
  }
  const first = parts[0];
  if (first === undefined) throw new EngineError("NotEnoughDice", { have: 0, need: 1 });
  return {
    userId,
    gm: options.gm ?? false,
    dieFaces: first.faces,
    dice: parts,
    spent: 0,
    luckyBreak: false,
    // Written out, not left absent: a stored pool is updated by merging, so a new session's pool must
    // say `false` to clear the last session's forfeit.
    forfeited: false,
    failedInsight: [],
    applied: [],
  };
}

/** The number of dice left in a pool. */
export function diceLeft(pool: ActionPoolState): number {
  return poolCount(pool.dice);
}

/**
 * Which dice a spend of `count` would take: `count` dice of size `faces`, or, without a size, the
 * smallest dice first. Returns an error when the pool holds too few.
 */
function pick(pool: ActionPoolState, count: number, faces?: number): PoolPart[] | EngineError {
  if (faces !== undefined) {
    const have = pool.dice.find((p) => p.faces === faces)?.count ?? 0;
    if (have === 0) return new EngineError("NoDieOfSize", { faces });
    if (have < count) return new EngineError("NotEnoughDice", { have, need: count });
    return [{ faces: faces as ActionDieSize, count }];
  }
  const have = poolCount(pool.dice);
  if (have < count) return new EngineError("NotEnoughDice", { have, need: count });
  const taken: PoolPart[] = [];
  let left = count;
  for (let i = pool.dice.length - 1; i >= 0 && left > 0; i--) {
    const part = pool.dice[i] as PoolPart;
    const n = Math.min(left, part.count);
    taken.push({ faces: part.faces, count: n });
    left -= n;
  }
  return taken;
}

/**
 * A character's class-dice pool holding `count` dice of size `faces` (refilled each session from the
 * character's class feature). Throws `DieSizeNotAllowed` or `NotInteger`/`OutOfRange`.
 */
export function newClassPool(actorId: string, faces: number, count: number): ClassDicePool {
  if (!isActionDieSize(faces)) throw new EngineError("DieSizeNotAllowed", { faces, allowed: ALLOWED });
  requireInt(count, "count", 0, MAX_SPEND);
  return { actorId, faces, left: count, spent: 0 };
}

/** Which class dice a spend of `count` would take, or the error when the pool cannot pay. */
function pickClass(pool: ClassDicePool, count: number, faces?: number): PoolPart[] | EngineError {
  if (faces !== undefined && faces !== pool.faces) return new EngineError("NoDieOfSize", { faces });
  if (pool.left < count) return new EngineError("NotEnoughDice", { have: pool.left, need: count });
  return [{ faces: pool.faces, count }];
}

/** The class pool of the card's character, or `NoClassDice` when the card names none or it is not loaded. */
function classPoolOf(t: ActionTable): ClassDicePool | EngineError {
  const id = t.card.character;
  const pools = t.classPools ?? {};
  if (typeof id !== "string" || !Object.hasOwn(pools, id)) return new EngineError("NoClassDice");
  return pools[id] as ClassDicePool;
}

/**
 * Whether `by` can pay `count` dice (of `faces`, or the smallest first) from `source`: their own
 * pool, or the class dice of the card's character, which only the roller may spend.
 */
function payError(
  t: ActionTable,
  by: string,
  source: DiceSource | undefined,
  count: number,
  faces?: number,
): EngineError | null {
  if (source !== undefined && source !== "pool" && source !== "class")
    return new EngineError("UnknownAction", { type: source });
  if (source === "class") {
    if (by !== t.card.owner) return new EngineError("NotYourRoll");
    const pool = classPoolOf(t);
    if (pool instanceof EngineError) return pool;
    const taken = pickClass(pool, count, faces);
    return taken instanceof EngineError ? taken : null;
  }
  const pool = poolOf(t.pools, by);
  if (pool instanceof EngineError) return pool;
  const taken = pick(pool, count, faces);
  return taken instanceof EngineError ? taken : null;
}

function removeDice(pool: ActionPoolState, taken: readonly PoolPart[]): ActionPoolState {
  const dice = pool.dice.map((part) => {
    const t = taken.find((x) => x.faces === part.faces)?.count ?? 0;
    return { faces: part.faces, count: part.count - t };
  });
  return { ...pool, dice: normalizePool(dice), spent: pool.spent + poolCount(taken) };
}

function returnDice(pool: ActionPoolState, parts: readonly PoolPart[]): ActionPoolState {
  return { ...pool, dice: normalizePool([...pool.dice, ...parts]), spent: Math.max(0, pool.spent - poolCount(parts)) };
}

function poolOf(pools: Readonly<Record<string, ActionPoolState>>, userId: string): ActionPoolState | EngineError {
  return Object.hasOwn(pools, userId)
    ? (pools[userId] as ActionPoolState)
    : new EngineError("UnknownPool", { user: userId });
}

function requireId(id: unknown): EngineError | null {
  return typeof id === "string" && id.length > 0 ? null : new EngineError("MissingActionId");
}

// ---------------------------------------------------------------------------------------------
// Cards

/**
 * A new, open card for a roll as first made. Augments and re-rolls join the card only through
 * {@link applyCardAction}, so the request must have none (a `RangeError` otherwise).
 */
export function newCard(
  request: ActionRequest,
  owner: string,
  options: { characterGeneration?: boolean; subject?: string | null } = {},
): ActionCardState {
  const req = validate(request);
  if (req.augments.length > 0 || req.rerolls.length > 0) {
    throw new RangeError("action: a new card's request has no augments or re-rolls; apply them as actions");
  }
  return {
    owner,
    characterGeneration: options.characterGeneration ?? false,
    subject: options.subject ?? null,
    open: true,
    request: req,
    thrown: [],
    ledger: [],
    applied: [],
  };
}

/** The dice a card still needs thrown (see `plan`): the Foundry layer throws them and calls {@link attachThrows}. */
export function cardMissing(card: ActionCardState): DieSpec | null {
  return walk(card.request, card.thrown).missing;
}

/**
 * Appends throws to a card. `at` is the number of throws the card had when they were asked for: if
 * the card already holds them (a repeated call), the card is returned unchanged. Throws a
 * `RangeError` when `at` is stale or a throw does not match the plan.
 */
export function attachThrows(card: ActionCardState, at: number, throws: readonly Throw[]): ActionCardState {
  if (at + throws.length <= card.thrown.length) return card;
  if (at !== card.thrown.length)
    throw new RangeError(`action: throws for position ${at}, card has ${card.thrown.length}`);
  const thrown = [...card.thrown, ...throws];
  walk(card.request, thrown);
  return { ...card, thrown };
}

/** The card's outcome, or `null` while dice are still to be thrown. */
export function cardOutcome(card: ActionCardState): ActionOutcome | null {
  if (walk(card.request, card.thrown).missing !== null) return null;
  return resolve(card.request, card.thrown);
}

/** The entries of a card that still stand (not undone), optionally of one type. */
export function standing(card: ActionCardState, type?: SpendType): LedgerEntry[] {
  return card.ledger.filter((e) => !e.undone && (type === undefined || e.type === type));
}

/** The severity of an activation: the dice every contributor spent on it, summed. */
export function severity(card: ActionCardState, type: "botch" | "critical" | "specialBotch"): number {
  let n = 0;
  for (const e of standing(card, type)) n += poolCount(e.dice);
  return n;
}

function isGm(pools: Readonly<Record<string, ActionPoolState>>, userId: string): boolean {
  return Object.hasOwn(pools, userId) && (pools[userId] as ActionPoolState).gm;
}

/** A player's strikes so far under the three-strike leniency. */
export function strikesOf(lateUses: LateUses | undefined, userId: string): number {
  const strikes = lateUses?.strikes ?? {};
  const n = Object.hasOwn(strikes, userId) ? strikes[userId] : 0;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Whether a use or re-roll on a closed card (its result declared) is a late use the three-strike
 * leniency accepts: the rule is on, the roller is a player (the GM has no leeway to learn), and the
 * player has a strike left; otherwise `RollClosed`, or `NoStrikesLeft` once the three are spent.
 */
function lateUseError(t: ActionTable, by: string): EngineError | null {
  if (t.lateUses?.allowed !== true || by !== t.card.owner || isGm(t.pools, by)) return new EngineError("RollClosed");
  return strikesOf(t.lateUses, by) >= MAX_STRIKES ? new EngineError("NoStrikesLeft", { max: MAX_STRIKES }) : null;
}

/**
 * Errors shared by augment and re-roll: the roll must be the actor's own, open (or a late use the
 * three-strike leniency accepts), finished, and not for character generation.
 */
function dieStepError(t: ActionTable, by: string): EngineError | null {
  if (t.card.characterGeneration) return new EngineError("CharacterGenerationRoll");
  if (!t.card.open) {
    const late = lateUseError(t, by);
    if (late !== null) return late;
    // RULES.md §2: no late use turns a declared failed insight roll into a success.
    if (t.card.request.kind === "insight" && declaredVerdict(t.card) === "failure")
      return new EngineError("InsightDeclaredFailed");
  }
  if (t.card.locked === true) return new EngineError("InitiativeSet");
  if (by !== t.card.owner) return new EngineError("NotYourRoll");
  if (cardMissing(t.card) !== null) return new EngineError("RollPending");
  return null;
}

function augmentError(t: ActionTable, a: AugmentAction): EngineError | null {
  const step = dieStepError(t, a.by);
  if (step !== null) return step;
  if (standing(t.card, "specialBotch").length > 0) return new EngineError("SpecialBotchAlreadyActivated");
  if (!isActionDieSize(a.faces)) return new EngineError("DieSizeNotAllowed", { faces: a.faces, allowed: ALLOWED });
  return payError(t, a.by, a.source, 1, a.faces);
}

function rerollError(t: ActionTable, a: RerollAction): EngineError | null {
  const step = dieStepError(t, a.by);
  if (step !== null) return step;
  if (standing(t.card, "botch").length > 0) return new EngineError("BotchAlreadyActivated");
  if (standing(t.card, "critical").length > 0) return new EngineError("CriticalAlreadyActivated");
  if (standing(t.card, "specialBotch").length > 0) return new EngineError("SpecialBotchAlreadyActivated");
  if (a.augment !== undefined) {
    const k = a.augment;
    if (!Number.isInteger(k) || k < 0 || k >= t.card.request.augments.length) {
      return new EngineError("UnknownRerollTarget", { target: String(a.augment) });
    }
    return payError(t, a.by, a.source, 1, a.faces);
  }
  const die = a.die ?? 0;
  if (!Number.isInteger(die) || die < 0 || die >= t.card.request.base.length) {
    return new EngineError("UnknownRerollTarget", { target: String(a.die) });
  }
  return payError(t, a.by, a.source, 1, a.faces);
}

function activateError(t: ActionTable, a: ActivateAction): EngineError | null {
  if (t.card.characterGeneration) return new EngineError("CharacterGenerationRoll");
  const outcome = cardOutcome(t.card);
  if (outcome === null) return new EngineError("RollPending");
  requireInt(a.dice, "dice", 1, MAX_SPEND);
  const gm = isGm(t.pools, a.by);
  if (a.type === "botch") {
    if (!outcome.potentialBotch) return new EngineError("NoPotentialBotch", { natural: outcome.natural });
    if (outcome.botchProtected) return new EngineError("BotchRerolled");
    if (a.by === t.card.owner && !gm) return new EngineError("OwnBotch");
  } else if (a.type === "critical") {
    if (!outcome.criticalThreat) {
      return outcome.kind === "insight"
        ? new EngineError("CriticalKind", { kind: outcome.kind })
        : new EngineError("NoCriticalThreat", { natural: outcome.natural });
    }
    if (a.by !== t.card.owner && !gm) return new EngineError("NotYourRoll");
  } else {
    if (!gm) return new EngineError("GmOnly");
    // RULES.md §2: a player character's check or attack only (a save has its own botch; never an NPC's roll).
    if (outcome.kind !== "check" && outcome.kind !== "attack")
      return new EngineError("SpecialBotchKind", { kind: outcome.kind });
    if (t.card.playerCharacter !== true) return new EngineError("SpecialBotchNotPc");
    if (outcome.dc === null) return new EngineError("NoDc");
    if (!outcome.failedBy5) return new EngineError("NotFailedBy5", { margin: outcome.margin ?? 0 });
  }
  const fromClass = a.source === "class";
  // Class dice serve their own character: never a botch (always on another's roll) or a GM special botch.
  if (fromClass && a.type !== "critical") return new EngineError("ClassDiceOwnRollOnly");
  // One contribution per user and source: a roller may add their class dice to their own pool's dice.
  if (standing(t.card, a.type).some((e) => e.by === a.by && (e.character !== undefined) === fromClass))
    return new EngineError("AlreadyContributed");
  return payError(t, a.by, a.source, a.dice, a.faces);
}

/** The effect entry that stands for an activation, if one was chosen. */
export function standingEffect(card: ActionCardState, activation: EffectActivation): LedgerEntry | undefined {
  return standing(card, "effect").find((e) => e.effect?.activation === activation);
}

function effectError(t: ActionTable, a: EffectAction): EngineError | null {
  const activation = a.activation;
  if (activation !== "critical" && activation !== "botch" && activation !== "specialBotch")
    return new EngineError("UnknownAction", { type: String(activation) });
  const have = severity(t.card, activation);
  if (have === 0) return new EngineError("EffectNotActivated");
  const gm = isGm(t.pools, a.by);
  if (activation === "critical" ? a.by !== t.card.owner && !gm : !gm) return new EngineError("EffectNotYours");
  // A result drawn from a table is the GM's draw: a roller records a critical's effect in their own words.
  if (a.effect === TABLE_DRAW && !gm) return new EngineError("EffectNotYours");
  const option = effectsFor(t.card.request.kind, activation).find((o) => o.id === a.effect);
  if (option === undefined) return new EngineError("UnknownEffect", { effect: String(a.effect) });
  if (have < option.minSeverity) return new EngineError("EffectNeedsSeverity", { need: option.minSeverity, have });
  if (standingEffect(t.card, activation) !== undefined) return new EngineError("EffectAlreadyChosen");
  const note = typeof a.note === "string" ? a.note.trim() : "";
  if (a.note !== undefined && typeof a.note !== "string") return new EngineError("MalformedRequest");
  if (note.length > MAX_EFFECT_NOTE) return new EngineError("EffectNoteTooLong", { max: MAX_EFFECT_NOTE });
  if (option.needsNote && note === "") return new EngineError("EffectNeedsNote");
  return null;
}

function closeError(t: ActionTable, a: CloseAction): EngineError | null {
  if (!t.card.open) return new EngineError("RollClosed");
  if (a.by !== t.card.owner && !isGm(t.pools, a.by)) return new EngineError("NotYourRoll");
  if (cardMissing(t.card) !== null) return new EngineError("RollPending");
  if (a.verdict !== undefined) {
    if (a.verdict !== "success" && a.verdict !== "failure") return new EngineError("MalformedRequest");
    // Only the GM knows a secret DC; a DC on the card judges the roll itself.
    if (!isGm(t.pools, a.by)) return new EngineError("GmOnly");
    if (t.card.request.dc !== null) return new EngineError("VerdictWithDc");
  }
  if (t.card.request.kind === "insight" && t.card.subject !== null) {
    const pool = poolOf(t.pools, t.card.owner);
    if (pool instanceof EngineError) return pool;
    if (t.card.request.dc === null && a.verdict === undefined) return new EngineError("InsightVerdictNeeded");
  }
  return null;
}

/**
 * A closed card's declared result: the one recorded at closing, else (a card closed before results
 * were recorded, with no late use since) what its DC says; `null` when there was nothing to judge.
 */
export function declaredVerdict(card: ActionCardState): Verdict | null {
  if (card.open) return null;
  if (card.declared === "success" || card.declared === "failure") return card.declared;
  const success = cardOutcome(card)?.success ?? null;
  return success === null ? null : success ? "success" : "failure";
}

function undoError(t: ActionTable, a: UndoAction): EngineError | null {
  if (!isGm(t.pools, a.by)) return new EngineError("GmOnly");
  const at = t.card.ledger.findIndex((e) => e.id === a.entry && !e.undone);
  const entry = t.card.ledger[at];
  if (entry === undefined) return new EngineError("UnknownEntry", { entry: a.entry });
  if (entry.type === "augment" || entry.type === "reroll") {
    const later = t.card.ledger.slice(at + 1).some((e) => !e.undone && ACTIVATION_TYPES.includes(e.type));
    if (later) return new EngineError("UndoActivationsFirst");
  }
  // A re-rolled action die goes back only once its re-rolls are undone.
  if (entry.type === "augment") {
    const k = stepIndex(t.card, entry);
    if (t.card.request.rerolls.some((r) => r.augment === k)) return new EngineError("UndoRerollsFirst");
  }
  // An effect follows its activation: it goes first, so no effect outlives the dice that paid for it.
  if (entry.type !== "effect" && entry.type !== "augment" && entry.type !== "reroll") {
    if (standingEffect(t.card, entry.type) !== undefined) return new EngineError("UndoEffectFirst");
  }
  if (entry.character !== undefined) {
    return Object.hasOwn(t.classPools ?? {}, entry.character)
      ? null
      : new EngineError("UnknownPool", { user: entry.character });
  }
  const pool = poolOf(t.pools, entry.by);
  return pool instanceof EngineError ? pool : null;
}

function cardActionError(t: ActionTable, a: CardAction): EngineError | null {
  const id = requireId(a.id);
  if (id !== null) return id;
  switch (a.type) {
    case "augment":
      return augmentError(t, a);
    case "reroll":
      return rerollError(t, a);
    case "botch":
    case "critical":
    case "specialBotch":
      return activateError(t, a);
    case "effect":
      return effectError(t, a);
    case "close":
      return closeError(t, a);
    case "undo":
      return undoError(t, a);
    default:
      return new EngineError("UnknownAction", { type: (a as { type: unknown }).type });
  }
}

/**
 * Whether an action on a card is allowed. The rules, in the order checked:
 * - augment / re-roll: not on a character-generation roll; only while the roll is open (or, under
 *   the three-strike leniency, as the roller's late use while they have a strike left, never on an
 *   insight roll declared failed) and not locked (an initiative already in a started round); only by
 *   the roller; only once every die is thrown; the roller's pool holds the die. An augment is
 *   refused once a special botch stands (it could lift the total); a re-roll once a botch, critical
 *   or special botch stands (so a potential botch can be re-rolled only before it is activated).
 * - botch: the natural is a potential botch that no re-roll protected; a player may not activate
 *   the botch of a roll of their own (the GM may activate any).
 * - critical: a natural 20 on a check, attack or saving throw; the roller's own roll (the GM: any).
 * - special botch: the GM only; a player character's check or attack (never a saving throw, never an
 *   NPC's roll or a roll without a character); the DC is known and the roll missed it by 5 or more.
 * - every activation: at least one die, one contribution per user (and per source), the pool holds enough dice.
 * - class dice (`source: "class"`): only the roller, on the roll of the character whose class dice
 *   they are, for a use, a re-roll or a critical; the class pool holds the dice.
 * - effect: the activation stands; a critical's effect is the roller's or the GM's, a botch's the GM's;
 *   the effect is one the rules give that kind of roll, the severity reaches it, none was chosen yet,
 *   and an effect the rules leave open carries a short text.
 * - close: the roll is open, the roller or the GM closes it, every die is thrown; only the GM gives a
 *   verdict, and only on a card without a DC; an insight roll on a subject without a DC needs one.
 * - undo: the GM only; the entry stands; an augment or re-roll only after later activations are
 *   undone; an augment only after the re-rolls of its action die are undone; an activation only
 *   after the effect chosen for it is undone.
 *
 * An id already applied to the card is allowed as a repeat that changes nothing.
 */
export function checkCardAction(table: ActionTable, action: CardAction): Check {
  if (table.card.applied.includes(action.id)) return REPEATED;
  return verdict(attempt(() => cardActionError(table, action)));
}

function spend(
  table: ActionTable,
  a: { id: string; by: string; type: SpendType; dice: number; faces?: number; source?: DiceSource },
  card: ActionCardState,
): ActionTable {
  if (a.source === "class") {
    const pool = classPoolOf(table) as ClassDicePool;
    const taken = pickClass(pool, a.dice, a.faces) as PoolPart[];
    const entry: LedgerEntry = {
      id: a.id,
      type: a.type,
      by: a.by,
      dice: taken,
      undone: false,
      character: pool.actorId,
    };
    const count = poolCount(taken);
    return {
      ...table,
      card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, a.id] },
      classPools: {
        ...table.classPools,
        [pool.actorId]: { ...pool, left: pool.left - count, spent: pool.spent + count },
      },
    };
  }
  const pool = table.pools[a.by] as ActionPoolState;
  const taken = pick(pool, a.dice, a.faces) as PoolPart[];
  const entry: LedgerEntry = { id: a.id, type: a.type, by: a.by, dice: taken, undone: false };
  return {
    ...table,
    card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, a.id] },
    pools: { ...table.pools, [a.by]: removeDice(pool, taken) },
  };
}

/**
 * After a use or re-roll: when the card was closed (a late use), its entry records the player's next
 * strike and `lateUses` counts it.
 */
function withStrike(table: ActionTable, by: string, wasOpen: boolean): ActionTable {
  if (wasOpen || table.lateUses === undefined) return table;
  const strike = strikesOf(table.lateUses, by) + 1;
  const ledger = table.card.ledger;
  const last = ledger.at(-1) as LedgerEntry;
  return {
    ...table,
    card: { ...table.card, ledger: [...ledger.slice(0, -1), { ...last, late: strike }] },
    lateUses: { ...table.lateUses, strikes: { ...table.lateUses.strikes, [by]: strike } },
  };
}

/** The `lateUses` after undoing an entry: a late use gives its player's strike back (nothing else changes). */
function strikeBack(lateUses: LateUses | undefined, entry: LedgerEntry): { lateUses?: LateUses } {
  if (lateUses === undefined || entry.late === undefined) return {};
  const left = Math.max(0, strikesOf(lateUses, entry.by) - 1);
  return { lateUses: { ...lateUses, strikes: { ...lateUses.strikes, [entry.by]: left } } };
}

/** The index of a standing entry among the standing entries of its type (= its index in the request). */
function stepIndex(card: ActionCardState, entry: LedgerEntry): number {
  let k = 0;
  for (const e of card.ledger) {
    if (e === entry) return k;
    if (!e.undone && e.type === entry.type) k++;
  }
  return -1;
}

/** The card with one augment or re-roll (and its throws) taken out of the roll. */
function removeStep(card: ActionCardState, entry: LedgerEntry): ActionCardState {
  const k = stepIndex(card, entry);
  const type = entry.type === "augment" ? "augment" : "reroll";
  const seg = walk(card.request, card.thrown).segments.find((s) => s.type === type && s.index === k);
  const thrown = seg === undefined ? card.thrown : [...card.thrown.slice(0, seg.start), ...card.thrown.slice(seg.end)];
  const req = card.request;
  const request: ValidActionRequest =
    type === "augment"
      ? {
          ...req,
          augments: req.augments.filter((_, i) => i !== k),
          rerolls: req.rerolls.map((r) => ({
            ...r,
            ...(r.after > k ? { after: r.after - 1 } : {}),
            ...(r.augment !== undefined && r.augment > k ? { augment: r.augment - 1 } : {}),
          })),
        }
      : { ...req, rerolls: req.rerolls.filter((_, i) => i !== k) };
  return { ...card, request, thrown };
}

/**
 * Applies an action to a card and the pools it touches, returning the new table (the input is not
 * changed). Throws the refusal's {@link EngineError} when {@link checkCardAction} refuses it; an id
 * already applied returns the table unchanged. An augment or re-roll adds its die to the request:
 * the Foundry layer then throws what `plan` asks for and attaches it with {@link attachThrows}.
 * Closing records the declared result (from the DC, or the GM's verdict on a secret DC); an insight roll
 * declared failed records the subject as failed in the roller's pool.
 * A class-dice spend takes from (and its undo returns to) the character's pool in `classPools`.
 * A late use (on a closed card, under the three-strike leniency) records the player's next strike
 * on its entry and in `lateUses`; its undo gives the strike back.
 */
export function applyCardAction(table: ActionTable, action: CardAction): ActionTable {
  const check = checkCardAction(table, action);
  if (!check.ok) throw check.error;
  if (check.repeated) return table;
  const card = table.card;
  switch (action.type) {
    case "augment": {
      const faces = action.faces as ActionDieSize;
      const next = { ...card, request: { ...card.request, augments: [...card.request.augments, faces] } };
      return withStrike(spend(table, { ...action, dice: 1 }, next), action.by, card.open);
    }
    case "reroll": {
      const after = card.request.augments.length;
      const reroll =
        action.augment === undefined ? { target: action.die ?? 0, after } : { target: 0, after, augment: action.augment };
      const next = { ...card, request: { ...card.request, rerolls: [...card.request.rerolls, reroll] } };
      return withStrike(spend(table, { ...action, dice: 1 }, next), action.by, card.open);
    }
    case "botch":
    case "critical":
    case "specialBotch":
      return spend(table, action, card);
    case "effect": {
      const note = typeof action.note === "string" ? action.note.trim() : "";
      const entry: LedgerEntry = {
        id: action.id,
        type: "effect",
        by: action.by,
        dice: [],
        undone: false,
        effect: { activation: action.activation, id: action.effect, note },
      };
      return { ...table, card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, action.id] } };
    }
    case "close": {
      const outcome = cardOutcome(card) as ActionOutcome;
      const declared: Verdict | null =
        outcome.success === null ? (action.verdict ?? null) : outcome.success ? "success" : "failure";
      const closed = { ...card, open: false, declared, applied: [...card.applied, action.id] };
      const subject = card.subject;
      if (card.request.kind !== "insight" || subject === null || declared !== "failure") {
        return { ...table, card: closed };
      }
      const pool = table.pools[card.owner] as ActionPoolState;
      const failedInsight = pool.failedInsight.includes(subject)
        ? pool.failedInsight
        : [...pool.failedInsight, subject];
      return { ...table, card: closed, pools: { ...table.pools, [card.owner]: { ...pool, failedInsight } } };
    }
    case "undo": {
      const entry = card.ledger.find((e) => e.id === action.entry && !e.undone) as LedgerEntry;
      const base = entry.type === "augment" || entry.type === "reroll" ? removeStep(card, entry) : card;
      const ledger = base.ledger.map((e) => (e === entry ? { ...e, undone: true } : e));
      const next = { ...base, ledger, applied: [...base.applied, action.id] };
      const lateUses = strikeBack(table.lateUses, entry);
      if (entry.character !== undefined) {
        const pool = (table.classPools ?? {})[entry.character] as ClassDicePool;
        const count = poolCount(entry.dice);
        const back = { ...pool, left: pool.left + count, spent: Math.max(0, pool.spent - count) };
        return { ...table, card: next, classPools: { ...table.classPools, [entry.character]: back }, ...lateUses };
      }
      const pool = table.pools[entry.by] as ActionPoolState;
      return {
        ...table,
        card: next,
        pools: { ...table.pools, [entry.by]: returnDice(pool, entry.dice) },
        ...lateUses,
      };
    }
  }
}

/**
 * Whether the GM may award the roller a die for this roll, from its card: the rules give no award
 * for an action that stems from using or spending an action die, so a card on which dice were used
 * or spent (an entry that still stands) is refused with `AwardForDiceUse`. Undone entries gave their
 * dice back and do not count. The award itself is then checked as any award ({@link checkPoolAction}).
 */
export function checkAwardForRoll(card: ActionCardState): Check {
  return verdict(card.ledger.some((e) => !e.undone && e.dice.length > 0) ? new EngineError("AwardForDiceUse") : null);
}

// ---------------------------------------------------------------------------------------------
// Pool actions

function poolActionError(pools: Readonly<Record<string, ActionPoolState>>, a: PoolAction): EngineError | null {
  const id = requireId(a.id);
  if (id !== null) return id;
  const pool = poolOf(pools, a.by);
  if (pool instanceof EngineError) return pool;
  switch (a.type) {
    case "award": {
      if (!pool.gm) return new EngineError("GmOnly");
      const to = poolOf(pools, a.to);
      if (to instanceof EngineError) return to;
      if (to.gm) return new EngineError("AwardToGm");
      requireInt(a.count, "count", 1, MAX_SPEND);
      if (to.luckyBreak) return new EngineError("AwardsBlocked");
      if (to.forfeited === true) return new EngineError("AwardsForfeited");
      return noteError(a.reason, "reason");
    }
    case "forfeit": {
      if (!pool.gm) return new EngineError("GmOnly");
      const to = poolOf(pools, a.to);
      if (to instanceof EngineError) return to;
      if (to.gm) return new EngineError("ForfeitGm");
      if (to.forfeited === true) return new EngineError("AlreadyForfeited");
      const reason = noteError(a.reason, "reason");
      if (reason !== null) return reason;
      return typeof a.reason === "string" && a.reason.trim() !== "" ? null : new EngineError("ForfeitNeedsReason");
    }
    case "luckyBreak": {
      if (pool.luckyBreak) return new EngineError("LuckyBreakTaken");
      const spent = pool.spent + requireInt(a.classDiceSpent ?? 0, "classDice", 0, Number.MAX_SAFE_INTEGER);
      if (spent > 0) return new EngineError("LuckyBreakAfterSpend", { spent });
      const have = diceLeft(pool);
      return have === 0 ? new EngineError("NotEnoughDice", { have, need: 1 }) : null;
    }
    case "take": {
      if (!pool.gm) return new EngineError("GmOnly");
      const from = poolOf(pools, a.from);
      if (from instanceof EngineError) return from;
      requireInt(a.count, "count", 1, MAX_SPEND);
      const taken = pick(from, a.count, a.faces);
      return taken instanceof EngineError ? taken : null;
    }
    case "insight": {
      requireInt(a.dice, "dice", 1, MAX_SPEND);
      if (typeof a.subject !== "string" || a.subject.length === 0) return new EngineError("MissingSubject");
      if (a.subject.length > MAX_SUBJECT)
        return new EngineError("TextTooLong", { field: "subject", max: MAX_SUBJECT, length: a.subject.length });
      if (a.villain !== undefined && !pool.gm) return new EngineError("GmOnly");
      const villain = noteError(a.villain, "villain");
      if (villain !== null) return villain;
      if (pool.failedInsight.includes(a.subject)) return new EngineError("InsightFailed", { subject: a.subject });
      const taken = pick(pool, a.dice, a.faces);
      return taken instanceof EngineError ? taken : null;
    }
    default:
      return new EngineError("UnknownAction", { type: (a as { type: unknown }).type });
  }
}

/**
 * Whether an action on pools alone is allowed:
 * - award: by the GM, to a player's pool, at least one die, not to a player who took a lucky break
 *   or whose awards are forfeited.
 * - forfeit: by the GM, of a player's awards (not already forfeited), with a reason.
 * - lucky break: the user spent no die this session and still has dice (it takes them all).
 * - insight: at least one die, a subject, not a subject whose insight roll the user failed, enough dice.
 * - take: by the GM, from a loaded pool (a player's or the GM's own), at least one die, enough dice.
 *
 * An id already applied to the acting user's pool is allowed as a repeat that changes nothing.
 */
export function checkPoolAction(pools: Readonly<Record<string, ActionPoolState>>, action: PoolAction): Check {
  const own = Object.hasOwn(pools, action.by) ? pools[action.by] : undefined;
  if (own?.applied.includes(action.id) === true) return REPEATED;
  return verdict(attempt(() => poolActionError(pools, action)));
}

/**
 * Applies an action on pools alone, returning the new pools (the input is not changed). Throws the
 * refusal's {@link EngineError}; an id already applied returns the pools unchanged. An award adds
 * dice of the player's die size to the player and as many GM dice to the GM; a forfeit marks the
 * player's awards forfeited; a lucky break empties the pool and blocks awards; an insight spend
 * takes the dice; a take removes dice without counting them as the owner's spend.
 */
export function applyPoolAction(
  pools: Readonly<Record<string, ActionPoolState>>,
  action: PoolAction,
): Readonly<Record<string, ActionPoolState>> {
  const check = checkPoolAction(pools, action);
  if (!check.ok) throw check.error;
  if (check.repeated) return pools;
  const pool = pools[action.by] as ActionPoolState;
  const applied = [...pool.applied, action.id];
  switch (action.type) {
    case "award": {
      const to = pools[action.to] as ActionPoolState;
      const gmDice = normalizePool([...pool.dice, { faces: pool.dieFaces, count: action.count }]);
      const toDice = normalizePool([...to.dice, { faces: to.dieFaces, count: action.count }]);
      return {
        ...pools,
        [action.by]: { ...pool, dice: gmDice, applied },
        [action.to]: { ...to, dice: toDice, applied: [...to.applied, action.id] },
      };
    }
    case "forfeit": {
      const to = pools[action.to] as ActionPoolState;
      return {
        ...pools,
        [action.by]: { ...pool, applied },
        [action.to]: { ...to, forfeited: true, applied: [...to.applied, action.id] },
      };
    }
    case "luckyBreak":
      return { ...pools, [action.by]: { ...removeDice(pool, pool.dice), luckyBreak: true, applied } };
    case "insight": {
      const taken = pick(pool, action.dice, action.faces) as PoolPart[];
      return { ...pools, [action.by]: { ...removeDice(pool, taken), applied } };
    }
    case "take": {
      const from = (action.from === action.by ? pool : pools[action.from]) as ActionPoolState;
      const taken = pick(from, action.count, action.faces) as PoolPart[];
      const dice = removeDice(from, taken).dice;
      if (action.from === action.by) return { ...pools, [action.by]: { ...pool, dice, applied } };
      return {
        ...pools,
        [action.by]: { ...pool, applied },
        [action.from]: { ...from, dice, applied: [...from.applied, action.id] },
      };
    }
  }
}
