import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTION_DIE_SIZES,
  ACTION_STEPS,
  GM_DIE_BY_PLAYER_DIE,
  PLAYER_POOL_TABLE,
  engine,
  gmDie,
  gmPool,
  plan,
  playerPool,
  poolForCharacters,
  resolve,
  validate,
  type ActionOutcome,
  type ActionRequest,
} from "../../src/engines/action/index.ts";
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

/** Rolls a request from fixed faces (validating it first). */
function roll(request: ActionRequest, faces: readonly number[]): ActionOutcome {
  return rollWith(engine, request, fixedFaces(faces));
}

/** The error key a call throws, or `null` when it throws none. */
function errorKey(f: () => unknown): string | null {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e.key;
    throw e;
  }
  return null;
}

/** A face source that fails the test if it is ever asked for a face. */
const untouched: FaceSource = {
  next() {
    throw new Error("a die was thrown for a request that should have been refused");
  },
};

describe("action: player pool table", () => {
  it('docs/rules.md "0–½ (below 1) | d3 | 2": levels 0 and ½ get 2d3', () => {
    expect(playerPool(0)).toEqual({ faces: 3, count: 2 });
    expect(playerPool(0.5)).toEqual({ faces: 3, count: 2 });
  });

  it("reads every row of the table at both ends", () => {
    const rows: [number, number, number, number][] = [
      [1, 5, 4, 3],
      [6, 10, 6, 4],
      [11, 15, 8, 5],
      [16, 20, 10, 6],
      [21, 25, 12, 7],
      [26, 30, 14, 8],
      [31, 35, 16, 9],
      [36, 40, 16, 10],
    ];
    for (const [lo, hi, faces, count] of rows) {
      for (let level = lo; level <= hi; level++) expect(playerPool(level)).toEqual({ faces, count });
    }
    expect(PLAYER_POOL_TABLE).toHaveLength(9);
  });

  it('docs/rules.md "41+ … (41–45: 11, 46–50: 12, …)": one more d16 for each full or begun 5 levels past 40', () => {
    for (let level = 41; level <= 45; level++) expect(playerPool(level)).toEqual({ faces: 16, count: 11 });
    for (let level = 46; level <= 50; level++) expect(playerPool(level)).toEqual({ faces: 16, count: 12 });
    expect(playerPool(51)).toEqual({ faces: 16, count: 13 });
    expect(playerPool(100)).toEqual({ faces: 16, count: 22 });
  });

  it("the die never grows beyond d16 and the count never shrinks as the level rises", () => {
    let previous = playerPool(0);
    for (let level = 1; level <= 300; level++) {
      const pool = playerPool(level);
      expect(pool.faces).toBeLessThanOrEqual(16);
      expect(pool.faces).toBeGreaterThanOrEqual(previous.faces);
      expect(pool.count).toBeGreaterThanOrEqual(previous.count);
      previous = pool;
    }
  });

  it("refuses levels that are not 0, ½ or a whole number in range", () => {
    for (const level of [-1, 0.25, 1.5, Number.NaN, Infinity, 1000]) {
      expect(errorKey(() => playerPool(level))).toBe("ROLLING_BONES.Error.InvalidLevel");
    }
  });
});

