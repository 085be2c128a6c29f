// @vitest-environment happy-dom
/**
 * Attacks against a target's defence (issue 24 item 3, docs/rules.md §6), Foundry-free: one target of the
 * roll's engine fills the dialog, whose odds are then exactly the engine's odds against that defence;
 * a hidden figure or another engine's target fills nothing; each engine's verdict on a target, from the
 * roll's own dice (a dice pool read again at the target's difficulty).
 */
import { describe, expect, it } from "vitest";
import { action, percentile, pool, shared, wild, type EngineId } from "../../src/engines/index.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import { dialogTargetsView, withTargetFigure } from "../../src/applications/dialogs/targets.ts";
import { readTargets, targetsHit, type DialogTarget } from "../../src/dice/cards/targets.ts";
import { judge, verdictOn } from "../../src/dice/cards/verdicts.ts";
import { DEFENCE } from "../../src/data/actor/defence.ts";
import { formatPercent } from "../../src/helpers/format.ts";
import { renderDialogForm, settingsWith } from "./dialog-helpers.ts";

/** A target as the dialog holds it. */
const target = (name: string, engine: EngineId | null, defence: number | null): DialogTarget => ({
  name,
  engine,
  defence,
  stored: { name, token: null, actor: null, engine, verdict: "pending" },
});

/** The odds an attack's dialog shows against one target, with the target's figure filled in. */
function successAgainst(engine: EngineId, initial: Record<string, unknown>, defence: number): number | undefined {
  const targets = [target("Foe", engine, defence)];
  const settings = settingsWith({ targets });
  const values = DIALOG_ENGINES[engine].requestToForm(withTargetFigure(engine, initial, targets), settings);
  const evaluation = evaluateForm(DIALOG_ENGINES[engine], values, settings, "en");
  if (!evaluation.ok) throw new Error(evaluation.errors[0]?.error.key);
  const odds = evaluation.odds as { headline?: { id: string; p: number }[]; success?: { p: number } | null };
  return odds.headline?.find((h) => h.id === "success")?.p ?? odds.success?.p;
}

describe("an attack against one target's defence", () => {
  it("fills the engine's figure from the target, and the odds are exactly the engine's against it", () => {
    expect(successAgainst("action", { kind: "attack", modifier: 4 }, 14)).toBe(
      action.odds({ kind: "attack", modifier: 4, dc: 14 }).pSuccess,
    );
    expect(successAgainst("pool", { pool: 5, difficulty: 6 }, 8)).toBe(pool.odds({ pool: 5, difficulty: 8 }).pSuccess);
    expect(successAgainst("wild", { dice: 4, pips: 1 }, 15)).toBe(
      wild.chanceAtLeast(wild.odds({ dice: 4, pips: 1 }), 15),
    );
    // A percentile target's penalty dice are not folded into the roll: the card reads each target at
    // its own net (docs/rules.md §6), so the roll's own request stays as it was.
    const own = { bonus: 0, penalty: 0, column: 9 };
    expect(withTargetFigure("percentile", own, [target("Foe", "percentile", 2)])).toBe(own);
    // Precision & Impact: the Precision needed becomes the roll's goal.
    const filled = withTargetFigure("pi", { pool: [8, 6] }, [target("Foe", "pi", 9)]);
    expect(filled).toEqual({ pool: [8, 6], precisionGoal: 9 });
    for (const engine of ["action", "wild", "pool", "pi"] as const) {
      expect(Object.keys(withTargetFigure(engine, {}, [target("Foe", engine, 3)]) ?? {})).toEqual([
        DEFENCE[engine].field,
      ]);
    }
  });

  it("fills nothing for a hidden figure, another engine's target, or several targets, and lists each", () => {
    const initial = { kind: "attack", modifier: 2 };
    expect(withTargetFigure("action", initial, [target("Foe", "action", null)])).toBe(initial);
    expect(withTargetFigure("action", initial, [target("Foe", "wild", 12)])).toBe(initial);
    expect(withTargetFigure("action", initial, [target("A", "action", 12), target("B", "action", 14)])).toBe(initial);
    const targets = [target("Ogre <b>", "action", 13), target("Shade", "action", null), target("Raider", "wild", 12)];
    expect(dialogTargetsView("action", targets)).toEqual({
      lines: [
        {
          name: "Ogre <b>",
          defence: { key: "ROLLING_BONES.Target.Figure.action", value: 13 },
          note: null,
          chance: null,
        },
        { name: "Shade", defence: null, note: "hidden", chance: null },
        { name: "Raider", defence: null, note: "otherEngine", chance: null },
      ],
      filled: false,
      several: true,
      readOnCard: false,
    });
    // A percentile attack on a percentile target says the card applies its penalty dice.
    expect(dialogTargetsView("percentile", [target("Guard", "percentile", 2)])).toMatchObject({
      filled: false,
      several: false,
      readOnCard: true,
    });
    const { host } = renderDialogForm(
      "action",
      DIALOG_ENGINES.action.requestToForm(initial, settingsWith({ targets })),
      settingsWith({ targets }),
    );
    const lines = [...host.querySelectorAll("[data-target-line]")].map((l) =>
      l.textContent?.replace(/\s+/g, " ").trim(),
    );
    expect(lines[0]).toContain("Ogre <b>");
    expect(lines[0]).toContain("13");
    expect(host.querySelector("[data-targets] b")).toBeNull();
    expect(lines[1]).not.toMatch(/\d/);
  });
});

