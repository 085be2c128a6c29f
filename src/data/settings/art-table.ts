/**
 * The Action Results Table as a world setting, Foundry-free: what to store for a table (reading
 * the stored value: `art-setting.ts`), JSON import and export, and the GM editor's form (every number as text, the
 * way the inputs hold it) with its conversion to and from a table. Every table that leaves this
 * module has passed the engine's `validateArt`; anything else is refused with an
 * {@link EngineError} naming the reason.
 */

import { artErrorData, type ArtLocalization } from "../../helpers/art-errors.ts";
import { EngineError, percentile } from "../../engines/core.ts";
import type { ArtColumn, ArtRange, ArtTable, LevelId } from "../../engines/percentile/core.ts";

export { artNoticeDue, DEFAULT_ART_SETTING, storedArt, withArt, type ArtNoticeState } from "./art-setting.ts";

const { DEFAULT_ART, LEVEL_COUNT, LEVEL_IDS, FIRST_SUCCESS, MAX_VALUE, validateArt } = percentile;

/** The file name an exported table is saved under. */
export const ART_EXPORT_FILE = "action-results-table.json";

/** The most columns the editor adds (a sanity limit; an imported table may have more). */
export const MAX_EDITOR_COLUMNS = 30;

/** Whether two checked tables read every rating and value the same way (names and labels aside). */
export function sameReadings(a: ArtTable, b: ArtTable): boolean {
  return JSON.stringify(a.columns) === JSON.stringify(b.columns);
}

/** Whether a checked table is the default table, level labels and name aside. */
export function isDefaultArt(table: ArtTable): boolean {
  return sameReadings(table, DEFAULT_ART) && table.levels.every((level) => level.label === undefined);
}

/**
 * What the setting should store for a table: {@link DEFAULT_ART_SETTING} for the default table (so
 * a later version's default applies), otherwise a plain copy of the checked table.
 *
 * @param table - A table of unknown shape.
 * @returns The value to store.
 * @throws EngineError from `validateArt` when the table is not valid.
 */
export function artSettingValue(table: unknown): ArtTable | Record<string, never> {
  const checked = validateArt(table);
  if (isDefaultArt(checked)) return {};
  return JSON.parse(JSON.stringify(checked)) as ArtTable;
}

/**
 * The largest JSON text a table is read from, in bytes: a table of the most columns allowed,
 * pretty-printed with long labels, is well under it (the default table is under 3 KB).
 */
export const MAX_ART_JSON_BYTES = 128 * 1024;

/**
 * Refuses a table file (or pasted text) of more than {@link MAX_ART_JSON_BYTES} before it is read.
 *
 * @param bytes - Its size in bytes.
 * @throws EngineError `ArtTooLarge` naming its size and the limit.
 */
export function checkArtSize(bytes: number): void {
  if (bytes > MAX_ART_JSON_BYTES) {
    throw new EngineError("ArtTooLarge", { size: Math.ceil(bytes / 1024), max: MAX_ART_JSON_BYTES / 1024 });
  }
}

/**
 * Reads a table from JSON text (an imported file or pasted text). Text over
 * {@link MAX_ART_JSON_BYTES} is refused before it is parsed.
 *
 * @param text - The JSON text.
 * @returns The checked table.
 * @throws EngineError `ArtTooLarge` for text over the limit, `ArtJson` when the text is not JSON,
 *   or the reason `validateArt` gives (too many columns, a label too long…).
 */
export function parseArtJson(text: string): ArtTable {
  if (typeof text !== "string") throw new EngineError("ArtMalformed", { path: "table", expected: "table" });
  // Every character is at least one byte: a text too long in characters is not encoded to be measured.
  checkArtSize(text.length > MAX_ART_JSON_BYTES ? text.length : new TextEncoder().encode(text).length);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EngineError("ArtJson", { reason: error instanceof Error ? error.message : error });
  }
  return validateArt(data);
}

/**
 * A table as the JSON text an export writes: the format {@link parseArtJson} reads back.
 *
 * @param table - A checked table.
 */
export function artToJson(table: ArtTable): string {
  return `${JSON.stringify(table, null, 2)}\n`;
}

// ------------------------------------------------------------------------------------------------
// The editor's form

/**
 * The editor's form: every input's text by name, and the number of columns. Names: `name`,
 * `label.<level>`, `min.<column>`, `max.<column>`, `from.<column>.<level>`, `to.<column>.<level>`
 * (columns and levels counted from 0; levels in the order of `LEVEL_IDS`, worst first).
 */
export interface ArtForm {
  /** The number of columns. */
  readonly columns: number;
  /** Every input's text by name. */
  readonly values: Readonly<Record<string, string>>;
}

/** The text of a value an input shows. */
function text(value: number | undefined): string {
  return value === undefined ? "" : String(value);
}

/**
 * The form showing a table.
 *
 * @param table - A checked table.
 */
