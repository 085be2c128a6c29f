/**
 * A weapon's damage as an engine request, for the engines that roll weapon damage: the action-dice
 * and percentile damage formulas (their dice and their number), the Wild Die damage code, and the
 * dice-pool damage dice. Pure: the sheet's damage button and the attack card's both start here.
 */

import { action, shared, type EngineId } from "../../engines/core.ts";
import type { PercentileDamageRequest } from "../../engines/percentile/core.ts";

const { EngineError } = shared;

/**
 * The engines whose weapons roll damage: action dice (the formula), the Wild Die (the code), the
 * dice pool (the damage dice) and percentile (the formula, times the hit's multiplier: docs/rules.md §6).
 * Precision & Impact reads damage from the roll's Impact (a weapon adjusts it).
 */
export const DAMAGE_ENGINES: readonly EngineId[] = Object.freeze(["action", "wild", "pool", "percentile"]);

/**
 * The engines whose damage rolls go straight to chat, with no dialog: action dice (augmented on the
 * card) and percentile (the formula times the hit's multiplier, nothing to choose).
 */
export const DIRECT_DAMAGE_ENGINES: readonly EngineId[] = Object.freeze(["action", "percentile"]);

/** The dice and the number of a damage formula (`2d6 + 1d4 - 1` → dice `[6, 6, 4]`, modifier −1). */
export interface DamageDice {
  /** The size of each die, in the formula's order. */
  readonly base: readonly number[];
  /** The sum of the formula's numbers. */
  readonly modifier: number;
}

/** One signed term of a formula: `+ 2d6`, `- 1`, `d8`. */
const TERM = /([+-]?)\s*(?:(\d{0,2})d(\d{1,3})|(\d{1,3}))/giy;

/**
 * Reads an action-dice damage formula into the dice a damage roll throws and the number it adds, and
 * checks that such a roll can be made: the one check behind the weapon sheet (which refuses what the
 * roll would) and the damage roll. Dice are only added: a die subtracted cannot be re-rolled or
 * augmented as the rules read, so it is refused. Every refusal is worded for the player (the
 * formula, the dice it throws, the limit), never a request field's name.
 *
 * @param formula - The weapon's damage formula.
 * @param weapon - The weapon's name (for an empty formula's message).
 * @throws EngineError `NoDamageFormula` for an empty formula, `BadDamageFormula` for text that is
 *   not a formula or subtracts a die, `DamageTooManyDice`, `DamageDieSize` or `DamageNumberTooLarge`
 *   for a formula past what one roll may throw or add.
 */
export function damageDice(formula: string, weapon: string): DamageDice {
  const text = formula.replace(/\s+/g, "");
  if (text === "") throw new EngineError("NoDamageFormula", { name: weapon });
  const base: number[] = [];
  let modifier = 0;
  TERM.lastIndex = 0;
  let at = 0;
  for (let m = TERM.exec(text); m !== null && m[0] !== ""; m = TERM.exec(text)) {
    const [, sign = "", count, faces, number] = m;
    if (at > 0 && sign === "") break;
    at = TERM.lastIndex;
    if (number !== undefined) {
      modifier += (sign === "-" ? -1 : 1) * Number(number);
      continue;
    }
    if (sign === "-") throw new EngineError("BadDamageFormula", { formula });
    const size = Number(faces);
    if (size < 2 || size > action.MAX_BASE_FACES) {
      throw new EngineError("DamageDieSize", { formula, faces: size, max: action.MAX_BASE_FACES });
    }
    const n = count === undefined || count === "" ? 1 : Number(count);
    for (let i = 0; i < n; i++) base.push(size);
  }
  if (at !== text.length) throw new EngineError("BadDamageFormula", { formula });
  if (base.length > action.MAX_BASE_DICE) {
    throw new EngineError("DamageTooManyDice", { formula, count: base.length, max: action.MAX_BASE_DICE });
  }
  if (Math.abs(modifier) > action.MAX_MODIFIER) {
    throw new EngineError("DamageNumberTooLarge", { formula, value: modifier, max: action.MAX_MODIFIER });
  }
  if (base.length === 0) throw new EngineError("NoDamageFormula", { name: weapon });
  return { base, modifier };
}

/**
 * Checks a weapon's damage formula as its sheet takes it: empty (no damage yet), or a formula a
 * damage roll can throw ({@link damageDice}).
 *
 * @throws EngineError as {@link damageDice} does for a formula that is not empty.
 */
export function checkDamageFormula(formula: unknown): void {
  if (typeof formula !== "string") throw new EngineError("BadDamageFormula", { formula });
  if (formula.trim() !== "") damageDice(formula, "");
}

/** The action-dice damage request of a weapon's formula: its dice, its number, nothing else. */
export function actionDamageRequest(formula: string, weapon: string): action.ActionRequest {
  const { base, modifier } = damageDice(formula, weapon);
  return { kind: "damage", base, modifier };
}

/**
 * The percentile damage request of a weapon's formula and a hit's multiplier (docs/rules.md §6): the
 * formula's dice and number, times the multiplier.
 */
export function percentileDamageRequest(formula: string, weapon: string, multiplier: number): PercentileDamageRequest {
  const { base, modifier } = damageDice(formula, weapon);
  return { kind: "damage", base, modifier, multiplier };
}
