// @vitest-environment happy-dom
/**
 * The pieces the five roll dialogs share: percentage formatting in the user's language, the
 * skip-dialog rule, reading a form, and the dialog context (inline error, disabled Roll, visibility).
 */
import { describe, expect, it } from "vitest";
import type { EngineError } from "../../src/engines/index.ts";
import { buildDialogContext, invalidFieldOf, visibilityOptions } from "../../src/applications/dialogs/context.ts";
import { isChecked, numberOrText, readFormValues } from "../../src/applications/dialogs/form-values.ts";
import { barWidth, formatMean, formatPercent } from "../../src/applications/dialogs/format.ts";
import { modifierHeld, rollHintKey, shouldSkipDialog } from "../../src/applications/dialogs/skip.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import { poolDialog } from "../../src/applications/dialogs/pool-roll-dialog.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { format } from "../support/i18n.ts";
import { settingsWith } from "./dialog-helpers.ts";

describe("formatPercent", () => {
  it.each([
    [0, "0%"],
    [1, "100%"],
    [0.634, "63%"],
    [0.043, "4.3%"],
    [0.95, "95%"],
    [0.9567, "95.7%"],
    [0.0004, "<0.1%"],
    [0.9996, ">99.9%"],
    [0.001, "0.1%"],
  ])("formats %d as %s in English", (p, text) => {
    expect(formatPercent(p, "en")).toBe(text);
  });

  it("uses the user's language", () => {
    expect(formatPercent(0.634, "de")).toBe(new Intl.NumberFormat("de", { style: "percent" }).format(0.63));
    expect(formatPercent(0.043, "de")).toBe(
      new Intl.NumberFormat("de", { style: "percent", maximumFractionDigits: 1 }).format(0.043),
    );
    expect(formatPercent(0.043, "de")).toContain("4,3");
    expect(formatMean(2.25, "de")).toBe("2,3");
  });

  it("never shows a possible outcome as 0% or an uncertain one as 100%", () => {
    for (const p of [1e-12, 1e-5, 0.00049]) expect(formatPercent(p, "en")).not.toBe("0%");
    for (const p of [1 - 1e-12, 0.99951]) expect(formatPercent(p, "en")).not.toBe("100%");
  });

  it("gives every possible outcome a visible bar", () => {
    expect(barWidth(0)).toBe(0);
    expect(barWidth(1e-9)).toBe(1);
    expect(barWidth(0.5)).toBe(50);
    expect(barWidth(1)).toBe(100);
  });
});

