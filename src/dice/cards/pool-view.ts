/** How the Dice Pool card lays out an outcome. Pure: the PoolRoll and the lab both call it. */
import type { PoolOutcome } from "../../engines/pool/index.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";

/** What the pool card shows beside the outcome. */
export interface PoolCardView {
  /** The Willpower spent on the roll. */
  points: PointsLedgerView;
}

/**
 * Arranges a Dice Pool outcome for its card (the template reads the dice from the outcome itself).
 *
 * @param _outcome - The engine outcome.
 * @param points - The points ledger stored with the roll.
 */
export function poolCardView(_outcome: PoolOutcome, points: PointsRecord = EMPTY_POINTS_RECORD): PoolCardView {
  return { points: pointsLedgerView(points) };
}
