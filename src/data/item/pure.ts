/**
 * The Foundry-free part of the item data layer: constants, shapes, defaults, validation and
 * figures. Sheet views, migrations and tests import this barrel; `index.ts` adds the model classes.
 */
export * from "./constants.ts";
export * from "./defaults.ts";
export * from "./figures.ts";
export * from "./validators.ts";
export type * from "./types.ts";
export * from "./damage.ts";
export * from "./adjustments.ts";
