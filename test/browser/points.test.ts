// @vitest-environment happy-dom
/**
 * Points and choices as users see them, in real Chromium with the built CSS: cards in each state
 * (karma and an assist received, the assistant's card offering "Assist…", waiting, used and
 * cancelled, Character and Fate Points with the GM's Undo, Willpower and botch cancellation, a pi card
 * with its pick controls and after a pick), each rendered by the Foundry double as the viewer's client
 * renders it (the renderChatMessageHTML controls included); the roll dialogs with a character's points;
 * a percentile sheet with waiting assists.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { launch, openPage, shoot } from "../support/browser.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { format, ROOT } from "../support/i18n.ts";
import {
  ALICE,
  as,
  AYLA,
  BOB,
  bootWorld,
  BRANN,
  cardOf,
  d10s,
  d6s,
  dice,
  GM,
  messageAs,
  PIA,
  rollFor,
  VEX,
  WIL,
  type World,
} from "../services/points-world.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { DEFAULT_DIALOG_SETTINGS, type DialogPoints } from "../../src/applications/dialogs/types.ts";
import type { EngineError } from "../../src/engines/index.ts";
import { renderSheet } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

let w: World | null = null;
afterEach(() => {
  w?.double.uninstall();
  w = null;
});

/** The message as `userId`'s client renders it, with the points controls in place. */
async function rendered(world: World, messageId: string, userId: string): Promise<string> {
  const html = await as(world, userId, () => messageAs(world, messageId, userId).renderHTML());
  await world.listeners.pointsDecorated(html);
  return html.querySelector(".rb-card")!.outerHTML;
}

