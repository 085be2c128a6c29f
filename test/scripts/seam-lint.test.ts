/**
 * The v13/v14 seam is enforced by lint, not review (issue 23): in `src/`, outside
 * `src/helpers/compat.ts`, ESLint refuses every generation-dependent access the project knows of
 * (docs/foundry-notes.md §13, §13.1), and leaves the same code alone in compat.ts.
 */
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/** The seam's rule options, as eslint.config.js exports them (a JS module: loaded by path, typed here). */
interface Seam {
  GENERATION_PROPERTIES: unknown[];
  GENERATION_SYNTAX: unknown[];
}
const configPath = "../../eslint.config.js";
const { GENERATION_PROPERTIES, GENERATION_SYNTAX } = (await import(configPath)) as Seam;

const linter = new Linter({ configType: "flat" });
const config: Linter.Config[] = [
  {
    files: ["**/*.ts"],
    languageOptions: { parser: tseslint.parser },
    rules: {
      "no-restricted-properties": ["error", ...GENERATION_PROPERTIES],
      "no-restricted-syntax": ["error", ...GENERATION_SYNTAX],
    },
  },
];

/** The lint messages a line of system code gets. */
function lint(code: string): string[] {
  return linter.verify(code, config, { filename: "src/x.ts" }).map((m) => m.message);
}

describe("the generation seam", () => {
  it.each([
    ["CONFIG.statusEffects.push(entry);", "statusEffects"],
    // The same access reached another way: the rule is structural, not a match on the name CONFIG.
    ["globalThis.CONFIG.statusEffects.push(entry);", "statusEffects"],
    ["(CONFIG as unknown as { statusEffects: unknown[] }).statusEffects.push(entry);", "statusEffects"],
    ['CONFIG["statusEffects"].push(entry);', "statusEffects"],
    ["const { statusEffects } = CONFIG;", "statusEffects"],
    ["const { statusEffects: list } = globalThis.CONFIG;", "statusEffects"],
    ["const g = game.release.generation;", "game.release"],
    ["ChatMessage.applyRollMode(data, mode);", "applyRollMode"],
    ["message.applyMode(mode);", "applyMode"],
    ["const modes = CONFIG.Dice.rollModes;", "rollModes"],
    ["const modes = CONFIG.ChatMessage.modes;", "CONFIG.ChatMessage.modes"],
    ['game.settings.get("core", "rollMode");', "roll mode"],
    ["ChatMessage.create(data, { messageMode: mode });", "message mode"],
    ["ChatLog.CHAT_COMMANDS.x = entry;", "CHAT_COMMANDS"],
    ['actor.update({ "system.-=weapons": null });', "-=key"],
    ["actor.update({ [`system.skills.-=${id}`]: null });", "-=key"],
    ['actor.update({ "==system": data });', "-=key"],
    ["actor.update({ x: foundry.data.operators.ForcedDeletion.create() });", "operators"],
    ["for (const c of effect.changes) read(c);", "effectChanges"],
    ["const list = e.system.changes;", "effectChanges"],
    ['item.createEmbeddedDocuments("ActiveEffect", [{ name: "x", transfer: true, changes: [] }]);', "effectData"],
    ["entries.push({ name: 'x', icon: '', condition: () => true, callback: () => go() });", "context-menu"],
  ])("refuses %s", (code, about) => {
    const messages = lint(code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.join(" ")).toContain(about);
    expect(messages.join(" ")).toContain("src/helpers/compat.ts");
  });

  it.each([
    "const total = entry.changes.length;",
    "const next = { ...prepared.changes };",
    "view.push({ id, name, transfer: true, changes: effectChanges(e) });",
    "count -= 1;",
    "registerStatusEffects(statusEffects(effectChange));",
    "const label = `${a} -= ${b}`;",
  ])("leaves ordinary code alone: %s", (code) => {
    expect(lint(code)).toEqual([]);
  });

  it("applies to the system's code but not to compat.ts", async () => {
    const eslint = new ESLint();
    const rules = async (file: string) => ((await eslint.calculateConfigForFile(file)) as Linter.Config).rules ?? {};
    expect((await rules("src/services/roll.ts"))["no-restricted-syntax"]).toBeDefined();
    expect((await rules("src/helpers/compat.ts"))["no-restricted-syntax"]).toBeUndefined();
    expect((await rules("src/helpers/compat.ts"))["no-restricted-properties"]).toBeUndefined();
  });
});
