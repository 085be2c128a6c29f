import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_ART,
  FIRST_SUCCESS,
  LEVEL_IDS,
  artColumn,
  assistEffect,
  calledShotMultiplier,
  checkKarma,
  isSuccessIndex,
  karmaCost,
  levelIndex,
  lookupLevel,
  shiftToDice,
  validateArt,
  type ArtTable,
} from "../../src/engines/percentile/index.ts";
import { EngineError, type ErrorData } from "../../src/engines/shared/index.ts";

/** The error an engine call raises, or fails the test when it raises none or another kind. */
function engineError(f: () => unknown): EngineError {
  try {
    f();
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error("expected an EngineError, got none");
}

/** Expects `f` to raise `ROLLING_BONES.Error.<code>`, with data containing `data` when given. */
function expectError(f: () => unknown, code: string, data?: ErrorData): void {
  const e = engineError(f);
  expect(e.key).toBe(`ROLLING_BONES.Error.${code}`);
  if (data) expect(e.data).toMatchObject(data);
}

/** A mutable deep copy of the default table, to break on purpose. */
interface RawTable {
  name?: unknown;
  levels: { id: unknown; label?: unknown }[];
  columns: { min: unknown; max: unknown; ranges: unknown[] }[];
}
/** The entry at `i`, which the test knows exists. */
function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`no entry ${i}`);
  return v;
}

function rawDefault(): RawTable {
  return JSON.parse(JSON.stringify(DEFAULT_ART)) as RawTable;
}

/** The value → level positions of one column, counted independently of the engine's lookup. */
function coverage(table: ArtTable, column: number): number[][] {
  const hits: number[][] = Array.from({ length: 101 }, () => []);
  table.columns[column]?.ranges.forEach((range, level) => {
    if (range) for (let v = range[0]; v <= range[1]; v++) hits[v]?.push(level);
  });
  return hits;
}

/** How many of the values 1..100 give level `level` or better in a column. */
function countAtLeast(table: ArtTable, column: number, level: number): number {
  return coverage(table, column).filter((h) => h.length === 1 && (h[0] as number) >= level).length;
}

describe("percentile ART: levels", () => {
  it("has ten levels, worst first, with the named ones where the rules put them", () => {
    expect(LEVEL_IDS).toHaveLength(10);
    expect(LEVEL_IDS[0]).toBe("catastrophic");
    expect(LEVEL_IDS[1]).toBe("inferior");
    expect(LEVEL_IDS[4]).toBe("poor");
    expect(LEVEL_IDS[5]).toBe("passable");
    expect(LEVEL_IDS[6]).toBe("good");
    expect(LEVEL_IDS[9]).toBe("awesome");
    expect(new Set(LEVEL_IDS).size).toBe(10);
  });

  it("has five failures, then five successes", () => {
    // docs/rules.md §1: "Passable (lowest success)".
    expect(LEVEL_IDS[FIRST_SUCCESS]).toBe("passable");
    expect(LEVEL_IDS.map((_, i) => isSuccessIndex(i))).toEqual([
      ...Array<boolean>(5).fill(false),
      ...Array<boolean>(5).fill(true),
    ]);
  });

  it("knows each level's position and refuses an unknown id", () => {
    LEVEL_IDS.forEach((id, i) => expect(levelIndex(id)).toBe(i));
    expectError(() => levelIndex("splendid"), "UnknownLevel", { level: "splendid" });
  });
});

