import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  DIE_SIZES,
  HINDRANCES,
  MAX_POOL_DICE,
  PI_STEPS,
  POOL_ROLE,
  bestImpactPick,
  bestPrecisionPick,
  combineHindrances,
  engine,
  picks,
  plan,
  removedSlot,
  resolve,
  scorePick,
  thrownSlots,
  validate,
} from "../../src/engines/pi/index.ts";
import type { Hindrance, PiOutcome, PiRequest } from "../../src/engines/pi/index.ts";
import { EngineError, fixedFaces, rollWith, seededFaces, throwAll } from "../../src/engines/shared/index.ts";
import type { FaceSource, Throw } from "../../src/engines/shared/index.ts";
import { expectReplays } from "./replay.ts";

/** Rolls a request with the given faces, in throw order. */
function roll(request: PiRequest, faces: readonly number[]): PiOutcome {
  return rollWith(engine, request, fixedFaces(faces));
}

/** The throws of a validated request with the given faces. */
function throwsFor(request: PiRequest, faces: readonly number[]): Throw[] {
  return throwAll(engine, request, fixedFaces(faces));
}

/** The error key thrown by `run`, or a marker when it does not throw an EngineError. */
function errorKey(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return error.key;
    return `not an EngineError: ${String(error)}`;
  }
  return "no error";
}

/**
 * The best pick by brute force over every pair of positions (the lower position first), written
 * independently of the engine: for Precision the larger sum, then the larger difference; for
 * Impact the larger difference, then the larger sum; then the first pair in lexicographic order.
 */
function bruteBest(
  faces: readonly number[],
  by: "precision" | "impact",
): { i: number; j: number; p: number; m: number } {
  let best: { i: number; j: number; p: number; m: number } | null = null;
  for (let i = 0; i < faces.length; i++) {
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i] as number;
      const b = faces[j] as number;
      const p = a + b;
      const m = a > b ? a - b : b - a;
      const key = by === "precision" ? [p, m] : [m, p];
      const bestKey = best === null ? null : by === "precision" ? [best.p, best.m] : [best.m, best.p];
      if (
        bestKey === null ||
        (key[0] as number) > (bestKey[0] as number) ||
        (key[0] === bestKey[0] && (key[1] as number) > (bestKey[1] as number))
      ) {
        best = { i, j, p, m };
      }
    }
  }
  if (best === null) throw new Error("no pair");
  return best;
}

const dieSize = fc.constantFrom(...DIE_SIZES);
const hindrance = fc.constantFrom<Hindrance>("none", "minor", "major");

/** A random valid request (without a pick) plus a seed for its faces. */
const requestAndSeed = fc
  .record({
    pool: fc.array(dieSize, { minLength: 2, maxLength: 10 }),
    hindrance,
    precisionMod: fc.integer({ min: -5, max: 5 }),
    impactMod: fc.integer({ min: -5, max: 5 }),
    seed: fc.integer(),
  })
  .map(({ seed, ...request }) => ({ request, seed }));

