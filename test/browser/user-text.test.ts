// @vitest-environment happy-dom
/**
 * User text stays text in real Chromium (issue 14, class 1): a chat card posted with a hostile
 * flavor and speaker, a roll link with a hostile label, a GM roll request naming a hostile
 * character, and a character sheet whose skills have hostile names. Each page must create no
 * element from the text and run none of its handlers (`globalThis.__pwned` stays unset), even
 * when every `data-tooltip` is put in the page as HTML the way Foundry's tooltip does; the text
 * must be visible as typed and the layout hold. Screenshots go to `.scratch/screenshots/`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { launch, openPage, shoot } from "../support/browser.ts";
import { HOSTILE, HOSTILE_SHORT } from "../support/hostile.ts";
import { ALICE, GM } from "../support/system.ts";
import { renderSheet } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";
import * as PointsWorld from "../services/points-world.ts";

let browser: Browser;
let double: FoundryDouble | null = null;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});
afterEach(() => {
  double?.uninstall();
  double = null;
});

/**
 * Checks a page: no element from the hostile text, no handler of it run (also after every tooltip
 * is shown as HTML, as Foundry shows it), the text visible as typed, nothing overflowing `selector`.
 */
async function checkPage(page: Page, selector: string, typed: string, layout = selector): Promise<void> {
  const result = await page.evaluate(
    async ([sel, lay]) => {
      const tips = [...document.querySelectorAll<HTMLElement>("[data-tooltip]")];
      const shown = document.createElement("aside");
      document.body.append(shown);
      for (const el of tips) shown.insertAdjacentHTML("beforeend", `<div>${el.dataset.tooltip ?? ""}</div>`);
      await new Promise((resolve) => setTimeout(resolve, 300)); // an <img onerror> would have fired
      const box = document.querySelector(sel) as HTMLElement;
      const laid = [...document.querySelectorAll<HTMLElement>(lay)];
      const text = [box.innerText, ...[...box.querySelectorAll("input")].map((i) => i.value)].join("\n");
      const out = {
        pwned: (globalThis as { __pwned?: unknown }).__pwned ?? null,
        injected: document.querySelectorAll("[data-pwned]").length,
        tooltips: tips.length,
        tooltipText: shown.innerText,
        text,
        overflow: Math.max(...laid.map((el) => el.scrollWidth - el.clientWidth)),
      };
      shown.remove();
      return out;
    },
    [selector, layout] as const,
  );
  if (result.overflow > 0) await shoot(page, `user-text-overflow-${selector.slice(1)}`);
  expect(result.pwned).toBeNull();
  expect(result.injected).toBe(0);
  expect(result.text).toContain(typed);
  expect(result.overflow).toBeLessThanOrEqual(0);
  if (result.tooltips > 0) expect(result.tooltipText).toContain(typed);
  expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
}

/** Opens a page at chat-sidebar width holding a message's HTML. */
function chatPage(html: string): Promise<Page> {
  return openPage(browser, `<ol id="chat-log" style="width:290px;padding:6px;list-style:none">${html}</ol>`, 310);
}

describe("user text stays text in Chromium", () => {
  it("a card posted with a hostile flavor and speaker, by a hostile character", async () => {
    const actors = PointsWorld.CHARACTERS.map((c) => (c.id === PointsWorld.VEX ? { ...c, name: HOSTILE_SHORT } : c));
    const w = await PointsWorld.bootWorld({ actors });
    double = w.double;
    w.double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 2, 9, 1, 8]);
    const { rollToChat } = await import("../../src/services/roll.ts");
    const speaker = { actor: PointsWorld.VEX, alias: HOSTILE_SHORT } as never;
    const message = await w.double.actAs(ALICE, () =>
      rollToChat("pool", { pool: 5, difficulty: 6 }, { flavor: HOSTILE_SHORT, speaker, visibility: "public" }),
    );
    const li = await w.double.actAs(GM, () => message!.renderHTML());
    const page = await chatPage(li.outerHTML);
    await checkPage(page, "#chat-log", HOSTILE_SHORT, ".message-content, .flavor-text, .rb-card");
    await shoot(page, "user-text-card");
  });

  it("a roll link with a hostile label, as a journal shows it", async () => {
    double = await (await import("../support/system.ts")).bootSystem({ userId: ALICE });
    const { buildRollLink } = await import("../../src/applications/roll-link-elements.ts");
    const { hasKey, localize, format } = await import("../support/i18n.ts");
    const label = HOSTILE_SHORT.replace("{{7*7}}", "");
    const i18n = { has: hasKey, localize, format: (k: string, d: Record<string, string>) => format(k, d) };
    const settings = { wildFirstOneCounts: true, percentileCap: 5 };
    const link = buildRollLink(document, { text: "", name: "Pool", params: "6|7", label }, settings, i18n);
    const broken = buildRollLink(document, { text: "", name: "Pool", params: `6|${label}`, label }, settings, i18n);
    const page = await openPage(browser, `<p id="journal">Roll ${link.outerHTML} or ${broken.outerHTML}.</p>`);
    await checkPage(page, "#journal", label, "#journal, .rb-roll-link");
    await shoot(page, "user-text-link");
    expect(await page.locator("a").nth(1).getAttribute("title")).toContain('"><img');
  });

  it("a GM roll request naming a hostile character, as its player sees it", async () => {
    const { w, renderAs } = await PointsWorld.requestWorld(HOSTILE_SHORT, HOSTILE_SHORT, false);
    double = w.double;
    const li = await renderAs(ALICE);
    const page = await chatPage(li.outerHTML);
    await checkPage(page, "#chat-log", HOSTILE_SHORT, ".message-content, .rb-card");
    await shoot(page, "user-text-request");
  });

  it("a character sheet whose skills have hostile names", async () => {
    const system = structuredClone(SAMPLES["percentile-character"]);
    for (const skill of Object.values(system.skills)) skill.name = HOSTILE;
    const html = renderSheet("percentile-character", system);
    const page = await openPage(browser, `<div id="sheet" style="width:640px">${html}</div>`, 680);
    await checkPage(page, "#sheet", HOSTILE, "#sheet, .rb-sheet");
    await shoot(page, "user-text-sheet");
  });
});
