/**
 * Spends: a user's pool for the session and a character's class dice, and what paying from either
 * takes (docs/rules.md §2). A spend names the dice it took, so an undo or refund puts the same dice back.
 */

import { EngineError, requireInt } from "../../shared/core.ts";
import { type ActionDieSize, type PoolPart, isActionDieSize, normalizePool, poolCount } from "../tables.ts";
import {
  type ActionCardState,
  type ActionPoolState,
  type ActionTable,
  type ClassDicePool,
  type DiceSource,
  type LedgerEntry,
  MAX_SPEND,
  type SpendType,
} from "./state.ts";
import { ALLOWED } from "./checks.ts";

/**
 * A fresh pool for a user holding `dice` (at least one die; its largest size becomes the size of
 * the dice the user is awarded). Throws `DieSizeNotAllowed`, `NotInteger`/`OutOfRange` or `NotEnoughDice`.
 */
export function newPool(userId: string, dice: readonly PoolPart[], options: { gm?: boolean } = {}): ActionPoolState {
  const parts = normalizePool(dice);
  for (const part of parts) {
    if (!isActionDieSize(part.faces))
      throw new EngineError("DieSizeNotAllowed", { faces: part.faces, allowed: ALLOWED });
    requireInt(part.count, "count", 0, MAX_SPEND);
  }
  const first = parts[0];
  if (first === undefined) throw new EngineError("NotEnoughDice", { have: 0, need: 1 });
  return {
    userId,
    gm: options.gm ?? false,
    dieFaces: first.faces,
    dice: parts,
    spent: 0,
    luckyBreak: false,
    // Written out, not left absent: a stored pool is updated by merging, so a new session's pool must
    // say `false` to clear the last session's forfeit.
    forfeited: false,
    failedInsight: [],
    applied: [],
  };
}

/** The number of dice left in a pool. */
export function diceLeft(pool: ActionPoolState): number {
  return poolCount(pool.dice);
}

/**
 * Which dice a spend of `count` would take: `count` dice of size `faces`, or, without a size, the
 * smallest dice first. Returns an error when the pool holds too few.
 */
export function pick(pool: ActionPoolState, count: number, faces?: number): PoolPart[] | EngineError {
  if (faces !== undefined) {
    const have = pool.dice.find((p) => p.faces === faces)?.count ?? 0;
    if (have === 0) return new EngineError("NoDieOfSize", { faces });
    if (have < count) return new EngineError("NotEnoughDice", { have, need: count });
    return [{ faces: faces as ActionDieSize, count }];
  }
  const have = poolCount(pool.dice);
  if (have < count) return new EngineError("NotEnoughDice", { have, need: count });
  const taken: PoolPart[] = [];
  let left = count;
  for (let i = pool.dice.length - 1; i >= 0 && left > 0; i--) {
    const part = pool.dice[i] as PoolPart;
    const n = Math.min(left, part.count);
    taken.push({ faces: part.faces, count: n });
    left -= n;
  }
  return taken;
}

/** Which class dice a spend of `count` would take, or the error when the pool cannot pay. */
export function pickClass(pool: ClassDicePool, count: number, faces?: number): PoolPart[] | EngineError {
  if (faces !== undefined && faces !== pool.faces) return new EngineError("NoDieOfSize", { faces });
  if (pool.left < count) return new EngineError("NotEnoughDice", { have: pool.left, need: count });
  return [{ faces: pool.faces, count }];
}

/** The class pool of the card's character, or `NoClassDice` when the card names none or it is not loaded. */
export function classPoolOf(t: ActionTable): ClassDicePool | EngineError {
  const id = t.card.character;
  const pools = t.classPools ?? {};
  if (typeof id !== "string" || !Object.hasOwn(pools, id)) return new EngineError("NoClassDice");
  return pools[id] as ClassDicePool;
}

/**
 * Whether `by` can pay `count` dice (of `faces`, or the smallest first) from `source`: their own
 * pool, or the class dice of the card's character, which only the roller may spend.
 */
export function payError(
  t: ActionTable,
  by: string,
  source: DiceSource | undefined,
  count: number,
  faces?: number,
): EngineError | null {
  if (source !== undefined && source !== "pool" && source !== "class")
    return new EngineError("UnknownAction", { type: source });
  if (source === "class") {
    if (by !== t.card.owner) return new EngineError("NotYourRoll");
    const pool = classPoolOf(t);
    if (pool instanceof EngineError) return pool;
    const taken = pickClass(pool, count, faces);
    return taken instanceof EngineError ? taken : null;
  }
  const pool = poolOf(t.pools, by);
  if (pool instanceof EngineError) return pool;
  const taken = pick(pool, count, faces);
  return taken instanceof EngineError ? taken : null;
}

/** A pool with the dice taken out and counted as spent. */
export function removeDice(pool: ActionPoolState, taken: readonly PoolPart[]): ActionPoolState {
  const dice = pool.dice.map((part) => {
    const t = taken.find((x) => x.faces === part.faces)?.count ?? 0;
    return { faces: part.faces, count: part.count - t };
  });
  return { ...pool, dice: normalizePool(dice), spent: pool.spent + poolCount(taken) };
}

/** A pool with the dice given back and no longer counted as spent. */
export function returnDice(pool: ActionPoolState, parts: readonly PoolPart[]): ActionPoolState {
  return { ...pool, dice: normalizePool([...pool.dice, ...parts]), spent: Math.max(0, pool.spent - poolCount(parts)) };
}

/** A user's loaded pool, or `UnknownPool`. */
export function poolOf(
  pools: Readonly<Record<string, ActionPoolState>>,
  userId: string,
): ActionPoolState | EngineError {
  return Object.hasOwn(pools, userId)
    ? (pools[userId] as ActionPoolState)
    : new EngineError("UnknownPool", { user: userId });
}

/** Whether a user's loaded pool is the GM's. */
export function isGm(pools: Readonly<Record<string, ActionPoolState>>, userId: string): boolean {
  return Object.hasOwn(pools, userId) && (pools[userId] as ActionPoolState).gm;
}

/**
 * Pays a checked spend on a card: the dice are taken from the user's pool (or the character's class
 * dice) and the entry is added to the card's ledger.
 */
export function spend(
  table: ActionTable,
  a: { id: string; by: string; type: SpendType; dice: number; faces?: number; source?: DiceSource },
  card: ActionCardState,
): ActionTable {
  if (a.source === "class") {
    const pool = classPoolOf(table) as ClassDicePool;
    const taken = pickClass(pool, a.dice, a.faces) as PoolPart[];
    const entry: LedgerEntry = {
      id: a.id,
      type: a.type,
      by: a.by,
      dice: taken,
      undone: false,
      character: pool.actorId,
    };
    const count = poolCount(taken);
    return {
      ...table,
      card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, a.id] },
      classPools: {
        ...table.classPools,
        [pool.actorId]: { ...pool, left: pool.left - count, spent: pool.spent + count },
      },
    };
  }
  const pool = table.pools[a.by] as ActionPoolState;
  const taken = pick(pool, a.dice, a.faces) as PoolPart[];
  const entry: LedgerEntry = { id: a.id, type: a.type, by: a.by, dice: taken, undone: false };
  return {
    ...table,
    card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, a.id] },
    pools: { ...table.pools, [a.by]: removeDice(pool, taken) },
  };
}