/** Opens a card at chat width and checks it reads well: no overflow, no raw keys, no page errors. */
async function showCard(html: string, name: string): Promise<Page> {
  const page = await openPage(browser, `<div style="width:290px;padding:6px">${html}</div>`, 310);
  await shoot(page, `points-${name}`);
  const overflow = await page.evaluate(() => {
    const card = document.querySelector(".rb-card") as HTMLElement;
    return card.scrollWidth - card.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.locator(".rb-card").textContent()).not.toMatch(/ROLLING_BONES\./);
  // every control has an accessible name
  for (const button of await page.locator("button").all()) {
    const name = (await button.getAttribute("aria-label")) ?? (await button.textContent());
    expect(name?.trim()).not.toBe("");
  }
  expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  return page;
}

describe("points on chat cards in Chromium", () => {
  it("percentile: karma and an assist received, as the GM sees it (Undo on each line)", async () => {
    w = await bootWorld();
    d10s(w, 7, 10);
    const assistant = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    await as(w, BOB, () => w!.points.assistLeader(messageAs(w!, assistant, BOB), AYLA));
    const assists = as(w, ALICE, () => w!.points.actorPoints(w!.double.game.actors.get(AYLA) as never).assists);
    d10s(w, 2, 5, 8, 4);
    const id = (await rollFor(
      w,
      ALICE,
      "percentile",
      AYLA,
      { bonus: 1, penalty: 0, column: 10, karmaDice: 1 },
      assists,
    ))!;
    const page = await showCard(await rendered(w, id, GM), "percentile-karma-assist");
    expect(await page.locator(".rb-points__entry").count()).toBe(2);
    expect(await page.locator('[data-rb-action="pointsUndo"]').count()).toBe(2);
  });

  it("percentile: the assistant's Good card offers Assist… to its author", async () => {
    w = await bootWorld();
    d10s(w, 7, 10);
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    const page = await showCard(await rendered(w, id, BOB), "percentile-assist-offer");
    expect(await page.locator("[data-leader-select] option").allTextContents()).toEqual(["Ayla"]);
    expect(await page.getByText("The leader's next roll gets a bonus die").count()).toBe(1);
  });

  it("percentile: an assist waiting (Cancel offered), then used, then one cancelled", async () => {
    w = await bootWorld();
    d10s(w, 1, 2);
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    await as(w, BOB, () => w!.points.assistLeader(messageAs(w!, id, BOB), AYLA));
    let page = await showCard(await rendered(w, id, BOB), "percentile-assist-pending");
    expect(await page.locator('[data-mark="pending"]').count()).toBe(1);
    expect(await page.locator('[data-rb-action="pointsCancelAssist"]').count()).toBe(1);
    const assists = as(w, ALICE, () => w!.points.actorPoints(w!.double.game.actors.get(AYLA) as never).assists);
    d10s(w, 5, 5, 9);
    await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 1, column: 10 }, assists);
    page = await showCard(await rendered(w, id, BOB), "percentile-assist-used");
    expect(await page.locator('[data-mark="used"]').count()).toBe(1);
    d10s(w, 7, 10);
    const second = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    await as(w, BOB, () => w!.points.assistLeader(messageAs(w!, second, BOB), AYLA));
    const assist = as(w, BOB, () => w!.points.actorPoints(w!.double.game.actors.get(AYLA) as never).assists[0]!);
    await as(w, BOB, () => w!.points.cancelAssist(AYLA, assist.id));
    page = await showCard(await rendered(w, second, BOB), "percentile-assist-cancelled");
    expect(await page.locator('[data-mark="undone"]').textContent()).toBe("cancelled by Bob");
  });

  it("wild: Character Points and a Fate Point, one undone, as the GM sees it", async () => {
    w = await bootWorld();
    d6s(w, 3, 6, 2, 5, 1);
    const cp = (await rollFor(w, BOB, "wild", WIL, { dice: 2, pips: 1, characterPoints: 2 }))!;
    await showCard(await rendered(w, cp, GM), "wild-cp");
    d6s(w, 2, 3, 4, 5);
    const fp = (await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true }))!;
    await as(w, GM, () => w!.points.undoPoints(messageAs(w!, fp), cardOf(w!, fp).points.ledger[0]!.id));
    const page = await showCard(await rendered(w, fp, GM), "wild-fp-undone");
    expect(await page.locator(".rb-points__entry.is-undone").count()).toBe(1);
  });

  it("pool: Willpower and the Ability's botch cancellation", async () => {
    w = await bootWorld();
    d10s(w, 1, 1, 3, 8, 5, 2);
    const id = (await rollFor(w, ALICE, "pool", VEX, { pool: 6, difficulty: 6, cancellation: 1, willpower: true }))!;
    const page = await showCard(await rendered(w, id, ALICE), "pool-willpower");
    expect(await page.locator('[data-note="cancellation"]').count()).toBe(1);
  });

  it("pi: the owner's pick controls with the best picks, and the card after a pick", async () => {
    w = await bootWorld();
    dice(w, [
      [5, 8],
      [3, 6],
      [2, 4],
      [6, 6],
    ]);
    const id = (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 4, 6], impactMod: 1 }))!;
    let page = await showCard(await rendered(w, id, ALICE), "pi-pick-controls");
    expect(await page.locator("[data-pick-slot]").count()).toBe(4);
    await as(w, ALICE, () => w!.points.pickDice(messageAs(w!, id, ALICE), [0, 2]));
    page = await showCard(await rendered(w, id, GM), "pi-picked");
    expect(await page.locator("[data-precision]").textContent()).toBe("7");
    // another player sees the card without controls
    page = await showCard(await rendered(w, id, BOB), "pi-other-player");
    expect(await page.locator("[data-points-controls]").count()).toBe(0);
  });
});

