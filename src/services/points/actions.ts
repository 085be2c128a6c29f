/**
 * The privileged points actions, run by the active GM through `gm-action.ts` (the asker is
 * authenticated by its own User flags; actions run one at a time). Each checks the asker's rights and
 * the current state before its first write, and writes the character and the card together (rolled
 * back when a write fails), so a refused or failed action changes nothing:
 * - spend: pay a roll's points before it is posted (karma, assists, Character and Fate Points,
 *   Willpower), checked against the character, the session and the turn;
 * - refund: give back a spend whose roll could not be posted;
 * - undo: the GM gives back a spend or undoes a choice recorded on a card;
 * - assist / cancel assist: attach an assistant's result to a leader's next roll, or take it back;
 * - pick: choose the two dice of a Precision & Impact card (the card is resolved again);
 * - reset session: clear every wild-die character's per-session counters.
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { PercentileRoll, PointsEntry } from "../../dice/index.ts";
import { EngineError, pi } from "../../engines/core.ts";
import type { ActionContext } from "../gm-action.ts";
import { contentVisibleTo, rollWrite, visibilityOf } from "../messages.ts";
import { rollPlaces, storedCard } from "../../data/card/parts.ts";
import { runWrites, type WriteStep } from "../transaction.ts";
import { ASSISTS_FLAG, type PointsEngine, type SpendPlan } from "./ledger.ts";
import {
  giveBackUpdate,
  latestPick,
  newAssist,
  planSpend,
  resetSessionCounters,
  standingAssist,
  withEntry,
  withUndone,
} from "./spends.ts";
import {
  actorById,
  actorPoints,
  actorWrite,
  cpSessionLimit,
  currentSession,
  loadPointsCard,
  messageWithSpend,
  namesFor,
  rebuiltRoll,
  turnFor,
  type LoadedPointsCard,
} from "./store.ts";

import { POINTS_ACTIONS } from "./names.ts";

export { POINTS_ACTIONS };
export { runFateLoss, runFateLossUndo } from "./fate-loss.ts";

const ASSISTS_KEY = `flags.${SYSTEM_ID}.${ASSISTS_FLAG}`;

/** A spend of points about to be made (`rollingBones.prePointsSpend`) or just made (`rollingBones.pointsSpend`). */
export interface PointsSpendEvent {
  /** What was paid: `karma`, `assistReceived`, `characterPoints`, `fatePoint` or `willpower`. */
  readonly type: PointsEntry["type"];
  /** The user who spent. */
  readonly userId: string;
  /** The character who paid. */
  readonly actorId: string;
  /** The points paid (karma, Character Points), 1 for a Fate Point, Willpower or an assist. */
  readonly points: number;
  /** The spend's action id (also the `spendId` the card records). */
  readonly actionId: string;
}

/** What a client sends to pay a roll's points. */
export interface SpendRequest {
  readonly actorId: string;
  readonly engine: PointsEngine;
  readonly plan: SpendPlan;
}

/** What the GM answers: the entries the card will record. */
export interface SpendReceipt {
  readonly spendId: string;
  readonly actorId: string;
  readonly entries: readonly PointsEntry[];
  readonly names: Readonly<Record<string, string>>;
}

function pointsOf(entry: PointsEntry): number {
  if (entry.type === "karma") return entry.cost;
  if (entry.type === "characterPoints") return entry.points;
  return 1;
}

function spendEvents(entries: readonly PointsEntry[], userId: string, actionId: string): PointsSpendEvent[] {
  return entries.map((entry) => ({
    type: entry.type,
    userId,
    actorId: "actorId" in entry ? entry.actorId : "",
    points: pointsOf(entry),
    actionId,
  }));
}

/**
 * Pays a roll's points (runs on the active GM). The asker must own the character; the engine's rules
 * decide the rest. The character is written once (data and flags together); the spend is also kept in
 * its log so it can be rolled back if the roll is not posted. Fires `rollingBones.prePointsSpend` (a
 * handler returning `false` refuses) and `rollingBones.pointsSpend` once per point kind.
 */
