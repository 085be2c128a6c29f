import { engine, type ActionOutcome, type ActionRequest } from "../../engines/action/index.ts";
import {
  CARD_TEMPLATES,
  ROLL_TOTALS,
  actionCardView,
  type ActionCardStored,
  type ActionCardView,
} from "../cards/index.ts";
import { readCardRecord, type ActionCardRecord } from "./action-card.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** A d20 roll that action dice can augment (RULES.md §2). Its total is the check's total. */
export class ActionRoll extends EngineRoll<ActionRequest, ActionOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.action;

  /** The card's state stored with the roll (a fresh, open card when none was written yet). */
  get card(): ActionCardRecord {
    return readCardRecord((this.options as { card?: unknown }).card);
  }

  protected override totalOf(outcome: ActionOutcome): number {
    return ROLL_TOTALS.action(outcome);
  }

  protected override cardView(outcome: ActionOutcome): ActionCardView {
    return actionCardView(outcome, this.card, this.options as ActionCardStored);
  }
}