describe("shouldSkipDialog", () => {
  const click = (shiftKey: boolean) => new MouseEvent("click", { shiftKey });
  const key = (shiftKey: boolean) => new KeyboardEvent("keydown", { key: "Enter", shiftKey });

  it.each([
    ["no event, setting off", undefined, false, false],
    ["no event, setting on", undefined, true, true],
    ["plain click, setting off", click(false), false, false],
    ["Shift-click, setting off", click(true), false, true],
    ["plain click, setting on", click(false), true, true],
    ["Shift-click, setting on", click(true), true, false],
    ["Shift+Enter, setting off", key(true), false, true],
    ["an event with no modifier keys", new Event("change"), false, false],
  ])("%s → skip %s", (_name, event, setting, skip) => {
    expect(shouldSkipDialog(event, setting)).toBe(skip);
  });

  it("reads only Shift as the modifier", () => {
    expect(modifierHeld(new MouseEvent("click", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(modifierHeld(null)).toBe(false);
  });

  it("names the hint a roll control shows for each setting", () => {
    expect(rollHintKey(false)).toBe("ROLLING_BONES.Dialog.Hint.Dialog");
    expect(rollHintKey(true)).toBe("ROLLING_BONES.Dialog.Hint.Skip");
  });
});

describe("form values", () => {
  it("keeps text that is not a whole number for the engine to reject", () => {
    expect(numberOrText("12")).toBe(12);
    expect(numberOrText("+3")).toBe(3);
    expect(numberOrText("\u22124")).toBe(-4);
    expect(numberOrText(" 2.5 ")).toBe("2.5");
    expect(numberOrText("", 6)).toBe(6);
    expect(numberOrText(undefined)).toBeUndefined();
    expect(isChecked(true)).toBe(true);
    expect(isChecked("on")).toBe(true);
    expect(isChecked(false)).toBe(false);
    expect(isChecked(undefined)).toBe(false);
  });

  it("reads every named control of a form, disabled ones included", () => {
    document.body.innerHTML = `<form>
      <input name="pool" value="5">
      <input name="willpower" type="checkbox" checked>
      <input name="automatic" type="checkbox" disabled>
      <select name="cancellation"><option value="0">0</option><option value="1" selected>1</option></select>
      <input name="mode" type="radio" value="a"><input name="mode" type="radio" value="b" checked>
      <input name="characterPoints" value="2" disabled>
      <button type="submit">Roll</button>
    </form>`;
    expect(readFormValues(document.querySelector("form") as HTMLFormElement)).toEqual({
      pool: "5",
      willpower: true,
      automatic: false,
      cancellation: "1",
      mode: "b",
      characterPoints: "2",
    });
  });
});

describe("dialog context", () => {
  const base = {
    engine: "pool" as const,
    settings: settingsWith(),
    lang: "en",
    idPrefix: "dlg",
    visibility: "gm" as const,
    localizeError: (e: EngineError) => format(e.key, e.data),
  };

  it("enables Roll and shows the odds for a valid input", () => {
    const context = buildDialogContext({ ...base, values: { pool: "5", difficulty: "6" } });
    expect(context.canRoll).toBe(true);
    expect(context.error).toBeNull();
    expect(context.invalidField).toBeNull();
    expect(context.odds).not.toBeNull();
  });

  it("shows the localized error, marks the field and disables Roll for an invalid input", () => {
    const context = buildDialogContext({ ...base, values: { pool: "5", difficulty: "11" } });
    expect(context.canRoll).toBe(false);
    expect(context.odds).toBeNull();
    expect(context.error).toBe("The difficulty must be between 2 and 10 (got 11).");
    const typed = buildDialogContext({ ...base, values: { pool: "five" } });
    expect(typed.invalidField).toBe("pool");
  });

  it("disables Roll while a roll is under way", () => {
    expect(buildDialogContext({ ...base, values: { pool: "5" }, rolling: true }).canRoll).toBe(false);
  });

  it("offers the four visibility modes with the current one selected", () => {
    expect(visibilityOptions("blind").map((o) => [o.value, o.selected])).toEqual([
      ["public", false],
      ["gm", false],
      ["blind", true],
      ["self", false],
    ]);
    expect(buildDialogContext({ ...base, values: { pool: "5" } }).visibility.find((o) => o.selected)?.value).toBe("gm");
  });

  it("marks the control an error points at: its field, or the dialog's map for errors that name none", () => {
    const settings = settingsWith();
    const pointAt = (engine: "pool" | "wild", values: Record<string, string | boolean>) => {
      const dialog = DIALOG_ENGINES[engine];
      return invalidFieldOf(evaluateForm(dialog, values, settings, "en"), dialog.errorFields);
    };
    expect(pointAt("pool", { pool: "0" })).toBe("pool");
    expect(pointAt("pool", { pool: "5", difficulty: "11" })).toBe("difficulty");
    expect(pointAt("pool", { pool: "5", automatic: true })).toBe("automatic");
    expect(pointAt("wild", { code: "3X" })).toBe("code");
    expect(pointAt("wild", { code: "3D", bonus: "lots" })).toBe("bonus");
    expect(invalidFieldOf(evaluateForm(poolDialog, { pool: "0" }, settings, "en"))).toBeNull();
  });
});

describe("templates", () => {
  it("preloads every dialog template, so the partials resolve by path in Foundry", async () => {
    const { TEMPLATES } = await import("../../src/helpers/templates.ts");
    const { templateFiles } = await import("../support/handlebars.ts");
    for (const file of templateFiles("templates/dialogs")) {
      expect(TEMPLATES).toContain(`systems/rolling-bones/${file}`);
    }
  });
});