describe("action: the Gamemaster's dice", () => {
  it('docs/rules.md "d3→d6, d4→d8, d6→d10, d8→d12, d10→d14, d12→d16, d14→d20, d16→d24"', () => {
    const expected: [number, number][] = [
      [3, 6],
      [4, 8],
      [6, 10],
      [8, 12],
      [10, 14],
      [12, 16],
      [14, 20],
      [16, 24],
    ];
    for (const [player, gm] of expected) expect(gmDie([player])).toBe(gm);
    expect(Object.keys(GM_DIE_BY_PLAYER_DIE)).toHaveLength(8);
  });

  it("the GM die follows the highest player die, whatever the order", () => {
    expect(gmDie([4, 8, 6])).toBe(12);
    expect(gmDie([16, 3])).toBe(24);
  });

  it("refuses no players and die sizes a player pool cannot have", () => {
    expect(errorKey(() => gmDie([]))).toBe("ROLLING_BONES.Error.NoPlayers");
    expect(errorKey(() => gmDie([20]))).toBe("ROLLING_BONES.Error.DieSizeNotAllowed");
    expect(errorKey(() => gmDie([5]))).toBe("ROLLING_BONES.Error.DieSizeNotAllowed");
  });

  it("seed: six players, one of them with four dice → the GM starts with ten dice", () => {
    const pools = [3, 3, 3, 4, 3, 3].map((count) => ({ faces: count === 4 ? (6 as const) : (4 as const), count }));
    expect(gmPool(pools)).toEqual({ faces: 10, count: 10 });
  });

  it("seed: three players, one of them at level 11 → 3 + 5 = 8 GM dice (the table's 5d8 wins over the seed's 6d8)", () => {
    const pools = [playerPool(11), playerPool(3), playerPool(2)];
    expect(gmPool(pools)).toEqual({ faces: 12, count: 8 });
  });

  it("a player's pool of several sizes counts all its dice", () => {
    expect(
      gmPool([
        [
          { faces: 6, count: 2 },
          { faces: 4, count: 1 },
        ],
        { faces: 4, count: 2 },
      ]),
    ).toEqual({ faces: 10, count: 2 + 3 });
  });
});

describe("action: one pool for several characters", () => {
  it("a single character gets its own pool under every rule", () => {
    for (const rule of ["highest", "balanced", "divided"] as const) {
      expect(poolForCharacters([12], rule)).toEqual([{ faces: 8, count: 5 }]);
    }
  });

  it("highest (default): the highest-level character's pool", () => {
    expect(poolForCharacters([2, 8, 14])).toEqual([{ faces: 8, count: 5 }]);
  });

  it("balanced: within 3 levels → the highest character's pool", () => {
    expect(poolForCharacters([5, 8], "balanced")).toEqual([{ faces: 6, count: 4 }]);
  });

  it("balanced: 4 or more levels apart → one die fewer, or one die more of the lower character's size", () => {
    expect(poolForCharacters([2, 8], "balanced", "fewer")).toEqual([{ faces: 6, count: 3 }]);
    expect(poolForCharacters([2, 8], "balanced", "smaller")).toEqual([{ faces: 4, count: 5 }]);
    expect(poolForCharacters([2, 8], "balanced")).toEqual([{ faces: 6, count: 3 }]);
  });

  it("balanced: 'smaller' never adds a die of the same size (both characters on d6 → one die fewer)", () => {
    expect(poolForCharacters([6, 10], "balanced", "smaller")).toEqual([{ faces: 6, count: 3 }]);
  });

  it("seed: divided, a 2nd-level and an 8th-level character → 1d4 and 2d6", () => {
    expect(poolForCharacters([2, 8], "divided")).toEqual([
      { faces: 6, count: 2 },
      { faces: 4, count: 1 },
    ]);
  });

  it("divided: never more dice than the highest character alone, and never none", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 6 }), (levels) => {
        const pool = poolForCharacters(levels, "divided");
        const total = pool.reduce((n, p) => n + p.count, 0);
        expect(total).toBeGreaterThanOrEqual(1);
        expect(total).toBeLessThanOrEqual(playerPool(Math.max(...levels)).count);
      }),
    );
  });

  it("no rule gives more dice than the highest character's pool", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("highest", "balanced", "divided" as const),
        fc.constantFrom("fewer", "smaller" as const),
        (levels, rule, choice) => {
          const pool = poolForCharacters(levels, rule, choice);
          const top = playerPool(Math.max(...levels));
          const total = pool.reduce((n, p) => n + p.count, 0);
          const bigger = pool.some((p) => p.faces > top.faces);
          expect(bigger).toBe(false);
          if (pool.every((p) => p.faces === top.faces)) expect(total).toBeLessThanOrEqual(top.count);
        },
      ),
    );
  });

  it("refuses no characters, unknown rules and bad levels", () => {
    expect(errorKey(() => poolForCharacters([]))).toBe("ROLLING_BONES.Error.NoCharacters");
    expect(errorKey(() => poolForCharacters([3], "best" as "highest"))).toBe("ROLLING_BONES.Error.UnknownRule");
    expect(errorKey(() => poolForCharacters([3, 2.5], "divided"))).toBe("ROLLING_BONES.Error.InvalidLevel");
  });
});

