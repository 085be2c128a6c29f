/**
 * Compiles the committed compendium sources (packs/_source/<pack>/*.json) into the LevelDB packs
 * Foundry loads (packs/<pack>/), or extracts them back. Every document must carry a 16-character
 * alphanumeric `_id` and its `_key` (fvtt-cli silently skips documents without one), embedded pages too.
 *
 * Journal pages may hold odds placeholders (`<!-- rb-odds pool -->`): compiling replaces each with
 * a table computed by the engines' exact odds (scripts/odds-tables.ts, loaded through tsx), so the
 * compiled rules journal can never disagree with the code; extracting turns the tables back into
 * placeholders, so the committed sources keep them.
 *
 * RollTables (the critical and botch tables) must each name one table slot in their flag, roll `1dN`
 * and cover every face with exactly one text result short enough for a card
 * (src/data/effect-tables.ts `tableProblems`); a table that does not is refused.
 *
 * Usage: node scripts/packs.mjs pack | unpack
 */
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = path.join(ROOT, "packs/_source");
const ID = /^[A-Za-z0-9]{16}$/;

/** Throws when a source document (or an embedded one) lacks a valid `_id` or `_key`. */
function checkDocument(doc, file, parentKey = "") {
  if (!ID.test(doc._id ?? "")) throw new Error(`${file}: bad _id ${JSON.stringify(doc._id)}`);
  if (typeof doc._key !== "string" || !doc._key.endsWith(doc._id)) {
    throw new Error(`${file}: missing or wrong _key for ${doc._id}${parentKey ? ` (in ${parentKey})` : ""}`);
  }
  for (const field of ["pages", "items", "effects", "results"]) {
    for (const child of doc[field] ?? []) checkDocument(child, file, doc._key);
  }
}

/** The pack names: one folder per pack under packs/_source. */
export async function packNames() {
  const entries = await readdir(SOURCE, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

/** The effect-table checks (TypeScript, imported through tsx). */
async function tableModule() {
  return tsImport("../src/data/effect-tables.ts", import.meta.url);
}

/** The odds-table module (TypeScript, imported through tsx). */
async function oddsModule() {
  return tsImport("./odds-tables.ts", import.meta.url);
}

/**
 * Compiles every pack from its sources.
 *
 * @param {{ outRoot?: string, log?: boolean }} [options] - Where the packs go (`<outRoot>/<pack>`,
 *   default the repository's `packs/`), and whether to print one line per pack.
 * @returns {Promise<Record<string, string[]>>} The odds placeholders filled, by pack.
 */
export async function packAll({ outRoot = path.join(ROOT, "packs"), log = false } = {}) {
  const odds = await oddsModule();
  const { tableProblems, slotOfFlag, slotKey, TABLE_FLAG } = await tableModule();
  const tables = odds.oddsTables();
  const filled = {};
  for (const name of await packNames()) {
    const dir = path.join(SOURCE, name);
    const slots = new Set();
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".json"))) {
      const doc = JSON.parse(await readFile(path.join(dir, file), "utf8"));
      checkDocument(doc, `${name}/${file}`);
      if (!doc._key.startsWith("!tables!")) continue;
      const problems = tableProblems(doc);
      if (problems.length > 0) throw new Error(`${name}/${file}: ${problems.join("; ")}`);
      const key = slotKey(slotOfFlag(doc.flags["rolling-bones"][TABLE_FLAG]));
      if (slots.has(key)) throw new Error(`${name}/${file}: a second table for ${key}`);
      slots.add(key);
    }
    const out = path.join(outRoot, name);
    filled[name] = [];
    await rm(out, { recursive: true, force: true });
    await compilePack(dir, out, {
      recursive: true,
      transformEntry: (doc) => {
        filled[name].push(...odds.fillJournal(doc, tables));
        const left = new RegExp(odds.PLACEHOLDER.source);
        for (const page of doc.pages ?? []) {
          if (left.test(page.text?.content ?? ""))
            throw new Error(`${name}: odds placeholder left in page ${page._id}`);
        }
      },
    });
    if (log) console.info(`packed ${name}${filled[name].length ? ` (odds: ${filled[name].join(", ")})` : ""}`);
  }
  return filled;
}

/** Extracts every compiled pack back into its sources, with the odds tables turned back into placeholders. */
export async function unpackAll() {
  const odds = await oddsModule();
  for (const name of await packNames()) {
    await extractPack(path.join(ROOT, "packs", name), path.join(SOURCE, name), {
      clean: true,
      jsonOptions: { space: 2 },
      transformEntry: (doc) => {
        odds.restoreJournal(doc);
      },
      transformName: (doc) => `${(doc.name ?? doc._id).replace(/[^a-zA-Z0-9]+/g, "_")}_${doc._id}.json`,
    });
    console.info(`unpacked ${name}`);
  }
}

/**
 * Reads a compiled pack back through fvtt-cli's `extractPack` (into a temporary folder, removed
 * afterwards): every document as its source JSON, embedded documents in place, each with its `_key`.
 *
 * @param {string} packDir - The compiled pack's folder.
 * @returns {Promise<object[]>} The documents, in file-name order.
 */
export async function readPack(packDir) {
  const dir = await mkdtemp(path.join(tmpdir(), "rb-pack-"));
  try {
    await extractPack(packDir, dir, { transformName: (doc) => `${doc._id}.json` });
    const files = (await readdir(dir)).filter((f) => f.endsWith(".json")).sort();
    return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8"))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const command = process.argv[2];
  if (command === "pack") await packAll({ log: true });
  else if (command === "unpack") await unpackAll();
  else {
    console.error("usage: node scripts/packs.mjs pack | unpack");
    process.exit(2);
  }
}
