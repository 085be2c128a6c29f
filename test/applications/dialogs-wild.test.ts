/** The Wild Die dialog: die codes and points → the exact engine request, bad input → the engine's error, odds = engine odds. */
import { describe, expect, it } from "vitest";
import { wild } from "../../src/engines/index.ts";
import { evaluateForm } from "../../src/applications/dialogs/types.ts";
import {
  formToExtras,
  formToRequest,
  formView,
  oddsView,
  requestToForm,
  wildDialog,
} from "../../src/applications/dialogs/wild-roll-dialog.ts";
import { errorKey, errorOf, settingsWith } from "./dialog-helpers.ts";

const settings = settingsWith();

describe("wild dialog: form → request", () => {
  it("reads the die code, the outside bonus and the Character Points into the exact request", () => {
    expect(formToRequest({ code: "3D+1", bonus: "+1D+2", characterPoints: "2", fatePoint: false }, settings)).toEqual({
      dice: 3,
      pips: 1,
      outsideDice: 1,
      outsidePips: 2,
      characterPoints: 2,
      fatePoint: false,
      firstOneCounts: true,
      target: null,
      ownDice: true,
    });
  });

  it("takes a Fate Point, a pip-only bonus, and the first-1 rule from the world setting", () => {
    const request = formToRequest(
      { code: " 4d ", bonus: "-1", fatePoint: true },
      settingsWith({ wildFirstOneCounts: false }),
    );
    expect(request).toMatchObject({ dice: 4, pips: 0, outsideDice: 0, outsidePips: -1, fatePoint: true });
    expect(request.firstOneCounts).toBe(false);
  });

  it("writes a sheet's request as a die code and a bonus and gets it back", () => {
    const initial = { dice: 4, pips: 2, outsideDice: 1, outsidePips: 0 };
    const values = requestToForm(initial);
    expect(values.code).toBe("4D+2");
    expect(values.bonus).toBe("+1D");
    expect(formToRequest(values, settings)).toEqual(wild.validate(initial));
  });

  it.each([
    [{ code: "3X" }, "ROLLING_BONES.Error.BadDieCode"],
    [{ code: "" }, "ROLLING_BONES.Error.BadDieCode"],
    [{ code: "0D" }, "ROLLING_BONES.Error.BadDieCode"],
    [{ code: "3D", bonus: "-1D" }, "ROLLING_BONES.Error.BadDieCode"],
    [{ code: "3D", characterPoints: "51" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ code: "3D", characterPoints: "x" }, "ROLLING_BONES.Error.NotInteger"],
    [{ code: "3D", characterPoints: "1", fatePoint: true }, "ROLLING_BONES.Error.PointsOnSameRoll"],
  ])("refuses %j with %s", (values, key) => {
    expect(errorKey(() => formToRequest(values, settings))).toBe(key);
  });

  it("refuses a target that is not a whole number, and blocks the roll while it is bad", () => {
    expect(errorKey(() => formToExtras({ target: "ten" }))).toBe("ROLLING_BONES.Error.NotInteger");
    const evaluation = evaluateForm(wildDialog, { code: "3D", target: "ten" }, settings, "en");
    expect(evaluation.ok).toBe(false);
    expect(errorOf(() => formToRequest({ code: "3D", target: "0" }, settings)).data.field).toBe("target");
  });

  it("carries the target number into the request (the card judges by it); an empty field means none", () => {
    expect(formToRequest({ code: "3D+1", target: "15" }, settings).target).toBe(15);
    expect(formToRequest({ code: "3D+1", target: "" }, settings).target).toBeNull();
    expect(formToExtras({ target: "" })).toEqual({ target: null });
    expect(requestToForm({ dice: 3, target: 12 }).target).toBe("12");
    expect(requestToForm({ dice: 3 }).target).toBe("");
  });
});

describe("wild dialog: odds view", () => {
  it("says how many dice are thrown in the plural the count needs: 1 normal die, 2 normal dice (issue 35 point 10)", async () => {
    const { buildDialogContext } = await import("../../src/applications/dialogs/context.ts");
    const { renderTemplate } = await import("../support/handlebars.ts");
    const shape = (dice: number, characterPoints: number) => {
      const settings = settingsWith({});
      const context = buildDialogContext({
        engine: "wild",
        values: { code: `${dice}D`, bonus: "", characterPoints: String(characterPoints), fatePoint: false, target: "" },
        settings,
        lang: "en",
        idPrefix: "t",
        visibility: "public",
        localizeError: (e) => e.key,
      });
      const html = renderTemplate("templates/dialogs/wild/odds.hbs", context);
      return /data-note="shape">([^<]*)</.exec(html)?.[1];
    };
    expect(shape(2, 1)).toBe("Thrown: 1 normal die, the Wild Die, 1 extra Wild Die; pips 0.");
    expect(shape(3, 2)).toBe("Thrown: 2 normal dice, the Wild Die, 2 extra Wild Dice; pips 0.");
  });

  it("shows the engine's P(total ≥ target) and the Wild Die's chances", () => {
    const request = formToRequest({ code: "3D+1", characterPoints: "1" }, settings);
    const odds = wild.odds(request);
    const view = oddsView(request, { target: 12 }, "en");
    expect(view.success?.p).toBe(wild.chanceAtLeast(odds, 12));
    expect(oddsView(request, { target: null }, "en").success).toBeNull();
    expect(view.wildDie.map((w) => [w.id, w.p])).toEqual([
      ["criticalSuccess", odds.criticalSuccess],
      ["criticalFailure", odds.criticalFailure],
      ["catastrophicFailure", odds.catastrophicFailure],
    ]);
    expect(view.wildDie.map((w) => w.percent)).toEqual(["17%", "17%", "2.8%"]);
    expect(view.shape).toEqual(wild.shapeOf(request));
  });

  it("lists the chances for the targets around the chosen one, the chosen one marked", () => {
    const request = formToRequest({ code: "2D" }, settings);
    const odds = wild.odds(request);
    const view = oddsView(request, { target: 7 }, "en");
    expect(view.around.map((a) => a.target)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    for (const a of view.around) expect(a.p).toBe(wild.chanceAtLeast(odds, a.target));
    expect(view.around.filter((a) => a.current).map((a) => a.target)).toEqual([7]);
    expect(view.around[0]?.text).toBe("4+");
  });
});

describe("wild dialog: form view", () => {
  it("makes Character Points and the Fate Point exclude each other, a chosen one staying clearable", () => {
    expect(formView({ code: "3D", characterPoints: "0", fatePoint: true })).toMatchObject({
      characterPoints: { disabled: true },
      fatePoint: { checked: true, disabled: false },
    });
    expect(formView({ code: "3D", characterPoints: "2", fatePoint: false })).toMatchObject({
      characterPoints: { disabled: false },
      fatePoint: { disabled: true },
    });
  });
});
