/**
 * The modules of `src/` import without circles, so each folder reads top-down. A circle is counted over
 * static imports and re-exports (`import … from`, `export … from`, side-effect `import "…"`), type-only
 * ones included: a circle of types alone does no harm at run time, but it still makes two files each
 * other's reader's prerequisite. A dynamic `import()` is left out: it loads on demand, after both
 * modules have run (the lazy loading of the sheets and dialogs relies on it).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");

/** Every `.ts` module under a folder (declaration files left out). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

/** A source without its comments (a TSDoc example may show an import). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** The relative modules a source imports or re-exports statically, type-only imports included. */
export function staticImportsOf(source: string): string[] {
  const found: string[] = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^;()]*?from\s+["'](\.[^"']+)["']|(?:^|[\s;])import\s+["'](\.[^"']+)["']/g;
  for (const m of withoutComments(source).matchAll(pattern)) found.push((m[1] ?? m[2])!);
  return found;
}

/**
 * The import circles of a set of modules, each named as its modules in import order from its first
 * (by name) back to that module: `a.ts → b.ts → a.ts`. One circle is named per strongly connected part.
 *
 * @param files - The modules, as absolute paths.
 * @param read - A module's source.
 * @param root - The folder the names are relative to.
 */
export function importCycles(files: readonly string[], read: (file: string) => string, root: string): string[] {
  const known = new Set(files);
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = staticImportsOf(read(file)).map((spec) => path.resolve(path.dirname(file), spec));
    edges.set(
      file,
      [...new Set(targets)].filter((t) => known.has(t)),
    );
  }
  // Tarjan's strongly connected components; a part of two or more modules (or a module importing itself) holds a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || edges.get(v)!.includes(v)) parts.push(part);
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  const name = (f: string): string => path.relative(root, f).split(path.sep).join("/");
  return parts.map((part) => {
    // The shortest way back from the part's first module to itself, by breadth-first search within the part.
    const inPart = new Set(part);
    const start = [...part].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let end: string | undefined;
    while (queue.length > 0 && end === undefined) {
      const v = queue.shift()!;
      for (const w of edges.get(v)!) {
        if (!inPart.has(w)) continue;
        if (w === start) {
          end = v;
          break;
        }
        if (!previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const way = [start];
    for (let v = end!; v !== start; v = previous.get(v)!) way.splice(1, 0, v);
    return [...way, start].map(name).join(" → ");
  });
}

describe("the modules of src/ import without circles", () => {
  it("no import circle, type-only imports counted", () => {
    const files = modules(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(files, (f) => readFileSync(f, "utf8"), SRC)).toEqual([]);
  });

  it("the check names a circle of imports, re-exports, side-effect and type imports, and leaves import() out", () => {
    const fake: Record<string, string> = {
      "/s/a.ts": 'import { b } from "./b.ts";',
      "/s/b.ts": 'import type { C } from "./dir/c.ts";\nexport const b = 1;',
      "/s/dir/c.ts": 'export { a } from "../a.ts";',
      "/s/d.ts": 'import "./e.ts";',
      "/s/e.ts": "import {\n  d,\n  type D,\n} from './d.ts';",
      "/s/f.ts": 'const g = () => import("./g.ts");',
      "/s/g.ts": 'import { f } from "./f.ts";\n// import { g } from "./g.ts";\n/** import { x } from "./g.ts"; */',
      "/s/h.ts": 'import { h } from "./h.ts";',
    };
    expect(importCycles(Object.keys(fake), (f) => fake[f]!, "/s")).toEqual([
      "a.ts → b.ts → dir/c.ts → a.ts",
      "d.ts → e.ts → d.ts",
      "h.ts → h.ts",
    ]);
  });
});
