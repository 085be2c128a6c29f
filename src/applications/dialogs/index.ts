/**
 * The roll dialogs: `openRollDialog` for sheets and macros, and the Foundry-free pieces (each
 * engine's form → request and odds views, the skip-dialog rule, formatting) for tests and other
 * modules.
 */
import type { EngineId } from "../../engines/core.ts";
import { configureRoll } from "./configure.ts";
import { dialogSettingsFor, rollDirect, startingRequest, type OpenRollDialogOptions } from "./direct.ts";
import { DIALOG_ENGINES } from "./engines.ts";
import { RollDialog } from "./roll-dialog.ts";

export { RollDialog, dialogTemplate } from "./roll-dialog.ts";
export type { RollDialogContext, RollDialogParams } from "./roll-dialog.ts";
export { VISIBILITIES, buildDialogContext, followValues, visibilityOptions } from "./context.ts";
export type { DialogContext, DialogContextInput, ShownError } from "./context.ts";
export {
  dialogSettingsFor,
  postDialogRoll,
  readDialogSettings,
  rollDirect,
  skipDialogDefault,
  startingRequest,
} from "./direct.ts";
export type { DialogRollParams, OpenRollDialogOptions } from "./direct.ts";
export * from "./equipment.ts";
export * from "./targets.ts";
export { DIALOG_ENGINES, DIALOG_ENGINE_IDS } from "./engines.ts";
export type { RequestByEngine } from "./engines.ts";
export { ROLL_HINT_KEYS, bindingHeld, keyStateOf, rollHint, shouldSkipDialog } from "./skip.ts";
export { barWidth, formatMean, formatPercent } from "./format.ts";
export { isChecked, numberOrText, readFormValues, requiredNumber } from "./form-values.ts";
export type { FormValue, FormValues } from "./form-values.ts";
export * from "./types.ts";
export { actionDialog } from "./action-roll-dialog.ts";
export { percentileDialog } from "./percentile-roll-dialog.ts";
export { piDialog } from "./pi-roll-dialog.ts";
export { poolDialog } from "./pool-roll-dialog.ts";
export { wildDialog } from "./wild-roll-dialog.ts";

/**
 * Opens the roll dialog of an engine, or, when the triggering event held the *Roll without the dialog*
 * keys (or, when the client setting `skipDialogDefault` is on, did not hold the *Open the roll dialog*
 * keys; both Shift by default, rebindable in Configure Controls), rolls the initial request at once
 * exactly as an untouched dialog would. The `rollingBones.preConfigure` hook is asked first
 * ({@link configureRoll}); the dialog's roll then asks `rollingBones.preRoll` (`services/roll.ts`).
 *
 * @example
 * ```ts
 * // In a sheet's roll action:
 * await openRollDialog("pool", { actor: this.actor, title: "Dexterity + Brawl", initial: { pool: 5 }, event });
 * ```
 *
 * @param engine - The engine to roll.
 * @param options - The actor, title, initial request and triggering event.
 * @returns The posted chat message, or `null` when the dialog was closed or the request refused
 *   (a refused request shows one localized error).
 */
export async function openRollDialog<E extends EngineId>(
  engine: E,
  options: OpenRollDialogOptions<E> = {},
): Promise<ChatMessage.Implementation | null> {
  const configured = configureRoll(engine, options);
  if (configured === null) return null;
  options = configured;
  if (!configured.dialog) return rollDirect(engine, options);
  const settings = dialogSettingsFor(options);
  const values = DIALOG_ENGINES[engine].requestToForm(startingRequest(engine, options, settings), settings);
  return RollDialog.wait({
    engine,
    actor: options.actor,
    title: options.title,
    values,
    settings,
    ...(options.rollOptions ? { rollOptions: options.rollOptions } : {}),
  });
}
