/**
 * The record of pool actions (awards, forfeits, takes, insight, lucky breaks) and their undo, as pure state
 * transitions. A card's ledger records the dice spent on a roll; a pool action touches pools alone,
 * so its record says how each pool it touched changed ({@link PoolEntry}), which is exactly what the
 * GM's undo reverses: the dice added go out again, the dice taken come back, the spent counter and
 * the lucky-break mark are restored.
 */

import { EngineError } from "../shared/core.ts";
import { applyPoolAction, type ActionPoolState, type Check, type PoolAction } from "./ledger.ts";
import { normalizePool, poolCount, type ActionDieSize, type PoolPart } from "./tables.ts";

/** How one pool changed in a pool action. */
export interface PoolChange {
  /** The pool's user. */
  readonly userId: string;
  /** Dice the pool gained (an award). */
  readonly added: readonly PoolPart[];
  /** Dice the pool lost (a spend or a take). */
  readonly removed: readonly PoolPart[];
  /** How much the pool's spent counter grew. */
  readonly spent: number;
  /** True when the action took the lucky break. */
  readonly luckyBreak: boolean;
  /** True when the action forfeited the player's awards (absent on entries written before forfeits existed). */
  readonly forfeited?: boolean;
}

/** One pool action as recorded: who did what, and how each pool changed. */
export interface PoolEntry {
  /** The action id. */
  readonly id: string;
  /** What was done. */
  readonly type: PoolAction["type"];
  /** The user who acted. */
  readonly by: string;
  /** The insight subject, else `null`. */
  readonly subject: string | null;
  /** An award's or a forfeit's reason, else `null` (absent on entries written before reasons existed). */
  readonly reason?: string | null;
  /** The villain of a GM's secret-agenda insight, else `null`. */
  readonly villain?: string | null;
  /** Every pool the action changed. */
  readonly changes: readonly PoolChange[];
  /** True once the GM undid it. */
  readonly undone: boolean;
  /** The id of the undo action, once undone (a repeated undo changes nothing). */
  readonly undoId: string | null;
}

/** The pools after a recorded pool action, and its entry (`null` when the id was already applied). */
export interface RecordedPoolAction {
  readonly pools: Readonly<Record<string, ActionPoolState>>;
  readonly entry: PoolEntry | null;
}

function countsOf(parts: readonly PoolPart[]): Map<ActionDieSize, number> {
  const counts = new Map<ActionDieSize, number>();
  for (const p of parts) counts.set(p.faces, (counts.get(p.faces) ?? 0) + p.count);
  return counts;
}

/** The dice `after` has more (`added`) and fewer (`removed`) than `before`, size by size. */
function diff(before: readonly PoolPart[], after: readonly PoolPart[]): { added: PoolPart[]; removed: PoolPart[] } {
  const b = countsOf(before);
  const a = countsOf(after);
  const added: PoolPart[] = [];
  const removed: PoolPart[] = [];
  for (const faces of new Set([...b.keys(), ...a.keys()])) {
    const delta = (a.get(faces) ?? 0) - (b.get(faces) ?? 0);
    if (delta > 0) added.push({ faces, count: delta });
    if (delta < 0) removed.push({ faces, count: -delta });
  }
  return { added: normalizePool(added), removed: normalizePool(removed) };
}

/**
 * Applies a pool action (see `applyPoolAction`) and records how every pool changed. Throws the
 * refusal's {@link EngineError}; an id already applied returns the pools unchanged and no entry.
 */
export function recordPoolAction(
  pools: Readonly<Record<string, ActionPoolState>>,
  action: PoolAction,
): RecordedPoolAction {
  const next = applyPoolAction(pools, action);
  if (next === pools) return { pools, entry: null };
  const changes: PoolChange[] = [];
  for (const [userId, after] of Object.entries(next)) {
    const before = pools[userId];
    if (before === undefined || before === after) continue;
    const { added, removed } = diff(before.dice, after.dice);
    const spent = after.spent - before.spent;
    const luckyBreak = after.luckyBreak && !before.luckyBreak;
    const forfeited = after.forfeited === true && before.forfeited !== true;
    if (added.length === 0 && removed.length === 0 && spent === 0 && !luckyBreak && !forfeited) continue;
    changes.push({ userId, added, removed, spent, luckyBreak, ...(forfeited ? { forfeited } : {}) });
  }
  const entry: PoolEntry = {
    id: action.id,
    type: action.type,
    by: action.by,
    subject: action.type === "insight" ? action.subject : null,
    reason: action.type === "award" || action.type === "forfeit" ? action.reason?.trim() || null : null,
    villain: action.type === "insight" ? action.villain?.trim() || null : null,
    changes,
    undone: false,
    undoId: null,
  };
  return { pools: next, entry };
}

