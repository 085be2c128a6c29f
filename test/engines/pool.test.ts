import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_POOL,
  botchCancellation,
  botchDegree,
  buildPool,
  difficultyName,
  engine,
  isDifficultyWarning,
  odds,
  plan,
  ratingName,
  resolve,
  successDegree,
  validate,
  type PoolOutcome,
  type PoolRequest,
} from "../../src/engines/pool/index.ts";
import {
  EngineError,
  fixedFaces,
  rollWith,
  throwAll,
  type FaceSource,
  type Throw,
} from "../../src/engines/shared/index.ts";
import { expectReplays } from "./replay.ts";

/** Throws of d10s showing the given faces. */
function d10s(...faces: number[]): Throw[] {
  return faces.map((value) => ({ faces: 10, role: "pool", value }));
}

/** Rolls a request with fixed faces through the shared throw protocol. */
function roll(request: PoolRequest, ...faces: number[]): PoolOutcome {
  return rollWith(engine, request, fixedFaces(faces));
}

/** A face source that fails the test if any die is drawn from it. */
const neverDraw: FaceSource = {
  next(): number {
    throw new Error("a die was drawn for a bad request");
  },
};

/** Expects `fn` to throw an EngineError with the given key suffix. */
function expectEngineError(fn: () => unknown, code: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EngineError);
  expect((caught as EngineError).key).toBe(`ROLLING_BONES.Error.${code}`);
}

/** Indices of the dice carrying a mark. */
function marked(outcome: PoolOutcome, mark: string): number[] {
  return outcome.dice.filter((d) => (d.marks as readonly string[]).includes(mark)).map((d) => d.index);
}

describe("pool: building a pool from traits (RULES §5)", () => {
  it("'Pool = Attribute + Ability': Perception 3 and Alertness 2 roll five dice", () => {
    expect(buildPool({ attribute: 3, ability: 2 })).toEqual({ pool: 5, cancellation: 0, source: "attributeAbility" });
  });

  it("'with no dots in the Ability, the Attribute alone'", () => {
    expect(buildPool({ attribute: 3, ability: 0 })).toEqual({ pool: 3, cancellation: 0, source: "attribute" });
    expect(buildPool({ attribute: 4 })).toEqual({ pool: 4, cancellation: 0, source: "attribute" });
  });

  it("'A pool based on a 10-point trait adds nothing else'", () => {
    expect(buildPool({ tenPointTrait: 7 })).toEqual({ pool: 7, cancellation: 0, source: "tenPointTrait" });
    expectEngineError(() => buildPool({ tenPointTrait: 7, attribute: 2 }), "TenPointTraitAlone");
    expectEngineError(() => buildPool({ tenPointTrait: 7, ability: 1 }), "TenPointTraitAlone");
  });

  it("'Traits 0–5 dots (Willpower and other 10-point traits 0–10)'; an Ability may have the sixth dot the rules use", () => {
    expect(buildPool({ attribute: 5, ability: 5 }).pool).toBe(10);
    expect(buildPool({ tenPointTrait: 10 }).pool).toBe(10);
    expect(buildPool({ attribute: 0, ability: 0 }).pool).toBe(0);
    expectEngineError(() => buildPool({ attribute: 6, ability: 0 }), "OutOfRange");
    // 'botch cancellation … at 6, two': the rules give an Ability's sixth dot an effect, and no seventh.
    expect(buildPool({ attribute: 5, ability: 6 })).toEqual({ pool: 11, cancellation: 2, source: "attributeAbility" });
    expectEngineError(() => buildPool({ attribute: 3, ability: 7 }), "OutOfRange");
    expectEngineError(() => buildPool({ attribute: -1, ability: 0 }), "OutOfRange");
    expectEngineError(() => buildPool({ tenPointTrait: 11 }), "OutOfRange");
    expectEngineError(() => buildPool({ attribute: 2.5, ability: 0 }), "NotInteger");
    expectEngineError(() => buildPool({}), "NotInteger");
  });

  it("'with the Ability at 5 dots, one 1 is ignored for botch determination; at 6, two'", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((dots) => botchCancellation(dots))).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect(buildPool({ attribute: 2, ability: 5 }).cancellation).toBe(1);
    expect(buildPool({ attribute: 2, ability: 4 }).cancellation).toBe(0);
    expectEngineError(() => botchCancellation(7), "OutOfRange");
    expectEngineError(() => botchCancellation(Number.NaN), "NotInteger");
  });
});

