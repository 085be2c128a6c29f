/**
 * The item data models (weapon and gear) as `init` registers them, apart from the pure functions
 * around them (`pure.ts`): startup code imports this module, the item figures load with the sheets
 * and dialogs that show them (issue 26).
 */

import { GearModel } from "./gear.ts";
import { WeaponModel } from "./weapon.ts";

export { GearModel, WeaponModel };

/** The data model of each item type, for `CONFIG.Item.dataModels`. */
export const config = {
  weapon: WeaponModel,
  gear: GearModel,
} as const;
