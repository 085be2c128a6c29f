/** The lab page's model, lab/model/dialogs.ts: the lab's dialogs are the dialogs' pure modules, NPC dialogs and condition lines included. */
import { describe, expect, it } from "vitest";
import { DEFAULT_DIALOG_SETTINGS } from "../../../src/applications/dialogs/types.ts";
import {
  LAB_ENGINES,
  STARTING_REQUESTS,
  carryDialog,
  dialogRequest,
  openDialog,
  sheetContext,
  sheetRoll,
  withItemToggled,
  type SampleActor,
} from "../../../lab/model.ts";
import { UNTRAINED_GROUP_KEY } from "../../../src/data/actor/pure.ts";
import { I18N, actors } from "./support.ts";

describe("lab dialogs", () => {
  it("opens a sample P&I character's weapon row as an attack: the choice, the weapon and the gear to tick", () => {
    const odile = actors().find((a) => a.name === "Odile Fenwick") as SampleActor;
    const sword = odile.items.find((i) => i.name === "Longsword");
    const roll = sheetRoll(odile, { kind: "weapon", key: sword?.id ?? "" }, I18N);
    expect(roll).toMatchObject({ engine: "pi", title: "Longsword", direct: false });
    expect(roll.settings.attack?.uses.map((u) => u.text)).toContain("Fencing");
    expect(roll.settings.attack?.weapon.adjustments).toEqual([{ target: "impact", value: 2 }]);
    expect(roll.settings.gear?.map((g) => g.name)).toEqual(["Lockpicks"]);
    const dialog = openDialog("pi", DEFAULT_DIALOG_SETTINGS, roll.request, roll.title, roll.settings);
    expect(dialog.values).toMatchObject({
      use: roll.settings.attack?.use,
      [`gear-${roll.settings.gear?.[0]?.id}`]: false,
    });
    const evaluation = dialogRequest(dialog, DEFAULT_DIALOG_SETTINGS, "en");
    expect(evaluation.equipment?.named).toEqual([{ name: "Longsword", adjustments: [{ target: "impact", value: 2 }] }]);
    // The world settings changing keeps the player's choice and the gear ticked.
    const ticked = { ...dialog, values: { ...dialog.values, [`gear-${roll.settings.gear?.[0]?.id}`]: true } };
    const shift = { ...DEFAULT_DIALOG_SETTINGS, percentileMode: "shift" as const };
    expect(carryDialog(ticked, DEFAULT_DIALOG_SETTINGS, shift, "en").values).toMatchObject({
      use: roll.settings.attack?.use,
      [`gear-${roll.settings.gear?.[0]?.id}`]: true,
    });
  });

  it("opens the Wild Die and dice-pool samples' weapon rows as attacks: a choice of skill or pair, the weapon's difficulty", () => {
    const kestrel = actors().find((a) => a.name === "Kestrel Vane") as SampleActor;
    const pistol = kestrel.items.find((i) => i.name === "Old pistol");
    const wildRoll = sheetRoll(kestrel, { kind: "weapon", key: pistol?.id ?? "" }, I18N);
    expect(wildRoll).toMatchObject({ engine: "wild", title: "Old pistol", direct: false });
    expect(wildRoll.settings.attack?.uses.map((u) => u.text)).toContain("Blaster");
    const wildDialog = openDialog("wild", DEFAULT_DIALOG_SETTINGS, wildRoll.request, wildRoll.title, wildRoll.settings);
    expect(dialogRequest(wildDialog, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);

    const silas = actors().find((a) => a.name === "Silas Greaves") as SampleActor;
    const sword = silas.items.find((i) => i.name === "Longsword");
    const poolRoll = sheetRoll(silas, { kind: "weapon", key: sword?.id ?? "" }, I18N);
    expect(poolRoll).toMatchObject({ engine: "pool", title: "Longsword", direct: false });
    const groups = [...new Set(poolRoll.settings.attack?.uses.map((u) => u.group))];
    expect(groups).toEqual([
      "Investigation",
      "Firearms",
      "Subterfuge",
      "Occult",
      "Melee",
      I18N.localize(UNTRAINED_GROUP_KEY),
    ]);
    const poolDialog = openDialog("pool", DEFAULT_DIALOG_SETTINGS, poolRoll.request, poolRoll.title, poolRoll.settings);
    // The sword's usual pair, Dexterity + Melee, as the two pickers.
    expect(poolDialog.values).toMatchObject({
      use: "ability:abilityMelee0001+dexterity",
      useAttribute: "dexterity",
      useAbility: "abilityMelee0001",
      difficulty: String(6),
    });
    expect(dialogRequest(poolDialog, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it.each([...LAB_ENGINES])("%s starts from a request it can roll", (engine) => {
    const state = openDialog(engine, DEFAULT_DIALOG_SETTINGS, STARTING_REQUESTS[engine]);
    expect(dialogRequest(state, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it("carries a percentile dialog from dice to a column shift and back", () => {
    const dice = openDialog("percentile", DEFAULT_DIALOG_SETTINGS, { bonus: 2, penalty: 0, column: 9 });
    const shiftSettings = { ...DEFAULT_DIALOG_SETTINGS, percentileMode: "shift" as const };
    const shifted = carryDialog(dice, DEFAULT_DIALOG_SETTINGS, shiftSettings, "en");
    expect(shifted.values.shift).toBe("2");
    const back = carryDialog(shifted, shiftSettings, DEFAULT_DIALOG_SETTINGS, "en");
    expect(back.values).toMatchObject({ bonus: "2", penalty: "0", column: "9" });
  });
});

describe("lab NPC dialogs and condition lines (issue 24 items 5 and 6)", () => {
  const samples = actors();
  const named = (name: string) => samples.find((a) => a.name === name) as SampleActor;

  it("opens an NPC's roll without a player's points; an action-dice NPC's with the GM's pool of the table", () => {
    const bandit = named("Bandit Lookout");
    const bow = bandit.items.find((i) => i.type === "weapon");
    const roll = sheetRoll(bandit, { kind: "weapon", key: bow?.id ?? "" }, I18N);
    expect(roll.settings).toMatchObject({ npc: true, actionDice: { gm: true, level: null } });
    expect(roll.settings.points).toBeUndefined();
    // Bram (level 6, 4d6) and Bob's level-3 character (3d4): the GM's d10s, 2 players + 4.
    expect(roll.settings.actionDice?.held).toEqual([{ faces: 10, count: 6 }]);
    const watch = named("Night Watch Patrolman");
    const dagger = watch.items.find((i) => i.type === "weapon");
    const poolRoll = sheetRoll(watch, { kind: "weapon", key: dagger?.id ?? "" }, I18N);
    expect(poolRoll.settings).toMatchObject({ npc: true });
    const state = openDialog("pool", DEFAULT_DIALOG_SETTINGS, poolRoll.request, poolRoll.title, poolRoll.settings);
    expect(dialogRequest(state, DEFAULT_DIALOG_SETTINGS, "en").ok).toBe(true);
  });

  it("lists Odile's conditions, and her plate's effect once it is equipped, with where each comes from", () => {
    const odile = named("Odile Fenwick");
    const fencing = Object.keys((odile.system as { skills: object }).skills)[0] ?? "";
    const roll = sheetRoll(odile, { kind: "skill", key: fencing }, I18N);
    expect(roll.settings.conditions).toEqual([
      {
        name: I18N.localize("ROLLING_BONES.Condition.rb-exhausted.name"),
        adjustments: [{ target: "impact", value: -1 }],
      },
    ]);
    const plate = odile.items.find((i) => i.name === "Plate armour");
    const armoured = withItemToggled(odile, plate?.id ?? "");
    const conditions = sheetRoll(armoured, { kind: "skill", key: fencing }, I18N).settings.conditions ?? [];
    expect(conditions.map((c) => c.source ?? null)).toEqual([null, "Plate armour"]);
    const sheet = sheetContext(armoured, true, I18N);
    const list = sheet.view.stats.find((s) => s.id.endsWith("conditions-status"))?.list?.map((i) => i.text) ?? [];
    expect(list.some((text) => text.includes("Plate armour"))).toBe(true);
  });
});
