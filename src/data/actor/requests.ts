/**
 * From a character's data and one of its traits to the engine request a roll of that trait starts
 * from: the shapes, the trait kinds and the keys a sheet's roll buttons carry. The request itself
 * (`requestForTrait`) is in `trait-rolls.ts`, loaded with the first roll (it is not startup code).
 */

import type { ActionRequest } from "../../engines/action/core.ts";
import type { PercentileRequest } from "../../engines/percentile/core.ts";
import type { PiRequest } from "../../engines/pi/core.ts";
import type { PoolRequest } from "../../engines/pool/core.ts";
import type { WildRequest } from "../../engines/wild/core.ts";
import type { ItemData } from "../item/figures.ts";
import type { WeaponAttack } from "./attacks.ts";
import type { CharacterType, ENGINE_OF } from "./constants.ts";
import type { TraitLabel, TraitRef } from "./traits.ts";

export { traitLabelOf, type TraitLabel, type TraitRef } from "./traits.ts";

/**
 * A character's items by id, as a roll reads them (`actor.items.get`): a weapon's attack is rolled
 * from the embedded item. Returns `undefined` for an id the character has no item of.
 */
export type EquipmentLookup = (
  id: string,
) => (ItemData & { readonly name: string; readonly lastUse?: string | undefined }) | undefined;

/**
 * The kinds of trait a roll button can name, per character type (`weapon`: an embedded weapon item's
 * id, for its attack, with the skill or attributes it is rolled with in `with` for the engines where
 * the player chooses them; `damage`: the same id, for its damage).
 */
export const TRAIT_KINDS = Object.freeze({
  "percentile-character": ["attribute", "skill", "weapon"],
  "action-character": ["ability", "save", "skill", "weapon", "damage"],
  "wild-character": ["attribute", "skill", "weapon", "damage"],
  "pi-character": ["attribute", "skill", "weapon"],
  "pool-character": ["attribute", "ability", "tenPoint", "weapon", "damage"],
} as const satisfies Record<CharacterType, readonly string[]>);

/** A kind of trait of a character type. */
export type TraitKind<T extends CharacterType = CharacterType> = (typeof TRAIT_KINDS)[T][number];

/** The key of Willpower among a dice-pool character's 10-point traits (other keys are trait ids). */
export const WILLPOWER_KEY = "willpower";

/** The requests of each engine. */
export interface EngineRequests {
  percentile: PercentileRequest;
  action: ActionRequest;
  wild: WildRequest;
  pi: PiRequest;
  pool: PoolRequest;
}

/**
 * One part of a roll's modifier as its card names it (docs/rules.md §6: "d20 + 3 Strength + 1 Warhammer"):
 * a fixed trait's label key or a user's name (the weapon's), and what it adds.
 */
export type TraitPart = ({ readonly key: string } | { readonly name: string }) & { readonly value: number };

/**
 * What a damage roll carries from the attack it follows (docs/rules.md §6): a dice-pool attack's extra
 * successes, each one damage die more. The card's own reading of the attack (`attackResultOf`).
 */
export interface DamageFrom {
  /** Damage dice the attack's net successes beyond the first add (0 to the pool's limit). */
  readonly extraDice?: number;
  /** A percentile hit's damage multiplier (1 to the engine's limit; absent: the weapon's own). */
  readonly multiplier?: number;
}

/** What a roll of a trait starts from. */
export interface TraitRoll<T extends CharacterType = CharacterType> {
  /** The engine to roll. */
  readonly engine: (typeof ENGINE_OF)[T];
  /** The request before the dialog's choices. */
  readonly request: EngineRequests[(typeof ENGINE_OF)[T]];
  /** What the roll is of, for the card's flavor. */
  readonly label: TraitLabel;
  /**
   * A damage roll: the weapon's name and the dice it rolls as text (`1d8+2`, `3D + 2D`), and
   * whether it is rolled at once (no dialog) because the engine's dialog has nothing to add.
   */
  readonly damage?: { readonly weapon: string; readonly rolled: string; readonly direct: boolean };
  /**
   * A weapon attack whose skill, ability or attributes the player chooses in the dialog (every engine
   * but action dice): the weapon and every choice with its request; `request` is the chosen one's.
   */
  readonly attack?: WeaponAttack<EngineRequests[(typeof ENGINE_OF)[T]]>;
  /**
   * The parts of the request's modifier, for the card to name (an action-dice weapon's attack and
   * damage: the wielder's ability and the weapon's own figure); absent for other rolls.
   */
  readonly parts?: readonly TraitPart[];
}

/**
 * Reads a trait reference from a roll button's data attributes.
 *
 * @returns The reference, or `null` when `kind` or `key` is missing.
 */
export function traitFromDataset(
  dataset: DOMStringMap | Readonly<Record<string, string | undefined>>,
): TraitRef | null {
  const { kind, key } = dataset;
  if (!kind || !key) return null;
  return dataset.with ? { kind, key, with: dataset.with } : { kind, key };
}

/** The localization key of a fixed attribute, ability or saving throw of a character type. */
export function fixedTraitKey(type: CharacterType, group: string, key: string): string {
  return `ROLLING_BONES.Actor.${type}.FIELDS.${group}.${key}.label`;
}

/**
 * The attributes a weapon attack starts from when no skill (or ability) names the weapon, as an
 * untrained attack is made: Agility in the percentile and Wild Die rules (aim and coordination),
 * Power and Quickness in Precision & Impact, Dexterity alone in the dice pool. The rule texts are
 * silent; this is the system's choice (rules journal).
 */
export const UNTRAINED_ATTACK = Object.freeze({
  percentile: "attribute:agility",
  pi: "attribute:power+quickness",
  wild: "attribute:agility",
  pool: "attribute:dexterity",
});

/** The localization key of the heading of a dice-pool attack's untrained choices (attributes alone). */
export const UNTRAINED_GROUP_KEY = "ROLLING_BONES.Dialog.Attack.Untrained";