describe("a percentile attack's chance against each target it may see (issue 35 point 2)", () => {
  it("shows the exact chance at each target's net beside its figure (rating 10 against 2 penalty dice: 12.5%), none for a hidden one", () => {
    const targets = [target("Guard", "percentile", 2), target("Shade", "percentile", null)];
    const settings = settingsWith({ targets });
    const values = DIALOG_ENGINES.percentile.requestToForm({ bonus: 0, penalty: 0, column: 10 }, settings);
    const evaluation = evaluateForm(DIALOG_ENGINES.percentile, values, settings, "en");
    if (!evaluation.ok) throw new Error("the form did not read");
    const request = evaluation.request as percentile.PercentileRequest;
    const exact = percentile.odds({ ...request, penalty: 2 }).success ?? 0;
    const view = dialogTargetsView("percentile", targets, { request, lang: "en" });
    // The exact 12.5 %, shown as the dialog shows every chance (formatPercent).
    expect(exact).toBeCloseTo(0.125, 12);
    expect(view.lines.map((l) => l.chance)).toEqual([formatPercent(exact, "en"), null]);
    const { host } = renderDialogForm("percentile", values, settings);
    const shown = [...host.querySelectorAll("[data-target-chance]")].map((e) => e.textContent?.trim());
    expect(shown).toEqual([`${formatPercent(exact, "en")} to succeed against it`]);
  });
});

describe("a verdict on a target", () => {
  const throwsOf = (faces: number, values: number[], role: string) => values.map((value) => ({ faces, role, value }));

  it("reads an action total against the DC; an activated botch misses and an activated critical hits", () => {
    const roll = { engine: "action" as const, request: {}, outcome: { total: 15 }, throws: [] };
    expect(judge(roll, 15)).toBe(true);
    expect(judge(roll, 16)).toBe(false);
    const entry = (type: string) => ({ id: type, type, by: "u", dice: [{ faces: 6, count: 1 }], undone: false });
    expect(judge({ ...roll, card: { ledger: [entry("botch")] } }, 5)).toBe(false);
    expect(judge({ ...roll, card: { ledger: [entry("critical")] } }, 30)).toBe(true);
  });

  it("reads the same dice-pool dice again at each target's difficulty", () => {
    const request = pool.validate({ pool: 5, difficulty: 6 });
    const throws = throwsOf(10, [6, 7, 8, 1, 2], "pool");
    const outcome = shared.rollWith(pool.engine, request, shared.fixedFaces([6, 7, 8, 1, 2]));
    const roll = { engine: "pool" as const, request, outcome, throws };
    expect([6, 7, 8, 9].map((d) => judge(roll, d))).toEqual([true, true, false, false]);
  });

  it("reads a Wild Die total, a Precision and a percentile success; another engine's target gets no verdict", () => {
    expect(judge({ engine: "wild", request: {}, outcome: { total: 12 }, throws: [] }, 12)).toBe(true);
    expect(judge({ engine: "pi", request: {}, outcome: { precision: 8 }, throws: [] }, 9)).toBe(false);
    // A one-die Precision & Impact attack misses, whatever its Precision (docs/rules.md §6).
    expect(judge({ engine: "pi", request: {}, outcome: { precision: 12, singleDie: true }, throws: [] }, 6)).toBe(
      false,
    );
    expect(judge({ engine: "pi", request: {}, outcome: { precision: 12, singleDie: false }, throws: [] }, 6)).toBe(
      true,
    );
    // A percentile roll from before the rule had its one target's penalty dice thrown with it: its success stands.
    expect(judge({ engine: "percentile", request: {}, outcome: { value: 71, success: true }, throws: [] }, 2)).toBe(
      true,
    );
    // A roll with its targets' extra dice is read at each target's own net: 83 for none, 23 with two penalty dice.
    const request = percentile.validate({ bonus: 0, penalty: 0, column: 10, extraDice: 2 });
    const throws = throwsOf(10, [8, 3, 4, 2], "tens");
    const outcome = percentile.resolve(
      request,
      shared.throwAll(percentile.engine, request, shared.fixedFaces([8, 3, 4, 2])),
    );
    const shot = { engine: "percentile" as const, request, outcome, throws };
    expect([judge(shot, 0), judge(shot, 2)]).toEqual([true, false]);
    // A target whose net needs more dice than were thrown is the GM's to judge.
    expect(verdictOn(shot, { engine: "percentile", defence: 3 })).toBe("none");
    const roll = { engine: "wild" as const, request: {}, outcome: { total: 30 }, throws: [] };
    expect(verdictOn(roll, { engine: "action", defence: 1 })).toBe("none");
    expect(verdictOn(roll, { engine: "wild", defence: 31 })).toBe("miss");
  });

  it("reads stored targets strictly, and says whether the attack hit any judged one", () => {
    const stored = [
      { name: "A", token: "Scene.s.Token.a", actor: "actorA", engine: "pool", verdict: "miss" },
      { name: "B", token: null, actor: null, engine: "nope", verdict: "weird", defence: "8" },
      { name: 5 },
    ];
    expect(readTargets(stored)).toEqual([
      { name: "A", token: "Scene.s.Token.a", actor: "actorA", engine: "pool", verdict: "miss" },
      { name: "B", token: null, actor: null, engine: null, verdict: "pending" },
    ]);
    expect(targetsHit(stored)).toBe(false);
    expect(targetsHit([{ name: "A", engine: "pool", verdict: "hit" }, ...stored])).toBe(true);
    expect(targetsHit([{ name: "C", engine: null, verdict: "none" }])).toBeNull();
  });
});
