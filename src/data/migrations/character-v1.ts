/**
 * Version 1 of the character schemas. Before it (development builds, version 0) some traits were
 * stored in flatter shapes; each function here turns such a shape into the version 1 shape and
 * leaves version 1 data unchanged, so it is safe on every load and on partial update data.
 *
 * - percentile: an attribute as a bare rating (`body: 4`), skills as `name → rating`, karma as `{ value }`;
 * - action: an ability or saving throw as a bare modifier (`strength: 2`), a weapon's `botch` for `botchRange`;
 * - wild: a trait as `{ dice, pips }` or a bare code string (`"3D+1"`);
 * - pi: an attribute pool as text (`"d8/d4"`) or a bare list (`[8, 4]`);
 * - pool: a trait as bare dots (`strength: 3`), Willpower as one number (`willpower: 6`).
 *
 * In every type, an entry keyed by its name ("Sleight of hand": skills, dice-pool abilities and
 * traits, Precision & Impact conditions) gets an id made from that name, which the schema accepts.
 */

import { bumpVersion, entryNameOf, isNumber, isObject, mapEntries, rekeyEntries, type Source } from "./helpers.ts";

/** The version these migrations produce. */
export const VERSION = 1;

/** `{ [key]: value }` for a bare number, `undefined` otherwise. */
function wrapNumber(key: string): (value: unknown) => Source | undefined {
  return (value) => (isNumber(value) ? { [key]: value } : undefined);
}

/** A percentile character's source in the version 1 shape. */
export function percentileCharacterV1(source: Source): Source {
  mapEntries(source, "attributes", wrapNumber("rating"));
  mapEntries(source, "skills", (value, id) => (isNumber(value) ? { name: entryNameOf(id), rating: value } : undefined));
  rekeyEntries(source, "skills");
  if (isObject(source.karma) && isNumber(source.karma.value)) source.karma = source.karma.value;
  bumpVersion(source, VERSION);
  return source;
}

/** An action character's source in the version 1 shape. */
export function actionCharacterV1(source: Source): Source {
  mapEntries(source, "abilities", wrapNumber("mod"));
  mapEntries(source, "saves", wrapNumber("mod"));
  rekeyEntries(source, "skills");
  mapEntries(source, "weapons", (value) => {
    if (!isObject(value) || !("botch" in value)) return undefined;
    const { botch, ...rest } = value;
    return "botchRange" in rest || !isNumber(botch) ? rest : { ...rest, botchRange: botch };
  });
  bumpVersion(source, VERSION);
  return source;
}

/** Writes dice and pips as a die code (`3D+1`, `2D`, `4D-1`); `undefined` when they are not numbers. */
function codeOf(value: Source): string | undefined {
  const { dice, pips = 0 } = value;
  if (!isNumber(dice) || !isNumber(pips)) return undefined;
  return `${dice}D${pips === 0 ? "" : pips > 0 ? `+${pips}` : String(pips)}`;
}

/** A wild trait value in the version 1 shape (`{ code }`), or `undefined` when it already is. */
function wildTraitV1(value: unknown): Source | undefined {
  if (typeof value === "string") return { code: value };
  if (!isObject(value) || "code" in value || !("dice" in value)) return undefined;
  const code = codeOf(value);
  if (code === undefined) return undefined;
  const { dice: _dice, pips: _pips, ...rest } = value;
  return { ...rest, code };
}

/** A wild-die character's source in the version 1 shape. */
export function wildCharacterV1(source: Source): Source {
  mapEntries(source, "attributes", wildTraitV1);
  mapEntries(source, "skills", wildTraitV1);
  rekeyEntries(source, "skills");
  bumpVersion(source, VERSION);
  return source;
}

const DIE_TEXT = /^\s*d?(\d+)\s*$/i;

/** Reads `"d8/d4"`, `"d8 d4"` or `"d8, d4"` as `[8, 4]`; `undefined` when any part is not a die. */
function diceFromText(text: string): number[] | undefined {
  const parts = text.split(/[\s,/+]+/).filter((p) => p.length > 0);
  const dice: number[] = [];
  for (const part of parts) {
    const match = DIE_TEXT.exec(part);
    if (!match) return undefined;
    dice.push(Number(match[1]));
  }
  return dice;
}

/** A Precision & Impact character's source in the version 1 shape. */
export function piCharacterV1(source: Source): Source {
  mapEntries(source, "attributes", (value) => {
    if (Array.isArray(value)) return { dice: value as unknown[] };
    if (typeof value !== "string") return undefined;
    const dice = diceFromText(value);
    return dice === undefined ? undefined : { dice };
  });
  rekeyEntries(source, "skills");
  rekeyEntries(source, "conditions");
  bumpVersion(source, VERSION);
  return source;
}

/** A dice-pool character's source in the version 1 shape. */
export function poolCharacterV1(source: Source): Source {
  mapEntries(source, "attributes", wrapNumber("rating"));
  mapEntries(source, "abilities", (value, id) =>
    isNumber(value) ? { name: entryNameOf(id), rating: value } : undefined,
  );
  if (isNumber(source.willpower)) source.willpower = { permanent: source.willpower, current: source.willpower };
  mapEntries(source, "traits", (value, id) =>
    isNumber(value) ? { name: entryNameOf(id), permanent: value, current: value } : undefined,
  );
  rekeyEntries(source, "abilities");
  rekeyEntries(source, "traits");
  bumpVersion(source, VERSION);
  return source;
}
