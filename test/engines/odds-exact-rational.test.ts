/**
 * The odds computed by closed forms since issue 18 (a d20 roll with augments, the Wild Die,
 * Precision & Impact) against exact rational references: every probability here is a sum of
 * powers of 1/n, so BigInt numerators over one common denominator hold it without any rounding.
 * The references are written from the rules alone (faces, cascades, explosions), by plain
 * convolution, with no chain cut; each is turned into the nearest double once, and the engine's
 * figure must be within {@link RELATIVE} of it (a few roundings; any wrong term is far larger).
 */
import { describe, expect, it } from "vitest";

import { action, pi, wild } from "../../src/engines/index.ts";

/** The largest relative error allowed against the exact figure (about a hundred roundings). */
const RELATIVE = 1e-14;

/** num / den (non-negative BigInts) as a double, to within one rounding. */
function toDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = den.toString(2).length - num.toString(2).length + 64;
  const scaled = shift >= 0 ? (num << BigInt(shift)) / den : num / (den << BigInt(-shift));
  let x = Number(scaled);
  for (let s = shift; s !== 0;) {
    const step = Math.max(-1000, Math.min(1000, s));
    x *= 2 ** -step;
    s -= step;
  }
  return x;
}

function expectNear(actual: number, exact: number, label: string): void {
  expect(Math.abs(actual - exact), `${label}: ${actual} vs exact ${exact}`).toBeLessThanOrEqual(
    RELATIVE * Math.abs(exact),
  );
}

/** Exact probabilities as numerators over one denominator `one`; `p[i]` is the chance of `lo + i`. */
interface Exact {
  readonly lo: number;
  readonly p: bigint[];
}

/** The distribution of the sum of two independent parts, kept below `length` entries. */
function convolve(x: Exact, y: Exact, one: bigint, length: number): Exact {
  const p = new Array<bigint>(Math.min(length, x.p.length + y.p.length - 1)).fill(0n);
  for (let i = 0; i < x.p.length; i++) {
    const a = x.p[i] as bigint;
    if (a === 0n) continue;
    for (let j = 0; j < y.p.length && i + j < p.length; j++) p[i + j] = (p[i + j] as bigint) + a * (y.p[j] as bigint);
  }
  return {
    lo: x.lo + y.lo,
    p: p.map((q) => {
      if (q % one !== 0n) throw new Error("reference: a probability is not a multiple of 1/one");
      return q / one;
    }),
  };
}

/** A fair die, and a die that cascades (explodes) on its maximum without end, below `length` values. */
function fairDie(faces: number, one: bigint): Exact {
  return { lo: 0, p: [0n, ...new Array<bigint>(faces).fill(one / BigInt(faces))] };
}
function cascade(faces: number, one: bigint, length: number): Exact {
  const p = new Array<bigint>(length).fill(0n);
  const n = BigInt(faces);
  // A total d = k·faces + r (0 < r < faces) is k maximum faces and a last throw: faces^−(k+1).
  for (let d = 1; d < length; d++) if (d % faces !== 0) p[d] = one / n ** BigInt(Math.floor(d / faces) + 1);
  return { lo: 0, p };
}

describe("action odds: P(success) and P(failed by 5) against exact rationals", () => {
  const cases: [string, action.ActionRequest][] = [
    ["three d24", { modifier: 5, dc: 15, augments: [24, 24, 24] }],
    ["d3, d12, d24 against a far DC", { modifier: 0, dc: 40, augments: [3, 12, 24] }],
    ["six d6", { modifier: 2, dc: 30, augments: [6, 6, 6, 6, 6, 6] }],
    ["d16 and d20 two cascades above the d20", { modifier: -3, dc: 60, augments: [16, 20] }],
    ["an insight roll", { kind: "insight", level: 7, modifier: 1, dc: 25, augments: [8, 10] }],
    ["a DC below the modifier", { modifier: 9, dc: 4, augments: [4] }],
  ];
  for (const [name, request] of cases) {
    it(name, () => {
      const req = action.validate(request);
      const need = (req.dc as number) - req.modifier - (req.kind === "insight" ? req.level : 0);
      const length = Math.max(need, 1) + 1;
      let one = 20n;
      for (const faces of req.augments) one *= BigInt(faces) ** BigInt(length + 1);
      let sum = fairDie(20, one);
      for (const faces of req.augments) sum = convolve(sum, cascade(faces, one, length), one, length);
      let below = 0n; // P(own die + augments < need)
      let failed = 0n; // P(… ≤ need − 5)
      for (let v = 0; v < sum.p.length; v++) {
        if (v < need) below += sum.p[v] as bigint;
        if (v <= need - 5) failed += sum.p[v] as bigint;
      }
      const o = action.odds(req);
      expectNear(o.pSuccess as number, toDouble(one - below, one), "P(success)");
      expectNear(o.pFailedBy5 as number, toDouble(failed, one), "P(failed by 5)");
    });
  }
});

