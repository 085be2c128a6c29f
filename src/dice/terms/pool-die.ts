import { engine, type PoolOutcome } from "../../engines/pool/core.ts";
import type { RollEngine } from "../rolls/engine-roll.ts";
import { EngineDie } from "./engine-die.ts";
import { poolRequestFromFormula } from "./formula.ts";

/**
 * `Nds`: a d10 success pool as a formula term (`/roll 6ds`, `[[6dsdc8c1]]`). The term's total is the
 * net number of successes: each success still standing adds 1; 1s are marked as failures.
 */
export class PoolDie extends EngineDie {
  static override DENOMINATION = "s";

  constructor(termData: ConstructorParameters<typeof foundry.dice.terms.Die>[0] = {}) {
    super({ ...termData, faces: 10 });
  }

  protected override get engine(): RollEngine<unknown, unknown> {
    return engine;
  }

  protected override requestFromFormula(): unknown {
    return poolRequestFromFormula(this.number ?? 1, this.modifiers);
  }

  protected override markResults(outcome: PoolOutcome, results: foundry.dice.terms.DiceTerm.Result[]): void {
    outcome.dice.forEach((die, i) => {
      const r = results[i];
      if (!r) return;
      const standing = die.marks.includes("success") && !die.marks.includes("cancelled");
      r.count = standing ? 1 : 0;
      if (standing) r.success = true;
      if (die.marks.includes("one")) r.failure = true;
    });
  }
}
