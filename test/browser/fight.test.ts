/**
 * The lab's fight in real Chromium (issue 35, "The lab plays a fight"), with the built lab and the
 * system's CSS: in every engine a newcomer attacks, rolls the damage from the card, applies it from
 * the card's panel and undoes it, watches the token's bar and the sheet follow, begins combat, gives a
 * condition one round on a sheet and advances the turns until it runs out — by the keyboard where a
 * table would, with no accessibility violation and no console error. Screenshots go to
 * `.scratch/screenshots/`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { LAB_ENGINES } from "../../lab/model.ts";
import { shootPath } from "../support/browser.ts";
import { format } from "../support/i18n.ts";
import { openLab, type OpenLab } from "../support/lab.ts";

let open: OpenLab | undefined;
let page: Page;
let errors: string[] = [];

beforeAll(async () => {
  open = await openLab();
  ({ page, errors } = open);
});

afterAll(async () => {
  await open?.close();
});

/** axe's violations within the fight section: WCAG 2.x A and AA and best practices. */
async function axeViolations(): Promise<string[]> {
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: object, options: object): Promise<Result> } }).axe;
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
    const result = await axe.run(
      { include: [["#lab-fight"]] },
      { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] },
    );
    return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}

const fight = () => page.locator("#lab-fight");

/** The token bar's value of the fighter named. */
function barOf(name: string): Promise<number> {
  return fight()
    .locator(".lab-fight__fighter", { has: page.locator(".lab-token__name", { hasText: name }) })
    .locator("meter")
    .evaluate((m) => (m as HTMLMeterElement).value);
}

/** Presses a button with the keyboard: focus, then Enter. */
async function press(selector: string): Promise<void> {
  const button = fight().locator(selector).first();
  await button.focus();
  await page.keyboard.press("Enter");
}

describe("the lab's fight", () => {
  for (const engine of LAB_ENGINES) {
    it(`plays a ${engine} fight: attack, damage, apply, undo, combat and a condition that runs out`, async () => {
      await fight().locator("[data-fight-engine]").selectOption(engine);
      await press('[data-fight="new"]');
      const names = await fight().locator(".lab-token__name").allTextContents();
      expect(names.length).toBeGreaterThanOrEqual(2);
      const foe = names.at(-1) as string;
      const full = await barOf(foe);
      // Attack until a hit, a fixed seed at a time (the seed replays the dice).
      let hit = false;
      for (let seed = 1; seed < 60 && !hit; seed++) {
        await fight().locator("[data-fight-seed]").fill(String(seed));
        await press('[data-fight="attack"]');
        const last = fight().locator("[data-fight-card]").last();
        // A hit: the GM is offered the damage roll (not its forced roll), or P&I's panel offers its Impact without a note.
        hit =
          engine === "pi"
            ? (await last.locator(".rb-harm__row .rb-harm__buttons").count()) > 0 &&
              (await last.locator(".rb-harm__row .rb-harm__note").count()) === 0
            : (await last.locator('[data-rb-action="rollDamage"]').innerText()) ===
              format("ROLLING_BONES.Damage.CardButton");
      }
      expect(hit).toBe(true);
      const card = fight().locator("[data-fight-card]").last();
      if (engine !== "pi") {
        await card.locator('[data-rb-action="rollDamage"]').focus();
        await page.keyboard.press("Enter");
      }
      const damage = fight().locator("[data-fight-card]").last();
      const apply = damage.locator('[data-rb-action="harmApply"][data-multiplier="full"]').first();
      const amount = Number(/\d+/.exec((await damage.locator(".rb-harm__title").innerText()) ?? "")?.[0]);
      await apply.focus();
      await page.keyboard.press("Enter");
      expect(await barOf(foe)).toBe(Math.max(0, full - amount));
      const line = fight().locator("[data-fight-card]").last().locator(".rb-harm__entry");
      await expect.poll(() => line.count()).toBe(1);
      await fight().screenshot({ path: await shootPath(`fight-${engine}-applied`) });
      await fight().locator("[data-fight-card]").last().locator('[data-rb-action="harmUndo"]').click();
      expect(await barOf(foe)).toBe(full);
      expect(await fight().locator(".rb-harm__entry.is-undone").count()).toBe(1);

      // Combat: initiative, then one round of a condition on the first fighter of the order.
      await press('[data-fight="beginCombat"]');
      const order = await fight().locator(".lab-fight__who").allTextContents();
      expect(order.length).toBe(names.length);
      const bearer = (order[1] ?? order[0] ?? "").trim();
      const row = fight().locator(".lab-fight__fighter", {
        has: page.locator(".lab-token__name", { hasText: bearer }),
      });
      await row.locator("summary").click();
      await row.locator('[data-duration="units"]').selectOption("rounds");
      await row.locator('[data-duration="value"]').fill("1");
      await row.locator('[data-action="toggleCondition"]').first().click();
      const mark = row.locator(".lab-token__mark", {
        hasText: format("ROLLING_BONES.Harm.Timed.rounds", { value: "1" }),
      });
      expect(await mark.count()).toBe(1);
      expect(await axeViolations()).toEqual([]);
      await fight().screenshot({ path: await shootPath(`fight-${engine}-combat`) });
      // The bearer's turn comes and ends: the condition runs out, and the status line says so.
      for (let k = 0; k < order.length; k++) await press('[data-fight="nextTurn"]');
      expect(
        await row
          .locator(".lab-token__mark", { hasText: format("ROLLING_BONES.Harm.Timed.rounds", { value: "1" }) })
          .count(),
      ).toBe(0);
      expect(await fight().locator("[data-lab-fight-status]").innerText()).toContain(bearer);
      expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/ROLLING_BONES\./);
      expect(errors).toEqual([]);
    });
  }

  it("refuses a duration of 0 on a sheet with its message, and puts nothing on", async () => {
    await press('[data-fight="new"]');
    const row = fight().locator(".lab-fight__fighter").first();
    await row.locator("summary").click();
    await row.locator('[data-duration="units"]').selectOption("turns");
    await row.locator('[data-duration="value"]').fill("0");
    await row.locator('[data-action="toggleCondition"]').first().click();
    const status = await fight().locator("[data-lab-fight-status]").innerText();
    expect(status).toBe(format("ROLLING_BONES.Error.DurationInvalid", { value: "0", max: "99" }));
    expect(await row.locator(".lab-token__mark").count()).toBe(0);
  });
});
