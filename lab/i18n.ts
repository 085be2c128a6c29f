/**
 * Localization without Foundry, from a parsed translation file such as `lang/en.json`: what
 * Foundry's `game.i18n` does for our templates and views (`localize` returns the key when it is
 * missing, `format` fills `{name}` placeholders, `has` tells whether a key exists). Used by the lab
 * page in the browser and by the tests in node, so both read the same strings the same way. Pure.
 */

/** A translation tree: nested objects whose leaves are strings. */
export type Tree = { [key: string]: string | Tree };

/** Localization as the system's views and the Foundry-like Handlebars helpers use it. */
export interface Localization {
  /** The language tag (for number formats). */
  readonly lang: string;
  /** Whether the key exists. */
  has(key: string): boolean;
  /** The text of a key, or the key itself when it is missing. */
  localize(key: string): string;
  /** The text of a key with `{name}` placeholders filled in from `data` (unknown placeholders stay). */
  format(key: string, data?: Record<string, unknown>): string;
}

/**
 * Merges translation trees into the first one, later trees winning (as Foundry merges a system's
 * language files).
 *
 * @param into - The tree to merge into (changed).
 * @param from - The tree to merge from.
 * @returns `into`.
 */
export function mergeTrees(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const at = into[k];
    if (typeof v === "object" && typeof at === "object") mergeTrees(at, v);
    else into[k] = typeof v === "object" ? mergeTrees({}, v) : v;
  }
  return into;
}

/**
 * Every key of a translation tree, dotted, with its text.
 *
 * @param tree - The tree.
 * @param prefix - The prefix of the keys (for recursion).
 */
export function flattenKeys(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flattenKeys(v, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * A localization over a translation tree.
 *
 * @param tree - The parsed translation file(s).
 * @param lang - The language tag.
 */
export function createLocalization(tree: Tree, lang = "en"): Localization {
  const flat = flattenKeys(tree);
  const localize = (key: string): string => flat.get(key) ?? key;
  return {
    lang,
    has: (key) => flat.has(key),
    localize,
    format: (key, data = {}) =>
      localize(key).replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m)),
  };
}
