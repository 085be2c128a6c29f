/**
 * Layouts that hold (issue 19 item 13): every sample character's sheet at 560 to 740 px wide, the
 * Action Results Table editor from 480 px, and the roll dialogs, each at device scale 1 and 2 (a
 * 200% zoom), measured in real Chromium on the lab page. Nothing may reach past its window's edge
 * (outside a scrolling area), and no text may be cut: a clipping box or a text input whose content
 * is wider than the box (a skill name such as "Sleight of hand" cut to "Sleight of ha").
 * Screenshots of the narrowest sheets and editor go to `.scratch/screenshots/`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { LAB_ENGINES } from "../../lab/model.ts";
import { launch, shootPath } from "../support/browser.ts";
import { startLab, type LabServer } from "../support/lab.ts";

let lab: LabServer;
let browser: Browser;

beforeAll(async () => {
  [lab, browser] = await Promise.all([startLab(), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await lab?.close();
});

/** Opens the lab at a device scale (2 stands for a 200% zoom: every CSS pixel is two device pixels). */
async function labAt(scale: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: scale });
  const page = await context.newPage();
  await page.goto(lab.url);
  await page.waitForSelector("body[data-lab-ready]");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page;
}

/** Gives a lab window a width, as a user resizing the window in Foundry would. */
async function setWidth(page: Page, selector: string, width: number): Promise<void> {
  await page.evaluate(
    ([sel, w]) => {
      const win = document.querySelector<HTMLElement>(sel);
      if (!win) throw new Error(`no ${String(sel)}`);
      Object.assign(win.style, { maxWidth: "none", width: `${String(w)}px`, flex: "none" });
    },
    [selector, width] as const,
  );
}

/**
 * What spills out of, or is cut inside, the element `selector` selects: an element reaching past its
 * edges (unless a scrolling area inside it holds it), a box that hides overflowing content, or a text
 * input whose text is wider than the input. A string, so the page runs it as written.
 */
const PROBLEMS = `(selector) => {
  const root = document.querySelector(selector);
  const box = root.getBoundingClientRect();
  const out = [];
  const name = (el) => el.tagName.toLowerCase() + (el.getAttribute("name") ? "[name=" + el.getAttribute("name") + "]" : "") +
    (typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\\s+/).join(".") : "") +
    ' "' + (el.value || el.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 40) + '"';
  const scrolled = (el) => {
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  };
  for (const el of root.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    // Hidden labels for screen readers are 1 px boxes by design.
    if (r.width <= 1 || r.height <= 1 || style.visibility === "hidden") continue;
    if (!scrolled(el) && (r.right > box.right + 0.5 || r.left < box.left - 0.5)) {
      out.push("spills: " + name(el) + " reaches " + Math.round(r.left - box.left) + "–" + Math.round(r.right - box.left) + " of " + Math.round(box.width));
    }
    const text = el.tagName === "INPUT" && ["text", "number", ""].includes(el.type);
    const clips = style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
    if ((text || (clips && !["SELECT", "TEXTAREA"].includes(el.tagName))) && el.scrollWidth > el.clientWidth + 1) {
      out.push("cut: " + name(el) + " needs " + el.scrollWidth + " px, has " + el.clientWidth);
    }
  }
  return out;
}`;

/** The problems inside a selected element (see {@link PROBLEMS}). */
function problemsIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(`(${PROBLEMS})(${JSON.stringify(selector)})`);
}

/** The sample characters the lab offers: option value, actor type and label. */
async function characters(page: Page): Promise<{ id: string; type: string; label: string }[]> {
  return page.locator("[data-lab-actor] option").evaluateAll((els) =>
    els.map((o) => ({
      id: (o as HTMLOptionElement).value,
      type: (o as HTMLElement).dataset.type ?? "",
      label: (o.textContent ?? "").trim(),
    })),
  );
}

/** Shows a sample character's sheet. */
async function showSheet(page: Page, id: string): Promise<void> {
  await page.locator("[data-lab-actor]").selectOption(id);
  await page.waitForFunction(
    (want) => document.querySelector("[data-lab-sheet-parts]")?.getAttribute("data-actor") === want,
    id,
  );
}

const SHEET = ".lab-window--sheet";
const WIDTHS = [560, 620, 680, 740];

