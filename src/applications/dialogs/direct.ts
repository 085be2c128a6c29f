/**
 * Rolling without the dialog: the world settings the dialogs read, and a direct roll of a sheet's
 * request built exactly as an untouched dialog would build it. No application class is involved,
 * so this module also runs where no window can open.
 */
import { SYSTEM_ID } from "../../constants.ts";
import type { EngineId } from "../../engines/index.ts";
import { reportError } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { rollToChat } from "../../services/roll.ts";
import { DIALOG_ENGINES, type RequestByEngine } from "./engines.ts";
import type { DialogSettings } from "./types.ts";

/** How a sheet or macro asks for a roll. */
export interface OpenRollDialogOptions<E extends EngineId = EngineId> {
  /** The rolling actor (speaks the chat card). */
  actor?: Actor.Implementation | null;
  /** The window title and the card's flavor line, already localized (e.g. "Dexterity + Brawl"). */
  title?: string;
  /** The request the trait gives (e.g. `{ pool: 5, cancellation: 0 }`); the dialog starts from it. */
  initial?: Partial<RequestByEngine[E]>;
  /** The click or key press that asked for the roll; Shift swaps dialog and direct roll. */
  event?: Event | null;
}

/** The world settings the dialogs read. */
export function readDialogSettings(): DialogSettings {
  return {
    percentileMode: game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileMode) === "shift" ? "shift" : "dice",
    percentileCap: game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileCap),
    wildFirstOneCounts: game.settings.get(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts),
  };
}

/** The client setting: whether a roll control rolls at once (Shift then opens the dialog). */
export function skipDialogDefault(): boolean {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.skipDialogDefault);
}

/**
 * Rolls an initial request without a dialog, built through the same form values an untouched
 * dialog would hold (so both paths post the same request).
 *
 * @param engine - The engine to roll.
 * @param options - The actor, title and initial request.
 * @returns The posted chat message, or `null` when the request is refused (one localized error is shown).
 */
export async function rollDirect<E extends EngineId>(
  engine: E,
  options: OpenRollDialogOptions<E> = {},
): Promise<ChatMessage.Implementation | null> {
  const dialog = DIALOG_ENGINES[engine];
  const settings = readDialogSettings();
  let request: unknown;
  try {
    request = dialog.formToRequest(dialog.requestToForm(options.initial, settings), settings);
  } catch (error) {
    reportError(error);
    return null;
  }
  return rollToChat(engine, request, {
    speaker: ChatMessage.getSpeaker({ actor: options.actor ?? undefined }),
    flavor: options.title,
  });
}
