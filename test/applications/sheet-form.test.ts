// @vitest-environment happy-dom
/**
 * A character sheet's form as a player uses it, on the test world (v13 and v14): the sheet is
 * drawn from its real templates; a change submits the whole form (FormDataExtended), the system's
 * own check runs first, and the update goes through the actor's data model on the server, which
 * cleans it (text trimmed, numbers read as numbers), refuses what it does not accept (nothing
 * stored), and reads old stored data through `migrateData`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { SAMPLES } from "../data/samples.ts";
import { format, localize } from "../support/i18n.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { MAX_NAME_LENGTH, PERCENTILE_MAX_RATING } from "../../src/data/actor/pure.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

const HERO = "actorHero0000001";

/** A sheet as the double renders it. */
interface Sheet {
  render(force: boolean): Promise<unknown>;
  element: HTMLFormElement;
}

/** Boots a world with Alice's character of `type` holding `system` as stored, and opens its sheet on her client. */
async function openSheet(generation: 13 | 14, type: keyof typeof SAMPLES, system: object): Promise<Sheet> {
  double = await bootSystem({
    userId: ALICE,
    generation,
    actors: [{ id: HERO, name: "Hero", type, system: system as Record<string, unknown>, ownership: { [ALICE]: 3 } }],
  });
  const sheet = double.game.actors.get(HERO)!.sheet as Sheet;
  await sheet.render(true);
  return sheet;
}

/** Types into a control as a user does: the new value, then the change event the browser sends. */
async function type(sheet: Sheet, name: string, value: string): Promise<void> {
  const control = sheet.element.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!control) throw new Error(`no control named ${name} on the sheet`);
  control.value = value;
  double.actAs(ALICE, () => control.dispatchEvent(new Event("change", { bubbles: true })));
  await double.settle();
}

/** The actor's `system` as the server stores it. */
const stored = () => double.storedActors().find((a) => a.id === HERO)!.system;
const skill = (id: string) => (stored().skills as Record<string, { name: string; rating: number }>)[id]!;

