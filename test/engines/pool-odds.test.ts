import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BOTCH_DEGREES,
  SUCCESS_DEGREES,
  botchChance,
  botchDegree,
  odds,
  resolve,
  successDegree,
  type PoolOdds,
  type PoolRequest,
} from "../../src/engines/pool/index.ts";
import { type DistributionJSON, type Throw } from "../../src/engines/shared/index.ts";

/** Sums the probabilities of a distribution. */
function total(dist: DistributionJSON): number {
  return Object.values(dist).reduce((a, b) => a + b, 0);
}

/** Exact counts (out of 10^n) of every outcome figure, by resolving every one of the 10^n face lists. */
function bruteForce(req: PoolRequest): {
  net: Map<number, number>;
  level: Map<number, number>;
  results: Map<string, number>;
  degrees: Map<string, number>;
  count: number;
} {
  const n = req.pool;
  const count = 10 ** n;
  const net = new Map<number, number>();
  const level = new Map<number, number>();
  const results = new Map<string, number>();
  const degrees = new Map<string, number>();
  const bump = <K>(m: Map<K, number>, k: K): void => void m.set(k, (m.get(k) ?? 0) + 1);
  const throws: Throw[] = Array.from({ length: n }, () => ({ faces: 10, role: "pool", value: 1 }));
  for (let code = 0; code < count; code++) {
    let rest = code;
    for (let i = 0; i < n; i++) {
      throws[i] = { faces: 10, role: "pool", value: (rest % 10) + 1 };
      rest = Math.floor(rest / 10);
    }
    const out = resolve(req, throws);
    bump(net, out.net);
    bump(level, out.result === "botch" ? out.botchLevel : 0);
    bump(results, out.result);
    if (out.degree !== null) bump(degrees, out.degree);
  }
  return { net, level, results, degrees, count };
}

/** Expects the exact odds to equal the brute-force counts. */
function expectMatchesBruteForce(req: PoolRequest): void {
  const exact = odds(req);
  const brute = bruteForce(req);
  const close = (p: number, c: number | undefined): void =>
    expect(Math.abs(p - (c ?? 0) / brute.count)).toBeLessThan(1e-12);
  const netKeys = new Set([...brute.net.keys(), ...Object.keys(exact.net).map(Number)]);
  for (const k of netKeys) close(exact.net[String(k)] ?? 0, brute.net.get(k));
  const levelKeys = new Set([...brute.level.keys(), ...Object.keys(exact.botchLevel).map(Number)]);
  for (const k of levelKeys) close(exact.botchLevel[String(k)] ?? 0, brute.level.get(k));
  for (const r of ["success", "failure", "botch"] as const) close(exact.results[r], brute.results.get(r));
  for (const d of SUCCESS_DEGREES) close(exact.successDegrees[d], brute.degrees.get(d));
  for (const d of BOTCH_DEGREES) close(exact.botchDegrees[d], brute.degrees.get(d));
  close(exact.pSuccess, brute.results.get("success"));
  close(exact.pBotch, brute.results.get("botch"));
  let mean = 0;
  for (const [k, c] of brute.net) mean += (k * c) / brute.count;
  expect(Math.abs(exact.expectedNet - mean)).toBeLessThan(1e-12);
  if (!req.willpower)
    close(botchChance(req.pool, req.difficulty ?? 6, req.cancellation ?? 0), brute.results.get("botch"));
}

describe("pool odds: exact against brute force over all 10^n faces", () => {
  it("every difficulty, cancellation and Willpower choice for 1 to 3 dice", () => {
    for (let pool = 1; pool <= 3; pool++)
      for (let difficulty = 2; difficulty <= 10; difficulty++)
        for (const cancellation of [0, 1, 2] as const)
          for (const willpower of [false, true]) expectMatchesBruteForce({ pool, difficulty, cancellation, willpower });
  });

  it("4 dice at difficulties 2, 6, 7 and 10 with every cancellation and Willpower choice", () => {
    for (const difficulty of [2, 6, 7, 10])
      for (const cancellation of [0, 1, 2] as const)
        for (const willpower of [false, true])
          expectMatchesBruteForce({ pool: 4, difficulty, cancellation, willpower });
  });

  it("5 dice at difficulty 6 and 10 without cancellation, and at difficulty 8 with two 1s ignored and Willpower", () => {
    expectMatchesBruteForce({ pool: 5, difficulty: 6 });
    expectMatchesBruteForce({ pool: 5, difficulty: 10 });
    expectMatchesBruteForce({ pool: 5, difficulty: 8, cancellation: 2, willpower: true });
  });
});

