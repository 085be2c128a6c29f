/** The actor sheets and their registration. */

import { SYSTEM_ID } from "../../constants.ts";
import { CHARACTER_TYPES, NPC_TYPES } from "../../data/actor/pure.ts";
import { CHARACTER_SHEETS, NPC_SHEETS } from "./character-sheets.ts";
import { ITEM_TYPES } from "../../data/item/constants.ts";
import { RollingBonesItemSheet } from "./item-sheet.ts";

export { RollingBonesCharacterSheet, sheetTemplate, type CharacterSheetContext } from "./character-sheet.ts";
export * from "./character-sheets.ts";
export { RollingBonesItemSheet, type ItemSheetContext } from "./item-sheet.ts";

/** Registers each character and NPC type's sheet, and the item sheet, as the default sheets of their types (called in `init`). */
export function registerSheets(): void {
  for (const type of CHARACTER_TYPES) {
    foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, CHARACTER_SHEETS[type], {
      types: [type],
      makeDefault: true,
      label: `ROLLING_BONES.Sheet.Label.${type}`,
    });
  }
  for (const type of NPC_TYPES) {
    foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, NPC_SHEETS[type], {
      types: [type],
      makeDefault: true,
      label: `ROLLING_BONES.Sheet.Label.${type}`,
    });
  }
  foundry.documents.collections.Items.registerSheet(SYSTEM_ID, RollingBonesItemSheet, {
    types: [...ITEM_TYPES],
    makeDefault: true,
    label: "ROLLING_BONES.Sheet.Label.item",
  });
}
