import { defineConfig } from "vitest/config";

/** Browser tests: real Debian Chromium through playwright-core, against the built CSS. */
export default defineConfig({
  test: {
    include: ["test/browser/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
