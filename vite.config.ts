import { defineConfig, type Plugin } from "vite";

const SYSTEM_ID = "rolling-bones";

/** The modules the entry imports statically, directly or not: what every client loads at start. */
const startup = new Set<string>();

/**
 * Collects {@link startup} once the module graph is built. The bundler would otherwise cut the
 * startup code into many small shared chunks (one per mix of on-demand importers), each fetched and
 * compressed on its own; grouped, they are one `core` chunk, and the on-demand code stays apart.
 */
function startupGraph(): Plugin {
  return {
    name: "rolling-bones:startup-graph",
    buildEnd() {
      startup.clear();
      const entry = [...this.getModuleIds()].find((id) => id.replaceAll("\\", "/").endsWith("/src/index.ts"));
      const stack = entry ? [entry] : [];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (startup.has(id)) continue;
        startup.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Builds `src/index.ts` into one ES module and one CSS file under `dist/`: the entry, the `core`
 * chunk it loads at start, and chunks for code loaded on demand (dialogs, panels, GM-side actions,
 * the Quench test batches). Foundry globals (`foundry`, `game`, `CONFIG`,
 * `Hooks`) stay globals. The code is minified with class names kept: Foundry finds Roll and dice
 * term subclasses again by `constructor.name` when it reloads a chat message.
 */
export default defineConfig({
  base: `/systems/${SYSTEM_ID}/`,
  publicDir: false,
  plugins: [startupGraph()],
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
    rolldownOptions: {
      // A dynamic import of a module that is also imported statically loads nothing later (the module
      // stays where its static importers are): the build refuses one rather than warn about it.
      onwarn(warning, warn) {
        if (warning.code === "INEFFECTIVE_DYNAMIC_IMPORT") throw new Error(warning.message);
        warn(warning);
      },
      output: {
        // Class names are kept (Foundry finds Roll and dice term subclasses by `constructor.name`);
        // function names are not needed, and keeping them all cost about 9% of the startup code.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: { removeWhitespace: true },
        },
        chunkFileNames: "chunks/[name]-[hash].mjs",
        codeSplitting: { groups: [{ name: "core", test: (id: string) => startup.has(id) }] },
      },
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
