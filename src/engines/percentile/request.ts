/**
 * Requests of the `percentile` engine and the small rules around them: the dice limits, column
 * shifts read as dice, karma-bought dice and their cost, and the called-shot damage multiplier.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import { DEFAULT_ART, validateArt, type ArtTable } from "./art.ts";

/** The default cap on the number of extra dice (bonus or penalty) thrown after cancellation. */
export const DEFAULT_CAP = 5;

/** A sanity limit on each requested count of dice, and on the cap itself; beyond it a request is refused. */
export const MAX_DICE = 20;

/** The most bonus dice karma can buy for one roll. */
export const MAX_KARMA_DICE = 3;

/** The karma one bought bonus die costs. */
export const KARMA_PER_DIE = 2;

/** The largest base damage multiplier a request may carry. */
export const MAX_DAMAGE_MULTIPLIER = 99;

/** The largest rating (in absolute value) a request may carry. */
export const MAX_RATING = 999;

/**
 * A roll request as a caller writes it; omitted fields take their defaults in {@link validate}.
 * All dice counts are before cancellation: the dice actually thrown follow from
 * `(bonus + karmaDice) − (penalty + voluntaryPenalty)`, limited by the cap.
 */
export interface PercentileRequest {
  /** Bonus dice granted by circumstances (Narrator, assist, column shifts), 0 to {@link MAX_DICE}. */
  readonly bonus: number;
  /** Penalty dice imposed by circumstances, 0 to {@link MAX_DICE}; voluntary ones are not counted here. */
  readonly penalty: number;
  /** The cap on extra dice after cancellation, 0 to {@link MAX_DICE}; 0 means no cap; 5 when omitted. */
  readonly cap?: number;
  /**
   * Called shot: penalty dice the roller takes voluntarily, 0 to {@link MAX_DICE}, added on top of
   * `penalty`; 0 when omitted. On a success each one that changed the dice raises the damage multiplier by 1.
   */
  readonly voluntaryPenalty?: number;
  /** Bonus dice bought with karma ({@link KARMA_PER_DIE} each), 0 to {@link MAX_KARMA_DICE}, added on top of `bonus`; 0 when omitted. */
  readonly karmaDice?: number;
  /** The weapon's base damage multiplier for a called shot, 1 to {@link MAX_DAMAGE_MULTIPLIER}; 1 when omitted. */
  readonly damageMultiplier?: number;
  /** The actor's rating that picks the table column; without it the value is not read on a table. */
  readonly column?: number;
  /** The Action Results Table to read; the default table when omitted (it stays omitted after validation). */
  readonly art?: ArtTable;
  /**
   * An attack's extra tens dice thrown for its targets (docs/rules.md §6), 0 to {@link MAX_DICE}: the roll
   * throws this many extra dice when it is more than its own net needs, and each target reads the
   * first ones its own net asks for. Its presence says the targets' penalty dice were not folded into
   * `penalty`: each target's verdict reads the roll at its own net. Omitted on any other roll.
   */
  readonly extraDice?: number;
}

/** What the cap did to a request: the signed net before and after it. */
export interface Clamp {
  /** The signed net dice after cancellation (positive: bonus, negative: penalty). */
  readonly requested: number;
  /** The signed net dice thrown. */
  readonly applied: number;
}

/** The reading of column shifts as dice: a +N shift gives N bonus dice, a −N shift N penalty dice. */
export interface ShiftDice {
  /** Bonus dice. */
  readonly bonus: number;
  /** Penalty dice. */
  readonly penalty: number;
}

/** Karma to spend for bought dice and what remains. */
export interface KarmaSpend {
  /** The karma the dice cost. */
  readonly cost: number;
  /** The actor's karma after paying. */
  readonly remaining: number;
}

/** Reads an optional integer field with a default. */
function optionalInt(value: unknown, field: string, min: number, max: number, fallback: number): number {
  return value === undefined ? fallback : requireInt(value, field, min, max);
}

/**
 * Checks the number of karma-bought dice.
 *
 * @throws EngineError `NotInteger`, `OutOfRange` (negative) or `TooManyKarmaDice`.
 */
function karmaDiceCount(dice: unknown): number {
  const n = requireInt(dice, "karmaDice", 0, Number.MAX_SAFE_INTEGER);
  if (n > MAX_KARMA_DICE) throw new EngineError("TooManyKarmaDice", { dice: n, max: MAX_KARMA_DICE });
  return n;
}

/**
 * Checks a request and fills in its defaults (`cap`, `voluntaryPenalty`, `karmaDice`,
 * `damageMultiplier`). `column` stays absent when not given, and so does `art` (meaning the default
 * table); a given `art` is checked with {@link validateArt} and replaced by its checked copy.
 *
 * @param request - The request as written by the caller.
 * @returns The normalised request.
 * @throws EngineError `BadRequest` when it is not an object; `NotInteger` / `OutOfRange` for a bad
 *   count, cap, multiplier or rating (each count is limited to {@link MAX_DICE});
 *   `TooManyKarmaDice`; any `Art…` error of {@link validateArt}.
 */