describe("pi: seed examples (docs/rules.md §4)", () => {
  it("rolls 4,3,1 pick 4 and 1 with +1 Precision → Precision 6", () => {
    // Power/Finesse d8/d4/d4 showing 4, 3, 1; the 4 and the 1 are picked.
    const out = roll({ pool: [8, 4, 4], precisionMod: 1, pick: [0, 2] }, [4, 3, 1]);
    expect(out.pickSource).toBe("requested");
    expect(out.pick.slots).toEqual([0, 2]);
    expect(out.pick.values).toEqual([4, 1]);
    expect(out.pick.basePrecision).toBe(5);
    expect(out.precision).toBe(6);
    expect(out.impact).toBe(3);
    expect(out.dice.map((d) => d.marks)).toEqual([["chosen"], [], ["chosen"]]);
    expect(out.failed).toBe(false);
  });

  it("6,4,2 pick 6 and 2 with −1 Impact → Precision 8, Impact 3", () => {
    const out = roll({ pool: [8, 6, 4], impactMod: -1, pick: [0, 2] }, [6, 4, 2]);
    expect(out.pick.baseImpact).toBe(4);
    expect(out.precision).toBe(8);
    expect(out.impact).toBe(3);
    expect(out.impactMod).toBe(-1);
  });

  it("5 and 4 → Precision 9, Impact 1 (d8/d4/d4 Minorly Hindered loses one d4)", () => {
    const request = validate({ pool: [8, 4, 4], hindrance: "minor" });
    expect(plan(request, [])).toEqual([
      { faces: 8, role: POOL_ROLE },
      { faces: 4, role: POOL_ROLE },
    ]);
    const out = resolve(request, throwsFor(request, [5, 4]));
    expect(out.precision).toBe(9);
    expect(out.impact).toBe(1);
    expect(out.removedSlot).toBe(2);
    expect(out.dice[2]).toMatchObject({ slot: 2, faces: 4, marks: ["removed"], index: -1, value: 0 });
    expect(out.dice.filter((d) => d.marks.includes("chosen")).map((d) => d.value)).toEqual([5, 4]);
  });

  it("mud plus carrying the princess (two minor hindrances) → Majorly Hindered: d8/d4/d4 throws just the two d4s", () => {
    const h = combineHindrances(["minor", "minor"]);
    expect(h).toBe("major");
    const request = validate({ pool: [8, 4, 4], hindrance: h });
    expect(plan(request, []).map((d) => d.faces)).toEqual([4, 4]);
    const out = resolve(request, throwsFor(request, [3, 1]));
    expect(out.removedSlot).toBe(0);
    expect(out.dice[0]?.marks).toEqual(["removed"]);
    expect(out.precision).toBe(4);
    expect(out.impact).toBe(2);
  });
});

describe("pi: hindrance", () => {
  it("folds hindering effects: none, one keeps its kind, two or more of any kind are major", () => {
    expect(combineHindrances([])).toBe("none");
    expect(combineHindrances(["none", "none"])).toBe("none");
    expect(combineHindrances(["minor"])).toBe("minor");
    expect(combineHindrances(["none", "major"])).toBe("major");
    expect(combineHindrances(["minor", "major"])).toBe("major");
    expect(combineHindrances(["major", "major", "minor"])).toBe("major");
  });

  it("minor removes one die with the fewest faces, major one with the most; ties lose only the last of them", () => {
    expect(removedSlot([6, 4, 10, 4], "minor")).toBe(3);
    expect(removedSlot([6, 4, 10, 4], "major")).toBe(2);
    expect(removedSlot([12, 4, 12], "major")).toBe(2);
    expect(removedSlot([6, 4, 10, 4], "none")).toBeNull();
    expect(thrownSlots([6, 4, 10, 4], "minor")).toEqual([0, 1, 2]);
    expect(thrownSlots([8, 8, 8], "major")).toEqual([0, 1]);
  });

  it("a hindrance on a one-die pool is refused (it would leave nothing to throw)", () => {
    expect(errorKey(() => validate({ pool: [8], hindrance: "minor" }))).toBe(
      "ROLLING_BONES.Error.PiHindranceEmptiesPool",
    );
    expect(validate({ pool: [8] }).pool).toEqual([8]);
  });

  it("the removed die is never asked for, so it is never thrown", () => {
    const request = validate({ pool: [4, 12, 6], hindrance: "major" });
    const asked: number[] = [];
    const spy: FaceSource = {
      next(faces) {
        asked.push(faces);
        return 1;
      },
    };
    rollWith(engine, request, spy);
    expect(asked).toEqual([4, 6]);
  });

  it("a hindered property: the removed die has the fewest (minor) or most (major) faces of the pool", () => {
    fc.assert(
      fc.property(fc.array(dieSize, { minLength: 2, maxLength: 10 }), fc.constantFrom("minor", "major"), (pool, h) => {
        const slot = removedSlot(pool, h) as number;
        const extreme = h === "minor" ? Math.min(...pool) : Math.max(...pool);
        expect(pool[slot]).toBe(extreme);
        expect(pool.slice(slot + 1)).not.toContain(extreme);
        expect(thrownSlots(pool, h)).toHaveLength(pool.length - 1);
      }),
    );
  });
});

