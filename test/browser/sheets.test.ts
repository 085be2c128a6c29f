/**
 * The five character sheets in real Chromium: each rendered from its real templates with a sample
 * character and styled by the built CSS (run `npx vite build` first). Checks what only a browser
 * can: accessible names as computed, dots drawn as the rating, a visible keyboard focus, keyboard
 * presses reaching the sheet's actions, nothing overflowing; and saves a screenshot per sheet
 * under `.scratch/screenshots/` to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { CHARACTER_TYPES, type CharacterType } from "../../src/data/actor/pure.ts";
import { launch, openPage, shoot } from "../support/browser.ts";
import { renderSheet } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";

const WIDTH = 660;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** Opens a sheet; every `data-action` button press is recorded in `window.rbActions`. */
async function open(type: CharacterType, editable = true): Promise<Page> {
  const page = await openPage(browser, renderSheet(type, SAMPLES[type], { editable }), WIDTH);
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { rbActions: string[] }).rbActions = log;
    document.addEventListener("click", (event) => {
      const target = (event.target as Element).closest<HTMLElement>("[data-action]");
      if (target)
        log.push(
          `${target.dataset.action ?? ""}:${target.dataset.key ?? target.dataset.value ?? target.dataset.index ?? ""}`,
        );
    });
  });
  return page;
}

function errors(page: Page): string[] {
  return (page as unknown as { rbErrors: string[] }).rbErrors;
}

describe.each([...CHARACTER_TYPES])("%s sheet in Chromium", (type) => {
  it("gives every button and field an accessible name, fits the window, and looks right", async () => {
    const page = await open(type);
    const unnamed = await page.evaluate(() => {
      const bad: string[] = [];
      for (const el of document.querySelectorAll("button, input, select")) {
        const aria = el.getAttribute("aria-label");
        const labelled =
          el.closest("label")?.textContent?.trim() || (el.id && document.querySelector(`label[for="${el.id}"]`));
        const text = el.tagName === "BUTTON" ? el.textContent?.trim() : "";
        if (!aria && !labelled && !text) bad.push(el.outerHTML.slice(0, 120));
      }
      return bad;
    });
    expect(unnamed).toEqual([]);
    // Playwright's accessibility tree agrees: every button has a name.
    const buttons = await page.getByRole("button").count();
    expect(await page.getByRole("button", { name: /\S/ }).count()).toBe(buttons);
    await shoot(page, `sheet-${type}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors(page)).toEqual([]);
  });

  it("shows a visible focus ring and runs a roll from the keyboard", async () => {
    const page = await open(type);
    const roll = page.locator('[data-action="roll"]:visible').first();
    await roll.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const outline = await roll.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: style.outlineWidth, focused: document.activeElement === el };
    });
    expect(outline.focused).toBe(true);
    expect(outline.style).toBe("solid");
    expect(outline.width).toBe("2px");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Space");
    const key = await roll.getAttribute("data-key");
    expect(await page.evaluate(() => (window as unknown as { rbActions: string[] }).rbActions)).toEqual([
      `roll:${key}`,
      `roll:${key}`,
    ]);
  });

  it("shows fields as read-only for a viewer who cannot edit", async () => {
    const page = await open(type, false);
    expect(await page.locator("input:not([disabled]), select:not([disabled])").count()).toBe(0);
    expect(await page.locator('[data-action="roll"]').count()).toBeGreaterThan(0);
    await shoot(page, `sheet-${type}-readonly`);
  });
});

describe("dots and squares in Chromium", () => {
  it("draws each pool rating as that many filled dots, and filled dots differ from empty ones by more than colour", async () => {
    const page = await open("pool-character");
    const drawn = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".rb-dots")].map((group) => {
        const pips = [...group.querySelectorAll(".rb-pip")];
        const filled = pips.filter((p) => getComputedStyle(p).backgroundColor !== "rgba(0, 0, 0, 0)").length;
        return {
          path: group.dataset.path,
          value: Number(group.dataset.value),
          filled,
          shown: group.querySelector(".rb-dots__value")?.textContent,
        };
      }),
    );
    expect(drawn.length).toBeGreaterThan(9);
    for (const d of drawn) {
      expect(d.filled, d.path).toBe(d.value);
      expect(d.shown, d.path).toBe(String(d.value));
    }
  });

  it("makes each trait's dots one Tab stop, on the checked dot (issue 19 item 12)", async () => {
    const page = await open("pool-character");
    const strength = '[data-path="system.attributes.strength.rating"]';
    const checked = await page.locator(`${strength} [aria-checked="true"]`).getAttribute("data-value");
    await page.locator(`${strength} [aria-checked="true"]`).focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const focused = () =>
      page.evaluate(() => [
        document.activeElement?.closest<HTMLElement>(".rb-dots")?.dataset.path,
        document.activeElement?.getAttribute("data-value"),
      ]);
    expect(await focused()).toEqual(["system.attributes.strength.rating", checked]);
    await shoot(page, "sheet-pool-character-focus");
    // The next Tab leaves the group for the next trait's checked dot.
    await page.keyboard.press("Tab");
    const [next] = await focused();
    expect(next).not.toBe("system.attributes.strength.rating");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => (window as unknown as { rbActions: string[] }).rbActions)).toEqual([
      `setDots:${checked ?? ""}`,
    ]);
  });

  it("draws squares above the permanent rating dashed and not pressable, and only those", async () => {
    for (const editable of [true, false]) {
      const page = await open("pool-character", editable);
      const squares = page.locator('[data-path="system.willpower.current"] .rb-pip');
      const styles = await squares.evaluateAll((els) => els.map((el) => getComputedStyle(el).borderTopStyle));
      expect(styles).toEqual([...Array<string>(7).fill("solid"), ...Array<string>(3).fill("dashed")]);
    }
    const page = await open("pool-character");
    const squares = page.locator('[data-path="system.willpower.current"] .rb-pip');
    expect(await squares.nth(8).evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("dashed");
    expect(await squares.nth(8).isDisabled()).toBe(true);
    expect(await squares.nth(2).evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");
  });
});
