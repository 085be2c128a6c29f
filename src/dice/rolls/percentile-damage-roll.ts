import {
  damageEngine,
  type PercentileDamageOutcome,
  type PercentileDamageRequest,
} from "../../engines/percentile/core.ts";
import { systemPath } from "../../constants.ts";
import { percentileDamageCardView, type PercentileDamageCardView } from "../cards/percentile-view.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/**
 * A percentile weapon's damage (docs/rules.md §6): the weapon's formula, times the hit's multiplier. Its
 * total is the damage; its card is a damage card (`roll.options.damage`), so it offers ×½, ×1, ×2
 * and heal like every other engine's damage.
 */
export class PercentileDamageRoll extends EngineRoll<PercentileDamageRequest, PercentileDamageOutcome> {
  static override ENGINE = damageEngine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/percentile-damage-card.hbs");

  protected override totalOf(outcome: PercentileDamageOutcome): number {
    return outcome.total;
  }

  protected override cardView(outcome: PercentileDamageOutcome, lang: string): PercentileDamageCardView {
    return percentileDamageCardView(outcome, lang);
  }
}
