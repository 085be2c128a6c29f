import { describe, expect, it } from "vitest";

import {
  chanceAtLeast,
  engine,
  maxMinJoint,
  odds,
  thrownSlots,
  topTwoJoint,
  validate,
} from "../../src/engines/pi/index.ts";
import type { Hindrance, PiPickOdds, PiRequest } from "../../src/engines/pi/index.ts";
import { rollWith, seededFaces } from "../../src/engines/shared/index.ts";

/** "precision,impact" → probability. */
type Cells = Map<string, number>;

/**
 * Brute force, independent of the engine: every face of every thrown die, every pair of dice,
 * the best pair for Precision (largest sum, then largest difference) and for Impact (largest
 * difference, then largest sum), modifiers added.
 */
function bruteForce(request: PiRequest): { precision: Cells; impact: Cells } {
  const slots = thrownSlots(request.pool, request.hindrance ?? "none");
  const dice = slots.map((s) => request.pool[s] as number);
  const pm = request.precisionMod ?? 0;
  const im = request.impactMod ?? 0;
  const weight = 1 / dice.reduce((a, f) => a * f, 1);
  const precision: Cells = new Map();
  const impact: Cells = new Map();
  const add = (cells: Cells, p: number, i: number) => {
    const key = `${p + pm},${i + im}`;
    cells.set(key, (cells.get(key) ?? 0) + weight);
  };
  const faces = dice.map(() => 1);
  for (;;) {
    if (faces.length === 1) {
      add(precision, faces[0] as number, 0);
      add(impact, faces[0] as number, 0);
    } else {
      let bp = [-1, -1];
      let bi = [-1, -1];
      for (let i = 0; i < faces.length; i++) {
        for (let j = i + 1; j < faces.length; j++) {
          const s = (faces[i] as number) + (faces[j] as number);
          const d = Math.abs((faces[i] as number) - (faces[j] as number));
          if (s > (bp[0] as number) || (s === bp[0] && d > (bp[1] as number))) bp = [s, d];
          if (d > (bi[1] as number) || (d === bi[1] && s > (bi[0] as number))) bi = [s, d];
        }
      }
      add(precision, bp[0] as number, bp[1] as number);
      add(impact, bi[0] as number, bi[1] as number);
    }
    let k = 0;
    while (k < faces.length && faces[k] === dice[k]) faces[k++] = 1;
    if (k === faces.length) break;
    faces[k] = (faces[k] as number) + 1;
  }
  return { precision, impact };
}

function cellsOf(pick: PiPickOdds): Cells {
  return new Map(pick.joint.map((c) => [`${c.precision},${c.impact}`, c.probability]));
}

function expectSameCells(actual: Cells, expected: Cells) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, p] of expected) expect(actual.get(key)).toBeCloseTo(p, 13);
}

function brutalAtLeast(cells: Cells, x: number, y: number): number {
  let s = 0;
  for (const [key, p] of cells) {
    const [pr, im] = key.split(",").map(Number) as [number, number];
    if (pr >= x && im >= y) s += p;
  }
  return s;
}

const smallPools: number[][] = [
  [4, 4],
  [4, 6],
  [12, 4],
  [8, 4, 4],
  [6, 6, 6],
  [4, 8, 6],
  [12, 10, 4],
  [4, 4, 6, 8],
  [10, 12, 4, 6],
  [4, 6, 8, 10, 12],
  [6, 6, 4, 6, 4],
];

