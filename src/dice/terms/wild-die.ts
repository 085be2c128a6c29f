import { SYSTEM_ID } from "../../constants.ts";
import { engine, type WildOutcome } from "../../engines/wild/core.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { RollEngine } from "../rolls/engine-roll.ts";
import { EngineDie } from "./engine-die.ts";
import { wildRequestFromFormula } from "./formula.ts";

/**
 * `Ndw`: a D6 pool of N dice with one Wild Die, as a formula term (`/roll 3dw+1`, `[[4dwcp1]]`).
 * Each result adds what the engine says it adds (subtracted throws count negative).
 */
export class WildDie extends EngineDie {
  static override DENOMINATION = "w";

  constructor(termData: ConstructorParameters<typeof foundry.dice.terms.Die>[0] = {}) {
    super({ ...termData, faces: 6 });
  }

  protected override get engine(): RollEngine<unknown, unknown> {
    return engine;
  }

  protected override requestFromFormula(): unknown {
    return wildRequestFromFormula(
      this.number ?? 1,
      this.modifiers,
      game.settings.get(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts),
    );
  }

  protected override markResults(outcome: WildOutcome, results: foundry.dice.terms.DiceTerm.Result[]): void {
    outcome.dice.forEach((die, i) => {
      const r = results[i];
      if (!r) return;
      r.count = die.contribution;
      if (die.marks.includes("exploded")) r.exploded = true;
      if (die.marks.includes("critical")) r.success = true;
      if (die.marks.includes("fumble") || die.marks.includes("subtracted")) r.failure = true;
    });
  }
}
