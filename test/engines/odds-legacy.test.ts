/**
 * The odds after issue 18 against the odds before it (`bench/legacy`), on the whole benchmark grid
 * and on requests the grid leaves out (modifiers, Willpower, automatic successes, Fate Points,
 * insight rolls, negative totals).
 *
 * Pool, percentile and the lone cascade are computed with the same additions and multiplications
 * in the same order as before (dense arrays, scratch tables, memoised shapes): every probability,
 * mean and key must be the same double.
 *
 * Three are computed another exact way since issue 18 (first calls within 1 ms):
 * - a d20 roll with augments: P(success) and P(failed by 5) from the totals below the DC with the
 *   cascades' closed-form tails, instead of summing the whole truncated distribution;
 * - the Wild Die: the normal dice and every chain's last throw as exact counts, and the chains' 6s
 *   by their closed-form law (negative binomial), instead of convolving truncated chains;
 * - Precision & Impact: the joint tables as exact counts of faces (differences of closed-form
 *   cumulative counts), each probability one division, instead of a product per die.
 * Their figures are compared within {@link RELATIVE} of the old figure, plus {@link ABSOLUTE}, plus
 * the old odds' own `remainder`:
 * - relative 1e-12: a double holds about 16 significant digits and the sums here take up to a few
 *   thousand terms, each adding at most one rounding (1.1e-16 relative), so 1e-12 is some ten times
 *   the worst rounding, while any error of arithmetic (a wrong or missing term) is far larger;
 * - absolute 1e-15 (plus `remainder`): a relative bound means nothing for probabilities near 0
 *   (where both are within a rounding of a figure near 1, 1.1e-16, of the truth), and the old odds
 *   cut every explosion chain once its chance fell below EPSILON (1e-15), leaving out up to
 *   `remainder` of the mass (below 1e-14), which the new figures count exactly: a far tail such as
 *   P(total ≥ 114) of a Wild Die with 5 Character Points (2.6e-9) was 1.4e-15 short.
 * The structure (every key, in order, and every non-numeric value) must still be the same.
 */
import { describe, expect, it } from "vitest";

import { oddsGrid } from "../../bench/grid.ts";
import * as legacyAction from "../../bench/legacy/action.ts";
import * as legacyPercentile from "../../bench/legacy/percentile.ts";
import * as legacyPi from "../../bench/legacy/pi.ts";
import * as legacyPool from "../../bench/legacy/pool.ts";
import * as legacyWild from "../../bench/legacy/wild.ts";
import { action, percentile, pi, pool, wild } from "../../src/engines/index.ts";

/** Same structure and the same doubles (`toStrictEqual` compares numbers with `Object.is`), and the same key order. */
function expectSame(now: unknown, before: unknown, label: string): void {
  expect(now, label).toStrictEqual(before);
  expect(JSON.stringify(now), label).toBe(JSON.stringify(before));
}

/** The relative tolerance of the odds computed another exact way (see the file's header). */
const RELATIVE = 1e-12;
/** The absolute tolerance added to it, for probabilities near 0 (see the file's header). */
const ABSOLUTE = 1e-15;

/**
 * Same structure (every key in the same order, the same strings, booleans and nulls) and every
 * number within {@link RELATIVE} of the old one plus {@link ABSOLUTE} plus the old odds'
 * `remainder` (the mass their cut chains left out; 0 where there is none).
 */
function expectClose(now: unknown, before: unknown, label: string): void {
  const a: unknown = JSON.parse(JSON.stringify(now));
  const b: unknown = JSON.parse(JSON.stringify(before));
  const left = (b as { remainder?: unknown }).remainder;
  const absolute = ABSOLUTE + (typeof left === "number" ? left : 0);
  const walk = (x: unknown, y: unknown, path: string): void => {
    if (typeof x === "number" && typeof y === "number") {
      if (!(Math.abs(x - y) <= RELATIVE * Math.abs(y) + absolute)) expect(x, path).toBe(y);
      return;
    }
    if (typeof x !== "object" || x === null || typeof y !== "object" || y === null) {
      expect(x, path).toBe(y);
      return;
    }
    expect(Object.keys(x), path).toEqual(Object.keys(y));
    for (const key of Object.keys(x)) {
      walk((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key], `${path}.${key}`);
    }
  };
  walk(a, b, label);
}

