/**
 * The GM's undo of one ledger entry: its dice go back to the pool (or class dice) that paid, a use or
 * re-roll leaves the roll with its throws, and a late use gives its player's strike back.
 */

import { EngineError } from "../../shared/core.ts";
import type { ValidActionRequest } from "../request.ts";
import { walk } from "../resolve.ts";
import { poolCount } from "../tables.ts";
import {
  ACTIVATION_TYPES,
  type ActionCardState,
  type ActionPoolState,
  type ActionTable,
  type ClassDicePool,
  type LateUses,
  type LedgerEntry,
  type UndoAction,
} from "./state.ts";
import { isGm, poolOf, returnDice } from "./spends.ts";
import { strikesOf } from "./uses.ts";
import { standingEffect } from "./activations.ts";

/** Whether the GM may undo an entry: it stands, and nothing that rests on it does. */
export function undoError(t: ActionTable, a: UndoAction): EngineError | null {
  if (!isGm(t.pools, a.by)) return new EngineError("GmOnly");
  const at = t.card.ledger.findIndex((e) => e.id === a.entry && !e.undone);
  const entry = t.card.ledger[at];
  if (entry === undefined) return new EngineError("UnknownEntry", { entry: a.entry });
  if (entry.type === "augment" || entry.type === "reroll") {
    const later = t.card.ledger.slice(at + 1).some((e) => !e.undone && ACTIVATION_TYPES.includes(e.type));
    if (later) return new EngineError("UndoActivationsFirst");
  }
  // A re-rolled action die goes back only once its re-rolls are undone.
  if (entry.type === "augment") {
    const k = stepIndex(t.card, entry);
    if (t.card.request.rerolls.some((r) => r.augment === k)) return new EngineError("UndoRerollsFirst");
  }
  // An effect follows its activation: it goes first, so no effect outlives the dice that paid for it.
  if (entry.type !== "effect" && entry.type !== "augment" && entry.type !== "reroll") {
    if (standingEffect(t.card, entry.type) !== undefined) return new EngineError("UndoEffectFirst");
  }
  if (entry.character !== undefined) {
    return Object.hasOwn(t.classPools ?? {}, entry.character)
      ? null
      : new EngineError("UnknownPool", { user: entry.character });
  }
  const pool = poolOf(t.pools, entry.by);
  return pool instanceof EngineError ? pool : null;
}

/** The `lateUses` after undoing an entry: a late use gives its player's strike back (nothing else changes). */
function strikeBack(lateUses: LateUses | undefined, entry: LedgerEntry): { lateUses?: LateUses } {
  if (lateUses === undefined || entry.late === undefined) return {};
  const left = Math.max(0, strikesOf(lateUses, entry.by) - 1);
  return { lateUses: { ...lateUses, strikes: { ...lateUses.strikes, [entry.by]: left } } };
}

/** The index of a standing entry among the standing entries of its type (= its index in the request). */
function stepIndex(card: ActionCardState, entry: LedgerEntry): number {
  let k = 0;
  for (const e of card.ledger) {
    if (e === entry) return k;
    if (!e.undone && e.type === entry.type) k++;
  }
  return -1;
}

/** The card with one augment or re-roll (and its throws) taken out of the roll. */
function removeStep(card: ActionCardState, entry: LedgerEntry): ActionCardState {
  const k = stepIndex(card, entry);
  const type = entry.type === "augment" ? "augment" : "reroll";
  const seg = walk(card.request, card.thrown).segments.find((s) => s.type === type && s.index === k);
  const thrown = seg === undefined ? card.thrown : [...card.thrown.slice(0, seg.start), ...card.thrown.slice(seg.end)];
  const req = card.request;
  const request: ValidActionRequest =
    type === "augment"
      ? {
          ...req,
          augments: req.augments.filter((_, i) => i !== k),
          rerolls: req.rerolls.map((r) => ({
            ...r,
            ...(r.after > k ? { after: r.after - 1 } : {}),
            ...(r.augment !== undefined && r.augment > k ? { augment: r.augment - 1 } : {}),
          })),
        }
      : { ...req, rerolls: req.rerolls.filter((_, i) => i !== k) };
  return { ...card, request, thrown };
}

/** Undoes a checked ledger entry: its dice go back where they came from, a use or re-roll leaves the roll, a late use gives its strike back. */
export function applyUndo(table: ActionTable, action: UndoAction): ActionTable {
  const card = table.card;
  const entry = card.ledger.find((e) => e.id === action.entry && !e.undone) as LedgerEntry;
  const base = entry.type === "augment" || entry.type === "reroll" ? removeStep(card, entry) : card;
  const ledger = base.ledger.map((e) => (e === entry ? { ...e, undone: true } : e));
  const next = { ...base, ledger, applied: [...base.applied, action.id] };
  const lateUses = strikeBack(table.lateUses, entry);
  if (entry.character !== undefined) {
    const pool = (table.classPools ?? {})[entry.character] as ClassDicePool;
    const count = poolCount(entry.dice);
    const back = { ...pool, left: pool.left + count, spent: Math.max(0, pool.spent - count) };
    return { ...table, card: next, classPools: { ...table.classPools, [entry.character]: back }, ...lateUses };
  }
  const pool = table.pools[entry.by] as ActionPoolState;
  return {
    ...table,
    card: next,
    pools: { ...table.pools, [entry.by]: returnDice(pool, entry.dice) },
    ...lateUses,
  };
}