describe("layouts hold in narrow windows and at 200% zoom (issue 19 item 13)", () => {
  it("no sheet spills or cuts text at 560–740 px, at device scale 1 and 2", async () => {
    const found: string[] = [];
    for (const scale of [1, 2]) {
      const page = await labAt(scale);
      const cast = await characters(page);
      expect(cast.length).toBeGreaterThanOrEqual(10);
      for (const width of WIDTHS) {
        await setWidth(page, SHEET, width);
        for (const { id, label } of cast) {
          await showSheet(page, id);
          for (const p of await problemsIn(page, SHEET)) found.push(`${label} at ${width} px, scale ${scale}: ${p}`);
        }
      }
      await page.close();
    }
    expect(found).toEqual([]);
  });

  it("keeps the Precision & Impact skills' roll, remove and Add buttons and the Dice Pool 10-point traits inside a 560 px sheet at 200%", async () => {
    const page = await labAt(2);
    await setWidth(page, SHEET, 560);
    const cast = await characters(page);
    const inside = async (type: string, section: string) => {
      const id = cast.find((c) => c.type === type)?.id ?? "";
      await showSheet(page, id);
      return page.evaluate(
        ([win, sec]) => {
          const box = document.querySelector(win as string)?.getBoundingClientRect();
          const buttons = [...document.querySelectorAll<HTMLElement>(`${sec} button`)];
          return {
            buttons: buttons.length,
            outside: buttons
              .filter((b) => {
                const r = b.getBoundingClientRect();
                return !box || r.right > box.right + 0.5 || r.left < box.left - 0.5;
              })
              .map((b) => b.getAttribute("aria-label") ?? b.textContent?.trim()),
          };
        },
        [SHEET, section] as const,
      );
    };
    const skills = await inside("pi-character", '[data-section$="skills"]');
    expect(skills.buttons).toBeGreaterThanOrEqual(7); // Add, and a roll and a remove per skill
    expect(skills.outside).toEqual([]);
    await page.locator(SHEET).screenshot({ path: await shootPath("layout-sheet-pi-560-zoom200") });
    const traits = await inside("pool-character", '[data-section$="tenPoint"]');
    expect(traits.buttons).toBeGreaterThanOrEqual(3);
    expect(traits.outside).toEqual([]);
    await page.locator(SHEET).screenshot({ path: await shootPath("layout-sheet-pool-560-zoom200") });
    await page.close();
  });

  it('shows "Sleight of hand" whole at 100%, in every sheet width from 560 to 740 px', async () => {
    const page = await labAt(1);
    const cast = await characters(page);
    await showSheet(page, cast.find((c) => c.type === "pi-character")?.id ?? "");
    const widths: Record<number, boolean | null> = {};
    for (const width of [560, 620, 660, 740]) {
      await setWidth(page, SHEET, width);
      widths[width] = await page.evaluate(() => {
        const input = [...document.querySelectorAll<HTMLInputElement>("#lab-sheets input[type=text]")].find(
          (i) => i.value === "Sleight of hand",
        );
        return input ? input.scrollWidth <= input.clientWidth : null;
      });
    }
    expect(widths).toEqual({ 560: true, 620: true, 660: true, 740: true });
    await page.close();
  });

  it("keeps the table editor's Export and every control inside from 480 px, at device scale 1 and 2", async () => {
    const found: string[] = [];
    for (const scale of [1, 2]) {
      const page = await labAt(scale);
      for (const width of [480, 560, 640, 740]) {
        await setWidth(page, ".lab-window--art", width);
        for (const p of await problemsIn(page, ".lab-window--art")) found.push(`${width} px, scale ${scale}: ${p}`);
        const exportInside = await page.evaluate(() => {
          const win = document.querySelector(".lab-window--art")?.getBoundingClientRect();
          const button = document.querySelector('[data-action="exportJson"]')?.getBoundingClientRect();
          return !!win && !!button && button.right <= win.right + 0.5 && button.width > 0;
        });
        if (!exportInside) found.push(`${width} px, scale ${scale}: Export is cut`);
        if (width === 480 && scale === 2) {
          await page.locator(".lab-window--art").screenshot({ path: await shootPath("layout-art-480-zoom200") });
        }
      }
      await page.close();
    }
    expect(found).toEqual([]);
  });

  it("keeps every roll dialog whole at its width, with long odds text, at device scale 1 and 2", async () => {
    const found: string[] = [];
    for (const scale of [1, 2]) {
      const page = await labAt(scale);
      // The Wild Die dialog without a target says so in words, its longest headline.
      const target = page.locator("#lab-engine-wild input[name=target]");
      await target.fill("");
      await target.press("Tab");
      await page.locator('#lab-engine-wild [data-odds="no-target"]').waitFor();
      for (const engine of LAB_ENGINES) {
        const selector = `#lab-engine-${engine} .lab-window--dialog`;
        for (const width of [400, 480]) {
          await setWidth(page, selector, width);
          for (const p of await problemsIn(page, selector))
            found.push(`${engine} at ${width} px, scale ${scale}: ${p}`);
        }
      }
      await page.close();
    }
    expect(found).toEqual([]);
  });
});
