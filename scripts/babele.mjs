/**
 * Writes the English templates a translator starts from for Babele (lang/babele/template/), one file
 * per pack of system.json, from the committed pack sources: the pack's label, the mapping of the
 * system's own fields (an NPC's notes, an item's description, a token's name), and every document's
 * translatable text keyed by its English name. The rules journal's odds tables are filled in as the
 * pack build fills them (scripts/odds-tables.ts), so a translated page keeps its numbers. Copy a template into lang/babele/<language>/ (or a
 * translation module's folder) and translate the values; Babele matches entries by name.
 *
 * Usage: node scripts/babele.mjs
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = path.join(ROOT, "packs/_source");
export const TEMPLATE_DIR = path.join(ROOT, "lang/babele/template");

/** Each document type's mapping of the system's fields (Babele maps `name` and the core fields itself). */
const MAPPINGS = {
  Actor: { notes: "system.notes", tokenName: "prototypeToken.name" },
  Item: { description: "system.description" },
  JournalEntry: {},
  Macro: {},
  RollTable: { description: "description" },
};

/** A document's translatable text under the mapping's field names. */
function entryOf(type, doc) {
  const entry = { name: doc.name };
  if (type === "Actor") {
    if (typeof doc.system?.notes === "string" && doc.system.notes) entry.notes = doc.system.notes;
    if (doc.prototypeToken?.name) entry.tokenName = doc.prototypeToken.name;
  }
  if (type === "Item" && doc.system?.description) entry.description = doc.system.description;
  if (type === "JournalEntry") {
    entry.pages = Object.fromEntries(
      (doc.pages ?? []).map((p) => [p.name, { name: p.name, text: p.text?.content ?? "" }]),
    );
  }
  if (type === "RollTable") {
    if (doc.description) entry.description = doc.description;
    entry.results = Object.fromEntries(
      (doc.results ?? []).map((r) => [`${r.range[0]}-${r.range[1]}`, r.description || r.name || ""]),
    );
  }
  return entry;
}

/**
 * The template of every pack, by file name (`<system>.<pack>.json`).
 *
 * @returns {Promise<Record<string, object>>} The templates.
 */
export async function babeleTemplates() {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8"));
  const odds = await tsImport("./odds-tables.ts", import.meta.url);
  const tables = odds.oddsTables();
  const out = {};
  for (const pack of manifest.packs) {
    const dir = path.join(SOURCE, pack.name);
    const docs = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")));
    for (const doc of docs) odds.fillJournal(doc, tables);
    const entries = {};
    for (const doc of docs.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name)))
      entries[doc.name] = entryOf(pack.type, doc);
    out[`${manifest.id}.${pack.name}.json`] = {
      label: pack.label,
      mapping: MAPPINGS[pack.type] ?? {},
      entries,
    };
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  for (const [file, template] of Object.entries(await babeleTemplates())) {
    writeFileSync(path.join(TEMPLATE_DIR, file), `${JSON.stringify(template, null, 2)}\n`);
    console.info(`wrote lang/babele/template/${file}`);
  }
}
