import { describe, it, expect } from "vitest";
import {
  DEFAULT_CAP,
  MAX_DICE,
  engine,
  extraDiceFor,
  netAgainst,
  odds,
  readAtNet,
  resolve,
  validate,
  type PercentileRequest,
} from "../../src/engines/percentile/index.ts";
import { fixedFaces, seededFaces, throwAll, type Throw } from "../../src/engines/shared/index.ts";

/** Every list of `n` d10 faces (1..10), enumerated. */
function allFaces(n: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((f) => Array.from({ length: 10 }, (_, k) => [...f, k + 1]));
  return out;
}

/** The throws of a request for these faces, in plan order. */
function throwsOf(req: PercentileRequest, faces: readonly number[]): Throw[] {
  return throwAll(engine, req, fixedFaces(faces));
}

describe("percentile defence is always applied (docs/rules.md §6, issue 35 point 2)", () => {
  it("throws the extra tens dice the targets need beyond the roll's own, and reads its own result from its own dice only", () => {
    const req = validate({ bonus: 1, penalty: 0, column: 10, extraDice: 3 });
    const throws = throwsOf(req, [2, 5, 9, 1, 1]);
    expect(throws.map((t) => t.role)).toEqual(["tens", "ones", "bonus", "extra", "extra"]);
    const out = resolve(req, throws);
    // The bonus die's 9 replaces the tens die's 2: 95; the extras are not the roll's own.
    expect(out.value).toBe(95);
    expect(out.dice.filter((d) => d.role === "extra").every((d) => d.marks.length === 0)).toBe(true);
    // Without extraDice the roll is as before: three dice.
    expect(throwsOf(validate({ bonus: 1, penalty: 0, column: 10 }), [2, 5, 9])).toHaveLength(3);
  });

  it("reads each target at its own net from the one throw: the tens die and the first |net| extra dice", () => {
    const req = validate({ bonus: 0, penalty: 0, column: 10, extraDice: 2 });
    const throws = throwsOf(req, [8, 3, 4, 2]);
    // Own (net 0): 83. A target with 1 penalty die: worst of 83, 43 → 43. With 2: worst of 83, 43, 23 → 23.
    expect(readAtNet(req, throws, 0)?.value).toBe(83);
    expect(readAtNet(req, throws, -1)?.value).toBe(43);
    expect(readAtNet(req, throws, -2)?.value).toBe(23);
    // A bonus die reads the best of the same dice.
    expect(readAtNet(req, throws, 1)?.value).toBe(83);
    // More than the throw holds cannot be read.
    expect(readAtNet(req, throws, -3)).toBeNull();
  });

  it("at rating 10 against 2 penalty dice the real chance is 12.5 %, not the roll's own 50 % (the issue's example)", () => {
    const req = validate({ bonus: 0, penalty: 0, column: 10, extraDice: 2 });
    let own = 0;
    let against = 0;
    const all = allFaces(4);
    for (const faces of all) {
      const throws = throwsOf(req, faces);
      if (resolve(req, throws).success) own++;
      if (readAtNet(req, throws, netAgainst(req, 2))?.success) against++;
    }
    expect(own / all.length).toBe(0.5);
    expect(against / all.length).toBe(0.125);
  });

  it("gives every target exactly its one-target chance from one throw (two targets, 1 and 3 penalty dice, a bonus die)", () => {
    const req = validate({
      bonus: 1,
      penalty: 0,
      column: 12,
      extraDice: extraDiceFor(validate({ bonus: 1, penalty: 0 }), [1, 3]),
    });
    expect(req.extraDice).toBe(2);
    const all = allFaces(4);
    for (const defence of [1, 3]) {
      let hits = 0;
      for (const faces of all) if (readAtNet(req, throwsOf(req, faces), netAgainst(req, defence))?.success) hits++;
      const alone = odds(validate({ bonus: 1, penalty: defence, column: 12 })).success;
      expect(hits / all.length).toBeCloseTo(alone ?? Number.NaN, 12);
    }
  });

  it("reads the roll's own net exactly as the roll itself (seeded)", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const req = validate({ bonus: seed % 4, penalty: seed % 3, column: (seed % 20) + 1, extraDice: seed % 6 });
      const throws = throwAll(engine, req, seededFaces(seed));
      const out = resolve(req, throws);
      expect(readAtNet(req, throws, out.net)).toEqual({ value: out.value, level: out.level, success: out.success });
    }
  });

  it("throws as many extra dice as the largest net needs, up to the cap when a figure is hidden", () => {
    const req = validate({ bonus: 0, penalty: 1 });
    expect(extraDiceFor(req, [0, 2])).toBe(3);
    expect(extraDiceFor(req, [])).toBe(1);
    expect(extraDiceFor(req, [2, null])).toBe(DEFAULT_CAP);
    expect(extraDiceFor(validate({ bonus: 0, penalty: 0, cap: 0 }), [null])).toBe(MAX_DICE);
    // A net past the cap reads at the cap.
    expect(netAgainst(validate({ bonus: 0, penalty: 4, cap: 5 }), 3)).toBe(-5);
    expect(extraDiceFor(validate({ bonus: 0, penalty: 4, cap: 5 }), [3])).toBe(5);
  });

  it("refuses extraDice out of range", () => {
    expect(() => validate({ bonus: 0, penalty: 0, extraDice: 21 })).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.OutOfRange" }),
    );
    expect(() => validate({ bonus: 0, penalty: 0, extraDice: -1 })).toThrow();
  });
});
