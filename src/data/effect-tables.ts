/**
 * Critical and botch tables, Foundry-free: which table an activated critical or botch draws from
 * (its activation, the kind of roll, the severity), how a table says which one it is (its flag, or
 * the name of the system's table for that slot), the note a drawn result leaves on the card, and the
 * check every shipped table passes when the packs are built.
 *
 * Tables exist for a critical and a botch of a check, an attack, a defence, a parry and a saving
 * throw, and for the GM's special botch, each at severity 1, 2 and 3 or more dice.
 */
import { MAX_EFFECT_NOTE, type ActionKind, type EffectActivation } from "../engines/action/core.ts";
import { isRecord } from "../engines/shared/core.ts";

/** The kinds a table is made for: a critical or a botch of each, and `any` for the special botch. */
export const TABLE_KINDS = Object.freeze(["check", "attack", "defence", "parry", "save", "any"] as const);

/** A table's kind. */
export type TableKind = (typeof TABLE_KINDS)[number];

/** The severities a table is made for: 1 die, 2 dice, 3 or more. */
export const TABLE_SEVERITIES = Object.freeze([1, 2, 3] as const);

/** A table's severity band. */
export type TableSeverity = (typeof TABLE_SEVERITIES)[number];

/** Which table an activation draws from. */
export interface EffectTableSlot {
  readonly activation: EffectActivation;
  readonly kind: TableKind;
  readonly severity: TableSeverity;
}

/** The flag scope and key a table names its slot under (`flags.rolling-bones.effectTable`). */
export const TABLE_FLAG = "effectTable";

/** Every slot the system ships a table for, in the compendium's order. */
export const TABLE_SLOTS: readonly EffectTableSlot[] = Object.freeze([
  ...(["critical", "botch"] as const).flatMap((activation) =>
    (["check", "attack", "defence", "parry", "save"] as const).flatMap((kind) =>
      TABLE_SEVERITIES.map((severity) => Object.freeze({ activation, kind, severity })),
    ),
  ),
  ...TABLE_SEVERITIES.map((severity) =>
    Object.freeze({ activation: "specialBotch" as const, kind: "any" as const, severity }),
  ),
]);

/**
 * The table kinds an activation of a roll of this kind may draw from: a check's critical or botch may
 * be a plain check, a defence or a parry (the GM says which); an attack's and a saving throw's their
 * own; the special botch its one list. Other rolls (insight, damage, initiative) have none.
 */
export function tableKindsFor(activation: EffectActivation, roll: ActionKind): readonly TableKind[] {
  if (activation === "specialBotch") return ["any"];
  switch (roll) {
    case "check":
      return ["check", "defence", "parry"];
    case "attack":
      return ["attack"];
    case "save":
      return ["save"];
    default:
      return [];
  }
}

/** The severity band of an activation with this many dice: 1, 2, or 3 for three or more. */
export function severityBand(dice: number): TableSeverity {
  return dice >= 3 ? 3 : dice === 2 ? 2 : 1;
}

/** A slot as one key (`critical.parry.2`), for lookups and element ids. */
export function slotKey(slot: EffectTableSlot): string {
  return `${slot.activation}.${slot.kind}.${slot.severity}`;
}

/** Whether two slots are the same. */
export function sameSlot(a: EffectTableSlot, b: EffectTableSlot): boolean {
  return slotKey(a) === slotKey(b);
}

/**
 * The slot a table's flag names, or `null` when the flag is absent or not one of the system's slots
 * (read as own properties only).
 */
export function slotOfFlag(flag: unknown): EffectTableSlot | null {
  if (!isRecord(flag)) return null;
  const activation = Object.hasOwn(flag, "activation") ? flag.activation : undefined;
  const kind = Object.hasOwn(flag, "kind") ? flag.kind : undefined;
  const severity = Object.hasOwn(flag, "severity") ? flag.severity : undefined;
  return TABLE_SLOTS.find((s) => s.activation === activation && s.kind === kind && s.severity === severity) ?? null;
}

/** The localization keys naming a slot's parts. */
const ACTIVATION_NAMES: Readonly<Record<EffectActivation, string>> = Object.freeze({
  critical: "ROLLING_BONES.EffectTables.Activation.critical",
  botch: "ROLLING_BONES.EffectTables.Activation.botch",
  specialBotch: "ROLLING_BONES.EffectTables.Activation.specialBotch",
});

/** The localization key of a table kind's name. */
export function tableKindKey(kind: TableKind): string {
  return `ROLLING_BONES.EffectTables.Kind.${kind}`;
}

/** The localization key of a severity band's name. */
export function severityKey(severity: TableSeverity): string {
  return `ROLLING_BONES.EffectTables.Severity.${severity}`;
}

