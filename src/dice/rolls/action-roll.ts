import { engine, type ActionOutcome, type ActionRequest } from "../../engines/action/core.ts";
import {
  CARD_TEMPLATES,
  ROLL_TOTALS,
  actionCardView,
  type ActionCardStored,
  type ActionCardView,
} from "../cards/index.ts";
import { readCardRecord, type ActionCardRecord } from "./action-card.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** A d20 roll that action dice can augment (docs/rules.md §2). Its total is the check's total. */
export class ActionRoll extends EngineRoll<ActionRequest, ActionOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.action;

  /** The card's state stored with the roll (a fresh, open card when none was written yet). */
  get card(): ActionCardRecord {
    return readCardRecord((this.options as { card?: unknown }).card);
  }

  /**
   * The roll's dice are the GM's when the card's owner is a GM (an NPC's roll, whose action dice come
   * from the GM's pool); before the card names its owner, when the user rolling it is a GM.
   */
  protected override get gmDice(): boolean {
    const owner = this.card.owner;
    const user = owner === null ? game.user : game.users?.get(owner);
    return user?.isGM === true;
  }

  protected override totalOf(outcome: ActionOutcome): number {
    return ROLL_TOTALS.action(outcome);
  }

  protected override cardView(outcome: ActionOutcome, lang: string): ActionCardView {
    return actionCardView(outcome, lang, this.card, this.options as ActionCardStored);
  }
}
