import { defineConfig } from "vitest/config";

/** Build checks: run after `npm run build` and `npm run package`. */
export default defineConfig({
  test: {
    include: ["test/build/**/*.test.ts"],
    environment: "node",
  },
});
