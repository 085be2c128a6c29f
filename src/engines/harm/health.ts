/**
 * Health `{ value, max }` (docs/rules.md §6), on every actor of every engine: damage lowers the value,
 * never below 0; healing raises it, never above the maximum.
 */

import { EngineError } from "../shared/core.ts";

/** The highest maximum health an actor may have. */
export const MAX_HEALTH = 9999;

/** The health of a new actor (the world's GM changes it per actor on the sheet). */
export const DEFAULT_HEALTH = Object.freeze({ value: 10, max: 10 });

/** An actor's health. */
export interface Health {
  /** What is left, 0 to `max`. */
  readonly value: number;
  /** The most it can be, 1 to {@link MAX_HEALTH}. */
  readonly max: number;
}

/**
 * Checks an actor's health as stored.
 *
 * @returns The health.
 * @throws EngineError `HealthInvalid` when either figure is not a whole number in its range or the
 *   value is above the maximum.
 */
export function readHealth(health: unknown): Health {
  const h = (typeof health === "object" && health !== null ? health : {}) as Partial<Record<keyof Health, unknown>>;
  const { value, max } = h;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);
  if (!whole(max) || max < 1 || max > MAX_HEALTH || !whole(value) || value < 0 || value > max) {
    throw new EngineError("HealthInvalid", { value, max });
  }
  return { value, max };
}

/** A value kept within 0 and the maximum. */
export function clampHealth(value: number, max: number): number {
  return Math.min(max, Math.max(0, value));
}
