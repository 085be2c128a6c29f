/** How the Wild Die card lays out an outcome. Pure: the WildRoll and the lab both call it. */
import type { WildDieResult, WildOutcome } from "../../engines/wild/core.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";
import { formatSigned } from "../../helpers/numbers.ts";
import { chipOf, type DieChip } from "./chips.ts";

/**
 * A die as the wild card shows it: a subtracted throw is labelled with its minus sign, and a first
 * 1 that counts as nothing (the world setting) carries the display mark `countsZero`, so the chip
 * says why the total is one less than the faces.
 */
export type WildCardDie = DieChip<WildDieResult>;

/** The one headline a Wild Die result gets: a catastrophe replaces the critical failure it grew from. */
export interface WildHeadline {
  /** The label id (`criticalSuccess`, `criticalFailure` or `catastrophicFailure`). */
  readonly label: WildOutcome["labels"][number];
  /** Whether it is a failure (shown with the failure icon and colour, and in words). */
  readonly failure: boolean;
}

/** How the wild card lays out the dice: the normal dice, the Wild Die's chain, each extra wild die's chain. */
export interface WildCardView {
  normal: WildCardDie[];
  wildChain: WildCardDie[];
  cpChains: WildCardDie[][];
  /** The Character Points and Fate Point spent on the roll. */
  points: PointsLedgerView;
  /** The label the card headlines, or `null` when the Wild Die did nothing special. */
  headline: WildHeadline | null;
  /** What the Wild Die's failure took off the total (the subtracted throws, as a positive number); 0 when none. */
  subtracted: number;
  /** The total judged against the roll's target number, or `null` when the roll has none. */
  verdict: TargetVerdict | null;
}

/** A total judged against a target number, in words: how far above or below it the total landed. */
export interface TargetVerdict {
  /** `success` (the total reaches the target) or `failure`. */
  readonly id: "success" | "failure";
  /** The target number. */
  readonly target: number;
  /** How far the total is past the target (success) or short of it (failure), never negative. */
  readonly by: number;
}

/**
 * Arranges a Wild Die outcome for its card.
 *
 * @param outcome - The engine outcome.
 * @param lang - The viewer's language (a subtracted die reads `−4` in it).
 * @param points - The points ledger stored with the roll.
 */
export function wildCardView(
  outcome: WildOutcome,
  lang: string,
  points: PointsRecord = EMPTY_POINTS_RECORD,
): WildCardView {
  const normal: WildCardDie[] = [];
  const wildChain: WildCardDie[] = [];
  const cp = new Map<number, WildCardDie[]>();
  let subtracted = 0;
  for (const raw of outcome.dice) {
    let shown: Omit<WildDieResult, "marks"> & { marks: readonly string[]; label?: string } = raw;
    if (raw.contribution < 0) {
      shown = { ...raw, label: formatSigned(-raw.value, lang) };
      subtracted -= raw.contribution;
    } else if (raw.contribution === 0 && raw.role === "wild") {
      shown = { ...raw, marks: [...raw.marks, "countsZero"] };
    }
    const die = chipOf<WildDieResult>("wild", shown);
    if (die.role === "normal") normal.push(die);
    else if (die.role === "cpWild") cp.set(die.group ?? -1, [...(cp.get(die.group ?? -1) ?? []), die]);
    else wildChain.push(die);
  }
  const label = outcome.labels.at(-1);
  return {
    normal,
    wildChain,
    cpChains: [...cp.values()],
    points: pointsLedgerView(points),
    headline: label ? { label, failure: label !== "criticalSuccess" } : null,
    subtracted,
    verdict:
      outcome.target === null || outcome.target === undefined
        ? null
        : {
            id: outcome.total >= outcome.target ? "success" : "failure",
            target: outcome.target,
            by: Math.abs(outcome.total - outcome.target),
          },
  };
}
