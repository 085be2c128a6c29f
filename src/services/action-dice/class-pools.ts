/**
 * Where class bonus dice live (RULES.md §2: "Bonus dice from a class feature belong to one character
 * and are tracked on it"): each action character's class dice for the session are stored in that
 * Actor's flags, written only by the active GM through the privileged card actions and the session
 * start. Like a player's pool, a stored class pool carries its session and a revision. A pool from an
 * earlier session (or none at all) is refilled from the character's `system.classDice` when the
 * session starts, or at its first use in the session (a character created or given class dice
 * mid-session gets them at once).
 */
import { SYSTEM_ID } from "../../constants.ts";
import { newClassPool, type ClassDicePool } from "../../engines/action/index.ts";
import { flagWrite, type WriteStep } from "../transaction.ts";
import { ACTION_ACTOR_TYPE } from "./protocol.ts";
import { currentSession } from "./store.ts";

/** The Actor flag key of a character's class dice. */
export const CLASS_POOL_FLAG = "classDicePool";

/** A class pool as stored: its session, its revision and the engine's class pool. */
export interface StoredClassPool {
  /** The session the pool was filled for. */
  readonly session: number;
  /** Grows by one with every write. */
  readonly rev: number;
  /** The class dice. */
  readonly state: ClassDicePool;
}

/** A character's class feature as its data stores it (`system.classDice`), or `null` when it has none. */
export function classDiceOf(actor: Actor.Implementation): { faces: number; count: number } | null {
  if (actor.type !== ACTION_ACTOR_TYPE) return null;
  // The action character's class dice (src/data/actor/action-character.ts); the union of subtypes hides them.
  const raw = (actor.system as unknown as { classDice?: { faces?: unknown; count?: unknown } }).classDice;
  const faces = Number(raw?.faces);
  const count = Number(raw?.count);
  return Number.isInteger(faces) && Number.isInteger(count) && count > 0 ? { faces, count } : null;
}

function isStored(value: unknown): value is StoredClassPool {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<StoredClassPool>;
  return typeof v.session === "number" && typeof v.rev === "number" && typeof v.state === "object" && v.state !== null;
}

/** A character's stored class pool, whatever its session (`null` when none was ever written). */
export function storedClassPool(actor: Actor.Implementation): StoredClassPool | null {
  const raw = actor.getFlag(SYSTEM_ID, CLASS_POOL_FLAG as never) as unknown;
  return isStored(raw) ? raw : null;
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

/** A step that writes a character's stored class pool. */
export function classPoolWrite(actor: Actor.Implementation, next: StoredClassPool): WriteStep {
  return flagWrite("Actor", actor, `flags.${SYSTEM_ID}.${CLASS_POOL_FLAG}`, next, storedClassPool(actor));
}

/** The write steps that store every class pool an action changed (each with its revision raised by one). */
export function classPoolWrites(
  loaded: LoadedClassPools,
  after: Readonly<Record<string, ClassDicePool>> | undefined,
): WriteStep[] {
  const steps: WriteStep[] = [];
  for (const [id, state] of Object.entries(after ?? {})) {
    const before = loaded.stored.get(id);
    const actor = game.actors.get(id);
    if (!before || !actor || loaded.pools[id] === state) continue;
    steps.push(classPoolWrite(actor, { session: before.session, rev: before.rev + 1, state }));
  }
  return steps;
}

/**
 * The class pools a new session starts with: every action character with class dice, refilled from
 * its class feature (its earlier pool, spent or not, is lost). Returns the write steps and the new
 * dice by actor id.
 */
export function sessionClassPools(session: number): { steps: WriteStep[]; dice: Record<string, ClassDicePool> } {
  const steps: WriteStep[] = [];
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
    steps.push(classPoolWrite(actor, { session, rev: (storedClassPool(actor)?.rev ?? 0) + 1, state }));
  }
  return { steps, dice };
}
