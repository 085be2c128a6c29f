import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    exclude: ["test/browser/**", "test/build/**", "**/node_modules/**"],
    environment: "node",
    setupFiles: [],
  },
});
