// @vitest-environment happy-dom
/**
 * Conditions, Foundry-free: the status effects the system declares (each generation's change shape),
 * how a roll reads an actor's effects (either generation's change shape, disabled effects and other
 * engines' targets left out), how a request is adjusted, and the sheets' conditions stat; and the
 * NPC sheet view built from its character type's.
 */
import { describe, expect, it } from "vitest";
import {
  CONDITIONS,
  namedConditions,
  conditionStatusEffects,
  withConditions,
} from "../../src/data/conditions/index.ts";
import { renderSheet, sheetContext } from "./render-sheet.ts";
import { SAMPLES } from "./samples.ts";
import { localize } from "../support/i18n.ts";

/** Either generation's reading of a change's kind (as `compat.effectChangeKind`, without a `game`). */
const kindOf = (c: { mode?: unknown; type?: unknown }) =>
  c.type === "add" || c.mode === 2 ? "add" : c.type === "override" || c.mode === 5 ? "override" : null;

const KEY = "flags.rolling-bones.roll.";

describe("the conditions", () => {
  it("are status effects whose changes name what they adjust, in the shape the generation gives", () => {
    const v14 = conditionStatusEffects((key, value, kind) => ({ key, value, type: kind }));
    // The engines' own conditions, then the two wounds of every engine (data/conditions/wounds.ts).
    expect(v14.map((s) => s.id)).toEqual([...CONDITIONS.map((c) => c.id), "rb-wounded", "rb-badly-wounded"]);
    // A wound holds one step (Badly wounded two) of every engine's penalty; each engine reads its own.
    expect(v14.find((s) => s.id === "rb-badly-wounded")?.changes).toEqual([
      { key: `${KEY}penalty`, value: "2", type: "add" },
      { key: `${KEY}modifier`, value: "-4", type: "add" },
      { key: `${KEY}dice`, value: "-2", type: "add" },
      { key: `${KEY}hindrance`, value: "major", type: "override" },
      { key: `${KEY}pool`, value: "-2", type: "add" },
    ]);
    expect(v14.find((s) => s.id === "rb-exhausted")).toEqual({
      id: "rb-exhausted",
      name: "ROLLING_BONES.Condition.rb-exhausted.name",
      img: "icons/svg/downgrade.svg",
      hud: { actorTypes: ["pi-character", "pi-npc"] },
      changes: [{ key: `${KEY}impact`, value: "-1", type: "add" }],
    });
    for (const s of v14) expect(localize(s.name), s.id).not.toBe(s.name);
  });

  it("a roll reads v13 modes and v14 types alike; disabled effects, other engines' targets and bad values are left out", () => {
    const effects = [
      { name: "Tired", changes: [{ key: `${KEY}impact`, value: "-1", mode: 2 }] },
      { name: "Blessed", changes: [{ key: `${KEY}precision`, value: "2", type: "add" }] },
      { name: "Off", disabled: true, changes: [{ key: `${KEY}impact`, value: "-5", mode: 2 }] },
      { name: "Dark", changes: [{ key: `${KEY}penalty`, value: "1", mode: 2 }] },
      {
        name: "Odd",
        changes: [
          { key: `${KEY}impact`, value: "x", mode: 2 },
          { key: `${KEY}impact`, value: "3", mode: 1 },
        ],
      },
      { name: "Strength", changes: [{ key: "system.attributes.power.dice", value: "8", mode: 2 }] },
      { name: "Mud", changes: [{ key: `${KEY}hindrance`, value: "minor", mode: 5 }] },
    ];
    expect(namedConditions("pi", effects, kindOf)).toEqual([
      { name: "Tired", adjustments: [{ target: "impact", value: -1 }] },
      { name: "Blessed", adjustments: [{ target: "precision", value: 2 }] },
      { name: "Mud", adjustments: [{ target: "hindrance", value: "minor" }] },
    ]);
    expect(namedConditions("percentile", effects, kindOf)).toEqual([
      { name: "Dark", adjustments: [{ target: "penalty", value: 1 }] },
    ]);
    expect(namedConditions("wild", effects, kindOf)).toEqual([]);
  });

  it("adjusts a request: numbers added to its own, hindrances folded with its own into one", () => {
    const tired = { name: "Tired", adjustments: [{ target: "impact", value: -1 }] };
    const mud = { name: "Mud", adjustments: [{ target: "hindrance", value: "minor" as const }] };
    expect(withConditions("pi", { pool: [6, 6], impactMod: 2 }, [tired])).toEqual({ pool: [6, 6], impactMod: 1 });
    expect(withConditions("pi", { pool: [6, 6] }, [mud])).toEqual({ pool: [6, 6], hindrance: "minor" });
    expect(withConditions("pi", { pool: [6, 6], hindrance: "minor" }, [mud])).toEqual({
      pool: [6, 6],
      hindrance: "major",
    });
    const request = { bonus: 1, penalty: 0 };
    expect(withConditions("percentile", request, [])).toBe(request);
  });
});

