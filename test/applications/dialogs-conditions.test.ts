// @vitest-environment happy-dom
/**
 * Each roller offers what it has, and conditions are seen before the roll (issue 24 items 5 and 6),
 * Foundry-free: every engine's dialog lists the conditions and effects on the roll (with where each
 * comes from) and its odds include them, exactly as the engine's odds of the adjusted request; an
 * NPC's dialog offers none of a player's points; an action-dice NPC's dialog reads the GM's pool;
 * Wild Die gear can be ticked into the outside bonus; the token HUD offers a token only its engine's
 * conditions.
 */
import { describe, expect, it } from "vitest";
import { action, percentile, pool, wild, type EngineId } from "../../src/engines/index.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import { gearField } from "../../src/applications/dialogs/equipment.ts";
import {
  CONDITIONS,
  conditionsOf,
  conditionStatusEffects,
  type NamedCondition,
} from "../../src/data/conditions/index.ts";
import { isActorType } from "../../src/data/actor/pure.ts";
import { itemAdjustments, newGear } from "../../src/data/item/pure.ts";
import { format, localize } from "../support/i18n.ts";
import { renderDialogForm, settingsWith } from "./dialog-helpers.ts";

/** A condition as an effect on the character, or from an item. */
const condition = (
  name: string,
  target: string,
  value: number | "minor" | "major",
  source?: string,
): NamedCondition => ({
  name,
  adjustments: [{ target, value }],
  ...(source === undefined ? {} : { source }),
});

/** The chance of success an evaluated dialog shows (its headline's, or its `success` figure). */
function headline(
  engine: EngineId,
  values: Record<string, string | boolean>,
  conditions: NamedCondition[],
  id: string,
) {
  const evaluation = evaluateForm(DIALOG_ENGINES[engine], values, settingsWith({ conditions }), "en");
  if (!evaluation.ok) throw new Error(evaluation.errors[0]?.error.key);
  const odds = evaluation.odds as { headline?: { id: string; p: number }[]; success?: { p: number } | null };
  return odds.headline ? odds.headline.find((h) => h.id === id)?.p : odds.success?.p;
}

describe("conditions in the roll dialogs", () => {
  it("count in the odds before the roll, exactly as the engine's odds of the adjusted request", () => {
    // Dice pool: an Impaired character rolls one die fewer.
    const poolValues = DIALOG_ENGINES.pool.requestToForm({ pool: 5, difficulty: 6 }, settingsWith());
    expect(headline("pool", poolValues, [condition("Impaired", "pool", -1)], "success")).toBe(
      pool.odds({ pool: 4, difficulty: 6 }).pSuccess,
    );
    // Action dice: a Shaken character's −2 on the d20 against DC 15.
    const actionValues = { ...DIALOG_ENGINES.action.requestToForm({ modifier: 3 }, settingsWith()), dc: "15" };
    const shaken = headline("action", actionValues, [condition("Shaken", "modifier", -2)], "success");
    expect(shaken).toBe(action.odds({ kind: "check", modifier: 1, dc: 15 }).pSuccess);
    // Percentile: a Hampered character's penalty die.
    const pctValues = DIALOG_ENGINES.percentile.requestToForm({ bonus: 0, penalty: 0, column: 9 }, settingsWith());
    const hampered = headline("percentile", pctValues, [condition("Hampered", "penalty", 1)], "success");
    expect(hampered).toBe(percentile.odds({ bonus: 0, penalty: 1, column: 9 }).success);
  });

  it("keep a Stunned Wild Die roll at its one die at least (−1D, never below 1D)", () => {
    const values = { ...DIALOG_ENGINES.wild.requestToForm({ dice: 1, pips: 2 }, settingsWith()), target: "5" };
    const stunned = headline("wild", values, [condition("Stunned", "dice", -1)], "success");
    expect(stunned).toBe(headline("wild", values, [], "success"));
    const three = { ...DIALOG_ENGINES.wild.requestToForm({ dice: 3, pips: 0 }, settingsWith()), target: "10" };
    expect(headline("wild", three, [condition("Stunned", "dice", -1)], "success")).toBe(
      wild.chanceAtLeast(wild.odds({ dice: 2, pips: 0 }), 10),
    );
  });

  it("are listed as lines with where each comes from, the user's names as text", () => {
    const conditions = [condition("Hampered", "penalty", 1), condition("Encumbered <b>", "penalty", 1, "Plate <i>")];
    const values = DIALOG_ENGINES.percentile.requestToForm({ column: 9 }, settingsWith());
    const { host } = renderDialogForm("percentile", values, settingsWith({ conditions }));
    const lines = [...host.querySelectorAll("[data-condition-line]")].map((l) =>
      l.textContent?.replace(/\s+/g, " ").trim(),
    );
    const penalty = localize("ROLLING_BONES.Condition.Target.penalty");
    expect(lines).toEqual([
      `Hampered: ${penalty} +1 (${localize("ROLLING_BONES.Dialog.Conditions.OnCharacter")})`,
      `Encumbered <b>: ${penalty} +1 (${format("ROLLING_BONES.Dialog.Conditions.From", { item: "Plate <i>" })})`,
    ]);
    expect(host.querySelector("[data-conditions] b, [data-conditions] i:not([aria-hidden])")).toBeNull();
    // A Precision & Impact character's own hindrances are listed too: the request already holds them.
    const sheet = [condition("Winded", "hindrance", "minor")];
    const pi = renderDialogForm(
      "pi",
      DIALOG_ENGINES.pi.requestToForm({ pool: [8, 6] }, settingsWith()),
      settingsWith({ sheetConditions: sheet }),
    );
    expect(pi.host.querySelector("[data-condition-line]")?.textContent).toContain("Winded");
  });
});

