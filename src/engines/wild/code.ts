/**
 * Die codes of the `wild` engine: `ND+P` means N six-sided dice plus P pips (e.g. `3D+1`, `1D`,
 * `12D-2`). A bonus adds dice (`+1D`) or pips (`+2`). Pips are never converted into dice: the
 * rules contract gives no exchange rate, so `3D+5` stays `3D+5`.
 */

import { EngineError, requireInt } from "../shared/core.ts";

/** The most dice a die code may hold (character dice, or outside dice). */
export const MAX_CODE_DICE = 50;

/** The largest pip value (positive or negative) a die code may carry. */
export const MAX_PIPS = 100;

/** A die code as numbers: `dice` six-sided dice plus `pips`. */
export interface DieCode {
  /** The number of six-sided dice. */
  readonly dice: number;
  /** The fixed amount added to (or, when negative, taken from) the dice total. */
  readonly pips: number;
}

/**
 * A short text for a value in an error message.
 *
 * @returns The value as text (objects and functions by their type).
 */
export function showValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value === undefined || value === null) return String(value);
  return typeof value;
}

const CODE_PATTERN = /^\s*(\d+)\s*d\s*(?:([+-])\s*(\d+)\s*)?$/i;
const BONUS_PATTERN = /^\s*([+-])?\s*(?:(\d+)\s*d\s*(?:([+-])\s*(\d+)\s*)?|(\d+)\s*)$/i;

/**
 * Reads a die code such as `3D+1`, `1D` or `12d-2` (letters in any case, spaces allowed).
 *
 * @param code - The text to read.
 * @returns The dice and pips.
 * @throws EngineError `BadDieCode` (with the text as `code`) when the text is not a die code or
 *   names no dice; `OutOfRange` when it names more dice or pips than {@link MAX_CODE_DICE} /
 *   {@link MAX_PIPS}.
 */
export function parseCode(code: unknown): DieCode {
  const text = showValue(code);
  const match = typeof code === "string" ? CODE_PATTERN.exec(code) : null;
  if (match === null) throw new EngineError("BadDieCode", { code: text });
  const dice = Number(match[1]);
  if (dice < 1) throw new EngineError("BadDieCode", { code: text });
  const pips = match[3] === undefined ? 0 : (match[2] === "-" ? -1 : 1) * Number(match[3]);
  requireInt(dice, "dice", 1, MAX_CODE_DICE);
  requireInt(pips, "pips", -MAX_PIPS, MAX_PIPS);
  return { dice, pips };
}

/**
 * Reads a bonus such as `+1D`, `+2`, `-1` or `+1D+1` (a leading `+` may be left out). Bonus dice
 * are never negative; pips may be.
 *
 * @param bonus - The text to read.
 * @returns The bonus as dice and pips.
 * @throws EngineError `BadDieCode` (with the text as `code`) when the text is not a bonus.
 */
export function parseBonus(bonus: unknown): DieCode {
  const text = showValue(bonus);
  const match = typeof bonus === "string" ? BONUS_PATTERN.exec(bonus) : null;
  if (match === null) throw new EngineError("BadDieCode", { code: text });
  const sign = match[1] === "-" ? -1 : 1;
  if (match[5] !== undefined) {
    const pips = sign * Number(match[5]);
    requireInt(pips, "pips", -MAX_PIPS, MAX_PIPS);
    return { dice: 0, pips };
  }
  if (sign < 0) throw new EngineError("BadDieCode", { code: text });
  const dice = Number(match[2]);
  const pips = match[4] === undefined ? 0 : (match[3] === "-" ? -1 : 1) * Number(match[4]);
  requireInt(dice, "dice", 0, MAX_CODE_DICE);
  requireInt(pips, "pips", -MAX_PIPS, MAX_PIPS);
  return { dice, pips };
}

/**
 * Adds a bonus to a die code: bonus dice become extra dice, bonus pips are added to the pips.
 * No number of pips is ever turned into a die.
 *
 * @param code - The die code.
 * @param bonus - The bonus (dice ≥ 0), e.g. from {@link parseBonus}.
 * @returns The combined die code.
 * @throws EngineError `NotInteger` / `OutOfRange` when a part is not an integer or the result
 *   leaves the allowed range.
 */
export function addBonus(code: DieCode, bonus: DieCode): DieCode {
  requireInt(bonus.dice, "dice", 0, MAX_CODE_DICE);
  requireInt(bonus.pips, "pips", -MAX_PIPS, MAX_PIPS);
  const dice = requireInt(code.dice, "dice", 1, MAX_CODE_DICE) + bonus.dice;
  const pips = requireInt(code.pips, "pips", -MAX_PIPS, MAX_PIPS) + bonus.pips;
  requireInt(dice, "dice", 1, MAX_CODE_DICE);
  requireInt(pips, "pips", -MAX_PIPS, MAX_PIPS);
  return { dice, pips };
}

/**
 * Writes a die code in its usual form: `3D+1`, `1D`, `12D-2` (no pip part when pips are 0).
 *
 * @param dice - The number of dice (at least 1).
 * @param pips - The pips.
 * @throws EngineError `NotInteger` / `OutOfRange` for a bad part.
 */
export function formatCode(dice: number, pips = 0): string {
  requireInt(dice, "dice", 1, MAX_CODE_DICE * 2);
  requireInt(pips, "pips", -MAX_PIPS * 3, MAX_PIPS * 3);
  return `${dice}D${formatPips(pips)}`;
}

/**
 * Writes a bonus: `+1D`, `+2`, `-1`, `+1D+1`; a bonus of nothing is `+0`.
 *
 * @param dice - The bonus dice (0 or more).
 * @param pips - The bonus pips.
 * @throws EngineError `NotInteger` / `OutOfRange` for a bad part.
 */
export function formatBonus(dice: number, pips = 0): string {
  requireInt(dice, "dice", 0, MAX_CODE_DICE * 2);
  requireInt(pips, "pips", -MAX_PIPS * 3, MAX_PIPS * 3);
  if (dice === 0) return pips < 0 ? String(pips) : `+${pips}`;
  return `+${dice}D${formatPips(pips)}`;
}

function formatPips(pips: number): string {
  if (pips === 0) return "";
  return pips > 0 ? `+${pips}` : String(pips);
}
