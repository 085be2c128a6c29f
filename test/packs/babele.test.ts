/**
 * The compendiums ready for Babele: an English template per pack of system.json, kept in step with
 * the pack sources (`npm run babele` writes them; this fails when they drift), each mapping field
 * naming a path the pack's documents have; and the system points Babele at its translations.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { babeleTemplates, TEMPLATE_DIR } from "../../scripts/babele.mjs";
import { BABELE_DIR, onBabeleInit } from "../../src/integrations/babele.ts";
import { ROOT } from "../support/i18n.ts";

const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
  id: string;
  packs: { name: string; label: string; type: string }[];
};

describe("compendium translations with Babele", () => {
  it("has a committed English template for every pack, equal to what the pack sources give", async () => {
    const generated = await babeleTemplates();
    const committed = readdirSync(TEMPLATE_DIR).sort();
    expect(committed).toEqual(manifest.packs.map((p) => `${manifest.id}.${p.name}.json`).sort());
    for (const file of committed) {
      const onDisk = JSON.parse(readFileSync(path.join(TEMPLATE_DIR, file), "utf8")) as unknown;
      expect(onDisk, `${file} is stale: run npm run babele`).toEqual(generated[file]);
    }
  });

  it("keys every entry by its document's English name, with every document of the pack, and keeps no odds placeholder", async () => {
    const generated = await babeleTemplates();
    for (const pack of manifest.packs) {
      const template = generated[`${manifest.id}.${pack.name}.json`]!;
      expect(template.label).toBe(pack.label);
      const sources = readdirSync(path.join(ROOT, "packs/_source", pack.name)).filter((f) => f.endsWith(".json"));
      expect(Object.keys(template.entries)).toHaveLength(sources.length);
      for (const [key, entry] of Object.entries(template.entries)) expect(entry.name).toBe(key);
      expect(JSON.stringify(template)).not.toMatch(/<!--\s*rb-odds/);
    }
  });

  it("tells Babele where the system's translations are when it starts", () => {
    const dirs: string[] = [];
    onBabeleInit({ setSystemTranslationsDir: (dir) => void dirs.push(dir) });
    expect(dirs).toEqual([BABELE_DIR]);
    expect(path.join(ROOT, BABELE_DIR, "template")).toBe(TEMPLATE_DIR);
  });
});
