import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_ART,
  MAX_DICE,
  engine,
  plan,
  resolve,
  validate,
  type PercentileOutcome,
  type PercentileRequest,
} from "../../src/engines/percentile/index.ts";
import {
  EngineError,
  fixedFaces,
  rollWith,
  seededFaces,
  throwAll,
  type FaceSource,
  type Throw,
} from "../../src/engines/shared/index.ts";
import { expectReplays } from "./replay.ts";

/** Validates a request, throws the given faces in plan order and resolves. */
function roll(request: PercentileRequest, faces: readonly number[]): PercentileOutcome {
  const req = validate(request);
  return resolve(req, throwAll(engine, req, fixedFaces(faces)));
}

/** The digit a d10 face reads, written here from docs/rules.md rather than taken from the engine. */
const digit = (face: number): number => (face === 10 ? 0 : face);

/** The value of two digits per docs/rules.md: "00" is 100, otherwise 10·T + O. */
const valueOf = (tens: number, ones: number): number => (tens === 0 && ones === 0 ? 100 : 10 * tens + ones);

/** The value docs/rules.md gives for faces [tens, ones, ...extra] when the extra dice are of one kind. */
function ruleValue(faces: readonly number[], kind: "bonus" | "penalty"): number {
  const ones = digit(faces[1] as number);
  const candidates = [faces[0] as number, ...faces.slice(2)].map((f) => valueOf(digit(f), ones));
  return kind === "bonus" ? Math.max(...candidates) : Math.min(...candidates);
}

/** The localization key an engine error carries, or a marker when something else was thrown. */
function errorKey(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return e instanceof EngineError ? e.key : `not an EngineError: ${String(e)}`;
  }
  return "no error";
}

const face = fc.integer({ min: 1, max: 10 });

describe("percentile: seed examples (docs/rules.md §1)", () => {
  it("T6 O9 bonus die 8 → 89", () => {
    const out = roll({ bonus: 1, penalty: 0 }, [6, 9, 8]);
    expect(out.value).toBe(89);
    expect(out.original).toBe(69);
    expect(out.tens).toBe(8);
    expect(out.ones).toBe(9);
    expect(out.tensFrom).toBe(2);
    expect(out.dice.map((d) => d.role)).toEqual(["tens", "ones", "bonus"]);
    expect(out.dice[0]?.marks).toEqual(["replaced"]);
    expect(out.dice[2]?.marks).toEqual(["kept"]);
  });

  it("T6 O9 bonus die 2 → 69", () => {
    const out = roll({ bonus: 1, penalty: 0 }, [6, 9, 2]);
    expect(out.value).toBe(69);
    expect(out.tensFrom).toBeNull();
    expect(out.dice[0]?.marks).toEqual(["kept"]);
    expect(out.dice[2]?.marks).toEqual([]);
  });

  it("T9 O9 penalty die 0 → 09 (= 9)", () => {
    const out = roll({ bonus: 0, penalty: 1 }, [9, 9, 10]);
    expect(out.value).toBe(9);
    expect(out.tens).toBe(0);
    expect(out.dice[2]).toMatchObject({ role: "penalty", value: 10, reading: 0, marks: ["kept"] });
    expect(out.dice[0]?.marks).toEqual(["replaced"]);
    expect(out.mode).toBe("penalty");
  });
});

