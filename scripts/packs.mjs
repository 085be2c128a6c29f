/**
 * Compiles the committed compendium sources (packs/_source/<pack>/*.json) into the LevelDB packs
 * Foundry loads (packs/<pack>/), or extracts them back. Every document must carry a 16-character
 * alphanumeric `_id` and its `_key` (fvtt-cli silently skips documents without one), embedded pages too.
 *
 * Usage: node scripts/packs.mjs pack | unpack
 */
import { compilePack, extractPack } from "@foundryvtt/foundryvtt-cli";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

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

async function packNames() {
  const entries = await readdir(SOURCE, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

async function pack() {
  for (const name of await packNames()) {
    const dir = path.join(SOURCE, name);
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".json"))) {
      checkDocument(JSON.parse(await readFile(path.join(dir, file), "utf8")), `${name}/${file}`);
    }
    const out = path.join(ROOT, "packs", name);
    await rm(out, { recursive: true, force: true });
    await compilePack(dir, out, { recursive: true });
    console.log(`packed ${name}`);
  }
}

async function unpack() {
  for (const name of await packNames()) {
    await extractPack(path.join(ROOT, "packs", name), path.join(SOURCE, name), {
      clean: true,
      jsonOptions: { space: 2 },
      transformName: (doc) => `${(doc.name ?? doc._id).replace(/[^a-zA-Z0-9]+/g, "_")}_${doc._id}.json`,
    });
    console.log(`unpacked ${name}`);
  }
}

const command = process.argv[2];
if (command === "pack") await pack();
else if (command === "unpack") await unpack();
else {
  console.error("usage: node scripts/packs.mjs pack | unpack");
  process.exit(2);
}