describe("pool: RULES §5 statements as worked examples", () => {
  it("'Difficulty 2–10, default 6'", () => {
    expect(validate({ pool: 3 })).toEqual({
      pool: 3,
      difficulty: 6,
      cancellation: 0,
      willpower: false,
      automatic: false,
    });
    expect(validate({ pool: 3, difficulty: 2 }).difficulty).toBe(2);
    expect(validate({ pool: 3, difficulty: 10 }).difficulty).toBe(10);
    expectEngineError(() => validate({ pool: 3, difficulty: 1 }), "DifficultyRange");
    expectEngineError(() => validate({ pool: 3, difficulty: 11 }), "DifficultyRange");
    // Without a difficulty, a 6 succeeds and a 5 does not.
    expect(roll({ pool: 2 }, 6, 5).successes).toBe(1);
    expect(roll({ pool: 2 }, 5, 5).successes).toBe(0);
  });

  it("'Each die ≥ difficulty is a success': 3, 3, 8, 7, 10 at difficulty 6 is three successes", () => {
    const out = roll({ pool: 5, difficulty: 6 }, 3, 3, 8, 7, 10);
    expect(out.successes).toBe(3);
    expect(out.ones).toBe(0);
    expect(out.net).toBe(3);
    expect(out.result).toBe("success");
    expect(out.degree).toBe("complete");
    expect(marked(out, "success")).toEqual([2, 3, 4]);
  });

  it("'a 10 always is' a success: 10 and 9 at difficulty 10 is one success", () => {
    const out = roll({ pool: 2, difficulty: 10 }, 10, 9);
    expect(out.successes).toBe(1);
    expect(out.degree).toBe("marginal");
  });

  it("a face equal to the difficulty succeeds, one below does not: 6 and 5 at difficulty 6", () => {
    const out = roll({ pool: 2 }, 6, 5);
    expect(out.successes).toBe(1);
    expect(marked(out, "success")).toEqual([0]);
  });

  it("'Rule of one: each 1 cancels one success': 7, 1, 3 at difficulty 6 is a plain failure, not a botch", () => {
    const out = roll({ pool: 3, difficulty: 6 }, 7, 1, 3);
    expect(out.successes).toBe(1);
    expect(out.ones).toBe(1);
    expect(out.cancelled).toBe(1);
    expect(out.net).toBe(0);
    expect(out.result).toBe("failure");
    expect(out.degree).toBeNull();
    expect(out.botchLevel).toBe(0);
    expect(out.dice[0]).toMatchObject({ marks: ["success", "cancelled"], pairedWith: 1 });
    expect(out.dice[1]).toMatchObject({ marks: ["one", "cancelled"], pairedWith: 0 });
    expect(out.dice[2]?.marks).toEqual([]);
  });

  it("'Net successes = max(0, successes − ones)': 8, 1, 1 nets 0, not −1", () => {
    const out = roll({ pool: 3 }, 8, 1, 1);
    expect(out.net).toBe(0);
    expect(out.cancelled).toBe(1);
    expect(marked(out, "cancelled")).toEqual([0, 1]);
    expect(out.dice[2]?.marks).toEqual(["one"]);
  });

  it("'If any die scored a success, even if cancelled, it is a plain failure': 7, 1, 1, 1", () => {
    const out = roll({ pool: 4 }, 7, 1, 1, 1);
    expect(out.result).toBe("failure");
    expect(out.botchLevel).toBe(0);
    expect(out.averted).toBe(false);
  });

  it("'Botch: no die scored a success and at least one die shows 1': 1, 3, 5 botches", () => {
    const out = roll({ pool: 3 }, 1, 3, 5);
    expect(out.result).toBe("botch");
    expect(out.net).toBe(0);
    expect(out.botchLevel).toBe(1);
    expect(out.degree).toBe("embarrassing");
  });

  it("no success and no 1 is a plain failure: 2, 3, 5", () => {
    const out = roll({ pool: 3 }, 2, 3, 5);
    expect(out.result).toBe("failure");
    expect(out.botchLevel).toBe(0);
  });

  it("'Degree of botch = number of 1s: Embarrassing, Unfortunate, Severe, Disastrous, Catastrophic (5+)'", () => {
    const expected = ["embarrassing", "unfortunate", "severe", "disastrous", "catastrophic", "catastrophic"];
    for (let ones = 1; ones <= 6; ones++) {
      const faces = [...Array<number>(ones).fill(1), 4];
      const out = roll({ pool: faces.length, difficulty: 6 }, ...faces);
      expect(out.result).toBe("botch");
      expect(out.botchLevel).toBe(ones);
      expect(out.degree).toBe(expected[ones - 1]);
    }
    expect(botchDegree(0)).toBeNull();
  });

  it("'Degrees of success (net): 1 Marginal, 2 Moderate, 3 Complete, 4 Exceptional, 5+ Phenomenal'", () => {
    const expected = ["marginal", "moderate", "complete", "exceptional", "phenomenal", "phenomenal", "phenomenal"];
    for (let net = 1; net <= 7; net++) {
      const out = roll({ pool: net + 1 }, ...Array<number>(net).fill(9), 2);
      expect(out.net).toBe(net);
      expect(out.degree).toBe(expected[net - 1]);
    }
    expect(successDegree(0)).toBeNull();
  });

  it("'with the Ability at 5 dots, one 1 is ignored': 1, 1, 4 is an Embarrassing botch, not Unfortunate", () => {
    const out = roll({ pool: 3, cancellation: 1 }, 1, 1, 4);
    expect(out.result).toBe("botch");
    expect(out.ignored).toBe(1);
    expect(out.botchLevel).toBe(1);
    expect(out.degree).toBe("embarrassing");
    expect(out.dice[0]?.marks).toEqual(["one", "ignored"]);
    expect(out.dice[1]?.marks).toEqual(["one"]);
  });

  it("'A botch whose degree falls to 0 is a plain failure': 1, 4 with one 1 ignored", () => {
    const out = roll({ pool: 2, cancellation: 1 }, 1, 4);
    expect(out.result).toBe("failure");
    expect(out.botchLevel).toBe(0);
    expect(out.degree).toBeNull();
  });

  it("'at 6, two': 1, 1, 3 with two 1s ignored is a plain failure; 1, 1, 1 is Embarrassing", () => {
    expect(roll({ pool: 3, cancellation: 2 }, 1, 1, 3).result).toBe("failure");
    const three = roll({ pool: 3, cancellation: 2 }, 1, 1, 1);
    expect(three.result).toBe("botch");
    expect(three.degree).toBe("embarrassing");
    expect(marked(three, "ignored")).toEqual([0, 1]);
  });

  it("botch cancellation never touches the rule of one: 7, 1 with one 1 ignorable still nets 0", () => {
    const out = roll({ pool: 2, cancellation: 1 }, 7, 1);
    expect(out.net).toBe(0);
    expect(out.ignored).toBe(0);
    expect(out.result).toBe("failure");
  });

  it("'Automatic success: when the pool ≥ difficulty, the roller may take one success without rolling'", () => {
    const req: PoolRequest = { pool: 8, difficulty: 8, automatic: true };
    expect(plan(req, [])).toEqual([]);
    const out = rollWith(engine, req, neverDraw);
    expect(out).toMatchObject({ automatic: true, dice: [], net: 1, result: "success", degree: "marginal" });
    expectEngineError(() => validate({ pool: 7, difficulty: 8, automatic: true }), "AutomaticNotAllowed");
  });

  it("'rolling anyway is allowed': eight dice at difficulty 8 may also be rolled", () => {
    const out = roll({ pool: 8, difficulty: 8 }, 8, 9, 10, 2, 3, 4, 5, 6);
    expect(out.automatic).toBe(false);
    expect(out.net).toBe(3);
  });

  it("'Willpower: one automatic success added to the rolled successes (not cancelled by 1s)'", () => {
    const plain = roll({ pool: 2, willpower: true }, 8, 9);
    expect(plain.net).toBe(3);
    expect(plain.freeSuccesses).toBe(1);
    const cancelled = roll({ pool: 2, willpower: true }, 7, 1);
    expect(cancelled.cancelled).toBe(1);
    expect(cancelled.net).toBe(1);
    expect(cancelled.result).toBe("success");
    const ones = roll({ pool: 3, willpower: true }, 1, 1, 1);
    expect(ones.net).toBe(1);
  });

  it("a Willpower success turns a would-be botch into a marginal success: 1, 1, 4", () => {
    const out = roll({ pool: 3, willpower: true }, 1, 1, 4);
    expect(out.result).toBe("success");
    expect(out.degree).toBe("marginal");
    expect(out.botchLevel).toBe(2);
    expect(out.averted).toBe(true);
    expectEngineError(
      () => validate({ pool: 8, difficulty: 6, automatic: true, willpower: true }),
      "AutomaticWithWillpower",
    );
  });

  it("'The roll dialog warns at difficulty 10'", () => {
    expect(isDifficultyWarning(10)).toBe(true);
    for (let d = 2; d <= 9; d++) expect(isDifficultyWarning(d)).toBe(false);
    expect(roll({ pool: 1, difficulty: 10 }, 5).difficultyWarning).toBe(true);
    expect(roll({ pool: 1, difficulty: 9 }, 5).difficultyWarning).toBe(false);
  });
});

