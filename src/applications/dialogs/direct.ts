/**
 * Rolling without the dialog: the world settings the dialogs read, and a direct roll of a sheet's
 * request built exactly as an untouched dialog would build it. No application class is involved,
 * so this module also runs where no window can open.
 */
import { mustAskForAutomatic } from "../../services/automatic/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import type { EngineId } from "../../engines/index.ts";
import { worldArt } from "../../data/settings/world-art.ts";
import { reportError } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { actorPoints, cpSessionLimit, dialogPointsOf, rollWithPoints, turnFor } from "../../services/points/index.ts";
import { sessionPoolOf } from "../../services/action-dice/store.ts";
import { actionDiceFor } from "../../data/actor/derived.ts";
import { DIALOG_ENGINES, type RequestByEngine } from "./engines.ts";
import type { DialogActionDice, DialogSettings } from "./types.ts";

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
  /** More JSON-safe options stored with the roll (e.g. the GM roll request it answers). */
  rollOptions?: Record<string, unknown>;
}

/**
 * The world settings the dialogs read and, when a character rolls, what it can spend (karma and
 * pending assists, Character and Fate Points left this session, Willpower and this turn's point).
 *
 * @param actor - The rolling character, if any.
 */
export function readDialogSettings(actor: Actor.Implementation | null = null): DialogSettings {
  const settings: DialogSettings = {
    percentileMode: game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileMode) === "shift" ? "shift" : "dice",
    percentileCap: game.settings.get(SYSTEM_ID, SETTING_KEYS.percentileCap),
    wildFirstOneCounts: game.settings.get(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts),
    percentileArt: worldArt(),
    automaticAsk: mustAskForAutomatic(),
  };
  if (!actor) return settings;
  const points = dialogPointsOf(actorPoints(actor), {
    cpSessionLimit: cpSessionLimit(),
    turn: turnFor(actor.id ?? ""),
  });
  const actionDice = actor.type === "action-character" ? actionDiceOf(actor) : null;
  return { ...settings, ...(points ? { points } : {}), ...(actionDice ? { actionDice } : {}) };
}

/** An action character's level, the die it gives, and the dice its player (the user rolling) holds this session. */
function actionDiceOf(actor: Actor.Implementation): DialogActionDice {
  // An action character's system carries its level (the data model validates it).
  const level = (actor.system as { level?: unknown }).level;
  const known = typeof level === "number" ? level : null;
  const pool = sessionPoolOf(game.user);
  return {
    level: known,
    faces: known === null ? null : (actionDiceFor(known)?.faces ?? null),
    held: pool ? pool.state.dice.filter((p) => p.count > 0) : null,
  };
}

export { skipDialogDefault } from "./skip.ts";

/**
 * Rolls an initial request without a dialog, built through the same form values an untouched
 * dialog would hold (so both paths post the same request). A rolling character pays what the
 * request asks for (and takes its pending assists) exactly as from the dialog.
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
  const settings = readDialogSettings(options.actor ?? null);
  let request: unknown;
  try {
    request = dialog.formToRequest(dialog.requestToForm(options.initial, settings), settings);
    if (settings.points && dialog.checkPoints) dialog.checkPoints(request, settings.points);
  } catch (error) {
    reportError(error);
    return null;
  }
  return rollWithPoints(engine, request, {
    actor: options.actor ?? null,
    assists: settings.points?.assists ?? [],
    speaker: ChatMessage.getSpeaker({ actor: options.actor ?? undefined }),
    flavor: options.title,
    ...(options.rollOptions ? { rollOptions: options.rollOptions } : {}),
  });
}
