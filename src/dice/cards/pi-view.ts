/** How the Precision & Impact card lays out an outcome. Pure: the PiRoll and the lab both call it. */
import type { PiDie, PiOutcome } from "../../engines/pi/core.ts";
import { chipsOf, type DieChip } from "./chips.ts";
import {
  EMPTY_POINTS_RECORD,
  pickText,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";

/** What the pi card shows beside the outcome: the dice of each best pick, and the ledger of picks. */
export interface PiCardView {
  /** Every die of the pool, the one a hindrance removed included, as chips. */
  dice: DieChip<PiDie>[];
  /** The dice of the pick in use, e.g. `d8 (5) + d4 (2)`. */
  pickDice: string;
  /** The dice of the best pick for Precision. */
  bestPrecisionDice: string;
  /** The dice of the best pick for Impact. */
  bestImpactDice: string;
  /** Every pick made on the card. */
  points: PointsLedgerView;
  /** The pick in use judged against the roll's goal, or `null` when the roll has none. */
  goal: PiGoalView | null;
}

/** One part of a goal (Precision or Impact) as the card tells it. */
export interface PiGoalPartView {
  readonly id: "precision" | "impact";
  /** The localization key of the part's name. */
  readonly nameKey: string;
  /** What the pick scores, modifier included. */
  readonly value: number;
  /** What the goal needs. */
  readonly need: number;
  /** Whether the pick reaches it. */
  readonly met: boolean;
  /** How far short the pick falls (0 when met). */
  readonly short: number;
}

/** The verdict line of a pi card: met or missed, and each part asked for. */
export interface PiGoalView {
  readonly id: "success" | "failure";
  readonly parts: readonly PiGoalPartView[];
}

/** The goal view of an outcome: each part the goal asks for, judged on the pick in use. */
function goalView(outcome: PiOutcome): PiGoalView | null {
  const { goal, verdict } = outcome;
  if (goal === null || goal === undefined || verdict === null || verdict === undefined) return null;
  const parts: PiGoalPartView[] = [];
  const part = (id: "precision" | "impact", value: number, need: number | null) => {
    if (need === null) return;
    const nameKey = id === "precision" ? "ROLLING_BONES.Pi.Precision" : "ROLLING_BONES.Pi.Impact";
    parts.push({ id, nameKey, value, need, met: value >= need, short: Math.max(0, need - value) });
  };
  part("precision", outcome.precision, goal.precision);
  part("impact", outcome.impact, goal.impact);
  return { id: verdict.met ? "success" : "failure", parts };
}

/**
 * Arranges a Precision & Impact outcome for its card.
 *
 * @param outcome - The engine outcome.
 * @param points - The points ledger stored with the roll.
 */
export function piCardView(outcome: PiOutcome, points: PointsRecord = EMPTY_POINTS_RECORD): PiCardView {
  const thrown = outcome.dice.filter((d) => !d.marks.includes("removed"));
  return {
    dice: chipsOf<PiDie>("pi", outcome.dice),
    pickDice: pickText(outcome.pick.slots, thrown),
    bestPrecisionDice: pickText(outcome.bestPrecision.slots, thrown),
    bestImpactDice: pickText(outcome.bestImpact.slots, thrown),
    points: pointsLedgerView(points, thrown),
    goal: goalView(outcome),
  };
}
