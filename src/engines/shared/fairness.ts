/**
 * Are physical dice fair? A goodness-of-fit test of the faces entered by hand for one die size
 * against a fair die (issue 26): the exact multinomial test (by Pearson's statistic) while the counts
 * are few enough to list every way they could fall, else the chi-square test once every face is expected at least
 * {@link MIN_EXPECTED} times, else no test yet. A die is flagged only at p below {@link FLAG_BELOW}:
 * with a fair die that happens once in a thousand tests, so a flag is a reason to look at the die,
 * never proof.
 */

/** The p-value below which a die is flagged. */
export const FLAG_BELOW = 0.001;

/** The expected count of every face from which the chi-square approximation is used. */
export const MIN_EXPECTED = 5;

/**
 * The throws per face below which the report says "too few throws to tell" rather than give a
 * p-value (the same count the chi-square test needs): with fewer, a fair die and one loaded by a
 * few per cent give p-values alike (15 throws of a d20 cannot tell them apart), so a bare p-value
 * would read as a verdict it is not. Counts so uneven that they are flagged are reported at any count.
 */
export const TELL_PER_FACE = MIN_EXPECTED;

/** The most ways of sharing the rolls between faces (partitions) the exact test lists. */
export const EXACT_LIMIT = 100_000;

/** Which test gave the p-value. */
export type FairnessMethod = "exact" | "chiSquare" | "tooFew";

/** The test of one die size's entered faces. */
export interface FairnessResult {
  /** The die size. */
  readonly faces: number;
  /** How often each face was entered, face 1 first. */
  readonly counts: readonly number[];
  /** How many faces were entered. */
  readonly rolls: number;
  /** The test used: exact, chi-square, or none yet (too few rolls for either). */
  readonly method: FairnessMethod;
  /** Pearson's statistic Σ (count − expected)² / expected, or `null` without rolls. */
  readonly chiSquare: number | null;
  /** The chance a fair die gives counts at least this uneven, or `null` without a test. */
  readonly pValue: number | null;
  /** True when p is below {@link FLAG_BELOW}. */
  readonly flagged: boolean;
  /**
   * Whether there are enough throws to tell ({@link TELL_PER_FACE} per face), or the counts are flagged:
   * only then is the p-value worth showing.
   */
  readonly tells: boolean;
  /** How many more rolls it takes to tell (see `tells`), else 0. */
  readonly moreRolls: number;
}

/** ln(n!) for n up to `n`, by summing logarithms (accurate to a few units in the last place). */
function logFactorials(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) out[i] = (out[i - 1] as number) + Math.log(i);
  return out;
}

/** The number of partitions of n into at most k parts, stopping once it passes `limit`. */
export function partitionCount(n: number, k: number, limit = Infinity): number {
  // p[m] over parts of size at most j, for j = 1 … k (a partition into at most k parts ↔ parts of size at most k).
  const p = new Float64Array(n + 1);
  p[0] = 1;
  for (let j = 1; j <= k; j++) {
    for (let m = j; m <= n; m++) p[m] = (p[m] as number) + (p[m - j] as number);
    if ((p[n] as number) > limit) return p[n] as number;
  }
  return p[n] as number;
}

/**
 * The exact multinomial test against a fair die: the chance that a fair die shares the same number
 * of rolls out between its faces at least as unevenly as observed, unevenness measured by Pearson's
 * statistic (for equal chances, by Σ count², an integer, so ties are exact). Every arrangement of the
 * same counts is equally likely, so the sum runs over partitions of the rolls into at most `faces`
 * parts, each weighted by its number of arrangements. Measured this way the exact test and the
 * chi-square test (its large-count approximation) answer the same question.
 *
 * @param counts - The count of each face.
 */
