/**
 * Number formatting for the odds panels, in the user's language through `Intl.NumberFormat`. Pure:
 * the language is passed in. A chance above 0 never reads "0%", and a chance below 1 never reads
 * "100%".
 */

import { formatIn, numberFormat } from "./numbers.ts";

/** Chances below this (but above 0) read `<0.1%`; chances above 1 minus this (but below 1) read `>99.9%`. */
export const SMALLEST_SHOWN = 0.001;

/** The two percent formats of a language (from the one cache of `numbers.ts`). */
function percentFormats(lang: string): { whole: Intl.NumberFormat; fine: Intl.NumberFormat } {
  return { whole: numberFormat(lang, "percent"), fine: numberFormat(lang, "percentFine") };
}

/**
 * Formats a probability as a percentage: whole percents between 10% and 90%, one decimal in the
 * tails (where a tenth of a percent matters, e.g. a 4.3% botch), `<0.1%` and `>99.9%` at the very
 * ends, and exactly "0%" and "100%" only for impossible and certain outcomes.
 *
 * @param p - The probability, 0 to 1.
 * @param lang - The user's language (a BCP 47 tag such as `en` or `de`).
 * @returns The formatted percentage.
 */
export function formatPercent(p: number, lang: string): string {
  const { whole, fine } = percentFormats(lang);
  if (p <= 0) return whole.format(0);
  if (p >= 1) return whole.format(1);
  if (p < SMALLEST_SHOWN) return `<${fine.format(SMALLEST_SHOWN)}`;
  if (p > 1 - SMALLEST_SHOWN) return `>${fine.format(1 - SMALLEST_SHOWN)}`;
  return p < 0.1 || p > 0.9 ? fine.format(p) : whole.format(p);
}

/**
 * Formats an expected value (a mean) with at most one decimal.
 *
 * @param value - The number.
 * @param lang - The user's language.
 * @returns The formatted number.
 */
export function formatMean(value: number, lang: string): string {
  return formatIn(value, lang, "mean");
}

/**
 * The width of a bar for a probability, as a CSS percentage number (0–100, two decimals). A
 * possible outcome always gets a visible sliver.
 *
 * @param p - The probability, 0 to 1.
 * @returns The width in percent.
 */
export function barWidth(p: number): number {
  if (p <= 0) return 0;
  return Math.max(1, Math.round(Math.min(1, p) * 10000) / 100);
}

/**
 * Formats a chance shown beside the chance it was compared with (the difficulty dial): as
 * {@link formatPercent} does, unless that rounding would put it on the other side of the wanted
 * chance ("60%" for 59.95% beside a wanted 60%), in which case it is written with up to two decimals.
 *
 * @param p - The chance, 0 to 1.
 * @param wanted - The chance it was compared with, 0 to 1.
 * @param lang - The user's language.
 */
export function formatChanceAgainst(p: number, wanted: number, lang: string): string {
  const step = p < 0.1 || p > 0.9 ? 1000 : 100;
  const rounded = Math.round(p * step) / step;
  const tie = 1e-12;
  if (p >= wanted - tie === rounded >= wanted - tie) return formatPercent(p, lang);
  return numberFormat(lang, "percentPrecise").format(p);
}
