/**
 * A newcomer can follow every reference (issue 36): a file of the project's own documents that a
 * source, test, template or script cites is in the repository, and a numbered section it cites of
 * the rules contract, the design or the Foundry notes (`docs/rules.md §6`,
 * `docs/foundry-notes.md §13.1`) is a heading there. The contracts that once lived outside the repository are not cited by
 * their old names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["src", "test", "lab", "bench", "scripts", "templates", "docs", "README.md", "CONTRIBUTING.md"];
const EXTENSIONS = /\.(ts|mjs|js|hbs|md|css)$/;

/** Every scanned file (the golden fixtures, stored output, left out). */
function files(): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(ROOT, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      if (rel === "test/fixtures") return;
      for (const entry of readdirSync(full)) walk(path.posix.join(rel, entry));
    } else if (EXTENSIONS.test(rel)) out.push(rel);
  };
  for (const rel of SCANNED) walk(rel);
  return out;
}

/** The section numbers a document's headings give (`## 6. …` → "6", `### 13.1 …` → "13.1"). */
function sections(doc: string): Set<string> {
  const text = readFileSync(path.join(ROOT, doc), "utf8");
  return new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1] as string));
}

const SCAN = files();

/** This file, which names the old names to refuse them. */
const SELF = "test/scripts/references.test.ts";

describe("every reference stays inside the repository", () => {
  it("scans the sources, tests, templates, scripts and documents", () => {
    expect(SCAN.length).toBeGreaterThan(500);
  });

  it("each project document cited exists", () => {
    const missing: string[] = [];
    for (const file of SCAN) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(/(?<![\w/.-])((?:docs\/[\w/.-]+|README|CONTRIBUTING|CHANGELOG)\.md)/g)) {
        if (!existsSync(path.join(ROOT, m[1] as string))) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("each numbered section cited is a heading of its document", () => {
    const known = new Map(
      ["docs/rules.md", "docs/foundry-notes.md", "docs/design.md"].map((doc) => [doc, sections(doc)] as const),
    );
    const unknown: string[] = [];
    for (const file of SCAN) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(/(docs\/(?:rules|foundry-notes|design)\.md),? §\s?(\d+(?:\.\d+)?)/g)) {
        if (!known.get(m[1] as string)?.has(m[2] as string)) unknown.push(`${file}: ${m[1]} §${m[2]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("no file cites a contract by a name outside the repository", () => {
    const old = /(?<![\w/-])(RULES\.md|FOUNDRY-NOTES|DESIGN\.md|STYLE\.md|STYLE practice|TOOLCHAIN)/;
    expect(SCAN.filter((file) => file !== SELF && old.test(readFileSync(path.join(ROOT, file), "utf8")))).toEqual([]);
  });
});
