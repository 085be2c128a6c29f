import { SYSTEM_ID } from "../../constants.ts";
import { engine, type PercentileOutcome } from "../../engines/percentile/core.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { RollEngine } from "../rolls/engine-roll.ts";
import { EngineDie } from "./engine-die.ts";
import { percentileRequestFromFormula } from "./formula.ts";

/**
 * `dp`: a percentile roll as a formula term (`/roll dp`, `[[dpb2]]`), value 1–100. The die that
 * became the tens die adds the tens part, the ones die its digit; tens dice that lost are discarded.
 */
export class PercentileDie extends EngineDie {
  static override DENOMINATION = "p";

  constructor(termData: ConstructorParameters<typeof foundry.dice.terms.Die>[0] = {}) {
    super({ ...termData, faces: 10 });
  }

  protected override get engine(): RollEngine<unknown, unknown> {
    return engine;
  }

  protected override requestFromFormula(): unknown {
    return percentileRequestFromFormula(
      this.number ?? 1,
      this.modifiers,
      game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileCap),
    );
  }

  protected override markResults(outcome: PercentileOutcome, results: foundry.dice.terms.DiceTerm.Result[]): void {
    const kept = outcome.tensFrom ?? outcome.dice.findIndex((d) => d.role === "tens");
    outcome.dice.forEach((die, i) => {
      const r = results[i];
      if (!r) return;
      if (die.role === "ones") r.count = outcome.ones;
      else if (i === kept) r.count = outcome.value - outcome.ones;
      else {
        r.count = 0;
        r.active = false;
        r.discarded = true;
      }
    });
  }
}
