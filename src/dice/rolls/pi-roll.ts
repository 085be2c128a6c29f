import { engine, type PiOutcome, type PiRequest } from "../../engines/pi/core.ts";
import { CARD_TEMPLATES, ROLL_TOTALS, piCardView, type PiCardView } from "../cards/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";
import { readPointsRecord, type PointsRecord } from "./points-card.ts";

/** A Precision & Impact roll (docs/rules.md §4). Its total is the Precision; the card shows both. */
export class PiRoll extends EngineRoll<PiRequest, PiOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.pi;

  /** The points ledger stored with the roll (empty when none was written). */
  get points(): PointsRecord {
    return readPointsRecord((this.options as { points?: unknown }).points);
  }

  protected override totalOf(outcome: PiOutcome): number {
    return ROLL_TOTALS.pi(outcome);
  }

  protected override cardView(outcome: PiOutcome): PiCardView {
    return piCardView(outcome, this.points);
  }
}
