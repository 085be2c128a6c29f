/**
 * Where the action-dice pools live (DESIGN.md "Where state lives"): each player's pool in that
 * player's User flags, the GM's pool and the session number in world settings. Only the active GM
 * writes them, through the privileged actions. Every stored pool carries the session it belongs to
 * (a pool from an earlier session is no pool) and a revision that grows with every write, so a
 * request made against a pool that changed meanwhile can be refused.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { EngineError } from "../../engines/index.ts";
import type { ActionPoolState } from "../../engines/action/index.ts";
import { SETTING_KEYS, type StoredPool } from "../../helpers/settings.ts";
import { POOL_FLAG, sessionPoolOf, storedGmPool, storedPlayerPool } from "../../data/settings/action-pools.ts";
import { flagWrite, type WriteStep } from "../transaction.ts";

export type { StoredPool };

export {
  POOL_FLAG,
  currentSession,
  lateUsesNow,
  storedPlayerPool,
  storedGmPool,
  sessionPoolOf,
} from "../../data/settings/action-pools.ts";

/** The pools an action may touch, keyed by user id, and what they were loaded from. */
export interface LoadedPools {
  /** The engine's pools by user id (every GM user id maps to the one GM pool). */
  readonly pools: Readonly<Record<string, ActionPoolState>>;
  /** The stored pool each was read from. */
  readonly stored: ReadonlyMap<string, StoredPool>;
}

/**
 * Loads the current-session pools of the given users. A GM user gets the GM pool under their own
 * id (the engine tells the GM by the pool's `gm` mark); a user without a pool this session is left
 * out, so the engine refuses with `UnknownPool` if the action needs it.
 */
export function loadPools(userIds: Iterable<string>): LoadedPools {
  const pools: Record<string, ActionPoolState> = {};
  const stored = new Map<string, StoredPool>();
  for (const id of new Set(userIds)) {
    const user = game.users.get(id);
    if (!user) continue;
    const pool = sessionPoolOf(user);
    if (pool === null) continue;
    pools[id] = { ...pool.state, userId: id };
    stored.set(id, pool);
  }
  return { pools, stored };
}

/** A step that writes a player's stored pool (or removes it when `next` is null). */
export function playerPoolWrite(user: User.Implementation, next: StoredPool): WriteStep {
  return flagWrite("User", user, `flags.${SYSTEM_ID}.${POOL_FLAG}`, next, storedPlayerPool(user));
}

/** A step that writes the GM's stored pool. */
export function gmPoolWrite(next: StoredPool | null): WriteStep {
  const before = storedGmPool();
  return {
    label: "Setting actionGmPool",
    apply: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionGmPool, next ?? {}),
    revert: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionGmPool, before ?? {}),
  };
}

/**
 * The write steps that store every pool an action changed (each with its revision raised by one).
 * The GM pool is written once even when several GM users' copies were loaded; two different GM
 * copies changing in one action would be a bug and is refused.
 */
export function poolWrites(loaded: LoadedPools, after: Readonly<Record<string, ActionPoolState>>): WriteStep[] {
  const steps: WriteStep[] = [];
  let gmChanged: string | null = null;
  for (const [id, state] of Object.entries(after)) {
    const before = loaded.stored.get(id);
    if (!before || loaded.pools[id] === state) continue;
    const user = game.users.get(id);
    if (!user) continue;
    const next: StoredPool = { session: before.session, rev: before.rev + 1, state };
    if (user.isGM) {
      if (gmChanged !== null) throw new EngineError("WriteFailed", { what: "GM pool", cause: "changed twice" });
      gmChanged = id;
      steps.push(gmPoolWrite(next));
    } else {
      steps.push(playerPoolWrite(user, next));
    }
  }
  return steps;
}

/**
 * A step that writes the players' strikes under the three-strike leniency (a world setting: the
 * active GM, a Gamemaster, writes it).
 */
export function strikesWrite(next: Readonly<Record<string, number>>): WriteStep {
  const before = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionStrikes);
  return {
    label: "Setting actionStrikes",
    apply: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionStrikes, { ...next }),
    revert: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionStrikes, before),
  };
}

/** The users' names, for records shown on cards. */
export function namesOf(ids: Iterable<string>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    const user = game.users.get(id);
    if (user) names[id] = user.name;
  }
  return names;
}
