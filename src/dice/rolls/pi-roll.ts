import { systemPath } from "../../constants.ts";
import { engine, type PiOutcome, type PiRequest } from "../../engines/pi/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** A Precision & Impact roll (RULES.md §4). Its total is the Precision; the card shows both. */
export class PiRoll extends EngineRoll<PiRequest, PiOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/pi-card.hbs");

  protected override totalOf(outcome: PiOutcome): number {
    return outcome.precision;
  }
}