describe("percentile ART: the default table", () => {
  it("lists the ten levels and ten columns for ratings 0–2, 3–4, …, 19–20", () => {
    expect(DEFAULT_ART.levels.map((l) => l.id)).toEqual([...LEVEL_IDS]);
    expect(DEFAULT_ART.columns.map((c) => [c.min, c.max])).toEqual([
      [0, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10],
      [11, 12],
      [13, 14],
      [15, 16],
      [17, 18],
      [19, 20],
    ]);
  });

  it("maps every value 1..100 to exactly one level in every column", () => {
    DEFAULT_ART.columns.forEach((_, c) => {
      const hits = coverage(DEFAULT_ART, c);
      for (let v = 1; v <= 100; v++) expect(hits[v], `column ${c}, value ${v}`).toHaveLength(1);
    });
  });

  it("matches its documented band widths (column k: 10−k, 15−k ×4, 10+k, 8+k, 6+k, 4+k, 2+k)", () => {
    DEFAULT_ART.columns.forEach((column, k) => {
      const widths = column.ranges.map((r) => (r ? r[1] - r[0] + 1 : 0));
      expect(widths).toEqual([10 - k, 15 - k, 15 - k, 15 - k, 15 - k, 10 + k, 8 + k, 6 + k, 4 + k, 2 + k]);
    });
  });

  it("makes every level or better (so success too) likelier as the rating rises", () => {
    for (let level = 1; level < 10; level++) {
      for (let c = 1; c < DEFAULT_ART.columns.length; c++) {
        expect(countAtLeast(DEFAULT_ART, c, level)).toBeGreaterThan(countAtLeast(DEFAULT_ART, c - 1, level));
      }
    }
    expect(countAtLeast(DEFAULT_ART, 0, FIRST_SUCCESS)).toBe(30);
    expect(countAtLeast(DEFAULT_ART, 9, FIRST_SUCCESS)).toBe(75);
  });

  it("always reads 01 as catastrophic and 99 and 00 as awesome", () => {
    for (let rating = -3; rating <= 25; rating++) {
      expect(lookupLevel(DEFAULT_ART, rating, 1).level).toBe("catastrophic");
      expect(lookupLevel(DEFAULT_ART, rating, 99).level).toBe("awesome");
      expect(lookupLevel(DEFAULT_ART, rating, 100).level).toBe("awesome");
    }
  });

  it("is frozen", () => {
    expect(Object.isFrozen(DEFAULT_ART)).toBe(true);
    expect(Object.isFrozen(DEFAULT_ART.columns[0]?.ranges[0])).toBe(true);
  });
});

describe("percentile ART: lookupLevel", () => {
  it("reads values on the documented first column (passable from 71)", () => {
    expect(lookupLevel(DEFAULT_ART, 2, 70)).toEqual({ column: 0, level: "poor", index: 4, success: false });
    expect(lookupLevel(DEFAULT_ART, 2, 71)).toEqual({ column: 0, level: "passable", index: 5, success: true });
    expect(lookupLevel(DEFAULT_ART, 0, 10).level).toBe("catastrophic");
    expect(lookupLevel(DEFAULT_ART, 0, 11).level).toBe("inferior");
  });

  it("reads values on the documented last column (passable from 26)", () => {
    expect(lookupLevel(DEFAULT_ART, 19, 25).level).toBe("poor");
    expect(lookupLevel(DEFAULT_ART, 20, 26).level).toBe("passable");
  });

  it("picks the column whose rating range holds the rating, and the nearest end column outside the table", () => {
    expect(artColumn(DEFAULT_ART, 3)).toBe(1);
    expect(artColumn(DEFAULT_ART, 4)).toBe(1);
    expect(artColumn(DEFAULT_ART, 5)).toBe(2);
    expect(artColumn(DEFAULT_ART, -7)).toBe(0);
    expect(artColumn(DEFAULT_ART, 40)).toBe(9);
  });

  it("agrees with the table's ranges for every rating and value", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 30 }), fc.integer({ min: 1, max: 100 }), (rating, value) => {
        const column = DEFAULT_ART.columns.findIndex((c) => rating >= c.min && rating <= c.max);
        const c = column >= 0 ? column : rating < 0 ? 0 : DEFAULT_ART.columns.length - 1;
        const level = coverage(DEFAULT_ART, c)[value]?.[0] as number;
        expect(lookupLevel(DEFAULT_ART, rating, value)).toEqual({
          column: c,
          level: LEVEL_IDS[level],
          index: level,
          success: level >= 5,
        });
      }),
    );
  });

  it("refuses a value outside 1..100 or a fractional rating", () => {
    expectError(() => lookupLevel(DEFAULT_ART, 5, 0), "OutOfRange", { field: "value" });
    expectError(() => lookupLevel(DEFAULT_ART, 5, 101), "OutOfRange", { field: "value" });
    expectError(() => lookupLevel(DEFAULT_ART, 5.5, 50), "NotInteger", { field: "rating" });
  });
});