describe("pi: one-die rolls", () => {
  const request: PiRequest = { pool: [8, 4], hindrance: "major" };

  it("a Majorly Hindered d8/d4 throws only the d4: Impact 0 and an automatic failure", () => {
    const out = roll({ ...request, precisionMod: 2 }, [3]);
    expect(out.singleDie).toBe(true);
    expect(out.dice.map((d) => d.marks)).toEqual([["removed"], ["chosen"]]);
    expect(out.pick.slots).toEqual([1]);
    expect(out.precision).toBe(5);
    expect(out.impact).toBe(0);
    expect(out.failed).toBe(true);
    expect(out.bestPrecision).toEqual(out.pick);
    expect(out.bestImpact).toEqual(out.pick);
  });

  it("a modifier that lifts Impact above 0 avoids the automatic failure; one that leaves it at 0 or below does not", () => {
    expect(roll({ ...request, impactMod: 1 }, [2])).toMatchObject({ impact: 1, failed: false });
    expect(roll({ ...request, impactMod: -1 }, [2])).toMatchObject({ impact: -1, failed: true });
  });

  it("an unhindered one-die pool follows the same rule", () => {
    expect(roll({ pool: [12] }, [12])).toMatchObject({ precision: 12, impact: 0, failed: true, singleDie: true });
  });

  it("two dice showing the same face give Impact 0 but are not an automatic failure", () => {
    expect(roll({ pool: [6, 6] }, [3, 3])).toMatchObject({ precision: 6, impact: 0, failed: false, singleDie: false });
  });
});

describe("pi: picks", () => {
  it("scores a pick as sum and difference, in either order", () => {
    expect(scorePick([2, 9, 4], 2, 1)).toEqual({ indices: [1, 2], precision: 13, impact: 5 });
    expect(() => scorePick([2, 9], 0, 0)).toThrow(RangeError);
    expect(() => scorePick([2, 9], 0, 2)).toThrow(RangeError);
  });

  it("lists every pair once", () => {
    expect(picks([1, 2, 3, 4]).map((p) => p.indices)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(picks([5])).toEqual([]);
  });

  it("without a pick the roll uses the best pick for Precision and also shows the best pick for Impact", () => {
    const out = roll({ pool: [6, 6, 6] }, [5, 2, 5]);
    expect(out.pickSource).toBe("bestPrecision");
    expect(out.bestPrecision).toMatchObject({ slots: [0, 2], precision: 10, impact: 0 });
    expect(out.bestImpact).toMatchObject({ slots: [0, 1], precision: 7, impact: 3 });
    expect(out.pick).toEqual(out.bestPrecision);
  });

  it("a new pick on the same throws changes the pick and totals but not the best picks (the card updates)", () => {
    const request = validate({ pool: [10, 8, 6, 4], precisionMod: 1 });
    const thrown = throwsFor(request, [7, 8, 1, 4]);
    const first = resolve(request, thrown);
    const second = resolve(validate({ ...request, pick: [2, 1] }), thrown);
    expect(first.pick.slots).toEqual([0, 1]);
    expect(first.precision).toBe(16);
    expect(second.pick).toMatchObject({ slots: [1, 2], values: [8, 1], precision: 10, impact: 7 });
    expect(second.bestPrecision).toEqual(first.bestPrecision);
    expect(second.bestImpact).toEqual(first.bestImpact);
    expect(second.bestImpact.slots).toEqual([1, 2]);
  });

  it("a pick names pool slots, so after a removed die the slots skip it", () => {
    const out = roll({ pool: [4, 8, 6], hindrance: "minor", pick: [1, 2] }, [7, 2]);
    expect(out.dice.map((d) => [d.slot, d.index, d.value])).toEqual([
      [0, -1, 0],
      [1, 0, 7],
      [2, 1, 2],
    ]);
    expect(out.pick).toMatchObject({ slots: [1, 2], values: [7, 2], precision: 9, impact: 5 });
  });

  it("Precision ≥ Impact + 2 for any two-die pick", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 10 }), (faces) => {
        for (const p of picks(faces)) expect(p.precision).toBeGreaterThanOrEqual(p.impact + 2);
      }),
    );
  });

  it("the best pick for Precision has the largest Precision (ties: larger Impact, then the first pair)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 10 }), (faces) => {
        const best = bestPrecisionPick(faces);
        for (const p of picks(faces)) expect(best.precision).toBeGreaterThanOrEqual(p.precision);
        const brute = bruteBest(faces, "precision");
        expect(best).toEqual({ indices: [brute.i, brute.j], precision: brute.p, impact: brute.m });
      }),
    );
  });

  it("the best pick for Impact has the largest Impact (ties: larger Precision, then the first pair)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 2, maxLength: 10 }), (faces) => {
        const best = bestImpactPick(faces);
        for (const p of picks(faces)) expect(best.impact).toBeGreaterThanOrEqual(p.impact);
        const brute = bruteBest(faces, "impact");
        expect(best).toEqual({ indices: [brute.i, brute.j], precision: brute.p, impact: brute.m });
      }),
    );
  });
});

