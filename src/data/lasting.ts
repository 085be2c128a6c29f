/**
 * Critical and botch effects that last (docs/rules.md §6, issue 35 point 7), Foundry-free. A shipped table
 * result that moves later rolls names how in its flags (`lasting`): on whom (the roller, or the
 * attack's targets), on which rolls (attacks, checks, saving throws, or any trait roll), by how many
 * steps (a penalty step below 0, a bonus step above; a step is each engine's own, as for wounds), and
 * for how many of those rolls (or until removed: "for the rest of the scene"). Drawing the result puts
 * a real Active Effect with that change on each bearer, which the dialogs, odds and cards read as any
 * effect; each roll it moves uses it up by one; the card's Undo takes it off.
 */
import { harm, type EngineId } from "../engines/core.ts";
import { LASTING_ROLLS, type LastingRolls, type RollCategory } from "./lasting-mark.ts";

export * from "./lasting-mark.ts";

/** A table result's lasting effect. */
export interface LastingSpec {
  /** Whom it lands on: the roller, or each target of the attack. */
  readonly on: "roller" | "target";
  readonly rolls: LastingRolls;
  /** Steps, −3 to 3 and not 0: below 0 a penalty, above a bonus. */
  readonly steps: number;
  /** How many rolls it moves before it is used up, or `null` until removed. */
  readonly uses: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads a table result's `lasting` flag; `null` for none or anything malformed (the result stays prose). */
export function readLasting(raw: unknown): LastingSpec | null {
  if (!isRecord(raw)) return null;
  const { on, rolls, steps, uses } = raw;
  if (on !== "roller" && on !== "target") return null;
  if (typeof rolls !== "string" || !(LASTING_ROLLS as readonly string[]).includes(rolls)) return null;
  if (typeof steps !== "number" || !Number.isInteger(steps) || steps === 0 || Math.abs(steps) > 3) return null;
  if (
    uses !== null &&
    uses !== undefined &&
    (typeof uses !== "number" || !Number.isInteger(uses) || uses < 1 || uses > 9)
  )
    return null;
  return { on, rolls: rolls as LastingRolls, steps, uses: typeof uses === "number" ? uses : null };
}

/**
 * What a number of steps changes in an engine's roll: a penalty as a wound's steps (docs/rules.md §6: one
 * penalty die, −2, −1D, a hindrance, −1 die); a bonus the other way (a bonus die, +2, +1D, +1 die).
 * Precision & Impact has no bonus step: a bonus changes nothing there (the card's text says it).
 */
export function lastingAdjustments(engine: EngineId, steps: number): harm.WoundAdjustment[] {
  if (steps < 0) return harm.stepAdjustments(engine, -steps);
  switch (engine) {
    case "percentile":
      return [{ target: "bonus", value: steps }];
    case "action":
      return [{ target: "modifier", value: 2 * steps }];
    case "wild":
      return [{ target: "dice", value: steps }];
    case "pool":
      return [{ target: "pool", value: steps }];
    case "pi":
      return [];
  }
}

/** The kind of a roll: damage, an attack, a saving throw (the action engine's), else a check. */
export function rollCategory(roll: { damage: boolean; attack: boolean; kind?: unknown }): RollCategory {
  if (roll.damage || roll.kind === "damage") return "damage";
  if (roll.attack || roll.kind === "attack") return "attack";
  return roll.kind === "save" ? "save" : "check";
}
