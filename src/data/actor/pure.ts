/**
 * The Foundry-free part of the character data layer: constants, shapes, derived data, validation,
 * new entries and the shapes of a trait's roll. Sheet views and tests import this barrel, which
 * loads without Foundry; `index.ts` adds the data model classes. The request a trait's roll starts
 * from (`requestForTrait`) and a weapon attack's choices (`attacks.ts`) are not here but in
 * `trait-rolls.ts`: only rolling code imports them, so they stay out of the startup bundle.
 */
export * from "./constants.ts";
export * from "./derived.ts";
export * from "./entries.ts";
export * from "./requests.ts";
export * from "./validators.ts";
export type * from "./types.ts";
export * from "./initiative.ts";
export * from "./npc.ts";
export * from "./bars.ts";
export * from "./defence.ts";