describe("the sheets' conditions", () => {
  const conditions = [
    { id: "rb-exhausted", name: "Exhausted", active: true },
    { id: "rb-minor-hindrance", name: "Minorly hindered", active: false },
  ];

  it("shows each condition's state, with a button that applies or removes it for an editor", () => {
    document.body.innerHTML = renderSheet("pi-character", SAMPLES["pi-character"], { conditions });
    const items = [...document.querySelectorAll('[data-stat$="conditions-status"] .rb-stat__item')];
    expect(items.map((i) => i.querySelector("span")?.textContent)).toEqual([
      `Exhausted: ${localize("ROLLING_BONES.Condition.On")}`,
      `Minorly hindered: ${localize("ROLLING_BONES.Condition.Off")}`,
    ]);
    const buttons = items.map((i) => i.querySelector("button"));
    expect(buttons.map((b) => [b?.dataset.action, b?.dataset.status, b?.textContent?.trim()])).toEqual([
      ["toggleCondition", "rb-exhausted", localize("ROLLING_BONES.Condition.Remove")],
      ["toggleCondition", "rb-minor-hindrance", localize("ROLLING_BONES.Condition.Apply")],
    ]);
  });

  it("offers no button to a viewer who may not edit", () => {
    document.body.innerHTML = renderSheet("pi-character", SAMPLES["pi-character"], { conditions, editable: false });
    expect(document.querySelectorAll('[data-stat$="conditions-status"] .rb-stat__item')).toHaveLength(2);
    expect(document.querySelectorAll('[data-action="toggleCondition"]')).toHaveLength(0);
  });
});

describe("the NPC sheets", () => {
  it("show the ratings and the notes, and none of a player's points or pools", () => {
    const notes = "Flees at <b>half</b> strength";
    document.body.innerHTML = renderSheet("pool-character", SAMPLES["pool-character"], { npcNotes: notes });
    const stats = [...document.querySelectorAll("[data-stat]")].map((s) => (s as HTMLElement).dataset.stat);
    // The defence figure (the GM's, edited) and health (left and maximum) lead every sheet, an NPC's too.
    expect(stats).toEqual([
      "rb-pool-character-defence",
      "rb-pool-character-health",
      "rb-pool-character-health-max",
      "rb-pool-character-notes",
    ]);
    expect(document.querySelector("input[name='system.defence']")).not.toBeNull();
    expect(document.querySelector("textarea[name='system.notes']")?.textContent).toBe(notes);
    expect(document.querySelector("[name^='system.willpower']")).toBeNull();
    expect(document.querySelectorAll("[data-action='roll'][data-kind='attribute']").length).toBeGreaterThan(0);
    expect(document.querySelector("[data-kind='tenPoint']")).toBeNull();
  });

  it.each(["percentile-character", "action-character", "wild-character", "pi-character"] as const)(
    "%s NPC: no points stat, rolls kept",
    (type) => {
      const character = sheetContext(type, SAMPLES[type] as never);
      const npc = sheetContext(type, SAMPLES[type] as never, { npcNotes: "" });
      const ids = (v: typeof npc) => v.view.stats.map((s) => s.id);
      expect(ids(npc).filter((id) => !id.endsWith("hindrance"))).toEqual([
        `rb-${type}-defence`,
        `rb-${type}-health`,
        `rb-${type}-health-max`,
        `rb-${type}-notes`,
      ]);
      expect(ids(character)).not.toContain(`rb-${type}-notes`);
      // A player where the world hides NPC defences: no figure; where it shows them: the figure as text.
      const hidden = sheetContext(type, SAMPLES[type] as never, { npcNotes: "", npcDefence: "hide" });
      expect(ids(hidden)).not.toContain(`rb-${type}-defence`);
      const shown = sheetContext(type, SAMPLES[type] as never, { npcNotes: "", npcDefence: "show" });
      const stat = shown.view.stats.find((s) => s.id === `rb-${type}-defence`);
      expect(stat?.input).toBeUndefined();
      expect(stat?.text).toMatch(/^\d+$/);
      expect(npc.view.sections.map((s) => s.id)).toEqual(character.view.sections.map((s) => s.id));
      expect(npc.header.typeLabel).toBe(localize(`ROLLING_BONES.Actor.${type.replace("-character", "-npc")}.label`));
    },
  );
});

describe("an item held by an NPC", () => {
  it("shows its owner's engine's figures, as a character's does", async () => {
    const { installFoundry } = await import("../foundry/index.ts");
    const double = installFoundry();
    try {
      const { ownerEngine } = await import("../../src/applications/sheets/item-sheet.ts");
      expect(ownerEngine("pi-npc")).toBe("pi");
      expect(ownerEngine("action-character")).toBe("action");
      expect(ownerEngine(undefined)).toBeNull();
    } finally {
      double.uninstall();
    }
  });
});
