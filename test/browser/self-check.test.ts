/**
 * The self-check window (issue 41) in real Chromium: its template rendered with the real Handlebars
 * and the built CSS from the view `SelfCheck#_prepareContext` builds — before a run (every check
 * ticked, Copy disabled), during one (the checks fixed, what ran so far announced), and after one
 * with a failure (passed and failed in words and icons, the reason shown, the report in a labelled
 * box). axe finds no violation; screenshots go to `.scratch/screenshots/`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shoot } from "../support/browser.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { ROOT, format } from "../support/i18n.ts";
import { selfCheckView, type SelfCheckState } from "../../src/quench/self-check-view.ts";

const hb = createHandlebars();
const template = hb.compile(readFileSync(path.join(ROOT, "templates/settings/self-check.hbs"), "utf8"));
const i18n = { localize: (key: string) => format(key), format };

const STATE: SelfCheckState = {
  batches: [
    { key: "rolling-bones.dice", displayName: "Rolling Bones: dice and chat cards" },
    { key: "rolling-bones.fight", displayName: "Rolling Bones: a fight" },
    { key: "rolling-bones.hud", displayName: "Rolling Bones: the token HUD" },
  ],
  selected: ["rolling-bones.dice", "rolling-bones.fight", "rolling-bones.hud"],
  results: [],
  phase: "idle",
  environment: { foundry: "14.364", system: "rolling-bones 0.1.0", modules: ["dice-so-nice 5.2.4"] },
};

const DONE: SelfCheckState = {
  ...STATE,
  phase: "done",
  results: [
    { batch: "rolling-bones.dice", name: "percentile: bonus die replaces the tens", ok: true, error: null, ms: 40 },
    { batch: "rolling-bones.fight", name: "a miss takes damage only when forced", ok: true, error: null, ms: 900 },
    {
      batch: "rolling-bones.hud",
      name: "the palette's markup, the duration picker, a timed condition and its time left",
      ok: false,
      error: "the HUD check needs a viewed scene: view one and run it again: expected false to be true",
      ms: 3,
    },
  ],
};

function page(state: SelfCheckState): string {
  return `<div class="application rolling-bones rb-self-check-window" style="width: 620px; height: 680px; display: flex; flex-direction: column; font-family: sans-serif; font-size: 14px; background: #fff;">
    <header style="padding: 6px 10px; background: #2b2118; color: #f3ead8; font-weight: 700;">${format("ROLLING_BONES.SelfCheck.Title")}</header>
    <div class="window-content" style="padding: 10px; flex: 1; min-height: 0; display: flex;">${template(selfCheckView(state, "rolling-bones-self-check", i18n))}</div>
  </div>`;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(state: SelfCheckState): Promise<Page> {
  const p = await openPage(browser, page(state), 640);
  await p.setViewportSize({ width: 640, height: 700 });
  return p;
}

async function axe(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: path.join(ROOT, "node_modules/axe-core/axe.min.js") });
  return p.evaluate(async () => {
    type Result = { violations: { id: string; nodes: unknown[] }[] };
    const axe = (globalThis as unknown as { axe: { run(n: Element, o: object): Promise<Result> } }).axe;
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
    const result = await axe.run(document.querySelector(".rb-self-check-window") as Element, {
      runOnly: { type: "tag", values: tags },
    });
    // The stand-in window frame is not a landmark page: region rules do not apply to it.
    return result.violations.filter((v) => v.id !== "region").map((v) => `${v.id} ×${v.nodes.length}`);
  });
}

describe("the self-check window", () => {
  it("offers every check ticked before a run, and nothing to copy yet", async () => {
    const p = await open(STATE);
    const boxes = p.locator('input[name="batch"]');
    expect(await boxes.count()).toBe(3);
    expect(await boxes.evaluateAll((els) => els.every((e) => (e as HTMLInputElement).checked))).toBe(true);
    expect(await p.locator('[data-action="copy"]').isDisabled()).toBe(true);
    expect(await p.locator(".rb-self-check__environment li").allTextContents()).toEqual([
      "Foundry: 14.364",
      "System: rolling-bones 0.1.0",
      "Active modules: dice-so-nice 5.2.4",
    ]);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });

  it("holds the checks while running and announces what ran", async () => {
    const running: SelfCheckState = { ...DONE, phase: "running", results: DONE.results.slice(0, 1) };
    const p = await open(running);
    expect(await p.locator('input[name="batch"]').first().isDisabled()).toBe(true);
    expect(await p.locator('[data-action="run"]').isDisabled()).toBe(true);
    expect(await p.locator('[role="status"]').innerText()).toBe(
      format("ROLLING_BONES.SelfCheck.Running", { done: "1", last: "percentile: bonus die replaces the tens" }),
    );
    await p.close();
  });

  it("shows passed and failed in words, a failure's reason, and the report to copy", async () => {
    const p = await open(DONE);
    expect(await p.locator(".rb-self-check__line.is-passed .rb-self-check__verdict").allInnerTexts()).toEqual([
      "Passed",
      "Passed",
    ]);
    const failed = p.locator(".rb-self-check__line.is-failed");
    expect(await failed.locator(".rb-self-check__verdict").innerText()).toBe("Failed");
    expect(await failed.locator(".rb-self-check__error").innerText()).toContain("view one and run it again");
    expect(await p.locator('[role="status"]').innerText()).toBe("Some checks failed. 2 of 3 passed.");
    const report = await p.getByLabel(format("ROLLING_BONES.SelfCheck.Report")).inputValue();
    expect(report.split("\n").slice(0, 5)).toEqual([
      "Rolling Bones self-check",
      "Foundry: 14.364",
      "System: rolling-bones 0.1.0",
      "Active modules: dice-so-nice 5.2.4",
      "2 of 3 passed.",
    ]);
    expect(report).toContain("✘ Failed: the palette's markup");
    expect(await p.locator('[data-action="copy"]').isDisabled()).toBe(false);
    // Nothing overflows the window sideways.
    const overflow = await p.evaluate(() => {
      const root = document.querySelector(".rb-self-check") as HTMLElement;
      return root.scrollWidth > root.clientWidth + 1;
    });
    await shoot(p, "self-check-done");
    expect(overflow).toBe(false);
    expect(await axe(p)).toEqual([]);
    await p.close();
  });
});
