/**
 * The vitest configs' plugin that makes the test world count a module of `src/` still loading as work
 * in flight.
 */

/**
 * Wraps each lazy `import("…")` of `src/` in the test world's tracker (test/foundry/state.ts), so
 * `settle()` counts a module still loading as work in flight.
 */
export function trackLazyImports() {
  return {
    name: "rb-track-lazy-imports",
    transform(code: string, id: string) {
      if (!id.includes("/src/") || !id.endsWith(".ts")) return null;
      const next = code.replace(
        /\bimport\(\s*(["'][^"']+["'])\s*\)/g,
        "(globalThis.__rbTrackImport ?? ((p) => p))(import($1))",
      );
      return next === code ? null : { code: next, map: null };
    },
  };
}
