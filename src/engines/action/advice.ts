/**
 * Odds advice of the `action` engine (issue 26): what each number of action dice buys before a roll,
 * what each next step buys on an open card (augmenting with each die size held, cascades included;
 * re-rolling the d20 or a damage die), how rare the roll's own dice were, and the chance at each DC
 * for the GM's dial. Every figure is exact: a cascade's tail has a closed form ({@link cascadeAtLeast})
 * and a re-rolled die is uniform.
 */

import { choiceTable, rarityOf, upTo, type ChoiceTable, type Rarity, type Verdict } from "../shared/advice.ts";
import { cascadeAtLeast, cascadeMean, odds } from "./odds.ts";
import { MAX_AUGMENTS, MAX_DC, validate, type ActionRequest } from "./request.ts";
import type { ActionOutcome } from "./resolve.ts";
import type { ActionDieSize } from "./tables.ts";

/** The verdict of a request: P(total ≥ DC) (`null` without a DC), and the expected total. */
export function verdict(request: ActionRequest): Verdict {
  const o = odds(request);
  return { chance: o.pSuccess, mean: o.mean, risk: null };
}

/** The number of action dice a table offers when the player's pool is unknown. */
export const UNKNOWN_POOL_ROWS = 3;

/**
 * What each number of action dice of one size buys on a roll before it is made: 0 to what the player
 * holds of that size (or {@link UNKNOWN_POOL_ROWS} when the pool is unknown), each row the roll
 * with that many augments of the size (cascades included).
 *
 * @param request - The roll as set up (its augments, all of one size when any).
 * @param faces - The die size offered.
 * @param held - How many dice of that size the player holds, or `null` when unknown.
 */
export function choices(request: ActionRequest, faces: ActionDieSize, held: number | null): ChoiceTable[] {
  const req = validate(request);
  const used = req.augments.length;
  const max = Math.min(MAX_AUGMENTS, Math.max(held ?? UNKNOWN_POOL_ROWS, used));
  return [
    choiceTable(
      "augmentCount",
      upTo(max).map((n) => ({
        amount: n,
        value: String(n),
        request: { ...req, augments: new Array<ActionDieSize>(n).fill(faces) },
      })),
      String(used),
      verdict,
    ),
  ];
}

/* -------------------------------------------- */
/*  The open card's advisor                     */
/* -------------------------------------------- */

/** Where the new total would lie: the value it reaches or passes with 90%, 50% and 10% chance. */
export interface TotalSpread {
  /** At least this total with 90% chance (the 10th percentile). */
  readonly low: number;
  /** The median new total. */
  readonly median: number;
  /** At least this total with only 10% chance (the 90th percentile). */
  readonly high: number;
  /** The expected new total, exact. */
  readonly mean: number;
}

/** One next step on an open card and what it buys. */
export interface CardStep {
  /** A stable id: `augment-<faces>` or `reroll-<die>`. */
  readonly id: string;
  /** Augment with one action die, or re-roll one of the roll's own dice (paid with one action die). */
  readonly kind: "augment" | "reroll";
  /** The size of the die thrown: the action die for an augment, the re-rolled die for a re-roll. */
  readonly faces: number;
  /** The re-rolled die's place among the roll's own dice (from 0), or `null` for an augment. */
  readonly die: number | null;
  /** The face the re-rolled die shows now, or `null` for an augment. */
  readonly showing: number | null;
  /** P(new total ≥ DC), or `null` when the card does not know the DC (a hidden one included). */
  readonly chance: number | null;
  /** Where the new total would lie. */
  readonly spread: TotalSpread;
}

/** What each next step buys on an open action card. */
export interface CardAdvice {
  /** The total now. */
  readonly total: number;
  /** The DC the card knows, or `null`. */
  readonly dc: number | null;
  /** True when the total already meets the DC (no step is needed). */
  readonly met: boolean;
  /** One step per die size held (augment) and per kind of own die (re-roll its lowest). */
  readonly steps: readonly CardStep[];
  /** The step with the best chance of meeting the DC, or `null` (DC unknown, already met, or nothing helps). */
  readonly best: string | null;
}

/** The smallest total t with P(cascade of `faces` ≤ t) ≥ q: a cascade's q-quantile. */
function cascadeQuantile(faces: number, q: number): number {
  let t = 1;
  // P(C ≤ t) < q ⇔ P(C ≥ t + 1) > 1 − q; a rounding's slack keeps an exact tie (P(C ≤ 1) = 0.1 on a d10) on t.
  while (cascadeAtLeast(faces, t + 1) > 1 - q + 1e-12) t++;
  return t;
}

/** The spread of a new total `base` plus a cascade of `faces`. */
function augmentSpread(base: number, faces: number): TotalSpread {
  return {
    low: base + cascadeQuantile(faces, 0.1),
    median: base + cascadeQuantile(faces, 0.5),
    high: base + cascadeQuantile(faces, 0.9),
    mean: base + cascadeMean(faces),
  };
}

/** The spread of a new total `base` plus a fresh die of `faces` (1 to faces, uniform). */
function rerollSpread(base: number, faces: number): TotalSpread {
  // The smallest face u with u / faces ≥ q (a rounding's slack for exact ties such as 0.1 × 20).
  const quantile = (q: number) => base + Math.max(1, Math.ceil(q * faces - 1e-9));
  return { low: quantile(0.1), median: quantile(0.5), high: quantile(0.9), mean: base + (faces + 1) / 2 };
}

