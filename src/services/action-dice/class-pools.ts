/**
 * Where class bonus dice live (docs/rules.md §2: "Bonus dice from a class feature belong to one character
 * and are tracked on it"): each action character's class dice for the session are kept by its actor
 * id in a world setting (not in the actor, which its owner may write), written only by the active GM
 * through the privileged card actions and the session start. Like a player's pool, a stored class pool carries its session and a revision. A pool from an
 * earlier session (or none at all) is refilled from the character's `system.classDice` when the
 * session starts, or at its first use in the session (a character created or given class dice
 * mid-session gets them at once).
 */
import { newClassPool, type ClassDicePool } from "../../engines/action/core.ts";
import { storedClassPool } from "../../data/settings/action-pools.ts";
import { SETTING_KEYS, type StoredClassPool } from "../../helpers/settings.ts";
import { recordEntriesWrite, type WriteStep } from "../transaction.ts";
import { ACTION_ACTOR_TYPE } from "./protocol.ts";
import { currentSession, settingRecord } from "./store.ts";

export type { StoredClassPool };
export { storedClassPool };

/** A character's class feature as its data stores it (`system.classDice`), or `null` when it has none. */
export function classDiceOf(actor: Actor.Implementation): { faces: number; count: number } | null {
  if (actor.type !== ACTION_ACTOR_TYPE) return null;
  // The action character's class dice (src/data/actor/action-character.ts); the union of subtypes hides them.
  const raw = (actor.system as unknown as { classDice?: { faces?: unknown; count?: unknown } }).classDice;
  const faces = Number(raw?.faces);
  const count = Number(raw?.count);
  return Number.isInteger(faces) && Number.isInteger(count) && count > 0 ? { faces, count } : null;
}

/**
 * A character's class pool this session: the stored one when it is of this session, else a fresh
 * one from its class feature (not yet written; its revision is the stored one's, so the first write
 * raises it). `null` before the first session, or for a character without class dice.
 */
export function classPoolNow(actor: Actor.Implementation): StoredClassPool | null {
  const session = currentSession();
  if (session === 0) return null;
  const stored = storedClassPool(actor);
  if (stored !== null && stored.session === session) return stored;
  const dice = classDiceOf(actor);
  if (dice === null || !actor.id) return null;
  try {
    return { session, rev: stored?.rev ?? 0, state: newClassPool(actor.id, dice.faces, dice.count) };
  } catch {
    // A size the engine does not know (data from an older version): no class dice until it is fixed.
    return null;
  }
}

/** The class pools an action may touch, by actor id, and what they were loaded from. */
export interface LoadedClassPools {
  /** The engine's class pools by actor id. */
  readonly pools: Readonly<Record<string, ClassDicePool>>;
  /** The stored (or freshly refilled) pool each was read from. */
  readonly stored: ReadonlyMap<string, StoredClassPool>;
}

/** Loads the class pools of the given characters this session (characters without class dice are left out). */
export function loadClassPools(actorIds: Iterable<string | null | undefined>): LoadedClassPools {
  const pools: Record<string, ClassDicePool> = {};
  const stored = new Map<string, StoredClassPool>();
  for (const id of new Set(actorIds)) {
    if (typeof id !== "string") continue;
    const actor = game.actors.get(id);
    const pool = actor ? classPoolNow(actor) : null;
    if (pool === null) continue;
    pools[id] = pool.state;
    stored.set(id, pool);
  }
  return { pools, stored };
}

/** A step that writes characters' stored class pools, by actor id (one write of the world setting). */
export function classPoolsWrite(next: ReadonlyMap<string, StoredClassPool>): WriteStep {
  return recordEntriesWrite(settingRecord(SETTING_KEYS.actionClassPools), next);
}

/** The write steps that store every class pool an action changed (each with its revision raised by one). */
export function classPoolWrites(
  loaded: LoadedClassPools,
  after: Readonly<Record<string, ClassDicePool>> | undefined,
): WriteStep[] {
  const next = new Map<string, StoredClassPool>();
  for (const [id, state] of Object.entries(after ?? {})) {
    const before = loaded.stored.get(id);
    if (!before || !game.actors.get(id) || loaded.pools[id] === state) continue;
    next.set(id, { session: before.session, rev: before.rev + 1, state });
  }
  return next.size > 0 ? [classPoolsWrite(next)] : [];
}

/**
 * The class pools a new session starts with: every action character with class dice, refilled from
 * its class feature (its earlier pool, spent or not, is lost). Returns the write steps and the new
 * dice by actor id.
 */
export function sessionClassPools(session: number): { steps: WriteStep[]; dice: Record<string, ClassDicePool> } {
  const next = new Map<string, StoredClassPool>();
  const dice: Record<string, ClassDicePool> = {};
  for (const actor of game.actors.filter((a) => a.type === ACTION_ACTOR_TYPE)) {
    const classDice = classDiceOf(actor);
    if (classDice === null || !actor.id) continue;
    let state: ClassDicePool;
    try {
      state = newClassPool(actor.id, classDice.faces, classDice.count);
    } catch {
      continue;
    }
    dice[actor.id] = state;
    next.set(actor.id, { session, rev: (storedClassPool(actor)?.rev ?? 0) + 1, state });
  }
  return { steps: next.size > 0 ? [classPoolsWrite(next)] : [], dice };
}

/**
 * The character a player's own pool actions are for (her insight roll, her lucky break), as her
 * action-dice panel shows it: her assigned character if it is an action character, else the
 * highest-level action character she owns; `null` when she owns none.
 */
export function panelCharacterOf(user: User.Implementation): Actor.Implementation | null {
  const assigned = user.character;
  if (assigned && assigned.type === ACTION_ACTOR_TYPE) return assigned;
  // An action character's system carries its level (the data model validates it).
  const level = (a: Actor.Implementation) => (a.system as { level?: number }).level ?? 0;
  const owned = game.actors.filter((a) => a.type === ACTION_ACTOR_TYPE && a.testUserPermission(user, "OWNER"));
  return owned.sort((a, b) => level(b) - level(a))[0] ?? null;
}

/**
 * The class bonus dice used or spent this session that count for a player's lucky break (docs/rules.md
 * §2: they count as action dice). Class dice belong to one character and are tracked on it, so only
 * the dice of the character the lucky break is for count ({@link panelCharacterOf}), not those of
 * every character the player owns.
 */
export function classDiceSpentBy(userId: string): number {
  const user = game.users.get(userId);
  const actor = user ? panelCharacterOf(user) : null;
  if (!actor) return 0;
  return Object.values(loadClassPools([actor.id]).pools).reduce((sum, pool) => sum + pool.spent, 0);
}
