/**
 * The files a release needs, derived from system.json: the manifest itself, every esmodule, style,
 * language and pack it lists, the license and readme it names, and the Handlebars templates the code
 * renders. Shared by `npm run package` and the build-check tests so they cannot disagree.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Files inside a LevelDB pack folder that Foundry recreates and a release must not carry. */
const PACK_VOLATILE = /^(LOCK|LOG(\.old)?)$/;

function walk(root, dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(root, rel));
    else out.push(rel);
  }
  return out;
}

/**
 * @param {string} root - The repository root.
 * @returns {{ manifest: object, files: string[], missing: string[] }} Every release file (sorted,
 *   POSIX paths relative to the root) and every referenced path that does not exist.
 */
export function releaseFiles(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, "system.json"), "utf8"));
  const wanted = ["system.json", ...(manifest.esmodules ?? []), ...(manifest.scripts ?? [])];
  for (const style of manifest.styles ?? []) wanted.push(typeof style === "string" ? style : style.src);
  for (const lang of manifest.languages ?? []) wanted.push(lang.path);
  for (const key of ["license", "readme"]) if (manifest[key]) wanted.push(manifest[key]);
  const missing = [];
  const files = new Set();
  for (const file of wanted) {
    try {
      if (statSync(path.join(root, file)).isFile()) files.add(file);
      else missing.push(file);
    } catch {
      missing.push(file);
    }
  }
  for (const pack of manifest.packs ?? []) {
    const dir = pack.path ?? `packs/${pack.name}`;
    try {
      const packFiles = walk(root, dir).filter((f) => !PACK_VOLATILE.test(path.posix.basename(f)));
      if (packFiles.length === 0) missing.push(dir);
      for (const f of packFiles) files.add(f);
    } catch {
      missing.push(dir);
    }
  }
  for (const f of walk(root, "templates")) if (f.endsWith(".hbs")) files.add(f);
  // Compendium translations Babele reads (lang/babele/<language>/); the English templates stay in the repository.
  try {
    for (const f of walk(root, "lang/babele"))
      if (f.endsWith(".json") && !f.startsWith("lang/babele/template/")) files.add(f);
  } catch {
    // no translations
  }
  // Chunks the esmodules import on demand (e.g. the Quench batches) ship beside them.
  try {
    for (const f of walk(root, "dist/chunks")) if (f.endsWith(".mjs")) files.add(f);
  } catch {
    // no chunks
  }
  return { manifest, files: [...files].sort(), missing };
}
