/**
 * Conditions that last a number of rounds or turns (docs/rules.md §6), read against a combat's position.
 * Pure: the Foundry layer keeps each timed condition's duration and start, and at every combat
 * change asks which have run out (its active GM then removes them) and how much each has left.
 *
 * - **Rounds** are the bearer's own turns: a condition of N rounds ends when the bearer's Nth turn
 *   that begins after it was put on ends. Put on during the bearer's own turn, that turn does not
 *   count; "until the end of your next turn" is one round.
 * - **Turns** are the combat's turns, anyone's: a condition of N turns ends once N turns have
 *   ended since it was put on.
 *
 * A condition put on outside combat starts counting before the first turn of the combat it is read in.
 */

import { EngineError } from "../shared/core.ts";

/** The units a duration counts. */
export const DURATION_UNITS = Object.freeze(["rounds", "turns"] as const);

/** One of {@link DURATION_UNITS}. */
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** The longest duration a condition may be given. */
export const MAX_DURATION = 99;

/** A position in a combat: its round (from 1) and the index of the turn in its order (from 0). */
export interface CombatPosition {
  readonly round: number;
  readonly turn: number;
}

/** A timed condition: how long, in what, and where it began (`null` when put on outside combat). */
export interface TimedCondition {
  readonly units: DurationUnit;
  readonly value: number;
  readonly start: CombatPosition | null;
}

/** The combat a duration is read against. */
export interface CombatClock {
  /** Where the combat is now. */
  readonly now: CombatPosition;
  /** The number of turns in a round (the combatants), at least 1. */
  readonly turnsPerRound: number;
  /** The bearer's turn in the order, or `null` when the bearer is not in this combat. */
  readonly bearerTurn: number | null;
}

/**
 * Checks a duration asked for: a whole number of rounds or turns from 1 to {@link MAX_DURATION}.
 *
 * @throws EngineError `DurationInvalid` for anything else.
 */
export function readDuration(value: unknown, units: unknown): { value: number; units: DurationUnit } {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > MAX_DURATION ||
    (units !== "rounds" && units !== "turns")
  ) {
    throw new EngineError("DurationInvalid", { value, max: MAX_DURATION });
  }
  return { value, units };
}

/** The position a condition counts from: its start, or before the first turn of the combat for one put on outside combat. */
function startOf(condition: TimedCondition): CombatPosition {
  return condition.start ?? { round: 1, turn: -1 };
}

/** A position as one number: turns since the start of round 1. */
function index(position: CombatPosition, turnsPerRound: number): number {
  return (position.round - 1) * turnsPerRound + position.turn;
}

/**
 * The last turn the condition lasts through (it ends when that turn ends), or `null` when it cannot
 * end in this combat (counted in rounds, for a bearer who is not in it).
 */
export function lastTurn(condition: TimedCondition, clock: Omit<CombatClock, "now">): CombatPosition | null {
  const start = startOf(condition);
  if (condition.units === "turns") {
    // The turn under way when it was put on is the first to end; outside combat, the combat's first turn.
    const first = condition.start === null ? 0 : index(start, clock.turnsPerRound);
    const at = first + condition.value - 1;
    const round = Math.floor(at / clock.turnsPerRound) + 1;
    return { round, turn: at - (round - 1) * clock.turnsPerRound };
  }
  if (clock.bearerTurn === null) return null;
  // The bearer's first turn that begins after the start: this round if it comes later in the order.
  const firstRound = clock.bearerTurn > start.turn ? start.round : start.round + 1;
  return { round: firstRound + condition.value - 1, turn: clock.bearerTurn };
}

/** Whether position `a` comes before position `b`. */
function before(a: CombatPosition, b: CombatPosition): boolean {
  return a.round < b.round || (a.round === b.round && a.turn < b.turn);
}

/**
 * Whether the condition has run out at the combat's current position: its last turn has ended (the
 * combat has moved past it).
 */
export function hasExpired(condition: TimedCondition, clock: CombatClock): boolean {
  const last = lastTurn(condition, clock);
  return last !== null && before(last, clock.now);
}

/**
 * How much of the condition is left, in its own units: rounds, the bearer's turns still to end
 * (the one under way included); turns, the combat's turns still to end (the current one included).
 * 0 once it has run out; `null` when it cannot run out in this combat.
 */
export function remaining(condition: TimedCondition, clock: CombatClock): number | null {
  const last = lastTurn(condition, clock);
  if (last === null) return null;
  if (before(last, clock.now)) return 0;
  if (condition.units === "turns") {
    return index(last, clock.turnsPerRound) - index(clock.now, clock.turnsPerRound) + 1;
  }
  // The bearer's turns that count and have not ended: one per round from the first that counts (the
  // turn under way when it was put on never does) or, once the bearer's turn this round has ended,
  // from the next round, to the last.
  const bearer = clock.bearerTurn as number;
  const firstCounted = last.round - condition.value + 1;
  const from = Math.max(firstCounted, clock.now.round + (clock.now.turn > bearer ? 1 : 0));
  return last.round - from + 1;
}