describe("wild odds: every total and P(total ≥ t) against exact rationals (no chain cut)", () => {
  const shapes: wild.WildRequest[] = [
    { dice: 3, pips: 1, characterPoints: 2 },
    { dice: 1, characterPoints: 5, firstOneCounts: false },
    { dice: 12, fatePoint: true }, // 23 normal dice: counts beyond 2^53
    { dice: 2, outsideDice: 4, characterPoints: 1 },
  ];
  for (const request of shapes) {
    it(JSON.stringify(request), () => {
      const req = wild.validate(request);
      const shape = wild.shapeOf(req);
      const length = 160; // totals checked from the lowest up
      const one = 6n ** 240n;
      const chain = cascade(6, one, length);
      // The Wild Die (RULES §3): 2–5 count; a 6 adds itself and explodes; a 1 counts `first` less a
      // subtraction throw, and a 6 there takes off one more throw.
      const first = req.firstOneCounts ? 1 : 0;
      const wildDie: Exact = { lo: first - 12, p: new Array<bigint>(length).fill(0n) };
      const put = (v: number, q: bigint): void => {
        const i = v - wildDie.lo;
        if (i < length) wildDie.p[i] = (wildDie.p[i] as bigint) + q;
      };
      for (let f = 2; f <= 5; f++) put(f, one / 6n);
      for (let d = 1; d < length; d++) put(6 + d, (chain.p[d] as bigint) / 6n);
      for (let s = 1; s <= 5; s++) put(first - s, one / 36n);
      for (let t = 1; t <= 6; t++) put(first - 6 - t, one / 216n);
      let sum = wildDie;
      for (let i = 0; i < shape.cpWild; i++) sum = convolve(sum, chain, one, length);
      for (let i = 0; i < shape.normal; i++) sum = convolve(sum, fairDie(6, one), one, length);
      const o = wild.odds(req);
      expect(o.min).toBe(sum.lo + shape.pips + sum.p.findIndex((q) => q > 0n));
      let below = 0n;
      for (let i = 0; i < sum.p.length; i++) {
        const v = sum.lo + shape.pips + i;
        const exact = toDouble(sum.p[i] as bigint, one);
        if (exact === 0) expect(o.total[String(v)], `total ${v}`).toBeUndefined();
        else expectNear(o.total[String(v)] ?? 0, exact, `total ${v}`);
        expectNear(wild.chanceAtLeast(o, v), toDouble(one - below, one), `P(total ≥ ${v})`);
        below += sum.p[i] as bigint;
      }
    });
  }
});

describe("pi odds: every joint probability is the exact count over the number of ways, correctly rounded", () => {
  for (const pool of [
    [4, 6, 8, 10, 12],
    [12, 12, 12, 12],
    [6, 4],
    [10, 8, 8, 6, 4, 4],
  ]) {
    it(`[${pool.join(",")}]`, () => {
      // Every way the dice can fall, counted: (high, second-highest) and (high, lowest).
      const topTwo = new Map<string, number>();
      const maxMin = new Map<string, number>();
      let ways = 0;
      const faces = new Array<number>(pool.length).fill(1);
      for (;;) {
        const sorted = [...faces].sort((a, b) => b - a);
        const high = sorted[0] as number;
        const k1 = `${high + (sorted[1] as number)},${high - (sorted[1] as number)}`;
        const k2 = `${high + (sorted[sorted.length - 1] as number)},${high - (sorted[sorted.length - 1] as number)}`;
        topTwo.set(k1, (topTwo.get(k1) ?? 0) + 1);
        maxMin.set(k2, (maxMin.get(k2) ?? 0) + 1);
        ways++;
        let i = 0;
        while (i < pool.length && faces[i] === pool[i]) faces[i++] = 1;
        if (i === pool.length) break;
        faces[i] = (faces[i] as number) + 1;
      }
      const o = pi.odds(pi.validate({ pool }));
      for (const [pick, counts] of [
        [o.bestPrecision, topTwo],
        [o.bestImpact, maxMin],
      ] as const) {
        expect(pick.joint.length).toBe(counts.size);
        for (const cell of pick.joint) {
          expect(cell.probability, `${cell.precision},${cell.impact}`).toBe(
            (counts.get(`${cell.precision},${cell.impact}`) ?? Number.NaN) / ways,
          );
        }
      }
    });
  }
});
