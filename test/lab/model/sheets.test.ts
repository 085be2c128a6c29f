/** The lab page's model, lab/model/sheets.ts: every sample character's sheet renders, every roll button opens a dialog with a valid request, and changes go through the sheets' own checks on the lab's copy. */
import { describe, expect, it } from "vitest";
import { DEFAULT_DIALOG_SETTINGS } from "../../../src/applications/dialogs/types.ts";
import { shared } from "../../../src/engines/index.ts";
import {
  LAB_ENGINES,
  applySheetAction,
  dialogRequest,
  itemSheetContext,
  openDialog,
  rollEngine,
  sheetContext,
  sheetRoll,
  applyItemChanges,
  sampleConditions,
  withItemCreated,
  withItemDeleted,
  withItemToggled,
  withStatusToggled,
  type SampleActor,
} from "../../../lab/model.ts";
import { renderTemplate } from "../../support/handlebars.ts";
import { I18N, actors } from "./support.ts";

describe("lab sheets", () => {
  const samples = actors();

  it("finds a player character and an NPC of every character type, player characters first", () => {
    expect(samples.length).toBeGreaterThanOrEqual(10);
    for (const engine of LAB_ENGINES) {
      const own = samples.filter((a) => a.type === `${engine}-character`);
      expect(
        own.map((a) => a.playerCharacter),
        engine,
      ).toEqual([true, false]);
    }
  });

  it.each(actors().map((a) => [a.name, a] as const))(
    "%s: the sheet renders and every roll button opens a dialog with a valid request",
    (_name, actor) => {
      const context = sheetContext(actor, true, I18N);
      const html = renderTemplate(`templates/sheets/${actor.type}/body.hbs`, context);
      expect(html).not.toMatch(/ROLLING_BONES\./);
      const buttons = [...html.matchAll(/data-action="roll"[^>]*/g)].map((m) => m[0]);
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) {
        const attr = (name: string) => new RegExp(`data-${name}="([^"]*)"`).exec(button)?.[1];
        const trait = {
          kind: attr("kind") ?? "",
          key: attr("key") ?? "",
          ...(attr("with") ? { with: attr("with") } : {}),
        };
        const roll = sheetRoll(actor, trait, I18N);
        expect(roll.title).not.toBe("");
        if (roll.direct) {
          // An action-dice weapon's damage goes straight to chat: the engine takes its request as it is.
          expect(() => rollEngine(roll.engine, roll.request, shared.seededFaces(1)), button).not.toThrow();
          continue;
        }
        const dialog = openDialog(roll.engine, DEFAULT_DIALOG_SETTINGS, roll.request, roll.title, roll.settings);
        expect(dialogRequest(dialog, DEFAULT_DIALOG_SETTINGS, "en").ok, `${actor.name} ${button}`).toBe(true);
      }
    },
  );

  it("lists a sample character's equipment; the equip toggle flips one item; its own sheet shows its effect", () => {
    const odile = samples.find((a) => a.name === "Odile Fenwick") as SampleActor;
    const rows = () =>
      [
        ...renderTemplate(`templates/sheets/${odile.type}/body.hbs`, sheetContext(current, true, I18N)).matchAll(
          /data-action="toggleEquipped" data-item-id="([^"]+)" aria-pressed="(true|false)"/g,
        ),
      ].map((m) => [m[1], m[2]]);
    let current = odile;
    expect(rows()).toContainEqual(["rbItemPlate00001", "false"]);
    current = withItemToggled(odile, "rbItemPlate00001");
    expect(rows()).toContainEqual(["rbItemPlate00001", "true"]);
    expect(odile.items.find((i) => i.id === "rbItemPlate00001")?.system.equipped).toBe(false);

    const plate = current.items.find((i) => i.id === "rbItemPlate00001")!;
    const html = renderTemplate("templates/sheets/item/body.hbs", itemSheetContext(current, plate, true, I18N));
    expect(html).not.toMatch(/ROLLING_BONES\./);
    // A Precision & Impact character's sheet: the effect's Precision change, the other engines' left out.
    const row = /<li class="rb-item__effect"[^>]*>([\s\S]*?)<\/li>/.exec(html)?.[1] ?? "";
    const text = row.replace(/<button[\s\S]*?<\/button>/g, "").replace(/<[^>]+>/g, " ");
    expect(text.replace(/\s+/g, " ").trim()).toBe("Encumbered by plate Precision −1");
  });

  it("applies a dot press through the sheet's checks, and refuses a bad value without changing anything", () => {
    const actor = samples.find((a) => a.type === "pool-character") as SampleActor;
    const system = actor.system as { attributes: { strength: { rating: number } } };
    const before = system.attributes.strength.rating;
    const pressed = applySheetAction(actor, { action: "setDots", path: "system.attributes.strength.rating", value: 5 });
    expect(pressed.ok && (pressed.actor.system as typeof system).attributes.strength.rating).toBe(5);
    const refused = applySheetAction(actor, { action: "change", changes: { "system.attributes.strength.rating": 99 } });
    expect(refused.ok).toBe(false);
    expect(system.attributes.strength.rating).toBe(before);
  });

  it("adds and removes entries with their default data", () => {
    const actor = samples.find((a) => a.type === "percentile-character") as SampleActor;
    const added = applySheetAction(actor, { action: "addEntry", collection: "skills", id: "labEntry00000001" });
    if (!added.ok) throw added.error;
    const skills = (a: SampleActor) => (a.system as { skills: Record<string, unknown> }).skills;
    expect(skills(added.actor).labEntry00000001).toBeDefined();
    const removed = applySheetAction(added.actor, {
      action: "removeEntry",
      collection: "skills",
      id: "labEntry00000001",
    });
    expect(removed.ok && skills(removed.actor).labEntry00000001).toBeUndefined();
    expect(skills(actor).labEntry00000001).toBeUndefined();
  });
});