function undoError(
  pools: Readonly<Record<string, ActionPoolState>>,
  entry: PoolEntry,
  by: string,
  undoId: string,
): EngineError | null {
  if (typeof undoId !== "string" || undoId.length === 0) return new EngineError("MissingActionId");
  const gm = Object.hasOwn(pools, by) ? pools[by] : undefined;
  if (gm?.gm !== true) return new EngineError("GmOnly");
  if (entry.undone) return new EngineError("UnknownEntry", { entry: entry.id });
  for (const change of entry.changes) {
    const pool = Object.hasOwn(pools, change.userId) ? pools[change.userId] : undefined;
    if (pool === undefined) return new EngineError("UnknownPool", { user: change.userId });
    const have = countsOf(pool.dice);
    for (const part of change.added) {
      const left = have.get(part.faces) ?? 0;
      if (left < part.count)
        return new EngineError("UndoDiceGone", { faces: part.faces, have: left, need: part.count });
    }
  }
  return null;
}

/**
 * Whether the GM `by` may undo a recorded pool action now: the GM only, an entry not yet undone,
 * and every die the action added still in its pool (an awarded die already spent cannot be taken
 * back). Undoing the same entry again with the same undo id is allowed as a repeat.
 */
export function checkPoolUndo(
  pools: Readonly<Record<string, ActionPoolState>>,
  entry: PoolEntry,
  by: string,
  undoId: string,
): Check {
  if (entry.undone && entry.undoId === undoId) return { ok: true, repeated: true };
  const error = undoError(pools, entry, by, undoId);
  return error === null ? { ok: true, repeated: false } : { ok: false, error };
}

/**
 * Undoes a recorded pool action: each pool loses the dice the action added and gets back the dice it
 * took, its spent counter goes back down, and a lucky break it took or a forfeit it declared is lifted. Returns the new pools
 * and the entry marked undone; throws the refusal's {@link EngineError} (see {@link checkPoolUndo});
 * a repeated undo returns both unchanged.
 */
export function undoPoolEntry(
  pools: Readonly<Record<string, ActionPoolState>>,
  entry: PoolEntry,
  by: string,
  undoId: string,
): { pools: Readonly<Record<string, ActionPoolState>>; entry: PoolEntry } {
  const check = checkPoolUndo(pools, entry, by, undoId);
  if (!check.ok) throw check.error;
  if (check.repeated) return { pools, entry };
  const next: Record<string, ActionPoolState> = { ...pools };
  for (const change of entry.changes) {
    const pool = next[change.userId] as ActionPoolState;
    const counts = countsOf(pool.dice);
    for (const part of change.added) counts.set(part.faces, (counts.get(part.faces) ?? 0) - part.count);
    for (const part of change.removed) counts.set(part.faces, (counts.get(part.faces) ?? 0) + part.count);
    const dice = normalizePool([...counts].map(([faces, count]) => ({ faces, count })));
    next[change.userId] = {
      ...pool,
      dice,
      spent: Math.max(0, pool.spent - change.spent),
      luckyBreak: change.luckyBreak ? false : pool.luckyBreak,
      ...(change.forfeited === true ? { forfeited: false } : {}),
      applied: [...pool.applied, undoId],
    };
  }
  return { pools: next, entry: { ...entry, undone: true, undoId } };
}

/** The number of dice a recorded change moved out of (negative) or into (positive) its pool. */
export function changeCount(change: PoolChange): number {
  return poolCount(change.added) - poolCount(change.removed);
}
