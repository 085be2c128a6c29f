/**
 * The action-dice requests any client makes (card controls, the GM and player panels, macros). Each
 * goes to the active GM through `requestGmAction` with a deterministic action id built from what
 * the user saw (the card's ledger length or the pool's revision, and the user), so a double click
 * applies once; anything refused is shown as one localized error and nothing changes. Each function
 * returns whether the action was applied (`false` after a refusal).
 */
import { ActionRoll } from "../../dice/index.ts";
import { actionIdFor, requestGmAction } from "../gm-action.ts";
import { EngineError, shared } from "../../engines/core.ts";
import { checkAwardForRoll, MAX_NOTE, MAX_STRIKES, MAX_SUBJECT, strikesOf } from "../../engines/action/index.ts";
import { notify } from "../../helpers/notify.ts";
import type { Throw } from "../../engines/shared/core.ts";
import { namedMessage, placed, refused } from "../messages.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { postRoll, prepareRoll, type PreparedRoll } from "../roll.ts";
import {
  CARD_ACTION,
  POOL_ACTION,
  POOL_UNDO_ACTION,
  SESSION_ACTION,
  STRIKES_RESET_ACTION,
  poolTarget,
  type CardControl,
  type CardReply,
  type CardRequest,
  type PoolControl,
  type PoolRequest,
  type PoolUndoRequest,
  type SessionRequest,
} from "./protocol.ts";
import { currentSession, lateUsesNow, sessionPoolOf } from "./store.ts";
import { cardOf } from "./card-state.ts";

/** The part of a control that tells two controls of the same card state apart. */
function controlKey(control: CardControl): string {
  // A macro may pass anything: a control that is not an object is told apart by nothing.
  const given: unknown = control;
  const c: Partial<Record<"type" | "faces" | "dice" | "entry" | "source", unknown>> = shared.isRecord(given)
    ? given
    : {};
  return [c.type, c.faces ?? "", c.dice ?? "", c.entry ?? "", c.source === "class" ? "class" : ""].join(":");
}

/**
 * The action id of a card control: the message, the control, the ledger length seen and the user,
 * and the place of the card's roll when it is not the message's first.
 */
export function cardActionId(messageId: string, control: CardControl, seen: number, userId: string, place = 0): string {
  return actionIdFor(messageId, controlKey(control), seen, userId, ...placed(place));
}

/**
 * The dice a use or a re-roll adds, thrown here on the asker's client (manual entry asks for each;
 * `card-actions.ts` `throwCardDice`). None without an active GM, and none when this client already
 * sees the action refused: the GM refuses it with the authoritative message.
 */
async function cardDice(message: ChatMessage.Implementation, control: CardControl, place: number): Promise<Throw[]> {
  if (!game.users.activeGM) return [];
  try {
    return await (await import("./card-actions.ts")).throwCardDice(message, control, game.user, place);
  } catch (error) {
    if (error instanceof EngineError) return [];
    throw error;
  }
}

/**
 * Uses a control of an action card (a use, a spend, an activation, the GM's close, undo or refund).
 *
 * @param message - The card's message.
 * @param control - The control and its parameters.
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 */
export async function cardControl(
  given: ChatMessage.Implementation,
  control: CardControl,
  place?: number,
): Promise<boolean> {
  const message = namedMessage(given);
  if (message === null) return false;
  if (!shared.isRecord(control)) return refused(new EngineError("MalformedRequest"));
  const at = rollPlace(storedCard(message), place);
  if (at === null && place !== undefined) return refused(new EngineError("UnknownRoll", { place: String(place) }));
  const roll = at === null ? undefined : message.rolls[at];
  if (at === null || !(roll instanceof ActionRoll) || !message.id) return false;
  const seen = roll.card.ledger.length;
  const id = cardActionId(message.id, control, seen, game.user.id, at);
  // The same control pressed again while its request travels is that request (its dice thrown once).
  const travelling = inFlight.get(id);
  if (travelling) return travelling;
  const work = sendCardControl(message, at, control, seen, id).finally(() => inFlight.delete(id));
  inFlight.set(id, work);
  return work;
}

