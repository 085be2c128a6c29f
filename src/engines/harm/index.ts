/**
 * The harm model (docs/rules.md §6), the system's own rules shared by every engine: health, applying
 * damage and healing with their multipliers, wounds and their penalty steps per engine, the dice
 * pool's seven health levels, defeat, undo, and conditions that last a number of rounds or turns.
 * Pure: nothing here imports Foundry or the DOM.
 */
export * from "./amount.ts";
export * from "./health.ts";
export * from "./wounds.ts";
export * from "./apply.ts";
export * from "./duration.ts";
