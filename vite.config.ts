import { defineConfig } from "vite";

const SYSTEM_ID = "rolling-bones";

/**
 * Builds `src/index.ts` into one ES module and one CSS file under `dist/` (plus chunks for code
 * loaded on demand, such as the Quench test batches). Foundry globals (`foundry`, `game`, `CONFIG`,
 * `Hooks`) stay globals. The code is minified with class names kept: Foundry finds Roll and dice
 * term subclasses again by `constructor.name` when it reloads a chat message.
 */
export default defineConfig({
  base: `/systems/${SYSTEM_ID}/`,
  publicDir: false,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: "hidden",
    minify: true,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => `${SYSTEM_ID}.mjs`,
      cssFileName: SYSTEM_ID,
    },
    rolldownOptions: { output: { keepNames: true, minify: true, chunkFileNames: "chunks/[name]-[hash].mjs" } },
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