export async function runSpend({ asker, actionId }: ActionContext, data: SpendRequest): Promise<SpendReceipt> {
  const actor = actorById(data?.actorId);
  if (!actor.testUserPermission(asker, "OWNER")) throw new EngineError("PointsNotYourCharacter", { name: actor.name });
  const state = actorPoints(actor);
  // A spend this id already paid (a retry that crossed a GM reload or handover, whose memory of replies
  // is gone) is answered from the character's own spend log: nothing is paid twice, and the roll is posted.
  const paid = state.spends.find((r) => r.id === actionId);
  if (paid) {
    if (paid.by !== asker.id) throw new EngineError("PointsNotYourRoll", {});
    return { spendId: actionId, actorId: state.id, entries: paid.entries, names: namesFor([asker.id, state.id]) };
  }
  const planned = planSpend(String(data.engine), state, data.plan ?? {}, {
    id: actionId,
    by: asker.id ?? "",
    session: currentSession(),
    cpSessionLimit: cpSessionLimit(),
    turn: turnFor(state.id),
  });
  const receipt: SpendReceipt = {
    spendId: actionId,
    actorId: state.id,
    entries: planned.entries,
    names: namesFor([asker.id, state.id]),
  };
  if (planned.entries.length === 0) return receipt;
  const events = spendEvents(planned.entries, asker.id ?? "", actionId);
  for (const event of events) {
    /**
     * A hook event that fires on the active GM's client before points leave a character (karma, an
     * assist, Character Points, a Fate Point, Willpower). Nothing has been written yet.
     * @param spend - What would be spent ({@link PointsSpendEvent}).
     * @returns `false` to refuse the spend; nothing changes.
     */
    if (Hooks.call("rollingBones.prePointsSpend", event) === false) throw new EngineError("PointsSpendCancelled", {});
  }
  await runWrites([actorWrite(actor, planned.update)]);
  for (const event of events) {
    /**
     * A hook event that fires on the active GM's client once points left a character; the roll is
     * posted next (and the points come back if it cannot be).
     * @param spend - What was spent ({@link PointsSpendEvent}).
     */
    Hooks.callAll("rollingBones.pointsSpend", event);
  }
  return receipt;
}

/** What a client sends to roll back a spend whose roll was not posted. */
export interface RefundRequest {
  readonly actorId: string;
  readonly spendId: string;
}

/**
 * Gives back a spend whose roll could not be posted (runs on the active GM): only the user who spent
 * (or a GM), only while no card records it (a posted spend is undone by the GM from its card).
 */
export async function runRefund({ asker }: ActionContext, data: RefundRequest): Promise<{ refunded: number }> {
  const actor = actorById(data?.actorId);
  const state = actorPoints(actor);
  const record = state.spends.find((r) => r.id === data.spendId);
  if (!record) throw new EngineError("PointsNothingToRefund", {});
  if (record.by !== asker.id && !asker.isGM) throw new EngineError("PointsNotYourRoll", {});
  if (messageWithSpend(record.id)) throw new EngineError("PointsSpendOnCard", {});
  const update = giveBackUpdate(record.entries, state, { session: currentSession(), dropSpend: record.id });
  await runWrites([actorWrite(actor, update)]);
  return { refunded: record.entries.length };
}

/** Whether a user may make the choices on a card: its author, or a GM. */
function mayChoose(asker: User.Implementation, card: LoadedPointsCard): boolean {
  return asker.isGM || card.message.author?.id === asker.id;
}

function requireVisible(asker: User.Implementation, card: LoadedPointsCard): void {
  if (!contentVisibleTo(visibilityOf(card.message), asker.id ?? "")) {
    throw new EngineError("PointsCardNotVisible", {});
  }
}

/** What a client sends to undo a ledger entry (the GM). */
export interface UndoRequest {
  readonly messageId: string;
  /** The place of the card's roll in the message's rolls (the card's first roll when absent). */
  readonly roll?: number;
  readonly entry: string;
}

/**
 * Undoes a ledger entry (runs on the active GM; the GM only): a spend's points go back to the
 * character (a consumed assist is pending again); a given assist is taken back from the leader while
 * it is still pending; a pick returns to the pick before it (the latest pick first). The card marks the
 * entry undone.
 */
