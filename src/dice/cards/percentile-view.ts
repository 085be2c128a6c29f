/** How the percentile cards lay out an outcome (a d% roll, a weapon's damage). Pure: the rolls and the lab both call it. */
import type { PercentileDamageOutcome, PercentileDie, PercentileOutcome } from "../../engines/percentile/core.ts";
import { formatSigned } from "../../helpers/numbers.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";
import { chipOf as dieChipOf, type DieChip } from "./chips.ts";

/** A percentile die as its chip shows it: the digit it reads in its place, not the d10's face. */
export type PercentileChip = DieChip<PercentileDie> & {
  /** "00"–"90" for a die read as tens (the tens die and every bonus or penalty die), "0"–"9" for the ones die. */
  readonly label: string;
};

/** How the percentile card lays out the dice: the tens candidates, then the ones die. */
export interface PercentileCardView {
  /** The tens die and every extra (bonus or penalty) die of the roll's own, in throw order. */
  tensCandidates: PercentileChip[];
  /** The extra tens dice an attack threw beyond its own for its targets (each reads its own net), in throw order. */
  targetDice: PercentileChip[];
  /** The ones die. */
  ones: PercentileChip | null;
  /** The die that became the tens die, when an extra die replaced it. */
  replacement: PercentileChip | null;
  /**
   * When an extra die replaced the tens die on a rated roll: the level the tens and ones dice alone
   * gave, and whether the extra die raised it (bonus) or knocked it down (penalty); else `null`.
   */
  shift: { from: string; to: string; direction: "raised" | "lowered" } | null;
  /**
   * What a rated roll was read against: the rating, the table column (1-based) and the lowest value
   * that succeeds there (`null` when none does); `null` without a rating.
   */
  reading: { rating: number; column: number; successFrom: number | null } | null;
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
  // The tens die is named "Kept" only where it was chosen among bonus or penalty dice.
  const own = outcome.dice.filter((d) => d.role !== "extra").length;
  const chips = outcome.dice.map((d) => chipOf(d, own > 2 && d.role !== "extra"));
  const ones = chips.find((d) => d.role === "ones") ?? null;
  // Stored outcomes from before `originalLevel` existed have none: no shift line for them.
  const from = outcome.originalLevel ?? null;
  return {
    tensCandidates: chips.filter((d) => d !== ones && d.role !== "extra"),
    targetDice: chips.filter((d) => d.role === "extra"),
    ones,
    replacement: outcome.tensFrom === null ? null : (chips[outcome.tensFrom] ?? null),
    shift:
      from !== null && outcome.level !== null && from !== outcome.level
        ? { from, to: outcome.level, direction: outcome.net > 0 ? "raised" : "lowered" }
        : null,
    digits: outcome.value === 100 ? "00" : String(outcome.value).padStart(2, "0"),
    reading: readAgainst(outcome),
    points: pointsLedgerView(points),
  };
}

/** What a rated roll was read against; none for an unrated roll, or one stored before `successFrom` existed. */
function readAgainst(outcome: PercentileOutcome): PercentileCardView["reading"] {
  const successFrom = outcome.successFrom as number | null | undefined;
  if (outcome.rating === null || outcome.column === null || successFrom === undefined) return null;
  return { rating: outcome.rating, column: outcome.column + 1, successFrom };
}

/** A die with the digit it reads in its place: tens as "00"–"90", the ones die as "0"–"9". */
function chipOf(die: PercentileDie, keptShown: boolean): PercentileChip {
  const label = die.role === "ones" ? String(die.reading) : `${die.reading}0`;
  return {
    ...dieChipOf<PercentileDie>("percentile", { ...die, label }, { keptShown: keptShown && die.role !== "ones" }),
    label,
  };
}

/** What the percentile damage card shows beside the outcome: the formula's number with its sign (empty for none). */
export interface PercentileDamageCardView {
  readonly modifier: string;
}

/** The arrangement of a percentile damage outcome for its card (pure). */
export function percentileDamageCardView(outcome: PercentileDamageOutcome, lang: string): PercentileDamageCardView {
  return { modifier: outcome.modifier === 0 ? "" : formatSigned(outcome.modifier, lang) };
}