describe("action: validate", () => {
  it("fills in the defaults", () => {
    expect(validate({})).toEqual({
      kind: "check",
      modifier: 0,
      level: 0,
      dc: null,
      botchRange: 1,
      augments: [],
      rerolls: [],
      base: [20],
    });
    // An older card's re-roll of "the d20" is a re-roll of die 0.
    expect(validate({ rerolls: [{ target: "d20" }] }).rerolls).toEqual([{ target: 0, after: 0 }]);
  });

  const bad: [string, ActionRequest, string][] = [
    ["a NaN modifier", { modifier: Number.NaN }, "NotInteger"],
    ["a fractional modifier", { modifier: 1.5 }, "NotInteger"],
    ["a huge modifier", { modifier: 5000 }, "OutOfRange"],
    ["a negative DC", { dc: -3 }, "OutOfRange"],
    ["a fractional DC", { dc: 12.5 }, "NotInteger"],
    ["a botch range of 0", { botchRange: 0 }, "OutOfRange"],
    ["a botch range of 5", { botchRange: 5 }, "OutOfRange"],
    ["an unknown kind", { kind: "parry" as "check" }, "UnknownKind"],
    ["a level on a check", { kind: "check", level: 4 }, "LevelOnlyForInsight"],
    ["a fractional level", { kind: "insight", level: 0.5 }, "NotInteger"],
    ["a d5 augment", { augments: [5] }, "DieSizeNotAllowed"],
    ["a d2 augment", { augments: [2] }, "DieSizeNotAllowed"],
    ["a d100 augment", { augments: [100] }, "DieSizeNotAllowed"],
    ["a NaN augment", { augments: [Number.NaN] }, "NotInteger"],
    ["augments that are not a list", { augments: 6 as unknown as number[] }, "NotAList"],
    ["too many augments", { augments: new Array<number>(51).fill(6) }, "OutOfRange"],
    ["a re-roll of an action die", { rerolls: [{ target: "augment" as "d20" }] }, "UnknownRerollTarget"],
    [
      "a re-roll after augments that do not exist",
      { augments: [6], rerolls: [{ target: "d20", after: 2 }] },
      "OutOfRange",
    ],
    [
      "re-rolls out of order",
      {
        augments: [6, 6],
        rerolls: [
          { target: "d20", after: 2 },
          { target: "d20", after: 1 },
        ],
      },
      "RerollOrder",
    ],
  ];
  for (const [name, request, key] of bad) {
    it(`refuses ${name} (${key}) and throws no die`, () => {
      expect(errorKey(() => validate(request))).toBe(`ROLLING_BONES.Error.${key}`);
      expect(errorKey(() => rollWith(engine, request, untouched))).toBe(`ROLLING_BONES.Error.${key}`);
    });
  }

  it("accepts every allowed die size as an augment", () => {
    for (const faces of ACTION_DIE_SIZES) expect(validate({ augments: [faces] }).augments).toEqual([faces]);
  });
});

