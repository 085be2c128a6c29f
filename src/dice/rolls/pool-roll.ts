import { systemPath } from "../../constants.ts";
import { engine, type PoolOutcome, type PoolRequest } from "../../engines/pool/index.ts";
import { EngineRoll, type RollEngine } from "./engine-roll.ts";

/** A d10 success-pool roll (RULES.md §5). Its total is the net number of successes. */
export class PoolRoll extends EngineRoll<PoolRequest, PoolOutcome> {
  static override ENGINE = engine as RollEngine<unknown, unknown>;

  static override CHAT_TEMPLATE = systemPath("templates/chat/pool-card.hbs");

  protected override totalOf(outcome: PoolOutcome): number {
    return outcome.net;
  }
}
