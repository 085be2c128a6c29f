/** The Percentile dialog: both input modes → the exact engine request, bad input → the engine's error, odds = engine odds. */
import { describe, expect, it } from "vitest";
import { percentile } from "../../src/engines/index.ts";
import {
  formToRequest,
  formView,
  oddsView,
  requestToForm,
} from "../../src/applications/dialogs/percentile-roll-dialog.ts";
import { errorKey, errorOf, settingsWith, total } from "./dialog-helpers.ts";

const dice = settingsWith({ percentileMode: "dice" });
const shift = settingsWith({ percentileMode: "shift" });

describe("percentile dialog: form → request", () => {
  it("turns bonus/penalty dice, karma dice, a called shot and the rating into the exact request", () => {
    const values = {
      bonus: "2",
      penalty: "1",
      karmaDice: "1",
      voluntaryPenalty: "1",
      damageMultiplier: "3",
      column: "7",
    };
    expect(formToRequest(values, dice)).toEqual({
      bonus: 2,
      penalty: 1,
      cap: 5,
      voluntaryPenalty: 1,
      karmaDice: 1,
      damageMultiplier: 3,
      column: 7,
    });
  });

  it("takes the cap from the world setting and leaves the column out when no rating is given", () => {
    const request = formToRequest({ bonus: "1", penalty: "0", column: "" }, settingsWith({ percentileCap: 0 }));
    expect(request.cap).toBe(0);
    expect("column" in request).toBe(false);
  });

  it("reads a column shift as bonus or penalty dice in shift mode, ignoring the dice fields", () => {
    expect(formToRequest({ shift: "-3", bonus: "9" }, shift)).toMatchObject({ bonus: 0, penalty: 3 });
    expect(formToRequest({ shift: "+2" }, shift)).toMatchObject({ bonus: 2, penalty: 0 });
    expect(formToRequest({ shift: "" }, shift)).toMatchObject({ bonus: 0, penalty: 0 });
  });

  it("writes a sheet's request as a shift in shift mode and gets the same net dice back", () => {
    const values = requestToForm({ bonus: 1, penalty: 3, column: 5 }, shift);
    expect(values.shift).toBe("-2");
    expect(formToRequest(values, shift)).toMatchObject({ bonus: 0, penalty: 2, column: 5 });
  });

  it("gives an untouched dialog's request back in dice mode", () => {
    const initial = { bonus: 2, penalty: 0, karmaDice: 1, column: 12 };
    expect(formToRequest(requestToForm(initial, dice), dice)).toEqual(percentile.validate({ ...initial, cap: 5 }));
  });

  it.each([
    [{ bonus: "x" }, dice, "ROLLING_BONES.Error.NotInteger"],
    [{ bonus: "21" }, dice, "ROLLING_BONES.Error.OutOfRange"],
    [{ penalty: "-1" }, dice, "ROLLING_BONES.Error.OutOfRange"],
    [{ karmaDice: "4" }, dice, "ROLLING_BONES.Error.TooManyKarmaDice"],
    [{ voluntaryPenalty: "1.5" }, dice, "ROLLING_BONES.Error.NotInteger"],
    [{ damageMultiplier: "0" }, dice, "ROLLING_BONES.Error.OutOfRange"],
    [{ column: "lots" }, dice, "ROLLING_BONES.Error.NotInteger"],
    [{ shift: "25" }, shift, "ROLLING_BONES.Error.OutOfRange"],
    [{ shift: "two" }, shift, "ROLLING_BONES.Error.NotInteger"],
  ])("refuses %j with %s", (values, settings, key) => {
    expect(errorKey(() => formToRequest(values, settings))).toBe(key);
  });

  it("names the shift field when a shift is bad", () => {
    expect(errorOf(() => formToRequest({ shift: "two" }, shift)).data.field).toBe("shift");
  });
});

describe("percentile dialog: odds view", () => {
  it("shows the engine's result-level chances in the rating's column, with the chance of each level or better", () => {
    const request = formToRequest({ bonus: "2", penalty: "0", column: "7" }, dice);
    const odds = percentile.odds(request);
    const view = oddsView(request, null, "en");
    expect(view.column).toBe(odds.column);
    expect(view.success?.p).toBe(odds.success);
    expect(view.levels?.map((l) => l.id)).toEqual([...percentile.LEVEL_IDS]);
    for (const level of view.levels ?? []) {
      expect(level.p).toBe(odds.levels?.[level.id as percentile.LevelId]);
      if (level.id === "catastrophic") expect(level.atLeast).toBeNull();
      else expect(level.atLeast?.p).toBe(odds.levelsAtLeast?.[level.id as percentile.LevelId]);
    }
    expect(view.mode).toBe("bonus");
    expect(view.dice).toBe(2);
  });

  it("shows the value distribution in ten bands that add up to the engine's value odds", () => {
    const request = formToRequest({ bonus: "0", penalty: "1" }, dice);
    const odds = percentile.odds(request);
    const view = oddsView(request, null, "en");
    expect(view.levels).toBeNull();
    expect(view.success).toBeNull();
    expect(view.bands.map((b) => b.text)).toEqual([
      "01–10",
      "11–20",
      "21–30",
      "31–40",
      "41–50",
      "51–60",
      "61–70",
      "71–80",
      "81–90",
      "91–00",
    ]);
    let lowBand = 0;
    for (let v = 1; v <= 10; v++) lowBand += odds.value[String(v)] ?? 0;
    expect(view.bands[0]?.p).toBeCloseTo(lowBand, 15);
    expect(total(view.bands)).toBeCloseTo(1, 12);
    expect(view.mode).toBe("penalty");
  });

  it("reports the cap with unsigned dice counts", () => {
    const view = oddsView(formToRequest({ bonus: "0", penalty: "8" }, dice), null, "en");
    expect(view.clamped).toEqual({ requested: 8, applied: 5 });
    expect(view.dice).toBe(5);
  });

  it("shows the karma the bought dice cost", () => {
    expect(oddsView(formToRequest({ karmaDice: "3" }, dice), null, "en").karmaCost).toBe(6);
  });
});

describe("percentile dialog: form view", () => {
  it("asks for bonus and penalty dice, or for a shift, as the world setting says", () => {
    expect(formView({}, dice).diceMode).toBe(true);
    expect(formView({}, shift).diceMode).toBe(false);
  });

  it("prices every karma option and the current choice", () => {
    const view = formView({ karmaDice: "2" }, dice);
    expect(view.karmaDice.map((o) => [o.value, o.cost, o.selected])).toEqual([
      ["0", 0, false],
      ["1", 2, false],
      ["2", 4, true],
      ["3", 6, false],
    ]);
    expect(view.karmaCost).toBe(4);
    expect(formView({ karmaDice: "9" }, dice).karmaCost).toBe(0);
  });
});
