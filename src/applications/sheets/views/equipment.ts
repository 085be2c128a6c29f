/**
 * The equipment lists of a character sheet: weapons and gear, each with its name, the figures the
 * character's engine uses, an attack button where the engine rolls one, and edit and delete buttons
 * for owners. (An item's own sheet is `item.ts`, loaded only when one opens.)
 */

import type { EngineId } from "../../../engines/core.ts";
import {
  itemFigures,
  newGear,
  newWeapon,
  DAMAGE_ENGINES,
  DIRECT_DAMAGE_ENGINES,
  WEAPON_ATTACK_ENGINES,
  type ItemData,
  type ItemType,
} from "../../../data/item/pure.ts";
import { tooltipHTML, type EquipmentEntry, type RowView, type SectionView, type ViewKit } from "./shared.ts";

export type { EquipmentEntry } from "./shared.ts";

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
        ...itemFigures(engine, blank, kit.i18n.lang).map((figure) => kit.t(figure.key)),
        kit.t(`ROLLING_BONES.Item.${type}.FIELDS.equipped.label`),
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
  const attack = item.type === "weapon" && WEAPON_ATTACK_ENGINES.includes(engine);
  const damage = item.type === "weapon" && DAMAGE_ENGINES.includes(engine);
  return {
    id: kit.id("item", item.id),
    label: name,
    inputs: [],
    dots: [],
    cells: itemFigures(engine, item, kit.i18n.lang).map((figure) => figure.value),
    // Two rolls on one row, each named in words (and its accessible name starting with that word).
    ...(attack
      ? {
          roll: {
            ...kit.roll({ kind: "weapon", key: item.id }, name),
            label: kit.t("ROLLING_BONES.Sheet.Weapon.AttackLabel", { name }),
            tooltip: tooltipHTML(kit.t("ROLLING_BONES.Sheet.Weapon.AttackTooltip", { name, hint: kit.rollHint() })),
            text: kit.t("ROLLING_BONES.Sheet.Weapon.Attack"),
          },
        }
      : {}),
    ...(damage
      ? {
          damage: {
            ...kit.roll({ kind: "damage", key: item.id }, name),
            label: kit.t("ROLLING_BONES.Damage.Roll", { name }),
            tooltip: tooltipHTML(
              kit.t("ROLLING_BONES.Sheet.Weapon.DamageTooltip", {
                name,
                // Action-dice and percentile damage goes straight to chat: no dialog to set up or skip.
                hint: DIRECT_DAMAGE_ENGINES.includes(engine)
                  ? kit.t("ROLLING_BONES.Dialog.Hint.Direct")
                  : kit.rollHint(),
              }),
            ),
            text: kit.t("ROLLING_BONES.Sheet.Weapon.Damage"),
          },
        }
      : {}),
    item: {
      id: item.id,
      draggable: kit.options.editable,
      equip: equipState(kit, name, item.system.equipped),
      ...(kit.options.editable ? ownerButtons(kit, name) : {}),
    },
  };
}

/**
 * Whether an item is equipped, in words: a toggle for an owner (its name says what pressing does to
 * which item), the state as text for anyone else.
 */
function equipState(kit: ViewKit, name: string, equipped: boolean) {
  if (!kit.options.editable) {
    const text = kit.t(equipped ? "ROLLING_BONES.Sheet.Equip.On" : "ROLLING_BONES.Sheet.Equip.Off");
    return { pressed: equipped, text, label: text };
  }
  // A toggle button: its text stays "Equipped" (the item's name after it for screen readers), its
  // state is `aria-pressed` and a check mark shown only when pressed.
  return {
    pressed: equipped,
    text: kit.t("ROLLING_BONES.Sheet.Equip.On"),
    label: name,
    action: "toggleEquipped" as const,
  };
}

/** The owner's edit and delete buttons: each accessible name, and the same text as tooltip HTML. */
function ownerButtons(kit: ViewKit, name: string) {
  const editLabel = kit.t("ROLLING_BONES.Sheet.EditItem", { name });
  const deleteLabel = kit.t("ROLLING_BONES.Sheet.Remove", { name });
  return { editLabel, editTooltip: tooltipHTML(editLabel), deleteLabel, deleteTooltip: tooltipHTML(deleteLabel) };
}