export async function runUndo({ asker, actionId }: ActionContext, data: UndoRequest): Promise<{ repeated: boolean }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const card = loadPointsCard(data?.messageId, undefined, data?.roll);
  if (card.record.applied.includes(actionId)) return { repeated: true };
  const entry = card.record.ledger.find((e) => e.id === data.entry && !e.undone);
  if (!entry) throw new EngineError("PointsNothingToUndo", {});
  const steps: WriteStep[] = [];
  let request: unknown = card.roll.request;
  switch (entry.type) {
    case "pick": {
      if (latestPick(card.record)?.id !== entry.id) throw new EngineError("PointsUndoLaterPick", {});
      const { pick: _pick, ...rest } = card.roll.request as pi.PiRequest;
      request = entry.previous === null ? rest : { ...rest, pick: entry.previous };
      break;
    }
    case "assistGiven": {
      const leader = actorById(entry.actorId);
      const state = actorPoints(leader);
      if (!state.assists.some((a) => a.id === entry.assist.id)) {
        throw new EngineError("PointsAssistUsed", { name: leader.name });
      }
      steps.push(actorWrite(leader, { [ASSISTS_KEY]: state.assists.filter((a) => a.id !== entry.assist.id) }));
      break;
    }
    default: {
      const actor = actorById(entry.actorId);
      steps.push(actorWrite(actor, giveBackUpdate([entry], actorPoints(actor), { session: currentSession() })));
    }
  }
  const record = withUndone(card.record, entry.id, asker.id ?? "", actionId, namesFor([asker.id]));
  steps.push(rollWrite(card.message, card.place, await rebuiltRoll(card, request, record)));
  await runWrites(steps);
  return { repeated: false };
}

/** What a client sends to attach an assistant's result to a leader's next roll. */
export interface AssistRequest {
  /** The assistant's card. */
  readonly messageId: string;
  /** The place of the card's roll in the message's rolls (the card's first roll when absent). */
  readonly roll?: number;
  /** The leader. */
  readonly leaderId: string;
  /** The ledger length the asker saw. */
  readonly seen: number;
}

/**
 * Attaches a percentile result to a leader's next roll (runs on the active GM): Good or better gives
 * one bonus die, Inferior or worse one penalty die. Only the card's author (or a GM), once per card,
 * on another percentile character. The assist waits in the leader's flags until the leader rolls or
 * someone cancels it; the card records it.
 */
export async function runAssist(
  { asker, actionId }: ActionContext,
  data: AssistRequest,
): Promise<{ repeated: boolean }> {
  const card = loadPointsCard(data?.messageId, "percentile", data?.roll);
  requireVisible(asker, card);
  if (card.record.applied.includes(actionId)) return { repeated: true };
  if (!mayChoose(asker, card)) throw new EngineError("PointsNotYourRoll", {});
  if (data.seen !== card.record.ledger.length) throw new EngineError("PointsCardChanged", {});
  const outcome = (card.roll as PercentileRoll).outcome;
  if (!outcome || outcome.level === null || outcome.assist === null)
    throw new EngineError("PointsAssistNeedsLevel", {});
  if (standingAssist(card.record)) throw new EngineError("PointsAlreadyAssisted", {});
  const leader = actorById(data.leaderId);
  if (leader.type !== "percentile-character") throw new EngineError("PointsLeaderNotPercentile", { name: leader.name });
  const rollerId = card.record.actorId ?? card.message.speaker.actor ?? null;
  if (leader.id === rollerId) throw new EngineError("PointsAssistSelf", {});
  const assistant = card.message.speaker.alias ?? card.message.author?.name ?? "";
  const assist = newAssist(actionId, outcome.assist, outcome.level, card.message.id ?? "", asker.id ?? "", assistant);
  const state = actorPoints(leader);
  const entry: PointsEntry = {
    id: `${actionId}-assist`,
    type: "assistGiven",
    by: asker.id ?? "",
    actorId: state.id,
    assist,
    undone: false,
    undoneBy: null,
  };
  const record = withEntry(card.record, entry, actionId, namesFor([asker.id, state.id]));
  await runWrites([
    actorWrite(leader, { [ASSISTS_KEY]: [...state.assists, assist] }),
    rollWrite(card.message, card.place, await rebuiltRoll(card, card.roll.request, record)),
  ]);
  return { repeated: false };
}

/** The percentile rolls of an assistant's card (none once the card is deleted). */
function assistantCards(messageId: string): LoadedPointsCard[] {
  const message = game.messages.get(messageId);
  if (!message) return [];
  return rollPlaces(storedCard(message)).flatMap((place) => {
    try {
      return [loadPointsCard(messageId, "percentile", place)];
    } catch {
      return [];
    }
  });
}

/** What a client sends to cancel a pending assist. */
export interface CancelAssistRequest {
  readonly leaderId: string;
  readonly assistId: string;
}

