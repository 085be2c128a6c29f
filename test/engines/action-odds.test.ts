import { describe, expect, it } from "vitest";
import {
  ACTION_DIE_SIZES,
  cascadeAtLeast,
  cascadeDist,
  cascadeMean,
  cascadeOdds,
  cascadeParts,
  engine,
  odds,
  totalDist,
  type ActionRequest,
} from "../../src/engines/action/index.ts";
import { EPSILON, EngineError, explodingDie, rollWith, seededFaces } from "../../src/engines/shared/index.ts";

/**
 * Brute force, written from the rule and nothing else: every face sequence of one cascading die,
 * followed while the die shows its maximum, up to `depth` throws. Returns total → probability and
 * the mass of the sequences cut off at the depth.
 */
function bruteCascade(faces: number, depth: number): { p: Map<number, number>; cut: number } {
  const p = new Map<number, number>();
  let cut = 0;
  const visit = (sum: number, prob: number, throws: number): void => {
    for (let f = 1; f <= faces; f++) {
      const q = prob / faces;
      if (f < faces) p.set(sum + f, (p.get(sum + f) ?? 0) + q);
      else if (throws + 1 < depth) visit(sum + f, q, throws + 1);
      else cut += q;
    }
  };
  visit(0, 1, 0);
  return { p, cut };
}

/** Brute force of a whole roll: each d20 face × every cascade sequence of every augment. */
function bruteRoll(
  augments: readonly number[],
  offset: number,
  depth: number,
): { p: Map<number, number>; cut: number } {
  let acc = new Map<number, number>([[0, 1]]);
  let cut = 0;
  for (const faces of augments) {
    const c = bruteCascade(faces, depth);
    const next = new Map<number, number>();
    for (const [a, pa] of acc) for (const [b, pb] of c.p) next.set(a + b, (next.get(a + b) ?? 0) + pa * pb);
    acc = next;
    cut += c.cut;
  }
  const out = new Map<number, number>();
  for (let d = 1; d <= 20; d++) {
    for (const [s, ps] of acc) out.set(d + s + offset, (out.get(d + s + offset) ?? 0) + ps / 20);
  }
  return { p: out, cut };
}

function errorKey(f: () => unknown): string | null {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.key;
    throw e;
  }
  return null;
}

