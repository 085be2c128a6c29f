/**
 * The roll dialogs: `openRollDialog` for sheets and macros, and the Foundry-free pieces (each
 * engine's form → request and odds views, the skip-dialog rule, formatting) for tests and other
 * modules.
 */
import { EngineError, shared, type EngineId } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";
import { checkPostOptions, jsonCopy } from "../../services/roll.ts";
import type { DialogConfiguration } from "../../services/prepared-roll.ts";
import { dialogSettingsFor, rollDirect, startingRequest, type OpenRollDialogOptions } from "./direct.ts";
import { DIALOG_ENGINES, type RequestByEngine } from "./engines.ts";
import { RollDialog } from "./roll-dialog.ts";
import { skipsDialog } from "./keybindings.ts";

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
 * Asks the `rollingBones.preConfigure` hook about a roll before its dialog opens: a handler may change
 * the request the dialog starts from, the title, the options stored with the roll and whether the
 * dialog opens ({@link DialogConfiguration}), or return `false` to cancel. A change that is not of
 * the right kind (a title that is not text, a request that is not an object) shows one localized
 * message and nothing is rolled.
 *
 * @returns The options the dialog (or the fast roll) starts from, with `dialog` saying whether it
 *   opens; `null` when the roll was cancelled or refused.
 */
function configureRoll<E extends EngineId>(
  engine: E,
  options: OpenRollDialogOptions<E>,
): (OpenRollDialogOptions<E> & { dialog: boolean }) | null {
  let config: DialogConfiguration;
  try {
    config = {
      engine,
      actor: options.actor ?? null,
      request: jsonCopy<Record<string, unknown>>({ ...(options.initial ?? {}) }, "request"),
      title: options.title,
      rollOptions: jsonCopy(options.rollOptions ?? {}, "rollOptions"),
      dialog: !skipsDialog(options.event),
    };
  } catch (error) {
    reportError(error);
    return null;
  }
  /**
   * A hook event that fires before a roll's dialog opens (or its fast roll is made).
   * @param config - The roll's configuration ({@link DialogConfiguration}): changes take effect.
   * @returns `false` to cancel the roll.
   */
  if (Hooks.call("rollingBones.preConfigure", config) === false) return null;
  try {
    if (!shared.isRecord(config.request)) throw new EngineError("BadPostOption", { option: "request" });
    if (typeof config.dialog !== "boolean") throw new EngineError("BadPostOption", { option: "dialog" });
    // The title is the card's flavor and the options are stored with the roll: checked as a roll to chat checks them.
    checkPostOptions({ flavor: config.title, rollOptions: config.rollOptions });
  } catch (error) {
    reportError(error);
    return null;
  }
  return {
    ...options,
    initial: config.request as Partial<RequestByEngine[E]>,
    title: config.title,
    ...(Object.keys(config.rollOptions).length > 0 || options.rollOptions ? { rollOptions: config.rollOptions } : {}),
    dialog: config.dialog,
  };
}

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
