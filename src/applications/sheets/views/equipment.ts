/**
 * The views of equipment: the weapons and gear lists of a character sheet (name, the figures the
 * character's engine uses, an attack button where the engine rolls one, edit and delete buttons for
 * owners), and the body of an item's own sheet (each engine's group of figures, and a description).
 */

import type { EngineId } from "../../../engines/index.ts";
import {
  GEAR_MAX_QUANTITY,
  ITEM_MAX_PI_MODIFIER,
  WEAPON_MAX_ATTACK,
  WEAPON_MAX_BOTCH_RANGE,
  WEAPON_MAX_MULTIPLIER,
  WEAPON_MAX_POOL_DAMAGE,
  WEAPON_POOL_DIFFICULTY,
  botchRangeText,
  itemFieldKey,
  itemFigures,
  newGear,
  newWeapon,
  weaponAttackRequest,
  type ItemData,
  type ItemType,
} from "../../../data/item/pure.ts";
import type { InputView, RowView, SectionView, ViewKit } from "./shared.ts";

/** An item of a character, as its equipment list reads it. */
export type EquipmentEntry = ItemData & { readonly id: string; readonly name: string };

/** The localization key of the placeholder name of an unnamed item of a type. */
function unnamedKey(type: ItemType): string {
  return `ROLLING_BONES.Sheet.Unnamed.${type}`;
}

/**
 * The equipment sections of a character sheet: weapons, then gear, each listing the character's
 * items of that type with the figures the character's engine uses.
 *
 * @param engine - The character's engine.
 * @param items - The character's items, in their sort order.
 * @param kit - The sheet's view kit (its `editable` decides the edit, delete and add buttons).
 */
export function equipmentSections(engine: EngineId, items: readonly EquipmentEntry[], kit: ViewKit): SectionView[] {
  const section = (type: ItemType): SectionView => {
    const blank: ItemData = type === "weapon" ? { type, system: newWeapon() } : { type, system: newGear() };
    const rows = items.filter((item) => item.type === type).map((item) => equipmentRow(engine, item, kit));
    return {
      id: kit.id("items", type),
      title: kit.t(`ROLLING_BONES.Sheet.Equipment.${type}`),
      columns: [
        kit.t(`ROLLING_BONES.Item.${type}.label`),
        ...itemFigures(engine, blank).map((figure) => kit.t(figure.key)),
      ],
      rows,
      add: kit.options.editable
        ? { collection: type, label: kit.t(`ROLLING_BONES.Sheet.Add.${type}`), action: "createItem" }
        : undefined,
      empty: kit.t(`ROLLING_BONES.Sheet.Empty.${type}`),
    };
  };
  return [section("weapon"), section("gear")];
}

/** One item's row: its name as text, its figures, its attack button, and the owner's buttons. */
function equipmentRow(engine: EngineId, item: EquipmentEntry, kit: ViewKit): RowView {
  const name = kit.entryName(item.name, unnamedKey(item.type));
  const attack = item.type === "weapon" && weaponAttackRequest(engine, item.system) !== null;
  return {
    id: kit.id("item", item.id),
    label: name,
    inputs: [],
    dots: [],
    cells: itemFigures(engine, item).map((figure) => figure.value),
    ...(attack ? { roll: kit.roll({ kind: "weapon", key: item.id }, name) } : {}),
    item: {
      id: item.id,
      draggable: kit.options.editable,
      ...(kit.options.editable
        ? {
            editLabel: kit.t("ROLLING_BONES.Sheet.EditItem", { name }),
            deleteLabel: kit.t("ROLLING_BONES.Sheet.Remove", { name }),
          }
        : {}),
    },
  };
}

/** What an item sheet's body renders. */
export interface ItemSheetView {
  /** One section per group of figures. */
  readonly sections: readonly SectionView[];
  /** The description, as a text area. */
  readonly description: InputView;
  /** A line saying which engine's figures are shown (an owned item), or that all are. */
  readonly scope: string;
  readonly editable: boolean;
}

/** A numeric figure of an item sheet: its path under `system` and its range. */
interface NumberFigure {
  readonly path: string;
  readonly min: number;
  readonly max: number;
}

/** A group of figures on an item sheet, and the engine it belongs to (`null`: every engine). */
interface FigureGroup {
  readonly group: string;
  readonly engine: EngineId | null;
  readonly numbers: readonly NumberFigure[];
  /** Text figures (a formula or a code), by path. */
  readonly texts: readonly string[];
  /** Whether the group holds the action botch range (a select). */
  readonly botch?: boolean;
}

