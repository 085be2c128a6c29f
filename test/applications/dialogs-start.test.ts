/**
 * Issue 19 item 7: a dialog opened from a character starts from that character, and shows only the
 * fields that apply to the kind of roll. View models and the real templates (rendered with Handlebars).
 */
// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import * as actionDialog from "../../src/applications/dialogs/action-roll-dialog.ts";
import * as percentileDialog from "../../src/applications/dialogs/percentile-roll-dialog.ts";
import type { DialogActionDice } from "../../src/applications/dialogs/types.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import { errorOf, renderDialogForm, settingsWith } from "./dialog-helpers.ts";
import { format, hasKey, localize } from "../support/i18n.ts";

const i18n = { localize, format, has: hasKey };

/** A level-6 character whose player holds 4d6 this session (RULES §2: levels 6–10 start with 4 × d6). */
const LEVEL_SIX: DialogActionDice = { level: 6, faces: 6, held: [{ faces: 6, count: 4 }] };

const form = renderDialogForm;

describe("action dialog opened from a character", () => {
  const settings = settingsWith({ actionDice: LEVEL_SIX });

  it("starts from the character's level and the largest die its player holds", () => {
    const values = actionDialog.requestToForm({ kind: "check", modifier: 2 }, settings);
    expect(values.level).toBe("6");
    expect(values.augmentDie).toBe("6");
    // An insight roll adds that level.
    expect(actionDialog.formToRequest({ ...values, kind: "insight" }, settings).level).toBe(6);
  });

  it("offers only the die sizes the pool holds, and names how many are held", () => {
    const values = actionDialog.requestToForm({ kind: "check" }, settings);
    const view = actionDialog.formView(values, settings);
    expect(view.augmentDie.map((o) => o.value)).toEqual(["6"]);
    expect(view.maxAugments).toBe(4);
    const { host } = form("action", values, settings);
    expect([...host.querySelectorAll('select[name="augmentDie"] option')].map((o) => o.textContent)).toEqual(["d6"]);
    expect(host.querySelector("[data-held]")?.textContent).toBe("You hold 4d6 this session.");
  });

  it("refuses more dice than the player holds, naming the real limit under the field", () => {
    const values = { ...actionDialog.requestToForm({ kind: "check" }, settings), augmentCount: "5" };
    const error = errorOf(() => actionDialog.formToRequest(values, settings));
    expect(errorMessage(error, i18n)).toBe(
      "You hold 4d6 this session, so at most 4 can augment this roll (you asked for 5).",
    );
    const { context, host } = form("action", values, settings);
    expect(Object.keys(context.fieldErrors)).toEqual(["augmentCount"]);
    expect(host.querySelector("#t-augmentCount-error")?.textContent?.trim()).toBe(
      "⚠ You hold 4d6 this session, so at most 4 can augment this roll (you asked for 5).",
    );
  });

  it("names the player's pool, not the rules' maximum, for a count beyond both (issue 19 item 9)", () => {
    // The engine takes at most 50 action dice on a roll; this player holds 4, and 60 names the 4.
    const values = { ...actionDialog.requestToForm({ kind: "check" }, settings), augmentCount: "60" };
    expect(
      errorMessage(
        errorOf(() => actionDialog.formToRequest(values, settings)),
        i18n,
      ),
    ).toBe("You hold 4d6 this session, so at most 4 can augment this roll (you asked for 60).");
    const { host } = form("action", values, settings);
    expect(host.querySelector('input[name="augmentCount"]')?.getAttribute("max")).toBe("4");
    // Without a pool, the rules' maximum is the bound.
    expect(
      errorMessage(
        errorOf(() => actionDialog.formToRequest({ ...values, augmentDie: "6" }, settingsWith())),
        i18n,
      ),
    ).toBe("Action dice used must be between 0 and 50 (got 60).");
  });

  it("shows the botch range on attacks only, and the level on insight rolls only", () => {
    const fields = (kind: string) => {
      const { host } = form("action", actionDialog.requestToForm({ kind } as never, settings), settings);
      return {
        botch: host.querySelector('select[name="botchRange"]') !== null,
        level: host.querySelector('input[name="level"]:not([type="hidden"])') !== null,
      };
    };
    expect(fields("attack")).toEqual({ botch: true, level: false });
    expect(fields("save")).toEqual({ botch: false, level: false });
    expect(fields("check")).toEqual({ botch: false, level: false });
    expect(fields("insight")).toEqual({ botch: false, level: true });
  });

  it("without a character or a session pool, offers every size and the engine's limit", () => {
    const view = actionDialog.formView(actionDialog.requestToForm({}, settingsWith()), settingsWith());
    expect(view.augmentDie.length).toBeGreaterThan(5);
    expect(view.held).toBeNull();
    const none = settingsWith({ actionDice: { level: 6, faces: 6, held: null } });
    expect(actionDialog.requestToForm({}, none).augmentDie).toBe("6");
  });
});

describe("percentile dialog: the called-shot fields belong to attacks", () => {
  const settings = settingsWith();

  it("hides them for a skill roll, and they add nothing to its request", () => {
    const values = percentileDialog.requestToForm({ bonus: 0, penalty: 0, column: 9 }, settings);
    expect(values.calledShot).toBe(false);
    const { host } = form("percentile", values, settings);
    expect(host.querySelector("[data-called-shot]")).toBeNull();
    expect(host.querySelector('input[name="calledShot"]')).not.toBeNull();
  });

  it("shows them once the roll is a called shot, or when the request carries one", () => {
    const ticked = { ...percentileDialog.requestToForm({ column: 9 }, settings), calledShot: true };
    expect(form("percentile", ticked, settings).host.querySelector("[data-called-shot]")).not.toBeNull();
    const carried = percentileDialog.requestToForm({ voluntaryPenalty: 2, damageMultiplier: 2 }, settings);
    expect(carried.calledShot).toBe(true);
    const unticked = { ...carried, calledShot: false };
    expect(percentileDialog.formView(unticked, settings).calledShot).toBe(false);
  });
});
