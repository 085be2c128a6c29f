/** The Action Dice dialog: form values → the exact engine request, bad input → the engine's error, odds = engine odds. */
import { describe, expect, it } from "vitest";
import { action } from "../../src/engines/index.ts";
import {
  formToExtras,
  formToRequest,
  formView,
  oddsView,
  requestToForm,
} from "../../src/applications/dialogs/action-roll-dialog.ts";
import { errorKey } from "./dialog-helpers.ts";

describe("action dialog: form → request", () => {
  it("turns the kind, modifier, DC, botch range and augments into the exact request", () => {
    const values = {
      kind: "attack",
      modifier: "5",
      level: "7",
      dc: "15",
      botchRange: "2",
      augmentDie: "6",
      augmentCount: "2",
    };
    expect(formToRequest(values)).toEqual({
      kind: "attack",
      modifier: 5,
      level: 0,
      dc: 15,
      botchRange: 2,
      augments: [6, 6],
      rerolls: [],
      base: [20],
    });
  });

  it("adds the level only to an insight roll, and reads an empty DC as unknown", () => {
    expect(formToRequest({ kind: "insight", modifier: "2", level: "7", dc: "" })).toMatchObject({
      kind: "insight",
      level: 7,
      dc: null,
    });
  });

  it("gives an untouched dialog's request back", () => {
    const initial = { kind: "save" as const, modifier: -1, dc: 12, botchRange: 3, augments: [8] };
    expect(formToRequest(requestToForm(initial))).toEqual(action.validate(initial));
  });

  it.each([
    [{ kind: "dance" }, "ROLLING_BONES.Error.UnknownKind"],
    [{ modifier: "x" }, "ROLLING_BONES.Error.NotInteger"],
    [{ dc: "-1" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ botchRange: "5" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ augmentDie: "5", augmentCount: "1" }, "ROLLING_BONES.Error.DieSizeNotAllowed"],
    [{ augmentCount: "-1" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ augmentCount: "51" }, "ROLLING_BONES.Error.OutOfRange"],
    [{ kind: "insight", level: "1000" }, "ROLLING_BONES.Error.OutOfRange"],
  ])("refuses %j with %s", (values, key) => {
    expect(errorKey(() => formToRequest(values))).toBe(key);
  });

  it("refuses an augment die size an action die cannot have even with no dice used", () => {
    expect(errorKey(() => formToExtras({ augmentDie: "7" }))).toBe("ROLLING_BONES.Error.DieSizeNotAllowed");
  });
});

describe("action dialog: odds view", () => {
  it("shows the engine's chances of success, failing by 5, a potential botch and a critical threat", () => {
    const request = formToRequest({
      kind: "check",
      modifier: "3",
      dc: "15",
      botchRange: "2",
      augmentDie: "4",
      augmentCount: "1",
    });
    const odds = action.odds(request);
    const view = oddsView(request, { augmentDie: 4 }, "en");
    expect(view.headline.map((h) => [h.id, h.p])).toEqual([
      ["success", odds.pSuccess],
      ["failedBy5", odds.pFailedBy5],
      ["potentialBotch", odds.pPotentialBotch],
      ["criticalThreat", odds.pCriticalThreat],
    ]);
    expect(view.headline.find((h) => h.id === "potentialBotch")?.percent).toBe("10%");
  });

  it("compares the chance of success with 0 to 3 action dice, marking the current count", () => {
    const request = formToRequest({ modifier: "2", dc: "18", augmentDie: "6", augmentCount: "1" });
    const view = oddsView(request, { augmentDie: 6 }, "en");
    expect(view.withDice.map((w) => w.count)).toEqual([0, 1, 2, 3]);
    for (const w of view.withDice) {
      expect(w.p).toBe(action.odds({ ...request, augments: new Array<number>(w.count).fill(6) }).pSuccess);
    }
    expect(view.withDice.filter((w) => w.current).map((w) => w.count)).toEqual([1]);
    expect(view.withDice[1]?.p).toBe(action.odds(request).pSuccess);
  });

  it("uses the chosen die size for the comparison before any die is used", () => {
    const request = formToRequest({ dc: "18", augmentDie: "10", augmentCount: "0" });
    const view = oddsView(request, formToExtras({ augmentDie: "10" }), "en");
    expect(view.withDice[1]?.p).toBe(action.odds({ ...request, augments: [10] }).pSuccess);
    expect(view.augmentDie).toBe(10);
  });

  it("shows no success chance without a DC, and no critical threat on an insight roll", () => {
    const view = oddsView(formToRequest({ kind: "insight", level: "3" }), { augmentDie: 4 }, "en");
    expect(view.headline.map((h) => h.id)).toEqual(["potentialBotch"]);
    expect(view.withDice).toEqual([]);
    expect(view.criticalPossible).toBe(false);
  });
});

describe("action dialog: form view", () => {
  it("enables the level field for insight rolls only", () => {
    expect(formView({ kind: "insight" }).insight).toBe(true);
    expect(formView({ kind: "attack" }).insight).toBe(false);
  });

  it("lists the botch ranges and every action die size", () => {
    const view = formView({ botchRange: "3", augmentDie: "8" });
    expect(view.botchRange.map((o) => o.text)).toEqual(["1", "1–2", "1–3", "1–4"]);
    expect(view.botchRange.find((o) => o.selected)?.value).toBe("3");
    expect(view.augmentDie.map((o) => o.value)).toEqual(action.ACTION_DIE_SIZES.map(String));
    expect(view.augmentDie.find((o) => o.selected)?.value).toBe("8");
  });
});
