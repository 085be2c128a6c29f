import { describe, expect, it } from "vitest";
import { EPSILON, rollWith, seededFaces, type Throw } from "../../src/engines/shared/index.ts";
import {
  chanceAtLeast,
  engine,
  odds,
  plan,
  resolve,
  totalDist,
  validate,
  type WildRequest,
} from "../../src/engines/wild/index.ts";

/** Leaves of the throw tree below this probability are not followed (their mass is counted as lost). */
const CUT = 1e-12;

interface Enumeration {
  readonly total: Map<number, number>;
  readonly lost: number;
  readonly criticalSuccess: number;
  readonly criticalFailure: number;
  readonly catastrophicFailure: number;
}

/**
 * Brute force: every face of every die the plan asks for, one die at a time, down to leaves of
 * probability CUT; each complete roll is resolved and weighted by its probability.
 */
function enumerate(request: WildRequest): Enumeration {
  const req = validate(request);
  const total = new Map<number, number>();
  let lost = 0;
  let cs = 0;
  let cf = 0;
  let cat = 0;
  const thrown: Throw[] = [];
  const walk = (p: number): void => {
    const missing = plan(req, thrown);
    const next = missing[0];
    if (next === undefined) {
      const o = resolve(req, thrown);
      total.set(o.total, (total.get(o.total) ?? 0) + p);
      if (o.criticalSuccess) cs += p;
      if (o.criticalFailure) cf += p;
      if (o.catastrophicFailure) cat += p;
      return;
    }
    if (p < CUT) {
      lost += p;
      return;
    }
    for (let f = 1; f <= next.faces; f++) {
      thrown.push({ faces: next.faces, role: next.role, value: f });
      walk(p / next.faces);
      thrown.pop();
    }
  };
  walk(1);
  return { total, lost, criticalSuccess: cs, criticalFailure: cf, catastrophicFailure: cat };
}

function expectMatches(request: WildRequest): void {
  const e = enumerate(request);
  const o = odds(validate(request));
  const values = new Set([...e.total.keys(), ...Object.keys(o.total).map(Number)]);
  for (const v of values) {
    const exact = o.total[String(v)] ?? 0;
    const brute = e.total.get(v) ?? 0;
    // The brute force misses at most `lost` in all, the odds at most `remainder`.
    expect(Math.abs(exact - brute)).toBeLessThanOrEqual(e.lost + o.remainder + 1e-13);
  }
  expect(Math.abs(o.criticalSuccess - e.criticalSuccess)).toBeLessThanOrEqual(e.lost + 1e-13);
  expect(Math.abs(o.criticalFailure - e.criticalFailure)).toBeLessThanOrEqual(e.lost + 1e-13);
  expect(Math.abs(o.catastrophicFailure - e.catastrophicFailure)).toBeLessThanOrEqual(e.lost + 1e-13);
}

describe("wild odds: exact against brute-force enumeration of all faces", () => {
  it.each<[string, WildRequest]>([
    ["1D", { dice: 1 }],
    ["1D, first 1 counts as nothing", { dice: 1, firstOneCounts: false }],
    ["2D+1", { dice: 2, pips: 1 }],
    ["3D-2", { dice: 3, pips: -2 }],
    ["1D with 1 Character Point", { dice: 1, characterPoints: 1 }],
    ["1D+1 with 2 Character Points", { dice: 1, pips: 1, characterPoints: 2 }],
    ["1D+1 with a Fate Point and +1D+2 outside", { dice: 1, pips: 1, outsideDice: 1, outsidePips: 2, fatePoint: true }],
    ["2D with a Fate Point, first 1 counts as nothing", { dice: 2, fatePoint: true, firstOneCounts: false }],
  ])("%s", (_name, request) => {
    expectMatches(request);
  });
});

