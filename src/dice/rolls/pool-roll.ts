import { engine, type PoolOutcome, type PoolRequest } from "../../engines/pool/core.ts";
import { CARD_TEMPLATES, ROLL_TOTALS, poolCardView, type PoolCardView } from "../cards/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";
import { readPointsRecord, type PointsRecord } from "./points-card.ts";

/** A d10 success-pool roll (docs/rules.md §5). Its total is the net number of successes. */
export class PoolRoll extends EngineRoll<PoolRequest, PoolOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.pool;

  /** The points ledger stored with the roll (empty when none was written). */
  get points(): PointsRecord {
    return readPointsRecord((this.options as { points?: unknown }).points);
  }

  protected override totalOf(outcome: PoolOutcome): number {
    return ROLL_TOTALS.pool(outcome);
  }

  /** True while a roll request's hidden difficulty decides this roll (set when rolled for it). */
  get difficultyHidden(): boolean {
    return (this.options as { difficultyHidden?: unknown }).difficultyHidden === true;
  }

  protected override cardView(outcome: PoolOutcome): PoolCardView {
    return poolCardView(outcome, this.points, this.difficultyHidden);
  }
}
