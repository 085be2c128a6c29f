/**
 * The five roll dialogs in real Chromium: each engine's templates rendered with the real Handlebars
 * and the built CSS, from a context made by the dialogs' own pure functions (real engine odds).
 * Every control has a label and every button an accessible name; a keyboard-only walk reaches Roll.
 *
 * A small harness plays Foundry's part of the loop: on every `change` the page sends the form values
 * to node, which rebuilds the context exactly as `RollDialog#_prepareContext` does and re-renders the
 * parts (focus restored by control name, as Foundry's part sync does); a submit hands the values back
 * so the test can check the request Roll would post.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type Handlebars from "handlebars";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shoot } from "../support/browser.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { format, hasKey, localize } from "../support/i18n.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../support/i18n.ts";
import type { EngineError, EngineId } from "../../src/engines/index.ts";
import type { Visibility } from "../../src/helpers/compat.ts";
import { buildDialogContext, type DialogContext } from "../../src/applications/dialogs/context.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import type { FormValue } from "../../src/applications/dialogs/form-values.ts";
import { DEFAULT_DIALOG_SETTINGS, evaluateForm, type DialogSettings } from "../../src/applications/dialogs/types.ts";

const hb = createHandlebars();
const compiled = new Map<string, Handlebars.TemplateDelegate>();
function template(file: string): Handlebars.TemplateDelegate {
  let t = compiled.get(file);
  if (!t) {
    t = hb.compile(readFileSync(path.join(ROOT, file), "utf8"));
    compiled.set(file, t);
  }
  return t;
}

/** The three parts of an engine's dialog, in the order `RollDialog.PARTS` lists them. */
function renderParts(context: DialogContext): string {
  return [
    template(`templates/dialogs/${context.engine}/form.hbs`)(context),
    template(`templates/dialogs/${context.engine}/odds.hbs`)(context),
    template("templates/dialogs/footer.hbs")(context),
  ].join("\n");
}

/** What the harness keeps for one open dialog. */
interface DialogState {
  engine: EngineId;
  values: Record<string, FormValue>;
  visibility: Visibility;
  settings: DialogSettings;
  submitted: unknown;
}

function contextOf(state: DialogState): DialogContext {
  return buildDialogContext({
    engine: state.engine,
    values: state.values,
    settings: state.settings,
    lang: "en",
    idPrefix: `rb-${state.engine}`,
    visibility: state.visibility,
    localizeError: (e: EngineError) => errorMessage(e, { localize, format, has: hasKey }),
  });
}

/** The titles a sheet would give (the trait rolled). */
const TITLES: Record<EngineId, string> = {
  pool: "Dexterity + Brawl",
  percentile: "Climbing",
  wild: "Blaster",
  pi: "Power + Quickness",
  action: "Longsword attack",
};

/** A Foundry-like window around the parts (Foundry's own CSS is not loaded here; the padding stands in for it). */
function shell(state: DialogState, parts: string): string {
  const title = TITLES[state.engine];
  return `<div class="rb-test-window" style="padding: 12px; font-family: sans-serif; font-size: 14px;">
    <form class="application rolling-bones rb-roll-dialog" data-engine="${state.engine}" aria-label="${title}">
      <header class="window-header"><h1 style="margin:0 0 8px;font-size:16px">${title}</h1></header>
      <section class="window-content standard-form">${parts}</section>
    </form></div>`;
}

