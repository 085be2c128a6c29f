/**
 * Localization for tests, read from the real `lang/en.json`. Mirrors Foundry's documented
 * `game.i18n.localize` (returns the key when it is missing) and `game.i18n.format` (`{name}` placeholders).
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

type Tree = { [key: string]: string | Tree };

function merge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const at = into[k];
    if (typeof v === "object" && typeof at === "object") merge(at, v);
    else into[k] = v;
  }
  return into;
}

/**
 * The parsed `lang/en.json`. For checking keys a helper has not had merged yet, set `RB_LANG_EXTRA`
 * to a list of JSON files (separated by the path delimiter); unset, only en.json is read.
 */
export const EN: Tree = (process.env.RB_LANG_EXTRA ?? "")
  .split(path.delimiter)
  .filter(Boolean)
  .reduce<Tree>(
    (tree, file) => merge(tree, JSON.parse(readFileSync(file, "utf8")) as Tree),
    JSON.parse(readFileSync(path.join(ROOT, "lang/en.json"), "utf8")) as Tree,
  );

/** Every key of a nested translation tree, dotted. */
export function flattenKeys(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flattenKeys(v, key)) out.set(kk, vv);
  }
  return out;
}

const FLAT = flattenKeys(EN);

/** Whether `en.json` has the key. */
export function hasKey(key: string): boolean {
  return FLAT.has(key);
}

/** The English text of a key, or the key itself when missing (as Foundry does). */
export function localize(key: string): string {
  return FLAT.get(key) ?? key;
}

/** The English text with `{name}` placeholders filled in. */
export function format(key: string, data: Record<string, unknown> = {}): string {
  return localize(key).replace(/\{(\w+)\}/g, (m, name: string) => (name in data ? String(data[name]) : m));
}
