/**
 * The dice fairness test (issue 26): the exact p-value (the chance of counts at least as uneven, by
 * Pearson's statistic) equals the sum over every one of the faces^rolls sequences a fair die can
 * give; the chi-square tail matches published critical values; a loaded die is flagged and fair
 * dice are not (only p below 0.001 flags).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  EXACT_LIMIT,
  FLAG_BELOW,
  MIN_EXPECTED,
  chiSquareP,
  exactMultinomialP,
  fairnessOfCounts,
  fairnessTest,
  partitionCount,
} from "../../src/engines/advice.ts";
import { shared } from "../../src/engines/index.ts";

/** The exact p-value by brute force: every sequence of `rolls` faces, each 1 / faces^rolls. */
function bruteP(counts: readonly number[]): number {
  const k = counts.length;
  const n = counts.reduce((a, b) => a + b, 0);
  // Pearson's statistic, Σ (c − n/k)² / (n/k), for the observed counts.
  const pearson = (c: readonly number[]) => c.reduce((s, ci) => s + (ci - n / k) ** 2 / (n / k), 0);
  const observed = pearson(counts);
  let sum = 0;
  const tally = new Array<number>(k).fill(0);
  const seq = new Array<number>(n).fill(0);
  for (;;) {
    tally.fill(0);
    for (const f of seq) tally[f] = (tally[f] as number) + 1;
    if (pearson(tally) >= observed - 1e-9) sum += 1 / k ** n;
    let i = 0;
    while (i < n && seq[i] === k - 1) seq[i++] = 0;
    if (i === n) break;
    seq[i] = (seq[i] as number) + 1;
  }
  return sum;
}

/** Partitions of n into at most k parts, listed. */
function listPartitions(n: number, k: number, max = n): number {
  if (n === 0) return 1;
  if (k === 0) return 0;
  let count = 0;
  for (let c = Math.min(n, max); c >= 1; c--) count += listPartitions(n - c, k - 1, c);
  return count;
}

describe("dice fairness", () => {
  it("gives the exact p-value of every sequence a fair die can give", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((k) =>
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: k, maxLength: k }).filter((c) => {
            const n = c.reduce((a, b) => a + b, 0);
            return n >= 1 && k ** n <= 200_000;
          }),
        ),
        (counts) => {
          expect(Math.abs(exactMultinomialP(counts) - bruteP(counts))).toBeLessThan(1e-10);
        },
      ),
      { numRuns: 60, seed: 2611 },
    );
  });

  it("counts the partitions it lists", () => {
    for (const [n, k] of [
      [10, 3],
      [20, 6],
      [12, 12],
      [30, 4],
    ] as const) {
      expect(partitionCount(n, k)).toBe(listPartitions(n, k));
    }
  });

  it("matches the chi-square table's critical values", () => {
    // Published upper critical values: χ²(5) 11.070 at 0.05 and 20.515 at 0.001; χ²(19) 43.820 at 0.001.
    expect(chiSquareP(11.07, 5)).toBeCloseTo(0.05, 4);
    expect(chiSquareP(20.515, 5)).toBeCloseTo(0.001, 5);
    expect(chiSquareP(43.82, 19)).toBeCloseTo(0.001, 5);
    expect(chiSquareP(0, 9)).toBe(1);
  });

  it("flags a loaded d6 and a loaded d20, not a slightly uneven one", () => {
    // A third of the throws on one face over 60 is uneven but happens to fair dice (p ≈ 0.035).
    const uneven = fairnessOfCounts([8, 8, 8, 8, 8, 20]);
    expect(uneven.pValue as number).toBeGreaterThan(0.03);
    expect(uneven.flagged).toBe(false);
    // A d6 that shows 6 two times in five, over 60 throws: exact test.
    const d6 = fairnessOfCounts([7, 7, 8, 7, 7, 24]);
    expect(d6.method).toBe("exact");
    expect(d6.pValue as number).toBeLessThan(FLAG_BELOW);
    expect(d6.flagged).toBe(true);
    // A d20 that favours 20 (twice a face's share), 200 throws drawn from it: chi-square.
    const uniform = shared.seededUniform(7);
    const faces = Array.from({ length: 200 }, () => {
      const u = uniform() * 21;
      return u >= 20 ? 20 : Math.floor(u) + 1;
    });
    const d20 = fairnessTest(20, faces);
    expect(d20.method).toBe("chiSquare");
    expect(d20.flagged).toBe(true);
  });

  it("does not flag fair dice", () => {
    let flagged = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const source = shared.seededFaces(seed);
      const d6 = fairnessTest(
        6,
        Array.from({ length: 40 }, () => source.next(6)),
      );
      const d10 = fairnessTest(
        10,
        Array.from({ length: 120 }, () => source.next(10)),
      );
      expect(d6.method).toBe("exact");
      expect(d10.method).toBe("chiSquare");
      flagged += Number(d6.flagged) + Number(d10.flagged);
    }
    // 400 tests of fair dice at p < 0.001: about 0.4 expected by chance.
    expect(flagged).toBeLessThanOrEqual(1);
  });

  it("waits for enough throws when neither test applies", () => {
    const few = fairnessOfCounts(new Array<number>(20).fill(3));
    expect(partitionCount(60, 20, EXACT_LIMIT)).toBeGreaterThan(EXACT_LIMIT);
    expect(few).toMatchObject({
      method: "tooFew",
      pValue: null,
      flagged: false,
      tells: false,
      moreRolls: 20 * MIN_EXPECTED - 60,
    });
    // The exact test runs on 12 throws of a d6, but they are too few to tell (5 per face, TELL_PER_FACE).
    expect(fairnessOfCounts([2, 2, 2, 2, 2, 2])).toMatchObject({ method: "exact", tells: false, moreRolls: 18 });
    expect(fairnessOfCounts([5, 5, 5, 5, 5, 5])).toMatchObject({ method: "exact", tells: true, moreRolls: 0 });
    expect(fairnessTest(6, [])).toMatchObject({ method: "tooFew", rolls: 0, flagged: false });
    // Faces that are not on the die are not counted.
    expect(fairnessTest(6, [1, 7, 0, 2.5, 6]).rolls).toBe(2);
  });
});
