import js from "@eslint/js";
import tseslint from "typescript-eslint";
import tsdoc from "eslint-plugin-tsdoc";

/** Globals that would tie the pure engines to Foundry or the DOM. */
const FOUNDRY_AND_DOM = [
  "game",
  "CONFIG",
  "Hooks",
  "foundry",
  "ui",
  "document",
  "window",
  "Roll",
  "ChatMessage",
  "canvas",
];

const SEAM = "differs between Foundry v13 and v14: go through src/helpers/compat.ts";

/** Members whose shape or name differs between the generations (docs/foundry-notes.md §13, §13.1). */
export const GENERATION_PROPERTIES = [
  { object: "game", property: "release", message: `game.release ${SEAM} (compat.generation())` },
  { property: "applyRollMode", message: `applyRollMode (v13) / applyMode (v14) ${SEAM}` },
  { property: "applyMode", message: `applyRollMode (v13) / applyMode (v14) ${SEAM}` },
  { property: "rollModes", message: `CONFIG.Dice.rollModes (v13) / CONFIG.ChatMessage.modes (v14) ${SEAM}` },
  { property: "CHAT_COMMANDS", message: `ChatLog.CHAT_COMMANDS (v14 only) ${SEAM}` },
  { property: "operators", message: `foundry.data.operators (v14 only) ${SEAM}` },
  { property: "ForcedDeletion", message: `ForcedDeletion (v14) / -=key (v13) ${SEAM}` },
  { property: "ForcedReplacement", message: `ForcedReplacement (v14) / ==key (v13) ${SEAM}` },
];

/** Syntax whose meaning differs between the generations. */
export const GENERATION_SYNTAX = [
  {
    // By structure, not by the name `CONFIG`: any read of a `statusEffects` member (`CONFIG.statusEffects`,
    // `globalThis.CONFIG.statusEffects`, `(CONFIG as T).statusEffects`, `CONFIG["statusEffects"]`) and
    // any destructuring of one (`const { statusEffects } = CONFIG`).
    selector: [
      "MemberExpression[computed=false][property.name='statusEffects']",
      "MemberExpression[computed=true][property.value='statusEffects']",
      "ObjectPattern > Property[key.name='statusEffects']",
    ].join(", "),
    message: `CONFIG.statusEffects (array / record by id) ${SEAM}`,
  },
  {
    selector: "Literal[value=/(^|\\.)(-=|==)/], TemplateElement[value.raw=/(^|\\.)(-=|==)/]",
    message: `A -=key / ==key update (v13; v14 uses data operators) ${SEAM}`,
  },
  {
    selector:
      "Literal[value=/^(rollMode|messageMode)$/], Property[key.name=/^(rollMode|messageMode)$/], MemberExpression[property.name=/^(rollMode|messageMode)$/]",
    message: `The roll mode (v13 rollMode) / message mode (v14 messageMode) ${SEAM}`,
  },
  {
    selector: "MemberExpression[object.property.name='ChatMessage'][property.name='modes']",
    message: `CONFIG.ChatMessage.modes (v14 only) ${SEAM}`,
  },
  {
    selector:
      "MemberExpression[property.name='changes'][object.name=/^(e|fx|effect|\\w*Effect)$/], MemberExpression[property.name='changes'][object.property.name=/^(system|\\w*[Ee]ffect)$/]",
    message: `An Active Effect's changes (v13 changes / v14 system.changes) ${SEAM} (effectChanges)`,
  },
  {
    selector:
      "ObjectExpression:has(> Property[key.name=/^(transfer|statuses|disabled)$/]) > Property[key.name='changes'][value.type='ArrayExpression']",
    message: `Active Effect data's changes (v13 changes / v14 system.changes) ${SEAM} (effectData)`,
  },
  {
    selector: "Property[key.name=/^(callback|condition|onClick|visible)$/][value.type=/Function/]",
    message: `A context-menu entry (v13 name/condition/callback, v14 label/visible/onClick) ${SEAM} (contextMenuEntry)`,
  },
];

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
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!\\.{1,2}/)", message: "Engines import only other engine files." }] },
      ],
    },
  },
  {
    // The v13/v14 seam (issue 23): every generation-dependent access lives in src/helpers/compat.ts.
    files: ["src/**/*.ts"],
    ignores: ["src/helpers/compat.ts"],
    rules: {
      "no-restricted-properties": ["error", ...GENERATION_PROPERTIES],
      "no-restricted-syntax": ["error", ...GENERATION_SYNTAX],
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
