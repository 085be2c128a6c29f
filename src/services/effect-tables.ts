/**
 * Drawing a critical's or a botch's effect from a roll table (issue 27, item 4): the GM presses *Draw
 * from a table* on an action card whose activation stands; the GM's client finds the table for the
 * activation, the kind of roll (a check's may be a defence or a parry) and the severity, rolls it, and
 * records the result on the card as the activation's effect (through the active GM, as every card
 * action is), named with its table. Where the tables are is a world setting: the system's compendium,
 * a compendium of the GM's, or a folder of the GM's world tables; a slot the GM's tables lack is drawn
 * from the system's compendium. [API13/API14 RollTable#roll → RollTableDraw (`roll`, `results`);
 * TableResult `name`, `description` (foundryvtt issue #12049); CompendiumCollection#getIndex, #getDocument]
 */
import { SYSTEM_ID } from "../constants.ts";
import {
  TABLE_FLAG,
  activationKey,
  drawnNote,
  resultText,
  sameSlot,
  severityBand,
  slotOfFlag,
  tableKindKey,
  tableKindsFor,
  tableName,
  uncoveredFaces,
  type EffectTableSlot,
  type TableKind,
} from "../data/effect-tables.ts";
import { ActionRoll } from "../dice/index.ts";
import { cardStateOf } from "../dice/rolls/action-card.ts";
import { severity, TABLE_DRAW, type EffectActivation } from "../engines/action/index.ts";
import { EngineError } from "../engines/core.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";
import { cardControl } from "./action-dice/index.ts";
import { refused } from "./messages.ts";
import { LASTING_FLAG } from "../data/lasting.ts";
import { lastingEntry, putOnLasting } from "./lasting.ts";
import { rollPlace, storedCard } from "../data/card/parts.ts";
import { reportBackgroundError } from "../helpers/notify.ts";

/** The system's compendium of critical and botch tables. */
export const SYSTEM_TABLES = `${SYSTEM_ID}.effect-tables`;

/** What the service reads of a RollTable (fvtt-types types it for v13; these fields are the same on v14). */
interface TableLike {
  readonly name: string;
  readonly flags: Record<string, unknown>;
  readonly formula: string;
  /** Its results, each with the range of totals it covers. [API13 TableResult#range] */
  readonly results: Iterable<{ readonly range: readonly [number, number] }>;
  roll(): Promise<{ roll: { total?: number | undefined }; results: readonly ResultLike[] }>;
}

/** A drawn result: its name and its description (text or HTML). [foundryvtt issue #12049] */
interface ResultLike {
  readonly name?: string | null;
  readonly description?: string | null;
  /** Its flags: a lasting effect under the system's scope (`data/lasting.ts`). */
  readonly flags?: unknown;
}

/** A compendium as the service reads it. */
interface PackLike {
  readonly documentName: string;
  getIndex(options: { fields: string[] }): Promise<Iterable<{ _id: string; name?: string; flags?: unknown }>>;
  getDocument(id: string): Promise<unknown>;
}

/** Whether a table (its flags and name) is the one for a slot: its flag names the slot, or its name is the slot's. */
function isFor(slot: EffectTableSlot, entry: { name?: string | undefined; flags?: unknown }): boolean {
  const ours = (entry.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID];
  const flagged = ours && Object.hasOwn(ours, TABLE_FLAG) ? slotOfFlag(ours[TABLE_FLAG]) : null;
  if (flagged) return sameSlot(flagged, slot);
  return entry.name === tableName(slot, (key) => game.i18n.localize(key));
}

/** The table for a slot in a compendium of RollTables, if it has one. */
async function fromPack(pack: PackLike | undefined, slot: EffectTableSlot): Promise<TableLike | null> {
  if (pack?.documentName !== "RollTable") return null;
  const index = await pack.getIndex({ fields: ["name", `flags.${SYSTEM_ID}.${TABLE_FLAG}`] });
  for (const entry of index)
    if (isFor(slot, entry)) return ((await pack.getDocument(entry._id)) as TableLike | null) ?? null;
  return null;
}

/**
 * The table an activation draws from: in the place the world setting names (a compendium by its id,
 * else a folder of world tables by its name), else in the system's compendium.
 *
 * @param slot - The activation, kind and severity.
 * @returns The table, or `null` when not even the system's compendium has one.
 */