describe("pi odds: exact, against brute-force enumeration of all faces", () => {
  for (const pool of smallPools) {
    for (const hindrance of ["none", "minor", "major"] as Hindrance[]) {
      it(`pool d${pool.join("/d")}, ${hindrance} hindrance, +1 Precision, −1 Impact`, () => {
        const request = validate({ pool, hindrance, precisionMod: 1, impactMod: -1 });
        const exact = odds(request);
        const brute = bruteForce(request);
        expectSameCells(cellsOf(exact.bestPrecision), brute.precision);
        expectSameCells(cellsOf(exact.bestImpact), brute.impact);
        for (let x = 0; x <= 26; x++) {
          for (let y = -2; y <= 12; y++) {
            expect(chanceAtLeast(exact.bestPrecision, x, y)).toBeCloseTo(brutalAtLeast(brute.precision, x, y), 12);
            expect(chanceAtLeast(exact.bestImpact, x, y)).toBeCloseTo(brutalAtLeast(brute.impact, x, y), 12);
          }
        }
      });
    }
  }

  it("marginals are the joint's sums and total 1; means match", () => {
    const exact = odds(validate({ pool: [10, 8, 6, 6, 4], hindrance: "minor", precisionMod: 2 }));
    for (const pick of [exact.bestPrecision, exact.bestImpact]) {
      const total = pick.joint.reduce((s, c) => s + c.probability, 0);
      expect(total).toBeCloseTo(1, 14);
      for (const [value, p] of Object.entries(pick.precision)) {
        const sum = pick.joint.filter((c) => c.precision === Number(value)).reduce((s, c) => s + c.probability, 0);
        expect(p).toBeCloseTo(sum, 15);
      }
      for (const [value, p] of Object.entries(pick.impact)) {
        const sum = pick.joint.filter((c) => c.impact === Number(value)).reduce((s, c) => s + c.probability, 0);
        expect(p).toBeCloseTo(sum, 15);
      }
      const mean = pick.joint.reduce((s, c) => s + c.precision * c.probability, 0);
      expect(pick.meanPrecision).toBeCloseTo(mean, 12);
    }
    expect(exact.dice).toEqual([10, 8, 6, 6]);
    expect(exact.removedSlot).toBe(4);
    expect(exact.autoFail).toBe(0);
    // Precision and Impact of the best-Precision pick: the two highest dice of 10/8/6/6, +2.
    expect(Math.min(...Object.keys(exact.bestPrecision.precision).map(Number))).toBe(4);
    expect(Math.max(...Object.keys(exact.bestPrecision.precision).map(Number))).toBe(20);
  });

  it("a one-die roll: Precision uniform over the die plus its modifier, Impact the modifier, failure certain unless it lifts Impact", () => {
    const fails = odds(validate({ pool: [8, 4], hindrance: "major", precisionMod: 3 }));
    expect(fails.dice).toEqual([4]);
    expect(fails.bestPrecision.precision).toEqual({ 4: 0.25, 5: 0.25, 6: 0.25, 7: 0.25 });
    expect(fails.bestPrecision.impact).toEqual({ 0: 1 });
    expect(fails.bestImpact).toEqual(fails.bestPrecision);
    expect(fails.autoFail).toBe(1);
    expect(odds(validate({ pool: [8, 4], hindrance: "major", impactMod: 1 })).autoFail).toBe(0);
    expect(odds(validate({ pool: [6] })).autoFail).toBe(1);
  });

  it("order-statistic joints of big pools are proper distributions (10 and 20 dice)", () => {
    for (const pool of [
      [12, 10, 8, 6, 4, 12, 10, 8, 6, 4],
      Array.from({ length: 20 }, (_, i) => [4, 6, 8, 10, 12][i % 5] as number),
    ]) {
      for (const joint of [topTwoJoint(pool), maxMinJoint(pool)]) {
        const total = joint.reduce((s, row) => s + row[2], 0);
        expect(total).toBeCloseTo(1, 13);
        for (const [high, low, p] of joint) {
          expect(high).toBeGreaterThanOrEqual(low);
          expect(p).toBeGreaterThan(0);
        }
      }
    }
    // d12/d4/d4: only the d12 reaches 12, so (12, 12) is impossible, and (12, 4) needs the d12 on 12
    // and at least one d4 on 4: 1/12 × (1 − (3/4)²) = 7/192.
    const rows = topTwoJoint([12, 4, 4]);
    expect(rows.find(([a, b]) => a === 12 && b === 12)).toBeUndefined();
    expect(rows.find(([a, b]) => a === 12 && b === 4)?.[2]).toBeCloseTo(7 / 192, 15);
    // Highest 12 and lowest 1: the d12 on 12 and at least one d4 on 1, again 7/192.
    expect(maxMinJoint([12, 4, 4]).find(([a, b]) => a === 12 && b === 1)?.[2]).toBeCloseTo(7 / 192, 15);
  });
});

describe("pi odds: against 10^6 seeded rolls", () => {
  it("d12/d10/d8/d8/d6/d4/d4, Minorly Hindered, +1 Precision, −1 Impact: every marginal within 4σ", () => {
    const request = validate({ pool: [12, 10, 8, 8, 6, 4, 4], hindrance: "minor", precisionMod: 1, impactMod: -1 });
    const exact = odds(request);
    const n = 1_000_000;
    const source = seededFaces(20260101);
    const counts = {
      bpPrecision: new Map<number, number>(),
      bpImpact: new Map<number, number>(),
      biPrecision: new Map<number, number>(),
      biImpact: new Map<number, number>(),
    };
    const bump = (m: Map<number, number>, v: number) => m.set(v, (m.get(v) ?? 0) + 1);
    let joint = 0; // Precision ≥ 19 and Impact ≥ 3 for the default pick
    let jointImpact = 0; // Precision ≥ 12 and Impact ≥ 8 for the best-Impact pick
    for (let k = 0; k < n; k++) {
      const out = rollWith(engine, request, source);
      bump(counts.bpPrecision, out.precision);
      bump(counts.bpImpact, out.impact);
      bump(counts.biPrecision, out.bestImpact.precision);
      bump(counts.biImpact, out.bestImpact.impact);
      if (out.precision >= 19 && out.impact >= 3) joint++;
      if (out.bestImpact.precision >= 12 && out.bestImpact.impact >= 8) jointImpact++;
    }
    const within = (p: number, count: number) => {
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(count / n - p)).toBeLessThanOrEqual(4 * sigma + 1e-9);
    };
    const check = (dist: Record<string, number>, seen: Map<number, number>) => {
      for (const [value, p] of Object.entries(dist)) within(p, seen.get(Number(value)) ?? 0);
      for (const value of seen.keys()) expect(dist[String(value)]).toBeGreaterThan(0);
    };
    check(exact.bestPrecision.precision, counts.bpPrecision);
    check(exact.bestPrecision.impact, counts.bpImpact);
    check(exact.bestImpact.precision, counts.biPrecision);
    check(exact.bestImpact.impact, counts.biImpact);
    within(chanceAtLeast(exact.bestPrecision, 19, 3), joint);
    within(chanceAtLeast(exact.bestImpact, 12, 8), jointImpact);
  }, 60_000);
});
