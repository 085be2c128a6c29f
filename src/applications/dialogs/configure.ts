/**
 * The first stage of a roll: the `rollingBones.preConfigure` hook, asked before a roll's dialog
 * opens (or its fast roll is made, or a roll without a dialog, a weapon's direct damage, is made).
 * Small and loaded with the sheets, so a roll with no dialog asks it without loading the dialogs.
 */
import { EngineError, shared, type EngineId } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";
import { checkPostOptions, jsonCopy } from "../../services/roll.ts";
import type { DialogConfiguration } from "../../services/prepared-roll.ts";
import type { OpenRollDialogOptions } from "./direct.ts";
import type { RequestByEngine } from "./engines.ts";
import { skipsDialog } from "./keybindings.ts";

/**
 * Asks the `rollingBones.preConfigure` hook about a roll before its dialog opens: a handler may change
 * the request the dialog starts from, the title, the options stored with the roll and whether the
 * dialog opens ({@link DialogConfiguration}), or return `false` to cancel. A change that is not of
 * the right kind (a title that is not text, a request that is not an object) shows one localized
 * message and nothing is rolled.
 *
 * @param withDialog - `false` for a roll that has no dialog (a weapon's direct damage): the hook
 *   sees `dialog: false`, and a handler's `dialog` is ignored.
 * @returns The options the dialog (or the fast roll) starts from, with `dialog` saying whether it
 *   opens; `null` when the roll was cancelled or refused.
 */
export function configureRoll<E extends EngineId>(
  engine: E,
  options: OpenRollDialogOptions<E>,
  withDialog = true,
): (OpenRollDialogOptions<E> & { dialog: boolean }) | null {
  let config: DialogConfiguration;
  try {
    config = {
      engine,
      actor: options.actor ?? null,
      request: jsonCopy<Record<string, unknown>>({ ...(options.initial ?? {}) }, "request"),
      title: options.title,
      rollOptions: jsonCopy(options.rollOptions ?? {}, "rollOptions"),
      dialog: withDialog && !skipsDialog(options.event),
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
    // A roll with no dialog has none, whatever a handler says.
    dialog: withDialog && config.dialog,
  };
}
