/**
 * Every localization key the code and templates use exists in lang/en.json, and en.json carries
 * no key nothing uses. A literal ending in "." (e.g. `"ROLLING_BONES.Mark."` in a `concat`) is a
 * dynamic prefix: every key under it counts as used, and at least one must exist.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EN, flattenKeys, ROOT } from "../support/i18n.ts";

function files(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(rel, ext));
    else if (ext.test(e.name)) out.push(rel);
  }
  return out;
}

// The lab page's own text (lab/) is localized too, under ROLLING_BONES.Lab.
const sources = [...files("src", /\.ts$/), ...files("templates", /\.hbs$/), ...files("lab", /\.(ts|hbs)$/)].map(
  (f) => ({
    file: f,
    text: readFileSync(path.join(ROOT, f), "utf8"),
  }),
);
const defined = new Set(flattenKeys(EN).keys());
const literal = new Map<string, string>();
const prefixes = new Map<string, string>();
for (const { file, text } of sources) {
  for (const m of text.matchAll(/ROLLING_BONES(?:\.[A-Za-z0-9_-]+)*\.?/g)) {
    const key = m[0];
    if (key === "ROLLING_BONES" || key === "ROLLING_BONES.") continue;
    if (key.endsWith(".")) prefixes.set(key, file);
    else literal.set(key, file);
  }
  for (const m of text.matchAll(/new EngineError\(\s*"([A-Za-z0-9_]+)"/g))
    literal.set(`ROLLING_BONES.Error.${m[1]}`, file);
}

describe("localization keys", () => {
  it("every key used in src/, templates/ and lab/ exists in en.json", () => {
    const missing = [...literal].filter(([k]) => !defined.has(k) && ![...defined].some((d) => d.startsWith(`${k}.`)));
    expect(missing.map(([k, f]) => `${k} (${f})`)).toEqual([]);
  });

  it("every dynamic key prefix used has keys under it", () => {
    const empty = [...prefixes].filter(([p]) => ![...defined].some((d) => d.startsWith(p)));
    expect(empty.map(([p, f]) => `${p} (${f})`)).toEqual([]);
  });

  it("en.json has no unused keys", () => {
    const unused = [...defined].filter(
      (k) =>
        !literal.has(k) &&
        ![...literal.keys()].some((l) => k.startsWith(`${l}.`)) &&
        ![...prefixes.keys()].some((p) => k.startsWith(p)),
    );
    expect(unused).toEqual([]);
  });
});
