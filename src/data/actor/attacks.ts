/**
 * What a weapon attack is rolled with, in every engine but action dice (whose weapon carries its own
 * attack modifier): the player chooses one of the character's skills in the roll dialog (Precision &
 * Impact, percentile, Wild Die), or an Attribute + Ability pair (dice pool), or attributes alone as
 * an untrained attack. A choice is written as a trait reference in one piece of text (`skill:<id>`,
 * `attribute:power+wits`, `ability:<id>+dexterity`), so a roll button, a hotbar macro or
 * `api.rollTrait` can name it in the weapon trait's `with`.
 */

import type { TraitLabel, TraitRef } from "./traits.ts";

/** One way to roll a weapon attack: its text value (the dialog's select), the trait it rolls, and its label. */
export interface AttackUse<R = unknown> {
  /** The choice as text (`skill:<id>`, `attribute:<key>`, `attribute:<key>+<key>`). */
  readonly value: string;
  /** The trait the attack is rolled with. */
  readonly trait: TraitRef;
  /** What the choice is called (a skill's name, or the attributes' keys). */
  readonly label: TraitLabel;
  /** The heading the dialog lists the choice under (a dice-pool ability's pairs), or none. */
  readonly group?: TraitLabel;
  /** The request the trait gives (for a percentile attack, with the weapon's damage multiplier). */
  readonly request: R;
}

/** One trait a dice-pool attack's pickers offer: its key (an attribute key or an ability id), label and dots. */
export interface PairPart {
  readonly key: string;
  readonly label: TraitLabel;
  /** The dice it gives (its dots). */
  readonly dots: number;
}

/** The two pickers of a dice-pool attack: an Attribute, and an Ability (or none: the Attribute alone). */
export interface AttackPairs {
  readonly attributes: readonly PairPart[];
  readonly abilities: readonly PairPart[];
}

/** A weapon attack: the weapon (an own item of the character) and the choices it can be rolled with. */
export interface WeaponAttack<R = unknown> {
  /** The weapon's item id and name. */
  readonly weapon: { readonly id: string; readonly name: string };
  /** Every choice, skills first, in the character's order. */
  readonly uses: readonly AttackUse<R>[];
  /** The choice the roll starts from. */
  readonly use: string;
  /** A dice-pool attack's choice as two pickers (every pair of `uses`), or absent. */
  readonly pairs?: AttackPairs;
}

/**
 * The text of a choice.
 *
 * @param trait - The trait (`skill` or `attribute`, with a second attribute for a pair).
 */
export function useValue(trait: TraitRef): string {
  return trait.with === undefined ? `${trait.kind}:${trait.key}` : `${trait.kind}:${trait.key}+${trait.with}`;
}

/** The words of a name, lower case, each without a plural `s` (`"Long swords"` → `["long", "sword"]`). */
function stems(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w))
    .filter((w) => w.length >= 3);
}

/** Whether a skill's (or ability's) name names the weapon (a word of one is part of a word of the other: Sword and Longsword, Bows and Short bow). */
function namesWeapon(skill: string, weapon: string): boolean {
  const weaponWords = stems(weapon);
  return stems(skill).some((s) => weaponWords.some((w) => w.includes(s) || s.includes(w)));
}

/** A name as names are compared: trimmed, in lower case. */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

/**
 * What a weapon names as its usual choice for one engine (docs/rules.md §6): a skill's (or a dice-pool
 * Ability's) name, and for a dice pool the Attribute paired with it (empty: the Ability's own).
 */
export interface UsualUse {
  /** The skill's or Ability's name as the weapon stores it (empty: none named). */
  readonly skill: string;
  /** The Attribute key a dice-pool Ability is paired with (empty or absent: the Ability's own). */
  readonly attribute?: string;
}

/**
 * The choice a weapon's usual skill names among a character's choices: the skill (or Ability) whose
 * name is the one the weapon stores, compared without case or surrounding spaces; for an Ability,
 * the pair with the Attribute named (or, when none is, the first pair listed for it: the Ability's
 * own Attribute). `null` when the weapon names none or the character has no such skill.
 *
 * @param uses - The choices.
 * @param usual - What the weapon names.
 */
export function usualUse(uses: readonly AttackUse[], usual: UsualUse): string | null {
  const wanted = nameKey(usual.skill);
  if (wanted === "") return null;
  const attribute = usual.attribute ?? "";
  const found = uses.find(
    (u) =>
      (u.trait.kind === "skill" || u.trait.kind === "ability") &&
      "name" in u.label &&
      nameKey(u.label.name) === wanted &&
      (u.trait.kind === "skill" || attribute === "" || u.trait.with === attribute),
  );
  return found?.value ?? null;
}

/**
 * The choice an attack starts from when none is named: the first of `preferred` the character
 * still has (the choice the weapon's last attack was rolled with, then the weapon's usual skill);
 * else the first skill (or dice-pool ability, with the attribute it is usually rolled with: the first
 * pair listed for it) whose name names the weapon (Sword for a Longsword, Bows for a Short bow); else
 * the character's attributes alone, as an untrained attack is made (the `untrained` choice when the
 * character has it, else the first attribute choice); else the first choice. The player picks any
 * other in the dialog.
 *
 * @param uses - The choices, skills first.
 * @param weapon - The weapon's name.
 * @param untrained - The attribute choice an untrained attack uses (`attribute:agility`).
 * @param preferred - Choices to start from when the character has them, in order (`null` entries skipped).
 * @returns The choice's value, or `null` when there is no choice at all.
 */
export function defaultUse(
  uses: readonly AttackUse[],
  weapon: string,
  untrained?: string,
  preferred: readonly (string | null | undefined)[] = [],
): string | null {
  const offered = new Set(uses.map((u) => u.value));
  const first = preferred.find((value): value is string => typeof value === "string" && offered.has(value));
  if (first !== undefined) return first;
  const named = uses.find(
    (u) =>
      (u.trait.kind === "skill" || u.trait.kind === "ability") &&
      "name" in u.label &&
      namesWeapon(u.label.name, weapon),
  );
  const attributes = uses.filter((u) => u.trait.kind === "attribute");
  const plain = attributes.find((u) => u.value === untrained) ?? attributes[0];
  return (named ?? plain ?? uses[0])?.value ?? null;
}
