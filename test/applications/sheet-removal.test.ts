// @vitest-environment happy-dom
/**
 * Removing an entry from a character sheet (a skill, a condition…) on v13 and v14: the sheet's
 * `removeEntry` action, pressed inside the sheet as ApplicationV2 delegates `[data-action]` clicks,
 * deletes the entry with the deletion each generation uses (`-=key` on v13, v14's
 * `foundry.data.operators.ForcedDeletion`), without the v14 deprecation warning.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { SAMPLES } from "../data/samples.ts";
import { ALICE, bootSystem } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const HERO = "actorHero0000001";

describe.each([13, 14] as const)("removing an entry on v%i", (generation) => {
  it.each([
    ["percentile-character", "skills", "skillClimb000001"],
    ["wild-character", "skills", "skillDodge00001"],
    ["action-character", "skills", "skillStealth0001"],
    ["pi-character", "skills", "skillAim0000001"],
    ["pi-character", "conditions", "condTired000001"],
  ] as const)("a %s's owner removes an entry of %s from the sheet", async (type, collection, id) => {
    double = await bootSystem({
      userId: ALICE,
      generation,
      actors: [
        {
          id: HERO,
          name: "Hero",
          type,
          system: structuredClone(SAMPLES[type]) as unknown as Record<string, unknown>,
          ownership: { [ALICE]: 3 },
        },
      ],
    });
    const registration = double.sheetRegistrations.find((r) => r.options.types?.includes(type))!;
    const Sheet = registration.sheetClass as new (options: object) => {
      render(): Promise<unknown>;
      element: HTMLElement | null;
    };
    const actor = double.game.actors.get(HERO)!;
    const sheet = new Sheet({ document: actor });
    await sheet.render();
    const button = document.createElement("button");
    button.dataset.action = "removeEntry";
    button.dataset.collection = collection;
    button.dataset.id = id;
    sheet.element!.append(button);
    // Remove asks first (issue 19, item 11): "No" keeps the entry, "Yes" removes it.
    const entriesNow = () =>
      (double.game.actors.get(HERO)!.system as Record<string, Record<string, unknown>>)[collection]!;
    double.answerConfirm(false);
    button.click();
    await vi.waitFor(() => expect(double.confirmations.length).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(Object.hasOwn(entriesNow(), id)).toBe(true);
    double.answerConfirm(true);
    button.click();
    const entries = () =>
      (double.game.actors.get(HERO)!.system as Record<string, Record<string, unknown>>)[collection]!;
    await vi.waitFor(() => expect(Object.hasOwn(entries(), id)).toBe(false));
    expect(Object.keys(entries()).length).toBe(
      Object.keys((SAMPLES[type] as unknown as Record<string, object>)[collection]!).length - 1,
    );
    expect(double.warnings).toEqual([]);
  });
});

describe.each([13, 14] as const)("equipment rows on v%i", (generation) => {
  const PACK = "itemHeavyPack001";

  /** A Precision & Impact character holding one piece of gear, with its sheet rendered for Alice. */
  async function sheetWithGear(userId = ALICE) {
    double = await bootSystem({
      userId,
      generation,
      actors: [
        {
          id: HERO,
          name: "Hero",
          type: "pi-character",
          system: structuredClone(SAMPLES["pi-character"]) as unknown as Record<string, unknown>,
          ownership: { [ALICE]: 3 },
          items: [{ _id: PACK, name: "Heavy pack", type: "gear", system: { equipped: true, quantity: 1 } }],
        },
      ],
    });
    const registration = double.sheetRegistrations.find((r) => r.options.types?.includes("pi-character"))!;
    const Sheet = registration.sheetClass as new (options: object) => {
      render(): Promise<unknown>;
      element: HTMLElement | null;
    };
    const sheet = new Sheet({ document: double.game.actors.get(HERO)! });
    await sheet.render();
    return sheet;
  }

  /** A button as the equipment row draws it, pressed inside the sheet. */
  function press(sheet: { element: HTMLElement | null }, action: string): void {
    const button = document.createElement("button");
    button.dataset.action = action;
    button.dataset.itemId = PACK;
    button.setAttribute("aria-label", "Remove Heavy pack");
    sheet.element!.append(button);
    button.click();
  }

  const equipped = () =>
    (double.game.actors.get(HERO)!.items.get(PACK) as { system: { equipped: boolean } } | undefined)?.system.equipped;

  it("the owner takes an item off and puts it on again from its row", async () => {
    const sheet = await sheetWithGear();
    press(sheet, "toggleEquipped");
    await vi.waitFor(() => expect(equipped()).toBe(false));
    press(sheet, "toggleEquipped");
    await vi.waitFor(() => expect(equipped()).toBe(true));
  });

  it("deleting an item asks first: No keeps it, Yes deletes it", async () => {
    const sheet = await sheetWithGear();
    double.answerConfirm(false);
    press(sheet, "deleteItem");
    await vi.waitFor(() => expect(double.confirmations.length).toBe(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(double.game.actors.get(HERO)!.items.get(PACK)).toBeDefined();
    double.answerConfirm(true);
    press(sheet, "deleteItem");
    await vi.waitFor(() => expect(double.game.actors.get(HERO)!.items.get(PACK)).toBeUndefined());
  });
});
