/**
 * Every actor's defence figure (docs/rules.md §6): what an attack against it is rolled against, one figure
 * per engine, stored on the actor (`system.defence`) with the rules' default. Pure: the schemas, the
 * sheets, the dialogs and the verdicts read it here.
 *
 * | engine | defence | an attack hits when |
 * |---|---|---|
 * | action | the DC | d20 + weapon + ability ≥ DC |
 * | wild | the target number | total ≥ target number |
 * | pool | the difficulty | ≥ 1 net success at that difficulty |
 * | pi | the Precision needed | Precision after modifiers ≥ it |
 * | percentile | penalty dice against the attack | a success level (Passable or better) |
 */
import { action, percentile, pi, pool, wild, type EngineId } from "../../engines/core.ts";

/** One engine's defence: its default and its range, and the roll-request field an attack reads it into. */
export interface DefenceSpec {
  /** The value a new actor starts with (the rules' default). */
  readonly initial: number;
  readonly min: number;
  readonly max: number;
  /** The request field an attack against the actor takes it as (`dc`, `target`, `difficulty`…). */
  readonly field: "dc" | "target" | "difficulty" | "precisionGoal" | "penalty";
}

/** The defence of each engine (docs/rules.md §6). */
export const DEFENCE: Readonly<Record<EngineId, DefenceSpec>> = Object.freeze({
  action: { initial: 10, min: 0, max: action.MAX_DC, field: "dc" },
  wild: { initial: 10, min: 1, max: wild.MAX_TARGET_NUMBER, field: "target" },
  pool: { initial: pool.DEFAULT_DIFFICULTY, min: pool.MIN_DIFFICULTY, max: pool.MAX_DIFFICULTY, field: "difficulty" },
  pi: { initial: 6, min: 0, max: pi.MAX_GOAL, field: "precisionGoal" },
  percentile: { initial: 0, min: 0, max: percentile.MAX_DICE, field: "penalty" },
});

/** The localization key naming an engine's defence ("DC", "Target number"…). */
export function defenceLabelKey(engine: EngineId): string {
  return `ROLLING_BONES.Defence.${engine}`;
}
