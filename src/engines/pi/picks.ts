/**
 * Picks: two of the thrown dice, scored as Precision (their sum) and Impact (the higher minus the
 * lower). These helpers work on a plain list of faces and index into it; modifiers are not part of
 * a pick's score (they are added after the choice).
 */

/** A pick of two dice from a list of faces and its base score (no modifiers). */
export interface PickScore {
  /** The two positions in the list of faces, ascending. */
  readonly indices: readonly [number, number];
  /** The sum of the two faces. */
  readonly precision: number;
  /** The higher face minus the lower face. */
  readonly impact: number;
}

/**
 * Scores the pick of positions `i` and `j` (in either order) of `faces`.
 *
 * @throws RangeError when a position is missing or both name the same die.
 */
export function scorePick(faces: readonly number[], i: number, j: number): PickScore {
  const a = faces[i];
  const b = faces[j];
  if (a === undefined || b === undefined || i === j) throw new RangeError(`scorePick: bad pick ${i}, ${j}`);
  return { indices: i < j ? [i, j] : [j, i], precision: a + b, impact: Math.abs(a - b) };
}

/**
 * Every pick of two dice from `faces`, each pair once, in lexicographic order of positions.
 * A list of fewer than two faces has no picks.
 */
export function picks(faces: readonly number[]): PickScore[] {
  const out: PickScore[] = [];
  for (let i = 0; i < faces.length; i++) for (let j = i + 1; j < faces.length; j++) out.push(scorePick(faces, i, j));
  return out;
}

/**
 * The best pick for Precision: the largest sum; among equal sums the larger Impact; among dice
 * showing equal faces the earliest positions (the lexicographically first pair). That is the two
 * highest faces. Runs in one pass.
 *
 * @throws RangeError when there are fewer than two faces.
 */
export function bestPrecisionPick(faces: readonly number[]): PickScore {
  if (faces.length < 2) throw new RangeError("bestPrecisionPick: needs two dice");
  const pair = bestPrecisionPair(faces);
  return scorePick(faces, pairFirst(pair), pairSecond(pair));
}

/** Two positions packed into one number by {@link bestPrecisionPair} and {@link bestImpactPair}. */
const PAIR = 1 << 16;

/** The first (lower) position of a packed pair. */
export function pairFirst(pair: number): number {
  return Math.floor(pair / PAIR);
}

/** The second (higher) position of a packed pair. */
export function pairSecond(pair: number): number {
  return pair % PAIR;
}

/** Two positions as one packed pair, ascending. */
function packPair(i: number, j: number): number {
  return i < j ? i * PAIR + j : j * PAIR + i;
}

/**
 * The positions of {@link bestPrecisionPick}, packed into one number (read them with
 * {@link pairFirst} and {@link pairSecond}, ascending), without building the score. For a list of
 * at least two faces.
 */
export function bestPrecisionPair(faces: readonly number[]): number {
  let first = 0;
  for (let i = 1; i < faces.length; i++) if ((faces[i] as number) > (faces[first] as number)) first = i;
  let second = first === 0 ? 1 : 0;
  for (let i = 0; i < faces.length; i++) {
    if (i !== first && (faces[i] as number) > (faces[second] as number)) second = i;
  }
  return packPair(first, second);
}

/**
 * The best pick for Impact: the largest difference; among equal differences the larger
 * Precision; among dice showing equal faces the earliest positions (the lexicographically first
 * pair). That is the highest face with the lowest face. Runs in one pass.
 *
 * @throws RangeError when there are fewer than two faces.
 */
export function bestImpactPick(faces: readonly number[]): PickScore {
  if (faces.length < 2) throw new RangeError("bestImpactPick: needs two dice");
  const pair = bestImpactPair(faces);
  return scorePick(faces, pairFirst(pair), pairSecond(pair));
}

/**
 * The positions of {@link bestImpactPick}, packed into one number (read them with
 * {@link pairFirst} and {@link pairSecond}, ascending), without building the score. For a list of
 * at least two faces.
 */
export function bestImpactPair(faces: readonly number[]): number {
  let high = 0;
  for (let i = 1; i < faces.length; i++) if ((faces[i] as number) > (faces[high] as number)) high = i;
  let low = high === 0 ? 1 : 0;
  for (let i = 0; i < faces.length; i++) {
    if (i !== high && (faces[i] as number) < (faces[low] as number)) low = i;
  }
  return packPair(high, low);
}