export function exactMultinomialP(counts: readonly number[]): number {
  const k = counts.length;
  const n = counts.reduce((s, c) => s + c, 0);
  const lf = logFactorials(Math.max(n, k));
  const logBase = (lf[n] as number) - n * Math.log(k);
  const observed = counts.reduce((s, c) => s + c * c, 0);
  if (k === 0) return 1;
  let p = 0;
  const parts = new Array<number>(k).fill(0);
  // Lists the partitions λ₁ ≥ λ₂ ≥ … ≥ λ_k ≥ 0 of n depth first, carrying Σ λ² so far. The walk keeps its
  // own stack (one level per face), so a die of many faces never nests a call per face (issue 41, fault 5).
  const candidate = new Float64Array(k);
  const left = new Float64Array(k);
  const max = new Float64Array(k);
  const squares = new Float64Array(k);
  left[0] = n;
  max[0] = n;
  candidate[0] = n;
  let i = 0;
  while (i >= 0) {
    if (i === k - 1) {
      const rest = left[i] as number;
      if (rest <= (max[i] as number) && (squares[i] as number) + rest * rest >= observed) {
        parts[i] = rest;
        // P(one arrangement) = n! / Π λᵢ! / kⁿ; arrangements = k! / Π (multiplicity of each value)!.
        let log = logBase + (lf[k] as number);
        let run = 1;
        for (let j = 0; j < k; j++) {
          log -= lf[parts[j] as number] as number;
          if (j + 1 < k && parts[j + 1] === parts[j]) run++;
          else {
            log -= lf[run] as number;
            run = 1;
          }
        }
        p += Math.exp(log);
      }
      i--;
      if (i >= 0) candidate[i] = (candidate[i] as number) - 1;
      continue;
    }
    const c = candidate[i] as number;
    // λᵢ at least ⌈left / slots⌉ (the rest cannot exceed it), at most min(max, left).
    if (c * (k - i) < (left[i] as number)) {
      i--;
      if (i >= 0) candidate[i] = (candidate[i] as number) - 1;
      continue;
    }
    parts[i] = c;
    left[i + 1] = (left[i] as number) - c;
    max[i + 1] = c;
    squares[i + 1] = (squares[i] as number) + c * c;
    candidate[i + 1] = Math.min(c, left[i + 1] as number);
    i++;
  }
  return Math.min(1, p);
}

/** ln Γ(x) for positive x (Lanczos, g = 7, nine terms: about 15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a): by its series below
 * x = a + 1 and by its continued fraction above (each to full double precision).
 */
export function upperGammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return Math.max(0, 1 - sum * Math.exp(lead));
  }
  // Lentz's method for the continued fraction.
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.min(1, Math.exp(lead) * h);
}

/**
 * The chi-square test's p-value: P(χ² with `df` degrees of freedom ≥ `statistic`).
 *
 * @param statistic - Pearson's statistic.
 * @param df - The degrees of freedom (faces − 1).
 */
export function chiSquareP(statistic: number, df: number): number {
  return upperGammaQ(df / 2, statistic / 2);
}

/**
 * Tests one die size's entered faces against a fair die.
 *
 * @param faces - The die size (2 or more).
 * @param values - Every face entered (1 to `faces`; anything else is ignored).
 */
export function fairnessTest(faces: number, values: readonly number[]): FairnessResult {
  const counts = new Array<number>(faces).fill(0);
  for (const v of values)
    if (Number.isInteger(v) && v >= 1 && v <= faces) counts[v - 1] = (counts[v - 1] as number) + 1;
  return fairnessOfCounts(counts);
}

/**
 * Tests the counts of each face (face 1 first) against a fair die: exact while the partitions of the
 * rolls number at most {@link EXACT_LIMIT}, else chi-square once every face is expected
 * {@link MIN_EXPECTED} times, else no test yet.
 *
 * @param counts - How often each face came up.
 */
export function fairnessOfCounts(counts: readonly number[]): FairnessResult {
  const faces = counts.length;
  const rolls = counts.reduce((s, c) => s + c, 0);
  const expected = rolls / faces;
  const chiSquare = rolls === 0 ? null : counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  const base = { faces, counts: [...counts], rolls, chiSquare };
  const tellAt = TELL_PER_FACE * faces;
  if (faces < 2 || rolls === 0) {
    return {
      ...base,
      method: "tooFew",
      pValue: null,
      flagged: false,
      tells: false,
      moreRolls: Math.max(1, tellAt - rolls),
    };
  }
  let method: FairnessMethod;
  let pValue: number;
  if (partitionCount(rolls, faces, EXACT_LIMIT) <= EXACT_LIMIT) {
    method = "exact";
    pValue = exactMultinomialP(counts);
  } else if (expected >= MIN_EXPECTED) {
    method = "chiSquare";
    pValue = chiSquareP(chiSquare as number, faces - 1);
  } else {
    return { ...base, method: "tooFew", pValue: null, flagged: false, tells: false, moreRolls: tellAt - rolls };
  }
  const flagged = pValue < FLAG_BELOW;
  const tells = flagged || rolls >= tellAt;
  return { ...base, method, pValue, flagged, tells, moreRolls: tells ? 0 : tellAt - rolls };
}
