import { assignFaces, EngineError } from "../../engines/shared/core.ts";
import type { RollEngine } from "../rolls/engine-roll.ts";
import { errorMessage } from "../../helpers/notify.ts";

import Die = foundry.dice.terms.Die;

/** A Foundry die result as the engine terms mark it (`count` is what the result adds to the total). */
type Result = foundry.dice.terms.DiceTerm.Result;

/**
 * A dice term that is a whole engine roll of one die size, for formulas typed in chat (`/roll 3dw+1`)
 * and inline rolls. Foundry throws `number` dice first; the term then asks the engine which follow-up
 * dice it still owes (a Wild Die chain, the ones die, extra tens dice), throws them with `roll()` so
 * manual entry and 3D dice see each one, resolves, and writes the outcome back onto the results:
 * what each adds to the total (`count`) and Foundry's own success, failure, exploded and discarded marks.
 */
export abstract class EngineDie extends Die {
  /** The engine the term resolves with. */
  protected abstract get engine(): RollEngine<unknown, unknown>;

  /** The engine request the formula describes. */
  protected abstract requestFromFormula(): unknown;

  /** Writes the outcome onto the Foundry results (same order as the throws). */
  protected abstract markResults(outcome: unknown, results: Result[]): void;

  // ---------------------------------------------------------------------------------------------

  /** The validated request, or a localized error for a malformed formula. */
  protected checkedRequest(): unknown {
    try {
      return this.engine.validate(this.requestFromFormula());
    } catch (error) {
      if (error instanceof EngineError) throw new Error(errorMessage(error), { cause: error });
      throw error;
    }
  }

  // Foundry awaits modifier evaluation (async since v12, FI#9774; dnd5e and others override it async);
  // the v13 types still declare a void return.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  protected override async _evaluateModifiers(): Promise<void> {
    const request = this.checkedRequest();
    const faces = () => this.results.map((r) => r.result);
    for (let owed = assignFaces(this.engine, request, faces()).missing; owed.length > 0;) {
      for (let k = 0; k < owed.length; k++) await this.roll();
      owed = assignFaces(this.engine, request, faces()).missing;
    }
    const { thrown } = assignFaces(this.engine, request, faces());
    this.markResults(this.engine.resolve(request, thrown), this.results);
  }
}
