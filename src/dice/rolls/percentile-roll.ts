import { systemPath } from "../../constants.ts";
import {
  engine,
  type PercentileDie,
  type PercentileOutcome,
  type PercentileRequest,
} from "../../engines/percentile/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** How the percentile card lays out the dice: the tens candidates, then the ones die. */
export interface PercentileCardView {
  /** The tens die and every extra (bonus or penalty) die, in throw order. */
  tensCandidates: PercentileDie[];
  /** The ones die. */
  ones: PercentileDie | null;
  /** The die that became the tens die, when an extra die replaced it. */
  replacement: PercentileDie | null;
  /** The value shown as two digits ("00" for 100). */
  digits: string;
}

/** A d% roll with bonus and penalty dice (RULES.md §1). Its total is the value, 1–100. */
export class PercentileRoll extends EngineRoll<PercentileRequest, PercentileOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/percentile-card.hbs");

  protected override totalOf(outcome: PercentileOutcome): number {
    return outcome.value;
  }

  protected override cardView(outcome: PercentileOutcome): PercentileCardView {
    return {
      tensCandidates: outcome.dice.filter((d) => d.role !== "ones"),
      ones: outcome.dice.find((d) => d.role === "ones") ?? null,
      replacement: outcome.tensFrom === null ? null : (outcome.dice[outcome.tensFrom] ?? null),
      digits: outcome.value === 100 ? "00" : String(outcome.value).padStart(2, "0"),
    };
  }
}
