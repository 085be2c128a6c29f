/**
 * The release check the tag workflow runs before it publishes anything: the tag names the version
 * that package.json and system.json both carry, `download` names this version's zip in this
 * repository's releases, and `manifest` stays the latest release's system.json (the URL users
 * paste into Foundry). `node scripts/release-check.mjs v1.2.3` prints each problem on its own line
 * and exits 1, or says the release is consistent.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** A version tag: `v` and a semantic version (pre-release and build parts allowed). */
const TAG = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;
/** A Foundry compatibility value: a generation ("13") or generation.build ("13.351"). */
const COMPAT = /^\d+(?:\.\d+)?$/;

/**
 * @param {{ tag: string, pkg: { version?: unknown }, manifest: Record<string, unknown> }} input
 * @returns {string[]} The problems found, each a sentence naming what to change; empty when the
 *   release is consistent.
 */
export function releaseProblems({ tag, pkg, manifest }) {
  const problems = [];
  const match = TAG.exec(tag ?? "");
  if (!match) return [`the tag "${tag}" is not a version tag such as v1.2.3`];
  const version = match[1];
  if (pkg.version !== version)
    problems.push(`package.json has version ${String(pkg.version)}, but the tag ${tag} releases ${version}`);
  if (manifest.version !== version)
    problems.push(`system.json has version ${String(manifest.version)}, but the tag ${tag} releases ${version}`);
  const url = typeof manifest.url === "string" ? manifest.url.replace(/\/+$/, "") : "";
  if (!/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(url)) {
    problems.push(`system.json "url" must be the repository's https://github.com/<owner>/<name> address`);
  } else {
    const download = `${url}/releases/download/${tag}/${String(manifest.id)}.zip`;
    if (manifest.download !== download)
      problems.push(`system.json "download" is ${String(manifest.download)}, but this release's zip is ${download}`);
    const latest = `${url}/releases/latest/download/system.json`;
    if (manifest.manifest !== latest)
      problems.push(`system.json "manifest" is ${String(manifest.manifest)}, but users install from ${latest}`);
  }
  const compat = /** @type {Record<string, unknown>} */ (manifest.compatibility ?? {});
  for (const key of ["minimum", "verified"]) {
    if (typeof compat[key] !== "string" || !COMPAT.test(compat[key]))
      problems.push(`system.json compatibility.${key} must be a Foundry generation or build such as "13.351"`);
  }
  // The maximum is optional; when set it is a generation or build too (ours: "14").
  if (compat.maximum !== undefined && (typeof compat.maximum !== "string" || !COMPAT.test(compat.maximum)))
    problems.push(`system.json compatibility.maximum must be a Foundry generation or build such as "14"`);
  return problems;
}

const invoked = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invoked) {
  const root = path.resolve(import.meta.dirname, "..");
  const read = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
  const tag = process.argv[2] ?? process.env.GITHUB_REF_NAME ?? "";
  const problems = releaseProblems({ tag, pkg: read("package.json"), manifest: read("system.json") });
  if (problems.length > 0) {
    console.error(`release-check: refusing to release ${tag || "(no tag)"}:`);
    for (const problem of problems) console.error(`- ${problem}`);
    process.exit(1);
  }
  console.info(`release-check: ${tag} agrees with package.json, system.json and its download URL`);
}
