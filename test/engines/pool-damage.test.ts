/**
 * Dice-pool damage rolls (docs/rules.md §6, issue 24 item 4): each success is one harm, the roll never
 * botches and its 1s cancel nothing. Seeded examples, the request's checks, and the exact odds,
 * compared with a full enumeration of the faces and with the binomial law.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { odds, resolve, validate } from "../../src/engines/pool/index.ts";
import { fixedFaces, rollWith } from "../../src/engines/shared/index.ts";
import { engine } from "../../src/engines/pool/index.ts";

const d10s = (...faces: number[]) => faces.map((value) => ({ faces: 10, role: "pool", value }));

describe("a dice-pool damage roll", () => {
  it("counts each success as one harm; its 1s cancel nothing", () => {
    const out = resolve({ pool: 4, difficulty: 6, damage: true }, d10s(1, 1, 6, 7));
    expect(out).toMatchObject({ successes: 2, ones: 2, cancelled: 0, net: 2, result: "success", damage: true });
    expect(out.dice.every((d) => !d.marks.includes("cancelled"))).toBe(true);
    // The same faces as an attack: the two 1s cancel both successes, a plain failure.
    expect(resolve({ pool: 4, difficulty: 6 }, d10s(1, 1, 6, 7))).toMatchObject({ net: 0, result: "failure" });
  });

  it("never botches: no success and 1s showing deal no harm", () => {
    const out = resolve({ pool: 3, difficulty: 6, damage: true }, d10s(1, 1, 2));
    expect(out).toMatchObject({ net: 0, botchLevel: 0, result: "failure", degree: null });
    expect(resolve({ pool: 3, difficulty: 6 }, d10s(1, 1, 2))).toMatchObject({ result: "botch", botchLevel: 2 });
  });

  it("keeps every other request as it was: `damage` is present only when true, and must be a boolean", () => {
    expect(validate({ pool: 3 })).toEqual({
      pool: 3,
      difficulty: 6,
      cancellation: 0,
      willpower: false,
      automatic: false,
    });
    expect(validate({ pool: 3, damage: false })).not.toHaveProperty("damage");
    expect(validate({ pool: 3, damage: true })).toMatchObject({ damage: true });
    expect(() => validate({ pool: 3, damage: "yes" as never })).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.NotBoolean" }),
    );
    const out = rollWith(engine, validate({ pool: 2 }), fixedFaces([6, 1]));
    expect(out).not.toHaveProperty("damage");
  });

  it("has exact odds: the harm is binomial at the difficulty, as every face enumerated gives", () => {
    for (const [n, difficulty] of [
      [1, 6],
      [3, 6],
      [4, 8],
      [5, 2],
    ] as const) {
      const counts = new Map<number, number>();
      const total = 10 ** n;
      for (let k = 0; k < total; k++) {
        const faces = Array.from({ length: n }, (_, i) => (Math.floor(k / 10 ** i) % 10) + 1);
        const net = resolve({ pool: n, difficulty, damage: true }, d10s(...faces)).net;
        counts.set(net, (counts.get(net) ?? 0) + 1);
      }
      const o = odds({ pool: n, difficulty, damage: true });
      for (let h = 0; h <= n; h++)
        expect(o.net[String(h)] ?? 0, `${n}d at ${difficulty}: ${h}`).toBeCloseTo((counts.get(h) ?? 0) / total, 12);
      expect(o.pBotch).toBe(0);
      expect(o.results.failure).toBeCloseTo((counts.get(0) ?? 0) / total, 12);
    }
    // Difficulty 6: half the faces hit, so P(k harm from 4 dice) = C(4, k) / 16.
    const four = odds({ pool: 4, difficulty: 6, damage: true });
    expect([0, 1, 2, 3, 4].map((k) => four.net[String(k)])).toEqual([1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16]);
    expect(four.expectedNet).toBe(2);
  });

  it("adds a Willpower success to the harm, and its odds sum to one with the mean n·p + 1", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 2, max: 10 }),
        fc.boolean(),
        (n, difficulty, wp) => {
          const o = odds({ pool: n, difficulty, damage: true, willpower: wp });
          const sum = Object.values(o.net).reduce((a, b) => a + b, 0);
          expect(sum).toBeCloseTo(1, 12);
          expect(o.expectedNet).toBeCloseTo(n * ((11 - difficulty) / 10) + (wp ? 1 : 0), 10);
          if (wp) expect(o.net["0"] ?? 0).toBe(0);
        },
      ),
    );
  });
});
