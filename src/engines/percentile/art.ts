/**
 * The Action Results Table (ART) as data: ten ordered result levels, and columns chosen by the
 * actor's rating, each column mapping every value 1..100 to exactly one level. The default table
 * ships as `art-default.json`; a GM may replace it with another table (for instance the book's),
 * which {@link validateArt} checks before it is used.
 *
 * The default table is our own and documented here. Its ten columns cover ratings 0–2, 3–4, 5–6,
 * …, 19–20; a rating below the first column reads the first column and a rating above the last
 * reads the last. In column k (0-based) the levels, worst first, span these many values:
 * catastrophic 10 − k, inferior / shoddy / lacking / poor 15 − k each, passable 10 + k, good 8 + k,
 * great 6 + k, superb 4 + k, awesome 2 + k. So a success (passable or better) needs 71 or more in
 * the first column and 26 or more in the last, every level stays reachable in every column, 99 and
 * "00" (100) are always awesome, 01 is always catastrophic, and the chance of reaching any level or
 * better grows with the rating.
 */

import { EngineError, isRecord, requireInt } from "../shared/core.ts";
import defaultArtJson from "./art-default.json" with { type: "json" };
import { LEVEL_COUNT, LEVEL_IDS, isSuccessIndex, type LevelId } from "./levels.ts";

/** The lowest percentile value. */
export const MIN_VALUE = 1;

/** The highest percentile value ("00"). */
export const MAX_VALUE = 100;

/** One level of a table: its fixed id and, optionally, the GM's own display name for it. */
export interface ArtLevel {
  /** The level id, in the order of {@link LEVEL_IDS}. */
  readonly id: LevelId;
  /** A display name given by the table's author (shown instead of the localized name). */
  readonly label?: string;
}

/** The values (inclusive) that give one level in one column. */
export type ArtRange = readonly [from: number, to: number];

/** One column of the table: the ratings that read it and, per level, the values that give it. */
export interface ArtColumn {
  /** The lowest rating that reads this column. */
  readonly min: number;
  /** The highest rating that reads this column. */
  readonly max: number;
  /** Ten entries in level order: the values giving that level, or `null` when no value does. */
  readonly ranges: readonly (ArtRange | null)[];
}

/** A complete Action Results Table. */
export interface ArtTable {
  /** An optional name for the table. */
  readonly name?: string;
  /** The ten levels, worst first. */
  readonly levels: readonly ArtLevel[];
  /** The columns, ordered by rating, with no gaps or overlaps between their rating ranges. */
  readonly columns: readonly ArtColumn[];
}

/** A value read on a table. */
export interface ArtReading {
  /** The position of the column read (0-based). */
  readonly column: number;
  /** The result level id. */
  readonly level: LevelId;
  /** The level's position in {@link LEVEL_IDS} (0 = worst). */
  readonly index: number;
  /** Whether the level is a success. */
  readonly success: boolean;
}

/** Reads an integer field of a table, or throws `ArtNotInteger` naming its path. */
function tableInt(value: unknown, path: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new EngineError("ArtNotInteger", { path, value: value });
  }
  return value;
}

/** The most columns a table may have (the default has 11; the editor adds up to 30). */
export const MAX_ART_COLUMNS = 100;

/** The longest a table's name or a level's label may be, in characters. */
export const MAX_ART_LABEL = 80;

/** Checks a name or label's length, or throws `ArtLabelTooLong` naming its path and the limit. */
function checkLabel(label: string, path: string): string {
  if (label.length > MAX_ART_LABEL) {
    throw new EngineError("ArtLabelTooLong", { path, length: label.length, max: MAX_ART_LABEL });
  }
  return label;
}

