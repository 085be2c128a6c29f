import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type UserConfig } from "vite";

const ROOT = import.meta.dirname;

/** The built system CSS the lab shows its cards, sheets and dialogs with. */
const BUILT_CSS = path.join(ROOT, "dist/rolling-bones.css");

/**
 * Language files merged over `lang/en.json` on the page: the JSON files named by `RB_LANG_EXTRA`
 * (separated by the path delimiter), as the tests read them, for keys not merged into en.json yet.
 */
const LANG_EXTRA: unknown[] = (process.env.RB_LANG_EXTRA ?? "")
  .split(path.delimiter)
  .filter(Boolean)
  .map((file) => JSON.parse(readFileSync(file, "utf8")) as unknown);

/**
 * The lab page (`lab/`): every chat card, sheet and dialog of the system rendered from the real
 * templates, the built CSS and the engines, without Foundry. `npm run lab` serves it; `npm start`
 * builds the system first. The system's own build (`vite.config.ts`) is not involved.
 */
export default defineConfig((): UserConfig => {
  if (!existsSync(BUILT_CSS)) {
    throw new Error("dist/rolling-bones.css is missing: run `npm run build` (or `npm start`) before the lab.");
  }
  return {
    root: path.join(ROOT, "lab"),
    base: "./",
    publicDir: false,
    clearScreen: false,
    define: { __RB_LANG_EXTRA__: JSON.stringify(LANG_EXTRA) },
    build: {
      outDir: path.join(ROOT, ".scratch/lab-dist"),
      emptyOutDir: true,
      target: "es2022",
      sourcemap: false,
      chunkSizeWarningLimit: 2000,
    },
    server: {
      host: "127.0.0.1",
      port: 5173,
      strictPort: true,
      open: false,
      fs: { allow: [ROOT] },
    },
    preview: { host: "127.0.0.1", port: 5174, strictPort: true, open: false },
  };
});
