/**
 * The Action Results Table editor in real Chromium: its template rendered with the real Handlebars
 * and the built CSS, from the context `ArtEditor#_prepareContext` builds (the pure editor view of a
 * form). Checks that every input has an accessible name, that success and failure rows say so in
 * words, that an error is announced, that axe finds no serious violation and that the keyboard
 * reaches Save; screenshots go to `.scratch/screenshots/`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shoot } from "../support/browser.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { ROOT, format } from "../support/i18n.ts";
import type { ArtEditorTemplateContext } from "../../src/applications/settings/art-editor.ts";
import {
  artEditorView,
  artErrorText,
  artProblemOf,
  defaultArtForm,
  formToArt,
  readArtForm,
  type ArtForm,
} from "../../src/data/settings/art-table.ts";
import type { EngineError } from "../../src/engines/index.ts";

const hb = createHandlebars();
const template = hb.compile(readFileSync(path.join(ROOT, "templates/settings/art-editor.hbs"), "utf8"));

/** The context the editor renders with, as `_prepareContext` builds it. */
function context(form: ArtForm, extra: Partial<ArtEditorTemplateContext> = {}): ArtEditorTemplateContext {
  return {
    idPrefix: "rolling-bones-art-editor",
    view: artEditorView(form),
    usingDefault: true,
    dirty: false,
    status: null,
    error: null,
    ...extra,
  };
}

/** The editor inside a window-like frame (Foundry's own CSS is not loaded; the frame stands in for it). */
function page(ctx: ArtEditorTemplateContext): string {
  return `<div class="application rolling-bones rb-art-editor" style="width: 1000px; height: 760px; display: flex; flex-direction: column; font-family: sans-serif; font-size: 14px; background: #fff;">
    <header style="padding: 6px 10px; background: #2b2118; color: #f3ead8; font-weight: 700;">Action Results Table</header>
    <form class="window-content" style="padding: 10px; flex: 1; min-height: 0;">${template(ctx)}</form>
  </div>`;
}

/** The localized text of an editor error, as `artErrorMessage` shows it. */
function message(error: EngineError): string {
  return artErrorText(error, { localize: (key) => format(key), format });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(ctx: ArtEditorTemplateContext): Promise<Page> {
  const p = await openPage(browser, page(ctx), 1020);
  await p.setViewportSize({ width: 1020, height: 780 });
  return p;
}

async function axeSerious(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: path.join(ROOT, "node_modules/axe-core/axe.min.js") });
  const violations = await p.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(n: Element): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document.querySelector(".rb-art-editor") as Element);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, count: v.nodes.length }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} ×${v.count}`);
}

describe("the Action Results Table editor", () => {
  it("shows every column and level of the default table, each input named, rows marked in words", async () => {
    const p = await open(context(defaultArtForm()));
    const rb = (p as Page & { rbErrors: string[] }).rbErrors;
    expect(await p.locator(".rb-art__column-head").count()).toBe(10);
    expect(await p.locator("tbody tr").count()).toBe(10);
    expect(await p.locator("tbody tr").first().getAttribute("data-level")).toBe("awesome");
    expect(await p.locator('input[name="from.0.5"]').inputValue()).toBe("71");
    // Every input, button and text area has an accessible name.
    const unnamed = await p.evaluate(() =>
      [...document.querySelectorAll("input, textarea, button")]
        .filter((el) => {
          const aria = el.getAttribute("aria-label");
          const id = el.getAttribute("id");
          const label = id ? document.querySelector(`label[for="${id}"]`) : null;
          return !aria && !label && !(el.textContent ?? "").trim();
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
    // Success and failure are written out, not shown by colour alone.
    const kinds = await p.locator("tbody .rb-art__kind").allTextContents();
    expect(kinds.map((k) => k.trim())).toEqual([
      ...Array<string>(5).fill(format("ROLLING_BONES.Card.Success")),
      ...Array<string>(5).fill(format("ROLLING_BONES.Card.Failure")),
    ]);
    expect(await axeSerious(p)).toEqual([]);
    await shoot(p, "art-editor-default");
    expect(rb).toEqual([]);
    await p.close();
  });

  it("announces why a table is refused, with the level's name", async () => {
    const form = readArtForm(defaultArtForm(), [["from.0.5", "75"]]);
    let error: EngineError | undefined;
    try {
      formToArt(form);
    } catch (e) {
      error = e as EngineError;
    }
    expect(error?.key).toBe("ROLLING_BONES.Error.ArtValueGap");
    const text = message(error as EngineError);
    const ctx = context(form, { dirty: true, usingDefault: false, error: text });
    const p = await open({ ...ctx, view: artEditorView(form, artProblemOf(error as EngineError)) });
    const alert = p.locator('[role="alert"]');
    expect((await alert.textContent())?.trim()).toBe(text);
    // The inputs the reason names are marked invalid and point at it; nothing else is.
    const invalid = await p
      .locator('[aria-invalid="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("name")));
    expect(invalid).toEqual(["from.0.5", "to.0.5"]);
    expect(await p.locator('input[name="from.0.5"]').getAttribute("aria-errormessage")).toBe(
      "rolling-bones-art-editor-error",
    );
    expect(await p.locator(".rb-art__dirty").count()).toBe(1);
    expect(await axeSerious(p)).toEqual([]);
    await shoot(p, "art-editor-error");
    await p.close();
  });

  it("lets the keyboard reach every tool and Save", async () => {
    const p = await open(context(defaultArtForm(), { status: "ROLLING_BONES.ArtEditor.Imported" }));
    const reached = new Set<string>();
    for (let i = 0; i < 300; i++) {
      await p.keyboard.press("Tab");
      const focus = await p.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return { id: el?.getAttribute("data-action") || el?.name || "", type: el?.type ?? "", tag: el?.tagName ?? "" };
      });
      if (focus.tag === "BODY") break;
      reached.add(focus.type === "submit" ? "submit-reached" : focus.id);
      if (focus.type === "submit") break;
    }
    for (const action of ["addColumn", "removeColumn", "resetDefault", "importText", "exportJson", "cancel"]) {
      expect(reached.has(action), action).toBe(true);
    }
    expect(reached.has("artFile")).toBe(true);
    expect(reached.has("submit-reached")).toBe(true);
    await p.close();
  });
});