export function artToForm(table: ArtTable): ArtForm {
  const values: Record<string, string> = { name: table.name ?? "" };
  table.levels.forEach((level, i) => (values[`label.${i}`] = level.label ?? ""));
  table.columns.forEach((column, c) => {
    values[`min.${c}`] = text(column.min);
    values[`max.${c}`] = text(column.max);
    column.ranges.forEach((range, i) => {
      values[`from.${c}.${i}`] = text(range?.[0]);
      values[`to.${c}.${i}`] = text(range?.[1]);
    });
  });
  return { columns: table.columns.length, values };
}

/** The form of the default table. */
export function defaultArtForm(): ArtForm {
  return artToForm(DEFAULT_ART);
}

const WHOLE = /^\s*[+-]?\d+\s*$/;

/**
 * Reads a number input of a column.
 *
 * @throws EngineError `ArtEditorNotNumber` for text that is not a whole number.
 */
function wholeNumber(value: string | undefined, column: number): number {
  const raw = value ?? "";
  if (!WHOLE.test(raw)) throw new EngineError("ArtEditorNotNumber", { column, value: raw.trim() });
  return Number(raw);
}

/** Whether an input is empty. */
function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

/**
 * The table a form describes, checked by the engine.
 *
 * @param form - The editor's form.
 * @returns The checked table.
 * @throws EngineError `ArtEditorRatingMissing` (a column without both ratings), `ArtEditorCell`
 *   (a level with only one of its two values), `ArtEditorNotNumber`, or the reason `validateArt`
 *   gives (gaps, overlaps, ranges out of order…).
 */
export function formToArt(form: ArtForm): ArtTable {
  const v = form.values;
  const columns: ArtColumn[] = [];
  for (let c = 0; c < form.columns; c++) {
    const column = c + 1;
    if (blank(v[`min.${c}`]) || blank(v[`max.${c}`])) throw new EngineError("ArtEditorRatingMissing", { column });
    const ranges: (ArtRange | null)[] = [];
    for (let i = 0; i < LEVEL_COUNT; i++) {
      const from = v[`from.${c}.${i}`];
      const to = v[`to.${c}.${i}`];
      if (blank(from) && blank(to)) {
        ranges.push(null);
        continue;
      }
      if (blank(from) || blank(to)) throw new EngineError("ArtEditorCell", { column, level: LEVEL_IDS[i] as LevelId });
      ranges.push([wholeNumber(from, column), wholeNumber(to, column)]);
    }
    columns.push({ min: wholeNumber(v[`min.${c}`], column), max: wholeNumber(v[`max.${c}`], column), ranges });
  }
  const levels = LEVEL_IDS.map((id, i) => {
    const label = (v[`label.${i}`] ?? "").trim();
    return label === "" ? { id } : { id, label };
  });
  const name = (v.name ?? "").trim();
  return validateArt(name === "" ? { levels, columns } : { name, levels, columns });
}

/**
 * The form with one more column after the last: its ratings start just above the last column's
 * and span one rating, and its values copy the last column's, ready to be edited.
 *
 * @param form - The editor's form.
 * @returns The new form, or the same form when it already has {@link MAX_EDITOR_COLUMNS} columns.
 */
export function addArtColumn(form: ArtForm): ArtForm {
  if (form.columns >= MAX_EDITOR_COLUMNS) return form;
  const values: Record<string, string> = { ...form.values };
  const last = form.columns - 1;
  const c = form.columns;
  const lastMax = Number(values[`max.${last}`]);
  const start = last >= 0 && Number.isSafeInteger(lastMax) && !blank(values[`max.${last}`]) ? lastMax + 1 : 0;
  values[`min.${c}`] = String(start);
  values[`max.${c}`] = String(start);
  for (let i = 0; i < LEVEL_COUNT; i++) {
    values[`from.${c}.${i}`] = last >= 0 ? (values[`from.${last}.${i}`] ?? "") : "";
    values[`to.${c}.${i}`] = last >= 0 ? (values[`to.${last}.${i}`] ?? "") : "";
  }
  if (last < 0) {
    values[`from.${c}.0`] = "1";
    values[`to.${c}.0`] = String(MAX_VALUE);
  }
  return { columns: c + 1, values };
}

/**
 * The form without its last column (a table keeps at least one).
 *
 * @param form - The editor's form.
 */
export function removeArtColumn(form: ArtForm): ArtForm {
  if (form.columns <= 1) return form;
  const c = form.columns - 1;
  const values: Record<string, string> = {};
  const own = new RegExp(`^(?:min|max)\\.${c}$|^(?:from|to)\\.${c}\\.\\d+$`);
  for (const [name, value] of Object.entries(form.values)) if (!own.test(name)) values[name] = value;
  return { columns: c, values };
}

/**
 * Takes the values an editor's inputs hold into the form; names the form does not know are
 * ignored, and a known name the inputs lack keeps its value.
 *
 * @param form - The form before.
 * @param inputs - Input names and texts (for example from `FormData`).
 */
