import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, openPage, shoot } from "../support/browser.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { chipOf } from "../../src/dice/cards/chips.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("browser smoke: built CSS and a real template in Chromium", () => {
  it("styles die chips by their marks and shows each mark as text", async () => {
    const dice = [
      { index: 0, faces: 10, value: 6, role: "tens", marks: ["replaced"] },
      { index: 1, faces: 10, value: 8, role: "bonus", marks: ["kept"] },
      { index: 2, faces: 6, value: 6, role: "wild", marks: ["exploded", "critical"] },
      { index: 3, faces: 6, value: 1, role: "wild", marks: ["fumble"] },
    ];
    const items = dice
      .map((d) => renderTemplate("templates/chat/partials/die.hbs", chipOf("wild", d, { keptShown: true })))
      .join("");
    const page = await openPage(browser, `<ul class="rb-dice">${items}</ul>`);
    const style = await page.evaluate(() => {
      const get = (sel: string) => getComputedStyle(document.querySelector(sel) as Element);
      return {
        replacedFace: get('[data-index="0"] .rb-die__face').textDecorationLine,
        replacedBorder: get('[data-index="0"]').borderTopStyle,
        keptBorder: get('[data-index="1"]').borderTopColor,
        explodedBorder: get('[data-index="2"]').borderTopStyle,
      };
    });
    expect(style.replacedFace).toBe("line-through");
    expect(style.replacedBorder).toBe("dashed");
    expect(style.keptBorder).toBe("rgb(31, 107, 58)");
    expect(style.explodedBorder).toBe("double");
    const marks = await page.locator('[data-index="2"] .rb-die__mark').allTextContents();
    // The system's words, at a size meant to be read: a first 6 is "Exploded" (no generic "Critical"), a first 1 a critical failure.
    expect(marks).toEqual(["Exploded"]);
    expect(await page.locator('[data-index="3"] .rb-die__mark').allTextContents()).toEqual(["Critical failure"]);
    const mark = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector(".rb-die__mark") as Element);
      return { size: parseFloat(style.fontSize), transform: style.textTransform };
    });
    expect(mark.size).toBeGreaterThanOrEqual(12);
    expect(mark.transform).toBe("none");
    expect(await page.locator('[data-index="3"] .rb-sr-only').textContent()).toBe("1 on a d6, Critical failure");
    await shoot(page, "smoke-dice");
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  });

  it("draws text and symbols with the fonts installed from npm, whatever the machine has", async () => {
    const page = await openPage(browser, `<p class="rb-card" style="font-family:var(--rb-font)">Success ✔ ✖ ⚠ ⚀ ★</p>`);
    const loaded = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family.replace(/"/g, "")} ${f.weight}`),
    );
    // Latin text from Signika, the symbols Signika lacks from DejaVu Sans: both come from node_modules.
    expect(loaded).toContain("Signika 400");
    expect(loaded).toContain("DejaVu Sans 400");
    await shoot(page, "smoke-fonts");
  });
});
