/**
 * The Action Results Table as a world setting: JSON import and export, the editor's form and its
 * conversion to a checked table (a refused table names its reason and changes nothing), what the
 * setting stores, and the one-time notice rule.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_ART_SETTING,
  MAX_EDITOR_COLUMNS,
  addArtColumn,
  artEditorView,
  artErrorData,
  artErrorText,
  artPlace,
  artNoticeDue,
  artProblemOf,
  artSettingValue,
  artToForm,
  artToJson,
  defaultArtForm,
  formToArt,
  isDefaultArt,
  parseArtJson,
  readArtForm,
  removeArtColumn,
  sameForm,
  storedArt,
  withArt,
  type ArtForm,
} from "../../src/data/settings/art-table.ts";
import { EngineError, percentile } from "../../src/engines/index.ts";
import { format } from "../support/i18n.ts";

const { DEFAULT_ART, LEVEL_IDS, validateArt } = percentile;

/** A two-column book-like table: ratings 0–9 and 10+, plain tenths in the first, shifted in the second. */
const BOOK = {
  name: "Book table",
  levels: LEVEL_IDS.map((id) => (id === "awesome" ? { id, label: "Legendary" } : { id })),
  columns: [
    { min: 0, max: 9, ranges: LEVEL_IDS.map((_, i) => [i * 10 + 1, i * 10 + 10]) },
    {
      min: 10,
      max: 99,
      ranges: [
        [1, 5],
        [6, 10],
        [11, 20],
        [21, 30],
        [31, 40],
        [41, 55],
        [56, 70],
        [71, 85],
        [86, 95],
        [96, 100],
      ],
    },
  ],
};

/** The error key a call throws, or "ok". */
function reason(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (error) {
    if (error instanceof EngineError) return error.key.replace("ROLLING_BONES.Error.", "");
    throw error;
  }
}

/** A form with some inputs changed. */
function edit(form: ArtForm, changes: Record<string, string>): ArtForm {
  return readArtForm(form, Object.entries(changes));
}

describe("JSON import and export", () => {
  it("reads back exactly the table it exports", () => {
    const table = validateArt(BOOK);
    expect(parseArtJson(artToJson(table))).toEqual(table);
    expect(parseArtJson(artToJson(DEFAULT_ART))).toEqual(DEFAULT_ART);
  });

  it("refuses text that is not JSON, naming the parser's reason", () => {
    let error: unknown;
    try {
      parseArtJson("{ levels: ");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).key).toBe("ROLLING_BONES.Error.ArtJson");
    expect(String((error as EngineError).data.reason).length).toBeGreaterThan(0);
  });

  it("refuses a table with a gap, an overlap or levels out of order, naming the reason", () => {
    const gap = structuredClone(BOOK);
    gap.columns[0]!.ranges[3] = [32, 40];
    expect(reason(() => parseArtJson(JSON.stringify(gap)))).toBe("ArtValueGap");
    const overlap = structuredClone(BOOK);
    overlap.columns[1]!.min = 9;
    expect(reason(() => parseArtJson(JSON.stringify(overlap)))).toBe("ArtColumnOverlap");
    const order = structuredClone(BOOK);
    order.levels.reverse();
    expect(reason(() => parseArtJson(JSON.stringify(order)))).toBe("ArtLevelOrder");
    expect(reason(() => parseArtJson("[]"))).toBe("ArtMalformed");
  });
});

describe("the stored setting", () => {
  it("reads an empty object, null or a broken value as the default table", () => {
    expect(storedArt(DEFAULT_ART_SETTING)).toBeNull();
    expect(storedArt({})).toBeNull();
    expect(storedArt(null)).toBeNull();
    expect(storedArt({ levels: [] })).toBeNull();
    expect(storedArt(BOOK)).toEqual(validateArt(BOOK));
  });

  it("stores the default table as an empty object and any other table as plain data", () => {
    expect(artSettingValue(DEFAULT_ART)).toEqual({});
    expect(artSettingValue(JSON.parse(artToJson(DEFAULT_ART)))).toEqual({});
    const value = artSettingValue(BOOK);
    expect(value).toEqual(validateArt(BOOK));
    expect(Object.isFrozen(value)).toBe(false);
    expect(() => artSettingValue({ levels: [] })).toThrow(EngineError);
  });

  it("tells the default table apart from a table with the same numbers but its own level names", () => {
    expect(isDefaultArt(DEFAULT_ART)).toBe(true);
    const named = { ...DEFAULT_ART, levels: DEFAULT_ART.levels.map((l) => ({ ...l, label: "x" })) };
    expect(isDefaultArt(validateArt(named))).toBe(false);
  });
});

