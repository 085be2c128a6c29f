/**
 * The release tooling: the tag check the release workflow runs before publishing (a tag that
 * disagrees with package.json, system.json or the zip URL is refused with a sentence naming the fix),
 * and the workflow linter that `npm run lint` runs over `.github/workflows/`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintWorkflows } from "../../scripts/lint-workflows.mjs";
import { releaseProblems } from "../../scripts/release-check.mjs";
import { ROOT } from "../support/i18n.ts";

const REPO = "https://github.com/rolling-bones/rolling-bones";
/** A manifest as a release of `version` must have it. */
function manifestFor(version: string): Record<string, unknown> {
  return {
    id: "rolling-bones",
    version,
    url: REPO,
    manifest: `${REPO}/releases/latest/download/system.json`,
    download: `${REPO}/releases/download/v${version}/rolling-bones.zip`,
    compatibility: { minimum: "13.341", verified: "13.351" },
  };
}

describe("release check", () => {
  it("accepts a tag that agrees with both files and the zip URL, pre-releases included", () => {
    expect(releaseProblems({ tag: "v1.2.3", pkg: { version: "1.2.3" }, manifest: manifestFor("1.2.3") })).toEqual([]);
    const pre = "1.3.0-beta.1";
    expect(releaseProblems({ tag: `v${pre}`, pkg: { version: pre }, manifest: manifestFor(pre) })).toEqual([]);
  });

  it("refuses a tag that is not a version, before anything else", () => {
    for (const tag of ["1.2.3", "v1.2", "release-1", "", "v1.2.3 "]) {
      const problems = releaseProblems({ tag, pkg: { version: "1.2.3" }, manifest: manifestFor("1.2.3") });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/not a version tag/);
    }
  });

  it("names each file whose version disagrees with the tag, and the zip URL the release must carry", () => {
    const problems = releaseProblems({ tag: "v1.2.4", pkg: { version: "1.2.3" }, manifest: manifestFor("1.2.3") });
    expect(problems).toEqual([
      "package.json has version 1.2.3, but the tag v1.2.4 releases 1.2.4",
      "system.json has version 1.2.3, but the tag v1.2.4 releases 1.2.4",
      `system.json "download" is ${REPO}/releases/download/v1.2.3/rolling-bones.zip, but this release's zip is ${REPO}/releases/download/v1.2.4/rolling-bones.zip`,
    ]);
  });

  it("keeps the manifest URL on the latest release and compatibility on real builds", () => {
    const manifest = {
      ...manifestFor("1.2.3"),
      manifest: `${REPO}/releases/download/v1.2.3/system.json`,
      compatibility: { minimum: "13", verified: "latest", maximum: "v14" },
    };
    const problems = releaseProblems({ tag: "v1.2.3", pkg: { version: "1.2.3" }, manifest });
    expect(problems).toEqual([
      `system.json "manifest" is ${REPO}/releases/download/v1.2.3/system.json, but users install from ${REPO}/releases/latest/download/system.json`,
      'system.json compatibility.verified must be a Foundry generation or build such as "13.351"',
      'system.json compatibility.maximum must be a Foundry generation or build such as "14"',
    ]);
    const fine = { ...manifestFor("1.2.3"), compatibility: { minimum: "13.351", verified: "14.369", maximum: "14" } };
    expect(releaseProblems({ tag: "v1.2.3", pkg: { version: "1.2.3" }, manifest: fine })).toEqual([]);
  });

  it("as a command: agrees with this repository's own version, and refuses a mismatched tag with exit 1", () => {
    const script = path.join(ROOT, "scripts/release-check.mjs");
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(execFileSync(process.execPath, [script, `v${pkg.version}`], { encoding: "utf8" })).toMatch(/agrees/);
    const refused = spawnSync(process.execPath, [script, "v99.0.0"], { encoding: "utf8" });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("refusing to release v99.0.0");
    expect(refused.stderr).toContain(`package.json has version ${pkg.version}, but the tag v99.0.0 releases 99.0.0`);
  });
});

describe("workflow lint", () => {
  it("finds nothing in the repository's workflows", async () => {
    expect(await lintWorkflows()).toEqual([]);
  });

  it("reports an undefined expression and a malformed step with their lines", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rb-workflows-"));
    writeFileSync(
      path.join(dir, "bad.yml"),
      [
        "on: push",
        "jobs:",
        "  a:",
        "    runs-on: ubuntu-latest",
        "    steps:",
        "      - run: echo ${{ github.nope }}",
        "      - name: neither run nor uses",
        "",
      ].join("\n"),
    );
    const findings = await lintWorkflows(dir);
    expect(findings.some((f) => /bad\.yml:6:.*"nope" is not defined/.test(f))).toBe(true);
    expect(findings.some((f) => /bad\.yml:7:/.test(f))).toBe(true);
  });
});
