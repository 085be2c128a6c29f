/** The actor sheets and their registration. */

import { SYSTEM_ID } from "../../constants.ts";
import { CHARACTER_TYPES } from "../../data/actor/pure.ts";
import { CHARACTER_SHEETS } from "./character-sheets.ts";

export { RollingBonesCharacterSheet, sheetTemplate, type CharacterSheetContext } from "./character-sheet.ts";
export * from "./character-sheets.ts";
export { rollTrait, traitLabelText } from "./roll-trait.ts";

/** Registers each character type's sheet as its default sheet (called in `init`). */
export function registerSheets(): void {
  for (const type of CHARACTER_TYPES) {
    foundry.documents.collections.Actors.registerSheet(SYSTEM_ID, CHARACTER_SHEETS[type], {
      types: [type],
      makeDefault: true,
      label: `ROLLING_BONES.Sheet.Label.${type}`,
    });
  }
}
