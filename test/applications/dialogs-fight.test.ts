// @vitest-environment happy-dom
/**
 * Dialogs that offer only what the roll can use (issue 35 points 8 and 9, docs/rules.md §6): a ranged Wild
 * Die weapon's damage shows the weapon's code as written and offers no Fate Point (the engine refuses
 * one: there is none of the character's dice to double); a dice-pool damage roll offers no botch
 * cancellation, Willpower or automatic success (it never botches); an NPC's choice tables price none
 * of a player's points (karma, Character and Fate Points, Willpower).
 */
import { describe, expect, it } from "vitest";
import { choicesView } from "../../src/applications/dialogs/choices.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { wild } from "../../src/engines/index.ts";
import { SAMPLE_EQUIPMENT, SAMPLES } from "../data/samples.ts";
import { errorKey, points, renderDialogForm, settingsWith } from "./dialog-helpers.ts";

const byId = new Map(SAMPLE_EQUIPMENT.map((item) => [item.id, item]));
const BOW = "itemBow000000001"; // ranged: Wild Die 2D+1, dice pool 2 dice
const AXE = "itemAxe000000001"; // melee

const wildPoints = points({ wild: { characterPoints: 4, fatePoints: 2, cpUsed: 0, fpUsed: 0, cpLimit: 5 } });

describe("a ranged Wild Die weapon's damage (issue 35 points 8 and 9)", () => {
  const bow = requestForTrait("wild-character", SAMPLES["wild-character"], { kind: "damage", key: BOW }, (id) =>
    byId.get(id),
  );

  it("is the bow's code as written, and the engine refuses a Fate Point on it", () => {
    expect(bow.request).toEqual({ dice: 2, pips: 1, ownDice: false });
    expect(errorKey(() => wild.validate({ ...bow.request, fatePoint: true }))).toBe(
      "ROLLING_BONES.Error.FateNoOwnDice",
    );
    // A melee weapon's damage keeps the character's Strength dice, which a Fate Point doubles.
    const axe = requestForTrait("wild-character", SAMPLES["wild-character"], { kind: "damage", key: AXE }, (id) =>
      byId.get(id),
    );
    expect(wild.validate({ ...axe.request, fatePoint: true }).fatePoint).toBe(true);
  });

  it("shows 'Die code 2D+1' with nothing outside, no Fate Point box, and no Fate Point row", () => {
    const settings = settingsWith({ points: wildPoints, damage: { ownDice: false } });
    const values = DIALOG_ENGINES.wild.requestToForm(bow.request as never, settings);
    const { host } = renderDialogForm("wild", values, settings);
    expect(host.querySelector<HTMLInputElement>("[name=code]")?.value).toBe("2D+1");
    expect(host.querySelector<HTMLInputElement>("[name=bonus]")?.value).toBe("");
    expect(host.querySelector("[name=fatePoint]")).toBeNull();
    expect(host.querySelector("[name=characterPoints]")).not.toBeNull();
    const tables = choicesView("wild", values, settings, "en");
    expect(tables.map((t) => t.resource)).toEqual(["characterPoints"]);
    // What the form posts keeps the code the weapon's; a forged tick is refused, not spent.
    const evaluation = evaluateForm(DIALOG_ENGINES.wild, values, settings, "en");
    expect(evaluation.ok && evaluation.request).toMatchObject({ dice: 2, pips: 1, ownDice: false, fatePoint: false });
    const forged = evaluateForm(DIALOG_ENGINES.wild, { ...values, fatePoint: true }, settings, "en");
    expect(forged.ok).toBe(false);
  });

  it("a melee weapon's damage still offers the Fate Point", () => {
    const settings = settingsWith({ points: wildPoints, damage: { ownDice: true } });
    const values = DIALOG_ENGINES.wild.requestToForm({ dice: 3, outsideDice: 3, outsidePips: 2 }, settings);
    expect(renderDialogForm("wild", values, settings).host.querySelector("[name=fatePoint]")).not.toBeNull();
    expect(choicesView("wild", values, settings, "en").map((t) => t.resource)).toContain("fatePoint");
  });
});

describe("a dice-pool damage roll (issue 35 point 9)", () => {
  it("offers no botch cancellation, Willpower or automatic success, and prices none", () => {
    const settings = settingsWith({
      points: points({ willpower: { current: 3, permanent: 5, spentInTurn: null, turn: null } }),
      damage: { ownDice: true },
    });
    const values = DIALOG_ENGINES.pool.requestToForm({ pool: 7, difficulty: 6, damage: true }, settings);
    const { host } = renderDialogForm("pool", values, settings);
    for (const name of ["cancellation", "willpower", "automatic"])
      expect(host.querySelector(`[name=${name}]`)).toBeNull();
    expect(choicesView("pool", values, settings, "en")).toEqual([]);
    // Values a forged form might carry are not rolled.
    const evaluation = evaluateForm(
      DIALOG_ENGINES.pool,
      { ...values, willpower: true, cancellation: "2", automatic: true },
      settings,
      "en",
    );
    expect(evaluation.ok && evaluation.request).toMatchObject({ willpower: false, automatic: false, cancellation: 0 });
    // A check of the same dice still offers them.
    const check = DIALOG_ENGINES.pool.requestToForm({ pool: 7, difficulty: 6 }, settings);
    expect(choicesView("pool", check, settings, "en").map((t) => t.resource)).toEqual(["willpower", "automatic"]);
  });
});

describe("an NPC's choice tables (issue 35 point 9)", () => {
  it("price none of a player's points in any engine: karma, Character and Fate Points, Willpower", () => {
    const npc = settingsWith({ npc: true });
    const percentile = DIALOG_ENGINES.percentile.requestToForm({ bonus: 0, penalty: 0, column: 9 }, npc);
    expect(choicesView("percentile", percentile, npc, "en").map((t) => t.resource)).not.toContain("karmaDice");
    const wildValues = DIALOG_ENGINES.wild.requestToForm({ dice: 4, target: 14 }, npc);
    const wildTables = choicesView("wild", wildValues, npc, "en").map((t) => t.resource);
    expect(wildTables).not.toContain("characterPoints");
    expect(wildTables).not.toContain("fatePoint");
    const poolValues = DIALOG_ENGINES.pool.requestToForm({ pool: 7, difficulty: 6 }, npc);
    expect(choicesView("pool", poolValues, npc, "en").map((t) => t.resource)).toEqual(["automatic"]);
    // A character without known holdings is still offered them.
    const pc = settingsWith();
    expect(choicesView("wild", wildValues, pc, "en").map((t) => t.resource)).toContain("fatePoint");
    expect(choicesView("percentile", percentile, pc, "en").map((t) => t.resource)).toContain("karmaDice");
  });
});