describe.each([13, 14] as const)("a character sheet's form on v%i", (generation) => {
  it("is cleaned by the data model: a name trimmed, a rating typed as text stored as a number", async () => {
    const sheet = await openSheet(generation, "percentile-character", structuredClone(SAMPLES["percentile-character"]));
    await type(sheet, "system.skills.skillClimb000001.name", "  Mountain climbing  ");
    await type(sheet, "system.skills.skillClimb000001.rating", "11");
    expect(skill("skillClimb000001")).toEqual({ name: "Mountain climbing", rating: 11 });
    // Every client's copy follows, and the open sheet shows the stored values.
    expect(
      double.actAs(GM, () => (double.game.actors.get(HERO)!.system.skills as Record<string, unknown>).skillClimb000001),
    ).toEqual({ name: "Mountain climbing", rating: 11 });
    expect(sheet.element.querySelector<HTMLInputElement>('[name="system.skills.skillClimb000001.name"]')!.value).toBe(
      "Mountain climbing",
    );
    expect(double.applicationErrors).toEqual([]);
  });

  it("refuses a rating out of range with one localized message; nothing is stored and the sheet shows the stored value", async () => {
    const sheet = await openSheet(generation, "percentile-character", structuredClone(SAMPLES["percentile-character"]));
    const before = stored();
    await type(sheet, "system.skills.skillClimb000001.rating", String(PERCENTILE_MAX_RATING + 5));
    expect(stored()).toEqual(before);
    expect(double.notifications.map((n) => [n.userId, n.type])).toEqual([[ALICE, "error"]]);
    expect(sheet.element.querySelector<HTMLInputElement>('[name="system.skills.skillClimb000001.rating"]')!.value).toBe(
      "8",
    );
  });

  it("refuses a name longer than a name may be with one localized message; nothing is stored", async () => {
    const sheet = await openSheet(generation, "percentile-character", structuredClone(SAMPLES["percentile-character"]));
    const before = stored();
    const input = sheet.element.querySelector<HTMLInputElement>('[name="system.skills.skillClimb000001.name"]')!;
    // The input does not let a user type more…
    expect(input.maxLength).toBe(MAX_NAME_LENGTH);
    // …and a longer value (pasted by a script, a changed page) is refused with a message, not a console error.
    await type(sheet, "system.skills.skillClimb000001.name", "x".repeat(MAX_NAME_LENGTH + 1));
    expect(stored()).toEqual(before);
    expect(double.notifications.map((n) => [n.userId, n.message])).toEqual([
      [ALICE, format("ROLLING_BONES.Error.NoteTooLong", { max: String(MAX_NAME_LENGTH) })],
    ]);
    expect(double.applicationErrors).toEqual([]);
  });

  it("a choice the schema does not list (a changed page) is refused by the data model: nothing is stored", async () => {
    const sheet = await openSheet(generation, "pool-character", structuredClone(SAMPLES["pool-character"]));
    const before = stored();
    const [id] = Object.keys(SAMPLES["pool-character"].abilities);
    const select = sheet.element.querySelector<HTMLSelectElement>(`[name="system.abilities.${id}.attribute"]`)!;
    const forged = document.createElement("option");
    forged.value = "cosmic";
    forged.textContent = "Cosmic";
    select.append(forged);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await type(sheet, `system.abilities.${id}.attribute`, "cosmic");
    expect(stored()).toEqual(before);
    // The refusal reaches the user once, in words; the data model's own message goes to the console.
    expect(double.applicationErrors).toEqual([]);
    expect(double.notifications.map((n) => [n.userId, n.message])).toEqual([
      [ALICE, localize("ROLLING_BONES.Error.ChangeRefused")],
    ]);
    expect(String(logged.mock.calls[0]?.[1])).toContain(`abilities.${id}.attribute: "cosmic" is not a valid choice`);
    logged.mockRestore();
  });

  it('an item sheet\'s forged fields: equipped "yes" is refused in words; prototype paths and unknown keys are dropped, nothing polluted', async () => {
    await openSheet(generation, "action-character", structuredClone(SAMPLES["action-character"]));
    const item = await double.actAs(ALICE, async () => {
      const [created] = (await double.game.actors
        .get(HERO)!
        .createEmbeddedDocuments("Item", [{ name: "Axe", type: "weapon", system: {} }])) as { id: string }[];
      return created!.id;
    });
    await double.settle();
    const weapon = double.actAs(ALICE, () => double.game.actors.get(HERO)!.items.get(item)!);
    const sheet = weapon.sheet as Sheet;
    await double.actAs(ALICE, () => sheet.render(true));
    const storedItem = () =>
      double
        .storedActors()
        .find((a) => a.id === HERO)!
        .items?.find((i) => i._id === item)?.system as object;
    const before = structuredClone(storedItem());
    /** Adds a field the page never had (a forged form), then changes the name so the form submits. */
    const forge = async (name: string, value: string) => {
      const input = document.createElement("input");
      input.name = name;
      input.value = value;
      sheet.element.append(input);
      const named = sheet.element.querySelector<HTMLInputElement>('[name="name"]')!;
      named.value = `Axe ${name.length}`;
      double.actAs(ALICE, () => named.dispatchEvent(new Event("change", { bubbles: true })));
      await double.settle();
      input.remove();
    };
    await forge("system.equipped", "yes");
    expect(double.notifications.map((n) => n.message)).toEqual([
      format("ROLLING_BONES.Error.NotOnOrOff", { field: localize("ROLLING_BONES.Field.equipped") }),
    ]);
    expect(storedItem()).toEqual(before);
    for (const name of [
      "system.__proto__.polluted",
      "system.constructor.prototype.polluted",
      "system.unknown",
      "flags.x.y",
    ]) {
      await forge(name, "1");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(storedItem()).toEqual(before);
    expect(double.notifications).toHaveLength(1);
    expect(double.applicationErrors).toEqual([]);
  });

  it("a pressed dot sets the rating through the data model, and the focus stays on the rating", async () => {
    const sheet = await openSheet(generation, "pool-character", structuredClone(SAMPLES["pool-character"]));
    const dot = (value: number) =>
      sheet.element.querySelector<HTMLButtonElement>(
        `[data-action="setDots"][data-path="system.attributes.strength.rating"][data-value="${value}"]`,
      )!;
    const before = SAMPLES["pool-character"].attributes.strength.rating;
    const pressed = before === 4 ? 2 : 4;
    await double.press(dot(pressed));
    expect((stored().attributes as Record<string, { rating: number }>).strength!.rating).toBe(pressed);
    // The sheet was drawn again: the new dot is checked and has the focus.
    expect(dot(pressed).getAttribute("aria-checked")).toBe("true");
    expect(document.activeElement).toBe(dot(pressed));
  });

  it("shows data stored by an older version as migrated, and a change stores the current shape", async () => {
    // Version 0 shapes: bare attribute ratings, skills as name → rating, karma as { value }.
    const old = {
      attributes: { body: 6, agility: 9, endurance: 5, reason: 12, intuition: 7, will: 4 },
      skills: { Climbing: 8 },
      karma: { value: 3 },
    };
    const sheet = await openSheet(generation, "percentile-character", old);
    const karma = sheet.element.querySelector<HTMLInputElement>('[name="system.karma"]')!;
    expect(karma.value).toBe("3");
    expect(sheet.element.querySelector<HTMLInputElement>('[name="system.skills.Climbing.name"]')!.value).toBe(
      "Climbing",
    );
    await type(sheet, "system.karma", "4");
    expect(stored()).toMatchObject({
      schemaVersion: 2,
      attributes: { body: { rating: 6 }, will: { rating: 4 } },
      skills: { Climbing: { name: "Climbing", rating: 8 } },
      karma: 4,
    });
  });
});
