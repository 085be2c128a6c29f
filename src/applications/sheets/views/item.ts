/**
 * The body of an item's own sheet: each engine's group of figures (only the owner's engine's for an
 * item a character carries) and a description. Loaded when an item sheet first renders, not at startup.
 */

import type { EngineId } from "../../../engines/core.ts";
import {
  GEAR_MAX_QUANTITY,
  ITEM_MAX_DESCRIPTION,
  ITEM_MAX_PI_MODIFIER,
  WEAPON_MAX_ATTACK,
  WEAPON_MAX_BOTCH_RANGE,
  WEAPON_MAX_MULTIPLIER,
  WEAPON_MAX_POOL_DAMAGE,
  WEAPON_KINDS,
  WEAPON_POOL_DIFFICULTY,
  botchRangeText,
  itemFieldKey,
  type ItemData,
  type ItemType,
} from "../../../data/item/pure.ts";
import type { InputView, RowView, SectionView, ViewKit } from "./shared.ts";
import { POOL_ATTRIBUTES, fixedTraitKey } from "../../../data/actor/pure.ts";
import { conditionLines } from "../../../dice/cards/context.ts";
import { ADJUSTABLE, CHANGE_PREFIX, namedConditions, type EffectLike } from "../../../data/conditions/index.ts";
import { effectChangeKind } from "../../../helpers/compat.ts";

/** What an item sheet's body renders. */
export interface ItemSheetView {
  /** One section per group of figures. */
  readonly sections: readonly SectionView[];
  /** The description, as a text area. */
  readonly description: InputView;
  /** A line saying which engine's figures are shown (an owned item), or that all are. */
  readonly scope: string;
  readonly editable: boolean;
  /** The item's Active Effects. */
  readonly effects: ItemEffectsView;
}

/** An Active Effect an item carries, as its sheet lists it. */
export interface ItemEffectData extends EffectLike {
  readonly id: string;
  /** Whether it reaches the item's holder (only such an effect changes the holder's rolls). */
  readonly transfer: boolean;
}

/** One effect's row on an item sheet. */
export interface ItemEffectRowView {
  readonly id: string;
  /** The effect's name, as typed. */
  readonly name: string;
  /** What it changes in the rolls of the engines shown, as the cards name it (a label key and a value). */
  readonly parts: readonly { readonly key: string; readonly value: string }[];
  /** When it does not change a roll: why, in words (disabled, stays on the item, changes nothing the system reads). */
  readonly inactive?: string;
  /** The owner's edit and delete buttons' accessible names (absent for other viewers). */
  readonly editLabel?: string;
  readonly deleteLabel?: string;
}

/** The effects section of an item sheet. */
export interface ItemEffectsView {
  readonly title: string;
  /** How effects reach the holder, and which change keys the system reads. */
  readonly hint: string;
  readonly rows: readonly ItemEffectRowView[];
  /** The add button's label (owners only). */
  readonly add?: string;
  readonly empty: string;
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
  /** Choice figures (a select each): the path and each option's value and label key. */
  readonly choices?: readonly { readonly path: string; readonly options: readonly ChoiceOption[] }[];
}

/** One option of a choice figure: its stored value and the key of its label. */
interface ChoiceOption {
  readonly value: string;
  readonly labelKey: string;
}

/** The kinds of weapon (docs/rules.md §6). */
const KIND_CHOICE = {
  path: "kind",
  options: WEAPON_KINDS.map((kind) => ({ value: kind, labelKey: `ROLLING_BONES.Item.Kind.${kind}` })),
};

