/**
 * Wounds (docs/rules.md §6). With the world's wound penalties on, an actor at half of its maximum health
 * or less (rounded down) is *Wounded*, one step of its engine's penalty; at a quarter or less *Badly
 * wounded*, two steps (the two never stack: Badly wounded replaces Wounded). A dice-pool actor may
 * instead read its health as seven named levels (a world option), each with its own dice penalty.
 *
 * A step, per engine: `percentile` one penalty die; `action` −2 on the d20; `wild` −1D (never below
 * the Wild Die itself); `pi` one hindrance (two make it major); `pool` −1 die. Adjustments are named
 * by the request target they move, as the conditions of the Foundry layer name them.
 */

import type { EngineId } from "../shared/core.ts";
import type { Health } from "./health.ts";

/** The wounds of the two thresholds. */
export const THRESHOLD_WOUNDS = Object.freeze(["wounded", "badly-wounded"] as const);

/** The seven health levels of the dice-pool option, from the first harm taken to the last, and each one's dice penalty. */
export const HEALTH_LEVELS = Object.freeze([
  { id: "bruised", penalty: 0 },
  { id: "hurt", penalty: 1 },
  { id: "injured", penalty: 1 },
  { id: "wounded", penalty: 2 },
  { id: "mauled", penalty: 2 },
  { id: "crippled", penalty: 5 },
  { id: "incapacitated", penalty: 0 },
] as const);

/** The number of health levels, also the maximum health the option is meant for. */
export const LEVEL_COUNT = HEALTH_LEVELS.length;

/** A health level's id. */
export type HealthLevelId = (typeof HEALTH_LEVELS)[number]["id"];

/** A wound an actor can carry: one of the thresholds, or a health level (`level-hurt`). */
export type WoundId = (typeof THRESHOLD_WOUNDS)[number] | `level-${HealthLevelId}`;

/** The world's wound rules, as the harm model reads them. */
export interface WoundRules {
  /** Whether wounds put penalties (and their conditions) on actors (on by default). */
  readonly penalties: boolean;
  /** Whether dice-pool actors read their health as the seven named levels. */
  readonly healthLevels: boolean;
}

/** The default wound rules: penalties on, dice-pool health as a plain figure. */
export const DEFAULT_WOUND_RULES: WoundRules = Object.freeze({ penalties: true, healthLevels: false });

/** One adjustment a wound makes to its engine's roll: the request target and the amount (or a hindrance). */
export interface WoundAdjustment {
  /** The target, as the conditions name it (`penalty`, `modifier`, `dice`, `hindrance`, `pool`). */
  readonly target: string;
  /** A number added to the target, or the hindrance set. */
  readonly value: number | "minor" | "major";
}

/** A wound with what it does to its engine's rolls. */
export interface Wound {
  readonly id: WoundId;
  /** The penalty steps (thresholds), or the level's dice penalty (levels). */
  readonly steps: number;
  readonly adjustments: readonly WoundAdjustment[];
}

/**
 * The health levels lost at a health: none at full health, every level at 0; in between the share
 * of health lost, spread over the first six levels (rounded down), so with a maximum of 7 each point
 * lost is one level and any other maximum reads in proportion.
 *
 * @param health - A checked health.
 */
export function levelsLost(health: Health): number {
  if (health.value <= 0) return LEVEL_COUNT;
  return Math.min(LEVEL_COUNT - 1, Math.floor(((health.max - health.value) * LEVEL_COUNT) / health.max));
}

/** The health level an actor is at (the last level lost), or `null` when none is lost. */
export function healthLevel(health: Health): (typeof HEALTH_LEVELS)[number] | null {
  const lost = levelsLost(health);
  return lost === 0 ? null : (HEALTH_LEVELS[lost - 1] ?? null);
}

/**
 * The adjustments of a number of penalty steps to an engine's rolls.
 *
 * @param engine - The engine.
 * @param steps - The steps (0 or more).
 */
export function stepAdjustments(engine: EngineId, steps: number): WoundAdjustment[] {
  if (steps <= 0) return [];
  switch (engine) {
    case "percentile":
      return [{ target: "penalty", value: steps }];
    case "action":
      return [{ target: "modifier", value: -2 * steps }];
    case "wild":
      return [{ target: "dice", value: -steps }];
    case "pi":
      return [{ target: "hindrance", value: steps >= 2 ? "major" : "minor" }];
    case "pool":
      return [{ target: "pool", value: -steps }];
  }
}

/**
 * The wound an actor of an engine carries at a health under the world's rules, or `null` for none.
 * Wound penalties off: none. Dice pool with the health levels on: the level reached, its dice
 * penalty as adjustments (none at the first level or once incapacitated, which is defeat); no
 * level is lost at full health. Otherwise the thresholds: Badly wounded at a quarter of the
 * maximum or less, Wounded at half or less (both rounded down).
 *
 * @param engine - The actor's engine.
 * @param health - A checked health.
 * @param rules - The world's wound rules.
 */
export function woundOf(engine: EngineId, health: Health, rules: WoundRules): Wound | null {
  if (!rules.penalties) return null;
  if (engine === "pool" && rules.healthLevels) {
    const level = healthLevel(health);
    if (level === null) return null;
    return {
      id: `level-${level.id}`,
      steps: level.penalty,
      adjustments: level.penalty > 0 ? [{ target: "pool", value: -level.penalty }] : [],
    };
  }
  if (health.value <= Math.floor(health.max / 4)) {
    return { id: "badly-wounded", steps: 2, adjustments: stepAdjustments(engine, 2) };
  }
  if (health.value <= Math.floor(health.max / 2)) {
    return { id: "wounded", steps: 1, adjustments: stepAdjustments(engine, 1) };
  }
  return null;
}

/** Every wound id: the thresholds and the health levels. */
export const WOUND_IDS: readonly WoundId[] = Object.freeze([
  ...THRESHOLD_WOUNDS,
  ...HEALTH_LEVELS.map((l) => `level-${l.id}` as const),
]);
