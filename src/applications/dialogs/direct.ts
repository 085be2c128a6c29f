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
import { ENGINE_OF, NPC_TYPES, rollingTypeOf } from "../../data/actor/pure.ts";
import type { Visibility } from "../../helpers/compat.ts";
import { gearFor } from "../../services/equipment.ts";
import { DIALOG_ENGINES, type RequestByEngine } from "./engines.ts";
import { attackRollOptions, type DialogAttack } from "./equipment.ts";
import type { FormValues } from "./form-values.ts";
import { evaluateForm, type DialogActionDice, type DialogEvaluation, type DialogSettings } from "./types.ts";

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
  /**
   * A weapon attack (Precision & Impact, percentile): the weapon, and the skills or attributes the
   * player chooses from; `initial` is the request of the choice it starts from.
   */
  attack?: DialogAttack;
}

/**
 * The world settings the dialogs read and, when a character rolls, what it can spend (karma and
 * pending assists, Character and Fate Points left this session, Willpower and this turn's point)
 * and the gear it may tick for a roll of its engine.
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
  // A character (or an NPC, which rolls as its engine's character) may tick its gear.
  const type = rollingTypeOf(actor.type);
  const gear = type ? gearFor(ENGINE_OF[type], actor) : [];
  // A GM rolling for an NPC gets the difficulty dial (issue 26).
  const gmDial = game.user.isGM && (NPC_TYPES as readonly string[]).includes(actor.type);
  return {
    ...settings,
    ...(points ? { points } : {}),
    ...(actionDice ? { actionDice } : {}),
    ...(gear.length > 0 ? { gear } : {}),
    ...(gmDial ? { gmDial } : {}),
  };
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
  const settings = dialogSettingsFor(options);
  const values = dialog.requestToForm(options.initial, settings);
  const evaluation = evaluateForm(dialog, values, settings, game.i18n.lang);
  if (!evaluation.ok) {
    reportError(evaluation.errors[0]?.error);
    return null;
  }
  return postDialogRoll(engine, evaluation, { ...options, settings, values });
}

/**
 * The settings of a dialog opened with these options: the world's and the rolling character's
 * (`readDialogSettings`), and the weapon attack the roll is, if any.
 */
export function dialogSettingsFor(options: Pick<OpenRollDialogOptions, "actor" | "attack">): DialogSettings {
  const settings = readDialogSettings(options.actor ?? null);
  return options.attack ? { ...settings, attack: options.attack } : settings;
}

/** What a dialog's roll is posted with. */
export interface DialogRollParams {
  /** The rolling actor (speaks the chat card, pays the points, owns the equipment). */
  readonly actor?: Actor.Implementation | null;
  /** The card's flavor line. */
  readonly title?: string | undefined;
  /** The dialog's settings. */
  readonly settings: DialogSettings;
  /** The form values the request was made from (the attack's choice, the gear ticked). */
  readonly values: FormValues;
  /** Who sees the roll (the chat control's mode when absent). */
  readonly visibility?: Visibility;
  /** More JSON-safe options stored with the roll. */
  readonly rollOptions?: Record<string, unknown> | undefined;
}

/**
 * Posts a dialog's valid request, as the dialog's Roll button and a direct roll do: the character
 * pays its points, the equipment chosen (a weapon attacked with, the gear ticked) is looked up on
 * the character and adjusts the roll after the pick, and a weapon attack's card names the weapon
 * and what it was rolled with.
 *
 * @param engine - The engine.
 * @param evaluation - The form's valid evaluation (`evaluateForm`).
 * @param params - The actor, flavor, settings, form values and visibility.
 * @returns The posted message, or `null` when refused (one localized message is shown).
 */
export function postDialogRoll(
  engine: EngineId,
  evaluation: Extract<DialogEvaluation<unknown, unknown>, { ok: true }>,
  params: DialogRollParams,
): Promise<ChatMessage.Implementation | null> {
  const actor = params.actor ?? null;
  const rollOptions = { ...params.rollOptions, ...attackRollOptions(params.values, params.settings) };
  return rollWithPoints(engine, evaluation.request, {
    actor,
    assists: params.settings.points?.assists ?? [],
    speaker: ChatMessage.getSpeaker({ actor: actor ?? undefined }),
    flavor: params.title,
    ...(params.visibility ? { visibility: params.visibility } : {}),
    ...(evaluation.equipment.ids.length > 0 ? { equipment: evaluation.equipment.ids } : {}),
    ...(Object.keys(rollOptions).length > 0 ? { rollOptions } : {}),
  });
}