export async function findEffectTable(slot: EffectTableSlot): Promise<TableLike | null> {
  const source = game.settings.get(SYSTEM_ID, SETTING_KEYS.effectTables).trim();
  const packs = game.packs as unknown as { get(id: string): PackLike | undefined };
  if (source !== "") {
    const pack = packs.get(source);
    const found = pack
      ? await fromPack(pack, slot)
      : ((game.tables.contents as unknown as (TableLike & { folder?: { name?: string } | null })[]).find(
          (table) => table.folder?.name === source && isFor(slot, table),
        ) ?? null);
    if (found) return found;
  }
  return fromPack(packs.get(SYSTEM_TABLES), slot);
}

/** Draws in flight, by message and activation (a double click draws once). */
const drawing = new Set<string>();

/**
 * The GM draws the effect of a standing critical, botch or special botch from its table and records
 * the result on the card. A player is refused; so is a draw for an activation that does not stand, of
 * a kind this roll cannot have, from a table missing or giving no result; nothing is recorded then.
 *
 * @param message - The action card's message.
 * @param activation - The activation whose effect is drawn.
 * @param kind - The kind of table (a check's critical or botch: check, defence or parry).
 * @param place - The place of the card's roll in the message's rolls (the card's first roll when absent).
 * @returns Whether the effect was recorded.
 */
export async function drawEffect(
  message: ChatMessage.Implementation,
  activation: EffectActivation,
  kind: TableKind,
  place?: number,
): Promise<boolean> {
  if (!game.user.isGM) return refused(new EngineError("EffectTableGmOnly"));
  const at = rollPlace(storedCard(message), place);
  if (at === null && place !== undefined) return refused(new EngineError("UnknownRoll", { place: String(place) }));
  const roll = at === null ? undefined : message.rolls[at];
  if (at === null || !(roll instanceof ActionRoll) || roll.outcome === undefined)
    return refused(new EngineError("NotAnActionCard"));
  const card = cardStateOf(roll.card, message.author?.id ?? "", roll.request as never, roll.throws);
  const dice = severity(card, activation);
  if (dice === 0) return refused(new EngineError("EffectNotActivated"));
  if (!tableKindsFor(activation, card.request.kind).includes(kind)) {
    const t = (key: string) => game.i18n.localize(key);
    return refused(
      new EngineError("EffectTableKind", { activation: t(activationKey(activation)), kind: t(tableKindKey(kind)) }),
    );
  }
  const slot: EffectTableSlot = { activation, kind, severity: severityBand(dice) };
  const key = `${message.id ?? ""}.${at}.${activation}`;
  if (drawing.has(key)) return false;
  drawing.add(key);
  try {
    const table = await findEffectTable(slot);
    if (!table)
      return refused(new EngineError("EffectTableMissing", { name: tableName(slot, (k) => game.i18n.localize(k)) }));
    // A table with faces no result covers is refused before its die is thrown.
    const gaps = uncoveredFaces(
      table.formula,
      [...table.results].map((r) => r.range),
    );
    if (gaps && gaps.length > 0)
      return refused(
        new EngineError("EffectTableGaps", { name: table.name, formula: table.formula, faces: gaps.join(", ") }),
      );
    const draw = await table.roll();
    const result = draw.results[0];
    const text = result ? resultText(result.description || result.name || "") : "";
    if (text === "")
      return refused(new EngineError("EffectTableEmpty", { name: table.name, total: draw.roll.total ?? "?" }));
    const note = drawnNote(table.name, text);
    const recorded = await cardControl(message, { type: "effect", activation, effect: TABLE_DRAW, note }, at);
    // A result that moves later rolls lands as a real Active Effect on its bearers (issue 35 point 7).
    const lasting = (result?.flags as Record<string, Record<string, unknown> | undefined> | undefined)?.[SYSTEM_ID]?.[
      LASTING_FLAG
    ];
    if (recorded && lasting !== undefined)
      await putOnLasting(message, lastingEntry(activation, at), lasting, text, at).catch(
        reportBackgroundError("ROLLING_BONES.Error.LastingFailed"),
      );
    return recorded;
  } finally {
    drawing.delete(key);
  }
}