/** The localization key of an activation's name in table names. */
export function activationKey(activation: EffectActivation): string {
  return ACTIVATION_NAMES[activation];
}

/**
 * A slot's table name: activation, kind (none for the special botch) and severity, joined as the
 * compendium names its tables ("Critical · Parry · 2 dice").
 */
export function tableName(slot: EffectTableSlot, localize: (key: string) => string): string {
  const parts = [
    activationKey(slot.activation),
    ...(slot.kind === "any" ? [] : [tableKindKey(slot.kind)]),
    severityKey(slot.severity),
  ];
  return parts.map(localize).join(" · ");
}

/** Reads a drawn result's text: markup dropped, entities decoded, white space collapsed. */
export function resultText(html: string): string {
  const entities: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|[a-z]+);/gi, (whole, name: string) =>
      name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : (entities[name.toLowerCase()] ?? whole),
    )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The note a drawn result leaves on the card: the table's name and the result, as text, cut to the
 * longest note a card keeps (an ellipsis marks the cut).
 *
 * @param tableName - The table's name.
 * @param text - The result's text (markup already dropped).
 */
export function drawnNote(tableName: string, text: string): string {
  const note = `${tableName.trim()}: ${text}`;
  if (note.length <= MAX_EFFECT_NOTE) return note;
  return `${note.slice(0, MAX_EFFECT_NOTE - 1).trimEnd()}…`;
}

/** A table as the pack build checks it. */
export interface TableSource {
  readonly name?: unknown;
  readonly formula?: unknown;
  readonly flags?: unknown;
  readonly results?: readonly {
    readonly type?: unknown;
    readonly range?: unknown;
    readonly weight?: unknown;
    readonly name?: unknown;
    readonly description?: unknown;
  }[];
}

/**
 * The problems of a shipped table, empty when it is sound: its slot flag names one of the system's
 * slots; its formula is `1dN`; its results are text results whose ranges cover 1 to N once each,
 * each with a text; no result is longer than a card's note.
 */
export function tableProblems(table: TableSource): string[] {
  const problems: string[] = [];
  const flags = isRecord(table.flags) && isRecord(table.flags["rolling-bones"]) ? table.flags["rolling-bones"] : {};
  if (!slotOfFlag(Object.hasOwn(flags, TABLE_FLAG) ? flags[TABLE_FLAG] : undefined))
    problems.push("its flag names no table slot");
  const faces = /^1d(\d+)$/.exec(typeof table.formula === "string" ? table.formula : "")?.[1];
  if (faces === undefined) return [...problems, `formula ${String(table.formula)} is not 1dN`];
  const covered = new Array<number>(Number(faces)).fill(0);
  for (const [i, result] of (table.results ?? []).entries()) {
    if (result.type !== "text") problems.push(`result ${i} is not a text result`);
    const range = Array.isArray(result.range) ? (result.range as unknown[]) : [];
    const [low, high] = range;
    if (range.length !== 2 || !Number.isInteger(low) || !Number.isInteger(high) || (low as number) > (high as number)) {
      problems.push(`result ${i} has no range`);
      continue;
    }
    for (let v = low as number; v <= (high as number); v++) {
      if (v < 1 || v > covered.length) problems.push(`result ${i} covers ${v}, outside 1–${covered.length}`);
      else covered[v - 1] = (covered[v - 1] ?? 0) + 1;
    }
    const text = resultText(typeof result.description === "string" ? result.description : "");
    if (text === "") problems.push(`result ${i} has no text`);
    if (drawnNote(typeof table.name === "string" ? table.name : "", text).endsWith("…"))
      problems.push(`result ${i} is too long for a card's note`);
  }
  covered.forEach((n, i) => {
    if (n !== 1) problems.push(`face ${i + 1} is covered ${n} times`);
  });
  return problems;
}

/**
 * The faces of a table's roll no result covers, checked before its die is thrown: for a formula of
 * one kind of die (`1d4`, `2d6`, `d8`), every total from its least to its most that no result's range
 * holds; `null` for any other formula (its totals are not read here, and the draw itself says when it
 * gives nothing).
 *
 * @param formula - The table's formula.
 * @param ranges - Each result's range, `[low, high]`.
 */
export function uncoveredFaces(formula: string, ranges: readonly (readonly [number, number])[]): number[] | null {
  const match = /^\s*(\d*)\s*d\s*(\d+)\s*$/i.exec(formula);
  if (!match) return null;
  const count = match[1] === "" ? 1 : Number(match[1]);
  const faces = Number(match[2]);
  if (count < 1 || faces < 1 || count * faces > 1000) return null;
  const missing: number[] = [];
  for (let total = count; total <= count * faces; total++)
    if (!ranges.some(([low, high]) => low <= total && total <= high)) missing.push(total);
  return missing;
}
