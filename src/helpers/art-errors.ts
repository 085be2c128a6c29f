/**
 * Action Results Table errors in a GM's words: the engine names a place in a table's JSON file by
 * its path (`columns[2].ranges[4][0]`) and a result level by its id; a GM reads "the lowest value
 * of column 3 for Poor". Used by every message of an error (`errorMessage`) and by the table editor.
 */
import { percentile, shared, type EngineError } from "../engines/core.ts";

const { LEVEL_IDS } = percentile;

/** The localization prefix of level names. */
const LEVEL_NAME_PREFIX = "ROLLING_BONES.Percentile.Level.";

/** The code prefix of the Action Results Table's errors (`ArtMalformed`, `ArtValueGap`…). */
const ART_CODE = /^Art[A-Z]/;

/** What an Action Results Table error's words are read with. */
export interface ArtLocalization {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** The localization prefix of the places of a table's file and of the shapes expected there. */
const PLACE_PREFIX = "ROLLING_BONES.ArtEditor.Place.";

/** A level's localized name, by its position in the table (from 0). */
function levelName(index: string, i18n: ArtLocalization): string {
  const id = LEVEL_IDS[Number(index)];
  return id === undefined ? String(Number(index) + 1) : i18n.localize(`${LEVEL_NAME_PREFIX}${id}`);
}

/**
 * A place in a table's JSON file (`columns[2].ranges[4][0]`, as the engine names it) in a GM's
 * words ("the lowest value of column 3 for Poor"); a place the editor does not know is shown as it is.
 *
 * @param path - The engine's path.
 * @param i18n - The localization.
 */
export function artPlace(path: string, i18n: ArtLocalization): string {
  const place = (key: string, data: Record<string, string> = {}) => i18n.format(`${PLACE_PREFIX}${key}`, data);
  const column = (i: string) => String(Number(i) + 1);
  let m: RegExpExecArray | null;
  if (path === "table" || path === "name" || path === "levels" || path === "columns") return place(path);
  if ((m = /^levels\[(\d+)\]$/.exec(path))) return place("level", { level: levelName(m[1]!, i18n) });
  if ((m = /^levels\[(\d+)\]\.label$/.exec(path))) return place("label", { level: levelName(m[1]!, i18n) });
  if ((m = /^columns\[(\d+)\]$/.exec(path))) return place("column", { column: column(m[1]!) });
  if ((m = /^columns\[(\d+)\]\.(min|max)$/.exec(path))) return place(m[2]!, { column: column(m[1]!) });
  if ((m = /^columns\[(\d+)\]\.ranges$/.exec(path))) return place("ranges", { column: column(m[1]!) });
  if ((m = /^columns\[(\d+)\]\.ranges\[(\d+)\](?:\[([01])\])?$/.exec(path))) {
    const key = m[3] === undefined ? "range" : m[3] === "0" ? "from" : "to";
    return place(key, { column: column(m[1]!), level: levelName(m[2]!, i18n) });
  }
  return path;
}

/**
 * The data of an Action Results Table error in a GM's words, ready for `format(error.key, data)`:
 * a level id as the level's localized name, the engine's `path` as a `place` in words, and the
 * shape `expected` there in words.
 *
 * @param error - An error from this module or from `validateArt`.
 * @param i18n - The localization.
 */
export function artErrorData(error: EngineError, i18n: ArtLocalization): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [k, value] of Object.entries(error.data)) data[k] = String(value);
  if (data.level !== undefined && (LEVEL_IDS as readonly string[]).includes(data.level)) {
    data.level = i18n.localize(`${LEVEL_NAME_PREFIX}${data.level}`);
  }
  if (data.path !== undefined) data.place = artPlace(data.path, i18n);
  if (data.expected !== undefined && error.key.endsWith(".ArtMalformed")) {
    data.expected = i18n.localize(`${PLACE_PREFIX}Expected.${data.expected}`);
  }
  return data;
}

/**
 * Whether an error is one of the Action Results Table's (its data is read by {@link artErrorData}).
 *
 * @param error - An engine error.
 */
export function isArtError(error: EngineError): boolean {
  return ART_CODE.test(error.key.slice(shared.ERROR_PREFIX.length));
}
