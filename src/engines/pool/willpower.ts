/**
 * Spending Willpower (docs/rules.md §5), as pure checks: one current point buys one automatic success,
 * at most once per turn. A turn is named by a key the Foundry layer builds (the combat round when
 * the character is in an active combat); outside combat there is no key and each roll is its own
 * turn, so only the request's single Willpower point limits it.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import { MAX_TEN_POINT } from "./tables.ts";

/** Willpower points one turn allows. */
export const WILLPOWER_PER_TURN = 1;

/** What a Willpower spend is checked against. */
export interface WillpowerState {
  /** The character's current Willpower points, 0–10. */
  readonly current: number;
  /** The turn the character last spent Willpower in, or `null` when none is recorded. */
  readonly spentInTurn: string | null;
}

/** The result of an allowed spend. */
export interface WillpowerSpend {
  /** Current Willpower after the spend. */
  readonly remaining: number;
  /** The turn to record (the same key), or `null` outside combat. */
  readonly turn: string | null;
}

/**
 * Checks that a character may spend one Willpower point now.
 *
 * @param state - The character's current points and the turn it last spent in.
 * @param turn - The key of the current turn, or `null` outside combat (every roll is then its own turn).
 * @returns The points left and the turn to record.
 * @throws EngineError `NotInteger` / `OutOfRange` for a bad rating, `NoWillpower` when no current
 *   point is left, `WillpowerUsedThisTurn` when a point was already spent in this turn.
 */
export function checkWillpower(state: WillpowerState, turn: string | null): WillpowerSpend {
  const current = requireInt(state.current, "willpowerCurrent", 0, MAX_TEN_POINT);
  if (current < 1) throw new EngineError("NoWillpower", {});
  if (turn !== null && state.spentInTurn === turn) throw new EngineError("WillpowerUsedThisTurn", {});
  return { remaining: current - 1, turn };
}

/**
 * Whether a character could spend Willpower now (the dialog and sheet use it to explain the state).
 *
 * @param state - The character's current points and the turn it last spent in.
 * @param turn - The key of the current turn, or `null` outside combat.
 */
export function willpowerAvailable(state: WillpowerState, turn: string | null): boolean {
  try {
    checkWillpower(state, turn);
    return true;
  } catch (error) {
    if (error instanceof EngineError) return false;
    throw error;
  }
}
