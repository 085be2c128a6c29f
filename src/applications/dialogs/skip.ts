/**
 * Whether a roll control skips its dialog, and what its hint says. Pure: the event's keys, the bound
 * keys and the client setting are passed in (applications/dialogs/keybindings.ts reads them from Foundry).
 *
 * Two rebindable keybindings decide it (Configure Controls → Rolling Bones): *Roll without the
 * dialog* and *Open the roll dialog*, both Shift by default. A click opens the dialog and the first
 * one rolls at once; the client setting `rolling-bones.skipDialogDefault` swaps the two (a click
 * rolls, the second one opens the dialog).
 */

import { SYSTEM_ID } from "../../constants.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";

/** The client setting: whether a roll control rolls at once (the dialog key then opens the dialog). */
export function skipDialogDefault(): boolean {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.skipDialogDefault);
}

/** A key binding: a KeyboardEvent#code and the modifiers it needs (KeyboardManager.MODIFIER_KEYS values). */
export interface KeyBinding {
  readonly key: string;
  readonly modifiers?: readonly string[];
}

/** The modifier keys a binding may require, as Foundry names them. [API14 KeybindingActionBinding.modifiers] */
export type ModifierName = "Shift" | "Control" | "Alt";

/** Which keys were held when a control was pressed: the event's modifier flags and the keys down on the client. */
export interface KeyState {
  readonly modifiers: Readonly<Record<ModifierName, boolean>>;
  /** KeyboardEvent#code values held down. */
  readonly down: ReadonlySet<string>;
}

/**
 * The KeyboardEvent#code values of each modifier (left and right keys; the Meta and OS keys count as
 * Control, as on a Mac keyboard). [MDN KeyboardEvent.code values]
 */
const MODIFIER_CODES: Readonly<Record<ModifierName, readonly string[]>> = Object.freeze({
  Shift: ["ShiftLeft", "ShiftRight"],
  Control: ["ControlLeft", "ControlRight", "MetaLeft", "MetaRight", "OSLeft", "OSRight"],
  Alt: ["AltLeft", "AltRight"],
});

/** The modifier a key code belongs to, or `null` for any other key. */
export function modifierOf(code: string): ModifierName | null {
  for (const name of Object.keys(MODIFIER_CODES) as ModifierName[])
    if (MODIFIER_CODES[name].includes(code)) return name;
  return null;
}

const NO_KEYS: ReadonlySet<string> = new Set<string>();

/**
 * The keys held during an event: its modifier flags (Meta counts as Control) and the keys the client
 * holds down. No event means no key.
 *
 * @param event - The triggering click or key press, if any.
 * @param down - The keys held down on the client (`game.keyboard.downKeys`).
 */
export function keyStateOf(event: Event | null | undefined, down: ReadonlySet<string> = NO_KEYS): KeyState {
  const flags = (event ?? {}) as Partial<Record<"shiftKey" | "ctrlKey" | "metaKey" | "altKey", unknown>>;
  return {
    modifiers: {
      Shift: flags.shiftKey === true,
      Control: flags.ctrlKey === true || flags.metaKey === true,
      Alt: flags.altKey === true,
    },
    down: event ? down : NO_KEYS,
  };
}

/**
 * The keys held on a client when no event tells (a control whose handler core runs, such as the
 * combat tracker's die button): the keys held down, a modifier key down counting as its modifier.
 *
 * @param down - The keys held down on the client (`game.keyboard.downKeys`).
 */
export function heldKeyState(down: ReadonlySet<string>): KeyState {
  const modifiers: Record<ModifierName, boolean> = { Shift: false, Control: false, Alt: false };
  for (const code of down) {
    const modifier = modifierOf(code);
    if (modifier !== null) modifiers[modifier] = true;
  }
  return { modifiers, down };
}

/**
 * Whether one of the bindings is held: its key is down (a modifier key counts as down while its flag
 * is on in the event), and every modifier it requires is on.
 *
 * @param bindings - The action's current bindings.
 * @param state - The keys held.
 */
