import { describe, it, expect } from "vitest";
import {
  DEFAULT_ART,
  LEVEL_IDS,
  engine,
  levelDist,
  lookupLevel,
  odds,
  resolve,
  validate,
  valueDist,
  type PercentileRequest,
} from "../../src/engines/percentile/index.ts";
import { rollWith, seededFaces, type Throw } from "../../src/engines/shared/index.ts";

/** The digit a d10 face reads (10 reads 0), written from docs/rules.md. */
const digit = (face: number): number => (face === 10 ? 0 : face);

/** The value of two digits per docs/rules.md: "00" is 100, otherwise 10·T + O. */
const valueOf = (tens: number, ones: number): number => (tens === 0 && ones === 0 ? 100 : 10 * tens + ones);

/** Calls `visit` with every list of `n` d10 faces (10^n lists). */
function everyFaces(n: number, visit: (faces: number[]) => void): void {
  const faces = new Array<number>(n).fill(1);
  for (;;) {
    visit(faces);
    let i = n - 1;
    while (i >= 0 && faces[i] === 10) faces[i--] = 1;
    if (i < 0) return;
    faces[i] = (faces[i] as number) + 1;
  }
}

/** Value counts of a signed net found by resolving every list of faces through the engine. */
function enumerateResolve(req: PercentileRequest, net: number): Map<number, number> {
  const role = net > 0 ? "bonus" : "penalty";
  const roles = ["tens", "ones", ...Array<string>(Math.abs(net)).fill(role)];
  const counts = new Map<number, number>();
  everyFaces(roles.length, (faces) => {
    const thrown: Throw[] = faces.map((value, i) => ({ faces: 10, role: roles[i] as string, value }));
    const v = resolve(req, thrown).value;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  });
  return counts;
}

/** Value counts of a signed net from the rule written directly (no engine code). */
function enumerateRule(net: number): Map<number, number> {
  const counts = new Map<number, number>();
  everyFaces(2 + Math.abs(net), (faces) => {
    const ones = digit(faces[1] as number);
    let best = valueOf(digit(faces[0] as number), ones);
    for (let i = 2; i < faces.length; i++) {
      const v = valueOf(digit(faces[i] as number), ones);
      if (net > 0 ? v > best : v < best) best = v;
    }
    counts.set(best, (counts.get(best) ?? 0) + 1);
  });
  return counts;
}

/** Checks an odds value distribution against exact counts over `total` equally likely cases. */
function expectMatches(value: Record<string, number>, counts: Map<number, number>, total: number): void {
  for (let v = 1; v <= 100; v++) {
    expect(value[String(v)] ?? 0, `value ${v}`).toBeCloseTo((counts.get(v) ?? 0) / total, 14);
  }
}

describe("percentile odds: exact against brute force", () => {
  it("gives a plain d% every value with chance 1/100", () => {
    const o = odds(validate({ bonus: 0, penalty: 0 }));
    expect(Object.keys(o.value)).toHaveLength(100);
    for (let v = 1; v <= 100; v++) expect(o.value[String(v)]).toBeCloseTo(0.01, 15);
    expect(o.mean).toBeCloseTo(50.5, 12);
    expect(o.remainder).toBe(0);
  });

  for (const net of [-3, -2, -1, 1, 2, 3]) {
    it(`matches every face list resolved by the engine for net ${net}`, () => {
      const req = validate({ bonus: Math.max(0, net), penalty: Math.max(0, -net) });
      const total = 10 ** (2 + Math.abs(net));
      expectMatches(odds(req).value, enumerateResolve(req, net), total);
    });
  }

  for (const net of [-4, 4]) {
    it(`matches the rule enumerated over all 10^6 face lists for net ${net}`, () => {
      const req = validate({ bonus: Math.max(0, net), penalty: Math.max(0, -net) });
      expectMatches(odds(req).value, enumerateRule(net), 10 ** 6);
    });
  }

  it("matches the level distribution and success chance for every column (net +2 and −2)", () => {
    for (const net of [-2, 2]) {
      const counts = enumerateRule(net);
      for (let rating = 0; rating <= 20; rating += 2) {
        const o = odds(validate({ bonus: Math.max(0, net), penalty: Math.max(0, -net), column: rating }));
        const levels = new Map<string, number>();
        for (const [v, n] of counts) {
          const id = lookupLevel(DEFAULT_ART, rating, v).level;
          levels.set(id, (levels.get(id) ?? 0) + n / 1e4);
        }
        for (const id of LEVEL_IDS) expect(o.levels?.[id], `${id} at ${rating}`).toBeCloseTo(levels.get(id) ?? 0, 14);
        const success = LEVEL_IDS.slice(5).reduce((s, id) => s + (levels.get(id) ?? 0), 0);
        expect(o.success).toBeCloseTo(success, 14);
        expect(o.levelsAtLeast?.passable).toBeCloseTo(success, 14);
        expect(o.levelsAtLeast?.catastrophic).toBeCloseTo(1, 14);
        expect(o.column).toBe(DEFAULT_ART.columns.findIndex((c) => rating >= c.min && rating <= c.max));
      }
    }
  });
});

