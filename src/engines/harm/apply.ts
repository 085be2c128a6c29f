/**
 * Applying harm and healing to an actor, and undoing an application (docs/rules.md §6), as pure state
 * changes: what the health becomes, the wound it leaves, and whether the defeated mark is put on or
 * lifted. The Foundry layer writes what these return and records each application on its card.
 *
 * - Damage lowers the value, never below 0; healing raises it, never above the maximum.
 * - At 0 the actor is defeated; healing above 0 lifts the mark, unless the GM put it on by hand.
 * - An undo takes back the application's own change of the value (exactly the value before, when
 *   nothing else changed the health since; otherwise the later changes stay), then wound and defeat
 *   follow the value as after any application, so what the application added goes with it.
 */

import type { EngineId } from "../shared/core.ts";
import { readAmount, readMultiplier, scaledAmount, type Multiplier } from "./amount.ts";
import { clampHealth, readHealth, type Health } from "./health.ts";
import { woundOf, type Wound, type WoundRules } from "./wounds.ts";

/** An actor's state as an application reads it. */
export interface HarmState {
  /** Its health. */
  readonly health: Health;
  /** Whether it carries the defeated mark. */
  readonly defeated: boolean;
  /** Whether the GM put the mark on by hand (healing never lifts that one). */
  readonly defeatedByHand: boolean;
}

/** What is asked: an amount and how to apply it. */
export interface HarmRequest {
  readonly amount: unknown;
  readonly multiplier: unknown;
}

/** The actor and the world's rules an application needs. */
export interface HarmContext {
  /** The actor's engine (its wound penalty's kind). */
  readonly engine: EngineId;
  /** The world's wound rules. */
  readonly rules: WoundRules;
}

/** What happens to the defeated mark: put on, lifted, or left as it is. */
export type DefeatChange = "add" | "remove" | null;

/** The result of an application (or an undo): the new state and what changed. */
export interface HarmResult {
  /** The amount applied after the multiplier (0 for an undo). */
  readonly amount: number;
  /** The multiplier (`null` for an undo). */
  readonly multiplier: Multiplier | null;
  /** The health value before. */
  readonly before: number;
  /** The health value after. */
  readonly after: number;
  /** The maximum health. */
  readonly max: number;
  /** The wound the actor carries afterwards, or `null`. */
  readonly wound: Wound | null;
  /** Whether the actor carries the defeated mark afterwards. */
  readonly defeated: boolean;
  /** What happened to the defeated mark. */
  readonly defeat: DefeatChange;
}

/**
 * The state at a new health value: the wound it leaves, and the defeated mark (on at 0; lifted above
 * 0 unless put on by hand).
 *
 * @param state - The state before.
 * @param value - The new value (already within 0 and the maximum).
 * @param context - The actor's engine and the world's wound rules.
 */
function settle(state: HarmState, value: number, context: HarmContext): Omit<HarmResult, "amount" | "multiplier"> {
  const { health } = state;
  let defeat: DefeatChange = null;
  if (value === 0 && !state.defeated) defeat = "add";
  else if (value > 0 && state.defeated && !state.defeatedByHand) defeat = "remove";
  const defeated = defeat === "add" ? true : defeat === "remove" ? false : state.defeated;
  return {
    before: health.value,
    after: value,
    max: health.max,
    wound: woundOf(context.engine, { value, max: health.max }, context.rules),
    defeated,
    defeat,
  };
}

/**
 * Applies an amount to an actor: damage (×½ rounded down, ×1, ×2) or healing.
 *
 * @param state - The actor's state.
 * @param request - The amount and the multiplier, as asked (checked here).
 * @param context - The actor's engine and the world's wound rules.
 * @throws EngineError `HarmAmount`, `HarmMultiplier` or `HealthInvalid`; nothing is applied.
 */
export function applyHarm(state: HarmState, request: HarmRequest, context: HarmContext): HarmResult {
  const amount = readAmount(request.amount);
  const multiplier = readMultiplier(request.multiplier);
  const health = readHealth(state.health);
  const scaled = scaledAmount(amount, multiplier);
  const value = clampHealth(multiplier === "heal" ? health.value + scaled : health.value - scaled, health.max);
  return { amount: scaled, multiplier, ...settle({ ...state, health }, value, context) };
}

/** What an application changed, as its record keeps it for an undo. */
export interface AppliedChange {
  /** The value before the application. */
  readonly before: number;
  /** The value it left. */
  readonly after: number;
}

/**
 * Undoes an application: the health loses the application's own change (the value before it when
 * nothing changed since), kept within 0 and the maximum, and wound and defeat follow.
 *
 * @param state - The actor's state now.
 * @param change - What the application changed.
 * @param context - The actor's engine and the world's wound rules.
 * @throws EngineError `HealthInvalid` when the stored health does not read.
 */
export function undoHarm(state: HarmState, change: AppliedChange, context: HarmContext): HarmResult {
  const health = readHealth(state.health);
  const value = clampHealth(health.value - (change.after - change.before), health.max);
  return { amount: 0, multiplier: null, ...settle({ ...state, health }, value, context) };
}

/**
 * The healing that brings an actor to full health (0 when it is already there).
 *
 * @param health - The actor's health.
 */
export function fullHealAmount(health: Health): number {
  const h = readHealth(health);
  return h.max - h.value;
}
