/**
 * Numbers as a user reads them, through `Intl.NumberFormat` in the user's language: its digits, its
 * group separator, and its plus and minus signs (a modifier shows `+2` or the language's `−1`, never a
 * sign pasted onto a number). Pure: the language tag is passed in (`game.i18n.lang` in Foundry).
 */

const PLAIN = new Map<string, Intl.NumberFormat>();
const SIGNED = new Map<string, Intl.NumberFormat>();

function cached(
  store: Map<string, Intl.NumberFormat>,
  lang: string,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = store.get(lang);
  if (!format) store.set(lang, (format = new Intl.NumberFormat(lang, options)));
  return format;
}

/** A number in the user's language (`1 234`, `٣`). */
export function formatNumber(value: number, lang: string): string {
  return cached(PLAIN, lang, { maximumFractionDigits: 2 }).format(value);
}

/**
 * A number with its sign in the user's language: `+2`, `0`, `−1`. Where the language writes its minus
 * as a hyphen-minus (English, German), the true minus sign (U+2212) takes its place, as on every card.
 */
export function formatSigned(value: number, lang: string): string {
  return cached(SIGNED, lang, { maximumFractionDigits: 2, signDisplay: "exceptZero" })
    .format(value)
    .replace("-", "\u2212");
}
