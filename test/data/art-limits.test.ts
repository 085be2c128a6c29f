/**
 * Imports are bounded (issue 14, class 4): an Action Results Table is refused for its size before its
 * JSON is parsed, for its number of columns before any column is read, and for a name or label too
 * long; each refusal names the limit. On the double, a refused import leaves the world's table as it
 * was.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { GM, bootSystem } from "../support/system.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { artSettingValue, checkArtSize, MAX_ART_JSON_BYTES, parseArtJson } from "../../src/data/settings/art-table.ts";
import { EngineError, percentile } from "../../src/engines/index.ts";

const { DEFAULT_ART, MAX_ART_COLUMNS, MAX_ART_LABEL } = percentile;

/** A table shaped like the default, with `count` copies of its first column (ratings 0, 1, 2…). */
function tableWithColumns(count: number): Record<string, unknown> {
  const ranges = DEFAULT_ART.columns[0]!.ranges;
  return {
    levels: DEFAULT_ART.levels,
    columns: Array.from({ length: count }, (_, i) => ({ min: i, max: i, ranges })),
  };
}

const i18n = { has: hasKey, localize, format };

/** The review's case: 40,000 columns, about 4.6 MB of JSON. */
const HUGE = JSON.stringify(tableWithColumns(40_000));

/** The localized text of what `fn` throws. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof EngineError) return errorMessage(error, i18n);
    throw error;
  }
  throw new Error("not refused");
}

afterEach(() => vi.restoreAllMocks());

describe("the Action Results Table import is bounded", () => {
  it("refuses a 4.6 MB table of 40,000 columns for its size, before its JSON is parsed", () => {
    const text = HUGE;
    expect(text.length).toBeGreaterThan(4_500_000);
    const parse = vi.spyOn(JSON, "parse");
    expect(refusal(() => parseArtJson(text))).toBe(
      format("ROLLING_BONES.Error.ArtTooLarge", { size: Math.ceil(text.length / 1024), max: 128 }),
    );
    expect(parse).not.toHaveBeenCalled();
  });

  it("counts bytes, not characters: text of few characters but many bytes is refused too", () => {
    const text = `{"name":"${"é".repeat(MAX_ART_JSON_BYTES / 2)}"}`; // each é is two bytes
    expect(text.length).toBeLessThan(MAX_ART_JSON_BYTES);
    expect(refusal(() => parseArtJson(text))).toMatch(/at most 128 KB/);
    expect(() => checkArtSize(MAX_ART_JSON_BYTES)).not.toThrow();
    expect(() => checkArtSize(MAX_ART_JSON_BYTES + 1)).toThrow(EngineError);
  });

  it("refuses more columns than allowed before reading any of them, and accepts the limit", () => {
    const tooMany = tableWithColumns(MAX_ART_COLUMNS + 1);
    // The last column is malformed: a refusal for the count proves no column was read first.
    (tooMany.columns as unknown[]).push("not a column");
    expect(refusal(() => percentile.validateArt(tooMany))).toBe(
      format("ROLLING_BONES.Error.ArtTooManyColumns", { count: MAX_ART_COLUMNS + 2, max: MAX_ART_COLUMNS }),
    );
    expect(percentile.validateArt(tableWithColumns(MAX_ART_COLUMNS)).columns).toHaveLength(MAX_ART_COLUMNS);
  });

  it("refuses a name or a level label longer than allowed, naming where and the limit", () => {
    const long = "x".repeat(MAX_ART_LABEL + 1);
    expect(refusal(() => percentile.validateArt({ ...tableWithColumns(1), name: long }))).toBe(
      `In the Action Results Table, the table name is ${MAX_ART_LABEL + 1} characters long; at most ${MAX_ART_LABEL} are allowed.`,
    );
    const levels = DEFAULT_ART.levels.map((l, i) => (i === 3 ? { ...l, label: long } : l));
    expect(refusal(() => percentile.validateArt({ ...tableWithColumns(1), levels }))).toBe(
      `In the Action Results Table, the name shown on cards for Lacking is ${MAX_ART_LABEL + 1} characters long; at most ${MAX_ART_LABEL} are allowed.`,
    );
    const fits = DEFAULT_ART.levels.map((l) => ({ ...l, label: "x".repeat(MAX_ART_LABEL) }));
    expect(percentile.validateArt({ ...tableWithColumns(1), levels: fits }).levels[0]?.label).toHaveLength(
      MAX_ART_LABEL,
    );
  });
});

describe("a refused import is not stored", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("leaves the world's table as it was when the text is too large or the table too wide", async () => {
    double = await bootSystem({ userId: GM });
    const before = double.game.settings.get("rolling-bones", "artTable");
    // What the editor's import and save do: read the text, then store the checked table.
    for (const text of [HUGE, JSON.stringify(tableWithColumns(MAX_ART_COLUMNS + 1))]) {
      const store = async () =>
        double.game.settings.set("rolling-bones", "artTable", artSettingValue(parseArtJson(text)));
      await expect(store()).rejects.toBeInstanceOf(EngineError);
    }
    expect(double.game.settings.get("rolling-bones", "artTable")).toEqual(before);
  });
});
