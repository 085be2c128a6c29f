/**
 * Roll links in Chromium with the built CSS: working links look like buttons and take focus; a
 * broken link is struck through and dashed, with its reason in the title.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { Window } from "happy-dom";
import { launch, openPage, shoot } from "../support/browser.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { ENRICHER_PATTERN } from "../../src/helpers/chat-commands.ts";
import { buildRollLink } from "../../src/applications/roll-link-elements.ts";

const I18N = { has: hasKey, localize, format: (key: string, data: Record<string, string>) => format(key, data) };
const SETTINGS = { wildFirstOneCounts: true, percentileCap: 5 };

/** Enriches a paragraph of journal text the way Foundry would, replacing each match by its link. */
function enrich(text: string): string {
  const doc = new Window().document as unknown as Document;
  const p = doc.createElement("p");
  let last = 0;
  for (const m of text.matchAll(ENRICHER_PATTERN)) {
    p.append(text.slice(last, m.index));
    p.append(buildRollLink(doc, { text: m[0], name: m[1] ?? "", params: m[2] ?? "", label: m[3] }, SETTINGS, I18N));
    last = (m.index ?? 0) + m[0].length;
  }
  p.append(text.slice(last));
  return p.outerHTML;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("roll links", () => {
  it("render as focusable chips, broken ones struck through with the reason", async () => {
    const html = [
      enrich("Dodge the boulder: @RollPool[6|7]{Dodge}, or search with @RollPercentile[bonus=2]."),
      enrich("Blast it: @RollWild[3D+1|cp2]{Blaster}, parry with @RollPi[d8 d4 d4|minor]."),
      enrich("Climb: @RollAction[+3|dc=15]. A typo: @RollPool[6|frog]{Broken dodge}."),
    ].join("");
    const page = await openPage(browser, `<article style="padding:8px;font-family:sans-serif">${html}</article>`, 560);
    const links = page.locator(".rb-roll-link");
    expect(await links.count()).toBe(6);
    const style = await page.evaluate(() => {
      const ok = getComputedStyle(document.querySelector(".rb-roll-link:not(.is-broken)") as Element);
      const bad = getComputedStyle(document.querySelector(".rb-roll-link.is-broken") as Element);
      return {
        okBorder: ok.borderTopStyle,
        okDecoration: ok.textDecorationLine,
        badBorder: bad.borderTopStyle,
        badDecoration: bad.textDecorationLine,
      };
    });
    expect(style).toEqual({
      okBorder: "solid",
      okDecoration: "none",
      badBorder: "dashed",
      badDecoration: "line-through",
    });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Dodge");
    expect(await page.locator(".rb-roll-link.is-broken").getAttribute("title")).toContain('"frog" is not understood');
    await shoot(page, "roll-links");
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  });
});
