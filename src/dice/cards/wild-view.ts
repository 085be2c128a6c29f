/** How the Wild Die card lays out an outcome. Pure: the WildRoll and the lab both call it. */
import type { WildDieResult, WildOutcome } from "../../engines/wild/index.ts";
import {
  EMPTY_POINTS_RECORD,
  pointsLedgerView,
  type PointsLedgerView,
  type PointsRecord,
} from "../rolls/points-card.ts";

/** A die as the wild card shows it: a subtracted throw is labelled with its minus sign. */
export type WildCardDie = WildDieResult & { label?: string };

/** How the wild card lays out the dice: the normal dice, the Wild Die's chain, each extra wild die's chain. */
export interface WildCardView {
  normal: WildCardDie[];
  wildChain: WildCardDie[];
  cpChains: WildCardDie[][];
  /** The Character Points and Fate Point spent on the roll. */
  points: PointsLedgerView;
}

/**
 * Arranges a Wild Die outcome for its card.
 *
 * @param outcome - The engine outcome.
 * @param points - The points ledger stored with the roll.
 */
export function wildCardView(outcome: WildOutcome, points: PointsRecord = EMPTY_POINTS_RECORD): WildCardView {
  const normal: WildCardDie[] = [];
  const wildChain: WildCardDie[] = [];
  const cp = new Map<number, WildCardDie[]>();
  for (const raw of outcome.dice) {
    const die: WildCardDie = raw.contribution < 0 ? { ...raw, label: `−${raw.value}` } : raw;
    if (die.role === "normal") normal.push(die);
    else if (die.role === "cpWild") cp.set(die.group ?? -1, [...(cp.get(die.group ?? -1) ?? []), die]);
    else wildChain.push(die);
  }
  return { normal, wildChain, cpChains: [...cp.values()], points: pointsLedgerView(points) };
}
