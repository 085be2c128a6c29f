/**
 * The request of the `wild` engine and its validation: a character's die code, dice and pips from
 * outside the character (weapon, equipment), Character Points bought for this roll, a Fate Point,
 * and the world setting for the first 1 of a critical failure.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import { MAX_CODE_DICE, MAX_PIPS, showValue } from "./code.ts";

/**
 * The most Character Points (extra Wild Dice) a request may carry. The rules set no per-roll limit,
 * only a per-session one that the GM chooses (RULES §3); this bound is the largest session limit the
 * world setting allows, so a request beyond it is a mistake, not a rule.
 */
export const MAX_CHARACTER_POINTS = 50;

/** The largest target number a request may carry (a guard against typing slips, far above any roll). */
export const MAX_TARGET_NUMBER = 999;

/** A roll request as the caller writes it; optional fields take their defaults in {@link validate}. */
export interface WildRequest {
  /** The character's own dice (the die code's N), at least 1; one of them is the Wild Die. */
  readonly dice: number;
  /** The character's own pips (default 0). */
  readonly pips?: number;
  /** Dice from outside the character (weapon damage, equipment bonus); never doubled (default 0). */
  readonly outsideDice?: number;
  /** Pips from outside the character; never doubled (default 0). */
  readonly outsidePips?: number;
  /** Character Points spent on this roll, one extra Wild Die each, 0 to {@link MAX_CHARACTER_POINTS} (default 0). */
  readonly characterPoints?: number;
  /** Whether a Fate Point is spent on this roll (default false). */
  readonly fatePoint?: boolean;
  /**
   * World setting: whether the 1 that starts a critical failure counts as its face (true, the
   * default) or as nothing (false).
   */
  readonly firstOneCounts?: boolean;
  /** The target number the total is judged against (1 to {@link MAX_TARGET_NUMBER}), or `null` for none (default). */
  readonly target?: number | null;
  /**
   * Whether `dice` and `pips` are the character's own (true, the default), or all come from outside
   * the character (false: a ranged weapon's damage code, its Wild Die included). A Fate Point doubles
   * only the character's own dice, so it is refused where there are none (docs/rules.md §6).
   */
  readonly ownDice?: boolean;
}

/** A validated request: every field present. */
export type ValidWildRequest = Required<WildRequest>;

/** How a request turns into dice: the counts a card shows and the throws start with. */
export interface WildShape {
  /** Character dice after a Fate Point (doubled) — the Wild Die is one of them. */
  readonly characterDice: number;
  /** Dice from outside the character. */
  readonly outsideDice: number;
  /** Normal dice thrown: character dice less the Wild Die, plus outside dice. */
  readonly normal: number;
  /** Extra Wild Dice from Character Points. */
  readonly cpWild: number;
  /** Pips added to the total: character pips (doubled by a Fate Point) plus outside pips. */
  readonly pips: number;
}

function requireBool(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw new EngineError("NotBoolean", { field, value: showValue(value) });
  return value;
}

/**
 * Checks a request and fills in its defaults.
 *
 * @returns The validated request.
 * @throws EngineError `NotInteger`, `OutOfRange` or `NotBoolean` naming the bad field,
 *   `PointsOnSameRoll` when Character Points and a Fate Point are asked for on one roll, or
 *   `FateNoOwnDice` for a Fate Point on a roll of none of the character's own dice.
 */
export function validate(request: WildRequest): ValidWildRequest {
  const r: Partial<Record<keyof WildRequest, unknown>> = typeof request === "object" && request !== null ? request : {};
  const dice = requireInt(r.dice, "dice", 1, MAX_CODE_DICE);
  const pips = requireInt(r.pips ?? 0, "pips", -MAX_PIPS, MAX_PIPS);
  const outsideDice = requireInt(r.outsideDice ?? 0, "outsideDice", 0, MAX_CODE_DICE);
  const outsidePips = requireInt(r.outsidePips ?? 0, "outsidePips", -MAX_PIPS, MAX_PIPS);
  const characterPoints = requireInt(r.characterPoints ?? 0, "characterPoints", 0, MAX_CHARACTER_POINTS);
  const fatePoint = requireBool(r.fatePoint, "fatePoint", false);
  const firstOneCounts = requireBool(r.firstOneCounts, "firstOneCounts", true);
  const target =
    r.target === undefined || r.target === null ? null : requireInt(r.target, "target", 1, MAX_TARGET_NUMBER);
  const ownDice = requireBool(r.ownDice, "ownDice", true);
  if (fatePoint && characterPoints > 0) throw new EngineError("PointsOnSameRoll", { characterPoints });
  if (fatePoint && !ownDice) throw new EngineError("FateNoOwnDice", {});
  return { dice, pips, outsideDice, outsidePips, characterPoints, fatePoint, firstOneCounts, target, ownDice };
}

/**
 * Fills in the defaults of a request without checking it (for a request already validated).
 * A request that already has every field is returned as it is, without a copy.
 *
 * @returns The request with every field present.
 */
export function withDefaults(request: WildRequest): ValidWildRequest {
  if (isComplete(request)) return request;
  return {
    dice: request.dice,
    pips: request.pips ?? 0,
    outsideDice: request.outsideDice ?? 0,
    outsidePips: request.outsidePips ?? 0,
    characterPoints: request.characterPoints ?? 0,
    fatePoint: request.fatePoint ?? false,
    firstOneCounts: request.firstOneCounts ?? true,
    target: request.target ?? null,
    ownDice: request.ownDice ?? true,
  };
}

/** True when every field of a request is present (as {@link validate} returns it). */
function isComplete(request: WildRequest): request is ValidWildRequest {
  return (
    request.pips !== undefined &&
    request.outsideDice !== undefined &&
    request.outsidePips !== undefined &&
    request.characterPoints !== undefined &&
    request.fatePoint !== undefined &&
    request.firstOneCounts !== undefined &&
    request.target !== undefined &&
    request.ownDice !== undefined
  );
}

/**
 * The dice of a request. A Fate Point doubles the character's die code (dice and pips — the
 * code is part of the character) but not outside dice or pips, and the roll keeps a single Wild
 * Die, taken from the character dice.
 *
 * @returns The counts and pips.
 */
export function shapeOf(request: WildRequest): WildShape {
  const r = withDefaults(request);
  const factor = r.fatePoint ? 2 : 1;
  const characterDice = r.dice * factor;
  return {
    characterDice,
    outsideDice: r.outsideDice,
    normal: characterDice - 1 + r.outsideDice,
    cpWild: r.characterPoints,
    pips: r.pips * factor + r.outsidePips,
  };
}
