/**
 * Character Point and Fate Point limits, as pure checks. The Foundry layer calls them before it
 * takes any point from an actor, so a refused spend changes nothing.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import { MAX_CHARACTER_POINTS } from "./request.ts";

import { DEFAULT_CP_SESSION_LIMIT, FATE_POINTS_PER_SESSION } from "./point-limits.ts";

export { DEFAULT_CP_SESSION_LIMIT, FATE_POINTS_PER_SESSION, STARTING_FATE_POINTS } from "./point-limits.ts";

/** The most points of either kind a sheet or a session counter may hold, a sanity bound. */
const MAX_POINTS = 10_000;

/** What a spend asks for and what the character and session allow. */
export interface PointSpendRequest {
  /** Character Points asked for on this roll (default 0). */
  readonly cpRequested?: number;
  /** Character Points on the sheet (default 0). */
  readonly cpOnSheet?: number;
  /** Character Points already spent this session (default 0). */
  readonly cpUsedThisSession?: number;
  /** Character Points allowed per session (GM setting, default {@link DEFAULT_CP_SESSION_LIMIT}). */
  readonly cpSessionLimit?: number;
  /** Whether a Fate Point is asked for on this roll (default false). */
  readonly fatePoint?: boolean;
  /** Fate Points on the sheet (default 0). */
  readonly fpOnSheet?: number;
  /** Fate Points already spent this session (default 0). */
  readonly fpUsedThisSession?: number;
}

/** The points to take when a spend is allowed. */
export interface PointSpend {
  /** Character Points to take from the sheet. */
  readonly characterPoints: number;
  /** Fate Points to take from the sheet (0 or 1). */
  readonly fatePoints: 0 | 1;
}

/** The answer of {@link checkPointSpend}: the points to take, or the reason for refusing. */
export type PointSpendCheck =
  ({ readonly ok: true } & PointSpend) | { readonly ok: false; readonly error: EngineError };

/**
 * Checks a spend of Character Points or a Fate Point on one roll, without throwing.
 *
 * Refusal keys, in the order checked: `NotInteger` / `OutOfRange` / `NotBoolean` for bad input;
 * `PointsOnSameRoll` (both kinds on one roll); `NotEnoughCharacterPoints` (data: requested,
 * available); `CharacterPointSessionLimit` (data: requested, used, limit); `NoFatePoints`;
 * `FatePointUsedThisSession` (data: limit).
 *
 * @returns `ok: true` with the points to take, or `ok: false` with the error naming the reason.
 */
export function checkPointSpend(request: PointSpendRequest): PointSpendCheck {
  try {
    return { ok: true, ...assertPointSpend(request) };
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, error };
    throw error;
  }
}

/**
 * Like {@link checkPointSpend}, but throws the refusal.
 *
 * @returns The points to take.
 * @throws EngineError naming the reason the spend is refused.
 */
export function assertPointSpend(request: PointSpendRequest): PointSpend {
  const cpRequested = requireInt(request.cpRequested ?? 0, "cpRequested", 0, MAX_CHARACTER_POINTS);
  const cpOnSheet = requireInt(request.cpOnSheet ?? 0, "cpOnSheet", 0, MAX_POINTS);
  const cpUsed = requireInt(request.cpUsedThisSession ?? 0, "cpUsedThisSession", 0, MAX_POINTS);
  const cpLimit = requireInt(request.cpSessionLimit ?? DEFAULT_CP_SESSION_LIMIT, "cpSessionLimit", 0, MAX_POINTS);
  const fpOnSheet = requireInt(request.fpOnSheet ?? 0, "fpOnSheet", 0, MAX_POINTS);
  const fpUsed = requireInt(request.fpUsedThisSession ?? 0, "fpUsedThisSession", 0, MAX_POINTS);
  const fatePoint = request.fatePoint ?? false;
  if (typeof fatePoint !== "boolean") throw new EngineError("NotBoolean", { field: "fatePoint", value: fatePoint });
  if (fatePoint && cpRequested > 0) throw new EngineError("PointsOnSameRoll", { characterPoints: cpRequested });
  if (cpRequested > cpOnSheet) {
    throw new EngineError("NotEnoughCharacterPoints", { requested: cpRequested, available: cpOnSheet });
  }
  if (cpUsed + cpRequested > cpLimit) {
    throw new EngineError("CharacterPointSessionLimit", { requested: cpRequested, used: cpUsed, limit: cpLimit });
  }
  if (fatePoint && fpOnSheet < 1) throw new EngineError("NoFatePoints", {});
  if (fatePoint && fpUsed >= FATE_POINTS_PER_SESSION) {
    throw new EngineError("FatePointUsedThisSession", { limit: FATE_POINTS_PER_SESSION });
  }
  return { characterPoints: cpRequested, fatePoints: fatePoint ? 1 : 0 };
}