describe("pool: the order of the steps, seen in results", () => {
  it("botch cancellation leaves the rule of one alone: an ignorable 1 still cancels a success (7, 1)", () => {
    expect(roll({ pool: 2, cancellation: 2 }, 7, 1).net).toBe(0);
  });

  it("rule of one before Willpower: a 1 cannot cancel the Willpower success (1)", () => {
    expect(roll({ pool: 1, willpower: true }, 1).net).toBe(1);
  });

  it("botch cancellation before Willpower: the averted level is the level after cancellation (1, 1, 1)", () => {
    const out = roll({ pool: 3, cancellation: 1, willpower: true }, 1, 1, 1);
    expect(out.botchLevel).toBe(2);
    expect(out.averted).toBe(true);
  });
});

describe("pool: which dice are cancelled", () => {
  it("pairs 1s in throw order with the lowest successes first: 9, 6, 1, 10, 1, 7", () => {
    const out = roll({ pool: 6 }, 9, 6, 1, 10, 1, 7);
    expect(out.successes).toBe(4);
    expect(out.cancelled).toBe(2);
    expect(out.net).toBe(2);
    expect(out.degree).toBe("moderate");
    expect(out.dice.map((d) => d.pairedWith)).toEqual([null, 2, 1, null, 5, 4]);
    expect(out.dice[0]?.marks).toEqual(["success"]);
    expect(out.dice[3]?.marks).toEqual(["success"]);
  });

  it("equal successes are cancelled in throw order: 8, 8, 1", () => {
    const out = roll({ pool: 3 }, 8, 8, 1);
    expect(out.dice[0]?.pairedWith).toBe(2);
    expect(out.dice[1]?.pairedWith).toBeNull();
  });
});