describe("percentile: reading the dice", () => {
  it("reads a d10 face of 10 as 0, and 00 as 100", () => {
    expect(roll({ bonus: 0, penalty: 0 }, [10, 10]).value).toBe(100);
    expect(roll({ bonus: 0, penalty: 0 }, [10, 1]).value).toBe(1);
    expect(roll({ bonus: 0, penalty: 0 }, [1, 10]).value).toBe(10);
    const out = roll({ bonus: 0, penalty: 0 }, [4, 10]);
    expect(out.dice.map((d) => d.reading)).toEqual([4, 0]);
    expect(out.value).toBe(40);
  });

  it("never replaces the ones die and marks it as counted", () => {
    const out = roll({ bonus: 3, penalty: 0 }, [1, 2, 9, 9, 9]);
    expect(out.ones).toBe(2);
    expect(out.value).toBe(92);
    expect(out.dice[1]?.marks).toEqual(["kept"]);
  });

  it("keeps the highest of several bonus dice, the earliest on a tie", () => {
    const out = roll({ bonus: 3, penalty: 0 }, [3, 4, 5, 9, 7]);
    expect(out.value).toBe(94);
    expect(out.tensFrom).toBe(3);
    expect(out.dice.map((d) => d.marks)).toEqual([["replaced"], ["kept"], [], ["kept"], []]);
    expect(roll({ bonus: 2, penalty: 0 }, [2, 5, 8, 8]).tensFrom).toBe(2);
  });

  it("keeps the lowest of several penalty dice", () => {
    const out = roll({ bonus: 0, penalty: 3 }, [8, 1, 6, 2, 5]);
    expect(out.value).toBe(21);
    expect(out.tensFrom).toBe(3);
  });

  it("keeps the original tens die when an extra die only equals it", () => {
    expect(roll({ bonus: 1, penalty: 0 }, [7, 3, 7]).tensFrom).toBeNull();
    expect(roll({ bonus: 0, penalty: 1 }, [7, 3, 7]).tensFrom).toBeNull();
  });

  it("treats 00 as the top value: a bonus die cannot lower it, a penalty die can", () => {
    const bonus = roll({ bonus: 1, penalty: 0 }, [10, 10, 9]);
    expect(bonus.value).toBe(100);
    expect(bonus.tensFrom).toBeNull();
    const penalty = roll({ bonus: 0, penalty: 1 }, [10, 10, 5]);
    expect(penalty.value).toBe(50);
    expect(penalty.tensFrom).toBe(2);
    expect(roll({ bonus: 0, penalty: 1 }, [10, 10, 10]).tensFrom).toBeNull();
  });

  it("lets a bonus die reading 0 with a ones die reading 0 make 00", () => {
    const out = roll({ bonus: 1, penalty: 0 }, [5, 10, 10]);
    expect(out.original).toBe(50);
    expect(out.value).toBe(100);
    expect(out.tensFrom).toBe(2);
  });

  it("keeps a tens die reading 0 against a penalty die when the ones die is not 0", () => {
    // 0 is the lowest tens digit unless the ones die also reads 0.
    expect(roll({ bonus: 0, penalty: 1 }, [10, 7, 1]).value).toBe(7);
  });
});

