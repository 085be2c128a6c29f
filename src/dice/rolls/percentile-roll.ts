import { engine, type PercentileOutcome, type PercentileRequest } from "../../engines/percentile/core.ts";
import { CARD_TEMPLATES, ROLL_TOTALS, percentileCardView, type PercentileCardView } from "../cards/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";
import { readPointsRecord, type PointsRecord } from "./points-card.ts";

/** A d% roll with bonus and penalty dice (docs/rules.md §1). Its total is the value, 1–100. */
export class PercentileRoll extends EngineRoll<PercentileRequest, PercentileOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.percentile;

  /** The points ledger stored with the roll (empty when none was written). */
  get points(): PointsRecord {
    return readPointsRecord((this.options as { points?: unknown }).points);
  }

  protected override totalOf(outcome: PercentileOutcome): number {
    return ROLL_TOTALS.percentile(outcome);
  }

  protected override cardView(outcome: PercentileOutcome): PercentileCardView {
    return percentileCardView(outcome, this.points);
  }
}
