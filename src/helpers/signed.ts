/** Whole numbers with their sign, as the cards, sheets and dialogs show them: a true minus sign (U+2212), never a hyphen. */

/** The minus sign (U+2212). */
export const MINUS = "\u2212";

/**
 * A whole number with its sign: `+2`, `−1`, `0`.
 *
 * @param value - The number.
 */
export function signed(value: number): string {
  if (value > 0) return `+${String(value)}`;
  if (value < 0) return `${MINUS}${String(-value)}`;
  return "0";
}