describe("action odds: one cascading die", () => {
  it("matches a brute-force enumeration of face sequences for every die d3 … d24", () => {
    for (const faces of ACTION_DIE_SIZES) {
      const dist = cascadeDist(faces);
      const depth = faces <= 4 ? 12 : 6;
      const brute = bruteCascade(faces, depth);
      for (const [v, p] of brute.p) expect(dist.at(v)).toBeCloseTo(p, 15);
      // Beyond the brute force's depth, the engine holds exactly the mass the brute force cut off.
      let beyond = 0;
      for (const [v, p] of dist.p) if (!brute.p.has(v)) beyond += p;
      expect(beyond + dist.remainder).toBeCloseTo(brute.cut, 15);
    }
  });

  it("is the shared exploding die, truncated below EPSILON with the remainder reported", () => {
    for (const faces of ACTION_DIE_SIZES) {
      const dist = cascadeDist(faces);
      const shared = explodingDie(faces);
      expect(dist.toJSON()).toEqual(shared.toJSON());
      expect(dist.remainder).toBe(shared.remainder);
      expect(dist.remainder).toBeLessThan(EPSILON);
      expect(dist.remainder).toBeGreaterThan(0);
      expect(dist.mass() + dist.remainder).toBeCloseTo(1, 14);
    }
  });

  it("never gives a multiple of the die size, and every total splits into cascades and a last face", () => {
    for (const faces of ACTION_DIE_SIZES) {
      for (const [v] of cascadeDist(faces).p) {
        expect(v % faces).not.toBe(0);
        const parts = cascadeParts(faces, v);
        expect(parts).not.toBeNull();
        expect((parts?.cascades ?? 0) * faces + (parts?.last ?? 0)).toBe(v);
        expect(parts?.last).toBeLessThan(faces);
      }
      expect(cascadeParts(faces, faces)).toBeNull();
      expect(cascadeParts(faces, 3 * faces)).toBeNull();
      expect(cascadeParts(faces, 0)).toBeNull();
    }
  });

  it("P(total ≥ t) in closed form equals the tail sum of the distribution", () => {
    for (const faces of ACTION_DIE_SIZES) {
      const dist = cascadeDist(faces);
      for (let t = -2; t <= 4 * faces + 1; t++) {
        expect(cascadeAtLeast(faces, t)).toBeCloseTo(dist.atLeast(t) + dist.remainder, 14);
      }
      // A total of exactly k·n is impossible, so P(T ≥ k·n) = P(T ≥ k·n − 1) − P(T = k·n − 1).
      expect(cascadeAtLeast(faces, 2 * faces)).toBeCloseTo(
        cascadeAtLeast(faces, 2 * faces - 1) - dist.at(2 * faces - 1),
        14,
      );
    }
  });

  it("the exact mean is n/2 + n/(n−1) (d6: 4.2)", () => {
    expect(cascadeMean(6)).toBeCloseTo(4.2, 14);
    expect(cascadeMean(3)).toBeCloseTo(3, 14);
    for (const faces of ACTION_DIE_SIZES) expect(cascadeDist(faces).mean()).toBeCloseTo(cascadeMean(faces), 10);
  });

  it("cascadeOdds is plain JSON with the figures a dialog shows", () => {
    const o = cascadeOdds(4);
    expect(JSON.parse(JSON.stringify(o))).toEqual(o);
    expect(o.distribution["1"]).toBeCloseTo(0.25, 15);
    expect(o.distribution["4"]).toBeUndefined();
    expect(o.distribution["5"]).toBeCloseTo(1 / 16, 15);
    expect(o.atLeast["1"]).toBe(1);
    expect(o.atLeast["4"]).toBeCloseTo(0.25, 15);
    expect(o.atLeast["5"]).toBeCloseTo(0.25, 15);
    expect(o.atLeast["6"]).toBeCloseTo(3 / 16, 15);
    expect(o.pCascade).toBe(0.25);
    expect(errorKey(() => cascadeOdds(7))).toBe("ROLLING_BONES.Error.DieSizeNotAllowed");
  });
});

