/**
 * The item data models (weapon and gear) and the pure functions around them. `config` is what
 * `CONFIG.Item.dataModels` is assigned in `init`; `src/types/data-models.d.ts` declares the same map.
 */

export { config, GearModel, WeaponModel } from "./models.ts";
export * from "./pure.ts";
