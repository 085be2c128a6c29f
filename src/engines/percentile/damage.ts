/**
 * A percentile weapon's damage (docs/rules.md §6): the weapon's damage dice and number, summed (never
 * below 0), times the hit's multiplier (the weapon's multiplier, raised by a called shot, §1). Its
 * own small request and outcome on the shared throw protocol, so a damage roll throws real dice
 * (manual entry, 3D dice) like every other roll; the exact distribution of its total is in `odds.ts`.
 */

import type { DieSpec, EngineCore, Throw } from "../shared/dice.ts";
import type { DieResult } from "../shared/outcome.ts";
import { EngineError, requireInt } from "../shared/errors.ts";
import { MAX_DAMAGE_MULTIPLIER } from "./request.ts";

/** The most damage dice one roll throws. */
export const MAX_DAMAGE_DICE = 20;

/** The largest damage die. */
export const MAX_DAMAGE_FACES = 100;

/** The largest number (in absolute value) a damage formula adds. */
export const MAX_DAMAGE_MODIFIER = 999;

/** The role of a damage die. */
export const DAMAGE_ROLE = "damage";

/** A percentile damage roll as a caller writes it. */
export interface PercentileDamageRequest {
  /** Always `damage`: what tells this request from a d% roll's. */
  readonly kind: "damage";
  /** The size of each damage die, in the formula's order (1 to {@link MAX_DAMAGE_DICE} dice). */
  readonly base: readonly number[];
  /** The formula's number (0 when omitted). */
  readonly modifier?: number;
  /** The hit's damage multiplier, 1 to {@link MAX_DAMAGE_MULTIPLIER} (1 when omitted). */
  readonly multiplier?: number;
}

/** The outcome of a percentile damage roll. */
export interface PercentileDamageOutcome {
  readonly engine: "percentile";
  readonly kind: "damage";
  /** Every damage die, in the formula's order. */
  readonly dice: readonly DieResult[];
  /** The faces' sum. */
  readonly sum: number;
  /** The formula's number. */
  readonly modifier: number;
  /** The damage before the multiplier: sum + number, never below 0. */
  readonly base: number;
  /** The multiplier. */
  readonly multiplier: number;
  /** The damage: base × multiplier. */
  readonly total: number;
}

/** Whether a value is a percentile damage request (its `kind`), as opposed to a d% roll's request. */
export function isDamageRequest(request: unknown): request is PercentileDamageRequest {
  return typeof request === "object" && request !== null && (request as { kind?: unknown }).kind === "damage";
}

/**
 * Checks a damage request and fills in its defaults.
 *
 * @throws EngineError `BadRequest` for anything but an object of kind `damage`; `OutOfRange` for no
 *   dice or too many; `NotInteger` / `OutOfRange` for a die size, number or multiplier out of range.
 */
export function validateDamage(request: PercentileDamageRequest): PercentileDamageRequest {
  if (!isDamageRequest(request)) throw new EngineError("BadRequest", { field: "request" });
  const list: readonly unknown[] = Array.isArray(request.base) ? request.base : [];
  if (list.length < 1 || list.length > MAX_DAMAGE_DICE) {
    throw new EngineError("OutOfRange", { field: "base", value: list.length, min: 1, max: MAX_DAMAGE_DICE });
  }
  return {
    kind: "damage",
    base: list.map((faces, i) => requireInt(faces, `base[${i}]`, 2, MAX_DAMAGE_FACES)),
    modifier:
      request.modifier === undefined
        ? 0
        : requireInt(request.modifier, "modifier", -MAX_DAMAGE_MODIFIER, MAX_DAMAGE_MODIFIER),
    multiplier:
      request.multiplier === undefined ? 1 : requireInt(request.multiplier, "multiplier", 1, MAX_DAMAGE_MULTIPLIER),
  };
}

/** Checks that throws match the damage dice, position by position. */
function checkThrows(request: PercentileDamageRequest, thrown: readonly Throw[]): void {
  if (thrown.length > request.base.length) {
    throw new RangeError(`percentile damage: expected ${request.base.length} dice, got ${thrown.length}`);
  }
  thrown.forEach((t, i) => {
    if (t.faces !== request.base[i] || t.role !== DAMAGE_ROLE) {
      throw new RangeError(`percentile damage: throw ${i} is a d${t.faces} ${t.role}, expected a d${request.base[i]}`);
    }
    if (!Number.isInteger(t.value) || t.value < 1 || t.value > t.faces) {
      throw new RangeError(`percentile damage: throw ${i} shows ${t.value}, not a face of a d${t.faces}`);
    }
  });
}

/** The damage dice still missing (all of them in one batch: there are no follow-up throws). */
export function planDamage(request: PercentileDamageRequest, thrown: readonly Throw[]): DieSpec[] {
  checkThrows(request, thrown);
  return request.base.slice(thrown.length).map((faces) => ({ faces, role: DAMAGE_ROLE }));
}

/** The damage of a base and a multiplier: the base, never below 0, times the multiplier. */
export function damageOf(sum: number, modifier: number, multiplier: number): number {
  return Math.max(0, sum + modifier) * multiplier;
}

/**
 * Resolves a validated damage request from its complete throws.
 *
 * @throws RangeError when the throws do not match the dice.
 */
export function resolveDamage(request: PercentileDamageRequest, thrown: readonly Throw[]): PercentileDamageOutcome {
  checkThrows(request, thrown);
  if (thrown.length !== request.base.length) {
    throw new RangeError(`percentile damage: expected ${request.base.length} dice, got ${thrown.length}`);
  }
  const sum = thrown.reduce((s, t) => s + t.value, 0);
  const modifier = request.modifier ?? 0;
  const multiplier = request.multiplier ?? 1;
  return {
    engine: "percentile",
    kind: "damage",
    dice: thrown.map((t, index) => ({ index, faces: t.faces, value: t.value, role: t.role, marks: [] })),
    sum,
    modifier,
    base: Math.max(0, sum + modifier),
    multiplier,
    total: damageOf(sum, modifier, multiplier),
  };
}

/**
 * The percentile engine's damage roll on the shared throw protocol. Its id is the percentile engine's
 * (the rule is that engine's, docs/rules.md §6); its request names its kind, `damage`.
 */
export const damageEngine: EngineCore<PercentileDamageRequest, PercentileDamageOutcome> = Object.freeze({
  id: "percentile",
  validate: validateDamage,
  plan: planDamage,
  resolve: resolveDamage,
});