describe("percentile ART: validateArt", () => {
  it("accepts the default table and returns an equal, frozen copy", () => {
    const checked = validateArt(rawDefault());
    expect(checked).toEqual(DEFAULT_ART);
    expect(Object.isFrozen(checked.columns)).toBe(true);
  });

  it("keeps a name and level labels, drops unknown fields, allows unreachable levels", () => {
    const raw = rawDefault() as RawTable & { note?: string };
    raw.name = "House table";
    raw.note = "dropped";
    at(raw.levels, 9).label = "Legendary";
    at(raw.columns, 0).ranges = [[1, 50], null, null, null, [51, 60], [61, 99], null, null, null, [100, 100]];
    const checked = validateArt(raw);
    expect(checked.name).toBe("House table");
    expect("note" in checked).toBe(false);
    expect(checked.levels[9]).toEqual({ id: "awesome", label: "Legendary" });
    expect(lookupLevel(checked, 0, 55).level).toBe("poor");
    expect(lookupLevel(checked, 0, 99).level).toBe("passable");
  });

  const broken: [string, (t: RawTable) => unknown, string, ErrorData?][] = [
    ["not an object", () => [1, 2, 3], "ArtMalformed", { path: "table" }],
    ["a name that is not text", (t) => ({ ...t, name: 3 }), "ArtMalformed", { path: "name" }],
    ["no level list", (t) => ({ ...t, levels: "ten" }), "ArtMalformed", { path: "levels" }],
    ["nine levels", (t) => ({ ...t, levels: t.levels.slice(1) }), "ArtLevelCount", { count: 9, expected: 10 }],
    [
      "levels out of order",
      (t) => ({ ...t, levels: [t.levels[1], t.levels[0], ...t.levels.slice(2)] }),
      "ArtLevelOrder",
      { position: 1, expected: "catastrophic", got: "inferior" },
    ],
    [
      "a level label that is not text",
      (t) => ((at(t.levels, 3).label = 7), t),
      "ArtMalformed",
      { path: "levels[3].label" },
    ],
    ["no columns", (t) => ({ ...t, columns: [] }), "ArtNoColumns"],
    ["a column with min above max", (t) => ((at(t.columns, 0).max = -1), t), "ArtColumnBounds", { column: 1 }],
    [
      "a gap between column ratings",
      (t) => ((at(t.columns, 1).min = 4), t),
      "ArtColumnGap",
      { column: 2, expected: 3, got: 4 },
    ],
    [
      "overlapping column ratings",
      (t) => ((at(t.columns, 2).min = 4), t),
      "ArtColumnOverlap",
      { column: 3, expected: 5, got: 4 },
    ],
    [
      "a fractional column rating",
      (t) => ((at(t.columns, 4).max = 10.5), t),
      "ArtNotInteger",
      { path: "columns[4].max" },
    ],
    [
      "a missing column rating",
      (t) => ((at(t.columns, 4).min = undefined), t),
      "ArtNotInteger",
      { path: "columns[4].min" },
    ],
    [
      "nine value ranges",
      (t) => ((at(t.columns, 0).ranges = at(t.columns, 0).ranges.slice(1)), t),
      "ArtRangeCount",
      { column: 1, count: 9 },
    ],
    [
      "a reversed value range",
      (t) => ((at(t.columns, 0).ranges[0] = [10, 1]), t),
      "ArtRangeBounds",
      { column: 1, level: "catastrophic" },
    ],
    [
      "a value range starting at 0",
      (t) => ((at(t.columns, 0).ranges[0] = [0, 10]), t),
      "ArtRangeBounds",
      { from: 0, to: 10 },
    ],
    [
      "a value range past 100",
      (t) => ((at(t.columns, 0).ranges[9] = [99, 101]), t),
      "ArtRangeBounds",
      { level: "awesome" },
    ],
    [
      "a fractional value",
      (t) => ((at(t.columns, 0).ranges[0] = [1, 9.5]), t),
      "ArtNotInteger",
      { path: "columns[0].ranges[0][1]" },
    ],
    ["a value range that is not a pair", (t) => ((at(t.columns, 0).ranges[0] = [1, 5, 10]), t), "ArtMalformed"],
    [
      "a gap in the values",
      (t) => ((at(t.columns, 0).ranges[1] = [12, 25]), t),
      "ArtValueGap",
      { column: 1, level: "inferior", expected: 11, got: 12 },
    ],
    [
      "values not starting at 1",
      (t) => ((at(t.columns, 0).ranges[0] = [2, 10]), t),
      "ArtValueGap",
      { expected: 1, got: 2 },
    ],
    [
      "overlapping values",
      (t) => ((at(t.columns, 3).ranges[2] = [19, 31]), t),
      "ArtValueOverlap",
      { column: 4, level: "shoddy", expected: 20, got: 19 },
    ],
    [
      "values not reaching 100",
      (t) => ((at(t.columns, 0).ranges[9] = [99, 99]), t),
      "ArtValueEnd",
      { column: 1, last: 99 },
    ],
    [
      "values in the wrong level order",
      (t) => ((at(t.columns, 0).ranges = [[11, 25], [1, 10], ...at(t.columns, 0).ranges.slice(2)]), t),
      "ArtValueGap",
      { column: 1, level: "catastrophic", expected: 1, got: 11 },
    ],
    [
      "a column with only unreachable levels",
      (t) => ((at(t.columns, 0).ranges = Array(10).fill(null)), t),
      "ArtValueEnd",
      { last: 0 },
    ],
  ];

  for (const [name, breakIt, code, data] of broken) {
    it(`refuses ${name} with ${code}`, () => {
      expectError(() => validateArt(breakIt(rawDefault())), code, data);
    });
  }
});