describe("applying the world's table to a request", () => {
  const table = validateArt(BOOK);

  it("adds the table to a request that names none", () => {
    expect(withArt({ bonus: 1, penalty: 0, column: 12 }, table)).toEqual({
      bonus: 1,
      penalty: 0,
      column: 12,
      art: table,
    });
  });

  it("leaves a request alone when the world uses the default, or when the request names a table", () => {
    const own = { bonus: 0, penalty: 0, art: DEFAULT_ART };
    expect(withArt(own, table)).toBe(own);
    const plain = { bonus: 0, penalty: 0 };
    expect(withArt(plain, null)).toBe(plain);
    expect(withArt(plain, undefined)).toBe(plain);
    expect(withArt("not a request", table)).toBe("not a request");
  });

  it("makes the engine read the world's table", () => {
    const request = percentile.validate(withArt({ bonus: 0, penalty: 0, column: 12 }, table) as never);
    // Tens 4 and ones 5 make 45: passable in the book's second column (41–55), poor in the default's (36–45).
    const outcome = percentile.resolve(request, [
      { faces: 10, role: "tens", value: 4 },
      { faces: 10, role: "ones", value: 5 },
    ]);
    expect(outcome.value).toBe(45);
    expect(outcome.level).toBe("passable");
    const byDefault = percentile.resolve(percentile.validate({ bonus: 0, penalty: 0, column: 12 }), [
      { faces: 10, role: "tens", value: 4 },
      { faces: 10, role: "ones", value: 5 },
    ]);
    expect(byDefault.level).toBe("poor");
  });
});

