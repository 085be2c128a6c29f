/**
 * The points requests any client makes (roll dialogs, card controls, sheets, macros). Each goes to the
 * active GM through `requestGmAction`; clicks carry a deterministic action id built from what the user
 * saw (the card's ledger length, the entry, the user), so a double click applies once. A refusal is
 * shown as one localized error and changes nothing; each function returns whether it was applied.
 *
 * Rolling with points: {@link rollWithPoints} pays the roll's points first (the GM checks and takes
 * them), then posts the roll with the spend on its card; a roll that is not posted after all (a
 * module cancelled it, posting failed) gets its points back, so nothing is left half-written.
 */
import type { PendingAssist, PointsRecord } from "../../dice/index.ts";
import { EngineError, shared } from "../../engines/core.ts";
import { isNpcType } from "../../data/actor/pure.ts";
import { ADJUSTABLE, withConditions, type NamedCondition } from "../../data/conditions/index.ts";
import { rollCategory } from "../../data/lasting.ts";
import { lastingUses, useUpLasting, type LastingUse } from "../lasting.ts";
import { conditionsFor } from "../conditions.ts";
import { equipmentFor } from "../equipment.ts";
import { withTargetDice } from "../targets.ts";
import { reportBackgroundError, reportError } from "../../helpers/notify.ts";
import { actionIdFor, requestGmAction } from "../gm-action.ts";
import { namedMessage, placed, refused } from "../messages.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { checkSpeaksFor, postRoll, prepareRoll, type PostOptions, type RollableEngine } from "../roll.ts";
import { POINTS_ACTIONS } from "./names.ts";
import { MAX_FATE_LOSS_REASON } from "./fate-loss-card.ts";
import type {
  AssistRequest,
  CancelAssistRequest,
  PickRequest,
  RefundRequest,
  SpendReceipt,
  SpendRequest,
  UndoRequest,
} from "./actions.ts";
import { engineOfType, isEmptyPlan, planFromRequest, type PointsEngine } from "./ledger.ts";
import { pointsEngineOf } from "./engine-of.ts";
import type { PointsRoll } from "./store.ts";

/** How a roll with points is posted. */
export interface PointsRollOptions extends PostOptions {
  /** The rolling character (pays the points; speaks the card unless a speaker is given). */
  readonly actor?: Actor.Implementation | null;
  /** The pending assists the roller saw (percentile); their dice must already be in the request. */
  readonly assists?: readonly PendingAssist[];
  /**
   * Own item ids of the rolling character whose figures adjust the roll after the pick (a weapon
   * attacked with, the gear ticked in the dialog): each is looked up on the character, added to the
   * request as a condition is, and named on the card. Needs `actor`.
   */
  readonly equipment?: readonly string[];
}

/** Whether a macro's `actor` option is a character (an object with an id and a type) or left out. */
function isActorOrNone(actor: unknown): actor is Actor.Implementation | null | undefined {
  return actor == null || (shared.isRecord(actor) && typeof actor.id === "string" && typeof actor.type === "string");
}

/** The equipment a roll names, looked up on the character; `null` (the refusal shown) for an item it does not have. */
function namedEquipmentOf(
  engine: RollableEngine,
  actor: Actor.Implementation,
  ids: readonly string[],
): NamedCondition[] | null {
  try {
    return equipmentFor(engine, actor, ids);
  } catch (error) {
    reportError(error);
    return null;
  }
}

/** The record a card starts with. */
function startRecord(actorId: string | null, receipt: SpendReceipt | null): PointsRecord {
  return {
    actorId,
    spendId: receipt?.spendId ?? null,
    ledger: receipt?.entries ?? [],
    applied: receipt ? [receipt.spendId] : [],
    names: receipt?.names ?? {},
  };
}

/**
 * Rolls a request for a character and posts its card, paying the points the request asks for first:
 * karma dice and pending assists (percentile), Character Points or a Fate Point (wild), a Willpower
 * point (pool). The GM checks the spend against the character, the session and the turn; a refused
 * spend shows its reason and nothing is rolled. A bad request is refused before anything is spent.
 * Without a character (or on an action roll) this is `rollToChat`.
 *
 * @param engine - The engine.
 * @param request - The request (for percentile, pending assists' dice already added).
 * @param options - The character, the assists taken, and how the card is posted.
 * @returns The posted message, or `null` when refused, cancelled or not posted (points given back).
 */
export async function rollWithPoints(
  engine: RollableEngine,
  request: unknown,
  options: PointsRollOptions = {},
): Promise<ChatMessage.Implementation | null> {
  // The lasting critical and botch effects the roll takes are used up once its card is posted.
  const used: LastingUse[] = [];
  const message = await rollAndPay(engine, request, options, used);
  if (message && used.length > 0)
    await useUpLasting(used).catch(reportBackgroundError("ROLLING_BONES.Error.LastingUseFailed"));
  return message;
}

