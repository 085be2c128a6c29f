// @vitest-environment happy-dom
/**
 * The equipment views: a character sheet's weapons and gear lists (the character's engine's figures,
 * an attack button where that engine rolls one, edit and delete for owners only, names as text) and
 * an item sheet's body (the owner's engine's group of figures, or every group for an unowned item),
 * rendered through the real templates.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { equipmentSections, ViewKit } from "../../src/applications/sheets/views/index.ts";
import { itemSheetView } from "../../src/applications/sheets/views/item.ts";
import { createHandlebars } from "../support/handlebars.ts";
import { ROLL_HINT_KEYS } from "../../src/applications/dialogs/skip.ts";
import { ROOT } from "../support/i18n.ts";
import { i18n } from "./render-sheet.ts";
import { SAMPLE_EQUIPMENT } from "./samples.ts";

const kit = (editable: boolean) =>
  new ViewKit(i18n, { editable, idPrefix: "rb-test", rollHintKey: ROLL_HINT_KEYS.dialog, rollHintKeys: "Shift" });

function renderSections(
  editable: boolean,
  items = SAMPLE_EQUIPMENT,
  engine: "action" | "wild" = "action",
): HTMLElement {
  const hb = createHandlebars();
  const template = hb.compile(readFileSync(path.join(ROOT, "templates/sheets/shared/section.hbs"), "utf8"));
  const host = document.createElement("div");
  host.innerHTML = equipmentSections(engine, items, kit(editable))
    .map((s) => template(s))
    .join("");
  return host;
}

describe("the equipment lists of a character sheet", () => {
  it("names the keys in the weapon tooltips, and says an action or percentile damage roll goes straight to chat (issue 35 point 10)", () => {
    const text = (html: string | undefined) => {
      const shown = document.createElement("div");
      shown.innerHTML = html ?? "";
      return shown.textContent ?? "";
    };
    for (const engine of ["action", "wild", "pool", "percentile"] as const) {
      const [weapons] = equipmentSections(engine, SAMPLE_EQUIPMENT, kit(true));
      const row = weapons?.rows[0];
      expect(text(row?.roll?.tooltip), engine).toContain("Shift-click to roll at once");
      expect(text(row?.roll?.tooltip), engine).not.toContain("{keys}");
      const damage = text((row as { damage?: { tooltip?: string } } | undefined)?.damage?.tooltip);
      if (engine === "action" || engine === "percentile") {
        expect(damage, engine).toContain("it goes straight to chat");
        expect(damage, engine).not.toMatch(/set up the roll/);
      } else expect(damage, engine).toContain("Shift-click to roll at once");
    }
  });

  it("lists weapons and gear with the action figures, an attack per weapon, and the owner's buttons", () => {
    const [weapons, gear] = equipmentSections("action", SAMPLE_EQUIPMENT, kit(true));
    expect(weapons?.rows.map((r) => [r.label, ...(r.cells ?? [])])).toEqual([
      ["Battle axe", "+5", "1–2", "1d10+2"],
      ["Short bow", "+4", "1", "1d6"],
    ]);
    expect(weapons?.rows.map((r) => r.roll && { kind: r.roll.kind, key: r.roll.key })).toEqual([
      { kind: "weapon", key: "itemAxe000000001" },
      { kind: "weapon", key: "itemBow000000001" },
    ]);
    expect(gear?.rows.map((r) => [r.label, r.cells, r.roll])).toEqual([["Climbing rope", ["2"], undefined]]);
    expect(weapons?.rows[0]?.item).toMatchObject({ id: "itemAxe000000001", draggable: true });
    expect(weapons?.add).toMatchObject({ collection: "weapon", action: "createItem" });
  });

  it.each(["wild", "pool"] as const)(
    "offers a %s weapon an attack (a skill or ability rolled with it) beside its damage, with its figures",
    (engine) => {
      const [weapons, gear] = equipmentSections(engine, SAMPLE_EQUIPMENT, kit(true));
      expect(weapons?.rows.map((r) => r.cells)).toEqual(
        engine === "wild"
          ? [["3D+2"], ["2D+1"]]
          : [
              ["6", "3"],
              ["7", "2"],
            ],
      );
      expect(weapons?.rows.map((r) => [r.roll?.kind, r.roll?.key, r.damage?.kind])).toEqual([
        ["weapon", "itemAxe000000001", "damage"],
        ["weapon", "itemBow000000001", "damage"],
      ]);
      expect(gear?.rows.map((r) => r.roll)).toEqual([undefined]);
    },
  );

  it("shows a viewer who is not an owner no edit, delete, add or drag", () => {
    const html = renderSections(false);
    expect(
      html.querySelectorAll('[data-action="editItem"], [data-action="deleteItem"], [data-action="createItem"]'),
    ).toHaveLength(0);
    expect(html.querySelectorAll(".draggable")).toHaveLength(0);
    // The attack and damage buttons stay: rolling is checked by the roll itself (owners only).
    expect(html.querySelectorAll('[data-action="roll"][data-kind="weapon"]')).toHaveLength(2);
    expect(html.querySelectorAll('[data-action="roll"][data-kind="damage"]')).toHaveLength(2);
  });

  it("renders an owner's rows draggable with the item id, and each button naming its item", () => {
    const html = renderSections(true);
    const row = html.querySelector<HTMLElement>('tr[data-item-id="itemAxe000000001"]');
    expect(row?.classList.contains("draggable")).toBe(true);
    expect(row?.querySelector('[data-action="editItem"]')?.getAttribute("aria-label")).toBe("Edit Battle axe");
    expect(row?.querySelector('[data-action="deleteItem"]')?.getAttribute("data-item-id")).toBe("itemAxe000000001");
  });

  it("shows whether each item is equipped: a toggle for an owner, the state in words for anyone else", () => {
    const [axe, bow] = SAMPLE_EQUIPMENT;
    const items = [axe!, { ...bow!, system: { ...bow!.system, equipped: false } }];
    const owner = renderSections(true, items as typeof SAMPLE_EQUIPMENT);
    const toggles = [...owner.querySelectorAll<HTMLElement>('[data-action="toggleEquipped"]')];
    expect(toggles.map((b) => [b.dataset.itemId, b.getAttribute("aria-pressed"), b.textContent])).toEqual([
      ["itemAxe000000001", "true", "✓Equipped: Battle axe"],
      ["itemBow000000001", "false", "Equipped: Short bow"],
    ]);
    const viewer = renderSections(false, items as typeof SAMPLE_EQUIPMENT);
    expect(viewer.querySelectorAll('[data-action="toggleEquipped"]')).toHaveLength(0);
    expect([...viewer.querySelectorAll(".rb-row__equip")].map((c) => c.textContent)).toEqual([
      "Equipped",
      "Not equipped",
    ]);
  });

  it("shows a name the user typed as text, never as markup", () => {
    const [axe] = SAMPLE_EQUIPMENT;
    const html = renderSections(true, [
      { ...(axe as (typeof SAMPLE_EQUIPMENT)[number]), name: '<img src=x onerror="alert(1)">' },
    ]);
    expect(html.querySelector("img")).toBeNull();
    expect(html.querySelector("tr[data-item-id] th")?.textContent).toBe('<img src=x onerror="alert(1)">');
    // Foundry shows a data-tooltip as HTML: the edit and delete tooltips must still read as the text.
    for (const button of html.querySelectorAll<HTMLElement>("[data-action=editItem], [data-action=deleteItem]")) {
      const shown = document.createElement("div");
      shown.innerHTML = button.dataset.tooltip ?? "";
      expect(shown.querySelector("img")).toBeNull();
      expect(shown.textContent).toBe(button.getAttribute("aria-label"));
    }
  });
});

describe("the item sheet's body", () => {
  const [axe, , rope] = SAMPLE_EQUIPMENT;

  it("shows an unowned weapon every engine's group, and an owned one its owner's engine's only", () => {
    const all = itemSheetView(axe!, null, kit(true));
    expect(all.sections.map((s) => s.title)).toEqual([
      "General",
      "Action Dice",
      "Wild Die (D6)",
      "Precision & Impact",
      "Percentile (bonus & penalty dice)",
      "Dice Pool (successes)",
    ]);
    const owned = itemSheetView(axe!, "action", kit(true));
    expect(owned.sections.flatMap((s) => s.rows.flatMap((r) => r.inputs.map((i) => [i.name, i.value])))).toEqual([
      ["system.kind", "melee"],
      ["system.action.attack", 5],
      ["system.action.botchRange", "2"],
      ["system.action.damage", "1d10+2"],
    ]);
    // A dice-pool character's copy names its usual Ability and the Attribute paired with it.
    const pool = itemSheetView(axe!, "pool", kit(true));
    expect(pool.sections.flatMap((s) => s.rows.flatMap((r) => r.inputs.map((i) => i.name)))).toEqual([
      "system.kind",
      "system.pool.difficulty",
      "system.pool.damage",
      "system.pool.ability",
      "system.pool.attribute",
    ]);
  });

  it("shows gear its quantity always, and a description as a text area", () => {
    const view = itemSheetView(rope!, "percentile", kit(false));
    expect(view.sections.flatMap((s) => s.rows.map((r) => r.label))).toEqual(["Quantity"]);
    expect(view.description).toMatchObject({ name: "system.description", kind: "textarea", disabled: true });
  });
});

describe("the item sheet's effects", () => {
  const [, , rope] = SAMPLE_EQUIPMENT;
  const add = (key: string, value: string) => ({ key: `flags.rolling-bones.roll.${key}`, value, mode: 2 });
  const EFFECTS = [
    { id: "effLoad000000001", name: "Heavy load", disabled: false, transfer: true, changes: [add("impact", "-1")] },
    { id: "effDark000000001", name: "Dim light", disabled: false, transfer: true, changes: [add("penalty", "1")] },
    { id: "effOff0000000001", name: "Switched off", disabled: true, transfer: true, changes: [add("impact", "1")] },
    { id: "effStay000000001", name: "On the rope", disabled: false, transfer: false, changes: [add("impact", "1")] },
    { id: "effNone000000001", name: "Shiny", disabled: false, transfer: true, changes: [add("sparkle", "1")] },
  ];

  function render(engine: "pi" | null, editable: boolean, effects = EFFECTS): HTMLElement {
    const hb = createHandlebars();
    const template = hb.compile(readFileSync(path.join(ROOT, "templates/sheets/item/effects.hbs"), "utf8"));
    const host = document.createElement("div");
    host.innerHTML = template(itemSheetView(rope!, engine, kit(editable), effects).effects);
    return host;
  }

  it("says what each effect changes in the owner's engine's rolls, in the card's words, or why it changes nothing", () => {
    const rows = [...render("pi", true).querySelectorAll<HTMLElement>("li[data-effect-id]")];
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, " ").trim())).toEqual([
      "Heavy load Impact −1",
      // A percentile change on a Precision & Impact character's item: nothing for this character.
      "Dim light Changes nothing the system reads",
      "Switched off Impact +1 Disabled: changes nothing",
      "On the rope Impact +1 Does not apply to the holder: changes nothing",
      "Shiny Changes nothing the system reads",
    ]);
    // An item nobody holds shows every engine's reading.
    const unowned = [...render(null, true).querySelectorAll<HTMLElement>("li[data-effect-id]")];
    expect(unowned[1]?.textContent?.replace(/\s+/g, " ").trim()).toBe("Dim light Penalty dice +1");
  });

  it("gives an owner add, edit and delete, each naming its effect, and a viewer none", () => {
    const owner = render("pi", true);
    expect(owner.querySelector('[data-action="createEffect"]')).not.toBeNull();
    const load = owner.querySelector(`li[data-effect-id="effLoad000000001"]`);
    expect(load?.querySelector('[data-action="editEffect"]')?.getAttribute("aria-label")).toBe("Edit Heavy load");
    expect(load?.querySelector('[data-action="deleteEffect"]')?.getAttribute("aria-label")).toBe("Remove Heavy load");
    const viewer = render("pi", false);
    expect(
      viewer.querySelectorAll('[data-action="createEffect"], [data-action="editEffect"], [data-action="deleteEffect"]'),
    ).toHaveLength(0);
    expect(render("pi", false, []).querySelector(".rb-section__empty")?.textContent).toBe("No effects.");
  });

  it("shows an effect's name as text, never as markup", () => {
    const hostile = [{ ...EFFECTS[0]!, name: '<img src=x onerror="alert(1)">' }];
    const html = render("pi", true, hostile);
    expect(html.querySelector("img")).toBeNull();
    expect(html.querySelector(".rb-item__effect-name")?.textContent).toBe('<img src=x onerror="alert(1)">');
  });
});

describe("the GM's End now on a timed condition (issue 35 point 10)", () => {
  it("has an accessible name that begins with its visible words", async () => {
    const { timedStat } = await import("../../src/applications/sheets/views/health.ts");
    const gm = new ViewKit(i18n, { editable: true, gm: true, idPrefix: "rb-test", rollHintKey: ROLL_HINT_KEYS.dialog });
    const [line] = timedStat([{ id: "effect1", name: "Stunned", value: 1, units: "rounds" }], gm).list ?? [];
    const button = (line as { button?: { text: string; label: string } }).button;
    expect(button?.text).toBe("End now");
    expect(button?.label.startsWith(button.text)).toBe(true);
    expect(button?.label).toContain("Stunned");
  });
});
