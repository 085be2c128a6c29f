import js from "@eslint/js";
import tseslint from "typescript-eslint";
import tsdoc from "eslint-plugin-tsdoc";

/** Globals that would tie the pure engines to Foundry or the DOM. */
const FOUNDRY_AND_DOM = ["game", "CONFIG", "Hooks", "foundry", "ui", "document", "window", "Roll", "ChatMessage", "canvas"];

export default tseslint.config(
  { ignores: ["dist/**", "release/**", "packs/**", "node_modules/**", ".scratch/**", "coverage/**"] },
  js.configs.recommended,
  {
    files: ["**/*.ts"],
    extends: [...tseslint.configs.recommendedTypeChecked],
    plugins: { tsdoc },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "tsdoc/syntax": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["info", "warn", "error"] }],
    },
  },
  {
    files: ["src/engines/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...FOUNDRY_AND_DOM],
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!\\.{1,2}/)", message: "Engines import only other engine files." }] }],
    },
  },
  {
    // Stubs in tests are often async for the interface they stand in for.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/require-await": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly" } },
  },
);
