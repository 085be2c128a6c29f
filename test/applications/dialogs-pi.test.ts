/** The Precision & Impact dialog: dice counts → the exact engine request, bad input → the engine's error, odds = engine odds. */
import { describe, expect, it } from "vitest";
import { pi } from "../../src/engines/index.ts";
import { formToExtras, formToRequest, oddsView, requestToForm } from "../../src/applications/dialogs/pi-roll-dialog.ts";
import { errorKey, errorOf } from "./dialog-helpers.ts";

describe("pi dialog: form → request", () => {
  it("builds the pool largest die first, with the hindrance and both modifiers", () => {
    expect(formToRequest({ d4: "2", d8: "1", hindrance: "minor", precisionMod: "1", impactMod: "-1" })).toEqual({
      pool: [8, 4, 4],
      hindrance: "minor",
      precisionMod: 1,
      impactMod: -1,
    });
  });

  it("counts a sheet's pool per die size and gives the same dice back (the pick is made on the card)", () => {
    const values = requestToForm({ pool: [4, 8, 4], hindrance: "major", pick: [0, 1] });
    expect([values.d4, values.d6, values.d8, values.d10, values.d12]).toEqual(["2", "0", "1", "0", "0"]);
    expect(formToRequest(values)).toEqual({ pool: [8, 4, 4], hindrance: "major", precisionMod: 0, impactMod: 0 });
  });

  it.each([
    [{ d8: "-1" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ d8: "one" }, "ROLLING_BONES.Error.NotInteger"],
    [{}, "ROLLING_BONES.Error.PoolTooSmall"],
    [{ d4: "15", d6: "10" }, "ROLLING_BONES.Error.PiPoolTooLarge"],
    [{ d6: "2", hindrance: "huge" }, "ROLLING_BONES.Error.PiHindrance"],
    [{ d6: "1", hindrance: "minor" }, "ROLLING_BONES.Error.PiHindranceEmptiesPool"],
    [{ d6: "2", precisionMod: "1.5" }, "ROLLING_BONES.Error.NotInteger"],
    [{ d6: "2", impactMod: "101" }, "ROLLING_BONES.Error.OutOfRange"],
  ])("refuses %j with %s", (values, key) => {
    expect(errorKey(() => formToRequest(values))).toBe(key);
  });

  it("names the die size of a bad count", () => {
    expect(errorOf(() => formToRequest({ d8: "-1" })).data.field).toBe("d8");
  });

  it("carries the goal into the request; an empty field is not asked for, and a bad one is refused by name", () => {
    expect(formToRequest({ d8: "1", d4: "1", precisionGoal: "9", impactGoal: "3" })).toMatchObject({
      precisionGoal: 9,
      impactGoal: 3,
    });
    const none = formToRequest({ d8: "1", d4: "1", precisionGoal: "", impactGoal: " " });
    expect(none).not.toHaveProperty("precisionGoal");
    expect(none).not.toHaveProperty("impactGoal");
    expect(formToRequest({ d8: "1", d4: "1", impactGoal: "2" })).toMatchObject({ impactGoal: 2 });
    expect(errorOf(() => formToRequest({ d8: "1", d4: "1", impactGoal: "big" })).data.field).toBe("impactGoal");
    expect(formToExtras()).toEqual({});
  });

  it("a sheet's request with a goal fills the goal fields; without one they start empty", () => {
    expect(requestToForm({ pool: [8, 4], precisionGoal: 7 })).toMatchObject({ precisionGoal: "7", impactGoal: "" });
    expect(requestToForm({ pool: [8, 4] })).toMatchObject({ precisionGoal: "", impactGoal: "" });
  });
});

describe("pi dialog: odds view", () => {
  it("reads the odds for the goal: the chance some pick meets it, and each best pick's chance", () => {
    const request = formToRequest({ d8: "1", d4: "2", precisionMod: "1", precisionGoal: "8", impactGoal: "2" });
    const odds = pi.odds(request);
    const view = oddsView(request, {}, "en");
    expect(view.goal?.p).toBe(pi.chanceOfGoal(request));
    expect(view.goalKey).toBe("ROLLING_BONES.Pi.Odds.GoalBoth");
    // Some pick can meet the goal when neither best pick does, so the goal's chance is at least each pick's.
    expect(view.goal?.p).toBeGreaterThanOrEqual(view.picks[0]?.chance?.p ?? 1);
    expect(view.goal?.p).toBeGreaterThanOrEqual(view.picks[1]?.chance?.p ?? 1);
    expect(view.picks.map((p) => p.id)).toEqual(["bestPrecision", "bestImpact"]);
    expect(view.picks[0]?.chance?.p).toBe(pi.chanceAtLeast(odds.bestPrecision, 8, 2));
    expect(view.picks[1]?.chance?.p).toBe(pi.chanceAtLeast(odds.bestImpact, 8, 2));
    expect(view.picks[0]?.meanPrecision).toBe(
      new Intl.NumberFormat("en", { maximumFractionDigits: 1 }).format(odds.bestPrecision.meanPrecision),
    );
    expect(view.autoFail).toBeNull();
    expect(view.dice).toBe("d8 d4 d4");
  });

  it("names the die a hindrance removes and the dice thrown", () => {
    const view = oddsView(formToRequest({ d8: "1", d4: "2", hindrance: "minor" }), {}, "en");
    expect(view.dice).toBe("d8 d4");
    expect(view.removed).toBe(4);
  });

  it("without a goal shows no chance, only the averages", () => {
    const view = oddsView(formToRequest({ d8: "1", d4: "2" }), {}, "en");
    expect(view.goal).toBeNull();
    expect(view.picks.map((p) => p.chance)).toEqual([null, null]);
  });

  it("shows the automatic failure of a one-die roll", () => {
    const request = formToRequest({ d8: "2", hindrance: "major", precisionGoal: "1", impactGoal: "1" });
    const view = oddsView(request, {}, "en");
    expect(view.autoFail?.p).toBe(pi.odds(request).autoFail);
    expect(view.autoFail?.percent).toBe("100%");
    expect(view.picks[0]?.chance?.p).toBe(0);
    expect(view.goal?.p).toBe(0);
  });
});