describe("percentile: column shifts, karma, assists, called shots", () => {
  it("reads a +N column shift as N bonus dice and −N as N penalty dice", () => {
    expect(shiftToDice(3)).toEqual({ bonus: 3, penalty: 0 });
    expect(shiftToDice(-4)).toEqual({ bonus: 0, penalty: 4 });
    expect(shiftToDice(0)).toEqual({ bonus: 0, penalty: 0 });
    expectError(() => shiftToDice(1.5), "NotInteger");
    expectError(() => shiftToDice(21), "OutOfRange");
  });

  it("charges 2 karma per bought die, at most 3 dice", () => {
    expect([0, 1, 2, 3].map(karmaCost)).toEqual([0, 2, 4, 6]);
    expectError(() => karmaCost(4), "TooManyKarmaDice", { dice: 4, max: 3 });
    expectError(() => karmaCost(-1), "BelowMinimum");
    expectError(() => karmaCost(1.5), "NotInteger");
  });

  it("refuses to buy dice with too little karma", () => {
    expect(checkKarma(2, 4)).toEqual({ cost: 4, remaining: 0 });
    expect(checkKarma(3, 10)).toEqual({ cost: 6, remaining: 4 });
    expect(checkKarma(0, 0)).toEqual({ cost: 0, remaining: 0 });
    expectError(() => checkKarma(2, 3), "NotEnoughKarma", { dice: 2, cost: 4, karma: 3 });
    expectError(() => checkKarma(1, -1), "BelowMinimum", { field: "karma" });
    expectError(() => checkKarma(4, 100), "TooManyKarmaDice");
  });

  it("gives the leader a bonus die from Good up, a penalty die from Inferior down, else nothing", () => {
    expect(LEVEL_IDS.map((id) => assistEffect(id))).toEqual([
      "penalty",
      "penalty",
      "none",
      "none",
      "none",
      "none",
      "bonus",
      "bonus",
      "bonus",
      "bonus",
    ]);
    expectError(() => assistEffect("nope"), "UnknownLevel");
  });

  it("raises the damage multiplier by the voluntary penalty dice on a success only", () => {
    expect(calledShotMultiplier(2, 3, true)).toBe(5);
    expect(calledShotMultiplier(2, 3, false)).toBe(2);
    expect(calledShotMultiplier(1, 0, true)).toBe(1);
    expectError(() => calledShotMultiplier(0, 1, true), "OutOfRange", { field: "damageMultiplier" });
    expectError(() => calledShotMultiplier(2, -1, true), "OutOfRange", { field: "voluntaryPenalty" });
  });
});