/** The groups of the grid computed another exact way, compared with {@link expectClose}. */
const COMPUTED_ANOTHER_WAY = new Set(["wild", "pi", "action d20 + augments", "action, many augments (stress)"]);

describe("odds equal the previous implementation (bit for bit, or within a few ulps where computed another way)", () => {
  for (const group of oddsGrid()) {
    it(`on the benchmark grid: ${group.name} (${group.cells.length} cells)`, () => {
      const check = COMPUTED_ANOTHER_WAY.has(group.name) ? expectClose : expectSame;
      for (const cell of group.cells) check(cell.call(), cell.legacy(), cell.label);
    });
  }

  it("percentile: without a rating, cancelled, raised cap, karma dice, voluntary penalty", () => {
    const requests = [
      percentile.validate({ bonus: 2, penalty: 0 }),
      percentile.validate({ bonus: 2, penalty: 7, column: 55 }),
      percentile.validate({ bonus: 9, penalty: 0, column: -3, cap: 12 }),
      percentile.validate({ bonus: 0, penalty: 1, column: 8, karmaDice: 1, voluntaryPenalty: 2 }),
    ];
    for (const r of requests) expectSame(percentile.odds(r), legacyPercentile.odds(r), JSON.stringify(r));
  });

  it("pool: Willpower, automatic success, every cancellation", () => {
    for (const willpower of [false, true]) {
      for (const difficulty of [2, 6, 10]) {
        for (const cancellation of [0, 1, 2] as const) {
          for (const size of [1, 5, 17, 50]) {
            const r: pool.PoolRequest = { pool: size, difficulty, cancellation, willpower };
            expectSame(pool.odds(r), legacyPool.odds(r), JSON.stringify(r));
          }
        }
      }
    }
    const automatic: pool.PoolRequest = { pool: 7, difficulty: 6, automatic: true };
    expectSame(pool.odds(automatic), legacyPool.odds(automatic), "automatic");
  });

  it("pi: modifiers, negative and positive, on one die and on many, and pools too large to count exactly", () => {
    const large = [
      new Array<number>(16).fill(12),
      [12, 10, 8, 6, 4, 12, 10, 8, 6, 4, 12, 10, 8, 6, 4, 12, 10, 8, 6, 4],
    ];
    for (const dice of [[8], [4, 12], [6, 6, 10, 12], [12, 10, 8, 6, 4, 4, 6], ...large]) {
      for (const [precisionMod, impactMod] of [
        [0, 0],
        [3, -2],
        [-4, 5],
      ] as const) {
        const r = pi.validate({ pool: dice, precisionMod, impactMod });
        expectClose(pi.odds(r), legacyPi.odds(r), JSON.stringify(r));
      }
    }
  });

  it("wild: pips, a Fate Point, Character Points, the first 1 not counting", () => {
    for (const firstOneCounts of [true, false]) {
      for (const r of [
        { dice: 1, pips: 2, firstOneCounts },
        { dice: 3, pips: 1, characterPoints: 2, firstOneCounts },
        // A Fate Point and Character Points never go on one roll (RULES §3): the odds refuse that.
        { dice: 5, fatePoint: true, outsideDice: 1, outsidePips: 2, firstOneCounts },
        { dice: 1, pips: -2, firstOneCounts },
      ] as wild.WildRequest[]) {
        expectClose(wild.odds(r), legacyWild.odds(r), JSON.stringify(r));
        const dist = wild.totalDist(r);
        const before = legacyWild.totalDist(r);
        expectClose(
          { ...dist.toJSON(), remainder: dist.remainder },
          { ...before.toJSON(), remainder: before.remainder },
          JSON.stringify(r),
        );
      }
    }
  });

  it("action: insight rolls, no DC, negative modifiers, a memoised list asked again with another DC", () => {
    const requests: action.ActionRequest[] = [
      { kind: "insight", level: 4, modifier: 1, augments: [6, 10] },
      { kind: "attack", modifier: -7, augments: [3] },
      { kind: "save", modifier: 2, dc: 12, augments: [6, 10] },
      { kind: "check", modifier: 0, dc: 30, augments: [10, 6] },
      { kind: "check", modifier: 0, dc: 22, augments: [6, 10], botchRange: 3 },
    ];
    for (const r of requests) expectClose(action.odds(r), legacyAction.odds(r), JSON.stringify(r));
  });
});
