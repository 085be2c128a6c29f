/**
 * Builds the release: release/<id>.zip holding exactly the files system.json needs (see
 * release-files.mjs), inside a folder named after the system id, plus release/system.json for the
 * manifest URL. Fails when a referenced file is missing or the versions disagree. Run after `npm run build`.
 */
import { zipSync } from "fflate";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { releaseFiles } from "./release-files.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const { manifest, files, missing } = releaseFiles(ROOT);
const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));

if (missing.length > 0) {
  console.error(`package: missing files referenced by system.json (run npm run build first): ${missing.join(", ")}`);
  process.exit(1);
}
if (manifest.version !== pkg.version) {
  console.error(`package: system.json version ${manifest.version} differs from package.json ${pkg.version}`);
  process.exit(1);
}

const entries = {};
for (const file of files)
  entries[`${manifest.id}/${file}`] = [
    readFileSync(path.join(ROOT, file)),
    { mtime: new Date("2000-01-01T00:00:00Z") },
  ];
const out = path.join(ROOT, "release");
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, `${manifest.id}.zip`), zipSync(entries, { level: 9 }));
writeFileSync(path.join(out, "system.json"), readFileSync(path.join(ROOT, "system.json")));
console.log(`package: release/${manifest.id}.zip with ${files.length} files`);
