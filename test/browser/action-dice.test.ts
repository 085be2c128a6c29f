// @vitest-environment happy-dom
/**
 * The action-dice cards in each state and the two panels, in real Chromium with the built CSS. The
 * cards come from real flows on the Foundry double (GM + three players), rendered for one viewer
 * with that viewer's controls; the panels from their real view builders and templates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launch, openPage, shoot } from "../support/browser.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { renderSheet } from "../data/render-sheet.ts";
import { SAMPLES } from "../data/samples.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  CHARACTERS,
  cardRoll,
  control,
  GM,
  nextFaces,
  rollAs,
  type World,
} from "../services/action-dice-world.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A world after a session start, with the chat hook that adds the controls. */
async function world(options: Parameters<typeof bootWorld>[0] = {}): Promise<World> {
  const w = await bootWorld(options);
  const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
  w.double.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  await w.double.actAs(GM, () => w.service.startSession());
  return w;
}

/** The message as `userId` sees it in the chat log (the card plus that viewer's controls). */
async function rendered(w: World, messageId: string, userId: string): Promise<string> {
  const { decorated } = await import("../../src/applications/chat/action-card-listeners.ts");
  const html = await w.double.actAs(userId, () => w.double.game.messages.get(messageId)!.renderHTML());
  await decorated(html);
  return html.querySelector(".message-content")!.innerHTML;
}

/** Opens a page at chat-sidebar width holding the given card HTML. */
async function chatPage(html: string): Promise<Page> {
  return openPage(browser, `<div style="width:290px;padding:6px;font-family:sans-serif">${html}</div>`, 310);
}

/** Checks what every screenshot must satisfy: no raw keys, no overflow, labelled controls, no page errors. */
async function checkPage(page: Page, selector: string): Promise<void> {
  expect(await page.locator(selector).first().textContent()).not.toMatch(/ROLLING_BONES\./);
  const overflow = await page.evaluate((sel) => {
    const el = document.querySelector(sel) as HTMLElement;
    return el.scrollWidth - el.clientWidth;
  }, selector);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const b of await page.locator("button").all()) {
    const name = ((await b.getAttribute("aria-label")) ?? (await b.textContent()) ?? "").trim();
    expect(name.length).toBeGreaterThan(0);
  }
  for (const input of await page.locator("input:not([type=hidden]), select").all()) {
    const id = await input.getAttribute("id");
    expect(id).toBeTruthy();
    expect(await page.locator(`label[for="${id}"]`).count()).toBe(1);
  }
  expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
}