/** Checks the level list: exactly the ten level ids, in order, each with an optional label. */
function checkLevels(levels: unknown): ArtLevel[] {
  if (!Array.isArray(levels)) throw new EngineError("ArtMalformed", { path: "levels", expected: "list" });
  if (levels.length !== LEVEL_COUNT) {
    throw new EngineError("ArtLevelCount", { count: levels.length, expected: LEVEL_COUNT });
  }
  return levels.map((entry: unknown, i) => {
    const expected = LEVEL_IDS[i] as LevelId;
    if (!isRecord(entry)) throw new EngineError("ArtMalformed", { path: `levels[${i}]`, expected: "record" });
    if (entry.id !== expected) {
      throw new EngineError("ArtLevelOrder", { position: i + 1, expected, got: entry.id });
    }
    if (entry.label === undefined) return Object.freeze({ id: expected });
    if (typeof entry.label !== "string")
      throw new EngineError("ArtMalformed", { path: `levels[${i}].label`, expected: "text" });
    return Object.freeze({ id: expected, label: checkLabel(entry.label, `levels[${i}].label`) });
  });
}

/** Checks one column's value ranges: in level order, covering 1..100 with no gap or overlap. */
function checkRanges(ranges: unknown, column: number): (ArtRange | null)[] {
  const path = `columns[${column - 1}].ranges`;
  if (!Array.isArray(ranges)) throw new EngineError("ArtMalformed", { path, expected: "list" });
  if (ranges.length !== LEVEL_COUNT) {
    throw new EngineError("ArtRangeCount", { column, count: ranges.length, expected: LEVEL_COUNT });
  }
  let next = MIN_VALUE; // the lowest value not yet given a level
  const out = ranges.map((range: unknown, i): ArtRange | null => {
    if (range === null) return null;
    const level = LEVEL_IDS[i] as LevelId;
    if (!Array.isArray(range) || range.length !== 2)
      throw new EngineError("ArtMalformed", { path: `${path}[${i}]`, expected: "pair" });
    const from = tableInt(range[0], `${path}[${i}][0]`);
    const to = tableInt(range[1], `${path}[${i}][1]`);
    if (from > to || from < MIN_VALUE || to > MAX_VALUE) {
      throw new EngineError("ArtRangeBounds", { column, level, from, to });
    }
    if (from > next) throw new EngineError("ArtValueGap", { column, level, expected: next, got: from });
    if (from < next) throw new EngineError("ArtValueOverlap", { column, level, expected: next, got: from });
    next = to + 1;
    return Object.freeze([from, to] as const);
  });
  if (next !== MAX_VALUE + 1) throw new EngineError("ArtValueEnd", { column, last: next - 1 });
  return out;
}

/** Checks the columns: at least one, rating ranges ascending and contiguous, each with valid value ranges. */
function checkColumns(columns: unknown): ArtColumn[] {
  if (!Array.isArray(columns)) throw new EngineError("ArtMalformed", { path: "columns", expected: "list" });
  if (columns.length === 0) throw new EngineError("ArtNoColumns");
  if (columns.length > MAX_ART_COLUMNS) {
    throw new EngineError("ArtTooManyColumns", { count: columns.length, max: MAX_ART_COLUMNS });
  }
  let previousMax: number | undefined;
  return columns.map((entry: unknown, i) => {
    const column = i + 1;
    if (!isRecord(entry)) throw new EngineError("ArtMalformed", { path: `columns[${i}]`, expected: "record" });
    const min = tableInt(entry.min, `columns[${i}].min`);
    const max = tableInt(entry.max, `columns[${i}].max`);
    if (min > max) throw new EngineError("ArtColumnBounds", { column, min, max });
    if (previousMax !== undefined && min > previousMax + 1) {
      throw new EngineError("ArtColumnGap", { column, expected: previousMax + 1, got: min });
    }
    if (previousMax !== undefined && min <= previousMax) {
      throw new EngineError("ArtColumnOverlap", { column, expected: previousMax + 1, got: min });
    }
    previousMax = max;
    return Object.freeze({ min, max, ranges: Object.freeze(checkRanges(entry.ranges, column)) });
  });
}