describe("the lab's equipment, item sheet and conditions work on its copy (issue 28 item 5)", () => {
  const samples = actors();
  const pi = () => samples.find((a) => a.type === "pi-character") as SampleActor;

  it("adds a weapon with a new weapon's data, opens on its sheet, and removes it again", () => {
    const actor = pi();
    const added = withItemCreated(actor, "weapon", "labItem000000001", "New weapon");
    const weapon = added.items.at(-1);
    expect(weapon).toMatchObject({ id: "labItem000000001", name: "New weapon", type: "weapon" });
    expect(weapon?.system).toMatchObject({ equipped: true, kind: "melee", action: { attack: 0, damage: "" } });
    expect(added.items).toHaveLength(actor.items.length + 1);
    expect(withItemCreated(actor, "spell", "labItem000000002", "Spell")).toBe(actor);
    const removed = withItemDeleted(added, "labItem000000001");
    expect(removed.items.map((i) => i.id)).toEqual(actor.items.map((i) => i.id));
  });

  it("checks an item sheet's edit as Foundry's sheet does: Attack 5000 and Damage “banana” refused, nothing changed", () => {
    const actor = withItemCreated(pi(), "weapon", "labItem000000001", "New weapon");
    const attack = applyItemChanges(actor, "labItem000000001", { "system.action.attack": 5000 });
    expect(attack.ok).toBe(false);
    const damage = applyItemChanges(actor, "labItem000000001", { "system.action.damage": "banana" });
    expect(damage.ok ? null : damage.error.key).toBe("ROLLING_BONES.Error.BadDamageFormula");
    const good = applyItemChanges(actor, "labItem000000001", { "system.action.attack": "3", name: "Axe" });
    if (!good.ok) throw good.error;
    const axe = good.actor.items.find((i) => i.id === "labItem000000001");
    expect(axe?.name).toBe("Axe");
    expect((axe?.system as { action: { attack: unknown } }).action.attack).toBe(3);
    expect((actor.items.at(-1)?.system as { action: { attack: unknown } }).action.attack).toBe(0);
  });

  it("applies and removes a condition of the character's engine, and the dialog's conditions follow", () => {
    const actor = pi();
    expect(actor.statuses).toEqual(["rb-exhausted"]);
    const names = (a: SampleActor) =>
      sampleConditions(a, I18N)
        .filter((c) => c.source === undefined)
        .map((c) => c.name);
    expect(names(actor)).toEqual(["Exhausted"]);
    const cleared = withStatusToggled(actor, "rb-exhausted");
    expect(cleared.statuses).toEqual([]);
    expect(names(cleared)).toEqual([]);
    expect(withStatusToggled(actor, "not-a-condition")).toBe(actor);
  });
});
