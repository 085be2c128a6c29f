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

  it("reads the targets, with defaults for empty fields, and refuses a bad one", () => {
    expect(formToExtras({ precisionTarget: "9", impactTarget: "3" })).toEqual({ precision: 9, impact: 3 });
    expect(formToExtras({})).toEqual({ precision: 6, impact: 1 });
    expect(errorKey(() => formToExtras({ impactTarget: "big" }))).toBe("ROLLING_BONES.Error.NotInteger");
  });
});

describe("pi dialog: odds view", () => {
  it("shows the engine's P(Precision ≥ x and Impact ≥ y) and averages for both best picks", () => {
    const request = formToRequest({ d8: "1", d4: "2", precisionMod: "1" });
    const odds = pi.odds(request);
    const view = oddsView(request, { precision: 8, impact: 2 }, "en");
    expect(view.picks.map((p) => p.id)).toEqual(["bestPrecision", "bestImpact"]);
    expect(view.picks[0]?.chance.p).toBe(pi.chanceAtLeast(odds.bestPrecision, 8, 2));
    expect(view.picks[1]?.chance.p).toBe(pi.chanceAtLeast(odds.bestImpact, 8, 2));
    expect(view.picks[0]?.meanPrecision).toBe(
      new Intl.NumberFormat("en", { maximumFractionDigits: 1 }).format(odds.bestPrecision.meanPrecision),
    );
    expect(view.autoFail).toBeNull();
    expect(view.dice).toBe("d8 d4 d4");
  });

  it("names the die a hindrance removes and the dice thrown", () => {
    const view = oddsView(formToRequest({ d8: "1", d4: "2", hindrance: "minor" }), { precision: 6, impact: 1 }, "en");
    expect(view.dice).toBe("d8 d4");
    expect(view.removed).toBe(4);
  });

  it("shows the automatic failure of a one-die roll", () => {
    const request = formToRequest({ d8: "2", hindrance: "major" });
    const view = oddsView(request, { precision: 1, impact: 1 }, "en");
    expect(view.autoFail?.p).toBe(pi.odds(request).autoFail);
    expect(view.autoFail?.percent).toBe("100%");
    expect(view.picks[0]?.chance.p).toBe(0);
  });
});
