/** The data a new item of each type starts with, as plain objects (the schemas' initial values match them). */

import { ITEM_SCHEMA_VERSION, WEAPON_POOL_DIFFICULTY } from "./constants.ts";
import type { GearSource, WeaponSource } from "./types.ts";

/** A new weapon's `system`. */
export function newWeapon(): WeaponSource {
  return {
    schemaVersion: ITEM_SCHEMA_VERSION,
    description: "",
    equipped: true,
    kind: "melee",
    action: { attack: 0, botchRange: 1, damage: "" },
    wild: { damage: "", skill: "" },
    pi: { precision: 0, impact: 0, skill: "" },
    percentile: { damage: "", multiplier: 1, skill: "" },
    pool: { difficulty: WEAPON_POOL_DIFFICULTY.initial, damage: 0, ability: "", attribute: "" },
  };
}

/** A new piece of gear's `system`. */
export function newGear(): GearSource {
  return {
    schemaVersion: ITEM_SCHEMA_VERSION,
    description: "",
    equipped: true,
    quantity: 1,
    wild: { bonus: "" },
    pi: { precision: 0, impact: 0 },
  };
}