describe("the editor's form", () => {
  it("shows a table and turns back into the same table", () => {
    for (const table of [DEFAULT_ART, validateArt(BOOK)]) {
      const form = artToForm(table);
      expect(form.columns).toBe(table.columns.length);
      expect(formToArt(form)).toEqual(table);
    }
    expect(artToForm(DEFAULT_ART).values["from.0.5"]).toBe("71");
    expect(artToForm(validateArt(BOOK)).values["label.9"]).toBe("Legendary");
  });

  it("reads an unreachable level (both inputs empty) as null, and keeps it through the form", () => {
    const table = structuredClone(BOOK) as { columns: { ranges: (number[] | null)[] }[] };
    table.columns[0]!.ranges[1] = null;
    table.columns[0]!.ranges[0] = [1, 20];
    const checked = validateArt(table);
    const form = artToForm(checked);
    expect(form.values["from.0.1"]).toBe("");
    expect(formToArt(form)).toEqual(checked);
  });

  it("takes edited inputs and refuses, with the reason, a table they break", () => {
    const form = defaultArtForm();
    // Move the boundary between poor and passable in the first column: still a valid table.
    const moved = edit(form, { "to.0.4": "72", "from.0.5": "73" });
    expect(formToArt(moved).columns[0]?.ranges[5]).toEqual([73, 80]);
    expect(reason(() => formToArt(edit(form, { "from.0.5": "75" })))).toBe("ArtValueGap");
    expect(reason(() => formToArt(edit(form, { "from.0.5": "60" })))).toBe("ArtValueOverlap");
    expect(reason(() => formToArt(edit(form, { "from.2.3": "" })))).toBe("ArtEditorCell");
    expect(reason(() => formToArt(edit(form, { "to.2.3": "4x" })))).toBe("ArtEditorNotNumber");
    expect(reason(() => formToArt(edit(form, { "min.1": " " })))).toBe("ArtEditorRatingMissing");
    expect(reason(() => formToArt(edit(form, { "min.1": "2" })))).toBe("ArtColumnOverlap");
    expect(reason(() => formToArt(edit(form, { "to.0.9": "99" })))).toBe("ArtValueEnd");
  });

  it("ignores input names that are not part of the table", () => {
    const form = defaultArtForm();
    const read = readArtForm(form, [
      ["artPaste", "{}"],
      ["artFile", "x"],
      ["from.0.0", "1"],
      ["label.0", 7],
    ]);
    expect(sameForm(read, form)).toBe(true);
    expect(read.values.artPaste).toBeUndefined();
  });

  it("shows the default table with no name, never a raw id such as rolling-bones-default (issue 19 item 14)", () => {
    expect(DEFAULT_ART.name).toBeUndefined();
    expect(defaultArtForm().values.name).toBe("");
    expect(artToJson(DEFAULT_ART)).not.toMatch(/"name"/);
  });

  it("compares forms by their text, ignoring surrounding spaces", () => {
    const form = defaultArtForm();
    const named = edit(form, { name: "Book table" });
    expect(sameForm(named, edit(named, { name: " Book table " }))).toBe(true);
    expect(sameForm(form, named)).toBe(false);
    expect(sameForm(form, edit(form, { "to.0.4": "72" }))).toBe(false);
    expect(sameForm(form, addArtColumn(form))).toBe(false);
  });

  it("adds a column after the last one (ratings continued, values copied) and removes the last", () => {
    const form = artToForm(validateArt(BOOK));
    const added = addArtColumn(form);
    expect(added.columns).toBe(3);
    const table = formToArt(added);
    expect(table.columns[2]).toEqual({ min: 100, max: 100, ranges: table.columns[1]?.ranges });
    const removed = removeArtColumn(added);
    expect(sameForm(removed, form)).toBe(true);
    expect(Object.keys(removed.values).some((k) => /^(min|max)\.2$|^(from|to)\.2\./.test(k))).toBe(false);
  });

  it("keeps at least one column and at most the editor's limit", () => {
    let form = removeArtColumn(artToForm(validateArt(BOOK)));
    expect(form.columns).toBe(1);
    expect(removeArtColumn(form)).toBe(form);
    while (form.columns < MAX_EDITOR_COLUMNS) form = addArtColumn(form);
    expect(addArtColumn(form)).toBe(form);
    expect(formToArt(form).columns).toHaveLength(MAX_EDITOR_COLUMNS);
  });
});