describe("pi: resolution", () => {
  it("an outcome replays from the dice it records (what a chat card stores)", () => {
    fc.assert(
      fc.property(requestAndSeed, requestAndSeed, ({ request, seed }, other) => {
        const req = validate(request);
        const thrown = throwAll(engine, req, seededFaces(seed));
        const out = resolve(req, thrown);
        // The card lists every pool die in slot order; the die a hindrance removed was never thrown.
        const removed = out.dice.filter((d) => d.marks.includes("removed"));
        expect(removed.map((d) => [d.slot, d.index, d.value])).toEqual(
          out.removedSlot === null ? [] : [[out.removedSlot, -1, 0]],
        );
        const recorded = out.dice.filter((d) => !d.marks.includes("removed"));
        expectReplays(engine, req, thrown, out, recorded, () =>
          rollWith(engine, other.request, seededFaces(other.seed)),
        );
      }),
    );
  });

  it("every outcome is consistent: modifiers added after the pick, chosen marks on the pick, best picks maximal", () => {
    fc.assert(
      fc.property(requestAndSeed, ({ request, seed }) => {
        const req = validate(request);
        const out = rollWith(engine, req, seededFaces(seed));
        const thrownDice = out.dice.filter((d) => !d.marks.includes("removed"));
        expect(out.dice.map((d) => d.slot)).toEqual(req.pool.map((_, i) => i));
        expect(out.dice.map((d) => d.faces)).toEqual(req.pool);
        expect(thrownDice.map((d) => d.index)).toEqual(thrownDice.map((_, k) => k));
        for (const d of thrownDice) expect(d.value).toBeGreaterThanOrEqual(1);
        for (const d of thrownDice) expect(d.value).toBeLessThanOrEqual(d.faces);
        expect(out.precision).toBe(out.pick.basePrecision + (req.precisionMod ?? 0));
        expect(out.impact).toBe(out.pick.baseImpact + (req.impactMod ?? 0));
        expect(out.dice.filter((d) => d.marks.includes("chosen")).map((d) => d.slot)).toEqual(out.pick.slots);
        const values = thrownDice.map((d) => d.value);
        if (values.length >= 2) {
          expect(out.pick.basePrecision).toBeGreaterThanOrEqual(out.pick.baseImpact + 2);
          const bp = bruteBest(values, "precision");
          const bi = bruteBest(values, "impact");
          expect([out.bestPrecision.basePrecision, out.bestPrecision.baseImpact]).toEqual([bp.p, bp.m]);
          expect([out.bestImpact.basePrecision, out.bestImpact.baseImpact]).toEqual([bi.p, bi.m]);
        }
        expect(out.failed).toBe(values.length === 1 && out.impact <= 0);
      }),
    );
  });

  it("a requested pick never beats the best picks", () => {
    fc.assert(
      fc.property(requestAndSeed, fc.nat(), fc.nat(), ({ request, seed }, x, y) => {
        const slots = thrownSlots(request.pool, request.hindrance ?? "none");
        fc.pre(slots.length >= 2);
        const a = slots[x % slots.length] as number;
        const b = slots[(x + 1 + (y % (slots.length - 1))) % slots.length] as number;
        const out = rollWith(engine, { ...request, pick: [a, b] }, seededFaces(seed));
        expect(out.pickSource).toBe("requested");
        expect(out.pick.slots).toEqual([Math.min(a, b), Math.max(a, b)]);
        expect(out.bestPrecision.precision).toBeGreaterThanOrEqual(out.precision);
        expect(out.bestImpact.impact).toBeGreaterThanOrEqual(out.impact);
      }),
    );
  });

  it("plan asks for the missing dice only, and nothing once complete", () => {
    const request = validate({ pool: [12, 6, 10] });
    expect(plan(request, []).map((d) => d.faces)).toEqual([12, 6, 10]);
    const thrown: Throw[] = [{ faces: 12, role: POOL_ROLE, value: 9 }];
    expect(plan(request, thrown).map((d) => d.faces)).toEqual([6, 10]);
    const all = throwsFor(request, [9, 6, 10]);
    expect(plan(request, all)).toEqual([]);
  });

  it("throws that do not match the plan are a RangeError", () => {
    const request = validate({ pool: [8, 6] });
    const d8: Throw = { faces: 8, role: POOL_ROLE, value: 3 };
    const d6: Throw = { faces: 6, role: POOL_ROLE, value: 2 };
    expect(() => resolve(request, [d8])).toThrow(RangeError);
    expect(() => resolve(request, [d6, d8])).toThrow(RangeError);
    expect(() => resolve(request, [d8, d6, d6])).toThrow(RangeError);
    expect(() => resolve(request, [d8, { ...d6, value: 7 }])).toThrow(RangeError);
    expect(() => resolve(request, [d8, { ...d6, value: 0 }])).toThrow(RangeError);
    expect(() => plan(request, [d6])).toThrow(RangeError);
    expect(() => plan(request, [d8, d6, d6])).toThrow(RangeError);
    expect(resolve(request, [d8, d6]).precision).toBe(5);
  });

  it("the rule steps run in order: hinder, throw, choose, score, modify, judge", () => {
    expect(PI_STEPS).toEqual(["hinder", "throw", "choose", "score", "modify", "judge"]);
    // Modifiers come after the choice: a large Impact penalty does not change which dice are best.
    const plain = roll({ pool: [10, 6, 4] }, [9, 5, 1]);
    const penalised = roll({ pool: [10, 6, 4], impactMod: -20, precisionMod: -20 }, [9, 5, 1]);
    expect(penalised.bestImpact.slots).toEqual(plain.bestImpact.slots);
    expect(penalised.pick.slots).toEqual(plain.pick.slots);
    expect(penalised.impact).toBe(plain.impact - 20);
    // The judgement sees the modified Impact.
    expect(roll({ pool: [10], impactMod: 1 }, [4]).failed).toBe(false);
  });
});

