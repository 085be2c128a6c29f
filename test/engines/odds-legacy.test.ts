/**
 * The odds after issue 18 against the odds before it (`bench/legacy`), bit for bit: the rewrite
 * changed how the figures are computed (dense arrays, scratch tables, memoised shapes), never
 * which additions and multiplications make them, so every probability, mean and key must be the
 * same double. Checked on the whole benchmark grid and on requests the grid leaves out
 * (modifiers, Willpower, automatic successes, Fate Points, insight rolls, negative totals).
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

describe("odds equal the previous implementation exactly", () => {
  for (const group of oddsGrid()) {
    it(`on the benchmark grid: ${group.name} (${group.cells.length} cells)`, () => {
      for (const cell of group.cells) expectSame(cell.call(), cell.legacy(), cell.label);
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

  it("pi: modifiers, negative and positive, on one die and on many", () => {
    for (const dice of [[8], [4, 12], [6, 6, 10, 12], [12, 10, 8, 6, 4, 4, 6]]) {
      for (const [precisionMod, impactMod] of [
        [0, 0],
        [3, -2],
        [-4, 5],
      ] as const) {
        const r = pi.validate({ pool: dice, precisionMod, impactMod });
        expectSame(pi.odds(r), legacyPi.odds(r), JSON.stringify(r));
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
        expectSame(wild.odds(r), legacyWild.odds(r), JSON.stringify(r));
        expectSame(wild.totalDist(r).toJSON(), legacyWild.totalDist(r).toJSON(), JSON.stringify(r));
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
    for (const r of requests) expectSame(action.odds(r), legacyAction.odds(r), JSON.stringify(r));
  });
});