describe("percentile: cancellation, cap, karma and called shots", () => {
  it("cancels bonus against penalty dice one for one and throws only the rest", () => {
    const req = validate({ bonus: 1, penalty: 2 });
    expect(plan(req, [])).toEqual([
      { faces: 10, role: "tens" },
      { faces: 10, role: "ones" },
      { faces: 10, role: "penalty" },
    ]);
    const out = roll({ bonus: 1, penalty: 2 }, [5, 5, 2]);
    expect(out).toMatchObject({ bonus: 1, penalty: 2, cancelled: 1, net: -1, mode: "penalty", value: 25 });
    const even = roll({ bonus: 3, penalty: 3 }, [5, 5]);
    expect(even).toMatchObject({ cancelled: 3, net: 0, mode: "none", tensFrom: null, value: 55 });
    expect(even.dice).toHaveLength(2);
  });

  it("clamps a net over the cap and says so", () => {
    const req = validate({ bonus: 8, penalty: 0 });
    expect(plan(req, [])).toHaveLength(2 + 5);
    const out = resolve(req, throwAll(engine, req, seededFaces(1)));
    expect(out.clamped).toEqual({ requested: 8, applied: 5 });
    expect(out.net).toBe(5);
    const down = roll({ bonus: 0, penalty: 3, cap: 2 }, [5, 5, 9, 9]);
    expect(down.clamped).toEqual({ requested: -3, applied: -2 });
  });

  it("applies no cap when the cap is 0", () => {
    const req = validate({ bonus: 8, penalty: 0, cap: 0 });
    expect(plan(req, [])).toHaveLength(2 + 8);
    expect(resolve(req, throwAll(engine, req, seededFaces(2))).clamped).toBeNull();
  });

  it("cancels before it applies the cap (bonus 7, penalty 3, cap 5 → 4 bonus dice)", () => {
    const req = validate({ bonus: 7, penalty: 3, cap: 5 });
    const out = resolve(req, throwAll(engine, req, seededFaces(3)));
    expect(out.net).toBe(4);
    expect(out.clamped).toBeNull();
    expect(out.cancelled).toBe(3);
  });

  it("adds karma-bought dice to the bonus dice and reports their cost", () => {
    const out = roll({ bonus: 0, penalty: 1, karmaDice: 3 }, [2, 2, 3, 4]);
    expect(out).toMatchObject({ bonus: 3, penalty: 1, cancelled: 1, net: 2, karma: { dice: 3, cost: 6 } });
    expect(out.value).toBe(42);
  });

  it("raises the damage multiplier by each voluntary penalty die on a success", () => {
    // Rating 20 reads the last default column, where 26 or more succeeds; the lowest candidate 75 is kept.
    const hit = roll({ bonus: 0, penalty: 0, voluntaryPenalty: 2, damageMultiplier: 2, column: 20 }, [8, 5, 9, 7]);
    expect(hit.value).toBe(75);
    expect(hit.success).toBe(true);
    expect(hit.calledShot).toEqual({ requested: 2, applied: 2, base: 2, multiplier: 4 });
    // Value 15 fails in every column of the default table: the multiplier stays at its base.
    const miss = roll({ bonus: 0, penalty: 0, voluntaryPenalty: 2, damageMultiplier: 2, column: 20 }, [8, 5, 1, 7]);
    expect(miss.value).toBe(15);
    expect(miss.success).toBe(false);
    expect(miss.calledShot).toEqual({ requested: 2, applied: 2, base: 2, multiplier: 2 });
  });

  it("counts only the voluntary penalty dice that changed the dice thrown", () => {
    const counts = (request: PercentileRequest): number => roll(request, [9, 9, 9, 9, 9, 9, 9]).calledShot.applied;
    expect(counts({ bonus: 0, penalty: 5, voluntaryPenalty: 2 })).toBe(0);
    expect(counts({ bonus: 0, penalty: 4, voluntaryPenalty: 2 })).toBe(1);
    expect(counts({ bonus: 7, penalty: 0, voluntaryPenalty: 2 })).toBe(0);
    expect(roll({ bonus: 2, penalty: 0, voluntaryPenalty: 2 }, [9, 9]).calledShot.applied).toBe(2);
    expect(counts({ bonus: 0, penalty: 0, voluntaryPenalty: 3, cap: 0 })).toBe(3);
  });
});