/**
 * Checks a table (for instance one a GM imports as JSON) and returns a frozen, normalised copy of
 * it. A valid table lists the ten levels of {@link LEVEL_IDS} in order, has at least one column,
 * at most {@link MAX_ART_COLUMNS}, its name and labels at most {@link MAX_ART_LABEL} characters,
 * its columns' rating ranges ascend with no gap or overlap, and in every column the value ranges
 * follow the level order and cover 1..100 exactly once (a level may be `null`: unreachable there).
 * Unknown extra fields are dropped.
 *
 * @param table - The candidate table, of unknown shape.
 * @returns The checked table.
 * @throws EngineError naming the first problem found: `ArtMalformed` (wrong shape, with its path
 *   and the shape `expected` there: `table`, `list`, `record`, `pair` or `text`),
 *   `ArtNotInteger`, `ArtLabelTooLong`, `ArtLevelCount`, `ArtLevelOrder`, `ArtNoColumns`,
 *   `ArtTooManyColumns`, `ArtColumnBounds`,
 *   `ArtColumnGap`, `ArtColumnOverlap`, `ArtRangeCount`, `ArtRangeBounds`, `ArtValueGap`,
 *   `ArtValueOverlap` or `ArtValueEnd`.
 */
export function validateArt(table: unknown): ArtTable {
  if (!isRecord(table)) throw new EngineError("ArtMalformed", { path: "table", expected: "table" });
  if (table.name !== undefined && typeof table.name !== "string") {
    throw new EngineError("ArtMalformed", { path: "name", expected: "text" });
  }
  if (table.name !== undefined) checkLabel(table.name, "name");
  const levels = Object.freeze(checkLevels(table.levels));
  const columns = Object.freeze(checkColumns(table.columns));
  return Object.freeze(table.name === undefined ? { levels, columns } : { name: table.name, levels, columns });
}

/** The default table (see the module description), checked when the module loads. */
export const DEFAULT_ART: ArtTable = validateArt(defaultArtJson);

/**
 * The position of the column a rating reads: the column whose rating range holds it, or the first
 * (last) column for a rating below (above) every column.
 *
 * @param table - A checked table.
 * @param rating - The actor's rating, an integer.
 * @throws EngineError `NotInteger` when the rating is not an integer.
 */
export function artColumn(table: ArtTable, rating: number): number {
  requireInt(rating, "rating", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const columns = table.columns;
  for (let i = 0; i < columns.length; i++) if (rating <= (columns[i] as ArtColumn).max) return i;
  return columns.length - 1;
}

/**
 * The level of a value in one column of a checked table.
 *
 * @param column - A column of a checked table.
 * @param value - A percentile value, 1..100.
 * @returns The level's position in {@link LEVEL_IDS}.
 */
export function levelInColumn(column: ArtColumn, value: number): number {
  const ranges = column.ranges;
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (range && value <= range[1]) return i;
  }
  throw new RangeError(`levelInColumn: value ${value} is outside the column`);
}

/**
 * The lowest value read as a success in one column of a checked table: the start of its first
 * success level's range, or `null` when no value succeeds there.
 *
 * @param column - A column of a checked table.
 */
export function successFrom(column: ArtColumn): number | null {
  const ranges = column.ranges;
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (range && isSuccessIndex(i)) return range[0];
  }
  return null;
}

/**
 * Reads a value on a table for an actor's rating.
 *
 * @param table - A checked table (see {@link validateArt}).
 * @param rating - The actor's rating for the skill, an integer; it picks the column.
 * @param value - The percentile value, 1..100.
 * @returns The column read, the level and whether it is a success.
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad rating or value.
 */
export function lookupLevel(table: ArtTable, rating: number, value: number): ArtReading {
  requireInt(value, "value", MIN_VALUE, MAX_VALUE);
  const column = artColumn(table, rating);
  const index = levelInColumn(table.columns[column] as ArtColumn, value);
  return { column, level: LEVEL_IDS[index] as LevelId, index, success: isSuccessIndex(index) };
}
