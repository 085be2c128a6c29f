/**
 * Initiative for each character type: the trait it is rolled from (a world setting per type, since
 * only the action-dice text speaks of an initiative roll, and none of the texts gives a formula) and
 * the roll it makes. An action-dice character rolls a real action-dice roll (a d20 plus the chosen
 * ability's modifier) that its player may augment while the round has not started; a Wild Die
 * character rolls a real Wild Die roll of the chosen attribute's code (docs/rules.md §3: every roll has a
 * Wild Die, initiative included), on which Character Points or a Fate Point may be spent; the other
 * types roll plain dice from the chosen attribute, higher going first. Pure.
 */

import { wild } from "../../engines/core.ts";
import type { ActionRequest } from "../../engines/action/core.ts";
import type { WildRequest } from "../../engines/wild/core.ts";
import {
  ACTION_ABILITIES,
  PERCENTILE_ATTRIBUTES,
  PI_ATTRIBUTES,
  POOL_ATTRIBUTES,
  WILD_ATTRIBUTES,
  type CharacterType,
} from "./constants.ts";
import type { CharacterSources } from "./types.ts";

/** The traits each type may roll initiative from (the setting's choices). */
export const INITIATIVE_TRAITS: Readonly<Record<CharacterType, readonly string[]>> = Object.freeze({
  "percentile-character": PERCENTILE_ATTRIBUTES,
  "action-character": ACTION_ABILITIES,
  "wild-character": WILD_ATTRIBUTES,
  "pi-character": PI_ATTRIBUTES,
  "pool-character": POOL_ATTRIBUTES,
});

/** The trait each type rolls initiative from until the GM chooses another. */
export const INITIATIVE_DEFAULTS: Readonly<Record<CharacterType, string>> = Object.freeze({
  "percentile-character": "agility",
  "action-character": "dexterity",
  "wild-character": "perception",
  "pi-character": "quickness",
  "pool-character": "dexterity",
});

/** An initiative roll: an action-dice roll, a Wild Die roll (the character's dice and pips), or a plain dice formula. */
export type InitiativeRoll = (
  | { readonly engine: "action"; readonly request: ActionRequest }
  | { readonly engine: "wild"; readonly request: Pick<WildRequest, "dice" | "pips"> }
  | { readonly engine: null; readonly formula: string }
) & {
  /** The trait rolled (the setting's, or the type's default when the setting names none of its traits). */
  readonly trait: string;
};

/** Reads a trait of a record of traits (own keys only), or the type's default trait when the setting names none. */
function traitKey(traits: Readonly<Record<string, unknown>>, type: CharacterType, chosen: string): string {
  return Object.hasOwn(traits, chosen) ? chosen : INITIATIVE_DEFAULTS[type];
}

/** The localization key of an initiative trait's label (the attribute's or ability's field label). */
export function initiativeTraitLabel(type: CharacterType, trait: string): string {
  const group = type === "action-character" ? "abilities" : "attributes";
  return `ROLLING_BONES.Actor.${type}.FIELDS.${group}.${trait}.label`;
}

/**
 * The initiative roll of a character:
 * - action dice: a d20 plus the chosen ability's modifier (an `initiative` roll of the engine);
 * - percentile: 1d10 plus a tenth of the chosen attribute's rating, rounded down;
 * - Wild Die: a Wild Die roll of the chosen attribute's die code (`3D+1` → 3 dice, one of them the
 *   Wild Die, and 1 pip);
 * - Precision & Impact: the chosen attribute's dice, summed;
 * - dice pool: 1d10 plus the chosen attribute's rating.
 *
 * @param type - The character type.
 * @param system - Its `system` data.
 * @param chosen - The trait the world setting names (the type's default when it is not one of its traits).
 */
export function initiativeRoll<T extends CharacterType>(
  type: T,
  system: CharacterSources[T],
  chosen: string,
): InitiativeRoll;
export function initiativeRoll(type: CharacterType, system: unknown, chosen: string): InitiativeRoll {
  switch (type) {
    case "action-character": {
      const s = system as CharacterSources[typeof type];
      const trait = traitKey(s.abilities, type, chosen);
      const modifier = s.abilities[trait as keyof typeof s.abilities].mod;
      return { engine: "action", trait, request: { kind: "initiative", modifier } };
    }
    case "percentile-character": {
      const s = system as CharacterSources[typeof type];
      const trait = traitKey(s.attributes, type, chosen);
      const rating = s.attributes[trait as keyof typeof s.attributes].rating;
      return { engine: null, trait, formula: plus("1d10", Math.floor(rating / 10)) };
    }
    case "wild-character": {
      const s = system as CharacterSources[typeof type];
      const trait = traitKey(s.attributes, type, chosen);
      const { dice, pips } = wild.parseCode(s.attributes[trait as keyof typeof s.attributes].code);
      return { engine: "wild", trait, request: { dice, pips } };
    }
    case "pi-character": {
      const s = system as CharacterSources[typeof type];
      const trait = traitKey(s.attributes, type, chosen);
      const dice = s.attributes[trait as keyof typeof s.attributes].dice;
      return { engine: null, trait, formula: dice.length === 0 ? "0" : dice.map((faces) => `1d${faces}`).join(" + ") };
    }
    case "pool-character": {
      const s = system as CharacterSources[typeof type];
      const trait = traitKey(s.attributes, type, chosen);
      return { engine: null, trait, formula: plus("1d10", s.attributes[trait as keyof typeof s.attributes].rating) };
    }
  }
}

/** A formula with a number added (nothing added for 0). */
function plus(dice: string, n: number): string {
  if (n === 0) return dice;
  return n > 0 ? `${dice} + ${n}` : `${dice} - ${-n}`;
}