describe("percentile: the table in the outcome", () => {
  it("leaves the level out when no rating is given", () => {
    const out = roll({ bonus: 0, penalty: 0 }, [5, 5]);
    expect(out).toMatchObject({
      rating: null,
      column: null,
      level: null,
      levelIndex: null,
      success: null,
      assist: null,
      originalLevel: null,
      successFrom: null,
    });
  });

  it("reads T6 O9 bonus 8 (89) at rating 1 as great, a success that helps a leader", () => {
    // Default first column (ratings up to 2): good 81–88, great 89–94.
    const out = roll({ bonus: 1, penalty: 0, column: 1 }, [6, 9, 8]);
    expect(out).toMatchObject({ rating: 1, column: 0, level: "great", levelIndex: 7, success: true, assist: "bonus" });
  });

  it("reads T9 O9 penalty 0 (09) at rating 1 as catastrophic, which hinders a leader", () => {
    const out = roll({ bonus: 0, penalty: 1, column: 1 }, [9, 9, 10]);
    expect(out).toMatchObject({ level: "catastrophic", levelIndex: 0, success: false, assist: "penalty" });
  });

  it("seed example: the penalty die knocks what the dice alone read as Awesome (99) down to Catastrophic (09)", () => {
    const out = roll({ bonus: 0, penalty: 1, column: 1 }, [9, 9, 10]);
    expect(out).toMatchObject({ original: 99, value: 9, originalLevel: "awesome", level: "catastrophic" });
  });

  it("names the level a bonus die raised the roll from, and none when no extra die took the tens place", () => {
    // Default first column: poor 56–70, great 89–94.
    expect(roll({ bonus: 1, penalty: 0, column: 1 }, [6, 9, 8])).toMatchObject({
      original: 69,
      originalLevel: "poor",
      level: "great",
    });
    // T6 O9 bonus 2: the tens die stays, so there is no level "before".
    expect(roll({ bonus: 1, penalty: 0, column: 1 }, [6, 9, 2])).toMatchObject({ value: 69, originalLevel: null });
    // Replaced, but without a rating there are no levels at all.
    expect(roll({ bonus: 1, penalty: 0 }, [6, 9, 8]).originalLevel).toBeNull();
  });

  it("names the lowest value that succeeds in the column read (71 at rating 1, 26 at rating 20 on the default table)", () => {
    // Default first column: passable, the lowest success, starts at 71; the last column's at 26.
    expect(roll({ bonus: 0, penalty: 0, column: 1 }, [5, 5]).successFrom).toBe(71);
    expect(roll({ bonus: 0, penalty: 0, column: 20 }, [5, 5]).successFrom).toBe(26);
  });

  it("reads the value on a table given in the request", () => {
    const art = {
      levels: DEFAULT_ART.levels,
      columns: [
        { min: 0, max: 0, ranges: [[1, 1], [2, 2], [3, 3], [4, 4], [5, 49], [50, 99], null, null, null, [100, 100]] },
      ],
    };
    const req = validate({ bonus: 0, penalty: 0, column: 7, art: art as unknown as PercentileRequest["art"] });
    expect(resolve(req, throwAll(engine, req, fixedFaces([5, 5]))).level).toBe("passable");
    expect(resolve(req, throwAll(engine, req, fixedFaces([10, 10]))).level).toBe("awesome");
    expect(resolve(req, throwAll(engine, req, fixedFaces([10, 4]))).level).toBe("lacking");
    // This column's first success level with values, passable, starts at 50.
    expect(resolve(req, throwAll(engine, req, fixedFaces([5, 5]))).successFrom).toBe(50);
    const hopeless = validate({
      bonus: 0,
      penalty: 0,
      column: 7,
      art: {
        levels: DEFAULT_ART.levels,
        columns: [{ min: 0, max: 0, ranges: [[1, 1], [2, 2], [3, 3], [4, 4], [5, 100], null, null, null, null, null] }],
      } as unknown as PercentileRequest["art"],
    });
    expect(resolve(hopeless, throwAll(engine, hopeless, fixedFaces([10, 10]))).successFrom).toBeNull();
  });
});