describe("action dice in Chromium", () => {
  it("class dice: Alice's card for Ayla offers Ayla's class die and a pay-with choice; the action sheet shows the pools", async () => {
    const ayla = "actorAyla0000001";
    const w = await world({
      actors: CHARACTERS.map((c) =>
        c.id === ayla ? { ...c, system: { ...c.system, classDice: { faces: 8, count: 2 } } } : c,
      ),
    });
    try {
      const speaker = { speaker: { actor: ayla, alias: "Ayla" } as never, flavor: "Ayla strikes" };
      const id = await rollAs(w, ALICE, { kind: "attack", modifier: 3 }, [[20, 20]], speaker);
      nextFaces(w, [[5, 8]]);
      await control(w, ALICE, id, { type: "augment", faces: 8, source: "class" });
      const page = await chatPage(await rendered(w, id, ALICE));
      await checkPage(page, ".rb-card");
      expect(await page.locator('[data-rb-action=augment][data-source="class"]').count()).toBe(1);
      expect(await page.locator("select[data-source-for=critical] option").allTextContents()).toEqual([
        "my action dice",
        "Ayla's class dice",
      ]);
      // the class die is told apart by its label and a dashed border, not by colour alone
      expect(
        await page
          .locator(".rb-controls__button--class")
          .first()
          .evaluate((el) => getComputedStyle(el).borderTopStyle),
      ).toBe("dashed");
      expect(await page.locator(".rb-ledger__entry [data-class-die]").textContent()).toContain("Ayla");
      await shoot(page, "action-card-class-dice");

      const sheet = await openPage(
        browser,
        renderSheet("action-character", SAMPLES["action-character"], {
          actionDice: {
            session: 3,
            owners: [
              { name: "Alice", dice: "2d4", spent: 1, hasPool: true },
              { name: "Bob", dice: "", spent: 4, hasPool: true },
            ],
            classDice: { faces: 8, left: 1, perSession: 2 },
          },
        }),
        660,
      );
      expect(await sheet.getByRole("button", { name: "Open the action-dice panel" }).count()).toBe(1);
      expect(
        (await sheet.locator('[data-stat$="-actionPools"] .rb-stat__item').allTextContents()).map((t) => t.trim()),
      ).toEqual(["Alice: 2d4 left, 1 spent", "Bob: none left, 4 spent"]);
      expect(await sheet.locator('[data-stat$="-classDiceLeft"] output').textContent()).toBe("1d8 (of 2 per session)");
      expect(
        await sheet.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      expect((sheet as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
      await shoot(sheet, "sheet-action-character-pools");
    } finally {
      w.double.uninstall();
    }
  });

  it("cards in each state: open, augmented with a cascade, botch by two contributors, critical, closed, undone", async () => {
    const w = await world();
    try {
      const states: [string, string, string][] = [];
      // open: Alice's check against DC 18, seen by Alice (use and re-roll)
      const open = await rollAs(w, ALICE, { modifier: 2, dc: 18 }, [[12, 20]], { flavor: "Climb the cliff" });
      states.push(["open", open, ALICE]);
      // augmented: Bob's d6 cascades 6 → 6 → 3
      const augmented = await rollAs(w, BOB, { modifier: 2, dc: 15 }, [[7, 20]], { flavor: "Force the gate" });
      nextFaces(w, [
        [6, 6],
        [6, 6],
        [3, 6],
      ]);
      await control(w, BOB, augmented, { type: "augment", faces: 6 });
      states.push(["augmented", augmented, BOB]);
      // botch: Alice's natural 1 (weapon range 1–2); Bob adds 2 dice, Cara 1; seen by the GM
      const botch = await rollAs(w, ALICE, { kind: "attack", modifier: 3, botchRange: 2 }, [[1, 20]], {
        flavor: "Longsword attack",
      });
      await control(w, BOB, botch, { type: "botch", dice: 2 });
      await control(w, CARA, botch, { type: "botch", dice: 1 });
      states.push(["botch", botch, GM]);
      // critical: Cara's natural 20, 2 dice; seen by the GM (refund)
      const critical = await rollAs(w, CARA, { kind: "attack", modifier: 5 }, [[20, 20]], { flavor: "Spear thrust" });
      await control(w, CARA, critical, { type: "critical", dice: 2 });
      states.push(["critical", critical, GM]);
      // closed: the GM declared the result
      const closed = await rollAs(w, BOB, { kind: "save", modifier: 1, dc: 12 }, [[14, 20]], { flavor: "Will save" });
      nextFaces(w, [[2, 6]]);
      await control(w, BOB, closed, { type: "augment", faces: 6 });
      await control(w, GM, closed, { type: "close" });
      states.push(["closed", closed, BOB]);
      // undone: Alice's augment undone by the GM
      const undone = await rollAs(w, ALICE, { modifier: 1 }, [[9, 20]], { flavor: "Sneak past" });
      nextFaces(w, [[3, 4]]);
      await control(w, ALICE, undone, { type: "augment", faces: 4 });
      await control(w, GM, undone, { type: "undo", entry: cardRoll(w, undone).card.ledger[0]!.id });
      states.push(["undone", undone, CARA]);

      for (const [name, id, viewer] of states) {
        const page = await chatPage(await rendered(w, id, viewer));
        await checkPage(page, ".rb-card");
        await shoot(page, `action-dice-card-${name}`);
        await page.close();
      }
      // what each state shows
      const text = async (id: string, viewer: string) => {
        const el = document.createElement("div");
        el.innerHTML = await rendered(w, id, viewer);
        return el;
      };
      expect((await text(open, ALICE)).querySelectorAll("[data-rb-action]")).toHaveLength(2);
      expect((await text(botch, GM)).querySelector("[data-severity=botch]")?.textContent).toContain("3");
      expect((await text(critical, GM)).querySelector("[data-rb-action=refund]")).not.toBeNull();
      expect((await text(closed, BOB)).querySelector("[data-card-state]")?.getAttribute("data-card-state")).toBe(
        "closed",
      );
      expect((await text(undone, CARA)).querySelector(".rb-ledger__entry.is-undone")).not.toBeNull();
    } finally {
      w.double.uninstall();
    }
  });

  it("the effect chooser at chat width: every effect offered reads whole, one per line; the GM's dice inputs have distinct names", async () => {
    const w = await world();
    try {
      // Cara's saving throw, a natural 20 activated with 2 dice: the longest effects are offered.
      const id = await rollAs(w, CARA, { kind: "save", modifier: 1 }, [[20, 20]], { flavor: "Save against the fire" });
      await control(w, CARA, id, { type: "critical", dice: 2 });
      const page = await chatPage(await rendered(w, id, CARA));
      await checkPage(page, ".rb-card");
      const choices = page.locator('[data-effect-for="critical"] .rb-controls__choice');
      expect((await choices.allTextContents()).map((t) => t.trim())).toEqual([
        "An impossible save becomes possible",
        "Save for half becomes save for a quarter",
        "Save for half becomes save for nothing (two dice)",
        "In the table's own words",
      ]);
      // each label is inside the card and shows all its text (it wraps; nothing is cut short)
      const cut = await page.evaluate(() => {
        const card = document.querySelector(".rb-card")!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>(".rb-controls__choice")]
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return el.scrollWidth > el.clientWidth || box.right > card.right + 0.5 || box.left < card.left - 0.5;
          })
          .map((el) => el.textContent);
      });
      expect(cut).toEqual([]);
      await shoot(page, "action-card-effect-chooser");
      await page.close();

      // A natural 1 on Alice's check for Ayla (a player character): the GM may activate the botch and,
      // once the DC is missed by 5, a special botch; each dice input is named for what it pays.
      const botch = await rollAs(w, ALICE, { modifier: 0, dc: 15 }, [[1, 20]], {
        flavor: "Climb",
        speaker: { actor: "actorAyla0000001", alias: "Ayla" } as never,
      });
      const gm = await chatPage(await rendered(w, botch, GM));
      await checkPage(gm, ".rb-card");
      const names = await gm.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>("[data-dice-for]")].map(
          (input) => document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim() ?? "",
        ),
      );
      expect(names).toEqual(["Botch dice", "Special botch dice"]);
      await gm.close();
    } finally {
      w.double.uninstall();
    }
  });

  it("economy cards: a session start, an award with the GM's Undo, insight, an undone lucky break", async () => {
    const w = await world();
    try {
      await w.double.actAs(GM, () => w.service.award(BOB));
      await w.double.actAs(ALICE, () => w.service.gainInsight("the sealed vault", 2));
      await w.double.actAs(CARA, () => w.service.luckyBreak());
      const lucky = w.double.storedMessages().at(-1)!._id!;
      await w.double.actAs(GM, () => w.service.undoPoolAction(w.double.game.messages.get(lucky) as never));
      const ids = w.double.storedMessages().map((m) => m._id!);
      const html = (await Promise.all(ids.map((id) => rendered(w, id, GM)))).join('<div style="height:8px"></div>');
      const page = await chatPage(html);
      await checkPage(page, ".rb-card");
      expect(await page.locator(".rb-card--economy").count()).toBe(4);
      await shoot(page, "action-dice-economy-cards");
      await page.close();
    } finally {
      w.double.uninstall();
    }
  });

  it("the GM panel and a player's panel", async () => {
    const w = await world();
    try {
      const { gmPanelFacts, playerPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
      const { gmPanelView, playerPanelView } = await import("../../src/applications/action-dice/views.ts");
      // some history: an award, a lucky break, a failed insight roll
      await w.double.actAs(GM, () => w.service.award(BOB));
      await w.double.actAs(CARA, () => w.service.luckyBreak());
      nextFaces(w, [[2, 20]]);
      const roll = await w.double.actAs(BOB, () =>
        w.service.gainInsight("the idol", 1, { level: 7, modifier: 1, dc: 18 }),
      );
      await control(w, GM, (roll as { id: string }).id, { type: "close" });

      // strikes on, Bob with one late use: the crowded case the panel must fit at its real width
      await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "actionLeniency", true));
      await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "actionStrikes", { [BOB]: 1 }));
      const gmView = w.double.actAs(GM, () => gmPanelView(gmPanelFacts()));
      const gmHtml = renderTemplate("templates/action-dice/gm-panel.hbs", gmView);
      // The window's content at the panel's real width (520 px, less Foundry's window padding of about 1rem).
      const gmPage = await openPage(
        browser,
        `<div class="rolling-bones" style="width:520px;box-sizing:border-box;padding:8px;background:#fff">${gmHtml}</div>`,
        560,
      );
      await checkPage(gmPage, ".rb-panel");
      expect(await gmPage.locator("tbody tr").count()).toBe(4);
      expect(await gmPage.locator(`tr[data-user="${CARA}"] [data-action=award]`).isDisabled()).toBe(true);
      expect(await gmPage.locator(`tr[data-user="${BOB}"]`).textContent()).toContain("the idol");
      expect(await gmPage.locator(`tr[data-user="${BOB}"] [data-strikes]`).textContent()).toContain("1 of 3");
      // what each holds beside what the tables give: Alice's level-3 character 3d4, Cara's level 12 5d8
      expect((await gmPage.locator(`tr[data-user="${ALICE}"] [data-expected]`).textContent())?.trim()).toBe("of 3d4");
      expect((await gmPage.locator(`tr[data-user="${CARA}"] [data-expected]`).textContent())?.trim()).toBe("of 5d8");
      expect((await gmPage.locator(`tr[data-pool="gm"] [data-expected]`).textContent())?.trim()).toBe("of 8d12");
      // a compact row: Award and a More menu; the rarer actions are in the menu, hidden until it opens
      for (const row of await gmPage.locator("tbody tr[data-user]").all()) {
        expect(await row.locator(".rb-panel__actions > button").count()).toBe(1);
        expect(await row.locator("details[data-rb-menu] [data-action=take]").isVisible()).toBe(false);
      }
      // no reason fields on the panel: Award and Forfeit ask when pressed
      expect(await gmPage.locator('[name="awardReason"], [name="forfeitReason"]').count()).toBe(0);
      // no text overflows its box, and no button, heading or name wraps onto a second line
      const layout = await gmPage.evaluate(() => {
        // (screen-reader text is clipped on purpose and is left out of both checks)
        const overflow = [...document.querySelectorAll<HTMLElement>(".rb-panel *:not(.rb-sr-only)")]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
          .map((el) => el.className);
        const lines = (el: Element) => {
          const tops = new Set<number>();
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement?.closest(".rb-sr-only") || !node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
          }
          return tops.size;
        };
        const wrapped = [
          ...document.querySelectorAll(
            ".rb-panel thead th, .rb-panel__actions > button, .rb-menu > summary, .rb-panel__name, .rb-panel__dice",
          ),
        ]
          .filter((el) => lines(el) > 1)
          .map((el) => el.textContent?.trim());
        const panel = document.querySelector(".rb-panel") as HTMLElement;
        return { overflow, wrapped, widest: panel.scrollWidth - panel.clientWidth };
      });
      expect(layout).toEqual({ overflow: [], wrapped: [], widest: 0 });
      await shoot(gmPage, "action-dice-gm-panel");
      // the open menu stays inside the panel's width (its keys are exercised on the lab page)
      await gmPage.locator(`tr[data-user="${BOB}"] .rb-menu > summary`).click();
      const menuBox = await gmPage.locator(`tr[data-user="${BOB}"] .rb-menu__list`).boundingBox();
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(530);
      expect(await gmPage.locator(`tr[data-user="${BOB}"] .rb-menu__list button`).allTextContents()).toEqual([
        "Take −1: Take a die from Bob",
        "Reset strikes: Reset Bob's strikes: three late uses again",
        "Forfeit awards: Forfeit Bob's awards for this session",
      ]);
      await shoot(gmPage, "action-dice-gm-panel-menu");
      await gmPage.close();

      const playerView = w.double.actAs(ALICE, () => playerPanelView(playerPanelFacts("rb-ad")));
      const playerHtml = renderTemplate("templates/action-dice/player-panel.hbs", playerView);
      const playerPage = await openPage(
        browser,
        `<form style="width:360px;padding:10px;background:#fff">${playerHtml}</form>`,
        400,
      );
      await checkPage(playerPage, ".rb-panel");
      expect(await playerPage.locator("[data-action=luckyBreak]").isDisabled()).toBe(false);
      // keyboard: Tab reaches the lucky break, the subject, and the submit button
      const reached: string[] = [];
      for (let i = 0; i < 8; i++) {
        await playerPage.keyboard.press("Tab");
        reached.push(
          await playerPage.evaluate(
            () =>
              (document.activeElement as HTMLElement | null)?.getAttribute("name") ??
              document.activeElement?.textContent?.trim() ??
              "",
          ),
        );
      }
      expect(reached).toContain("subject");
      expect(reached.some((r) => /Gain insight/.test(r))).toBe(true);
      await shoot(playerPage, "action-dice-player-panel");
      await playerPage.close();

      const caraView = w.double.actAs(CARA, () => playerPanelView(playerPanelFacts("rb-ad")));
      const caraPage = await openPage(
        browser,
        `<form style="width:360px;padding:10px;background:#fff">${renderTemplate("templates/action-dice/player-panel.hbs", caraView)}</form>`,
        400,
      );
      await checkPage(caraPage, ".rb-panel");
      expect(await caraPage.locator("[data-action=luckyBreak]").isDisabled()).toBe(true);
      await shoot(caraPage, "action-dice-player-panel-lucky");
      await caraPage.close();
    } finally {
      w.double.uninstall();
    }
  });
});
