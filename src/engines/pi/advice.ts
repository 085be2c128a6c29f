/**
 * Odds advice of the Precision & Impact engine (issue 26): what each hindrance does to a roll before
 * it is thrown, each pick's verdict on a rolled card, how rare the dice were, and the chance at each
 * Precision needed for the GM's dial. Every figure is exact ({@link odds}, {@link chanceOfGoal}).
 */

import { choiceTable, rarityOf, type ChoiceTable, type Rarity, type Verdict } from "../shared/advice.ts";
import { EngineError } from "../shared/errors.ts";
import { chanceOfGoal, judgeGoal } from "./goal.ts";
import { chanceAtLeast, odds } from "./odds.ts";
import { HINDRANCES, MAX_GOAL, validate, type PiRequest } from "./request.ts";
import type { PiOutcome } from "./resolve.ts";

/**
 * The verdict of a request: the chance the dice offer a pick meeting its goal (`null` without one),
 * and the expected Precision of the best pick for Precision.
 */
export function verdict(request: PiRequest): Verdict {
  const o = odds(request);
  return { chance: chanceOfGoal(request), mean: o.bestPrecision.meanPrecision, risk: null };
}

/**
 * What each hindrance does to the roll (none, minor, major): the one choice made before a Precision &
 * Impact roll is thrown that the engine knows (gear is the dialog's). A hindrance that would leave no
 * die is not offered.
 *
 * @param request - The roll as set up.
 */
export function choices(request: PiRequest): ChoiceTable[] {
  const req = validate(request);
  const offered = HINDRANCES.map((h, amount) => ({ amount, value: h, request: { ...req, hindrance: h } })).filter(
    (row) => {
      try {
        validate(row.request);
        return true;
      } catch (error) {
        if (error instanceof EngineError) return false;
        throw error;
      }
    },
  );
  return [choiceTable("hindrance", offered, req.hindrance ?? "none", verdict)];
}

/** One pick of two rolled dice as a card's advice lists it. */
export interface PickVerdict {
  /** Two slots showing these faces (the first such pair, ascending). */
  readonly slots: readonly [number, number];
  /** The higher face and the lower face. */
  readonly faces: readonly [number, number];
  /** The Precision and the Impact, modifiers included. */
  readonly precision: number;
  readonly impact: number;
  /** Whether the pick meets the goal, or `null` without one. */
  readonly met: boolean | null;
  /** True when the card's pick shows these faces. */
  readonly inUse: boolean;
}

/**
 * Every distinct pick of a rolled Precision & Impact card (each pair of faces once, whichever dice
 * show them), judged against the roll's goal, the highest Precision first (then the higher Impact).
 *
 * @param outcome - The card's outcome (its dice, modifiers, goal and the pick in use).
 */
export function pickVerdicts(outcome: PiOutcome): PickVerdict[] {
  const thrown = outcome.dice.filter((d) => !d.marks.includes("removed"));
  const used = [...outcome.pick.values].sort((a, b) => b - a);
  const seen = new Map<string, PickVerdict>();
  for (let i = 0; i < thrown.length; i++) {
    for (let j = i + 1; j < thrown.length; j++) {
      const a = thrown[i] as PiOutcome["dice"][number];
      const b = thrown[j] as PiOutcome["dice"][number];
      const high = Math.max(a.value, b.value);
      const low = Math.min(a.value, b.value);
      const key = `${high}:${low}`;
      if (seen.has(key)) continue;
      const precision = high + low + outcome.precisionMod;
      const impact = high - low + outcome.impactMod;
      const judged = judgeGoal(outcome.goal, precision, impact, false);
      seen.set(key, {
        slots: a.slot < b.slot ? [a.slot, b.slot] : [b.slot, a.slot],
        faces: [high, low],
        precision,
        impact,
        met: judged === null ? null : judged.met,
        inUse: used.length === 2 && used[0] === high && used[1] === low,
      });
    }
  }
  return [...seen.values()].sort((x, y) => y.precision - x.precision || y.impact - x.impact);
}

/**
 * How rare the dice were: the best Precision they offered (the two highest faces) against the roll
 * as set up. The pick itself is a choice made after the roll, so it does not count.
 *
 * @param request - The roll's request.
 * @param outcome - The card's outcome.
 */
export function rarity(request: PiRequest, outcome: PiOutcome): Rarity {
  const o = odds(request);
  const best = outcome.bestPrecision.precision;
  const pick = o.bestPrecision;
  return rarityOf(chanceAtLeast(pick, best, -Infinity), 1 - chanceAtLeast(pick, best + 1, -Infinity));
}

/**
 * The Precision goals the dial offers, easiest first: from 1 to the most any of the rolls can reach
 * (the two largest dice's faces and the modifier), never past the rules' largest goal.
 *
 * @param requests - The characters' rolls.
 */
export function dialTargets(requests: readonly PiRequest[]): number[] {
  let top = 1;
  for (const r of requests) {
    const sizes = [...r.pool].sort((a, b) => b - a);
    top = Math.max(top, (sizes[0] ?? 0) + (sizes[1] ?? 0) + (r.precisionMod ?? 0));
  }
  top = Math.min(MAX_GOAL, top);
  const out: number[] = [];
  for (let t = 1; t <= top; t++) out.push(t);
  return out;
}

/**
 * A character's chance that the dice offer a pick with at least a Precision (the dial's figure; the
 * roll's Impact goal, if any, is dropped).
 *
 * @param request - The character's roll.
 * @param precision - The Precision needed.
 */
export function chanceAt(request: PiRequest, precision: number): number {
  return chanceOfGoal({ ...request, precisionGoal: precision, impactGoal: null, pick: undefined }) ?? 0;
}