/** `rollWithPoints` itself; `used` collects the lasting effects the roll takes. */
async function rollAndPay(
  engine: RollableEngine,
  request: unknown,
  options: PointsRollOptions,
  used: LastingUse[],
): Promise<ChatMessage.Implementation | null> {
  const given: unknown = options;
  if (!shared.isRecord(given) || !isActorOrNone(given.actor) || !Array.isArray(given.assists ?? [])) {
    reportError(new EngineError("BadPostOption", { option: "options" }));
    return null;
  }
  const { actor = null, assists = [], equipment: itemIds = [], ...asked } = options;
  // The character the roll speaks for is the user's own (or the GM's to roll for), spend or not.
  try {
    checkSpeaksFor(actor);
  } catch (error) {
    reportError(error);
    return null;
  }
  if (!Array.isArray(itemIds) || (itemIds.length > 0 && !actor)) {
    reportError(new EngineError("BadPostOption", { option: "equipment" }));
    return null;
  }
  const speaker = asked.speaker ?? (actor ? ChatMessage.getSpeaker({ actor }) : undefined);
  // The equipment named and the character's conditions adjust the request, and are stored with the
  // roll so its card names them (equipment first: it is what the roller chose).
  const equipment = actor && itemIds.length > 0 ? namedEquipmentOf(engine, actor, itemIds) : [];
  if (equipment === null) return null;
  // A damage roll takes no wound penalty (docs/rules.md §6: wounds move trait rolls only).
  const damage = shared.isRecord(asked.rollOptions?.damage);
  // A critical's or botch's lasting effect moves only the kind of roll it names (data/lasting.ts).
  const category = rollCategory({
    damage,
    attack: shared.isRecord(asked.rollOptions?.attack),
    kind: shared.isRecord(request) ? request.kind : undefined,
  });
  const conditions =
    actor && Object.hasOwn(ADJUSTABLE, engine) ? conditionsFor(engine, actor, false, damage, category) : [];
  if (actor && Object.hasOwn(ADJUSTABLE, engine)) used.push(...lastingUses(actor, engine, category));
  const stored = {
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(equipment.length > 0 ? { equipment } : {}),
  };
  const post =
    Object.keys(stored).length === 0 ? asked : { ...asked, rollOptions: { ...asked.rollOptions, ...stored } };
  const adjustments = [...equipment, ...conditions];
  const conditioned = adjustments.length === 0 ? request : withConditions(engine, request, adjustments);
  // A percentile attack throws the extra tens dice its targets need (docs/rules.md §6).
  const adjusted = withTargetDice(engine, conditioned, asked.rollOptions?.targets);
  // Everything is checked (and the `preRoll` hook asked) before a point is spent.
  const prepared = prepareRoll(engine, adjusted, { ...post, ...(speaker ? { speaker } : {}) });
  if (!prepared) return null;
  const points: PointsEngine | null = prepared.engine === "action" ? null : prepared.engine;
  if (!actor || points === null) return postRoll(prepared);
  const plan = planFromRequest(
    points,
    prepared.roll.request,
    assists.map((a) => (a as Partial<PendingAssist>).id ?? ""),
  );
  if (engineOfType(actor.type) !== points) {
    // An actor without these points (an NPC, another engine's character) rolls free of them, or not at all.
    if (isEmptyPlan(plan)) return postRoll(prepared);
    const key = isNpcType(actor.type) ? "NpcNoPoints" : "PointsWrongCharacter";
    reportError(new EngineError(key, { name: actor.name, engine: points }));
    return null;
  }
  const actorId = actor.id ?? null;
  if (isEmptyPlan(plan)) {
    Object.assign(prepared.roll.options, { points: startRecord(actorId, null) });
    return postRoll(prepared);
  }
  const spendId = foundry.utils.randomID();
  const spend: SpendRequest = { actorId: actorId ?? "", engine: points, plan };
  const receipt = (await requestGmAction(POINTS_ACTIONS.spend, spend, spendId)) as SpendReceipt | null;
  if (receipt === null) return null;
  Object.assign(prepared.roll.options, { points: startRecord(actorId, receipt) });
  let message: ChatMessage.Implementation | null = null;
  let failure: unknown = null;
  try {
    message = await postRoll(prepared);
  } catch (error) {
    failure = error;
  }
  if (message) return message;
  const refund: RefundRequest = { actorId: actorId ?? "", spendId: receipt.spendId };
  await requestGmAction(POINTS_ACTIONS.refund, refund, actionIdFor("refund", receipt.spendId));
  // A failure that is not a refusal is not ours to explain: report a refusal, re-throw anything else.
  if (failure !== null) reportError(failure);
  return null;
}

