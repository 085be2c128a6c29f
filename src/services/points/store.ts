/**
 * Where points live and how the points actions read and write them: the character's own data
 * (karma, Character and Fate Points, the session counters, Willpower) and three actor flags
 * (pending assists, the turn Willpower was last spent in, the latest spends); the card's ledger in
 * its roll's options. Writes are steps for `runWrites` (each with its undo), so a change that
 * touches a character and a card is written whole or not at all.
 */
import { SYSTEM_ID } from "../../constants.ts";
import {
  keptOptions,
  PercentileRoll,
  PiRoll,
  PoolRoll,
  WildRoll,
  type EngineRoll,
  type PendingAssist,
  type PointsRecord,
} from "../../dice/index.ts";
import { EngineError } from "../../engines/core.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { currentSession } from "../action-dice/store.ts";
import { messageById } from "../messages.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import type { WriteStep } from "../transaction.ts";
import { pointsEngineOf } from "./engine-of.ts";
import {
  ASSISTS_FLAG,
  SPENDS_FLAG,
  WILLPOWER_TURN_FLAG,
  turnKey,
  type ActorPoints,
  type CombatLike,
  type PointsEngine,
  type SpendRecord,
} from "./ledger.ts";

export { currentSession };

/** A world actor by id, or an `EngineError` `PointsUnknownActor`. */
export function actorById(id: unknown): Actor.Implementation {
  const actor = typeof id === "string" ? game.actors.get(id) : undefined;
  if (!actor) throw new EngineError("PointsUnknownActor", { id: id });
  return actor;
}

function flag(
  actor: Actor.Implementation,
  key: typeof ASSISTS_FLAG | typeof SPENDS_FLAG | typeof WILLPOWER_TURN_FLAG,
): unknown {
  const value: unknown = actor.getFlag(SYSTEM_ID, key);
  return value;
}

/** A stored list flag (written only by the points actions), or an empty list when absent. */
function listOf<T>(value: unknown): readonly T[] {
  return Array.isArray(value) ? (value as readonly T[]) : [];
}

/** What the points actions read of an actor (its data and the three flags). */
export function actorPoints(actor: Actor.Implementation): ActorPoints {
  const assists = flag(actor, ASSISTS_FLAG);
  const spends = flag(actor, SPENDS_FLAG);
  const turn = flag(actor, WILLPOWER_TURN_FLAG);
  return {
    id: actor.id ?? "",
    name: actor.name,
    type: actor.type,
    // The character's data as the model prepared it; its shape depends on the type (see data/actor/types.ts).
    system: actor.system,
    assists: listOf<PendingAssist>(assists),
    willpowerTurn: typeof turn === "string" ? turn : null,
    spends: listOf<SpendRecord>(spends),
  };
}

/** A step that applies a flat update to an actor; its undo writes back the values it replaced. */
export function actorWrite(actor: Actor.Implementation, update: Record<string, unknown>): WriteStep {
  const before: Record<string, unknown> = {};
  for (const key of Object.keys(update)) before[key] = foundry.utils.getProperty(actor, key) ?? null;
  return {
    label: `Actor ${actor.name}`,
    apply: () => actor.update(update),
    revert: () => actor.update(before),
  };
}

/** The Character Points a wild-die character may spend per session (the GM's setting). */
export function cpSessionLimit(): number {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.wildCpSessionLimit);
}

/** The turn a character's Willpower counts against now (see `turnKey`); read on the GM's client. */
export function turnFor(actorId: string): string | null {
  // The active combat of the viewed scene, or null (Game#combat); only the fields `turnKey` reads.
  const combat = game.combat as unknown as CombatLike | null | undefined;
  return turnKey(combat ?? null, actorId);
}

/** The roll classes whose cards carry a points ledger. */
export type PointsRoll = PercentileRoll | WildRoll | PoolRoll | PiRoll;

/** A points card as loaded from its message. */
export interface LoadedPointsCard {
  readonly message: ChatMessage.Implementation;
  /** The place of the card's roll in the message's rolls. */
  readonly place: number;
  readonly roll: PointsRoll;
  readonly engine: PointsEngine;
  readonly record: PointsRecord;
}

/**
 * Loads the card of a message's roll at `place` (its first roll when none is named; a caller may send
 * anything): `PointsUnknownMessage` when there is none, `UnknownRoll` when the card holds no such
 * roll, `PointsNotACard` when the roll is not a percentile, wild, pool or pi roll (or not the engine
 * asked for).
 */
export function loadPointsCard(messageId: unknown, engine?: PointsEngine, place?: unknown): LoadedPointsCard {
  let message: ChatMessage.Implementation;
  try {
    message = messageById(messageId);
  } catch {
    throw new EngineError("PointsUnknownMessage", {});
  }
  const at = typeof place === "number" || place === undefined ? rollPlace(storedCard(message), place) : null;
  if (at === null && place === undefined) throw new EngineError("PointsNotACard", {});
  if (at === null) throw new EngineError("UnknownRoll", { place: String(place) });
  const roll = message.rolls[at];
  const found = pointsEngineOf(roll);
  if (found === null || (engine !== undefined && found !== engine) || (roll as EngineRoll).outcome === undefined) {
    throw new EngineError("PointsNotACard", {});
  }
  const points = roll as PointsRoll;
  return { message, place: at, roll: points, engine: found, record: points.points };
}

/**
 * Rebuilds a card's roll from its throws with a new request and ledger (the dice stay as thrown;
 * the engine resolves them again; the GM's client throws no die, so a request that would need one
 * is refused), keeping every other option stored with the roll.
 */
export async function rebuiltRoll(card: LoadedPointsCard, request: unknown, record: PointsRecord): Promise<PointsRoll> {
  const extra = { ...keptOptions(card.roll.options), points: record };
  const thrown = card.roll.throws;
  switch (card.engine) {
    case "percentile":
      return (await PercentileRoll.fromThrows(request, thrown, extra, [])).roll;
    case "wild":
      return (await WildRoll.fromThrows(request, thrown, extra, [])).roll;
    case "pool":
      return (await PoolRoll.fromThrows(request, thrown, extra, [])).roll;
    case "pi":
      return (await PiRoll.fromThrows(request, thrown, extra, [])).roll;
  }
}

/** The message one of whose rolls records a spend, if one was posted. */
export function messageWithSpend(spendId: string): ChatMessage.Implementation | undefined {
  return game.messages.find((m) =>
    m.rolls.some((roll) => pointsEngineOf(roll) !== null && (roll as PointsRoll).points.spendId === spendId),
  );
}

/** Names of users and actors, for ledger lines. */
export function namesFor(ids: Iterable<string | null | undefined>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    if (!id) continue;
    const doc = game.users.get(id) ?? game.actors.get(id);
    if (doc) names[id] = doc.name ?? id;
  }
  return names;
}
