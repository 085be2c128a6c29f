/**
 * The shapes and the engine-independent arithmetic of the odds advice (issue 26): what each amount of
 * a resource buys before a roll, how rare a rolled result was, and the GM's difficulty dial (a
 * party's chances and the target that gives a chosen chance). Each engine's `advice.ts` computes its
 * own figures exactly and hands them to these; nothing here samples or rounds.
 */
import type { Rarity } from "./rarity.ts";

/** The chance of a roll's verdict as set up, or its expected result when it has no target. */
export interface Verdict {
  /** The exact chance of the verdict (success against the target), or `null` when the roll has none. */
  readonly chance: number | null;
  /** The expected result (total, value, net successes or Precision), exact. */
  readonly mean: number;
  /** The chance of the roll's worst outcome where the engine has one (a dice-pool botch), else `null`. */
  readonly risk: number | null;
}

/** One amount of a resource and what the roll's verdict would be with it. */
export interface ChoiceRow {
  /** The amount (dice, points; 0 or 1 for a yes-or-no choice; the step of a hindrance). */
  readonly amount: number;
  /** The form value that chooses it (`"2"`, `"true"`, `"minor"`). */
  readonly value: string;
  /** True for the amount the roll is set up with. */
  readonly chosen: boolean;
  /** The verdict with this amount, the rest of the roll unchanged. */
  readonly verdict: Verdict;
}

/** What each amount of one resource buys: a row per amount the roller could choose, 0 first. */
export interface ChoiceTable {
  /** The resource, named as the form field that holds it (`karmaDice`, `characterPoints`, `gear-<id>`). */
  readonly resource: string;
  /** One row per amount, ascending. */
  readonly rows: readonly ChoiceRow[];
}

/**
 * A resource's table from its rows, each verdict computed by `verdictOf`.
 *
 * @param resource - The resource's form field.
 * @param amounts - The amounts offered, ascending, each with its form value and the request it makes.
 * @param chosen - The form value the roll is set up with.
 * @param verdictOf - The engine's exact verdict of a request.
 */
export function choiceTable<Req>(
  resource: string,
  amounts: readonly { readonly amount: number; readonly value: string; readonly request: Req }[],
  chosen: string,
  verdictOf: (request: Req) => Verdict,
): ChoiceTable {
  return {
    resource,
    rows: amounts.map((a) => ({
      amount: a.amount,
      value: a.value,
      chosen: a.value === chosen,
      verdict: verdictOf(a.request),
    })),
  };
}

/** The counts 0 … `max` (none when `max` is below 0). */
export function upTo(max: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= max; i++) out.push(i);
  return out;
}

/* -------------------------------------------- */
/*  How rare a result was                       */
/* -------------------------------------------- */

export { RARE_AT, rarityOf, oneIn, type Rarity } from "./rarity.ts";

/** One player's rolls in a session, as the GM's summary reads them. */
export interface RaritySummary {
  /** How many rolls were counted. */
  readonly rolls: number;
  /** The mean exact percentile of those rolls (0.5 is as expected), or `null` without rolls. */
  readonly meanPercentile: number | null;
  /** The rarest roll (the smallest tail) and which way it was rare, or `null` without rolls. */
  readonly rarest: { readonly tail: number; readonly direction: "good" | "bad"; readonly ref: string } | null;
}

/**
 * Summarises one player's rolls: the mean percentile and the rarest roll.
 *
 * @param rolls - Each roll's rarity and a reference to it (a message id).
 */
export function summarizeRarity(rolls: readonly { readonly rarity: Rarity; readonly ref: string }[]): RaritySummary {
  if (rolls.length === 0) return { rolls: 0, meanPercentile: null, rarest: null };
  let sum = 0;
  let rarest: RaritySummary["rarest"] = null;
  for (const { rarity, ref } of rolls) {
    sum += rarity.percentile;
    if (rarest === null || rarity.tail < rarest.tail) {
      rarest = { tail: rarity.tail, direction: rarity.atLeastAsGood <= rarity.atLeastAsBad ? "good" : "bad", ref };
    }
  }
  return { rolls: rolls.length, meanPercentile: sum / rolls.length, rarest };
}

/* -------------------------------------------- */
/*  The GM's difficulty dial                    */
/* -------------------------------------------- */

/** Independent chances of several characters: that at least one and that all succeed. */
export interface PartyChance {
  /** P(at least one succeeds) = 1 − Π(1 − pᵢ). */
  readonly atLeastOne: number;
  /** P(all succeed) = Π pᵢ. */
  readonly all: number;
}

/**
 * The chance that at least one and that all of several independent rolls succeed.
 *
 * @param chances - Each character's chance (none: at least one is 0, all is 1).
 */
export function partyChance(chances: readonly number[]): PartyChance {
  let none = 1;
  let all = 1;
  for (const p of chances) {
    none *= 1 - p;
    all *= p;
  }
  return { atLeastOne: 1 - none, all };
}

/** Whose chance the dial solves for: one character (by position), at least one of them, or all of them. */
export type DialFor = number | "atLeastOne" | "all";

/** The target the dial found for a chosen chance. */
export interface DialSolution {
  /** The hardest target whose chance is at least the one asked for, or `null` when even the easiest falls short. */
  readonly target: number | null;
  /** The chance at that target (or at the easiest target when none reaches it). */
  readonly chance: number;
  /** The next harder target and its chance (just under the one asked for), or `null` at the hardest end. */
  readonly harder: { readonly target: number; readonly chance: number } | null;
}

/**
 * How far below a wanted chance the dial still reads a chance as meeting it: float noise only. The
 * engines' exact odds are sums of at most about 10^5 exact terms, so their rounding stays far below
 * this, and no two different targets' chances are this close.
 */
export const DIAL_TIE = 1e-12;

/**
 * Solves for the target giving a chosen chance: the hardest target (in `targets`, easiest first)
 * whose chance for `who` is still at least `wanted`. The chance never rises as the target gets
 * harder, so a binary search needs a dozen evaluations even over a thousand targets.
 *
 * @param targets - The targets the roll allows, from easiest to hardest.
 * @param chancesAt - Each character's exact chance at a target.
 * @param who - Whose chance: one character's position, `atLeastOne` or `all`.
 * @param wanted - The chance asked for, 0 to 1.
 */
export function solveDial(
  targets: readonly number[],
  chancesAt: (target: number) => readonly number[],
  who: DialFor,
  wanted: number,
): DialSolution {
  const chanceAt = (i: number): number => {
    const chances = chancesAt(targets[i] as number);
    if (who === "atLeastOne") return partyChance(chances).atLeastOne;
    if (who === "all") return partyChance(chances).all;
    return chances[who] ?? 0;
  };
  if (targets.length === 0) return { target: null, chance: 0, harder: null };
  // Invariant: chance(lo) ≥ wanted (when lo ≥ 0), chance(hi) < wanted (when hi < length). "≥" is
  // read exactly: a chance that misses the wanted one by float noise alone (P(d20 + 2 ≥ 13) sums to
  // 0.49999999999999994, not ½) meets it (DIAL_TIE).
  let lo = -1;
  let hi = targets.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (chanceAt(mid) >= wanted - DIAL_TIE) lo = mid;
    else hi = mid;
  }
  const harder = hi < targets.length ? { target: targets[hi] as number, chance: chanceAt(hi) } : null;
  if (lo < 0) return { target: null, chance: chanceAt(0), harder };
  return { target: targets[lo] as number, chance: chanceAt(lo), harder };
}
