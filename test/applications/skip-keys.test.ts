// @vitest-environment happy-dom
/**
 * The skip-dialog rule with rebindable keys (pure): which bindings an event holds, what the two
 * keybindings and the client setting decide together, and the hint a roll control shows.
 */
import { describe, expect, it } from "vitest";
import {
  bindingHeld,
  bindingText,
  bindingsText,
  heldKeyState,
  keyStateOf,
  modifierOf,
  rollHint,
  shouldSkipDialog,
  type KeyBinding,
} from "../../src/applications/dialogs/skip.ts";
import { localize } from "../support/i18n.ts";

const SHIFT: KeyBinding[] = [{ key: "ShiftLeft" }, { key: "ShiftRight" }];
const click = (init: MouseEventInit = {}) => new MouseEvent("click", init);

describe("bindingHeld", () => {
  it("holds a modifier binding while the event's flag is on, on either side, and for a key press too", () => {
    expect(bindingHeld(SHIFT, keyStateOf(click({ shiftKey: true })))).toBe(true);
    expect(bindingHeld([{ key: "ShiftRight" }], keyStateOf(click({ shiftKey: true })))).toBe(true);
    expect(bindingHeld(SHIFT, keyStateOf(new KeyboardEvent("keydown", { key: "Enter", shiftKey: true })))).toBe(true);
    expect(bindingHeld(SHIFT, keyStateOf(click()))).toBe(false);
    expect(bindingHeld(SHIFT, keyStateOf(click({ ctrlKey: true, altKey: true })))).toBe(false);
  });

  it("reads Meta as Control, as on a Mac keyboard", () => {
    const ctrl: KeyBinding[] = [{ key: "ControlLeft" }];
    expect(bindingHeld(ctrl, keyStateOf(click({ metaKey: true })))).toBe(true);
    expect(bindingHeld(ctrl, keyStateOf(click({ ctrlKey: true })))).toBe(true);
    expect(bindingHeld(ctrl, keyStateOf(click({ shiftKey: true })))).toBe(false);
  });

  it("holds a letter binding only while the client holds that key, with every modifier it requires", () => {
    const ctrlR: KeyBinding[] = [{ key: "KeyR", modifiers: ["Control"] }];
    expect(bindingHeld(ctrlR, keyStateOf(click({ ctrlKey: true }), new Set(["KeyR"])))).toBe(true);
    expect(bindingHeld(ctrlR, keyStateOf(click({ ctrlKey: true }), new Set(["KeyQ"])))).toBe(false);
    expect(bindingHeld(ctrlR, keyStateOf(click(), new Set(["KeyR"])))).toBe(false);
    expect(bindingHeld([{ key: "KeyR" }], keyStateOf(click(), new Set(["KeyR"])))).toBe(true);
  });

  it("holds nothing without an event, whatever keys are down, and nothing with no binding", () => {
    expect(bindingHeld(SHIFT, keyStateOf(undefined, new Set(["ShiftLeft"])))).toBe(false);
    expect(bindingHeld(SHIFT, keyStateOf(null))).toBe(false);
    expect(bindingHeld(SHIFT, keyStateOf(new Event("change")))).toBe(false);
    expect(bindingHeld([], keyStateOf(click({ shiftKey: true })))).toBe(false);
  });

  it("knows the modifier of each modifier key code and no other", () => {
    expect(["ShiftLeft", "ControlRight", "MetaLeft", "AltRight", "KeyS", "Space"].map(modifierOf)).toEqual([
      "Shift",
      "Control",
      "Control",
      "Alt",
      null,
      null,
    ]);
  });
});

describe("heldKeyState (no event: the combat tracker's die button)", () => {
  it("reads the keys held down, a modifier key counting as its modifier", () => {
    expect(bindingHeld(SHIFT, heldKeyState(new Set(["ShiftRight"])))).toBe(true);
    expect(bindingHeld(SHIFT, heldKeyState(new Set<string>()))).toBe(false);
    expect(bindingHeld(SHIFT, heldKeyState(new Set(["ControlLeft", "KeyS"])))).toBe(false);
    const ctrlR: KeyBinding[] = [{ key: "KeyR", modifiers: ["Control"] }];
    expect(bindingHeld(ctrlR, heldKeyState(new Set(["MetaLeft", "KeyR"])))).toBe(true);
    expect(bindingHeld(ctrlR, heldKeyState(new Set(["KeyR"])))).toBe(false);
    expect(heldKeyState(new Set(["AltRight"])).modifiers).toEqual({ Shift: false, Control: false, Alt: true });
  });
});

describe("shouldSkipDialog", () => {
  // Every combination of the two keys held and the client setting.
  it.each([
    [false, false, false, false],
    [true, false, false, true],
    [false, true, false, false],
    [true, true, false, true],
    [false, false, true, true],
    [true, false, true, true],
    [false, true, true, false],
    [true, true, true, false],
  ])("skip key %s, dialog key %s, setting %s → roll at once %s", (skip, force, setting, expected) => {
    expect(shouldSkipDialog({ skip, force }, setting)).toBe(expected);
  });

  it("keeps today's behaviour with both keys on Shift: Shift inverts the setting", () => {
    for (const setting of [false, true])
      for (const shiftKey of [false, true]) {
        const held = bindingHeld(SHIFT, keyStateOf(click({ shiftKey })));
        expect(shouldSkipDialog({ skip: held, force: held }, setting)).toBe(shiftKey !== setting);
      }
  });
});

describe("the roll control's hint", () => {
  it("names the bound keys of the other behaviour, and only the click when none is bound", () => {
    expect(rollHint(false, "Shift")).toEqual({ key: "ROLLING_BONES.Dialog.Hint.Dialog", keys: "Shift" });
    expect(rollHint(true, "Shift")).toEqual({ key: "ROLLING_BONES.Dialog.Hint.Skip", keys: "Shift" });
    expect(rollHint(false, "")).toEqual({ key: "ROLLING_BONES.Dialog.Hint.DialogOnly", keys: "" });
    expect(rollHint(true, "")).toEqual({ key: "ROLLING_BONES.Dialog.Hint.SkipOnly", keys: "" });
  });

  it("writes each binding as a user reads it, each one once, as alternatives in the user's language", () => {
    expect(bindingText({ key: "ShiftLeft" }, localize)).toBe("Shift");
    expect(bindingText({ key: "KeyR", modifiers: ["Control", "Shift"] }, localize)).toBe("Ctrl+Shift+R");
    expect(bindingText({ key: "Digit4" }, localize)).toBe("4");
    expect(bindingText({ key: "Space", modifiers: ["Alt"] }, localize)).toBe("Alt+Space");
    expect(bindingText({ key: "ControlLeft", modifiers: ["Control"] }, localize)).toBe("Ctrl");
    expect(bindingsText(SHIFT, localize, "en")).toBe("Shift");
    expect(bindingsText([...SHIFT, { key: "KeyR", modifiers: ["Control"] }], localize, "en")).toBe("Shift or Ctrl+R");
    expect(bindingsText([{ key: "AltLeft" }, { key: "KeyQ" }, { key: "F2" }], localize, "fr")).toBe("Alt, Q ou F2");
    expect(bindingsText([], localize, "en")).toBe("");
  });
});
