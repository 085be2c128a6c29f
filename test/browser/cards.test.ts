/**
 * Every engine's chat card, rendered by the real Roll subclasses on the Foundry double with chosen
 * faces, shown in Chromium with the built CSS at the width of Foundry's chat sidebar.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { fixedFaces, mixedFaces } from "../foundry/index.ts";
import { launch, openPage, shoot } from "../support/browser.ts";
import { ALICE, bootSystem } from "../support/system.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

type Engine = "percentile" | "action" | "wild" | "pi" | "pool";
const SCENARIOS: [string, Engine, unknown, () => number, Record<string, unknown>?][] = [
  ["percentile-bonus", "percentile", { bonus: 3, penalty: 1, column: 9 }, fixedFaces(10, [6, 9, 8, 2])],
  [
    "action-cascade",
    "action",
    { modifier: 3, dc: 15, augments: [6] },
    mixedFaces([
      [1, 20],
      [6, 6],
      [6, 6],
      [2, 6],
    ]),
  ],
  ["wild-catastrophe", "wild", { dice: 3, pips: 1, characterPoints: 1 }, fixedFaces(6, [4, 2, 1, 6, 3, 6, 5])],
  [
    "pi-hindered",
    "pi",
    { pool: [8, 4, 6, 4], hindrance: "minor", impactMod: 1 },
    mixedFaces([
      [5, 8],
      [3, 6],
      [2, 4],
    ]),
  ],
  [
    // A weapon attack from a sheet: the weapon's Impact +2 and the ticked gear's Precision +2 are in the
    // request, and stored with the roll so the card names them (as `rollWithPoints` stores them).
    "pi-weapon",
    "pi",
    { pool: [8, 6, 4, 4], precisionMod: 3, impactMod: 2 },
    mixedFaces([
      [6, 8],
      [5, 6],
      [2, 4],
      [1, 4],
    ]),
    {
      attack: { weapon: "Longsword of the Northern Marches", use: "Sleight of hand" },
      equipment: [
        { name: "Longsword of the Northern Marches", adjustments: [{ target: "impact", value: 2 }] },
        { name: "Lockpicks", adjustments: [{ target: "precision", value: 2 }] },
      ],
      conditions: [{ name: "Exhausted", adjustments: [{ target: "impact", value: -1 }] }],
    },
  ],
  [
    "percentile-weapon",
    "percentile",
    { bonus: 0, penalty: 0, column: 12, voluntaryPenalty: 2, damageMultiplier: 2 },
    fixedFaces(10, [9, 5, 7, 8]),
    { attack: { weapon: "Short bow", use: "Bows" } },
  ],
  [
    // A Wild Die weapon attack: a skill's code, a Character Point and a target; the card names the weapon.
    "wild-weapon",
    "wild",
    { dice: 5, pips: 0, characterPoints: 1, target: 20 },
    fixedFaces(6, [4, 2, 5, 3, 6, 2, 4]),
    { attack: { weapon: "Heavy blaster pistol of the Outer Rim", use: "Blaster artillery and heavy weapons" } },
  ],
  [
    // A dice-pool weapon attack at the weapon's difficulty 7, with the Attribute + Ability pair named.
    "pool-weapon",
    "pool",
    { pool: 6, difficulty: 7, willpower: true },
    fixedFaces(10, [7, 6, 9, 1, 10, 3]),
    { attack: { weapon: "Longsword of the Northern Marches", use: "Manipulation + Subterfuge and misdirection" } },
  ],
  ["pool-botch", "pool", { pool: 6, difficulty: 8, cancellation: 1 }, fixedFaces(10, [1, 1, 3, 5, 7, 2])],
  ["pool-success", "pool", { pool: 5, difficulty: 6, willpower: true }, fixedFaces(10, [10, 6, 1, 4, 9])],
];

async function cardHtml(
  engine: Engine,
  request: unknown,
  uniform: () => number,
  isPrivate = false,
  options: Record<string, unknown> = {},
): Promise<string> {
  const double = await bootSystem({ userId: ALICE });
  try {
    double.CONFIG.Dice.randomUniform = uniform;
    const { ROLL_FACTORIES } = await import("../../src/dice/index.ts");
    const roll = ROLL_FACTORIES[engine](request);
    Object.assign(roll.options, options);
    await roll.evaluate();
    return await roll.render({ isPrivate });
  } finally {
    double.uninstall();
  }
}

describe("chat cards in Chromium", () => {
  it.each(SCENARIOS)("%s renders readably at chat width", async (name, engine, request, uniform, options) => {
    const html = await cardHtml(engine, request, uniform, false, options);
    const page = await openPage(browser, `<div style="width:290px;padding:6px">${html}</div>`, 310);
    // nothing overflows the chat column
    const overflow = await page.evaluate(() => {
      const card = document.querySelector(".rb-card") as HTMLElement;
      return card.scrollWidth - card.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    // every die shows its face and its role as text
    const dice = await page.locator(".rb-die").count();
    expect(dice).toBeGreaterThan(0);
    for (const text of await page.locator(".rb-die__size").allTextContents()) expect(text).not.toMatch(/ROLLING_BONES/);
    expect(await page.locator(".rb-card").textContent()).not.toMatch(/ROLLING_BONES\./);
    await shoot(page, `card-${name}`);
    expect((page as unknown as { rbErrors: string[] }).rbErrors).toEqual([]);
  });

  it("a private card shows only that the result is hidden", async () => {
    const html = await cardHtml("pool", { pool: 3 }, fixedFaces(10, [7, 8, 9]), true);
    const page = await openPage(browser, `<div style="width:290px">${html}</div>`, 310);
    expect(await page.locator(".rb-die").count()).toBe(0);
    expect(await page.locator("[data-hidden]").textContent()).toContain("hidden");
    await shoot(page, "card-private");
  });
});