describe("action: plan and the order of throws", () => {
  it("asks for the d20 first, then one die at a time", () => {
    const req = validate({ augments: [6] });
    expect(plan(req, [])).toEqual([{ faces: 20, role: "d20" }]);
    const d20: Throw = { faces: 20, role: "d20", value: 9 };
    expect(plan(req, [d20])).toEqual([{ faces: 6, role: "action" }]);
    expect(plan(req, [d20, { faces: 6, role: "action", value: 6 }])).toEqual([{ faces: 6, role: "action" }]);
    expect(plan(req, [d20, { faces: 6, role: "action", value: 6 }, { faces: 6, role: "action", value: 2 }])).toEqual(
      [],
    );
  });

  it("re-rolls and augments come in the order they were made (re-roll, d6 chain, re-roll, d4)", () => {
    const req = validate({
      augments: [6, 4],
      rerolls: [
        { target: "d20", after: 0 },
        { target: "d20", after: 1 },
      ],
    });
    const thrown = throwAll(engine, req, fixedFaces([2, 11, 6, 3, 17, 4, 1]));
    expect(thrown.map((t) => `${t.role}:d${t.faces}:${t.value}`)).toEqual([
      "d20:d20:2",
      "reroll:d20:11",
      "action:d6:6",
      "action:d6:3",
      "reroll:d20:17",
      "action:d4:4",
      "action:d4:1",
    ]);
    const out = resolve(req, thrown);
    expect(out.natural).toBe(17);
    expect(out.replaced).toEqual([2, 11]);
    expect(out.augments.map((a) => a.total)).toEqual([9, 5]);
    expect(out.total).toBe(17 + 9 + 5);
    expect(out.diceUsed).toBe(4);
  });

  it("resolve throws a RangeError for throws that do not match the plan", () => {
    const req = validate({ augments: [6] });
    const d20: Throw = { faces: 20, role: "d20", value: 9 };
    expect(() => resolve(req, [])).toThrow(RangeError);
    expect(() => resolve(req, [d20])).toThrow(RangeError);
    expect(() => resolve(req, [d20, { faces: 8, role: "action", value: 2 }])).toThrow(RangeError);
    expect(() => resolve(req, [d20, { faces: 6, role: "reroll", value: 2 }])).toThrow(RangeError);
    expect(() => resolve(req, [d20, { faces: 6, role: "action", value: 7 }])).toThrow(RangeError);
    expect(() => resolve(req, [d20, { faces: 6, role: "action", value: 6 }])).toThrow(RangeError);
    expect(() =>
      resolve(req, [d20, { faces: 6, role: "action", value: 2 }, { faces: 6, role: "action", value: 2 }]),
    ).toThrow(RangeError);
    expect(() => resolve(validate({}), [{ faces: 12, role: "d20", value: 3 }])).toThrow(RangeError);
  });
});

