/**
 * Reading the stored action-dice pools (docs/design.md "Where state lives"): every player's pool, every
 * character's class dice, the GM's pool and the session number in world settings, which only a GM
 * may write (docs/rules.md "Shared rules": never a player's own User flags or an actor she owns, both of
 * which a player can write with a macro). Reading only: the active GM writes them through the
 * privileged actions (`services/action-dice/store.ts`). A stored pool carries the session it belongs
 * to (a pool from an earlier session is no pool).
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { LateUses } from "../../engines/action/index.ts";
import { ownValue } from "../../engines/shared/own.ts";
import { SETTING_KEYS, type StoredClassPool, type StoredPool } from "../../helpers/settings.ts";

/** The current session number (0 before the first session). */
export function currentSession(): number {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.actionSession);
}

/** Whether a stored value has the shape of a stored pool (its session, its revision and a state). */
export function isStoredPool(value: unknown): value is StoredPool | StoredClassPool {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<StoredPool>;
  return typeof v.session === "number" && typeof v.rev === "number" && typeof v.state === "object" && v.state !== null;
}

/** A player's stored pool, whatever its session (`null` when none was ever written). */
export function storedPlayerPool(user: User.Implementation): StoredPool | null {
  const raw = ownValue(
    game.settings.get(SYSTEM_ID, SETTING_KEYS.actionPlayerPools) as Record<string, unknown>,
    user.id,
  );
  return isStoredPool(raw) && (raw as StoredPool).state.userId === user.id ? (raw as StoredPool) : null;
}

/** A character's stored class dice, whatever their session (`null` when none were ever written). */
export function storedClassPool(actor: Actor.Implementation): StoredClassPool | null {
  const raw = ownValue(
    game.settings.get(SYSTEM_ID, SETTING_KEYS.actionClassPools) as Record<string, unknown>,
    actor.id,
  );
  return isStoredPool(raw) && (raw as StoredClassPool).state.actorId === actor.id ? (raw as StoredClassPool) : null;
}

/** The GM's stored pool, whatever its session. */
export function storedGmPool(): StoredPool | null {
  const raw = game.settings.get(SYSTEM_ID, SETTING_KEYS.actionGmPool) as unknown;
  return isStoredPool(raw) ? (raw as StoredPool) : null;
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
