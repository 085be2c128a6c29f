/**
 * Every template compiles with the real Handlebars, and every partial a template includes by path
 * exists (Foundry would fail at render time otherwise).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHandlebars, templateFiles } from "../support/handlebars.ts";
import { ROOT } from "../support/i18n.ts";

describe("templates", () => {
  const hb = createHandlebars();
  it.each(templateFiles())("%s compiles and its partials exist", (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    expect(() => hb.precompile(text)).not.toThrow();
    for (const m of text.matchAll(/\{\{>\s*"systems\/rolling-bones\/([^"]+)"/g)) {
      expect(existsSync(path.join(ROOT, m[1] as string)), `${file} includes ${m[1]}`).toBe(true);
    }
  });
});