describe("percentile: the order of the steps, seen in results", () => {
  it("cancels before it caps: 7 bonus against 3 penalty under a cap of 4 throws 4 bonus dice, clamping nothing", () => {
    // Capping first would cut the 7 bonus dice to 4 and leave 1 after cancelling.
    const req = validate({ bonus: 7, penalty: 3, cap: 4 });
    expect(plan(req, []).map((d) => d.role)).toEqual(["tens", "ones", "bonus", "bonus", "bonus", "bonus"]);
    const out = resolve(req, throwAll(engine, req, fixedFaces([1, 1, 1, 1, 1, 1])));
    expect(out).toMatchObject({ cancelled: 3, net: 4, clamped: null });
  });

  it("reads the table on the value after the tens die is replaced: T6 O9 bonus 8 at rating 1 is great (89), not poor (69)", () => {
    expect(roll({ bonus: 1, penalty: 0, column: 1 }, [6, 9, 8])).toMatchObject({ value: 89, level: "great" });
  });

  it("judges a called shot on the final result: T9 O9 with a voluntary penalty die 0 reads 09 and raises nothing", () => {
    // The dice alone (99) would succeed; the penalty die makes it 09, a failure, so the multiplier stays.
    const knocked = roll({ bonus: 0, penalty: 0, voluntaryPenalty: 1, damageMultiplier: 2, column: 1 }, [9, 9, 10]);
    expect(knocked).toMatchObject({ original: 99, value: 9, success: false });
    expect(knocked.calledShot).toEqual({ requested: 1, applied: 1, base: 2, multiplier: 2 });
    // The same shot with a penalty die 9 keeps 99, a success: one voluntary die raises the multiplier by one.
    const kept = roll({ bonus: 0, penalty: 0, voluntaryPenalty: 1, damageMultiplier: 2, column: 1 }, [9, 9, 9]);
    expect(kept).toMatchObject({ value: 99, success: true });
    expect(kept.calledShot).toEqual({ requested: 1, applied: 1, base: 2, multiplier: 3 });
  });
});