/** Card requests on their way, by action id. */
const inFlight = new Map<string, Promise<boolean>>();

async function sendCardControl(
  message: ChatMessage.Implementation,
  place: number,
  control: CardControl,
  seen: number,
  id: string,
): Promise<boolean> {
  const request: CardRequest = {
    messageId: message.id ?? "",
    ...(place === 0 ? {} : { roll: place }),
    seen,
    control,
    dice: await cardDice(message, control, place),
  };
  const reply = (await requestGmAction(CARD_ACTION, request, id)) as CardReply | null;
  // A late use, accepted under the three-strike leniency: the player is warned, as the rules ask.
  if (reply !== null && !reply.repeated && typeof reply.strike === "number") {
    notify(
      "warn",
      game.i18n.format("ROLLING_BONES.ActionDice.Strike.Warning", {
        strike: String(reply.strike),
        max: String(MAX_STRIKES),
      }),
    );
  }
  return reply !== null;
}

/** The revision of a user's current-session pool, or `null` when they have none. */
function poolRevision(userId: string): number | null {
  const user = game.users.get(userId);
  return user ? (sessionPoolOf(user)?.rev ?? null) : null;
}

/**
 * Asks for a pool action: the GM's award or take, a player's insight spend or lucky break. The
 * pool acted on must still be as this client sees it.
 */
export async function poolControl(control: PoolControl): Promise<boolean> {
  if (!shared.isRecord(control)) return refused(new EngineError("MalformedRequest"));
  const target = poolTarget(control, game.user.id);
  const seen = poolRevision(target);
  const request: PoolRequest = { control, seen };
  const id = actionIdFor("pool", control.type, target, seen ?? "none", currentSession(), game.user.id);
  return (await requestGmAction(POOL_ACTION, request, id)) !== null;
}

/**
 * Runs a request whose text arguments `build` checks first ({@link shared.requireText}): a caller's
 * value that is not text, or text too long, is refused with one message and nothing is asked.
 */
async function withText(build: () => Promise<boolean>): Promise<boolean> {
  try {
    return await build();
  } catch (error) {
    return refused(error);
  }
}

/** The GM awards one die to a player (and gains one), with the reason recorded when one is given. */
export function award(userId: string, reason = ""): Promise<boolean> {
  return withText(() => {
    const why = shared.requireText(reason, "reason", MAX_NOTE).trim();
    return poolControl({ type: "award", to: userId, count: 1, ...(why === "" ? {} : { reason: why }) });
  });
}

/**
 * The GM awards the roller of an action card a die for that roll (and gains one), with the reason.
 * Refused when action dice were used or spent on the roll: the rules give no award for an action
 * that stems from one. The GM's side checks the card again.
 *
 * @param message - The roll's card.
 * @param reason - Why, in the GM's words (optional).
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 */
export function awardForRoll(given: ChatMessage.Implementation, reason = "", place?: number): Promise<boolean> {
  const message = namedMessage(given);
  if (message === null) return Promise.resolve(false);
  const at = rollPlace(storedCard(message), place);
  const roll = at === null ? undefined : message.rolls[at];
  if (!(roll instanceof ActionRoll) || !message.id) return Promise.resolve(refused(new EngineError("NotAnActionCard")));
  const card = cardOf(message, roll);
  const check = checkAwardForRoll(card);
  if (!check.ok) return Promise.resolve(refused(check.error));
  let why: string;
  try {
    why = shared.requireText(reason, "reason", MAX_NOTE).trim();
  } catch (error) {
    return Promise.resolve(refused(error));
  }
  return poolControl({
    type: "award",
    to: card.owner,
    count: 1,
    card: message.id,
    ...(at === 0 ? {} : { roll: at as number }),
    ...(why === "" ? {} : { reason: why }),
  });
}

/**
 * The GM forfeits a player's awards for the session (the rules: excessive out-of-character banter),
 * with the reason; the GM's undo on the card it posts lifts it, and a new session clears it.
 */
