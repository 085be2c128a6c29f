/**
 * A roll's goal: the Precision needed, the Impact needed, or both (docs/rules.md §4). The verdict judges
 * a pick against it, and {@link chanceOfGoal} gives the exact chance that the dice offer some pick
 * that meets it, so the dialog's odds are read for the goal the table set.
 */

import { removedSlot } from "./request.ts";
import type { PiRequest } from "./request.ts";

/** What a roll needs; a `null` part is not asked for. */
export interface PiGoal {
  /** The Precision needed (modifier included), or `null`. */
  readonly precision: number | null;
  /** The Impact needed (modifier included), or `null`. */
  readonly impact: number | null;
}

/** A pick judged against a goal. */
export interface PiVerdict {
  /** True when every part of the goal is met and the roll did not fail on its own. */
  readonly met: boolean;
  /** Whether the Precision reaches the goal's, or `null` when the goal asks none. */
  readonly precisionMet: boolean | null;
  /** Whether the Impact reaches the goal's, or `null` when the goal asks none. */
  readonly impactMet: boolean | null;
}

/** The goal a request carries, or `null` when it asks for neither part. */
export function goalOf(request: Pick<PiRequest, "precisionGoal" | "impactGoal">): PiGoal | null {
  const precision = request.precisionGoal ?? null;
  const impact = request.impactGoal ?? null;
  return precision === null && impact === null ? null : { precision, impact };
}

/**
 * Judges a Precision and an Impact against a goal. A one-die roll that failed on its own (no
 * Impact above 0) misses every goal.
 *
 * @returns The verdict, or `null` without a goal.
 */
export function judgeGoal(goal: PiGoal | null, precision: number, impact: number, failed: boolean): PiVerdict | null {
  if (goal === null) return null;
  const precisionMet = goal.precision === null ? null : precision >= goal.precision;
  const impactMet = goal.impact === null ? null : impact >= goal.impact;
  return { met: !failed && precisionMet !== false && impactMet !== false, precisionMet, impactMet };
}

/**
 * The exact chance that a roll's dice offer a pick meeting its goal. For any pick the highest face
 * paired with a lower one scores at least as well on both counts, so some pick meets the goal when,
 * with M the highest face, another die shows a face b with M + b + precision modifier ≥ the Precision
 * needed and M − b + Impact modifier ≥ the Impact needed. Each M is a short pass over the dice
 * (states: how many dice show M, and whether a lower die lies in the window).
 *
 * @returns The chance, or `null` when the request has no goal.
 */
export function chanceOfGoal(request: PiRequest): number | null {
  const goal = goalOf(request);
  if (goal === null) return null;
  const removed = removedSlot(request.pool, request.hindrance ?? "none");
  const dice = request.pool.filter((_, slot) => slot !== removed);
  const pMod = request.precisionMod ?? 0;
  const iMod = request.impactMod ?? 0;
  const needP = goal.precision ?? -Infinity;
  const needI = goal.impact ?? -Infinity;
  if (dice.length === 1) {
    // One die: Impact is the modifier alone and must lift it above 0 (the one-die rule).
    const faces = dice[0] as number;
    if (iMod <= 0 || iMod < needI) return 0;
    let hits = 0;
    for (let v = 1; v <= faces; v++) if (v + pMod >= needP) hits++;
    return hits / faces;
  }
  let top = 0;
  for (const f of dice) if (f > top) top = f;
  let total = 0;
  for (let m = 1; m <= top; m++) {
    // The window of the second die's face: b ≥ needP − pMod − m and b ≤ m + iMod − needI.
    const lo = Math.max(1, needP - pMod - m);
    const hi = Math.min(m, m + iMod - needI);
    // s[c][w]: c = dice on m so far (0, 1, 2+), w = some die below m lies in the window.
    let s00 = 1;
    let s01 = 0;
    let s10 = 0;
    let s11 = 0;
    let s20 = 0;
    let s21 = 0;
    for (const f of dice) {
      const inWin = Math.max(0, Math.min(hi, m - 1, f) - lo + 1);
      const below = Math.min(m - 1, f);
      const out = (below - inWin) / f;
      const win = inWin / f;
      const on = m <= f ? 1 / f : 0;
      const n00 = s00 * out;
      const n01 = s01 * (out + win) + s00 * win;
      const n10 = s10 * out + s00 * on;
      const n11 = s11 * (out + win) + s10 * win + s01 * on;
      const n20 = s20 * (out + on) + s10 * on;
      const n21 = s21 * (out + win + on) + s20 * win + s11 * on;
      s00 = n00;
      s01 = n01;
      s10 = n10;
      s11 = n11;
      s20 = n20;
      s21 = n21;
    }
    // Two dice on m pair with each other: b = m is in the window when hi ≥ m ≥ lo.
    const pairOnTop = m >= lo && m <= hi;
    total += s11 + s21 + (pairOnTop ? s20 : 0);
  }
  return total;
}
