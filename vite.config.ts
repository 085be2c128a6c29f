import { defineConfig } from "vite";

const SYSTEM_ID = "rolling-bones";

/**
 * Builds `src/index.ts` into one ES module and one CSS file under `dist/`. Foundry globals
 * (`foundry`, `game`, `CONFIG`, `Hooks`) stay globals. Nothing is minified, so class names survive:
 * Foundry finds Roll subclasses again by `constructor.name` when it reloads a chat message.
 */
export default defineConfig({
  base: `/systems/${SYSTEM_ID}/`,
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: "hidden",
    minify: false,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => `${SYSTEM_ID}.mjs`,
      cssFileName: SYSTEM_ID,
    },
  },
  server: {
    port: 30001,
    strictPort: true,
    open: false,
    proxy: {
      [`^(?!/systems/${SYSTEM_ID}/)`]: "http://localhost:30000/",
      "/socket.io": { target: "ws://localhost:30000", ws: true },
    },
  },
});