describe("points in roll dialogs and on sheets, in Chromium", () => {
  const hb = createHandlebars();
  const part = (file: string, context: object) => hb.compile(readFileSync(path.join(ROOT, file), "utf8"))(context);

  async function showDialog(
    engine: "percentile" | "wild" | "pool" | "pi",
    values: object,
    points: DialogPoints | null,
    name: string,
  ) {
    const settings = { ...DEFAULT_DIALOG_SETTINGS, points };
    const dialog = DIALOG_ENGINES[engine];
    const context = buildDialogContext({
      engine,
      values: { ...dialog.requestToForm({}, settings), ...values },
      settings,
      lang: "en",
      idPrefix: `rb-${engine}`,
      visibility: "public",
      localizeError: (e: EngineError) => format(e.key, e.data),
    });
    const body = [
      part(`templates/dialogs/${engine}/form.hbs`, context),
      part(`templates/dialogs/${engine}/odds.hbs`, context),
      part("templates/dialogs/footer.hbs", context),
    ].join("\n");
    const page = await openPage(
      browser,
      `<div style="padding:12px;font-family:sans-serif;font-size:14px"><form class="application rolling-bones rb-roll-dialog"><section class="window-content standard-form">${body}</section></form></div>`,
      540,
    );
    expect(await page.locator("form").textContent()).not.toMatch(/ROLLING_BONES\./);
    await shoot(page, `points-dialog-${name}`);
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
    return { page, context };
  }

  const none: DialogPoints = { actor: "Hero", karma: null, assists: [], wild: null, willpower: null };

  it("percentile: karma held and the assists added to the roll; too much karma disables Roll", async () => {
    const assists = [
      { id: "a", effect: "bonus" as const, level: "good", from: "m", by: "u", assistant: "Brann" },
      { id: "b", effect: "penalty" as const, level: "inferior", from: "m", by: "u", assistant: "Cora" },
    ];
    const ok = await showDialog(
      "percentile",
      { column: "10", karmaDice: "1" },
      { ...none, karma: 3, assists },
      "percentile-assists",
    );
    expect(await ok.page.locator('[data-points="assists"] li').count()).toBe(2);
    const refused = await showDialog(
      "percentile",
      { column: "10", karmaDice: "2" },
      { ...none, karma: 3 },
      "percentile-no-karma",
    );
    expect(refused.context.canRoll).toBe(false);
    expect(await refused.page.locator('select[name="karmaDice"]').getAttribute("aria-invalid")).toBe("true");
  });

  it("wild: what is left this session; a second Fate Point refused", async () => {
    const wild = { characterPoints: 7, fatePoints: 2, cpUsed: 3, fpUsed: 1, cpLimit: 5 };
    await showDialog("wild", { code: "3D+1", characterPoints: "2" }, { ...none, wild }, "wild-left");
    const refused = await showDialog("wild", { code: "3D+1", fatePoint: true }, { ...none, wild }, "wild-second-fate");
    expect(refused.context.canRoll).toBe(false);
  });

  it("pool: Willpower already spent this combat round", async () => {
    const willpower = { current: 3, permanent: 5, spentInTurn: "c:1", turn: "c:1" };
    const { context } = await showDialog(
      "pool",
      { pool: "5", willpower: true },
      { ...none, willpower },
      "pool-willpower-spent",
    );
    expect(context.canRoll).toBe(false);
  });

  it("pi: two hindrances make the roll majorly hindered, and the removed die is named", async () => {
    const { page } = await showDialog(
      "pi",
      { d8: "1", d6: "1", d4: "2", hindrance: "minor", extraHindrance: "minor" },
      null,
      "pi-two-hindrances",
    );
    expect(await page.locator("[data-applies]").textContent()).toContain("Majorly hindered");
    expect(await page.locator('[data-note="dice"]').textContent()).toContain("d8");
  });

  it("a Wild Die sheet as the GM sees it: Take a Fate Point… stays inside its box (issue 35 point 10)", async () => {
    const html = renderSheet("wild-character", { ...SAMPLES["wild-character"], fatePoints: 2 }, { gm: true });
    for (const width of [360, 520, 660]) {
      // Core's stylesheet may give buttons the full width on one fixed-height line (v12's did), and a
      // stat box may be narrower than the words (a narrow window, a longer translation, 200 % zoom):
      // the button wraps its words inside the box rather than spill past its border.
      const core = "button { width: 100%; height: 28px; white-space: nowrap; }";
      const narrow = width < 500 ? ".rb-sheet .rb-stat { min-width: 0; max-width: 7.5rem; }" : "";
      const page = await openPage(
        browser,
        `<style>${core}${narrow}</style><div style="width:${width}px">${html}</div>`,
        width + 20,
      );
      const button = page.locator('button[data-action="loseFate"]');
      expect(await button.count()).toBe(1);
      const fits = await button.evaluate((el) => {
        const box = el.closest(".rb-stat")!.getBoundingClientRect();
        const own = el.getBoundingClientRect();
        return {
          inside: own.left >= box.left - 0.5 && own.right <= box.right + 0.5,
          clipped: Math.max(el.scrollWidth - el.clientWidth, el.scrollHeight - el.clientHeight),
        };
      });
      expect(fits).toEqual({ inside: true, clipped: 0 });
      await shoot(page, `points-sheet-wild-take-fate-${width}`);
      expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
    }
  });

  it("a percentile sheet lists the waiting assists with Cancel", async () => {
    const html = renderSheet("percentile-character", SAMPLES["percentile-character"], {
      points: {
        assists: [{ id: "assist0000000001", effect: "bonus", level: "great", from: "m", by: "u", assistant: "Brann" }],
        canCancelAssists: true,
        cpSessionLimit: 5,
        willpowerTurn: "perRoll",
      },
    });
    const page = await openPage(browser, `<div style="width:660px">${html}</div>`, 680);
    expect(await page.locator('button[data-action="cancelAssist"]').count()).toBe(1);
    await shoot(page, "points-sheet-percentile-assists");
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  });
});

