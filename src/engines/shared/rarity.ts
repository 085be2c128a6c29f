/**
 * How rare a rolled result was, from its two tails (issue 26): the labels a card's rarity line and
 * the GM's report read from a roll's stored rarity. Apart from the odds advice (`advice.ts`, which
 * re-exports it) so that drawing a card never loads the advice. Pure.
 */

/** A result is called rare when the chance of one at least as extreme is at most this (1 in 20). */
export const RARE_AT = 0.05;

/** How rare a rolled result was against the roll as set up. */
export interface Rarity {
  /** P(a result at least this good). */
  readonly atLeastAsGood: number;
  /** P(a result at least this bad). */
  readonly atLeastAsBad: number;
  /**
   * The result's exact percentile (mid-rank): P(worse) + P(the same)/2, 0.5 on average over many
   * rolls of fair dice.
   */
  readonly percentile: number;
  /** Which way the result is rare (its tail is at most {@link RARE_AT}), or `null` when it is not. */
  readonly rare: "good" | "bad" | null;
  /** "1 in N" for a rare result: N = 1 / its tail, rounded; `null` when it is not rare. */
  readonly oneIn: number | null;
  /** The smaller tail: the chance of a result at least as extreme in its direction. */
  readonly tail: number;
}

/**
 * The rarity of a result from its two tails.
 *
 * @param atLeastAsGood - P(result ≥ this one), in the engine's order of better results.
 * @param atLeastAsBad - P(result ≤ this one).
 */
export function rarityOf(atLeastAsGood: number, atLeastAsBad: number): Rarity {
  const good = clamp01(atLeastAsGood);
  const bad = clamp01(atLeastAsBad);
  // P(same) = P(≥) + P(≤) − 1; P(worse) = 1 − P(≥).
  const same = Math.max(0, good + bad - 1);
  const percentile = clamp01(1 - good + same / 2);
  const tail = Math.min(good, bad);
  const rare = tail > RARE_AT ? null : good <= bad ? "good" : "bad";
  return { atLeastAsGood: good, atLeastAsBad: bad, percentile, rare, oneIn: rare === null ? null : oneIn(tail), tail };
}

/**
 * N of "1 in N" for a chance: 1/p rounded to two significant figures above 100 (1 in 1,300), so the
 * label never claims more precision than a plain reader needs.
 *
 * @param p - A chance above 0.
 */
export function oneIn(p: number): number {
  if (!(p > 0)) return Infinity;
  const n = 1 / p;
  if (n < 100) return Math.max(1, Math.round(n));
  const scale = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / scale) * scale;
}

function clamp01(p: number): number {
  return p < 0 ? 0 : p > 1 ? 1 : p;
}
