// @vitest-environment happy-dom
/**
 * The pieces the five roll dialogs share: percentage formatting in the user's language,
 * reading a form, and the dialog context (inline error, disabled Roll, visibility).
 */
import { describe, expect, it } from "vitest";
import { EngineError, type EngineId } from "../../src/engines/index.ts";
import { buildDialogContext, visibilityOptions } from "../../src/applications/dialogs/context.ts";
import { isChecked, numberOrText, readFormValues } from "../../src/applications/dialogs/form-values.ts";
import { barWidth, formatMean, formatPercent } from "../../src/applications/dialogs/format.ts";
import { evaluateForm, fieldOfError } from "../../src/applications/dialogs/types.ts";
import { poolDialog } from "../../src/applications/dialogs/pool-roll-dialog.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { renderTemplate } from "../support/handlebars.ts";
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
    expect(context.errorCount).toBe(0);
    expect(context.fieldErrors).toEqual({});
    expect(context.formErrors).toEqual([]);
    expect(context.odds).not.toBeNull();
  });

  it("shows the localized error, marks the field and disables Roll for an invalid input", () => {
    const context = buildDialogContext({ ...base, values: { pool: "5", difficulty: "11" } });
    expect(context.canRoll).toBe(false);
    expect(context.odds).toBeNull();
    expect(context.fieldErrors.difficulty?.message).toBe("The difficulty must be between 2 and 10 (got 11).");
    const typed = buildDialogContext({ ...base, values: { pool: "five" } });
    expect(Object.keys(typed.fieldErrors)).toEqual(["pool"]);
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
      const evaluation = evaluateForm(DIALOG_ENGINES[engine], values, settings, "en");
      return evaluation.errors.map((e) => e.field);
    };
    expect(pointAt("pool", { pool: "0" })).toEqual(["pool"]);
    expect(pointAt("pool", { pool: "5", difficulty: "11" })).toEqual(["difficulty"]);
    expect(pointAt("pool", { pool: "5", automatic: true })).toEqual(["automatic"]);
    expect(pointAt("wild", { code: "3X" })).toEqual(["code"]);
    expect(pointAt("wild", { code: "3D", bonus: "lots" })).toEqual(["bonus"]);
    // Without the dialog's map, an error that names no field points at no control.
    expect(fieldOfError(new EngineError("PoolTooSmall", { pool: 0 }))).toBeNull();
    expect(fieldOfError(new EngineError("PoolTooSmall", { pool: 0 }), poolDialog.errorFields)).toBe("pool");
  });
});