/** Reads the form in the page as `readFormValues` does (checkboxes as booleans, disabled controls included). */
const READ_FORM = `(form) => {
  const values = {};
  for (const c of form.elements) {
    if (!c.name || !("value" in c)) continue;
    if (c.type === "checkbox") values[c.name] = c.checked;
    else if (c.type === "radio") { if (c.checked) values[c.name] = c.value; }
    else values[c.name] = c.value;
  }
  return values;
}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** Opens a dialog page whose form re-renders through node on every change. */
async function mount(engine: EngineId, values: Record<string, FormValue>, settings = DEFAULT_DIALOG_SETTINGS) {
  const state: DialogState = { engine, values, visibility: "public", settings, submitted: undefined };
  const page = await openPage(browser, shell(state, renderParts(contextOf(state))), 540);
  const split = (raw: Record<string, FormValue>) => {
    const { visibility, ...rest } = raw;
    state.visibility = (typeof visibility === "string" ? visibility : "public") as Visibility;
    state.values = rest;
  };
  await page.exposeFunction("rbChange", (raw: Record<string, FormValue>) => {
    split(raw);
    return renderParts(contextOf(state));
  });
  await page.exposeFunction("rbSubmit", (raw: Record<string, FormValue>) => {
    split(raw);
    const evaluation = evaluateForm(DIALOG_ENGINES[engine], state.values, state.settings, "en");
    state.submitted = evaluation.ok ? evaluation.request : null;
  });
  await page.evaluate(`(() => {
    const read = ${READ_FORM};
    const form = document.querySelector("form.rb-roll-dialog");
    const content = form.querySelector(".window-content");
    form.addEventListener("change", async () => {
      const html = await window.rbChange(read(form));
      const focused = document.activeElement && document.activeElement.getAttribute("name");
      content.innerHTML = html;
      if (focused) form.querySelector('[name="' + focused + '"]')?.focus();
      document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await window.rbSubmit(read(form));
      document.body.dataset.submitted = "yes";
    });
  })()`);
  await page.setViewportSize({ width: 540, height: 300 });
  return { page, state };
}

/** Every control without a label, and every button without an accessible name. */
async function unlabelled(page: Page): Promise<{ controls: string[]; buttons: string[] }> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select, textarea")]
      .filter((c) => c.type !== "hidden")
      .filter((c) => (c.labels?.length ?? 0) === 0 && !c.getAttribute("aria-label"))
      .map((c) => c.name || c.outerHTML);
    const buttons = [...document.querySelectorAll("button")]
      .filter((b) => (b.getAttribute("aria-label") ?? b.textContent ?? "").trim() === "")
      .map((b) => b.outerHTML);
    return { controls, buttons };
  });
}

/** Presses Tab from the top of the page until Roll has focus; returns the names of the controls passed. */
async function tabToRoll(page: Page, limit = 40): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return "";
      if (el.classList.contains("rb-dialog__roll")) return "ROLL";
      return el.getAttribute("name") ?? el.getAttribute("data-action") ?? el.tagName.toLowerCase();
    });
    if (focused === "ROLL") return seen;
    seen.push(focused);
  }
  throw new Error(`Roll not reached after ${limit} Tab presses; focus went through ${seen.join(", ")}`);
}

/** Moves focus to a control by Tab alone, from the top of the page. */
async function tabTo(page: Page, name: string): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((n) => document.activeElement?.getAttribute("name") === n, name)) return;
  }
  throw new Error(`${name} not reached by Tab`);
}

/** Replaces the focused field's text by typing, then leaves it with Tab (which fires `change`). */
async function typeAndLeave(page: Page, text: string): Promise<void> {
  const renders = await page.evaluate(() => Number(document.body.dataset.renders || 0));
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
  await page.waitForFunction((n) => Number(document.body.dataset.renders || 0) > n, renders);
}

const engines = DIALOG_ENGINES;
const SAMPLES: Record<EngineId, Record<string, FormValue>> = {
  pool: engines.pool.requestToForm({ pool: 5, difficulty: 6 }, DEFAULT_DIALOG_SETTINGS),
  percentile: engines.percentile.requestToForm(
    { bonus: 1, penalty: 0, karmaDice: 1, column: 8 },
    DEFAULT_DIALOG_SETTINGS,
  ),
  wild: { ...engines.wild.requestToForm({ dice: 4, pips: 1, outsideDice: 1 }, DEFAULT_DIALOG_SETTINGS), target: "15" },
  pi: engines.pi.requestToForm(
    { pool: [8, 4, 4], precisionMod: 1, precisionGoal: 8, impactGoal: 2 },
    DEFAULT_DIALOG_SETTINGS,
  ),
  action: engines.action.requestToForm(
    { kind: "attack", modifier: 4, dc: 15, botchRange: 2, augments: [6] },
    DEFAULT_DIALOG_SETTINGS,
  ),
};

describe("roll dialogs in Chromium", () => {
  it.each(Object.keys(SAMPLES) as EngineId[])(
    "%s: labelled controls, named buttons, live odds, and Tab reaches Roll",
    async (engine) => {
      const { page } = await mount(engine, SAMPLES[engine]);
      expect(await unlabelled(page)).toEqual({ controls: [], buttons: [] });
      await expect(page.getByRole("button", { name: "Roll" }).isEnabled()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: "Cancel" }).count()).resolves.toBe(1);
      expect(await page.getByLabel("Who sees the roll").inputValue()).toBe("public");
      // The odds panel shows percentages and no raw localization key anywhere.
      const text = await page.locator("body").innerText();
      expect(text).toMatch(/\d%/);
      expect(text).not.toContain("ROLLING_BONES.");
      const passed = await tabToRoll(page);
      const enabled = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>("form input, form select")]
          .filter((c) => !c.disabled && c.type !== "hidden")
          .map((c) => c.name),
      );
      for (const name of enabled) expect(passed).toContain(name);
      await shoot(page, `dialog-${engine}`);
      expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
      await page.close();
    },
  );

  it("pool: a keyboard-only roll — difficulty 10 brings the warning, Enter on Roll posts the request", async () => {
    const { page, state } = await mount("pool", SAMPLES.pool);
    await expect(page.locator("[data-warning=difficulty]").count()).resolves.toBe(0);
    await tabTo(page, "difficulty");
    await typeAndLeave(page, "10");
    await expect(page.locator("[data-warning=difficulty]").innerText()).resolves.toContain("Chance of a botch");
    // Focus survived the re-render (it moved on to the next control).
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("cancellation");
    const botch = await page.locator('[data-odds="botch"] strong').innerText();
    expect(await page.locator("[data-warning=difficulty]").innerText()).toContain(botch);
    await shoot(page, "dialog-pool-difficulty-10");
    await tabToRoll(page);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.body.dataset.submitted === "yes");
    expect(state.submitted).toEqual({ pool: 5, difficulty: 10, cancellation: 0, willpower: false, automatic: false });
    await page.close();
  });

  it("pool: every invalid input shows its error under its own field at once, and Roll is disabled", async () => {
    const { page } = await mount("pool", SAMPLES.pool);
    await tabTo(page, "pool");
    await typeAndLeave(page, "0");
    await tabTo(page, "difficulty");
    await typeAndLeave(page, "11");
    await expect(page.getByRole("alert").innerText()).resolves.toContain(
      "Correct the 2 fields marked above to see the odds.",
    );
    await expect(page.getByRole("button", { name: "Roll" }).isDisabled()).resolves.toBe(true);
    // Each control is invalid and described by its own error, which sits under it, inside its field.
    const placed = await page.evaluate(() =>
      ["pool", "difficulty"].map((name) => {
        const control = document.querySelector(`[name="${name}"]`) as HTMLElement;
        const id = control.getAttribute("aria-errormessage") ?? "";
        const error = document.getElementById(id) as HTMLElement;
        const field = control.closest(".rb-field") as HTMLElement;
        const c = control.getBoundingClientRect();
        const e = error.getBoundingClientRect();
        const f = field.getBoundingClientRect();
        return {
          invalid: control.getAttribute("aria-invalid"),
          describedBy: (control.getAttribute("aria-describedby") ?? "").split(" ").includes(id),
          text: error.innerText,
          below: e.top >= c.bottom,
          inside: e.left >= f.left - 0.5 && e.right <= f.right + 0.5,
        };
      }),
    );
    expect(placed).toEqual([
      {
        invalid: "true",
        describedBy: true,
        text: "⚠ A pool needs at least one die (got 0).",
        below: true,
        inside: true,
      },
      {
        invalid: "true",
        describedBy: true,
        text: "⚠ The difficulty must be between 2 and 10 (got 11).",
        below: true,
        inside: true,
      },
    ]);
    await shoot(page, "dialog-pool-invalid");
    await page.close();
  });

  it("pool: the automatic success is offered once the pool reaches the difficulty", async () => {
    const { page } = await mount("pool", SAMPLES.pool);
    await expect(page.locator('[name="automatic"]').isDisabled()).resolves.toBe(true);
    await tabTo(page, "pool");
    await typeAndLeave(page, "6");
    await expect(page.locator('[name="automatic"]').isDisabled()).resolves.toBe(false);
    await expect(page.locator("[data-note=automatic-offer]").count()).resolves.toBe(1);
    await page.keyboard.press("Tab"); // cancellation → willpower
    await tabTo(page, "automatic");
    await page.keyboard.press("Space");
    await page.waitForFunction(() => document.querySelector("[data-note=automatic]") !== null);
    await expect(page.locator('[data-odds="success"] strong').innerText()).resolves.toBe("100%");
    await page.close();
  });

  it("wild: a Fate Point disables Character Points (and the other way round)", async () => {
    const { page, state } = await mount("wild", SAMPLES.wild);
    await tabTo(page, "fatePoint");
    await page.keyboard.press("Space");
    await page.waitForFunction(() => (document.querySelector('[name="characterPoints"]') as HTMLInputElement).disabled);
    await shoot(page, "dialog-wild-fate-point");
    await tabToRoll(page);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.body.dataset.submitted === "yes");
    expect(state.submitted).toMatchObject({ dice: 4, pips: 1, outsideDice: 1, fatePoint: true, characterPoints: 0 });
    await page.close();
  });

  it("percentile: the column-shift mode asks for one signed shift", async () => {
    const settings = { ...DEFAULT_DIALOG_SETTINGS, percentileMode: "shift" as const };
    const { page, state } = await mount(
      "percentile",
      engines.percentile.requestToForm({ bonus: 0, penalty: 2, column: 12 }, settings),
      settings,
    );
    await expect(page.getByLabel("Column shift", { exact: true }).inputValue()).resolves.toBe("-2");
    await expect(page.locator('[name="bonus"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-odds="dice"]').innerText()).resolves.toBe("Penalty dice thrown: 2");
    expect(await unlabelled(page)).toEqual({ controls: [], buttons: [] });
    await shoot(page, "dialog-percentile-shift");
    await tabToRoll(page);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.body.dataset.submitted === "yes");
    expect(state.submitted).toMatchObject({ bonus: 0, penalty: 2, column: 12 });
    await page.close();
  });

  it("percentile: without a rating the panel shows the value odds in ten bands", async () => {
    const { page } = await mount(
      "percentile",
      engines.percentile.requestToForm({ bonus: 0, penalty: 1 }, DEFAULT_DIALOG_SETTINGS),
    );
    await expect(page.locator("[data-note=no-column]").count()).resolves.toBe(1);
    await expect(page.locator('[data-bar^="band-"]').count()).resolves.toBe(10);
    await expect(page.locator('[data-odds="success"]').count()).resolves.toBe(0);
    await shoot(page, "dialog-percentile-values");
    await page.close();
  });

  it("action: switching to an insight roll shows the level and drops the critical threat", async () => {
    const { page } = await mount("action", SAMPLES.action);
    // The level applies to insight rolls only, so only they show it (issue 19 item 7).
    const level = page.locator('input[name="level"]:not([type="hidden"])');
    await expect(level.count()).resolves.toBe(0);
    await expect(page.locator('[data-odds="criticalThreat"]').count()).resolves.toBe(1);
    await tabTo(page, "kind");
    const renders = await page.evaluate(() => Number(document.body.dataset.renders || 0));
    await page.keyboard.press("End"); // last option: insight
    await page.waitForFunction((n) => Number(document.body.dataset.renders || 0) > n, renders);
    await expect(level.count()).resolves.toBe(1);
    await expect(level.isDisabled()).resolves.toBe(false);
    await expect(page.locator('[data-odds="criticalThreat"]').count()).resolves.toBe(0);
    await page.close();
  });
});

describe("a roll dialog with every section filled and open fits a 900 px-high window (issue 35 point 10)", () => {
  const conditions = [
    { name: "Stunned", adjustments: [] },
    { name: "Wounded", adjustments: [] },
    { name: "Prone", adjustments: [] },
    { name: "Blinded", adjustments: [] },
    { name: "Frightened", adjustments: [] },
  ];
  const targets = ["Ogre", "Goblin archer", "Goblin chief", "Wolf"].map((name) => ({
    name,
    engine: null,
    defence: null,
    stored: { name, token: null, actor: null, engine: null, verdict: "pending" as const },
  }));
  const settings: DialogSettings = { ...DEFAULT_DIALOG_SETTINGS, conditions, targets, gmDial: true };

  it.each(Object.keys(SAMPLES) as EngineId[])(
    "%s: the window stays within the screen, its content scrolls, and Roll is always in view",
    async (engine) => {
      const { page } = await mount(engine, SAMPLES[engine], settings);
      await page.setViewportSize({ width: 540, height: 900 });
      await page.evaluate(() => {
        for (const d of document.querySelectorAll("details")) d.open = true;
      });
      const measure = () =>
        page.evaluate(() => {
          const form = document.querySelector<HTMLElement>("form.rb-roll-dialog")!;
          const content = form.querySelector<HTMLElement>(".window-content")!;
          const roll = form.querySelector<HTMLElement>(".rb-dialog__roll")!.getBoundingClientRect();
          const atRoll = document.elementFromPoint(roll.left + roll.width / 2, roll.top + roll.height / 2);
          return {
            windowBottom: form.getBoundingClientRect().bottom,
            scrolls: content.scrollHeight > content.clientHeight,
            rollInView: roll.top >= 0 && roll.bottom <= window.innerHeight,
            rollOnTop: atRoll?.closest(".rb-dialog__roll") !== null,
          };
        });
      const top = await measure();
      expect(top.windowBottom).toBeLessThanOrEqual(900);
      // The content is taller than the window, so this checks the scrolling, not a short form.
      expect(top.scrolls).toBe(true);
      expect(top.rollInView).toBe(true);
      expect(top.rollOnTop).toBe(true);
      await page.evaluate(() => document.querySelector(".window-content")!.scrollTo(0, 400));
      const scrolled = await measure();
      expect(scrolled.rollInView && scrolled.rollOnTop).toBe(true);
      await shoot(page, `dialog-tall-${engine}`);
      await page.close();
    },
  );
});