describe("action: resolution", () => {
  it('docs/rules.md "Cascade: on the die\'s maximum face, add it and roll the same die again, without limit": d6 6, 6, 2 → 14', () => {
    const out = roll({ augments: [6] }, [10, 6, 6, 2]);
    expect(out.augments).toEqual([{ faces: 6, group: 1, throws: [6, 6, 2], cascades: 2, total: 14, replaced: [] }]);
    expect(out.total).toBe(24);
    const marks = out.dice.filter((d) => d.role === "action").map((d) => d.marks);
    expect(marks).toEqual([["kept", "exploded"], ["kept", "exploded"], ["kept"]]);
    expect(out.dice.filter((d) => d.role === "action").every((d) => d.group === 1)).toBe(true);
  });

  it("each augment keeps its own group, in the order used", () => {
    const out = roll({ augments: [4, 3] }, [5, 4, 1, 2]);
    expect(out.dice.map((d) => d.group)).toEqual([undefined, 1, 1, 2]);
    expect(out.augmentTotal).toBe(5 + 2);
  });

  it('docs/rules.md "Re-roll: … the new result stands even if lower": 15 re-rolled to 3 → natural 3', () => {
    const out = roll({ modifier: 2, rerolls: [{ target: "d20" }] }, [15, 3]);
    expect(out.natural).toBe(3);
    expect(out.total).toBe(5);
    expect(out.dice.map((d) => d.marks)).toEqual([["rerolled"], ["kept"]]);
  });

  it("seed: re-roll a natural 2, then augment the new roll with an action die", () => {
    const out = roll({ augments: [6], rerolls: [{ target: "d20", after: 0 }] }, [2, 12, 4]);
    expect(out.replaced).toEqual([2]);
    expect(out.natural).toBe(12);
    expect(out.total).toBe(16);
    expect(out.diceUsed).toBe(2);
  });

  it("seed: a natural 1 with +14 against DC 15 succeeds and is still a potential botch", () => {
    const out = roll({ kind: "check", modifier: 14, dc: 15 }, [1]);
    expect(out.success).toBe(true);
    expect(out.potentialBotch).toBe(true);
    expect(out.botchActivatable).toBe(true);
    expect(out.dice[0]?.marks).toEqual(["kept", "fumble"]);
  });

  it("a weapon's botch range 1–3: naturals 1 to 3 are potential botches, 4 is not", () => {
    for (const natural of [1, 2, 3])
      expect(roll({ kind: "attack", botchRange: 3 }, [natural]).potentialBotch).toBe(true);
    expect(roll({ kind: "attack", botchRange: 3 }, [4]).potentialBotch).toBe(false);
    expect(roll({ kind: "attack", botchRange: 4 }, [4]).potentialBotch).toBe(true);
  });

  it('docs/rules.md "Re-roll a potential botch … that roll can then no longer be activated"', () => {
    const out = roll({ rerolls: [{ target: "d20" }] }, [1, 1]);
    expect(out.potentialBotch).toBe(true);
    expect(out.botchProtected).toBe(true);
    expect(out.botchActivatable).toBe(false);
    const plain = roll({ rerolls: [{ target: "d20" }] }, [7, 1]);
    expect(plain.botchProtected).toBe(false);
    expect(plain.botchActivatable).toBe(true);
  });

  it("a natural 20 is a critical threat on checks, attacks and saves, not on insight rolls", () => {
    for (const kind of ["check", "attack", "save"] as const) {
      const out = roll({ kind }, [20]);
      expect(out.criticalThreat).toBe(true);
      expect(out.dice[0]?.marks).toEqual(["kept", "critical"]);
    }
    expect(roll({ kind: "insight" }, [20]).criticalThreat).toBe(false);
    expect(roll({ kind: "check" }, [19]).criticalThreat).toBe(false);
  });

  it("seed: a check of 13 against DC 18 failed by 5 (special botch possible); 14 against 18 did not", () => {
    const failed = roll({ modifier: 3, dc: 18 }, [10]);
    expect(failed).toMatchObject({ total: 13, success: false, margin: -5, failedBy5: true });
    const close = roll({ modifier: 4, dc: 18 }, [10]);
    expect(close).toMatchObject({ total: 14, success: false, margin: -4, failedBy5: false });
    const unknown = roll({ modifier: 3 }, [10]);
    expect(unknown).toMatchObject({ dc: null, success: null, margin: null, failedBy5: false });
  });

  it("the total meets the DC exactly → success with margin 0", () => {
    expect(roll({ modifier: 5, dc: 15 }, [10])).toMatchObject({ success: true, margin: 0 });
  });

  it("an insight roll adds the character level: 1d20 + level + modifier", () => {
    const out = roll({ kind: "insight", level: 7, modifier: 2, dc: 20 }, [11]);
    expect(out).toMatchObject({ level: 7, total: 20, success: true, criticalThreat: false });
  });

  it("the steps run in order: natural, flags, augments, total, DC", () => {
    expect([...ACTION_STEPS]).toEqual(["natural", "flags", "augments", "total", "dc"]);
    // Flags read the natural after the re-roll, and augments never change them.
    const out = roll({ augments: [3], rerolls: [{ target: "d20" }] }, [20, 1, 3, 3, 2]);
    expect(out.criticalThreat).toBe(false);
    expect(out.potentialBotch).toBe(true);
    expect(out.total).toBe(1 + 8);
  });

  it("the outcome is plain JSON", () => {
    const out = roll({ augments: [8, 3], rerolls: [{ target: "d20" }], dc: 12 }, [4, 9, 8, 1, 3, 2]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});

describe("action: properties", () => {
  const sizes = fc.constantFrom(...ACTION_DIE_SIZES);
  const request = fc
    .record({
      kind: fc.constantFrom("check", "attack", "save", "insight" as const),
      modifier: fc.integer({ min: -20, max: 20 }),
      dc: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      botchRange: fc.integer({ min: 1, max: 4 }),
      augments: fc.array(sizes, { maxLength: 4 }),
      rerolls: fc.integer({ min: 0, max: 2 }),
    })
    .map((r): ActionRequest => ({
      ...r,
      rerolls: Array.from({ length: r.rerolls }, (_, i) => ({
        target: "d20" as const,
        after: Math.min(i, r.augments.length),
      })),
    }));
  const seed = fc.integer({ min: 0, max: 2 ** 31 - 1 });

  it("a cascade total of a die with n faces is never a multiple of n", () => {
    fc.assert(
      fc.property(sizes, seed, (faces, s) => {
        const out = rollWith(engine, { augments: [faces, faces] }, seededFaces(s));
        for (const a of out.augments) {
          expect(a.total % faces).not.toBe(0);
          expect(Math.floor(a.total / faces)).toBe(a.cascades);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a cascade that cascades every time a max shows: forced max faces give k·n plus a non-max last face", () => {
    fc.assert(
      fc.property(sizes, fc.integer({ min: 0, max: 30 }), (faces, k) => {
        const last = 1 + (k % (faces - 1));
        const out = roll({ augments: [faces] }, [10, ...new Array<number>(k).fill(faces), last]);
        expect(out.augmentTotal).toBe(k * faces + last);
        expect(out.augments[0]?.cascades).toBe(k);
      }),
    );
  });

  it("a used die only ever increases the total (and never changes the natural or its flags)", () => {
    fc.assert(
      fc.property(request, sizes, seed, (raw, faces, s) => {
        const req = validate(raw);
        const source = seededFaces(s);
        const thrown = throwAll(engine, req, source);
        const before = resolve(req, thrown);
        const more = validate({ ...req, augments: [...req.augments, faces] });
        const after = resolve(more, throwAll(engine, more, source, thrown));
        expect(after.total).toBeGreaterThanOrEqual(before.total + 1);
        expect(after.total - before.total).toBe(after.augments.at(-1)?.total);
        expect(after.natural).toBe(before.natural);
        expect(after.potentialBotch).toBe(before.potentialBotch);
        expect(after.criticalThreat).toBe(before.criticalThreat);
      }),
      { numRuns: 300 },
    );
  });

  it("the total is the natural + modifier (+ level) + every augment, and the natural is the last d20", () => {
    fc.assert(
      fc.property(request, seed, (raw, s) => {
        const out = rollWith(engine, raw, seededFaces(s));
        const d20s = out.dice.filter((d) => d.role !== "action");
        expect(d20s).toHaveLength(1 + (raw.rerolls?.length ?? 0));
        expect(out.natural).toBe(d20s.at(-1)?.value);
        const sum = out.dice.filter((d) => d.role === "action").reduce((n, d) => n + d.value, 0);
        expect(out.total).toBe(out.natural + out.modifier + out.level + sum);
        expect(out.diceUsed).toBe((raw.augments?.length ?? 0) + (raw.rerolls?.length ?? 0));
      }),
      { numRuns: 300 },
    );
  });

  it("an outcome replays from the dice it records (what a chat card stores)", () => {
    fc.assert(
      fc.property(request, seed, request, (raw, s, other) => {
        const req = validate(raw);
        const thrown = throwAll(engine, req, seededFaces(s));
        const out = resolve(req, thrown);
        expectReplays(engine, req, thrown, out, out.dice, () => rollWith(engine, other, seededFaces(s + 1)));
      }),
      { numRuns: 200 },
    );
  });
});