export function validate(request: PercentileRequest): PercentileRequest {
  if (typeof request !== "object" || request === null) throw new EngineError("BadRequest", { field: "request" });
  const out: {
    -readonly [K in keyof PercentileRequest]: PercentileRequest[K];
  } = {
    bonus: requireInt(request.bonus, "bonus", 0, MAX_DICE),
    penalty: requireInt(request.penalty, "penalty", 0, MAX_DICE),
    cap: optionalInt(request.cap, "cap", 0, MAX_DICE, DEFAULT_CAP),
    voluntaryPenalty: optionalInt(request.voluntaryPenalty, "voluntaryPenalty", 0, MAX_DICE, 0),
    karmaDice: request.karmaDice === undefined ? 0 : karmaDiceCount(request.karmaDice),
    damageMultiplier: optionalInt(request.damageMultiplier, "damageMultiplier", 1, MAX_DAMAGE_MULTIPLIER, 1),
  };
  if (request.column !== undefined) out.column = requireInt(request.column, "column", -MAX_RATING, MAX_RATING);
  if (request.art !== undefined) out.art = request.art === DEFAULT_ART ? DEFAULT_ART : validateArt(request.art);
  if (request.extraDice !== undefined) out.extraDice = requireInt(request.extraDice, "extraDice", 0, MAX_DICE);
  return out;
}

/**
 * Reads a column shift as dice (the optional column-shift mode): +N becomes N bonus dice, −N
 * becomes N penalty dice, 0 becomes none.
 *
 * @param shift - The signed column shift, an integer within ±{@link MAX_DICE}.
 * @throws EngineError `NotInteger` or `OutOfRange`.
 */
export function shiftToDice(shift: number): ShiftDice {
  requireInt(shift, "shift", -MAX_DICE, MAX_DICE);
  return { bonus: Math.max(0, shift), penalty: Math.max(0, -shift) };
}

/**
 * The karma cost of bonus dice bought with karma.
 *
 * @param dice - How many dice are bought, 0 to {@link MAX_KARMA_DICE}.
 * @throws EngineError `NotInteger`, `OutOfRange` or `TooManyKarmaDice`.
 */
export function karmaCost(dice: number): number {
  return karmaDiceCount(dice) * KARMA_PER_DIE;
}

/**
 * Checks that an actor can pay for karma-bought dice.
 *
 * @param dice - How many dice are bought, 0 to {@link MAX_KARMA_DICE}.
 * @param karma - The actor's current karma, a non-negative integer.
 * @returns The cost and the karma left after paying.
 * @throws EngineError `NotInteger`, `OutOfRange`, `TooManyKarmaDice`, or `NotEnoughKarma` when the
 *   actor holds less karma than the dice cost.
 */
export function checkKarma(dice: number, karma: number): KarmaSpend {
  const cost = karmaCost(dice);
  requireInt(karma, "karma", 0, Number.MAX_SAFE_INTEGER);
  if (karma < cost) throw new EngineError("NotEnoughKarma", { dice, cost, karma });
  return { cost, remaining: karma - cost };
}

/**
 * The damage multiplier of a called shot: raised by 1 per voluntary penalty die when the attack
 * succeeds, unchanged otherwise.
 *
 * @param base - The weapon's base damage multiplier, 1 to {@link MAX_DAMAGE_MULTIPLIER}.
 * @param voluntaryPenalty - The voluntary penalty dice that count (see the outcome's `calledShot.applied`).
 * @param success - Whether the attack succeeded.
 * @throws EngineError `NotInteger` or `OutOfRange`.
 */
export function calledShotMultiplier(base: number, voluntaryPenalty: number, success: boolean): number {
  requireInt(base, "damageMultiplier", 1, MAX_DAMAGE_MULTIPLIER);
  requireInt(voluntaryPenalty, "voluntaryPenalty", 0, MAX_DICE);
  return success ? base + voluntaryPenalty : base;
}

/**
 * The signed net a target reads an attack at (docs/rules.md §6): the roll's own bonus dice (karma-bought
 * included) less its own penalty dice (voluntary included) and the target's penalty dice against
 * attacks, under the roll's cap.
 *
 * @param req - The attack's validated request.
 * @param defence - The target's penalty dice against attacks.
 */
export function netAgainst(req: PercentileRequest, defence: number): number {
  const requested = req.bonus + (req.karmaDice ?? 0) - req.penalty - (req.voluntaryPenalty ?? 0) - defence;
  const cap = req.cap ?? DEFAULT_CAP;
  return cap === 0 ? requested : Math.max(-cap, Math.min(cap, requested));
}

/**
 * How many extra tens dice an attack throws for its targets (docs/rules.md §6): as many as the largest
 * net over its targets needs (and its own); up to the cap when any target's figure is hidden from the
 * attacker, so the count thrown gives nothing away ({@link MAX_DICE} when the roll has no cap).
 *
 * @param req - The attack's validated request.
 * @param defences - Each target's penalty dice against attacks, `null` where the attacker may not see it.
 */
export function extraDiceFor(req: PercentileRequest, defences: readonly (number | null)[]): number {
  if (defences.some((d) => d === null)) {
    const cap = req.cap ?? DEFAULT_CAP;
    return cap === 0 ? MAX_DICE : cap;
  }
  return Math.min(
    MAX_DICE,
    Math.max(Math.abs(netAgainst(req, 0)), ...defences.map((d) => Math.abs(netAgainst(req, d ?? 0)))),
  );
}
