/**
 * The layers of docs/design.md import one way: a module imports only from its own layer or a lower one.
 * Lowest first: `engines` (pure rules; also `constants.ts`), `helpers`, `dice` and `data`, `services`,
 * `applications`, then the entry points (`hooks`, `integrations`, `quench`, `api.ts`, `index.ts`). Type declaration
 * files (`src/types/*.d.ts`) only describe globals and are not a layer.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** The rank of each layer (a top-level folder or file of `src/`). */
const RANK: Readonly<Record<string, number>> = {
  engines: 0,
  "constants.ts": 0,
  helpers: 1,
  dice: 2,
  data: 2,
  services: 3,
  applications: 4,
  // The document classes: behaviour on the actor, calling the services and the sheets' roll (lazily).
  documents: 4,
  hooks: 5,
  // Other modules' integrations (Dice So Nice, Token Action HUD): entry points like the hooks.
  integrations: 5,
  quench: 5,
  "api.ts": 5,
  "index.ts": 6,
};

/** Every `.ts` module under a folder (declaration files left out). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The relative modules a source imports or re-exports, statically or with `import()`. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[\s;])(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/g;
  for (const m of source.matchAll(pattern)) found.push((m[1] ?? m[2])!);
  return found;
}

/** The layer of a file under `src/`. */
function layerOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0]!;
}

/** The imports that reach a higher layer, as `from → to`. */
export function upwardImports(files: readonly string[], read: (file: string) => string): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const spec of importsOf(read(file))) {
      const to = layerOf(path.resolve(path.dirname(file), spec));
      const rankFrom = RANK[from];
      const rankTo = RANK[to];
      if (rankFrom === undefined || rankTo === undefined) wrong.push(`${path.relative(SRC, file)}: unknown layer`);
      else if (rankTo > rankFrom) wrong.push(`${path.relative(SRC, file)} → ${spec}`);
    }
  }
  return wrong;
}

describe("the layers import one way", () => {
  it("no module of src/ imports from a higher layer", () => {
    const files = modules(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(upwardImports(files, (f) => readFileSync(f, "utf8"))).toEqual([]);
  });

  it("the check finds an upward import, static, re-exported or dynamic", () => {
    const fake: Record<string, string> = {
      [path.join(SRC, "helpers/a.ts")]: 'import { x } from "../services/b.ts";',
      [path.join(SRC, "services/c.ts")]:
        'export { y } from "../applications/d.ts";\nimport { z } from "../engines/e.ts";',
      [path.join(SRC, "engines/f.ts")]: 'const m = () => import("../dice/g.ts");',
      [path.join(SRC, "applications/h.ts")]: 'import type { T } from "../services/i.ts";',
    };
    expect(upwardImports(Object.keys(fake), (f) => fake[f]!)).toEqual([
      "helpers/a.ts → ../services/b.ts",
      "services/c.ts → ../applications/d.ts",
      "engines/f.ts → ../dice/g.ts",
    ]);
  });
});
