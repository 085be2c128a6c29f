/**
 * Where the action-dice pools live (docs/design.md "Where state lives"): every player's pool, the GM's
 * pool and the session number in world settings, which only a GM may write. Only the active GM
 * writes them, through the privileged actions. Every stored pool carries the session it belongs to
 * (a pool from an earlier session is no pool) and a revision that grows with every write, so a
 * request made against a pool that changed meanwhile can be refused.
 */
import { SYSTEM_ID } from "../../constants.ts";
import { EngineError } from "../../engines/core.ts";
import type { ActionPoolState } from "../../engines/action/index.ts";
import { SETTING_KEYS, type SpendLog, type SpendRecord, type StoredPool } from "../../helpers/settings.ts";
import { currentSession, sessionPoolOf, storedGmPool } from "../../data/settings/action-pools.ts";
import { recordEntriesWrite, type RecordStore, type WriteStep } from "../transaction.ts";

export type { SpendRecord, StoredPool };

export {
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

/** A world setting of the system holding a record by id, as a {@link recordEntriesWrite} store. */
export function settingRecord(
  key: typeof SETTING_KEYS.actionPlayerPools | typeof SETTING_KEYS.actionClassPools,
): RecordStore {
  return {
    label: `Setting ${key}`,
    read: () => game.settings.get(SYSTEM_ID, key),
    // The record holds stored pools by id; the setting's type names them, the step only copies them.
    put: (record) => game.settings.set(SYSTEM_ID, key, record as never),
  };
}

/** A step that writes players' stored pools, by user id (one write of the world setting). */
export function playerPoolsWrite(next: ReadonlyMap<string, StoredPool>): WriteStep {
  return recordEntriesWrite(settingRecord(SETTING_KEYS.actionPlayerPools), next);
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
  const players = new Map<string, StoredPool>();
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
      players.set(id, next);
    }
  }
  if (players.size > 0) steps.push(playerPoolsWrite(players));
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

/** This session's spend log as stored (a log of an earlier session, or none, reads as empty). */
export function spendLogNow(): SpendLog {
  const stored = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionSpendLog) as Partial<SpendLog>;
  const session = currentSession();
  const spends = stored.session === session ? stored.spends : undefined;
  return { session, spends: typeof spends === "object" && spends !== null ? spends : {} };
}

/** The GM's record of a spend, if this session's log holds one under the entry's id (an own property only). */
export function recordedSpend(entryId: string): SpendRecord | null {
  const { spends } = spendLogNow();
  return Object.hasOwn(spends, entryId) ? (spends[entryId] ?? null) : null;
}

/**
 * Whether this session's log shows an action id applied to a card: a spend under its own id, or the
 * undo (or refund) that gave one back. The GM's own record, whatever the card says and whether or not
 * its memory of replies survived a reload or handover.
 */
export function loggedOnCard(actionId: string, messageId: string): boolean {
  const { spends } = spendLogNow();
  return Object.entries(spends).some(
    ([id, r]) => r.message === messageId && (id === actionId || r.undoneBy === actionId),
  );
}

/**
 * Whether a card's ledger line says what the GM recorded for it: the same card, the same payer, the
 * same dice from the same source, the same strike.
 */
export function matchesRecord(
  record: SpendRecord | null,
  messageId: string,
  entry: {
    by: string;
    type: string;
    dice: readonly { faces: number; count: number }[];
    character?: string;
    late?: number;
  },
): boolean {
  if (!record) return false;
  const dice = (parts: readonly { faces: number; count: number }[]) =>
    parts
      .map((p) => `${Number(p.count)}d${Number(p.faces)}`)
      .sort()
      .join();
  return (
    record.undoneBy === null &&
    record.message === messageId &&
    record.by === entry.by &&
    record.type === entry.type &&
    record.character === (entry.character ?? null) &&
    record.late === (entry.late ?? null) &&
    dice(record.dice) === dice(entry.dice)
  );
}

/** A step that records a card spend in this session's log (its undo puts the log back). */
export function spendLogWrite(entryId: string, record: SpendRecord): WriteStep {
  let before: unknown = {};
  return {
    label: "Setting actionSpendLog",
    apply: () => {
      before = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionSpendLog);
      const now = spendLogNow();
      const next: SpendLog = { session: now.session, spends: { ...now.spends, [entryId]: record } };
      return game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSpendLog, next);
    },
    revert: () => game.settings.set(SYSTEM_ID, SETTING_KEYS.actionSpendLog, before as SpendLog),
  };
}