/** The Attribute a dice-pool weapon's usual Ability is paired with: its own, or one named. */
const POOL_ATTRIBUTE_CHOICE = {
  path: "pool.attribute",
  options: [
    { value: "", labelKey: "ROLLING_BONES.Item.OwnAttribute" },
    ...POOL_ATTRIBUTES.map((key) => ({ value: key, labelKey: fixedTraitKey("pool-character", "attributes", key) })),
  ],
};

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
    { group: "general", engine: null, numbers: [], texts: [], choices: [KIND_CHOICE] },
    {
      group: "action",
      engine: "action",
      numbers: [{ path: "action.attack", min: -WEAPON_MAX_ATTACK, max: WEAPON_MAX_ATTACK }],
      botch: true,
      texts: ["action.damage"],
    },
    { group: "wild", engine: "wild", numbers: [], texts: ["wild.damage", "wild.skill"] },
    { ...PI_GROUP, texts: ["pi.skill"] },
    {
      group: "percentile",
      engine: "percentile",
      numbers: [{ path: "percentile.multiplier", min: 1, max: WEAPON_MAX_MULTIPLIER }],
      texts: ["percentile.damage", "percentile.skill"],
    },
    {
      group: "pool",
      engine: "pool",
      numbers: [
        { path: "pool.difficulty", min: WEAPON_POOL_DIFFICULTY.min, max: WEAPON_POOL_DIFFICULTY.max },
        { path: "pool.damage", min: 0, max: WEAPON_MAX_POOL_DAMAGE },
      ],
      texts: ["pool.ability"],
      choices: [POOL_ATTRIBUTE_CHOICE],
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
export function itemSheetView(
  item: ItemData,
  engine: EngineId | null,
  kit: ViewKit,
  effects: readonly ItemEffectData[] = [],
): ItemSheetView {
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
      for (const choice of g.choices ?? []) {
        const options = choice.options.map((o) => ({ value: o.value, label: kit.t(o.labelKey) }));
        const value = String(figureAt(item.system, choice.path));
        row(choice.path, kit.select(`system.${choice.path}`, value, label(choice.path), options));
      }
      const title = g.group === "general" ? kit.t("ROLLING_BONES.Sheet.Equipment.general") : label(g.group);
      return { id: kit.id("group", g.group), title, rows };
    });
  const description = kit.text("system.description", item.system.description, label("description"), {
    kind: "textarea",
    size: "description",
    maxlength: ITEM_MAX_DESCRIPTION,
  });
  const scope =
    engine === null
      ? kit.t("ROLLING_BONES.Sheet.Equipment.AllEngines")
      : kit.t("ROLLING_BONES.Sheet.Equipment.OneEngine", { engine: kit.t(`ROLLING_BONES.Engine.${engine}`) });
  return {
    sections,
    description,
    scope,
    editable: kit.options.editable,
    effects: itemEffectsView(effects, engine, kit),
  };
}

/**
 * The effects an item carries: each with what it changes in the rolls of the engines shown (the
 * owner's, or every engine's for an item no character holds), in the card's words, or why it changes
 * nothing; the keys an effect's changes may use; and, for an owner, add, edit and delete.
 */
export function itemEffectsView(
  effects: readonly ItemEffectData[],
  engine: EngineId | null,
  kit: ViewKit,
): ItemEffectsView {
  const engines = engine === null ? (Object.keys(ADJUSTABLE) as EngineId[]) : [engine];
  const rows = effects.map((effect): ItemEffectRowView => {
    const parts = engines.flatMap((e) =>
      conditionLines(
        namedConditions(e, [{ ...effect, disabled: false }], effectChangeKind),
        "condition",
        kit.i18n.lang,
      ).flatMap((l) => l.parts),
    );
    const inactive = effect.disabled
      ? "ROLLING_BONES.Item.Effects.Disabled"
      : !effect.transfer
        ? "ROLLING_BONES.Item.Effects.Stays"
        : parts.length === 0
          ? "ROLLING_BONES.Item.Effects.Nothing"
          : null;
    const owner = kit.options.editable
      ? {
          editLabel: kit.t("ROLLING_BONES.Sheet.EditItem", { name: effect.name }),
          deleteLabel: kit.t("ROLLING_BONES.Sheet.Remove", { name: effect.name }),
        }
      : {};
    return { id: effect.id, name: effect.name, parts, ...(inactive ? { inactive: kit.t(inactive) } : {}), ...owner };
  });
  const keys = engines.flatMap((e) => Object.keys(ADJUSTABLE[e]).map((target) => `${CHANGE_PREFIX}${target}`));
  return {
    title: kit.t("ROLLING_BONES.Item.Effects.Title"),
    hint:
      keys.length === 0
        ? kit.t("ROLLING_BONES.Item.Effects.NoKeys")
        : kit.t("ROLLING_BONES.Item.Effects.Hint", { keys: [...new Set(keys)].join(", ") }),
    rows,
    ...(kit.options.editable ? { add: kit.t("ROLLING_BONES.Item.Effects.Add") } : {}),
    empty: kit.t("ROLLING_BONES.Item.Effects.Empty"),
  };
}
