// @vitest-environment happy-dom
/**
 * The character sheet templates against the data models: every input name and every `data-path`
 * of a rendered sample sheet points at a field of the type's schema (`defineSchema` on the Foundry
 * test double), every editable field of the schema appears on the sheet, every roll button names a
 * trait `requestForTrait` can roll, and the markup keeps its accessibility promises.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "../foundry/index.ts";
import { CHARACTER_TYPES, traitFromDataset, traitLabelOf, type CharacterType } from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { format, localize } from "../support/i18n.ts";
import { renderSheet } from "./render-sheet.ts";
import { SAMPLES } from "./samples.ts";
import { fieldAt, schemaOf, walkSchema, type ModelClass, type SchemaView } from "./schema-walk.ts";

let double: FoundryDouble;
let schemas: Record<CharacterType, SchemaView>;

beforeAll(async () => {
  double = installFoundry();
  const { config } = await import("../../src/data/actor/index.ts");
  schemas = Object.fromEntries(
    CHARACTER_TYPES.map((type) => [type, schemaOf(config[type] as unknown as ModelClass)]),
  ) as Record<CharacterType, SchemaView>;
});
afterAll(() => double.uninstall());

function dom(type: CharacterType, editable = true, gm = false): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = renderSheet(type, SAMPLES[type], { editable, gm });
  return host;
}

/** A schema path with entry ids replaced by `element`, as walkSchema names fields. */
function schemaPath(type: CharacterType, dataPath: string): string {
  const parts = dataPath.replace(/^system\./, "").split(".");
  const out: string[] = [];
  let field = null;
  for (const part of parts) {
    const isEntry =
      field !== null && (field as { constructor: { name: string } }).constructor.name === "TypedObjectField";
    out.push(isEntry ? "element" : part);
    field = fieldAt(schemas[type], `system.${parts.slice(0, out.length).join(".")}`);
  }
  return out.join(".");
}

describe.each([...CHARACTER_TYPES])("%s sheet", (type) => {
  it("names only fields of the schema", () => {
    const html = dom(type);
    const paths = [
      ...[...html.querySelectorAll("[name]")]
        .map((el) => el.getAttribute("name") as string)
        .filter((n) => n !== "name"),
      ...[...html.querySelectorAll("[data-path]")].map((el) => el.getAttribute("data-path") as string),
    ];
    expect(paths.length).toBeGreaterThan(0);
    const unknown = paths.filter((p) => !p.startsWith("system.") || fieldAt(schemas[type], p) === null);
    expect(unknown).toEqual([]);
    expect(html.querySelector('[name="name"]')).not.toBeNull();
  });

  it("shows a GM every editable field of the schema", () => {
    const html = dom(type, true, true);
    const shown = new Set(
      [...html.querySelectorAll("[name], [data-path]")]
        .map((el) => el.getAttribute("name") ?? el.getAttribute("data-path") ?? "")
        .filter((p) => p.startsWith("system."))
        .map((p) => schemaPath(type, p)),
    );
    const leaves = walkSchema(schemas[type])
      .filter(
        (f) =>
          !["SchemaField", "TypedObjectField"].includes(f.field.constructor.name) &&
          f.path !== "schemaVersion" &&
          // Legacy weapon entries: kept in the schema only until the world migration moves them to Items.
          !f.path.startsWith("weapons."),
      )
      .map((f) => f.path);
    expect(leaves.filter((p) => !shown.has(p))).toEqual([]);
  });

  it("gives each roll button a trait the character can roll", () => {
    const buttons = [...dom(type).querySelectorAll<HTMLButtonElement>('[data-action="roll"]')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) {
      const { kind = "", key = "" } = button.dataset;
      expect(() => requestForTrait(type, SAMPLES[type], { kind, key }), `${kind} ${key}`).not.toThrow();
      expect(button.getAttribute("data-tooltip")).toContain(
        format("ROLLING_BONES.Dialog.Hint.Dialog", { keys: "Shift" }),
      );
    }
  });

  it("gives every control an accessible name and every input a label", () => {
    const html = dom(type);
    for (const button of html.querySelectorAll("button")) {
      const name = button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "";
      expect(name, button.outerHTML).not.toBe("");
      expect(name, button.outerHTML).not.toMatch(/ROLLING_BONES\./);
      expect(button.getAttribute("type")).toBe("button");
    }
    for (const input of html.querySelectorAll("input, select")) {
      const label = input.closest("label") ?? (input.id ? html.querySelector(`label[for="${input.id}"]`) : null);
      expect(label, input.outerHTML).not.toBeNull();
      expect(label?.textContent?.trim(), input.outerHTML).not.toBe("");
    }
    expect(html.innerHTML).not.toMatch(/ROLLING_BONES\./);
  });

  it("has as many column headings as cells in every row", () => {
    for (const table of dom(type).querySelectorAll("table")) {
      const head = table.querySelectorAll("thead th").length;
      if (head === 0) continue;
      for (const row of table.querySelectorAll("tbody tr")) expect(row.children.length).toBe(head);
    }
  });

  it("disables every field and hides add and remove buttons for a viewer who cannot edit", () => {
    const html = dom(type, false);
    for (const input of html.querySelectorAll("input, select"))
      expect(input.hasAttribute("disabled"), input.outerHTML).toBe(true);
    expect(
      html.querySelectorAll('[data-action="addEntry"], [data-action="removeEntry"], [data-action="addDie"]').length,
    ).toBe(0);
    for (const pip of html.querySelectorAll(".rb-pip")) expect(pip.hasAttribute("disabled")).toBe(true);
    expect(html.querySelectorAll('[data-action="roll"]').length).toBeGreaterThan(0);
  });
});

