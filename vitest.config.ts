import { defineConfig } from "vitest/config";

export default defineConfig({
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
