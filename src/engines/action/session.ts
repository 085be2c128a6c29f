/**
 * Session refill: when the GM starts a session, every pool is rebuilt from the tables and every
 * per-session counter starts over; dice left from the last session are lost.
 */

import { EngineError } from "../shared/core.ts";
import { newPool, type ActionPoolState } from "./ledger.ts";
import {
  MULTI_CHARACTER_RULES,
  gmPool,
  poolForCharacters,
  type BalancedChoice,
  type MultiCharacterRule,
  type PoolPart,
} from "./tables.ts";

/** One player at the session start: the user and the levels of every character they control. */
export interface SessionPlayer {
  /** The player's user id. */
  readonly userId: string;
  /** The level of each character the player controls (at least one). */
  readonly levels: readonly number[];
}

/** What a session start needs. */
export interface SessionSetup {
  /** The GM's user id. */
  readonly gm: string;
  /** Every player (not the GM). */
  readonly players: readonly SessionPlayer[];
  /** The multi-character rule (world setting); `highest` when omitted. */
  readonly rule?: MultiCharacterRule;
  /** Under the `balanced` rule, which reduced pool applies; `fewer` when omitted. */
  readonly balanced?: BalancedChoice;
}

/** The pools a session starts with: each player's pool and the GM's, as parts. */
export interface SessionDice {
  /** Each player's pool by user id, largest die size first. */
  readonly players: Readonly<Record<string, readonly PoolPart[]>>;
  /** The GM's pool. */
  readonly gm: PoolPart;
}

/**
 * The dice every pool holds at the start of a session: each player's pool from the levels of the
 * characters they control (by the multi-character rule), and the GM's pool from all of them.
 * Throws `NoPlayers`, `NoCharacters`, `DuplicateUser`, `InvalidLevel` or `UnknownRule`.
 */
export function sessionDice(setup: SessionSetup): SessionDice {
  const rule = setup.rule ?? "highest";
  if (!MULTI_CHARACTER_RULES.includes(rule)) throw new EngineError("UnknownRule", { rule: rule });
  if (setup.players.length === 0) throw new EngineError("NoPlayers");
  const players: Record<string, readonly PoolPart[]> = {};
  for (const player of setup.players) {
    if (player.userId === setup.gm || Object.hasOwn(players, player.userId)) {
      throw new EngineError("DuplicateUser", { user: player.userId });
    }
    players[player.userId] = poolForCharacters(player.levels, rule, setup.balanced ?? "fewer");
  }
  return { players, gm: gmPool(Object.values(players)) };
}

/**
 * Fresh pool states for a session start (see {@link sessionDice}), keyed by user id, the GM's
 * included: full pools, nothing spent, no lucky break, no failed insight, no applied action ids.
 */
export function sessionPools(setup: SessionSetup): Record<string, ActionPoolState> {
  const dice = sessionDice(setup);
  const pools: Record<string, ActionPoolState> = {};
  for (const [userId, parts] of Object.entries(dice.players)) pools[userId] = newPool(userId, parts);
  pools[setup.gm] = newPool(setup.gm, [dice.gm], { gm: true });
  return pools;
}