describe("the token HUD's duration picker in Chromium (issue 35 point 6)", () => {
  it("sits above the status icons, labelled, and its icon for a timed condition has a visible mark", async () => {
    const hb = createHandlebars();
    const template = hb.compile(readFileSync(path.join(ROOT, "templates/hud/duration-picker.hbs"), "utf8"));
    const picker = template({
      id: "rb-hud-test",
      label: "Apply for",
      unitsLabel: "Lasts",
      units: [
        { value: "", label: "Until removed", selected: false },
        { value: "rounds", label: "Rounds (the bearer's turns)", selected: true },
        { value: "turns", label: "Turns (anyone's)", selected: false },
      ],
      valueLabel: "How many",
      value: 2,
      max: 99,
    });
    // The HUD's palette as core draws it (a grid of icons, dark), a stand-in for core's own CSS.
    const icon = (id: string, left?: string) =>
      `<img class="effect-control" data-status-id="${id}" alt="${id}"${left ? ` data-rb-time-left="${left}"` : ""} style="width:36px;height:36px;background:#777">`;
    const page = await openPage(
      browser,
      `<div id="token-hud" style="color:#eee;background:#222;padding:8px;width:260px"><div class="status-effects" data-palette="effects" style="display:grid;grid-template-columns:repeat(4,40px);gap:4px">${picker}${icon("rb-impaired", "2")}${icon("rb-exhausted")}${icon("dead")}</div></div>`,
      300,
    );
    expect(await page.getByLabel("Lasts").inputValue()).toBe("rounds");
    expect(await page.getByLabel("How many").inputValue()).toBe("2");
    const box = await page.locator(".rb-hud-duration").boundingBox();
    const first = await page.locator('[data-status-id="rb-impaired"]').boundingBox();
    // The picker spans the palette above the icons.
    expect(box && first && box.y + box.height <= first.y + 0.5).toBe(true);
    expect(await page.locator('[data-status-id="rb-impaired"]').evaluate((e) => getComputedStyle(e).outlineStyle)).toBe(
      "dotted",
    );
    await shoot(page, "hud-duration-picker");
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  });
});