describe("pool: validation", () => {
  const bad: [string, unknown, string][] = [
    ["pool 0", { pool: 0 }, "PoolTooSmall"],
    ["pool −3", { pool: -3 }, "PoolTooSmall"],
    ["pool NaN", { pool: Number.NaN }, "NotInteger"],
    ["pool 2.5", { pool: 2.5 }, "NotInteger"],
    ["pool '5'", { pool: "5" }, "NotInteger"],
    ["pool missing", {}, "NotInteger"],
    [`pool ${MAX_POOL + 1} (over the sanity limit)`, { pool: MAX_POOL + 1 }, "PoolTooLarge"],
    ["difficulty 11", { pool: 3, difficulty: 11 }, "DifficultyRange"],
    ["difficulty 1", { pool: 3, difficulty: 1 }, "DifficultyRange"],
    ["difficulty 0", { pool: 3, difficulty: 0 }, "DifficultyRange"],
    ["difficulty 6.5", { pool: 3, difficulty: 6.5 }, "NotInteger"],
    ["difficulty NaN", { pool: 3, difficulty: Number.NaN }, "NotInteger"],
    ["cancellation 3", { pool: 3, cancellation: 3 }, "OutOfRange"],
    ["cancellation −1", { pool: 3, cancellation: -1 }, "OutOfRange"],
    ["cancellation 0.5", { pool: 3, cancellation: 0.5 }, "NotInteger"],
    ["willpower 'yes'", { pool: 3, willpower: "yes" }, "NotBoolean"],
    ["automatic 1", { pool: 8, automatic: 1 }, "NotBoolean"],
    ["automatic with pool < difficulty", { pool: 5, difficulty: 6, automatic: true }, "AutomaticNotAllowed"],
    [
      "automatic with Willpower",
      { pool: 6, difficulty: 6, automatic: true, willpower: true },
      "AutomaticWithWillpower",
    ],
    ["null request", null, "BadRequest"],
  ];

  for (const [name, request, code] of bad) {
    it(`${name} → ${code}, and no die is thrown`, () => {
      const req = request as PoolRequest;
      expectEngineError(() => validate(req), code);
      expectEngineError(() => rollWith(engine, req, neverDraw), code);
      expectEngineError(() => throwAll(engine, req, neverDraw), code);
      expectEngineError(() => engine.odds(req), code);
    });
  }

  it("accepts a pool at the sanity limit", () => {
    expect(validate({ pool: MAX_POOL }).pool).toBe(MAX_POOL);
    expect(roll({ pool: MAX_POOL }, ...Array<number>(MAX_POOL).fill(7)).net).toBe(MAX_POOL);
  });

  it("accepts its own output unchanged", () => {
    const req = validate({ pool: 9, difficulty: 9, cancellation: 2, willpower: false, automatic: true });
    expect(validate(req)).toEqual(req);
  });

  it("the error carries its data for the message placeholders", () => {
    try {
      validate({ pool: 3, difficulty: 11 });
      expect.unreachable();
    } catch (error) {
      expect((error as EngineError).data).toEqual({ difficulty: 11, min: 2, max: 10 });
    }
  });

  it("resolve refuses throws that do not match the plan", () => {
    expect(() => resolve({ pool: 3 }, d10s(5, 5))).toThrow(RangeError);
    expect(() => resolve({ pool: 3 }, d10s(5, 5, 5, 5))).toThrow(RangeError);
    expect(() => resolve({ pool: 1 }, [{ faces: 6, role: "pool", value: 5 }])).toThrow(RangeError);
    expect(() => resolve({ pool: 1 }, d10s(0))).toThrow(RangeError);
    expect(() => resolve({ pool: 1 }, d10s(11))).toThrow(RangeError);
    expect(() => resolve({ pool: 8, difficulty: 8, automatic: true }, d10s(5))).toThrow(RangeError);
    expect(() => plan({ pool: 1 }, d10s(5, 5))).toThrow(RangeError);
  });

  it("plan asks for one d10 per die still missing", () => {
    expect(plan({ pool: 3 }, [])).toEqual([
      { faces: 10, role: "pool" },
      { faces: 10, role: "pool" },
      { faces: 10, role: "pool" },
    ]);
    expect(plan({ pool: 3 }, d10s(4))).toHaveLength(2);
    expect(plan({ pool: 3 }, d10s(4, 4, 4))).toEqual([]);
  });
});