describe("percentile: plan and resolve protocol", () => {
  it("asks for every die in one batch and nothing once complete", () => {
    const req = validate({ bonus: 2, penalty: 0 });
    expect(plan(req, []).map((d) => d.role)).toEqual(["tens", "ones", "bonus", "bonus"]);
    const partial: Throw[] = [{ faces: 10, role: "tens", value: 3 }];
    expect(plan(req, partial).map((d) => d.role)).toEqual(["ones", "bonus", "bonus"]);
    const all = throwAll(engine, req, fixedFaces([1, 2, 3, 4]));
    expect(plan(req, all)).toEqual([]);
  });

  it("refuses throws that do not match the plan", () => {
    const req = validate({ bonus: 1, penalty: 0 });
    const tens: Throw = { faces: 10, role: "tens", value: 6 };
    const ones: Throw = { faces: 10, role: "ones", value: 9 };
    const good: Throw[] = [tens, ones, { faces: 10, role: "bonus", value: 8 }];
    expect(resolve(req, good).value).toBe(89);
    expect(() => resolve(req, good.slice(0, 2))).toThrow(RangeError);
    expect(() => resolve(req, [...good, { faces: 10, role: "bonus", value: 1 }])).toThrow(RangeError);
    expect(() => plan(req, [...good, { faces: 10, role: "bonus", value: 1 }])).toThrow(RangeError);
    expect(() => resolve(req, [tens, ones, { faces: 10, role: "penalty", value: 8 }])).toThrow(RangeError);
    expect(() => resolve(req, [tens, ones, { faces: 6, role: "bonus", value: 3 }])).toThrow(RangeError);
    expect(() => resolve(req, [tens, ones, { faces: 10, role: "bonus", value: 0 }])).toThrow(RangeError);
    expect(() => resolve(req, [tens, ones, { faces: 10, role: "bonus", value: 11 }])).toThrow(RangeError);
    expect(() => plan(req, [{ faces: 10, role: "ones", value: 1 }])).toThrow(RangeError);
  });

  it("gives a plain JSON outcome", () => {
    const out = roll({ bonus: 2, penalty: 0, column: 9, voluntaryPenalty: 1, karmaDice: 1 }, [3, 8, 7, 2]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    expect(out.engine).toBe("percentile");
    expect(engine.id).toBe("percentile");
  });
});

describe("percentile: validation", () => {
  /** A face source that counts how often it is asked for a face. */
  function countingSource(): FaceSource & { calls: number } {
    const s = {
      calls: 0,
      next(): number {
        s.calls++;
        return 1;
      },
    };
    return s;
  }

  const bad: [string, unknown, string][] = [
    ["a negative bonus", { bonus: -1, penalty: 0 }, "OutOfRange"],
    ["a fractional bonus", { bonus: 1.5, penalty: 0 }, "NotInteger"],
    ["a NaN penalty", { bonus: 0, penalty: Number.NaN }, "NotInteger"],
    ["a missing bonus", { penalty: 0 }, "NotInteger"],
    ["a string penalty", { bonus: 0, penalty: "2" }, "NumberAsText"],
    ["bonus dice over the sanity limit", { bonus: MAX_DICE + 1, penalty: 0 }, "OutOfRange"],
    ["penalty dice over the sanity limit", { bonus: 0, penalty: MAX_DICE + 1 }, "OutOfRange"],
    ["a negative cap", { bonus: 0, penalty: 0, cap: -1 }, "OutOfRange"],
    ["a cap over the sanity limit", { bonus: 0, penalty: 0, cap: MAX_DICE + 1 }, "OutOfRange"],
    ["a fractional cap", { bonus: 0, penalty: 0, cap: 2.5 }, "NotInteger"],
    ["four karma dice", { bonus: 0, penalty: 0, karmaDice: 4 }, "TooManyKarmaDice"],
    ["negative karma dice", { bonus: 0, penalty: 0, karmaDice: -1 }, "BelowMinimum"],
    ["fractional karma dice", { bonus: 0, penalty: 0, karmaDice: 0.5 }, "NotInteger"],
    [
      "voluntary penalty dice over the sanity limit",
      { bonus: 0, penalty: 0, voluntaryPenalty: MAX_DICE + 1 },
      "OutOfRange",
    ],
    ["a negative voluntary penalty", { bonus: 0, penalty: 0, voluntaryPenalty: -2 }, "OutOfRange"],
    ["a fractional rating", { bonus: 0, penalty: 0, column: 3.5 }, "NotInteger"],
    ["a damage multiplier of 0", { bonus: 0, penalty: 0, damageMultiplier: 0 }, "OutOfRange"],
    [
      "a table with nine levels",
      { bonus: 0, penalty: 0, art: { ...DEFAULT_ART, levels: DEFAULT_ART.levels.slice(1) } },
      "ArtLevelCount",
    ],
    ["no request at all", null, "BadRequest"],
  ];

  for (const [name, request, code] of bad) {
    it(`refuses ${name} with ${code}, before any die is thrown`, () => {
      const source = countingSource();
      expect(errorKey(() => rollWith(engine, request as PercentileRequest, source))).toBe(
        `ROLLING_BONES.Error.${code}`,
      );
      expect(source.calls).toBe(0);
    });
  }

  it("names the field and the limits in the error data", () => {
    try {
      validate({ bonus: 0, penalty: MAX_DICE + 5 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      expect((e as EngineError).data).toEqual({ field: "penalty", value: MAX_DICE + 5, min: 0, max: MAX_DICE });
    }
  });

  it("fills in the defaults and leaves the rating and the default table out", () => {
    expect(validate({ bonus: 1, penalty: 0 })).toEqual({
      bonus: 1,
      penalty: 0,
      cap: 5,
      voluntaryPenalty: 0,
      karmaDice: 0,
      damageMultiplier: 1,
    });
    const full = validate({
      bonus: 2,
      penalty: 1,
      cap: 0,
      voluntaryPenalty: 1,
      karmaDice: 2,
      damageMultiplier: 3,
      column: -4,
    });
    expect(full).toEqual({
      bonus: 2,
      penalty: 1,
      cap: 0,
      voluntaryPenalty: 1,
      karmaDice: 2,
      damageMultiplier: 3,
      column: -4,
    });
    expect(validate({ bonus: 0, penalty: 0, art: DEFAULT_ART }).art).toBe(DEFAULT_ART);
  });

  it("accepts the sanity limit itself, and the rules' most karma dice (3)", () => {
    const limit = { bonus: MAX_DICE, penalty: MAX_DICE, voluntaryPenalty: MAX_DICE, karmaDice: 3, cap: MAX_DICE };
    expect(validate(limit)).toMatchObject(limit);
  });
});

describe("percentile: properties", () => {
  it("a bonus die never lowers the value", () => {
    fc.assert(
      fc.property(face, face, fc.array(face, { minLength: 1, maxLength: 5 }), (t, o, extra) => {
        const base = roll({ bonus: 0, penalty: 0 }, [t, o]).value;
        const withBonus = roll({ bonus: extra.length, penalty: 0 }, [t, o, ...extra]).value;
        const oneFewer = roll({ bonus: extra.length - 1, penalty: 0 }, [t, o, ...extra.slice(1)]).value;
        expect(withBonus).toBeGreaterThanOrEqual(base);
        expect(withBonus).toBeGreaterThanOrEqual(oneFewer);
      }),
    );
  });

  it("a penalty die never raises the value", () => {
    fc.assert(
      fc.property(face, face, fc.array(face, { minLength: 1, maxLength: 5 }), (t, o, extra) => {
        const base = roll({ bonus: 0, penalty: 0 }, [t, o]).value;
        const withPenalty = roll({ bonus: 0, penalty: extra.length }, [t, o, ...extra]).value;
        const oneFewer = roll({ bonus: 0, penalty: extra.length - 1 }, [t, o, ...extra.slice(1)]).value;
        expect(withPenalty).toBeLessThanOrEqual(base);
        expect(withPenalty).toBeLessThanOrEqual(oneFewer);
      }),
    );
  });

  it("agrees with a direct reading of the rule", () => {
    fc.assert(
      fc.property(
        face,
        face,
        fc.array(face, { minLength: 0, maxLength: 5 }),
        fc.boolean(),
        fc.integer({ min: -5, max: 30 }),
        (t, o, extra, isBonus, rating) => {
          const kind = isBonus ? "bonus" : "penalty";
          const n = extra.length;
          const out = roll({ bonus: isBonus ? n : 0, penalty: isBonus ? 0 : n, column: rating }, [t, o, ...extra]);
          expect(out.value).toBe(ruleValue([t, o, ...extra], kind));
          expect(out.value).toBe(valueOf(out.tens, out.ones));
          const kept = out.dice.filter((d) => d.marks.includes("kept") && d.role !== "ones");
          expect(kept).toHaveLength(1);
          expect(kept[0]?.reading).toBe(out.tens);
          expect(out.dice.filter((d) => d.marks.includes("replaced"))).toHaveLength(out.tensFrom === null ? 0 : 1);
        },
      ),
    );
  });

  it("cancellation is symmetric: (b, p) and (b + k, p + k) give the same dice and result", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(face, { minLength: 20, maxLength: 20 }),
        fc.integer({ min: -2, max: 22 }),
        (b, p, k, cap, faces, rating) => {
          const a = validate({ bonus: b, penalty: p, cap, column: rating });
          const c = validate({ bonus: b + k, penalty: p + k, cap, column: rating });
          expect(plan(c, [])).toEqual(plan(a, []));
          const used = faces.slice(0, plan(a, []).length);
          const ra = resolve(a, throwAll(engine, a, fixedFaces(used)));
          const rc = resolve(c, throwAll(engine, c, fixedFaces(used)));
          expect(rc.cancelled - ra.cancelled).toBe(k);
          const strip = (o: PercentileOutcome): Partial<PercentileOutcome> => ({
            ...o,
            bonus: undefined,
            penalty: undefined,
            cancelled: undefined,
          });
          expect(strip(rc)).toEqual(strip(ra));
        },
      ),
    );
  });

  it("an outcome replays from the dice it records (what a chat card stores)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (bonus, penalty, karmaDice, voluntaryPenalty, seed) => {
          const req = validate({ bonus, penalty, karmaDice, voluntaryPenalty, column: 8 });
          const thrown = throwAll(engine, req, seededFaces(seed));
          const out = resolve(req, thrown);
          expect(out.dice.map((d) => d.role)).toEqual(plan(req, []).map((d) => d.role));
          expectReplays(engine, req, thrown, out, out.dice, () =>
            rollWith(engine, { bonus: penalty, penalty: bonus, column: 1 }, seededFaces(seed + 1)),
          );
        },
      ),
    );
  });
});