describe("wild odds: figures derived by hand from docs/rules.md §3", () => {
  it("1D: P(15) = P(Wild 6, 6, 3) = 1/216", () => {
    expect(odds({ dice: 1 }).total["15"]).toBeCloseTo(1 / 216, 15);
  });

  it("1D: P(0) = P(Wild 1, then 1) = 1/36; P(−11) = P(1, 6, 6) = 1/216", () => {
    const o = odds({ dice: 1 });
    expect(o.total["0"]).toBeCloseTo(1 / 36, 15);
    expect(o.total["-11"]).toBeCloseTo(1 / 216, 15);
    expect(o.min).toBe(-11);
  });

  it("1D, first 1 counts as nothing: P(−12) = 1/216 and the lowest total is −12", () => {
    const o = odds({ dice: 1, firstOneCounts: false });
    expect(o.total["-12"]).toBeCloseTo(1 / 216, 15);
    expect(o.min).toBe(-12);
  });

  it("P(critical failure) = 1/6, P(catastrophic failure) = 1/36, P(critical success) = 1/6", () => {
    const o = odds({ dice: 4, characterPoints: 3 });
    expect(o.criticalFailure).toBe(1 / 6);
    expect(o.catastrophicFailure).toBe(1 / 36);
    expect(o.criticalSuccess).toBe(1 / 6);
  });

  it("the mean follows from linearity: 3.5 per normal die, 4.2 per exploding die, the Wild Die chain", () => {
    const explode = 3.5 / (1 - 1 / 6); // E[X] = 3.5 + E[X]/6
    const subtract = (1 + 2 + 3 + 4 + 5) / 6 + (6 + 3.5) / 6;
    const wild = (first: number): number => (2 + 3 + 4 + 5) / 6 + (6 + explode) / 6 + (first - subtract) / 6;
    const cases: [WildRequest, number][] = [
      [{ dice: 12, characterPoints: 5 }, 11 * 3.5 + wild(1) + 5 * explode],
      [{ dice: 12, pips: 2, fatePoint: true, outsideDice: 3, outsidePips: 1 }, 26 * 3.5 + wild(1) + 5],
      [{ dice: 5, firstOneCounts: false }, 4 * 3.5 + wild(0)],
    ];
    for (const [request, mean] of cases) expect(odds(validate(request)).mean).toBeCloseTo(mean, 10);
  });

  it("a Fate Point doubles character dice and pips, not outside ones: 2D+1 +1D+1 with FP ≡ 4D+2 +1D+1", () => {
    const a = odds(validate({ dice: 2, pips: 1, outsideDice: 1, outsidePips: 1, fatePoint: true }));
    const b = odds(validate({ dice: 4, pips: 2, outsideDice: 1, outsidePips: 1 }));
    expect(a.total).toEqual(b.total);
  });

  it("masses add up to one, and the reported remainder is below 1e-14", () => {
    for (const request of [{ dice: 1 }, { dice: 12, characterPoints: 5 }, { dice: 12, fatePoint: true }]) {
      const o = odds(validate(request));
      const mass = Object.values(o.total).reduce((a, b) => a + b, 0);
      expect(Math.abs(mass + o.remainder - 1)).toBeLessThan(1e-12);
      expect(o.remainder).toBeGreaterThan(0);
      expect(o.remainder).toBeLessThan(1e-14);
      expect(o.remainder).toBeLessThanOrEqual((1 + 5) * EPSILON);
    }
  });

  it("atLeast is P(total ≥ t), non-increasing, and chanceAtLeast reads it for any t", () => {
    const o = odds(validate({ dice: 3, pips: 1, characterPoints: 1 }));
    const d = totalDist(validate({ dice: 3, pips: 1, characterPoints: 1 }));
    let prev = 1;
    for (let t = o.min; t <= o.max; t++) {
      const p = o.atLeast[String(t)] ?? Number.NaN;
      expect(p).toBeCloseTo(d.atLeast(t), 12);
      expect(p).toBeLessThanOrEqual(prev + 1e-15);
      prev = p;
      expect(chanceAtLeast(o, t)).toBe(p);
    }
    expect(chanceAtLeast(o, o.min - 10)).toBeCloseTo(1, 12);
    expect(chanceAtLeast(o, o.max + 1)).toBe(0);
    expect(chanceAtLeast(o, 10.5)).toBe(o.atLeast["11"]);
  });

  it("odds are plain JSON", () => {
    const o = odds(validate({ dice: 4, characterPoints: 2 }));
    expect(JSON.parse(JSON.stringify(o))).toEqual(o);
  });
});

describe("wild odds: 10^6 seeded rolls agree within 4σ", () => {
  it("4D+2 with +1D outside and 2 Character Points", () => {
    const request = validate({ dice: 4, pips: 2, outsideDice: 1, characterPoints: 2 });
    const o = odds(request);
    const n = 1_000_000;
    const source = seededFaces(20261122);
    const counts = new Map<number, number>();
    let cf = 0;
    let cat = 0;
    let cs = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const r = rollWith(engine, request, source);
      counts.set(r.total, (counts.get(r.total) ?? 0) + 1);
      sum += r.total;
      if (r.criticalFailure) cf++;
      if (r.catastrophicFailure) cat++;
      if (r.criticalSuccess) cs++;
    }
    const within = (observed: number, p: number): void => {
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(observed / n - p)).toBeLessThanOrEqual(4 * sigma + 1 / n);
    };
    for (const [v, p] of Object.entries(o.total)) if (p > 1e-5) within(counts.get(Number(v)) ?? 0, p);
    within(cf, o.criticalFailure);
    within(cat, o.catastrophicFailure);
    within(cs, o.criticalSuccess);
    let variance = 0;
    for (const [v, p] of Object.entries(o.total)) variance += p * (Number(v) - o.mean) ** 2;
    expect(Math.abs(sum / n - o.mean)).toBeLessThanOrEqual(4 * Math.sqrt(variance / n));
  }, 60_000);
});
