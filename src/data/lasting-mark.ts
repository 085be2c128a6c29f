/**
 * The mark of an Active Effect made from a critical's or botch's lasting result (`data/lasting.ts`), and
 * which rolls it moves: all the conditions need to read one (kept small: the sheets load it at startup).
 */

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The flag (under the system's scope) of a table result's lasting effect, and of the effect made from it. */
export const LASTING_FLAG = "lasting";

/** The rolls a lasting effect moves. */
export const LASTING_ROLLS = Object.freeze(["attack", "check", "save", "any"] as const);

/** One of {@link LASTING_ROLLS}. */
export type LastingRolls = (typeof LASTING_ROLLS)[number];

/** The kind of a roll, as a lasting effect reads it (a damage roll is moved by none). */
export type RollCategory = "attack" | "check" | "save" | "damage";

/** What an Active Effect made from a lasting result carries in its flag. */
export interface LastingMark {
  /** The card and ledger entry it came from (the card's Undo takes it off). */
  readonly card: string;
  readonly entry: string;
  readonly rolls: LastingRolls;
  /** The rolls it still moves, or `null` until removed. */
  readonly uses: number | null;
}

/** Reads an effect's lasting mark; `null` for an effect that is not one. */
export function readLastingMark(raw: unknown): LastingMark | null {
  if (!isRecord(raw)) return null;
  const { card, entry, rolls, uses } = raw;
  if (typeof card !== "string" || typeof entry !== "string") return null;
  if (typeof rolls !== "string" || !(LASTING_ROLLS as readonly string[]).includes(rolls)) return null;
  if (uses !== null && (typeof uses !== "number" || !Number.isInteger(uses) || uses < 0)) return null;
  return { card, entry, rolls: rolls as LastingRolls, uses };
}

/** Whether a lasting effect moves a roll of this kind (never a damage roll). */
export function lastingApplies(rolls: LastingRolls, category: RollCategory): boolean {
  if (category === "damage") return false;
  return rolls === "any" || rolls === category;
}