describe("pi: validation", () => {
  it("fills in the defaults", () => {
    expect(validate({ pool: [8, 4, 4] })).toEqual({
      pool: [8, 4, 4],
      hindrance: "none",
      precisionMod: 0,
      impactMod: 0,
    });
    expect(validate({ pool: [8, 4], pick: [1, 0] }).pick).toEqual([1, 0]);
    expect(HINDRANCES).toEqual(["none", "minor", "major"]);
  });

  const bad: [string, unknown, string][] = [
    ["an empty pool", { pool: [] }, "PoolTooSmall"],
    ["a pool that is not a list", { pool: "d8/d4" }, "PiPoolNotList"],
    ["too many dice", { pool: Array.from({ length: MAX_POOL_DICE + 1 }, () => 6) }, "PiPoolTooLarge"],
    ["a d5", { pool: [8, 5] }, "PiDieSize"],
    ["a d20", { pool: [20, 4] }, "PiDieSize"],
    ["a d0", { pool: [0, 4] }, "PiDieSize"],
    ["a negative die", { pool: [-6, 4] }, "PiDieSize"],
    ["a fractional die", { pool: [8, 4.5] }, "NotInteger"],
    ["a NaN die", { pool: [Number.NaN, 4] }, "NotInteger"],
    ["a die given as text", { pool: ["8", 4] }, "NotInteger"],
    ["an unknown hindrance", { pool: [8, 4], hindrance: "severe" }, "PiHindrance"],
    ["a hindrance count instead of a key", { pool: [8, 4], hindrance: 2 }, "PiHindrance"],
    ["a hindrance on one die", { pool: [6], hindrance: "major" }, "PiHindranceEmptiesPool"],
    ["a fractional Precision modifier", { pool: [8, 4], precisionMod: 1.5 }, "NotInteger"],
    ["a NaN Impact modifier", { pool: [8, 4], impactMod: Number.NaN }, "NotInteger"],
    ["an infinite Precision modifier", { pool: [8, 4], precisionMod: Number.POSITIVE_INFINITY }, "NotInteger"],
    ["an Impact modifier of 101", { pool: [8, 4], impactMod: 101 }, "OutOfRange"],
    ["a Precision modifier of −101", { pool: [8, 4], precisionMod: -101 }, "OutOfRange"],
    ["a pick past the pool", { pool: [8, 4, 4], pick: [0, 3] }, "PiPickMissing"],
    ["a negative pick", { pool: [8, 4, 4], pick: [-1, 0] }, "PiPickMissing"],
    ["a pick of the same die twice", { pool: [8, 4, 4], pick: [1, 1] }, "PiPickSame"],
    ["a pick of the removed die", { pool: [8, 4, 4], hindrance: "minor", pick: [0, 2] }, "PiPickRemoved"],
    ["a pick of one die", { pool: [8, 4, 4], pick: [0] }, "PiPickShape"],
    ["a pick of three dice", { pool: [8, 4, 4], pick: [0, 1, 2] }, "PiPickShape"],
    ["a pick that is not a list", { pool: [8, 4, 4], pick: "0,1" }, "PiPickShape"],
    ["a fractional pick", { pool: [8, 4, 4], pick: [0, 1.5] }, "NotInteger"],
    ["a pick when only one die is thrown", { pool: [8, 4], hindrance: "minor", pick: [0, 1] }, "PiPickNeedsTwoDice"],
  ];

  for (const [name, request, code] of bad) {
    it(`${name} → ${code}, and nothing is thrown`, () => {
      let draws = 0;
      const spy: FaceSource = {
        next() {
          draws++;
          return 1;
        },
      };
      expect(errorKey(() => rollWith(engine, request as PiRequest, spy))).toBe(`ROLLING_BONES.Error.${code}`);
      expect(draws).toBe(0);
    });
  }

  it("error data carries the placeholders of the message", () => {
    const error = (() => {
      try {
        validate({ pool: [8, 4, 4], hindrance: "minor", pick: [2, 0] });
      } catch (e) {
        return e as EngineError;
      }
      return null;
    })();
    expect(error?.data).toEqual({ slot: 2 });
  });

  it("resolve refuses a pick that does not fit the pool", () => {
    const request = validate({ pool: [8, 4, 4], hindrance: "minor" });
    const thrown = throwsFor(request, [5, 4]);
    expect(errorKey(() => resolve({ ...request, pick: [0, 2] }, thrown))).toBe("ROLLING_BONES.Error.PiPickRemoved");
  });
});
