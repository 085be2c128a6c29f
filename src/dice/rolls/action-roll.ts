import { systemPath } from "../../constants.ts";
import { engine, type ActionOutcome, type ActionRequest } from "../../engines/action/index.ts";
import type { DieResult } from "../../engines/shared/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** How the action card lays out the dice: the d20s (re-rolls included), then each augment's cascade. */
export interface ActionCardView {
  d20s: DieResult[];
  cascades: { faces: number; total: number; dice: DieResult[] }[];
}

/** A d20 roll that action dice can augment (RULES.md §2). Its total is the check's total. */
export class ActionRoll extends EngineRoll<ActionRequest, ActionOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/action-card.hbs");

  protected override totalOf(outcome: ActionOutcome): number {
    return outcome.total;
  }

  protected override cardView(outcome: ActionOutcome): ActionCardView {
    return {
      d20s: outcome.dice.filter((d) => d.faces === 20 && d.role !== "action"),
      cascades: outcome.augments.map((a) => ({
        faces: a.faces,
        total: a.total,
        dice: outcome.dice.filter((d) => d.role === "action" && d.group === a.group),
      })),
    };
  }
}
