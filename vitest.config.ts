import { defineConfig } from "vitest/config";
import { trackLazyImports } from "./test/support/track-imports.ts";

export default defineConfig({
  // A lazy module load of `src/` is work in flight for the test world (`settle()` waits for it).
  plugins: [trackLazyImports()],
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "test/build/**", "**/node_modules/**"],
    environment: "node",
    // A test's first boot imports the whole system: allow for a slow or busy machine.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // A deprecation the system's own code causes fails the test (test/support/deprecations.ts).
    setupFiles: ["test/support/deprecations.ts"],
  },
});
