/**
 * How rare a roll was (issue 26), worked out once when its card is posted, by the client that rolled
 * it, and stored with the roll (`roll.options.rarity`): the chance of a result at least this good and
 * at least this bad, against the roll as set up. The card shows it (unless the world setting turns
 * the line off) without computing anything, so drawing the chat log costs what it did. The odds load
 * on first use. Also records which die sizes the roller entered by hand (`roll.options.manual`), for
 * the GM's dice fairness report.
 */
import { EngineError } from "../engines/core.ts";
import { EngineRoll } from "../dice/index.ts";
import { manualDieSizes } from "../helpers/manual-dice.ts";
import { DIFFICULTY_HIDDEN_OPTION } from "./requests/names.ts";

/** What a roll stores of its rarity. */
export interface StoredRarity {
  /** P(a result at least this good). */
  readonly good: number;
  /** P(a result at least this bad). */
  readonly bad: number;
  /** The result's exact percentile (mid-rank). */
  readonly percentile: number;
}

/**
 * Stores a posted engine roll's rarity and the die sizes entered by hand (a roll of another kind, a
 * roll already carrying them, and a dice-pool roll whose difficulty is hidden are left alone: its
 * rarity would be read at a difficulty that is not the roll's).
 *
 * @param roll - The evaluated roll, before its message is created.
 * @param interactive - Whether the roll was evaluated allowing manual entry.
 */
export async function attachRollFacts(roll: foundry.dice.Roll, interactive: boolean): Promise<void> {
  if (!(roll instanceof EngineRoll) || roll.outcome === undefined) return;
  const options = roll.options as Record<string, unknown>;
  if (interactive && options.manual === undefined) {
    const manual = manualDieSizes(roll.throws.map((t) => t.faces));
    if (manual.length > 0) options.manual = manual;
  }
  if (options.rarity !== undefined || options[DIFFICULTY_HIDDEN_OPTION] === true) return;
  const advice = await import("../engines/advice.ts");
  try {
    const r = advice.rarityOfOutcome(roll.engineOptions.engine, roll.request, roll.outcome);
    options.rarity = { good: r.atLeastAsGood, bad: r.atLeastAsBad, percentile: r.percentile } satisfies StoredRarity;
  } catch (error) {
    // A roll the odds cannot read (a request from an older card) simply shows no rarity.
    if (!(error instanceof EngineError)) throw error;
  }
}