/**
 * Cancels an assist that is still pending (runs on the active GM): the user who attached it, an
 * owner of the leader, or a GM. The assistant's card (when it still exists) marks it cancelled.
 */
export async function runCancelAssist(
  { asker, actionId }: ActionContext,
  data: CancelAssistRequest,
): Promise<{ repeated: boolean }> {
  const leader = actorById(data?.leaderId);
  const state = actorPoints(leader);
  const assist = state.assists.find((a) => a.id === data.assistId);
  if (!assist) throw new EngineError("PointsAssistGone", { name: leader.name });
  if (!asker.isGM && assist.by !== asker.id && !leader.testUserPermission(asker, "OWNER")) {
    throw new EngineError("PointsNotYourAssist", {});
  }
  const steps: WriteStep[] = [actorWrite(leader, { [ASSISTS_KEY]: state.assists.filter((a) => a.id !== assist.id) })];
  // The assistant's roll on its card (of several rolls, the one whose ledger gave the assist); a card
  // deleted since cancels the assist all the same.
  const given = (card: LoadedPointsCard) =>
    card.record.ledger.find((e) => e.type === "assistGiven" && e.assist.id === assist.id && !e.undone);
  const card = assistantCards(assist.from).find((c) => given(c) !== undefined);
  const entry = card ? given(card) : undefined;
  if (card && entry) {
    const record = withUndone(card.record, entry.id, asker.id ?? "", actionId, namesFor([asker.id]));
    steps.push(rollWrite(card.message, card.place, await rebuiltRoll(card, card.roll.request, record)));
  }
  await runWrites(steps);
  return { repeated: false };
}

/** What a client sends to pick two dice on a Precision & Impact card. */
export interface PickRequest {
  readonly messageId: string;
  /** The place of the card's roll in the message's rolls (the card's first roll when absent). */
  readonly roll?: number;
  /** The two slots. */
  readonly pick: readonly [number, number];
  /** The ledger length the asker saw. */
  readonly seen: number;
}

/**
 * Picks the two dice of a Precision & Impact card (runs on the active GM): the roll's author or a GM.
 * The engine checks the pick and resolves the same dice again; the card updates and records the pick.
 */
export async function runPick({ asker, actionId }: ActionContext, data: PickRequest): Promise<{ repeated: boolean }> {
  const card = loadPointsCard(data?.messageId, "pi", data?.roll);
  requireVisible(asker, card);
  if (card.record.applied.includes(actionId)) return { repeated: true };
  if (!mayChoose(asker, card)) throw new EngineError("PointsNotYourRoll", {});
  if (data.seen !== card.record.ledger.length) throw new EngineError("PointsCardChanged", {});
  const request = card.roll.request as pi.PiRequest;
  const [a, b] = pi.checkPick(request.pool, request.hindrance ?? "none", data.pick);
  const pick: [number, number] = a < b ? [a, b] : [b, a];
  const outcome = card.roll.outcome as pi.PiOutcome;
  if (outcome.pick.slots.length === 2 && outcome.pick.slots[0] === pick[0] && outcome.pick.slots[1] === pick[1]) {
    throw new EngineError("PointsPickUnchanged", {});
  }
  const entry: PointsEntry = {
    id: `${actionId}-pick`,
    type: "pick",
    by: asker.id ?? "",
    pick,
    previous: request.pick ? [request.pick[0], request.pick[1]] : null,
    undone: false,
    undoneBy: null,
  };
  const record = withEntry(card.record, entry, actionId, namesFor([asker.id]));
  await runWrites([rollWrite(card.message, card.place, await rebuiltRoll(card, { ...request, pick }, record))]);
  return { repeated: false };
}

/** What a client sends to reset the session counters. */
export interface ResetRequest {
  /** The session that started (for the record; any value resets). */
  readonly session?: number;
}

/**
 * Resets every wild-die character's per-session counters (runs on the active GM; the GM only), all or
 * nothing. Used when a session starts.
 */
export async function runResetSession({ asker }: ActionContext, _data: ResetRequest): Promise<{ reset: number }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const steps: WriteStep[] = [];
  for (const actor of game.actors.filter((a) => a.type === "wild-character")) {
    const update = resetSessionCounters(actor.system);
    if (update) steps.push(actorWrite(actor, update));
  }
  await runWrites(steps);
  return { reset: steps.length };
}
