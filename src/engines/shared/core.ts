/**
 * The part of the shared engine code that startup code uses (issue 26): everything of `index.ts` but
 * the exact distributions and the odds' memo tables, which load with the odds.
 */
export * from "./faces.ts";
export * from "./errors.ts";
export * from "./dice.ts";
export * from "./outcome.ts";
export * from "./assign.ts";
export * from "./own.ts";