describe("wild sheet: this session's counters", () => {
  const sessionInputs = (html: HTMLElement) =>
    [...html.querySelectorAll("input")].filter((i) => i.name.startsWith("system.session."));

  it("shows a player the points spent this session as figures, not fields they could reset", () => {
    const html = dom("wild-character");
    expect(sessionInputs(html)).toEqual([]);
    const sample = SAMPLES["wild-character"].session;
    const text = html.textContent ?? "";
    expect(text).toContain("Counted by the rolls that spend points; a GM can correct it.");
    expect(text).toContain(String(sample.characterPoints));
  });

  it("lets a GM correct them", () => {
    const html = dom("wild-character", true, true);
    expect(sessionInputs(html).map((i) => i.name)).toEqual([
      "system.session.characterPoints",
      "system.session.fatePoints",
    ]);
  });
});

describe("pool sheet dots and squares", () => {
  it("fills as many dots as the rating, as one radio group whose checked dot tells the rating (issue 19 item 12)", () => {
    const html = dom("pool-character");
    const group = html.querySelector('[data-path="system.attributes.dexterity.rating"]') as HTMLElement;
    const pips = [...group.querySelectorAll(".rb-pip")];
    expect(pips).toHaveLength(5);
    expect(pips.map((p) => p.classList.contains("is-filled"))).toEqual([true, true, true, true, false]);
    expect(group.getAttribute("role")).toBe("radiogroup");
    expect(group.getAttribute("aria-label")).toBe("Dexterity");
    // One Tab stop, on the checked dot; each dot names the rating it stands for, once (RULES §5 names 0 to 5 dots).
    expect(pips.map((p) => p.getAttribute("role"))).toEqual(Array(5).fill("radio"));
    expect(pips.map((p) => p.getAttribute("aria-checked"))).toEqual(["false", "false", "false", "true", "false"]);
    expect(pips.map((p) => p.getAttribute("tabindex"))).toEqual(["-1", "-1", "-1", "0", "-1"]);
    expect(pips.map((p) => p.getAttribute("aria-label"))).toEqual([
      "Dexterity: 1 of 5 (Poor)",
      "Dexterity: 2 of 5 (Average)",
      "Dexterity: 3 of 5 (Good)",
      "Dexterity: 4 of 5 (Exceptional)",
      "Dexterity: 5 of 5 (Superb)",
    ]);
    expect(new Set(pips.map((p) => p.getAttribute("aria-label"))).size).toBe(5);
    // Each dot's tooltip names the rating it stands for, Poor to Superb.
    expect(pips.map((p) => p.getAttribute("title"))).toEqual(["Poor", "Average", "Good", "Exceptional", "Superb"]);
  });

  it("names ability ratings as attribute ratings", () => {
    const html = dom("pool-character");
    const group = html.querySelector('[data-path^="system.abilities."]') as HTMLElement;
    const checked = group.querySelector('[aria-checked="true"]');
    const rating = Number(checked?.getAttribute("data-value"));
    expect(rating).toBeGreaterThan(0);
    expect(checked?.getAttribute("aria-label")).toMatch(
      new RegExp(`: ${rating} of 6 \\(${["Poor", "Average", "Good", "Exceptional", "Superb"][rating - 1]}\\)$`),
    );
  });

  it("gives abilities the sixth dot the rules use for botch cancellation, and attributes none", () => {
    const html = dom("pool-character");
    const ability = [...html.querySelectorAll('[data-path="system.abilities.abilityOccult01.rating"] .rb-pip')];
    expect(ability).toHaveLength(6);
    // The rules name ratings up to 5; the sixth dot is told by what it does ('at 6, two' 1s ignored).
    expect(ability.map((p) => p.getAttribute("title"))).toEqual([
      "Poor",
      "Average",
      "Good",
      "Exceptional",
      "Superb",
      "Sixth dot: two 1s ignored for a botch",
    ]);
    expect(ability[5]?.getAttribute("aria-label")).toBe("Occult: 6 of 6 (Sixth dot: two 1s ignored for a botch)");
    expect(ability[5]?.hasAttribute("disabled")).toBe(false);
    const attribute = html.querySelectorAll('[data-path="system.attributes.intelligence.rating"] .rb-pip');
    expect(attribute).toHaveLength(5);
  });

  it("gives 10-point traits no rating names (the rules name only 0 to 5 dots)", () => {
    const html = dom("pool-character");
    const pips = [...html.querySelectorAll('[data-path="system.willpower.permanent"] .rb-pip')];
    expect(pips.some((p) => p.hasAttribute("title"))).toBe(false);
    expect(pips[0]?.getAttribute("aria-label")).toMatch(/: 1 of 10$/);
  });

  it("draws current Willpower as squares, disabled above the permanent rating", () => {
    const html = dom("pool-character");
    const squares = [...html.querySelectorAll('[data-path="system.willpower.current"] .rb-pip')];
    expect(squares).toHaveLength(10);
    expect(squares.filter((s) => s.classList.contains("is-filled"))).toHaveLength(4);
    expect(squares.map((s) => s.hasAttribute("disabled"))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe("pi sheet chips", () => {
  it("shows each attribute's dice as chips that change size and can be removed", () => {
    const html = dom("pi-character");
    const chips = html.querySelector('[data-path="system.attributes.power.dice"]') as HTMLElement;
    expect([...chips.querySelectorAll(".rb-chip__die")].map((c) => c.textContent?.trim())).toEqual(["d8", "d4"]);
    expect(chips.querySelector(".rb-chip__die")?.getAttribute("aria-label")).toBe("Power die 1: d8. Change to d10");
    expect(chips.querySelectorAll('[data-action="removeDie"]')).toHaveLength(2);
  });

  it("asks for the second attribute of an attribute roll, as the rules always combine two (issue 19 item 8)", () => {
    const html = dom("pi-character");
    const row = html.querySelector('[data-path="system.attributes.power.dice"]')?.closest("tr") as HTMLElement;
    // No roll of Power alone: the button opens the list of pairings.
    expect(row.querySelector('button[data-action="roll"]:not(.rb-roll-pairs__choice)')).toBeNull();
    expect(row.querySelector("summary")?.getAttribute("aria-label")).toBe(
      "Roll Power with… (a roll combines two attributes)",
    );
    const choices = [...row.querySelectorAll<HTMLElement>(".rb-roll-pairs__choice")];
    expect(choices.map((c) => [c.dataset.key, c.dataset.with, c.getAttribute("aria-label")])).toEqual([
      ["power", "power", "Roll Power + Power"],
      ["power", "quickness", "Roll Power + Quickness"],
      ["power", "wits", "Roll Power + Wits"],
      ["power", "resolve", "Roll Power + Resolve"],
    ]);
    // Each names a pair the requests know; the roll's title names both attributes.
    const pair = requestForTrait("pi-character", SAMPLES["pi-character"], traitFromDataset(choices[2]!.dataset)!);
    expect(traitLabelOf(pair.label, localize)).toBe("Power + Wits");
  });
});

describe("action sheet", () => {
  it("shows the action dice the level gives", () => {
    const html = dom("action-character");
    expect(html.querySelector('[data-stat$="actionDice"] output')?.textContent?.trim()).toBe("4d6");
    expect(html.querySelector('[data-stat$="actionDice"] .rb-stat__hint')?.textContent?.trim()).toBe(
      "GM die at this level: d10",
    );
  });
});

describe("wild sheet", () => {
  it("shows die codes and what may still be spent this session", () => {
    const html = dom("wild-character");
    expect((html.querySelector('[name="system.attributes.agility.code"]') as HTMLInputElement).value).toBe("3D+1");
    expect(html.querySelector('[data-stat$="sessionLeft"] output')?.textContent?.trim()).toBe("3 CP · 1 FP");
  });
});
