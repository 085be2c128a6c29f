/** How the Dice Pool card lays out an outcome. Pure: the PoolRoll and the lab both call it. */
import { difficultyName, type DifficultyName, type PoolOutcome } from "../../engines/pool/core.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";
import { chipsOf, type DieChip } from "./chips.ts";

/** What the pool card shows beside the outcome. */
export interface PoolCardView {
  /** The Willpower spent on the roll. */
  points: PointsLedgerView;
  /**
   * True while the GM keeps the difficulty of a roll request hidden: the card shows the faces, but
   * no success marks, tally or result (they depend on the difficulty).
   */
  difficultyHidden: boolean;
  /** The dice to show: the outcome's, without their marks while the difficulty is hidden. */
  dice: DieChip<PoolOutcome["dice"][number]>[];
  /**
   * Whether the card says how many 1s botch cancellation ignored: only where it decided something,
   * on a roll with no success and a 1 showing (on any other roll no botch was in question).
   */
  ignoredShown: boolean;
  /** The rules' name of the roll's difficulty ("difficult" for 8), or `null` when it has none or is hidden. */
  difficultyName: DifficultyName | null;
}

/**
 * Arranges a Dice Pool outcome for its card.
 *
 * @param outcome - The engine outcome.
 * @param points - The points ledger stored with the roll.
 */
export function poolCardView(
  outcome: PoolOutcome,
  points: PointsRecord = EMPTY_POINTS_RECORD,
  difficultyHidden = false,
): PoolCardView {
  const dice = chipsOf<PoolOutcome["dice"][number]>(
    "pool",
    difficultyHidden ? outcome.dice.map((d) => ({ ...d, marks: [] })) : outcome.dice,
  );
  return {
    points: pointsLedgerView(points),
    difficultyHidden,
    dice,
    ignoredShown: outcome.cancellation > 0 && outcome.successes === 0 && outcome.ones > 0,
    difficultyName: difficultyHidden ? null : difficultyName(outcome.difficulty),
  };
}