describe("the editor's view", () => {
  it("lists the levels best first, each marked success or failure, with one cell per column", () => {
    const view = artEditorView(defaultArtForm());
    expect(view.rows.map((r) => r.id)).toEqual([...LEVEL_IDS].reverse());
    expect(view.rows.filter((r) => r.success).map((r) => r.id)).toEqual([
      "awesome",
      "superb",
      "great",
      "good",
      "passable",
    ]);
    expect(view.rows[0]?.nameKey).toBe("ROLLING_BONES.Percentile.Level.awesome");
    expect(view.columns.map((c) => [c.number, c.min.value, c.max.value])[0]).toEqual([1, "0", "2"]);
    for (const row of view.rows) expect(row.cells).toHaveLength(DEFAULT_ART.columns.length);
    const passable = view.rows.find((r) => r.id === "passable");
    expect(passable?.cells[0]).toEqual({
      column: 1,
      invalid: false,
      from: { name: "from.0.5", value: "71" },
      to: { name: "to.0.5", value: "80" },
    });
    expect(view.canAdd).toBe(true);
    expect(view.canRemove).toBe(true);
  });

  it("names input names that are unique", () => {
    const view = artEditorView(defaultArtForm());
    const names = [
      ...view.columns.flatMap((c) => [c.min.name, c.max.name]),
      ...view.rows.flatMap((r) => [r.label.name, ...r.cells.flatMap((c) => [c.from.name, c.to.name])]),
    ];
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("error messages", () => {
  const tagged = { localize: (key: string) => `<${key}>`, format: (key: string) => `<${key}>` };

  it("show a level by its localized name", () => {
    const error = new EngineError("ArtValueGap", { column: 2, level: "poor", expected: 41, got: 43 });
    expect(artErrorData(error, tagged)).toEqual({
      column: "2",
      level: "<ROLLING_BONES.Percentile.Level.poor>",
      expected: "41",
      got: "43",
    });
    expect(artErrorData(new EngineError("ArtNoColumns"), tagged)).toEqual({});
  });

  /** The English message a GM reads for the table parsed from a JSON text. */
  const said = (text: string) => {
    try {
      parseArtJson(text);
    } catch (error) {
      if (error instanceof EngineError) return artErrorText(error, { localize: (key) => format(key), format });
      throw error;
    }
    return "accepted";
  };

  it("say what is wrong and where in a GM's words, never the file's paths (issue 19 item 14)", () => {
    const table = JSON.parse(artToJson(DEFAULT_ART)) as {
      levels: unknown;
      columns: { min: unknown; ranges: unknown[] }[];
    };
    const withLevels = (levels: unknown) => JSON.stringify({ ...table, levels });
    expect(said(withLevels("ten"))).toBe(
      'The Action Results Table cannot be read: the list of result levels ("levels") should be a list in square brackets.',
    );
    expect(said("[1, 2]")).toBe(
      'The Action Results Table cannot be read: the file as a whole should be a group of fields in braces, holding "levels" and "columns".',
    );
    const columns = structuredClone(table.columns);
    columns[2]!.min = 4.5;
    expect(said(JSON.stringify({ ...table, columns }))).toBe(
      "The Action Results Table needs a whole number for the lowest rating of column 3 (got 4.5).",
    );
    const ranges = structuredClone(table.columns);
    ranges[0]!.ranges[4] = [41];
    expect(said(JSON.stringify({ ...table, columns: ranges }))).toBe(
      "The Action Results Table cannot be read: the values of column 1 for Poor should be two numbers in square brackets, such as [1, 10], or null for a level no value reaches.",
    );
    const values = structuredClone(table.columns);
    values[1]!.ranges[0] = [1, "ten"];
    expect(said(JSON.stringify({ ...table, columns: values }))).toBe(
      "The Action Results Table needs a whole number for the highest value of column 2 for Catastrophic (got ten).",
    );
    expect(said(withLevels(LEVEL_IDS.map((id, i) => (i === 3 ? { id, label: 7 } : { id }))))).toBe(
      "The Action Results Table cannot be read: the name shown on cards for Lacking should be text in quotes.",
    );
    // No message of the table shows an engine path such as columns[0].ranges[4].
    for (const text of [withLevels("ten"), JSON.stringify({ ...table, columns: ranges })]) {
      expect(said(text)).not.toMatch(/\[\d+\]|\bpath\b|malformed/i);
    }
  });

  it("show a place the editor does not know as it is", () => {
    expect(artPlace("columns[0].extra", { localize: (k) => k, format: (k) => k })).toBe("columns[0].extra");
  });
});

describe("the one-time notice", () => {
  it("is due only for the active GM, only once, and only while the world uses the default table", () => {
    expect(artNoticeDue({ activeGm: true, shown: false, customTable: false })).toBe(true);
    expect(artNoticeDue({ activeGm: false, shown: false, customTable: false })).toBe(false);
    expect(artNoticeDue({ activeGm: true, shown: true, customTable: false })).toBe(false);
    expect(artNoticeDue({ activeGm: true, shown: false, customTable: true })).toBe(false);
  });
});

describe("marking the inputs a refusal names", () => {
  it("marks the cell of a level's range, or a column's ratings, and nothing else", () => {
    const form = defaultArtForm();
    const cell = artEditorView(form, artProblemOf(new EngineError("ArtValueGap", { column: 2, level: "good" })));
    const marked = cell.rows.flatMap((r) => r.cells.filter((c) => c.invalid).map((c) => `${r.id}@${c.column}`));
    expect(marked).toEqual(["good@2"]);
    expect(cell.columns.some((c) => c.invalid)).toBe(false);
    const column = artEditorView(form, artProblemOf(new EngineError("ArtColumnGap", { column: 3 })));
    expect(column.columns.filter((c) => c.invalid).map((c) => c.number)).toEqual([3]);
    expect(column.rows.some((r) => r.cells.some((c) => c.invalid))).toBe(false);
    expect(artProblemOf(new EngineError("ArtNoColumns"))).toEqual({});
  });
});