export function forfeitAwards(userId: string, reason: string): Promise<boolean> {
  return withText(() =>
    poolControl({ type: "forfeit", to: userId, reason: shared.requireText(reason, "reason", MAX_NOTE) }),
  );
}

/**
 * The GM's secret agenda: the GM spends dice from the GM pool for a villain's insight on a subject.
 * The record is whispered to the GMs only and listed in the GM panel's ledger.
 */
export function secretAgenda(villain: string, subject: string, dice: number): Promise<boolean> {
  return withText(() =>
    poolControl({
      type: "insight",
      dice,
      subject: shared.requireText(subject, "subject", MAX_SUBJECT),
      villain: shared.requireText(villain, "villain", MAX_NOTE),
    }),
  );
}

/** The GM takes one die back from a pool (a player's, or the GM's own with the GM's user id). */
export function take(userId: string): Promise<boolean> {
  return poolControl({ type: "take", from: userId, count: 1 });
}

/** A player takes a lucky break: the whole pool, once, only with nothing spent this session. */
export function luckyBreak(): Promise<boolean> {
  return poolControl({ type: "luckyBreak" });
}

/** An insight roll to make after the spend: `1d20 + level + modifier` against an optional DC. */
export interface InsightRoll {
  /** The character level (a level-½ character adds 0). */
  readonly level: number;
  /** The Reason, Intuition or Knowledge modifier. */
  readonly modifier: number;
  /** The DC when known (a failed roll blocks the subject for the player this session). */
  readonly dc: number | null;
}

/**
 * A player spends dice to gain insight on a subject and, optionally, makes the insight roll (an
 * action card that can be augmented like any other). The roll is checked (and the
 * `rollingBones.preRoll` hook asked) before the dice are spent, so a roll that would be refused (a
 * DC or a modifier out of range) spends nothing.
 *
 * @returns The insight roll's message when one was made, `true` for a spend without a roll, `false` when refused.
 */
export async function gainInsight(
  subject: string,
  dice: number,
  roll: InsightRoll | null = null,
): Promise<ChatMessage.Implementation | boolean> {
  let prepared: PreparedRoll | null = null;
  if (roll !== null) {
    const r: Partial<Record<keyof InsightRoll, unknown>> = shared.isRecord(roll) ? roll : {};
    const level = typeof r.level === "number" ? Math.floor(r.level) : r.level;
    const request = { kind: "insight", level, modifier: r.modifier, dc: r.dc ?? null };
    prepared = prepareRoll("action", request, { rollOptions: { card: { subject } } });
    if (prepared === null) return false;
  }
  let text: string;
  try {
    text = shared.requireText(subject, "subject", MAX_SUBJECT);
  } catch (error) {
    return refused(error);
  }
  const spent = await poolControl({ type: "insight", dice, subject: text });
  if (!spent || prepared === null) return spent;
  return (await postRoll(prepared)) ?? false;
}

/** The GM resets a player's strikes under the three-strike leniency (three late uses again). */
export async function resetStrikes(userId: string): Promise<boolean> {
  const request = { userId: shared.textOf(userId) };
  const id = actionIdFor("strikesReset", request.userId, strikesOf(lateUsesNow(), request.userId), game.user.id);
  return (await requestGmAction(STRIKES_RESET_ACTION, request, id)) !== null;
}

/** The GM starts a new session. */
export async function startSession(): Promise<boolean> {
  const seen = currentSession();
  const request: SessionRequest = { seen };
  return (await requestGmAction(SESSION_ACTION, request, actionIdFor("session", seen, game.user.id))) !== null;
}

/** The GM undoes the pool action recorded on an economy card. */
export async function undoPoolAction(given: ChatMessage.Implementation): Promise<boolean> {
  const message = namedMessage(given);
  if (!message?.id) return false;
  const request: PoolUndoRequest = { messageId: message.id };
  return (await requestGmAction(POOL_UNDO_ACTION, request, actionIdFor(message.id, "undo", game.user.id))) !== null;
}
