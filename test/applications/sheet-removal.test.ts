// @vitest-environment happy-dom
/**
 * Removing an entry from a character sheet (a skill, a condition…) on v13 and v14: the owner opens
 * the actor's sheet (its parts rendered from the real templates), presses the entry's rendered
 * Remove button, answers the question, and the entry goes with the deletion each generation uses
 * (`-=key` on v13, v14's `foundry.data.operators.ForcedDeletion`), without the v14 deprecation
 * warning; the sheet is drawn again without the row, on the owner's client and on the GM's.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { SAMPLES } from "../data/samples.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const HERO = "actorHero0000001";

/** A sheet as the double renders it. */
interface Sheet {
  render(force: boolean): Promise<unknown>;
  element: HTMLElement;
}

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
    const sheetOf = (userId: string) => double.actAs(userId, () => double.game.actors.get(HERO)!.sheet as Sheet);
    const [alices, gms] = [sheetOf(ALICE), sheetOf(GM)];
    await alices.render(true);
    await gms.render(true);
    const removeButton = () =>
      alices.element.querySelector<HTMLButtonElement>(
        `button[data-action="removeEntry"][data-collection="${collection}"][data-id="${id}"]`,
      );
    const entries = () =>
      (double.game.actors.get(HERO)!._source.system as Record<string, Record<string, unknown>>)[collection]!;
    expect(removeButton()?.getAttribute("aria-label")).toMatch(/^Remove /);
    // Remove asks first (issue 19, item 11): "No" keeps the entry, "Yes" removes it.
    double.answerConfirm(false);
    await double.press(removeButton()!);
    expect(double.confirmations).toHaveLength(1);
    expect(Object.hasOwn(entries(), id)).toBe(true);
    double.answerConfirm(true);
    await double.press(removeButton()!);
    expect(Object.hasOwn(entries(), id)).toBe(false);
    expect(Object.keys(entries())).toHaveLength(
      Object.keys((SAMPLES[type] as unknown as Record<string, object>)[collection]!).length - 1,
    );
    // Both open sheets were drawn again from the new data: the row is gone on each client.
    expect(removeButton()).toBeNull();
    expect(gms.element.querySelector(`[data-row="${id}"]`)).toBeNull();
    expect(double.warnings).toEqual([]);
    expect(double.applicationErrors).toEqual([]);
  });
});

describe.each([13, 14] as const)("equipment rows on v%i", (generation) => {
  const PACK = "itemHeavyPack001";

  /** A Precision & Impact character holding one piece of gear, with its sheet rendered for Alice. */
  async function sheetWithGear(): Promise<Sheet> {
    double = await bootSystem({
      userId: ALICE,
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
    const sheet = double.actAs(ALICE, () => double.game.actors.get(HERO)!.sheet as Sheet);
    await sheet.render(true);
    return sheet;
  }

  const rowButton = (sheet: Sheet, action: string) =>
    sheet.element.querySelector<HTMLButtonElement>(`button[data-action="${action}"][data-item-id="${PACK}"]`);
  const item = () => double.game.actors.get(HERO)!.items.get(PACK) as { system: { equipped: boolean } } | undefined;

  it("the owner takes an item off and puts it on again with the row's rendered toggle", async () => {
    const sheet = await sheetWithGear();
    expect(rowButton(sheet, "toggleEquipped")?.getAttribute("aria-pressed")).toBe("true");
    await double.press(rowButton(sheet, "toggleEquipped")!);
    expect(item()?.system.equipped).toBe(false);
    // The sheet was drawn again from the new data.
    expect(rowButton(sheet, "toggleEquipped")?.getAttribute("aria-pressed")).toBe("false");
    await double.press(rowButton(sheet, "toggleEquipped")!);
    expect(item()?.system.equipped).toBe(true);
    expect(double.applicationErrors).toEqual([]);
  });

  it("deleting an item asks first: No keeps it, Yes deletes it", async () => {
    const sheet = await sheetWithGear();
    expect(rowButton(sheet, "deleteItem")?.getAttribute("aria-label")).toBe("Remove Heavy pack");
    double.answerConfirm(false);
    await double.press(rowButton(sheet, "deleteItem")!);
    expect(double.confirmations).toHaveLength(1);
    expect(item()).toBeDefined();
    double.answerConfirm(true);
    await double.press(rowButton(sheet, "deleteItem")!);
    expect(item()).toBeUndefined();
    expect(double.applicationErrors).toEqual([]);
  });
});
