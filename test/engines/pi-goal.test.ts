import { describe, expect, it } from "vitest";

import { chanceOfGoal, engine, judgeGoal, thrownSlots, validate } from "../../src/engines/pi/index.ts";
import type { Hindrance, PiOutcome, PiRequest } from "../../src/engines/pi/index.ts";
import { fixedFaces, rollWith } from "../../src/engines/shared/index.ts";

function roll(request: PiRequest, faces: readonly number[]): PiOutcome {
  return rollWith(engine, validate(request), fixedFaces(faces));
}

/**
 * Brute force, independent of the engine's shortcut: every face of every thrown die, and every pair
 * of dice tried against the goal (one die: its face, and the Impact modifier alone, which must lift
 * the Impact above 0).
 */
function bruteGoal(request: PiRequest): number {
  const dice = thrownSlots(request.pool, request.hindrance ?? "none").map((s) => request.pool[s] as number);
  const pm = request.precisionMod ?? 0;
  const im = request.impactMod ?? 0;
  const needP = request.precisionGoal ?? -Infinity;
  const needI = request.impactGoal ?? -Infinity;
  const weight = 1 / dice.reduce((a, f) => a * f, 1);
  let total = 0;
  const faces = dice.map(() => 1);
  for (;;) {
    let ok = false;
    if (faces.length === 1) ok = (faces[0] as number) + pm >= needP && im >= needI && im > 0;
    for (let i = 0; i < faces.length && !ok; i++) {
      for (let j = i + 1; j < faces.length && !ok; j++) {
        const a = faces[i] as number;
        const b = faces[j] as number;
        ok = a + b + pm >= needP && Math.abs(a - b) + im >= needI;
      }
    }
    if (ok) total += weight;
    let k = 0;
    while (k < faces.length && faces[k] === dice[k]) faces[k++] = 1;
    if (k === faces.length) break;
    faces[k] = (faces[k] as number) + 1;
  }
  return total;
}

describe("pi goal: the rules' examples judged against a goal", () => {
  it("Frank's tennis swing: 4 and 1 with +1 Precision → Precision 6 meets a goal of Precision 6", () => {
    const out = roll({ pool: [8, 4, 4], precisionMod: 1, pick: [0, 2], precisionGoal: 6 }, [4, 3, 1]);
    expect(out.goal).toEqual({ precision: 6, impact: null });
    expect(out.verdict).toEqual({ met: true, precisionMet: true, impactMet: null });
  });

  it("the creek jump: 5 and 4 give Precision 9 but Impact 1, short of a two-metre goal (Impact 2)", () => {
    const out = roll({ pool: [8, 4, 4], hindrance: "minor", impactGoal: 2 }, [5, 4]);
    expect(out.precision).toBe(9);
    expect(out.impact).toBe(1);
    expect(out.verdict).toEqual({ met: false, precisionMet: null, impactMet: false });
  });

  it("a new pick is judged anew: the same dice, picked for Impact, meet a goal the default pick misses", () => {
    const goal = { precisionGoal: 5, impactGoal: 3 };
    const byDefault = roll({ pool: [8, 6, 4], ...goal }, [6, 4, 2]);
    expect(byDefault.pickSource).toBe("bestPrecision");
    expect([byDefault.precision, byDefault.impact]).toEqual([10, 2]);
    expect(byDefault.verdict?.met).toBe(false);
    const repicked = roll({ pool: [8, 6, 4], ...goal, pick: [0, 2] }, [6, 4, 2]);
    expect([repicked.precision, repicked.impact]).toEqual([8, 4]);
    expect(repicked.verdict).toEqual({ met: true, precisionMet: true, impactMet: true });
  });

  it("a one-die roll that fails on its own misses every goal", () => {
    expect(judgeGoal({ precision: 3, impact: null }, 8, 0, true)?.met).toBe(false);
    const out = roll({ pool: [8, 4], hindrance: "minor", precisionGoal: 3 }, [7]);
    expect(out.failed).toBe(true);
    expect(out.verdict?.met).toBe(false);
  });

  it("without a goal the roll has no verdict and its request reads as before", () => {
    const out = roll({ pool: [8, 4] }, [3, 2]);
    expect(out.goal).toBeNull();
    expect(out.verdict).toBeNull();
    expect(validate({ pool: [8, 4], precisionGoal: null, impactGoal: null })).toEqual(validate({ pool: [8, 4] }));
    expect(chanceOfGoal(validate({ pool: [8, 4] }))).toBeNull();
  });

  it("refuses a goal that is not a whole number", () => {
    expect(() => validate({ pool: [8, 4], precisionGoal: 2.5 })).toThrow();
    expect(() => validate({ pool: [8, 4], impactGoal: "x" as unknown as number })).toThrow();
  });
});

describe("pi goal odds: exact, against enumerating every face and every pick", () => {
  const pools: number[][] = [
    [4, 4],
    [8, 4, 4],
    [12, 4],
    [6, 6, 6],
    [10, 12, 4, 6],
    [4, 6, 8, 10, 12],
    [6, 6, 4, 6, 4],
  ];
  const goals: [number | null, number | null][] = [
    [8, null],
    [null, 3],
    [9, 2],
    [14, 5],
    [3, 0],
    [20, 1],
  ];
  for (const pool of pools) {
    for (const hindrance of ["none", "minor", "major"] as Hindrance[]) {
      it(`d${pool.join("/d")}, ${hindrance}: every goal, with and without modifiers`, () => {
        for (const [precisionGoal, impactGoal] of goals) {
          for (const [precisionMod, impactMod] of [
            [0, 0],
            [1, -1],
            [-2, 2],
          ] as const) {
            const request = validate({ pool, hindrance, precisionMod, impactMod, precisionGoal, impactGoal });
            expect(chanceOfGoal(request)).toBeCloseTo(bruteGoal(request), 11);
          }
        }
      });
    }
  }

  it("one die: only an Impact modifier above 0 can meet a goal", () => {
    expect(chanceOfGoal(validate({ pool: [8], precisionGoal: 5 }))).toBe(0);
    expect(chanceOfGoal(validate({ pool: [8], precisionGoal: 5, impactMod: 1 }))).toBe(4 / 8);
  });
});
