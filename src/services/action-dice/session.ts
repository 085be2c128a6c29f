/**
 * Starting a session (the GM): every player's pool is refilled from the levels of the action
 * characters they own (one pool per player, by the multi-character rule of the world settings), the
 * GM's pool from all of them, every character's class bonus dice from its class feature, and every
 * per-session counter starts over; unused dice are lost. The new pools are posted to chat.
 */
import { cardData } from "../../data/card/parts.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { requireLevel, sessionPools, type ActionPoolState, type SessionPlayer } from "../../engines/action/index.ts";
import { EngineError } from "../../engines/core.ts";
import { SETTING_KEYS, type StoredPool } from "../../helpers/settings.ts";
import type { ActionContext } from "../gm-action.ts";
import { messageCreate } from "../messages.ts";
import { runWrites, type WriteStep } from "../transaction.ts";
import { ACTION_ACTOR_TYPE, type SessionReply, type SessionRequest } from "./protocol.ts";

export { ACTION_ACTOR_TYPE, SESSION_ACTION } from "./protocol.ts";
export type { SessionReply, SessionRequest } from "./protocol.ts";
import { ECONOMY_FLAG, renderEconomyCard, type EconomyRecord } from "./economy-card.ts";
import type { SessionEvent } from "./events.ts";
import { sessionClassPools } from "./class-pools.ts";
import { currentSession, gmPoolWrite, namesOf, playerPoolsWrite, storedGmPool, storedPlayerPool } from "./store.ts";

/** What a session start needs to know of one character. */
export interface CharacterFacts {
  /** The character's level as stored. */
  readonly level: unknown;
  /** The players (not GMs) who own it. */
  readonly owners: readonly string[];
}

/** Whether a stored level is one the engine accepts (0, ½ or a whole number up to its maximum). */
function validLevel(level: unknown): level is number {
  try {
    requireLevel(level);
    return true;
  } catch {
    return false;
  }
}

/**
 * The session's players: every player who owns at least one character with a valid level, with the
 * levels of all such characters (in the order given). Players without one get no pool.
 */
export function sessionPlayersFrom(
  playerIds: readonly string[],
  characters: readonly CharacterFacts[],
): SessionPlayer[] {
  const out: SessionPlayer[] = [];
  for (const userId of playerIds) {
    const levels = characters
      .filter((c) => c.owners.includes(userId) && validLevel(c.level))
      .map((c) => c.level as number);
    if (levels.length > 0) out.push({ userId, levels });
  }
  return out;
}

/** The action characters of the world and the players who own each. */
export function worldCharacters(): CharacterFacts[] {
  const players = game.users.filter((u) => !u.isGM);
  return game.actors
    .filter((a) => a.type === ACTION_ACTOR_TYPE)
    .map((actor) => ({
      // The action character's level (src/data/actor/action-character.ts); the union of subtypes hides it.
      level: (actor.system as unknown as { level?: unknown }).level,
      owners: players.filter((u) => actor.testUserPermission(u, "OWNER")).map((u) => u.id),
    }));
}

/**
 * Starts a new session (runs on the active GM; the GM only). Refused with `SessionChanged` when a
 * session started since the GM looked. Writes every player's pool, the GM's pool, every character's
 * class dice and the session number, and posts the pools, all or nothing; fires
 * `rollingBones.sessionStarted`. A world where no player owns an action character starts its session
 * all the same: no pool is refilled, the GM's pool stays as it was (carried into the new session), and
 * the hook resets the other engines' per-session counters.
 */
export async function runStartSession({ asker }: ActionContext, data: SessionRequest): Promise<SessionReply> {
  const me = asker.id ?? "";
  if (!asker.isGM) throw new EngineError("GmOnly");
  // A second click that arrives after the first started the session must not start another one.
  const seen = (data as Partial<SessionRequest> | null)?.seen;
  if (typeof seen === "number" && seen !== currentSession()) throw new EngineError("SessionChanged");
  const players = sessionPlayersFrom(
    game.users.filter((u) => !u.isGM).map((u) => u.id),
    worldCharacters(),
  );
  // A session starts in every world (docs/rules.md §2 "Session"): pools are refilled only where
  // action-dice characters exist. With no player owning one, nothing is refilled, the GM's pool is
  // left as it was (carried into the new session, not emptied), and the other engines' per-session
  // counters are reset all the same.
  const pools: Record<string, ActionPoolState> =
    players.length === 0
      ? {}
      : sessionPools({
          gm: me,
          players,
          rule: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionRule),
          balanced: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionBalanced),
        });
  const session = currentSession() + 1;
  const steps: WriteStep[] = [];
  const playerPools = new Map<string, StoredPool>();
  for (const { userId } of players) {
    const user = game.users.get(userId);
    if (!user) continue;
    const before = storedPlayerPool(user);
    playerPools.set(userId, { session, rev: (before?.rev ?? 0) + 1, state: pools[userId] as ActionPoolState });
  }
  if (playerPools.size > 0) steps.push(playerPoolsWrite(playerPools));
  const refilled = pools[me];
  const gmBefore = storedGmPool();
  const kept = players.length === 0 && gmBefore?.session === currentSession() ? gmBefore.state : undefined;
  const gmState = refilled ?? kept;
  if (players.length > 0 || kept)
    steps.push(gmPoolWrite(gmState ? { session, rev: (gmBefore?.rev ?? 0) + 1, state: gmState } : null));
  const classPools = sessionClassPools(session);
  steps.push(...classPools.steps);
  const previous = currentSession();
  steps.push({
    label: "Setting actionSession",
    apply: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSession, session),
    revert: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSession, previous),
  });
  const summary = [
    // The card lists the pools refilled (a GM's pool left as it was is not one).
    ...(refilled ? [{ userId: me, gm: true, dice: refilled.dice }] : []),
    ...players.map(({ userId }) => ({ userId, gm: false, dice: (pools[userId] as ActionPoolState).dice })),
  ];
  const record: EconomyRecord = {
    kind: "session",
    session,
    entry: null,
    pools: summary,
    undoneBy: null,
    names: namesOf(summary.map((p) => p.userId)),
  };
  const create = messageCreate({
    author: game.user.id,
    speaker: { alias: asker.name },
    content: await renderEconomyCard(record),
    ...cardData({ [ECONOMY_FLAG]: record }),
  });
  steps.push(create);
  await runWrites(steps);
  const event: SessionEvent = {
    session,
    players: Object.fromEntries(players.map(({ userId }) => [userId, (pools[userId] as ActionPoolState).dice])),
    gm: gmState?.dice ?? [],
    classDice: Object.fromEntries(
      Object.entries(classPools.dice).map(([id, pool]) => [id, [{ faces: pool.faces, count: pool.left }]]),
    ),
  };
  /**
   * A hook event that fires on the active GM's client when a session started: every action-dice
   * pool was refilled and every per-session counter reset. Other per-session counters (Character
   * Points, Fate Points…) may reset themselves here.
   * @param session - The session number and the new pools ({@link SessionEvent}).
   */
  Hooks.callAll("rollingBones.sessionStarted", event);
  return { session, messageId: create.created()?.id ?? null };
}
