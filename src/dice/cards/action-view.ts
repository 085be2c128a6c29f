/** How the Action Dice card lays out an outcome. Pure: the ActionRoll and the lab both call it. */
import type { ActionOutcome } from "../../engines/action/index.ts";
import type { DieResult } from "../../engines/shared/index.ts";
import {
  cardStateView,
  NEW_CARD_RECORD,
  type ActionCardRecord,
  type ActionCardStateView,
} from "../rolls/action-card.ts";

/**
 * How the action card lays out the dice: the d20s (re-rolls included), then each augment's cascade,
 * and the card's state (open or declared, the ledger of spends, activation severities).
 */
export interface ActionCardView {
  d20s: DieResult[];
  cascades: { faces: number; total: number; dice: DieResult[] }[];
  card: ActionCardStateView;
}

/**
 * Arranges an action outcome and the card's stored state for its card.
 *
 * @param outcome - The engine outcome.
 * @param record - The card's state stored with the roll.
 */
export function actionCardView(outcome: ActionOutcome, record: ActionCardRecord = NEW_CARD_RECORD): ActionCardView {
  return {
    d20s: outcome.dice.filter((d) => d.faces === 20 && d.role !== "action"),
    cascades: outcome.augments.map((a) => ({
      faces: a.faces,
      total: a.total,
      dice: outcome.dice.filter((d) => d.role === "action" && d.group === a.group),
    })),
    card: cardStateView(record),
  };
}
