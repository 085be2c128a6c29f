/**
 * The roll dialogs with a rolling character's points: pending assists add their dice to a percentile
 * request (and its odds), and a spend the character cannot pay is an inline error that disables Roll
 * (karma, Character and Fate Points, Willpower this turn); the second hindrance folds into a major one.
 */
import { describe, expect, it } from "vitest";
import { percentileDialog } from "../../src/applications/dialogs/percentile-roll-dialog.ts";
import { piDialog } from "../../src/applications/dialogs/pi-roll-dialog.ts";
import { poolDialog } from "../../src/applications/dialogs/pool-roll-dialog.ts";
import { wildDialog } from "../../src/applications/dialogs/wild-roll-dialog.ts";
import { buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { evaluateForm, type DialogPoints } from "../../src/applications/dialogs/types.ts";
import type { PendingAssist } from "../../src/dice/rolls/points-card.ts";
import { errorKey, settingsWith } from "./dialog-helpers.ts";

const assist = (id: string, effect: "bonus" | "penalty"): PendingAssist => ({
  id,
  effect,
  level: effect === "bonus" ? "great" : "inferior",
  from: "m",
  by: "u",
  assistant: "Brann",
});

const points = (changes: Partial<DialogPoints>): DialogPoints => ({
  actor: "Hero",
  karma: null,
  assists: [],
  wild: null,
  willpower: null,
  ...changes,
});

describe("percentile dialog with a character", () => {
  it("adds the pending assists' dice to the request and the odds, and lists them", () => {
    const settings = settingsWith({
      points: points({ karma: 5, assists: [assist("a", "bonus"), assist("b", "bonus")] }),
    });
    const values = percentileDialog.requestToForm({ bonus: 0, penalty: 1, column: 10 }, settings);
    const request = percentileDialog.formToRequest(values, settings);
    expect(request).toMatchObject({ bonus: 2, penalty: 1 });
    const evaluation = evaluateForm(percentileDialog, values, settings, "en");
    expect(evaluation.ok && (evaluation.odds as { mode: string; dice: number })).toMatchObject({
      mode: "bonus",
      dice: 1,
    });
    const form = percentileDialog.formView(values, settings, "en");
    expect(form.held).toEqual({ karma: 5 });
    expect(form.assists).toEqual([
      {
        key: "ROLLING_BONES.Points.Dialog.Assist.bonus",
        assistant: "Brann",
        level: "ROLLING_BONES.Percentile.Level.great",
      },
      {
        key: "ROLLING_BONES.Points.Dialog.Assist.bonus",
        assistant: "Brann",
        level: "ROLLING_BONES.Percentile.Level.great",
      },
    ]);
  });

  it("in column-shift mode too", () => {
    const settings = settingsWith({
      percentileMode: "shift",
      points: points({ karma: 0, assists: [assist("a", "penalty")] }),
    });
    const request = percentileDialog.formToRequest({ shift: "2" }, settings);
    expect(request).toMatchObject({ bonus: 2, penalty: 1 });
  });

  it("karma the character lacks is an error on the karma field and disables Roll", () => {
    const settings = settingsWith({ points: points({ karma: 3 }) });
    const values = { ...percentileDialog.requestToForm({ bonus: 0, penalty: 0 }, settings), karmaDice: "2" };
    const context = buildDialogContext({
      engine: "percentile",
      values,
      settings,
      lang: "en",
      idPrefix: "t",
      visibility: "public",
      localizeError: (e) => e.key,
    });
    expect(context.fieldErrors.karmaDice?.message).toBe("ROLLING_BONES.Error.NotEnoughKarma");
    expect(context.errorCount).toBe(1);
    expect(context.canRoll).toBe(false);
    // one die is affordable
    expect(evaluateForm(percentileDialog, { ...values, karmaDice: "1" }, settings, "en").ok).toBe(true);
  });

  it("without a character nothing is checked or added", () => {
    const values = { ...percentileDialog.requestToForm({ bonus: 0, penalty: 0 }, settingsWith()), karmaDice: "3" };
    expect(evaluateForm(percentileDialog, values, settingsWith(), "en").ok).toBe(true);
    expect(percentileDialog.formView(values, settingsWith(), "en").held).toBeNull();
  });
});

describe("wild dialog with a character", () => {
  const wild = { characterPoints: 4, fatePoints: 1, cpUsed: 3, fpUsed: 0, cpLimit: 5 };

  it("shows what is left this session (the lower of the limit and the sheet)", () => {
    const settings = settingsWith({ points: points({ wild }) });
    expect(wildDialog.formView({ code: "3D" }, settings, "en").left).toEqual({
      characterPoints: 2,
      fatePoints: 1,
      cpLimit: 5,
      cpHeld: 4,
      fpHeld: 1,
    });
    expect(wildDialog.formView({ code: "3D" }, settingsWith(), "en").left).toBeNull();
  });

  it("refuses Character Points over the session limit and a second Fate Point, on their fields", () => {
    const over = settingsWith({ points: points({ wild }) });
    expect(
      errorKey(() =>
        wildDialog.checkPoints!(wildDialog.formToRequest({ code: "3D", characterPoints: "3" }, over), over.points!),
      ),
    ).toBe("ROLLING_BONES.Error.CharacterPointSessionLimit");
    expect(wildDialog.errorFields?.CharacterPointSessionLimit).toBe("characterPoints");
    const usedFp = settingsWith({ points: points({ wild: { ...wild, fpUsed: 1 } }) });
    const evaluation = evaluateForm(wildDialog, { code: "3D", fatePoint: true }, usedFp, "en");
    expect(evaluation.ok ? null : evaluation.errors[0]?.error.key).toBe("ROLLING_BONES.Error.FatePointUsedThisSession");
    expect(wildDialog.errorFields?.FatePointUsedThisSession).toBe("fatePoint");
  });
});

describe("a spend beyond the rules' maximum names the character's real limit (issue 19 item 9)", () => {
  const wild = { characterPoints: 4, fatePoints: 1, cpUsed: 3, fpUsed: 0, cpLimit: 5 };

  it("refuses 60 Character Points with what the sheet holds, and bounds the field by what is left", () => {
    const settings = settingsWith({ points: points({ wild: { ...wild, cpUsed: 0 } }) });
    const sheet = evaluateForm(wildDialog, { code: "3D", characterPoints: "60" }, settings, "en");
    expect(sheet.ok ? null : [sheet.errors[0]?.error.key, sheet.errors[0]?.error.data]).toEqual([
      "ROLLING_BONES.Error.NotEnoughCharacterPoints",
      { requested: 60, available: 4 },
    ]);
    const session = settingsWith({ points: points({ wild: { ...wild, characterPoints: 60 } }) });
    const limit = evaluateForm(wildDialog, { code: "3D", characterPoints: "60" }, session, "en");
    expect(limit.ok ? null : limit.errors[0]?.error.key).toBe("ROLLING_BONES.Error.CharacterPointSessionLimit");
    expect(
      wildDialog.formView({ code: "3D" }, settingsWith({ points: points({ wild }) }), "en").maxCharacterPoints,
    ).toBe(2);
    // Without a character the rules' maximum bounds the field and names the limit.
    expect(wildDialog.formView({ code: "3D" }, settingsWith(), "en").maxCharacterPoints).toBe(50);
    const bare = evaluateForm(wildDialog, { code: "3D", characterPoints: "60" }, settingsWith(), "en");
    expect(bare.ok ? null : bare.errors[0]?.error.key).toBe("ROLLING_BONES.Error.OutOfRange");
  });
});

describe("pool dialog with a character", () => {
  it("shows the Willpower held and refuses a second point this combat round on the Willpower field", () => {
    const spent = settingsWith({
      points: points({ willpower: { current: 3, permanent: 5, spentInTurn: "c:1", turn: "c:1" } }),
    });
    expect(poolDialog.formView({ pool: "4", willpower: true }, spent, "en").willpowerHeld).toEqual({
      current: 3,
      permanent: 5,
      spentThisTurn: true,
      inCombat: true,
    });
    const evaluation = evaluateForm(poolDialog, { pool: "4", willpower: true }, spent, "en");
    expect(evaluation.ok ? null : evaluation.errors[0]?.error.key).toBe("ROLLING_BONES.Error.WillpowerUsedThisTurn");
    expect(poolDialog.errorFields?.WillpowerUsedThisTurn).toBe("willpower");
    // without Willpower the roll is fine; with none left it is refused
    expect(evaluateForm(poolDialog, { pool: "4" }, spent, "en").ok).toBe(true);
    const empty = settingsWith({
      points: points({ willpower: { current: 0, permanent: 5, spentInTurn: null, turn: null } }),
    });
    const none = evaluateForm(poolDialog, { pool: "4", willpower: true }, empty, "en");
    expect(none.ok ? null : none.errors[0]?.error.key).toBe("ROLLING_BONES.Error.NoWillpower");
  });
});

describe("pi dialog: two hindrances", () => {
  it("one hindrance keeps its kind; two of any kind make the roll majorly hindered", () => {
    const base = { d8: "1", d6: "1", d4: "1" };
    expect(piDialog.formToRequest({ ...base, hindrance: "minor" }, settingsWith()).hindrance).toBe("minor");
    expect(
      piDialog.formToRequest({ ...base, hindrance: "none", extraHindrance: "minor" }, settingsWith()).hindrance,
    ).toBe("minor");
    expect(
      piDialog.formToRequest({ ...base, hindrance: "minor", extraHindrance: "minor" }, settingsWith()).hindrance,
    ).toBe("major");
    const form = piDialog.formView({ ...base, hindrance: "minor", extraHindrance: "minor" }, settingsWith(), "en");
    expect(form.applies).toBe("ROLLING_BONES.Pi.Hindrance.major");
    // the odds panel names the die the major hindrance removes
    const evaluation = evaluateForm(
      piDialog,
      { ...base, hindrance: "minor", extraHindrance: "major" },
      settingsWith(),
      "en",
    );
    expect(evaluation.ok && (evaluation.odds as { removed: number }).removed).toBe(8);
    expect(errorKey(() => piDialog.formToRequest({ ...base, extraHindrance: "huge" }, settingsWith()))).toBe(
      "ROLLING_BONES.Error.PiHindrance",
    );
  });
});