const PI_GROUP: FigureGroup = {
  group: "pi",
  engine: "pi",
  numbers: [
    { path: "pi.precision", min: -ITEM_MAX_PI_MODIFIER, max: ITEM_MAX_PI_MODIFIER },
    { path: "pi.impact", min: -ITEM_MAX_PI_MODIFIER, max: ITEM_MAX_PI_MODIFIER },
  ],
  texts: [],
};

/** The groups of figures of each item type, in the order the sheet shows them. */
const GROUPS: Readonly<Record<ItemType, readonly FigureGroup[]>> = Object.freeze({
  weapon: [
    {
      group: "action",
      engine: "action",
      numbers: [{ path: "action.attack", min: -WEAPON_MAX_ATTACK, max: WEAPON_MAX_ATTACK }],
      botch: true,
      texts: ["action.damage"],
    },
    { group: "wild", engine: "wild", numbers: [], texts: ["wild.damage"] },
    PI_GROUP,
    {
      group: "percentile",
      engine: "percentile",
      numbers: [{ path: "percentile.multiplier", min: 1, max: WEAPON_MAX_MULTIPLIER }],
      texts: [],
    },
    {
      group: "pool",
      engine: "pool",
      numbers: [
        { path: "pool.difficulty", min: WEAPON_POOL_DIFFICULTY.min, max: WEAPON_POOL_DIFFICULTY.max },
        { path: "pool.damage", min: 0, max: WEAPON_MAX_POOL_DAMAGE },
      ],
      texts: [],
    },
  ],
  gear: [
    { group: "general", engine: null, numbers: [{ path: "quantity", min: 0, max: GEAR_MAX_QUANTITY }], texts: [] },
    { group: "wild", engine: "wild", numbers: [], texts: ["wild.bonus"] },
    PI_GROUP,
  ],
});

/** Reads a figure of an item's `system` by its dotted path. */
function figureAt(system: object, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], system);
}

/**
 * The body of an item's sheet. An item a character carries shows the figures of the character's
 * engine only; an item in the sidebar or a compendium shows every engine's, so one weapon serves any game.
 *
 * @param item - The item.
 * @param engine - The owning character's engine, or `null` for an item no character holds.
 * @param kit - The sheet's view kit.
 */
export function itemSheetView(item: ItemData, engine: EngineId | null, kit: ViewKit): ItemSheetView {
  const label = (path: string) => kit.t(itemFieldKey(item.type, path));
  const sections = GROUPS[item.type]
    .filter((g) => engine === null || g.engine === null || g.engine === engine)
    .map((g): SectionView => {
      const rows: RowView[] = [];
      const row = (path: string, input: InputView): void => {
        rows.push({
          id: kit.id("figure", path),
          label: label(path),
          inputs: [{ ...input, hideLabel: true }],
          dots: [],
        });
      };
      for (const n of g.numbers) {
        const value = figureAt(item.system, n.path) as number;
        row(n.path, kit.number(`system.${n.path}`, value, label(n.path), n.min, n.max));
        if (g.botch && n.path === "action.attack") {
          const path = "action.botchRange";
          const choices = Array.from({ length: WEAPON_MAX_BOTCH_RANGE }, (_, i) => ({
            value: String(i + 1),
            label: botchRangeText(i + 1),
          }));
          const value = String(figureAt(item.system, path));
          row(path, kit.select(`system.${path}`, value, label(path), choices, { dtype: "Number", size: "short" }));
        }
      }
      for (const path of g.texts) {
        row(path, kit.text(`system.${path}`, String(figureAt(item.system, path)), label(path), { size: "short-text" }));
      }
      const title = g.group === "general" ? kit.t("ROLLING_BONES.Sheet.Equipment.general") : label(g.group);
      return { id: kit.id("group", g.group), title, rows };
    });
  const description = kit.text("system.description", item.system.description, label("description"), {
    kind: "textarea",
    size: "description",
  });
  const scope =
    engine === null
      ? kit.t("ROLLING_BONES.Sheet.Equipment.AllEngines")
      : kit.t("ROLLING_BONES.Sheet.Equipment.OneEngine", { engine: kit.t(`ROLLING_BONES.Engine.${engine}`) });
  return { sections, description, scope, editable: kit.options.editable };
}
