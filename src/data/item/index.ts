/**
 * The item data models (weapon and gear) and the pure functions around them. `config` is what
 * `CONFIG.Item.dataModels` is assigned in `init`; `src/types/data-models.d.ts` declares the same map.
 */

import { GearModel } from "./gear.ts";
import { WeaponModel } from "./weapon.ts";

export { GearModel, WeaponModel };
export * from "./pure.ts";

/** The data model of each item type, for `CONFIG.Item.dataModels`. */
export const config = {
  weapon: WeaponModel,
  gear: GearModel,
} as const;