describe("every error at once, each under its own field (issue 19 item 9)", () => {
  const base = {
    settings: settingsWith(),
    lang: "en",
    idPrefix: "dlg",
    visibility: "public" as const,
    localizeError: (e: EngineError) => errorMessage(e, { localize, format, has: hasKey }),
  };

  /** The dialog's form and odds panel rendered with the real templates. */
  function render(engine: EngineId, values: Record<string, string | boolean>) {
    const context = buildDialogContext({ ...base, engine, values });
    const host = document.createElement("div");
    host.innerHTML =
      renderTemplate(`templates/dialogs/${engine}/form.hbs`, context) +
      renderTemplate(`templates/dialogs/${engine}/odds.hbs`, context);
    /** The error shown under a control, read through the control's own description. */
    const errorOf = (name: string) => {
      const control = host.querySelector(`[name="${name}"]`);
      const id = control?.getAttribute("aria-errormessage");
      if (!control || !id) return null;
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(control.getAttribute("aria-describedby")?.split(" ")).toContain(id);
      return host.querySelector(`#${id}`)?.textContent?.replace("⚠", "").trim() ?? null;
    };
    return { context, host, errorOf };
  }

  it("a pool of 0 with difficulty 11 shows both errors, each under its field, and the odds say how many", () => {
    const { context, host, errorOf } = render("pool", { pool: "0", difficulty: "11" });
    expect(context.canRoll).toBe(false);
    expect(errorOf("pool")).toBe("A pool needs at least one die (got 0).");
    expect(errorOf("difficulty")).toBe("The difficulty must be between 2 and 10 (got 11).");
    expect(errorOf("cancellation")).toBeNull();
    expect(host.querySelector("[data-error-summary]")?.textContent?.trim()).toBe(
      "⚠ Correct the 2 fields marked above to see the odds.",
    );
    // Each error sits inside its control's field, after the control.
    const poolField = host.querySelector('[name="pool"]')?.closest(".rb-field");
    expect(poolField?.querySelector(".rb-field__error")?.id).toBe("dlg-pool-error");
  });

  it("lists a third field too, and one error says 'the field' in the singular", () => {
    const three = render("pool", { pool: "x", difficulty: "1", cancellation: "7" });
    expect(Object.keys(three.context.fieldErrors)).toEqual(["pool", "difficulty", "cancellation"]);
    const one = render("pool", { pool: "3", difficulty: "11" });
    expect(one.host.querySelector("[data-error-summary]")?.textContent?.trim()).toBe(
      "⚠ Correct the field marked above to see the odds.",
    );
  });

  it("does not blame a field for a value the dialog put in place of another field's wrong one", () => {
    // The pool is wrong and the automatic success is ticked: the automatic success cannot be judged
    // against a stand-in pool, so only the pool is marked.
    const { context } = render("pool", { pool: "abc", difficulty: "6", automatic: true });
    expect(Object.keys(context.fieldErrors)).toEqual(["pool"]);
    // An empty Precision & Impact pool after a bad count is not the player's: only the count is marked.
    const pi = render("pi", { d8: "two", d6: "0" });
    expect(Object.keys(pi.context.fieldErrors)).toEqual(["d8"]);
  });

  it("shows every engine's errors under their fields", () => {
    expect(render("action", { kind: "check", modifier: "x", dc: "-3", augmentCount: "y" }).context.errorCount).toBe(3);
    const action = render("action", { kind: "check", modifier: "x", dc: "-3", augmentCount: "y" });
    expect(Object.keys(action.context.fieldErrors).sort()).toEqual(["augmentCount", "dc", "modifier"]);
    expect(action.errorOf("dc")).toBe("DC must be between 0 and 999 (got -3).");
    const wild = render("wild", { code: "3X", bonus: "lots", target: "0" });
    expect(Object.keys(wild.context.fieldErrors)).toEqual(["code", "bonus", "target"]);
    const percentile = render("percentile", { bonus: "-1", penalty: "x", column: "abc" });
    expect(Object.keys(percentile.context.fieldErrors)).toEqual(["bonus", "penalty", "column"]);
    const pi = render("pi", { d8: "1", d4: "x", precisionMod: "y", impactGoal: "z" });
    expect(Object.keys(pi.context.fieldErrors)).toEqual(["d4", "precisionMod", "impactGoal"]);
    expect(pi.errorOf("d4")).toMatch(/d4/);
    // An empty pool is about the dice as a whole: shown under the row of counts.
    const empty = render("pi", { d8: "0" });
    expect(empty.host.querySelector(".rb-dialog__dice > .rb-field__error")?.textContent).toMatch(/at least one die/);
  });

  it("shows the error of a field the form hides in the odds panel, never losing it", () => {
    // A called shot's fields are drawn only while its box is ticked; values that carry a bad one
    // without the box (a request's) show its error in the panel.
    const dialog = DIALOG_ENGINES.percentile;
    const values = { calledShot: false, voluntaryPenalty: "x" };
    expect(dialog.shownFields(dialog.formView(values, base.settings, "en"))).not.toContain("voluntaryPenalty");
    const { context, host } = render("percentile", values);
    expect(context.fieldErrors).toEqual({});
    expect(context.formErrors.map((e) => e.message)).toEqual([
      "Voluntary penalty dice must be a whole number (got x).",
    ]);
    expect(host.querySelector(".rb-odds__errors")?.textContent).toContain(
      "Voluntary penalty dice must be a whole number",
    );
    expect(host.querySelector("[data-error-summary]")).toBeNull();
  });

  it("lists as shown exactly the controls each form draws", () => {
    const cases: [EngineId, Record<string, string | boolean>][] = [
      ["pool", {}],
      ["wild", { code: "3D" }],
      ["pi", { d8: "1" }],
      ["percentile", {}],
      ["percentile", { calledShot: true }],
      ["action", { kind: "check" }],
      ["action", { kind: "insight" }],
      ["action", { kind: "attack" }],
    ];
    for (const [engine, values] of cases) {
      const dialog = DIALOG_ENGINES[engine];
      const { host } = render(engine, values);
      const drawn = [...host.querySelectorAll<HTMLInputElement>("[name]")]
        .filter((c) => c.type !== "hidden" && c.name !== "visibility")
        .map((c) => c.name);
      const shown = dialog
        .shownFields(dialog.formView(values, base.settings, "en"))
        .filter((f) => f !== "pool" || engine === "pool");
      expect(new Set(drawn), `${engine} ${JSON.stringify(values)}`).toEqual(new Set(shown));
    }
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