export function bindingHeld(bindings: readonly KeyBinding[], state: KeyState): boolean {
  return bindings.some((b) => {
    const modifier = modifierOf(b.key);
    const keyDown = state.down.has(b.key) || (modifier !== null && state.modifiers[modifier]);
    return keyDown && (b.modifiers ?? []).every((m) => state.modifiers[m as ModifierName] === true);
  });
}

/**
 * Whether to roll at once instead of opening the dialog.
 *
 * @param held - Whether the *roll without the dialog* and the *open the dialog* keys are held.
 * @param settingValue - The client setting `skipDialogDefault`.
 * @returns True to roll the initial request directly.
 */
export function shouldSkipDialog(
  held: { readonly skip: boolean; readonly force: boolean },
  settingValue: boolean,
): boolean {
  return settingValue ? !held.force : held.skip;
}

/** The localization keys of the hint a roll control shows, by the client setting and whether a key is bound. */
export const ROLL_HINT_KEYS = Object.freeze({
  /** A click opens the dialog; `{keys}`-click rolls at once. */
  dialog: "ROLLING_BONES.Dialog.Hint.Dialog",
  /** A click opens the dialog (no key rolls at once). */
  dialogOnly: "ROLLING_BONES.Dialog.Hint.DialogOnly",
  /** A click rolls at once; `{keys}`-click opens the dialog. */
  skip: "ROLLING_BONES.Dialog.Hint.Skip",
  /** A click rolls at once (no key opens the dialog). */
  skipOnly: "ROLLING_BONES.Dialog.Hint.SkipOnly",
});

/**
 * The hint of a roll control (its tooltip): what a click does and, when a key is bound, what that
 * key does.
 *
 * @param settingValue - The client setting `skipDialogDefault`.
 * @param keys - The text naming the bound keys of the other behaviour ("" when none is bound).
 * @returns The hint's localization key and its data.
 */
export function rollHint(settingValue: boolean, keys: string): { key: string; keys: string } {
  if (settingValue) return { key: keys ? ROLL_HINT_KEYS.skip : ROLL_HINT_KEYS.skipOnly, keys };
  return { key: keys ? ROLL_HINT_KEYS.dialog : ROLL_HINT_KEYS.dialogOnly, keys };
}

/** The localization key of each modifier's name. */
const MODIFIER_LABELS: Readonly<Record<ModifierName, string>> = Object.freeze({
  Shift: "ROLLING_BONES.Keys.Shift",
  Control: "ROLLING_BONES.Keys.Control",
  Alt: "ROLLING_BONES.Keys.Alt",
});

/**
 * A binding as a user reads it: its modifiers then its key (`Ctrl+R`), a modifier key by its name
 * (ShiftLeft and ShiftRight are both "Shift"), a letter or digit key by its character, any other key
 * by its code (`Space`, `F2`).
 *
 * @param binding - The binding.
 * @param localize - Localizes a key.
 */
export function bindingText(binding: KeyBinding, localize: (key: string) => string): string {
  const modifier = modifierOf(binding.key);
  const key =
    modifier !== null
      ? localize(MODIFIER_LABELS[modifier])
      : binding.key.replace(/^Key(?=[A-Z]$)/, "").replace(/^Digit(?=\d$)/, "");
  const required = (binding.modifiers ?? [])
    .filter((m): m is ModifierName => Object.hasOwn(MODIFIER_LABELS, m) && m !== modifier)
    .map((m) => localize(MODIFIER_LABELS[m]));
  return [...required, key].join("+");
}

/**
 * The bound keys of an action as one phrase in the user's language ("Shift", "Shift or Ctrl+R"):
 * each distinct binding once, joined as alternatives (`Intl.ListFormat`, disjunction).
 *
 * @param bindings - The action's current bindings.
 * @param localize - Localizes a key.
 * @param lang - The user's language (`game.i18n.lang`).
 * @returns The phrase, or "" when nothing is bound.
 */
export function bindingsText(bindings: readonly KeyBinding[], localize: (key: string) => string, lang: string): string {
  const texts = [...new Set(bindings.map((b) => bindingText(b, localize)))];
  return new Intl.ListFormat(lang, { type: "disjunction" }).format(texts);
}