describe("action odds: a d20 roll with augments", () => {
  it("without augments: P(success) = (21 − (DC − modifier)) / 20, clamped", () => {
    for (const modifier of [-3, 0, 4]) {
      for (let dc = 0; dc <= 30; dc++) {
        const need = dc - modifier;
        const expected = Math.min(1, Math.max(0, (21 - need) / 20));
        expect(odds({ modifier, dc }).pSuccess).toBeCloseTo(expected, 14);
        const fail5 = Math.min(1, Math.max(0, (need - 5) / 20));
        expect(odds({ modifier, dc }).pFailedBy5).toBeCloseTo(fail5, 14);
      }
    }
  });

  const cases: [string, ActionRequest][] = [
    ["d4 augment", { modifier: 2, dc: 20, augments: [4] }],
    ["d3 and d6 augments", { modifier: -1, dc: 18, augments: [3, 6] }],
    ["d24 augment on an insight roll", { kind: "insight", level: 5, modifier: 1, dc: 30, augments: [24] }],
  ];
  for (const [name, request] of cases) {
    it(`matches brute-force enumeration: ${name}`, () => {
      const o = odds(request);
      const offset = (request.modifier ?? 0) + (request.kind === "insight" ? (request.level ?? 0) : 0);
      const augments = request.augments ?? [];
      const depth = 8;
      const brute = bruteRoll(augments, offset, depth);
      // A chain the brute force cut off (depth maximum faces) totals at least depth·n + 1, so every
      // total below this bound is complete in the brute force and must match exactly.
      const bound = Math.min(...augments.map((n) => offset + 1 + augments.length + depth * n));
      for (const [v, p] of brute.p) {
        const q = o.total[String(v)] ?? 0;
        if (v < bound) expect(q).toBeCloseTo(p, 15);
        else expect(q).toBeGreaterThanOrEqual(p * (1 - 1e-12));
      }
      for (const [v, q] of Object.entries(o.total)) {
        expect(q).toBeGreaterThan(0);
        if (Number(v) < bound) expect(brute.p.has(Number(v))).toBe(true);
      }
      let bruteSuccess = 0;
      let bruteFail5 = 0;
      for (const [v, p] of brute.p) {
        if (v >= (request.dc ?? 0)) bruteSuccess += p;
        if (v <= (request.dc ?? 0) - 5) bruteFail5 += p;
      }
      // The brute force stops at depth 8; what it cut off can only add to successes.
      expect(o.pSuccess).toBeGreaterThanOrEqual(bruteSuccess - 1e-14);
      expect(o.pSuccess).toBeLessThanOrEqual(bruteSuccess + brute.cut + 1e-14);
      expect(o.pFailedBy5).toBeCloseTo(bruteFail5, 14);
      expect(totalDist(request).toJSON()).toEqual(o.total);
    });
  }

  it("P(potential botch) = botch range / 20; P(critical threat) = 1/20 except on insight rolls", () => {
    for (let botchRange = 1; botchRange <= 4; botchRange++) {
      expect(odds({ botchRange }).pPotentialBotch).toBeCloseTo(botchRange / 20, 15);
    }
    expect(odds({ kind: "save" }).pCriticalThreat).toBeCloseTo(0.05, 15);
    expect(odds({ kind: "insight" }).pCriticalThreat).toBe(0);
    expect(odds({}).pSuccess).toBeNull();
  });

  it("the mean is exact: 10.5 + modifier + the cascade means", () => {
    const o = odds({ modifier: 3, augments: [6, 4] });
    expect(o.mean).toBeCloseTo(10.5 + 3 + 4.2 + (2 + 4 / 3), 12);
    let m = 0;
    for (const [v, p] of Object.entries(o.total)) m += Number(v) * p;
    expect(m).toBeCloseTo(o.mean, 10);
  });

  it("re-rolls do not change the odds (the d20 that stands is a fair d20)", () => {
    const a = odds({ dc: 15, augments: [8] });
    const b = odds({ dc: 15, augments: [8], rerolls: [{ target: "d20" }, { target: "d20", after: 1 }] });
    expect(b).toEqual(a);
  });

  it("validates the request first", () => {
    expect(errorKey(() => odds({ augments: [9] }))).toBe("ROLLING_BONES.Error.DieSizeNotAllowed");
    expect(errorKey(() => odds({ dc: 1.5 }))).toBe("ROLLING_BONES.Error.NotInteger");
  });

  it("agrees with 10^6 seeded rolls within 4σ (d20 + 4 + d4 + d6 + d3 vs DC 24, botch range 2)", () => {
    const request: ActionRequest = { kind: "attack", modifier: 4, dc: 24, botchRange: 2, augments: [4, 6, 3] };
    const o = odds(request);
    const n = 1_000_000;
    const source = seededFaces(20260422);
    let success = 0;
    let fail5 = 0;
    let botch = 0;
    let critical = 0;
    let at25 = 0;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const out = rollWith(engine, request, source);
      if (out.success === true) success++;
      if (out.failedBy5) fail5++;
      if (out.potentialBotch) botch++;
      if (out.criticalThreat) critical++;
      if (out.total === 25) at25++;
      sum += out.total;
    }
    const within = (count: number, p: number): void => {
      const sigma = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(count / n - p)).toBeLessThanOrEqual(4 * sigma);
    };
    within(success, o.pSuccess ?? 0);
    within(fail5, o.pFailedBy5 ?? 0);
    within(botch, o.pPotentialBotch);
    within(critical, o.pCriticalThreat);
    within(at25, o.total["25"] ?? 0);
    let variance = 0;
    for (const [v, p] of Object.entries(o.total)) variance += p * (Number(v) - o.mean) ** 2;
    expect(Math.abs(sum / n - o.mean)).toBeLessThanOrEqual(4 * Math.sqrt(variance / n));
  }, 20_000);
});
