/**
 * Whether a roll control skips its dialog. Pure: the event and the client setting are passed in.
 * Shift-clicking a roll control rolls the sheet's request at once; the client setting
 * `rolling-bones.skipDialogDefault` swaps the two (a plain click rolls, Shift opens the dialog).
 */

import { SYSTEM_ID } from "../../constants.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";

/** The client setting: whether a roll control rolls at once (Shift then opens the dialog). */
export function skipDialogDefault(): boolean {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.skipDialogDefault);
}

/** The localization keys of the hint a roll control shows, by the client setting's value. */
export const ROLL_HINT_KEYS = Object.freeze({
  /** A click opens the dialog; Shift-click rolls at once. */
  dialog: "ROLLING_BONES.Dialog.Hint.Dialog",
  /** A click rolls at once; Shift-click opens the dialog. */
  skip: "ROLLING_BONES.Dialog.Hint.Skip",
});

/**
 * Whether the modifier key that swaps the default was held during the event.
 *
 * @param event - The triggering event (a click or a key press), if any.
 * @returns True when Shift was held.
 */
export function modifierHeld(event: Event | null | undefined): boolean {
  if (event === null || event === undefined || !("shiftKey" in event)) return false;
  return event.shiftKey === true;
}

/**
 * Whether to roll at once instead of opening the dialog: Shift inverts the client setting.
 *
 * @param event - The triggering event, if any (no event means no modifier key).
 * @param settingValue - The client setting `skipDialogDefault`.
 * @returns True to roll the initial request directly.
 */
export function shouldSkipDialog(event: Event | null | undefined, settingValue: boolean): boolean {
  return modifierHeld(event) !== settingValue;
}

/**
 * The localization key of the hint for a roll control (its tooltip), so that the sheet says what a
 * click and a Shift-click do.
 *
 * @param settingValue - The client setting `skipDialogDefault`.
 * @returns The key of the hint.
 */
export function rollHintKey(settingValue: boolean): string {
  return settingValue ? ROLL_HINT_KEYS.skip : ROLL_HINT_KEYS.dialog;
}
