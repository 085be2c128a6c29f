/**
 * Derived character data as pure functions: what `prepareDerivedData` computes, so it can be
 * tested without Foundry. The rules behind each value live in the engines.
 */

import { action, harm, pi } from "../../engines/core.ts";
import { WILD_CP_SESSION_LIMIT, WILD_FATE_POINTS_PER_SESSION } from "./constants.ts";
import type {
  ActionDiceView,
  Entries,
  PiCondition,
  PoolTenPoint,
  WildCharacterSource,
  WildSessionLeft,
} from "./types.ts";
import { isActionLevel } from "./validators.ts";

/**
 * The action dice a character's level gives (the engine's player pool table) and the GM's die size
 * for a table whose highest player die is this one.
 *
 * @param level - The character level.
 * @returns The die size, count and GM die size, or `null` when the level is not one the engine accepts.
 */
export function actionDiceFor(level: number): ActionDiceView | null {
  if (!isActionLevel(level)) return null;
  const pool = action.playerPool(level);
  return { faces: pool.faces, count: pool.count, gmFaces: action.gmDie([pool.faces]) };
}

/**
 * A 10-point trait as rolls and sheets read it: ratings kept within 0–`max`, and current points
 * never above the permanent rating.
 *
 * @param trait - The stored trait.
 * @param max - The highest rating (10).
 * @returns The trait with `current` clamped to `[0, permanent]`.
 */
export function clampTenPoint<T extends PoolTenPoint>(trait: T, max: number): T {
  const permanent = clampInt(trait.permanent, 0, max);
  return { ...trait, permanent, current: clampInt(trait.current, 0, permanent) };
}

function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * What a wild-die character may still spend this session: Character Points up to the session
 * limit and the sheet's total, one Fate Point per session if the sheet holds one.
 *
 * @param source - The character's points and this session's usage.
 * @param cpSessionLimit - Character Points allowed per session (a GM setting; the engine's default when omitted).
 */
export function wildSessionLeft(
  source: Pick<WildCharacterSource, "characterPoints" | "fatePoints" | "session">,
  cpSessionLimit: number = WILD_CP_SESSION_LIMIT,
): WildSessionLeft {
  const cpSession = Math.max(0, cpSessionLimit - source.session.characterPoints);
  const fpSession = Math.max(0, WILD_FATE_POINTS_PER_SESSION - source.session.fatePoints);
  return {
    characterPoints: Math.max(0, Math.min(cpSession, source.characterPoints)),
    fatePoints: Math.max(0, Math.min(fpSession, source.fatePoints)),
  };
}

/**
 * The one hindrance a Precision & Impact character's active conditions impose (the engine folds
 * two or more into a major hindrance).
 *
 * @param conditions - The character's conditions.
 */
export function piHindrance(conditions: Entries<PiCondition>): pi.Hindrance {
  return pi.combineHindrances(
    Object.values(conditions)
      .filter((c) => c.active)
      .map((c) => c.hindrance),
  );
}

/**
 * Health as rolls, sheets and damage read it: the maximum from 1, the value from 0 to the maximum
 * (an Active Effect skips the schema's limits, and a maximum lowered by a macro may leave the value
 * above it).
 *
 * @param health - The stored health.
 */
export function withinMax(health: harm.Health): harm.Health {
  const max = clampInt(health.max, 1, harm.MAX_HEALTH);
  return { value: clampInt(health.value, 0, max), max };
}