export function readArtForm(form: ArtForm, inputs: Iterable<[string, unknown]>): ArtForm {
  const values: Record<string, string> = { ...form.values };
  const known = /^(?:name|label\.\d+|(?:min|max)\.\d+|(?:from|to)\.\d+\.\d+)$/;
  for (const [name, value] of inputs) {
    if (known.test(name) && typeof value === "string") values[name] = value;
  }
  return { columns: form.columns, values };
}

/** Whether two forms hold the same table text. */
export function sameForm(a: ArtForm, b: ArtForm): boolean {
  if (a.columns !== b.columns) return false;
  const keys = new Set([...Object.keys(a.values), ...Object.keys(b.values)]);
  for (const key of keys) if ((a.values[key] ?? "").trim() !== (b.values[key] ?? "").trim()) return false;
  return true;
}

// ------------------------------------------------------------------------------------------------
// The editor's view

/** One value cell of the editor: a level's two inputs in one column. */
export interface ArtCellView {
  readonly column: number;
  /** Whether the last refusal named this cell. */
  readonly invalid: boolean;
  readonly from: { readonly name: string; readonly value: string };
  readonly to: { readonly name: string; readonly value: string };
}

/** One row of the editor: a result level across every column. */
export interface ArtRowView {
  /** The level's position (0 = worst). */
  readonly index: number;
  /** The level id. */
  readonly id: LevelId;
  /** The localization key of the level's name. */
  readonly nameKey: string;
  /** Whether the level is a success. */
  readonly success: boolean;
  /** The display-name input. */
  readonly label: { readonly name: string; readonly value: string };
  /** One cell per column. */
  readonly cells: readonly ArtCellView[];
}

/** One column heading of the editor. */
export interface ArtColumnView {
  /** The column's number, from 1. */
  readonly number: number;
  /** Whether the last refusal named this column's ratings. */
  readonly invalid: boolean;
  readonly min: { readonly name: string; readonly value: string };
  readonly max: { readonly name: string; readonly value: string };
}

/** What the editor template renders. */
export interface ArtEditorView {
  /** The table name input's value. */
  readonly name: string;
  /** The column headings. */
  readonly columns: readonly ArtColumnView[];
  /** The rows, best level first (as printed tables list them). */
  readonly rows: readonly ArtRowView[];
  /** Whether another column may be added. */
  readonly canAdd: boolean;
  /** Whether a column may be removed. */
  readonly canRemove: boolean;
}

/** The localization prefix of level names. */
export const LEVEL_NAME_PREFIX = "ROLLING_BONES.Percentile.Level.";

/** Where a refusal points: a column (from 1) and, for a value range, a level id. */
export interface ArtProblem {
  readonly column?: number;
  readonly level?: string;
}

/**
 * Where an error points in the editor, read from its data (`column`, `level`).
 *
 * @param error - An error from this module or from `validateArt`.
 */
export function artProblemOf(error: EngineError): ArtProblem {
  const { column, level } = error.data;
  return {
    ...(typeof column === "number" ? { column } : {}),
    ...(typeof level === "string" ? { level } : {}),
  };
}

/**
 * The editor's view of a form.
 *
 * @param form - The editor's form.
 * @param problem - Where the last refusal pointed, to mark those inputs invalid.
 */
export function artEditorView(form: ArtForm, problem: ArtProblem = {}): ArtEditorView {
  const v = form.values;
  const input = (name: string) => ({ name, value: v[name] ?? "" });
  const columns: ArtColumnView[] = [];
  for (let c = 0; c < form.columns; c++) {
    const invalid = problem.column === c + 1 && problem.level === undefined;
    columns.push({ number: c + 1, invalid, min: input(`min.${c}`), max: input(`max.${c}`) });
  }
  const rows = LEVEL_IDS.map((id, i): ArtRowView => ({
    index: i,
    id,
    nameKey: `${LEVEL_NAME_PREFIX}${id}`,
    success: i >= FIRST_SUCCESS,
    label: input(`label.${i}`),
    cells: columns.map((_, c) => ({
      column: c + 1,
      invalid: problem.column === c + 1 && problem.level === id,
      from: input(`from.${c}.${i}`),
      to: input(`to.${c}.${i}`),
    })),
  })).reverse();
  return {
    name: v.name ?? "",
    columns,
    rows,
    canAdd: form.columns < MAX_EDITOR_COLUMNS,
    canRemove: form.columns > 1,
  };
}

export { artErrorData, artPlace, type ArtLocalization } from "../../helpers/art-errors.ts";

/**
 * The localized message of an Action Results Table error, in a GM's words.
 *
 * @param error - An error from this module or from `validateArt`.
 * @param i18n - The localization.
 */
export function artErrorText(error: EngineError, i18n: ArtLocalization): string {
  return i18n.format(error.key, artErrorData(error, i18n));
}
