/** How the percentile card lays out an outcome. Pure: the PercentileRoll and the lab both call it. */
import type { PercentileDie, PercentileOutcome } from "../../engines/percentile/index.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";

/** How the percentile card lays out the dice: the tens candidates, then the ones die. */
export interface PercentileCardView {
  /** The tens die and every extra (bonus or penalty) die, in throw order. */
  tensCandidates: PercentileDie[];
  /** The ones die. */
  ones: PercentileDie | null;
  /** The die that became the tens die, when an extra die replaced it. */
  replacement: PercentileDie | null;
  /** The value shown as two digits ("00" for 100). */
  digits: string;
  /** The karma, assists and other points spent or given on the roll. */
  points: PointsLedgerView;
}

/**
 * Arranges a percentile outcome for its card.
 *
 * @param outcome - The engine outcome.
 * @param points - The points ledger stored with the roll.
 */
export function percentileCardView(
  outcome: PercentileOutcome,
  points: PointsRecord = EMPTY_POINTS_RECORD,
): PercentileCardView {
  return {
    tensCandidates: outcome.dice.filter((d) => d.role !== "ones"),
    ones: outcome.dice.find((d) => d.role === "ones") ?? null,
    replacement: outcome.tensFrom === null ? null : (outcome.dice[outcome.tensFrom] ?? null),
    digits: outcome.value === 100 ? "00" : String(outcome.value).padStart(2, "0"),
    points: pointsLedgerView(points),
  };
}
