/**
 * Localization for tests, read from the real `lang/en.json` through the lab's Foundry-free
 * localization (`lab/i18n.ts`): `localize` returns the key when it is missing (as Foundry's
 * `game.i18n.localize` does) and `format` fills `{name}` placeholders (`game.i18n.format`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createLocalization, flattenKeys, mergeTrees, type Tree } from "../../lab/i18n.ts";

export { flattenKeys };

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The extra language files named by `RB_LANG_EXTRA` (a list of JSON files separated by the path
 * delimiter), for checking keys a helper has not had merged into en.json yet; empty when unset.
 */
export const EXTRA_LANG_FILES: readonly string[] = (process.env.RB_LANG_EXTRA ?? "")
  .split(path.delimiter)
  .filter(Boolean);

/** The parsed `lang/en.json`, with the files of `RB_LANG_EXTRA` merged in. */
export const EN: Tree = EXTRA_LANG_FILES.reduce<Tree>(
  (tree, file) => mergeTrees(tree, JSON.parse(readFileSync(file, "utf8")) as Tree),
  JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8")) as Tree,
);

const I18N = createLocalization(EN);

/** Whether `en.json` has the key. */
export function hasKey(key: string): boolean {
  return I18N.has(key);
}

/** The English text of a key, or the key itself when missing (as Foundry does). */
export function localize(key: string): string {
  return I18N.localize(key);
}

/** The English text with `{name}` placeholders filled in. */
export function format(key: string, data: Record<string, unknown> = {}): string {
  return I18N.format(key, data);
}
