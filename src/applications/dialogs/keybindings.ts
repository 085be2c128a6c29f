/**
 * The system's keybindings (Configure Controls → Rolling Bones), as dnd5e registers its skip-dialog
 * keys: *Roll without the dialog* and *Open the roll dialog*, both Shift by default (today's key), each
 * rebindable by every user on their own client. [API13/API14 ClientKeybindings#register and #get;
 * KeybindingActionConfig; KeyboardManager#downKeys]
 */
import { SYSTEM_ID } from "../../constants.ts";
import {
  bindingHeld,
  bindingsText,
  heldKeyState,
  keyStateOf,
  rollHint,
  shouldSkipDialog,
  skipDialogDefault,
  type KeyBinding,
} from "./skip.ts";

/** The system's keybinding actions. */
export const KEYBINDINGS = Object.freeze({
  /** Held while pressing a roll control that opens the dialog: rolls at once. */
  skipDialog: "skipDialog",
  /** Held while pressing a roll control that rolls at once (the client setting): opens the dialog. */
  forceDialog: "forceDialog",
});

/** A keybinding action of the system. */
export type KeybindingAction = (typeof KEYBINDINGS)[keyof typeof KEYBINDINGS];

/** Both keys' default: either Shift key (the key the system used before it had keybindings). */
const SHIFT: KeyBinding[] = [{ key: "ShiftLeft" }, { key: "ShiftRight" }];

/** Registers the keybindings (in `init`). */
export function registerKeybindings(): void {
  for (const action of Object.values(KEYBINDINGS)) {
    game.keybindings.register(SYSTEM_ID, action, {
      name: `ROLLING_BONES.Keybindings.${action}.name`,
      hint: `ROLLING_BONES.Keybindings.${action}.hint`,
      editable: SHIFT.map((b) => ({ key: b.key, modifiers: [] })),
    });
  }
}

/** The current bindings of an action on this client. */
export function boundKeys(action: KeybindingAction): KeyBinding[] {
  return game.keybindings.get(SYSTEM_ID, action).map((b) => ({ key: b.key, modifiers: [...(b.modifiers ?? [])] }));
}

/**
 * Whether an action's keys were held during an event (its modifier flags, and the keys held down on
 * this client).
 */
export function keysHeld(event: Event | null | undefined, action: KeybindingAction): boolean {
  return bindingHeld(boundKeys(action), keyStateOf(event, game.keyboard.downKeys));
}

/**
 * Whether an action's keys are held on this client now, when no event tells (the combat tracker's
 * die button, whose click core handles before it calls `Combat#rollInitiative`).
 */
export function keysHeldNow(action: KeybindingAction): boolean {
  return bindingHeld(boundKeys(action), heldKeyState(game.keyboard.downKeys));
}

/** Whether the event rolls at once instead of opening the roll dialog (the keys held and the client setting). */
export function skipsDialog(event: Event | null | undefined): boolean {
  return shouldSkipDialog(
    { skip: keysHeld(event, KEYBINDINGS.skipDialog), force: keysHeld(event, KEYBINDINGS.forceDialog) },
    skipDialogDefault(),
  );
}

/**
 * The hint a roll control shows on this client: what a click does, and which bound keys do the other
 * thing (the *open the dialog* keys when a click rolls, else the *roll without the dialog* keys).
 *
 * @returns The hint's localization key and the bound keys as text.
 */
export function rollControlHint(): { key: string; keys: string } {
  const skip = skipDialogDefault();
  const keys = boundKeys(skip ? KEYBINDINGS.forceDialog : KEYBINDINGS.skipDialog);
  return rollHint(
    skip,
    bindingsText(keys, (key) => game.i18n.localize(key), game.i18n.lang),
  );
}