/** The points roll of a card at `place` (its first roll when absent) and its place, or `null`. */
function pointsRollOf(message: ChatMessage.Implementation, place?: number): { at: number; roll: PointsRoll } | null {
  const at = rollPlace(storedCard(message), place);
  const roll = at === null ? undefined : message.rolls[at];
  return at === null || pointsEngineOf(roll) === null ? null : { at, roll: roll as PointsRoll };
}

/** The request's field naming the card's roll: none for its message's first roll. */
const rollField = (at: number): { roll?: number } => (at === 0 ? {} : { roll: at });

/**
 * Attaches an assistant's result (a percentile card) to a leader's next roll.
 *
 * @param message - The assistant's card.
 * @param leaderId - The leader's actor id.
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 */
export async function assistLeader(
  given: ChatMessage.Implementation,
  leaderId: string,
  place?: number,
): Promise<boolean> {
  const message = namedMessage(given);
  const found = message && pointsRollOf(message, place);
  if (!message?.id || !found) return false;
  const seen = found.roll.points.ledger.length;
  const request: AssistRequest = { messageId: message.id, ...rollField(found.at), leaderId, seen };
  const id = actionIdFor(message.id, ...placed(found.at), "assist", leaderId, seen, game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.assist, request, id)) !== null;
}

/**
 * Cancels an assist still waiting for the leader's next roll.
 *
 * @param leaderId - The leader's actor id.
 * @param assistId - The assist.
 */
export async function cancelAssist(leaderId: string, assistId: string): Promise<boolean> {
  const request: CancelAssistRequest = { leaderId, assistId };
  const id = actionIdFor("cancelAssist", leaderId, assistId, game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.cancelAssist, request, id)) !== null;
}

/**
 * Picks two dice on a Precision & Impact card (by their slots in the pool).
 *
 * @param message - The card.
 * @param pick - The two slots.
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 */
export async function pickDice(
  given: ChatMessage.Implementation,
  pick: readonly [number, number],
  place?: number,
): Promise<boolean> {
  const message = namedMessage(given);
  const found = message && pointsRollOf(message, place);
  if (!message?.id || !found) return false;
  if (!Array.isArray(pick)) return refused(new EngineError("PiPickShape", { value: pick }));
  const seen = found.roll.points.ledger.length;
  const request: PickRequest = {
    messageId: message.id,
    ...rollField(found.at),
    pick: [Number(pick[0]), Number(pick[1])],
    seen,
  };
  const id = actionIdFor(message.id, ...placed(found.at), "pick", request.pick[0], request.pick[1], seen, game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.pick, request, id)) !== null;
}

/**
 * The GM undoes a ledger entry of a card (the points go back; a choice is taken back).
 *
 * @param message - The card.
 * @param entry - The entry's id.
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 */
export async function undoPoints(given: ChatMessage.Implementation, entry: string, place?: number): Promise<boolean> {
  const message = namedMessage(given);
  if (!message?.id) return false;
  const at = rollPlace(storedCard(message), place);
  if (at === null && place !== undefined) return refused(new EngineError("UnknownRoll", { place: String(place) }));
  const request: UndoRequest = { messageId: message.id, ...rollField(at ?? 0), entry };
  const id = actionIdFor(message.id, ...placed(at ?? 0), "undo", entry, game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.undo, request, id)) !== null;
}

/**
 * The GM resets every wild-die character's per-session counters (a session start does this itself).
 *
 * @param session - The session the reset belongs to (the same session resets once).
 */
export async function resetPointsSession(session: number): Promise<boolean> {
  const id = actionIdFor("pointsResetSession", session, game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.resetSession, { session }, id)) !== null;
}

/**
 * The GM takes a Fate Point from a Wild Die character for breaking its code, with the reason; the
 * card it posts records it and offers the GM an Undo. A double click takes one point.
 */
export async function loseFatePoint(actorId: string, reason: string): Promise<boolean> {
  let why: string;
  try {
    why = shared.requireText(reason, "reason", MAX_FATE_LOSS_REASON);
  } catch (error) {
    return refused(error);
  }
  const actor = typeof actorId === "string" ? game.actors.get(actorId) : undefined;
  const held = (actor?.system as unknown as { fatePoints?: unknown } | undefined)?.fatePoints;
  const id = actionIdFor("fateLoss", actorId, why.trim(), typeof held === "number" ? held : "none", game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.fateLoss, { actorId, reason: why }, id)) !== null;
}

/** The GM gives back the Fate Point a loss card took. */
export async function undoFateLoss(given: ChatMessage.Implementation): Promise<boolean> {
  const message = namedMessage(given);
  if (!message?.id) return false;
  const id = actionIdFor(message.id, "fateLossUndo", game.user.id);
  return (await requestGmAction(POINTS_ACTIONS.fateLossUndo, { messageId: message.id }, id)) !== null;
}