/** A request with faces that fit it. */
const rolled = fc
  .record({
    pool: fc.integer({ min: 1, max: 15 }),
    difficulty: fc.integer({ min: 2, max: 10 }),
    cancellation: fc.constantFrom(0 as const, 1 as const, 2 as const),
    willpower: fc.boolean(),
  })
  .chain((req) =>
    fc.tuple(fc.constant(req), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: req.pool, maxLength: req.pool })),
  );

/** An independent reading of RULES §5 on plain faces: net successes, result and botch level. */
function reference(req: Required<Omit<PoolRequest, "damage" | "emptied">>, faces: readonly number[]) {
  const successes = faces.filter((f) => f >= req.difficulty).length;
  const ones = faces.filter((f) => f === 1).length;
  const net = Math.max(0, successes - ones) + (req.willpower ? 1 : 0);
  const botchLevel = successes === 0 ? Math.max(0, ones - req.cancellation) : 0;
  const result = net > 0 ? "success" : botchLevel > 0 ? "botch" : "failure";
  return { successes, ones, net, botchLevel, result };
}

describe("pool: properties", () => {
  it("net successes never exceed the successes rolled (plus the free success) and are never negative", () => {
    fc.assert(
      fc.property(rolled, ([req, faces]) => {
        const out = resolve(req, d10s(...faces));
        expect(out.net).toBeGreaterThanOrEqual(0);
        expect(out.net - out.freeSuccesses).toBeLessThanOrEqual(out.successes);
        if (!req.willpower) expect(out.net).toBeLessThanOrEqual(out.successes);
      }),
    );
  });

  it("a botch always has net 0, no success on any die and more 1s than the cancellation", () => {
    fc.assert(
      fc.property(rolled, ([req, faces]) => {
        const out = resolve(req, d10s(...faces));
        if (out.result !== "botch") return;
        expect(out.net).toBe(0);
        expect(out.successes).toBe(0);
        expect(out.ones).toBeGreaterThan(req.cancellation);
        expect(out.willpower).toBe(false);
      }),
    );
  });

  it("an outcome replays from the dice it records (what a chat card stores)", () => {
    fc.assert(
      fc.property(rolled, rolled, ([req, faces], [other, otherFaces]) => {
        const valid = validate(req);
        const thrown = d10s(...faces);
        const out = resolve(valid, thrown);
        expectReplays(engine, valid, thrown, out, out.dice, () => resolve(validate(other), d10s(...otherFaces)));
      }),
    );
  });

  it("agrees with an independent reading of the rules", () => {
    fc.assert(
      fc.property(rolled, ([req, faces]) => {
        const out = resolve(req, d10s(...faces));
        const ref = reference(validate(req), faces);
        expect({
          successes: out.successes,
          ones: out.ones,
          net: out.net,
          botchLevel: out.botchLevel,
          result: out.result,
        }).toEqual(ref);
      }),
    );
  });

  it("cancellation pairs are consistent: one 1 per cancelled success, higher successes survive", () => {
    fc.assert(
      fc.property(rolled, ([req, faces]) => {
        const out = resolve(req, d10s(...faces));
        const cancelled = out.dice.filter((d) => d.marks.includes("cancelled"));
        expect(cancelled.filter((d) => d.value === 1)).toHaveLength(out.cancelled);
        expect(cancelled.filter((d) => d.value !== 1)).toHaveLength(out.cancelled);
        for (const d of cancelled) {
          const partner = out.dice[d.pairedWith as number];
          expect(partner?.pairedWith).toBe(d.index);
          expect(partner?.value === 1).toBe(d.value !== 1);
        }
        const standing = out.dice.filter((d) => d.marks.includes("success") && !d.marks.includes("cancelled"));
        const lost = cancelled.filter((d) => d.value !== 1);
        for (const s of standing) for (const c of lost) expect(s.value).toBeGreaterThanOrEqual(c.value);
        expect(marked(out, "ignored")).toHaveLength(out.ignored);
      }),
    );
  });
});

