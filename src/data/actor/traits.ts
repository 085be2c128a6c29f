/**
 * A trait as a roll names it, and its label as a card reads it: the words that a character's requests
 * (`requests.ts`) and its weapon attacks (`attacks.ts`) share. Foundry-free.
 */

/**
 * A rollable trait, as a roll button names it (`data-kind`, `data-key`, optional `data-with`).
 * `with` names a second attribute: the partner attribute of a Precision & Impact attribute roll,
 * or the attribute a dice-pool ability is rolled with instead of its usual one; for a weapon attack
 * of any engine but action dice, the skill, ability or attributes it is rolled with (`skill:<id>`,
 * `ability:<id>+dexterity`, `attribute:agility`).
 */
export interface TraitRef {
  /** The kind of trait, one of `TRAIT_KINDS` (`requests.ts`) for the character's type. */
  readonly kind: string;
  /** The attribute key, or the id of the skill, weapon, ability or trait. */
  readonly key: string;
  /** A second attribute (see above), or what a weapon attack is rolled with (`attacks.ts`). */
  readonly with?: string;
}

/**
 * The label of a rolled trait: a localization key (fixed traits; a second one for a pair of
 * attributes) or the user's own name (entries; with the key of the attribute it is paired with, for a
 * dice-pool weapon attack's Attribute + Ability).
 */
export type TraitLabel =
  { readonly key: string; readonly withKey?: string } | { readonly name: string; readonly attributeKey?: string };

/**
 * A trait label as text: a user's name as it is, a fixed trait's key localized, and a pair of
 * attributes (Precision & Impact rolls combine two) joined as "Power + Wits", or an attribute and
 * an ability as "Dexterity + Melee".
 *
 * @param label - The label.
 * @param localize - The localization to read.
 */
export function traitLabelOf(label: TraitLabel, localize: (key: string) => string): string {
  if (!("key" in label))
    return label.attributeKey === undefined ? label.name : `${localize(label.attributeKey)} + ${label.name}`;
  const first = localize(label.key);
  return label.withKey === undefined ? first : `${first} + ${localize(label.withKey)}`;
}
