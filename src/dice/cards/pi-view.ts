/** How the Precision & Impact card lays out an outcome. Pure: the PiRoll and the lab both call it. */
import type { PiDie, PiOutcome } from "../../engines/pi/index.ts";
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
  };
}
