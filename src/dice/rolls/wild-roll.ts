import { engine, type WildOutcome, type WildRequest } from "../../engines/wild/core.ts";
import { CARD_TEMPLATES, ROLL_TOTALS, wildCardView, type WildCardView } from "../cards/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";
import { readPointsRecord, type PointsRecord } from "./points-card.ts";

/** A D6 pool with a Wild Die (docs/rules.md §3). Its total is the engine's total, pips included. */
export class WildRoll extends EngineRoll<WildRequest, WildOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = CARD_TEMPLATES.wild;

  /** The points ledger stored with the roll (empty when none was written). */
  get points(): PointsRecord {
    return readPointsRecord((this.options as { points?: unknown }).points);
  }

  protected override totalOf(outcome: WildOutcome): number {
    return ROLL_TOTALS.wild(outcome);
  }

  protected override cardView(outcome: WildOutcome, lang: string): WildCardView {
    return wildCardView(outcome, lang, this.points);
  }
}
