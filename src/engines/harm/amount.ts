/**
 * Amounts of harm and healing (docs/rules.md §6): what a card, a macro or a journal link asks to apply is
 * checked here first, and scaled by the multiplier chosen on the card. A bad amount (not a number,
 * NaN, a fraction, negative, beyond {@link MAX_AMOUNT}, text) is one typed error; nothing is applied.
 */

import { EngineError } from "../shared/core.ts";

/** The largest amount one application may carry (a guard against typing slips, far above any roll). */
export const MAX_AMOUNT = 9999;

/** How an amount is applied: half damage (rounded down), full, double, or as healing. */
export const MULTIPLIERS = Object.freeze(["half", "full", "double", "heal"] as const);

/** One of {@link MULTIPLIERS}. */
export type Multiplier = (typeof MULTIPLIERS)[number];

/** Whether a value names a multiplier (an own entry of the list, never an inherited name). */
export function isMultiplier(value: unknown): value is Multiplier {
  return typeof value === "string" && (MULTIPLIERS as readonly string[]).includes(value);
}

/**
 * Checks an amount asked for: a whole number from 0 to {@link MAX_AMOUNT}.
 *
 * @returns The amount.
 * @throws EngineError `HarmAmount` for anything else (text, NaN, a fraction, negative, too large).
 */
export function readAmount(amount: unknown): number {
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 0 || amount > MAX_AMOUNT) {
    throw new EngineError("HarmAmount", { value: amount, max: MAX_AMOUNT });
  }
  return amount;
}

/**
 * Checks a multiplier asked for.
 *
 * @throws EngineError `HarmMultiplier` for anything but one of {@link MULTIPLIERS}.
 */
export function readMultiplier(multiplier: unknown): Multiplier {
  if (!isMultiplier(multiplier)) throw new EngineError("HarmMultiplier", { value: multiplier });
  return multiplier;
}

/**
 * The amount a multiplier makes of a checked amount: half rounded down, the amount, twice it; a heal
 * heals the amount itself.
 *
 * @param amount - A checked amount ({@link readAmount}).
 * @param multiplier - A checked multiplier.
 */
export function scaledAmount(amount: number, multiplier: Multiplier): number {
  if (multiplier === "half") return Math.floor(amount / 2);
  if (multiplier === "double") return amount * 2;
  return amount;
}
