/**
 * Plurals through the localization layer: a counted message is a group of keys named by the
 * `Intl.PluralRules` categories of the user's language (`one`, `other`, and `few`, `many`… where a
 * language has them), so "1 pip" and "3 pips" come from the translation file, never from a count
 * pasted into English. Templates call the `rbPlural` helper: `{{localize (rbPlural "ROLLING_BONES.Wild.Card.Pips" n) pips=n}}`.
 */

/** The Handlebars name of the helper. */
export const PLURAL_HELPER = "rbPlural";

/** What the helper reads of the localization. */
export interface PluralLocalization {
  /** The user's language tag. */
  readonly lang: string;
  /** Whether a key exists. */
  has(key: string): boolean;
}

/**
 * The key of a counted message for a count: the group's key for the count's plural category in
 * the language, or its `other` key when the translation has no entry for that category.
 *
 * @param key - The group's key, e.g. `ROLLING_BONES.Wild.Card.Pips`.
 * @param count - The count.
 * @param i18n - The language and the keys it has.
 */
export function pluralKey(key: string, count: number, i18n: PluralLocalization): string {
  const category = new Intl.PluralRules(i18n.lang).select(count);
  const exact = `${key}.${category}`;
  return i18n.has(exact) ? exact : `${key}.other`;
}

/**
 * The `rbPlural` helper for a Handlebars environment (Foundry's, the lab's, the tests').
 *
 * @param hb - The Handlebars environment.
 * @param i18n - The localization (read at each call, so a language loaded later is used).
 */
export function registerPluralHelper(
  hb: { registerHelper(name: string, fn: (key: unknown, count: unknown) => string): void },
  i18n: () => PluralLocalization,
): void {
  hb.registerHelper(PLURAL_HELPER, (key: unknown, count: unknown) => pluralKey(String(key), Number(count), i18n()));
}