describe("pool odds: against closed forms worked by hand", () => {
  it("one die at difficulty 6: success 1/2, botch 1/10, failure 2/5", () => {
    const o = odds({ pool: 1, difficulty: 6 });
    expect(o.pSuccess).toBeCloseTo(0.5, 15);
    expect(o.pBotch).toBeCloseTo(0.1, 15);
    expect(o.results.failure).toBeCloseTo(0.4, 15);
    expect(o.net).toEqual({ "0": expect.closeTo(0.5, 15) as number, "1": expect.closeTo(0.5, 15) as number });
  });

  it("without cancellation, P(botch) = P(no success) − P(neither success nor 1) = (1 − pS)^n − pX^n", () => {
    for (let n = 1; n <= 30; n++) {
      for (let d = 2; d <= 10; d++) {
        const pS = (11 - d) / 10;
        const pX = (d - 2) / 10;
        const expected = (1 - pS) ** n - pX ** n;
        expect(Math.abs(odds({ pool: n, difficulty: d }).pBotch - expected)).toBeLessThan(1e-14);
        expect(Math.abs(botchChance(n, d) - expected)).toBeLessThan(1e-14);
      }
    }
  });

  it("at difficulty 2 every face but 1 succeeds: P(net ≥ 1) for 2 dice is 1 − P(at least one 1) = 0.81", () => {
    // Two dice net ≥ 1 only when neither is a 1 (a single 1 cancels the other die's success).
    expect(odds({ pool: 2, difficulty: 2 }).pSuccess).toBeCloseTo(0.81, 14);
  });

  it("an automatic success is certain and marginal", () => {
    const o = odds({ pool: 8, difficulty: 8, automatic: true });
    expect(o).toMatchObject({ automatic: true, net: { "1": 1 }, pSuccess: 1, pBotch: 0, expectedNet: 1 });
    expect(o.successDegrees.marginal).toBe(1);
  });

  it("Willpower rules a botch out and shifts the net distribution up by one", () => {
    for (const [pool, difficulty] of [
      [3, 6],
      [12, 8],
      [20, 10],
    ] as const) {
      const without = odds({ pool, difficulty });
      const withWp = odds({ pool, difficulty, willpower: true });
      expect(withWp.pBotch).toBe(0);
      expect(withWp.pSuccess).toBeCloseTo(1, 14);
      for (const [k, p] of Object.entries(without.net)) expect(withWp.net[String(Number(k) + 1)]).toBeCloseTo(p, 14);
    }
  });
});

describe("pool odds: properties", () => {
  const request = fc.record({
    pool: fc.integer({ min: 1, max: 40 }),
    difficulty: fc.integer({ min: 2, max: 10 }),
    cancellation: fc.constantFrom(0 as const, 1 as const, 2 as const),
    willpower: fc.boolean(),
  });

  it("every distribution sums to 1, and the results, degrees and distributions agree", () => {
    fc.assert(
      fc.property(request, (req) => {
        const o: PoolOdds = odds(req);
        expect(total(o.net)).toBeCloseTo(1, 12);
        expect(total(o.botchLevel)).toBeCloseTo(1, 12);
        expect(o.results.success + o.results.failure + o.results.botch).toBeCloseTo(1, 12);
        expect(total(o.successDegrees)).toBeCloseTo(o.pSuccess, 12);
        expect(total(o.botchDegrees)).toBeCloseTo(o.pBotch, 12);
        expect(1 - (o.net["0"] ?? 0)).toBeCloseTo(o.pSuccess, 12);
        expect(1 - (o.botchLevel["0"] ?? 0)).toBeCloseTo(o.pBotch, 12);
        let byNet = 0;
        for (const [k, p] of Object.entries(o.net)) if (successDegree(Number(k)) === "phenomenal") byNet += p;
        expect(o.successDegrees.phenomenal).toBeCloseTo(byNet, 12);
        let byLevel = 0;
        for (const [k, p] of Object.entries(o.botchLevel)) if (botchDegree(Number(k)) === "catastrophic") byLevel += p;
        expect(o.botchDegrees.catastrophic).toBeCloseTo(byLevel, 12);
      }),
    );
  });

  it("a larger botch cancellation never raises P(botch)", () => {
    fc.assert(
      fc.property(request, ({ pool, difficulty }) => {
        const [c0, c1, c2] = ([0, 1, 2] as const).map((c) => botchChance(pool, difficulty, c)) as [
          number,
          number,
          number,
        ];
        expect(c1).toBeLessThanOrEqual(c0);
        expect(c2).toBeLessThanOrEqual(c1);
      }),
    );
  });

  it("a lower difficulty never lowers P(success) (every success at d is one at d − 1)", () => {
    fc.assert(
      fc.property(request, ({ pool, difficulty, cancellation }) => {
        fc.pre(difficulty > 2);
        const harder = odds({ pool, difficulty, cancellation }).pSuccess;
        const easier = odds({ pool, difficulty: difficulty - 1, cancellation }).pSuccess;
        expect(easier).toBeGreaterThanOrEqual(harder - 1e-15);
      }),
    );
  });
});

describe("pool odds: 'larger pools can botch more' (RULES §5), stated exactly", () => {
  // With no cancellation, f(n) = a^n − b^n where a = P(no success) and b = P(neither success nor 1).
  // f(n + 1) > f(n) exactly when (b / a)^n > pS / (pS + pO), and the left side falls as n grows:
  // so P(botch) rises with the pool up to a peak and falls after it. The peak is at one die for
  // difficulty ≤ 6 (b/a ≤ pS/(pS+pO) already at n = 1, i.e. pX ≤ pS), and worked by hand:
  // difficulty 7 → 2 dice, 8 → 2 dice, 9 → 4 dice, 10 → 6 dice.
  const peaks: Record<number, number> = { 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 4, 10: 6 };

  for (const [difficulty, peak] of Object.entries(peaks).map(([d, p]) => [Number(d), p] as const)) {
    it(`difficulty ${difficulty}: P(botch) rises up to ${peak} ${peak === 1 ? "die" : "dice"} and falls after`, () => {
      for (let n = 1; n < 40; n++) {
        const here = botchChance(n, difficulty);
        const next = botchChance(n + 1, difficulty);
        if (n < peak) expect(next).toBeGreaterThan(here);
        else expect(next).toBeLessThan(here);
      }
    });
  }

  it("at difficulty 10, six dice botch more often than one: 0.9^6 − 0.8^6 > 0.1", () => {
    expect(botchChance(6, 10)).toBeCloseTo(0.9 ** 6 - 0.8 ** 6, 15);
    expect(botchChance(6, 10)).toBeGreaterThan(2.5 * botchChance(1, 10));
  });
});
