/**
 * Numbers as a user reads them, through `Intl.NumberFormat` in the user's language: its digits, its
 * group separator, and its plus and minus signs (a modifier shows `+2` or the language's `−1`, never a
 * sign pasted onto a number). Pure: the language tag is passed in (`game.i18n.lang` in Foundry). Every
 * number format of the system (the odds panels' percentages and means included) comes from the one
 * cache here.
 */

/** The number formats the system writes, by name. */
const OPTIONS = {
  /** A plain number, up to two decimals. */
  plain: { maximumFractionDigits: 2 },
  /** A number with its sign (`+2`, `0`, `−1`), up to two decimals. */
  signed: { maximumFractionDigits: 2, signDisplay: "exceptZero" },
  /** An expected value, up to one decimal. */
  mean: { maximumFractionDigits: 1 },
  /** A whole percentage. */
  percent: { style: "percent", maximumFractionDigits: 0 },
  /** A percentage with one decimal. */
  percentFine: { style: "percent", maximumFractionDigits: 1 },
  /** A percentage with up to two decimals (a chance beside the one it is compared with). */
  percentPrecise: { style: "percent", maximumFractionDigits: 2 },
  /** A percentage to two significant digits. */
  percentShort: { style: "percent", maximumSignificantDigits: 2 },
} as const satisfies Record<string, Intl.NumberFormatOptions>;

/** The name of one of the system's number formats. */
export type NumberStyle = keyof typeof OPTIONS;

const FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * One of the system's number formats in a language, built once per language and style.
 *
 * @param lang - The language tag.
 * @param style - The format's name.
 */
export function numberFormat(lang: string, style: NumberStyle): Intl.NumberFormat {
  const key = `${style}|${lang}`;
  let format = FORMATS.get(key);
  if (!format) FORMATS.set(key, (format = new Intl.NumberFormat(lang, OPTIONS[style])));
  return format;
}

/** The minus sign (U+2212) that takes the place of a hyphen-minus. */
const MINUS = "\u2212";

/**
 * A number in one of the system's formats, with the true minus sign (U+2212) where the language
 * writes its minus as a hyphen-minus (English, German); a language with a sign of its own keeps it.
 *
 * @param value - The number.
 * @param lang - The language tag.
 * @param style - The format's name.
 */
export function formatIn(value: number, lang: string, style: NumberStyle): string {
  return numberFormat(lang, style).format(value).replace("-", MINUS);
}

/** A number in the user's language (`1 234`, `٣`, `−2`). */
export function formatNumber(value: number, lang: string): string {
  return formatIn(value, lang, "plain");
}

/** A number with its sign in the user's language: `+2`, `0`, `−1` (the true minus sign, as on every card). */
export function formatSigned(value: number, lang: string): string {
  return formatIn(value, lang, "signed");
}

/**
 * A change of dice with its sign: `+1d4`, `−2d6` (the count through {@link formatSigned}; `d` and the
 * faces are dice notation, the same in every language).
 *
 * @param count - The number of dice, negative for dice taken away.
 * @param faces - The dice's faces.
 * @param lang - The language tag.
 */
export function formatSignedDice(count: number, faces: number, lang: string): string {
  return `${formatSigned(count, lang)}d${String(faces)}`;
}