describe("an NPC's dialog", () => {
  it.each<[EngineId, string[]]>([
    ["percentile", ["karmaDice"]],
    ["wild", ["characterPoints", "fatePoint"]],
    ["pool", ["willpower"]],
  ])("%s: offers none of a player's points (%o)", (engine, fields) => {
    const values = DIALOG_ENGINES[engine].requestToForm(undefined, settingsWith());
    for (const name of fields) {
      expect(
        renderDialogForm(engine, values, settingsWith()).host.querySelector(`[name="${name}"]`),
        name,
      ).not.toBeNull();
      expect(
        renderDialogForm(engine, values, settingsWith({ npc: true })).host.querySelector(`[name="${name}"]`),
        name,
      ).toBeNull();
    }
    // The roll it makes spends nothing.
    const evaluation = evaluateForm(DIALOG_ENGINES[engine], values, settingsWith({ npc: true }), "en");
    expect(evaluation.ok).toBe(true);
  });

  it("of an action-dice NPC says the dice are the GM's pool, its real size and count", () => {
    const settings = settingsWith({
      actionDice: { level: null, faces: null, held: [{ faces: 12, count: 7 }], gm: true },
    });
    const values = DIALOG_ENGINES.action.requestToForm({ kind: "attack", modifier: 4 }, settings);
    expect(values.augmentDie).toBe("12");
    const { host } = renderDialogForm("action", values, settings);
    expect(host.querySelector("[data-held]")?.textContent).toBe(
      format("ROLLING_BONES.Dialog.Action.GmHeld", { count: "7", faces: "12" }),
    );
  });
});

describe("Wild Die gear in the dialog", () => {
  it("is ticked into the outside bonus, and the odds count it", () => {
    const lantern = { type: "gear" as const, system: { ...newGear(), wild: { bonus: "+1D+1" } } };
    const adjustments = itemAdjustments("wild", lantern);
    expect(adjustments).toEqual([
      { target: "outsideDice", value: 1 },
      { target: "outsidePips", value: 1 },
    ]);
    const gear = [{ id: "itemLantern00001", name: "Lantern", adjustments }];
    const settings = settingsWith({ gear });
    const values = { ...DIALOG_ENGINES.wild.requestToForm({ dice: 3, pips: 0 }, settings), target: "12" };
    const { host } = renderDialogForm("wild", values, settings);
    expect(host.querySelector(`[name="${gearField("itemLantern00001")}"]`)).not.toBeNull();
    const ticked = evaluateForm(
      DIALOG_ENGINES.wild,
      { ...values, [gearField("itemLantern00001")]: true },
      settings,
      "en",
    );
    if (!ticked.ok) throw new Error(ticked.errors[0]?.error.key);
    const odds = ticked.odds as { success: { p: number } };
    expect(odds.success.p).toBe(
      wild.chanceAtLeast(wild.odds({ dice: 3, pips: 0, outsideDice: 1, outsidePips: 1 }), 12),
    );
    expect(odds.success.p).not.toBe(headline("wild", values, [], "success"));
  });
});

describe("the token HUD's conditions", () => {
  it("are offered only to the tokens of their engine's characters and NPCs", () => {
    const effects = conditionStatusEffects((key, value) => ({ key, value }));
    for (const engine of ["percentile", "action", "wild", "pi", "pool"] as const) {
      const own = effects.filter((e) => e.hud.actorTypes.includes(`${engine}-character`)).map((e) => e.id);
      // The engine's own conditions, and the wounds every engine has (docs/rules.md §6).
      expect(own, engine).toEqual([...conditionsOf(engine).map((c) => c.id), "rb-wounded", "rb-badly-wounded"]);
      expect(own.length, engine).toBeGreaterThan(0);
    }
    for (const e of effects.filter((s) => !s.id.includes("wounded"))) {
      const engine = CONDITIONS.find((c) => c.id === e.id)?.engine;
      expect(e.hud.actorTypes).toEqual([`${engine}-character`, `${engine}-npc`]);
      for (const type of e.hud.actorTypes) expect(isActorType(type), type).toBe(true);
    }
  });
});