/**
 * What each next step buys on an open action card: augmenting with one die of each size the player
 * holds (its cascade included), and re-rolling the d20 (or, on a damage roll, the lowest die of each
 * size of its own), each with the exact chance of meeting the DC the card knows and where the new
 * total would lie. With the DC unknown (hidden from this viewer), only the spread is given, and no
 * step is marked best: nothing here depends on a DC the card does not carry.
 *
 * @param outcome - The card's outcome (its total, own dice and DC).
 * @param held - The die sizes the player may use now (any count above 0).
 * @param rerollable - The roll's own dice (by index) the player may re-roll now; absent: any of them
 *   while a die is held.
 */
export function cardAdvice(
  outcome: ActionOutcome,
  held: readonly { readonly faces: number; readonly count: number }[],
  rerollable?: readonly number[],
): CardAdvice {
  const total = outcome.total;
  const dc = outcome.dc;
  const met = dc !== null && total >= dc;
  const steps: CardStep[] = [];
  const sizes = [...new Set(held.filter((h) => h.count > 0).map((h) => h.faces))].sort((a, b) => a - b);
  for (const faces of sizes) {
    steps.push({
      id: `augment-${faces}`,
      kind: "augment",
      faces,
      die: null,
      showing: null,
      chance: dc === null ? null : cascadeAtLeast(faces, dc - total),
      spread: augmentSpread(total, faces),
    });
  }
  if (sizes.length > 0 || rerollable !== undefined) {
    // Re-rolling the lowest die of a size gains the most of all dice of that size.
    const lowest = new Map<number, { die: number; value: number }>();
    (outcome.base ?? []).forEach((b, die) => {
      if (rerollable !== undefined && !rerollable.includes(die)) return;
      const seen = lowest.get(b.faces);
      if (seen === undefined || b.value < seen.value) lowest.set(b.faces, { die, value: b.value });
    });
    for (const [faces, { die, value }] of [...lowest].sort((a, b) => a[0] - b[0])) {
      const rest = total - value;
      let hits = 0;
      if (dc !== null) for (let u = 1; u <= faces; u++) if (rest + u >= dc) hits++;
      steps.push({
        id: `reroll-${die}`,
        kind: "reroll",
        faces,
        die,
        showing: value,
        chance: dc === null ? null : hits / faces,
        spread: rerollSpread(rest, faces),
      });
    }
  }
  let best: string | null = null;
  if (dc !== null && !met) {
    let top = 0;
    for (const step of steps) {
      if ((step.chance as number) > top) {
        top = step.chance as number;
        best = step.id;
      }
    }
  }
  return { total, dc, met, steps, best };
}

/* -------------------------------------------- */
/*  Rarity and the dial                         */
/* -------------------------------------------- */

/** The sum of some dice as an array: `p[s]` is P(sum = s). */
function sumPmf(sizes: readonly number[]): Float64Array {
  let p = new Float64Array([1]);
  for (const faces of sizes) {
    const out = new Float64Array(p.length + faces);
    for (let v = 0; v < p.length; v++) {
      const q = (p[v] as number) / faces;
      if (q === 0) continue;
      for (let d = 1; d <= faces; d++) out[v + d] = (out[v + d] as number) + q;
    }
    p = out;
  }
  return p;
}

/**
 * How rare the roll's own dice were as first thrown (the d20, or a damage roll's dice): re-rolls and
 * augments are choices made after the throw, so they do not count.
 *
 * @param outcome - The card's outcome.
 */
export function rarity(outcome: ActionOutcome): Rarity {
  const base = outcome.base ?? [];
  const sizes = base.length > 0 ? base.map((b) => b.faces) : [20];
  const first = base.length > 0 ? base.reduce((s, b) => s + (b.replaced[0] ?? b.value), 0) : outcome.natural;
  const p = sumPmf(sizes);
  let good = 0;
  let bad = 0;
  for (let s = 0; s < p.length; s++) {
    if (s >= first) good += p[s] as number;
    if (s <= first) bad += p[s] as number;
  }
  return rarityOf(good, bad);
}

/**
 * The DCs the dial offers, easiest first: from 1 to one past the highest total any of the rolls can
 * reach without action dice (the d20's 20 and the modifier), never past the rules' largest DC.
 *
 * @param requests - The characters' rolls.
 */
export function dialTargets(requests: readonly ActionRequest[]): number[] {
  let top = 1;
  for (const r of requests) {
    const req = validate(r);
    const own = req.base.reduce((s, f) => s + f, 0);
    top = Math.max(top, own + req.modifier + (req.kind === "insight" ? req.level : 0) + 1);
  }
  return upTo(Math.min(MAX_DC, top) - 1).map((i) => i + 1);
}

/**
 * A character's chance of meeting a DC without action dice (the dial's figure).
 *
 * @param request - The character's roll (its kind, modifier and level).
 * @param dc - The DC.
 */
export function chanceAt(request: ActionRequest, dc: number): number {
  return odds({ ...request, augments: [], rerolls: [], dc }).pSuccess ?? 0;
}
