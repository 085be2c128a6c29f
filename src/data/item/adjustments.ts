/**
 * What a piece of equipment adjusts on a roll, named as a condition is (`data/conditions`): the
 * Precision & Impact text lets equipment (a weapon, gear) move Precision or Impact after the pick,
 * so a weapon or a ticked piece of gear adds its modifiers to a roll as a named adjustment, and
 * the card names it as it names a condition ("Longsword: Impact +2"). A piece of Wild Die gear's
 * bonus is added to the roll's outside bonus ("Lantern: Outside pips +1"; equipment bonuses are
 * outside dice, never doubled by a Fate Point). The other engines' item figures change no roll this
 * way (a percentile weapon's multiplier is part of the request itself).
 */

import type { Adjustment, NamedCondition } from "../conditions/index.ts";
import { shared, wild, type EngineId } from "../../engines/core.ts";
import type { ItemData } from "./figures.ts";

/** The engines whose rolls equipment adjusts after the pick. */
export const EQUIPMENT_ADJUSTS: readonly EngineId[] = Object.freeze(["pi", "wild"]);

/**
 * The adjustments an item makes to a roll of an engine: a Precision & Impact weapon's or gear's
 * modifiers (a modifier of 0 adjusts nothing and is left out); nothing for the other engines.
 *
 * @param engine - The roll's engine.
 * @param item - The item.
 */
export function itemAdjustments(engine: EngineId, item: ItemData): Adjustment[] {
  if (engine === "wild") return item.type === "gear" ? wildBonus(item.system.wild.bonus) : [];
  if (engine !== "pi") return [];
  const { precision, impact } = item.system.pi;
  const out: Adjustment[] = [];
  if (precision !== 0) out.push({ target: "precision", value: precision });
  if (impact !== 0) out.push({ target: "impact", value: impact });
  return out;
}

/**
 * An item as a roll names it: its name (the user's text, as it is) and its adjustments; `null` when
 * it adjusts nothing on a roll of the engine.
 *
 * @param engine - The roll's engine.
 * @param item - The item and its name.
 */
export function namedEquipment(engine: EngineId, item: ItemData & { readonly name: string }): NamedCondition | null {
  const adjustments = itemAdjustments(engine, item);
  return adjustments.length === 0 ? null : { name: item.name, adjustments };
}

/** A Wild Die gear bonus as adjustments of the outside bonus (`+1D` → one outside die); none for no or a bad bonus. */
function wildBonus(bonus: string): Adjustment[] {
  if (bonus.trim() === "") return [];
  let code: { dice: number; pips: number };
  try {
    code = wild.parseBonus(bonus.trim());
  } catch (error) {
    // The item's validator refuses a bad bonus; one stored before is simply not offered.
    if (error instanceof shared.EngineError) return [];
    throw error;
  }
  const out: Adjustment[] = [];
  if (code.dice !== 0) out.push({ target: "outsideDice", value: code.dice });
  if (code.pips !== 0) out.push({ target: "outsidePips", value: code.pips });
  return out;
}
