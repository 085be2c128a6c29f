/**
 * Reading the stored action-dice pools (DESIGN.md "Where state lives"): each player's pool in that
 * player's User flags, the GM's pool and the session number in world settings. Reading only: the
 * active GM writes them through the privileged actions (`services/action-dice/store.ts`). A stored
 * pool carries the session it belongs to (a pool from an earlier session is no pool).
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { LateUses } from "../../engines/action/index.ts";
import { SETTING_KEYS, type StoredPool } from "../../helpers/settings.ts";

/** The User flag key of a player's pool. */
export const POOL_FLAG = "actionPool";

/** The current session number (0 before the first session). */
export function currentSession(): number {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.actionSession);
}

function isStored(value: unknown): value is StoredPool {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<StoredPool>;
  return typeof v.session === "number" && typeof v.rev === "number" && typeof v.state === "object" && v.state !== null;
}

/** A player's stored pool, whatever its session (`null` when none was ever written). */
export function storedPlayerPool(user: User.Implementation): StoredPool | null {
  const raw = user.getFlag(SYSTEM_ID, POOL_FLAG as never) as unknown;
  return isStored(raw) ? raw : null;
}

/** The GM's stored pool, whatever its session. */
export function storedGmPool(): StoredPool | null {
  const raw = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionGmPool) as unknown;
  return isStored(raw) ? raw : null;
}

/** The stored pool of a user for the current session: the GM pool for a GM, else the user's own; `null` when none. */
export function sessionPoolOf(user: User.Implementation): StoredPool | null {
  const stored = user.isGM ? storedGmPool() : storedPlayerPool(user);
  return stored !== null && stored.session === currentSession() ? stored : null;
}

/**
 * The three-strike leniency as the world has it: whether late uses are allowed (the world setting)
 * and each player's strikes so far (a hidden world setting the active GM writes).
 */
export function lateUsesNow(): LateUses {
  const raw = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionStrikes) as unknown;
  const strikes: Record<string, number> = {};
  if (typeof raw === "object" && raw !== null) {
    for (const [id, n] of Object.entries(raw))
      if (typeof n === "number" && Number.isInteger(n) && n > 0) strikes[id] = n;
  }
  return { allowed: game.settings.get(SYSTEM_ID, SETTING_KEYS.actionLeniency), strikes };
}