describe("pool: the rules' names for ratings and difficulties (docs/rules.md §5)", () => {
  it("'ratings 0 Abysmal, 1 Poor, 2 Average, 3 Good, 4 Exceptional, 5 Superb'; no name past 5", () => {
    expect([0, 1, 2, 3, 4, 5].map(ratingName)).toEqual(["abysmal", "poor", "average", "good", "exceptional", "superb"]);
    expect(ratingName(6)).toBeNull();
    expect(ratingName(-1)).toBeNull();
    expect(ratingName(2.5)).toBeNull();
  });

  it("'difficulties 3 Trivial … 9 Extremely difficult (2 and 10 have no name in the text)'", () => {
    expect([3, 4, 5, 6, 7, 8, 9].map(difficultyName)).toEqual([
      "trivial",
      "easy",
      "straightforward",
      "standard",
      "challenging",
      "difficult",
      "extremelyDifficult",
    ]);
    expect([2, 10, 11, 0, 6.5].map(difficultyName)).toEqual([null, null, null, null, null]);
  });
});

describe("pool: a penalty that leaves no dice (docs/rules.md §6 readings settled once fights were played)", () => {
  it("throws nothing and fails, never a botch; Willpower and an automatic success are dropped, not refused", () => {
    const req = validate({ pool: 0, emptied: true, willpower: true, automatic: true });
    expect(req).toMatchObject({ pool: 0, willpower: false, automatic: false, emptied: true });
    expect(plan(req, [])).toEqual([]);
    expect(resolve(req, [])).toMatchObject({ dice: [], net: 0, result: "failure", degree: null, emptied: true });
    expect(odds(req)).toMatchObject({ pSuccess: 0, pBotch: 0, results: { failure: 1 } });
  });

  it("still refuses a pool of 0 asked for as such, and an emptied pool that holds dice", () => {
    expect(() => validate({ pool: 0 })).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.PoolTooSmall" }));
    expect(() => validate({ pool: 2, emptied: true })).toThrow(EngineError);
  });
});