describe("percentile odds: shape and monotony", () => {
  it("sums to 1 and reports no remainder for every net from −5 to +5", () => {
    for (let net = -5; net <= 5; net++) {
      const d = valueDist(net);
      expect(d.mass()).toBeCloseTo(1, 14);
      expect(d.remainder).toBe(0);
      expect(d.p.size).toBe(100);
    }
  });

  it("a bonus die shifts the value up and a penalty die shifts it down (stochastic dominance)", () => {
    for (let net = -20; net < 20; net++) {
      const lower = valueDist(net);
      const higher = valueDist(net + 1);
      for (let t = 2; t <= 100; t++) expect(higher.atLeast(t)).toBeGreaterThanOrEqual(lower.atLeast(t) - 1e-15);
      expect(higher.mean()).toBeGreaterThan(lower.mean());
    }
  });

  it("follows the cap and reports the clamp", () => {
    const clamped = odds(validate({ bonus: 9, penalty: 1 }));
    expect(clamped.net).toBe(5);
    expect(clamped.mode).toBe("bonus");
    expect(clamped.clamped).toEqual({ requested: 8, applied: 5 });
    expect(clamped.value).toEqual(odds(validate({ bonus: 5, penalty: 0 })).value);
    const uncapped = odds(validate({ bonus: 9, penalty: 1, cap: 0 }));
    expect(uncapped.net).toBe(8);
    expect(uncapped.clamped).toBeNull();
    const karma = odds(validate({ bonus: 0, penalty: 1, karmaDice: 3, voluntaryPenalty: 1 }));
    expect(karma.net).toBe(1);
    expect(karma.mode).toBe("bonus");
  });

  it("leaves out the levels without a rating", () => {
    const o = odds(validate({ bonus: 1, penalty: 0 }));
    expect(o).toMatchObject({ column: null, levels: null, levelsAtLeast: null, success: null });
  });

  it("reads the levels on a table given in the request", () => {
    const art = {
      levels: DEFAULT_ART.levels,
      columns: [
        { min: 0, max: 0, ranges: [[1, 1], [2, 2], [3, 3], [4, 4], [5, 49], [50, 99], null, null, null, [100, 100]] },
      ],
    } as unknown as PercentileRequest["art"];
    const o = odds(validate({ bonus: 0, penalty: 0, column: 0, art }));
    expect(o.success).toBeCloseTo(0.51, 14);
    expect(o.levels?.good).toBe(0);
    expect(o.levels?.poor).toBeCloseTo(0.45, 14);
    expect(levelDist(validate({ bonus: 0, penalty: 0, art }).art ?? DEFAULT_ART, 0, valueDist(0))[9]).toBeCloseTo(
      0.01,
      15,
    );
  });

  it("is plain JSON", () => {
    const o = odds(validate({ bonus: 2, penalty: 0, column: 7 }));
    expect(JSON.parse(JSON.stringify(o))).toEqual(o);
  });
});

describe("percentile odds: Monte Carlo", () => {
  // A million rolls take about a second alone; the generous timeout only guards against a busy machine.
  it(
    "agrees with 10^6 seeded rolls within 4σ (bonus 6, penalty 1, karma 1: clamped to +5, rating 9)",
    { timeout: 120_000 },
    () => {
      const req: PercentileRequest = { bonus: 6, penalty: 1, karmaDice: 1, column: 9 };
      const exact = odds(validate(req));
      expect(exact.net).toBe(5);
      const n = 1_000_000;
      const values = new Array<number>(101).fill(0);
      const levels = new Array<number>(LEVEL_IDS.length).fill(0);
      let successes = 0;
      const source = seededFaces(20240611);
      for (let i = 0; i < n; i++) {
        const out = rollWith(engine, req, source);
        values[out.value] = (values[out.value] as number) + 1;
        const level = out.levelIndex as number;
        levels[level] = (levels[level] as number) + 1;
        if (out.success) successes++;
      }
      const within = (count: number, p: number, label: string): void => {
        const sigma = Math.sqrt(n * p * (1 - p));
        expect(Math.abs(count - n * p), label).toBeLessThanOrEqual(4 * sigma + 1e-9);
      };
      for (let v = 1; v <= 100; v++) within(values[v] as number, exact.value[String(v)] ?? 0, `value ${v}`);
      LEVEL_IDS.forEach((id, i) => within(levels[i] as number, exact.levels?.[id] ?? 0, id));
      within(successes, exact.success ?? 0, "success");
    },
  );
});
