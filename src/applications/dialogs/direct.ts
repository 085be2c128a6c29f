/**
 * Rolling without the dialog: the world settings the dialogs read, and a direct roll of a sheet's
 * request built exactly as an untouched dialog would build it. No application class is involved,
 * so this module also runs where no window can open.
 */
import { mustAskForAutomatic } from "../../services/automatic/index.ts";
import { SYSTEM_ID } from "../../constants.ts";
import type { EngineId } from "../../engines/core.ts";
import { worldArt } from "../../data/settings/world-art.ts";
import { reportError } from "../../helpers/notify.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { actorPoints, cpSessionLimit, dialogPointsOf, rollWithPoints, turnFor } from "../../services/points/index.ts";
import { currentSession, sessionPoolOf, storedGmPool } from "../../services/action-dice/store.ts";
import { conditionsFor } from "../../services/conditions.ts";
import { rollCategory, type RollCategory } from "../../data/lasting.ts";
import type { NamedCondition } from "../../data/conditions/index.ts";
import { actionDiceFor } from "../../data/actor/derived.ts";
import { ENGINE_OF, isNpcType, rollingTypeOf } from "../../data/actor/pure.ts";
import type { Visibility } from "../../helpers/compat.ts";
import { gearFor, rememberAttackUse } from "../../services/equipment.ts";
import { DIALOG_ENGINES, type RequestByEngine } from "./engines.ts";
import { attackRollOptions, chosenUse, type DialogAttack } from "./equipment.ts";
import { withTargetFigure } from "./targets.ts";
import { currentTargets } from "../../services/targets.ts";
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
 * @param damage - The roll is a damage roll (its conditions leave out wounds, docs/rules.md §6).
 * @param category - The kind of roll (a lasting critical or botch effect moves only its own kind).
 */
export function readDialogSettings(
  actor: Actor.Implementation | null = null,
  damage = false,
  category?: RollCategory,
): DialogSettings {
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
  const npc = isNpcType(actor.type);
  // An action-dice NPC's rolls take the GM's pool (docs/rules.md §2: the GM's dice), a character's its player's.
  const actionDice =
    actor.type === "action-character" ? actionDiceOf(actor) : actor.type === "action-npc" ? gmActionDice() : null;
  // A character (or an NPC, which rolls as its engine's character) may tick its gear.
  const type = rollingTypeOf(actor.type);
  // A GM rolling for an NPC gets the difficulty dial (issue 26).
  const gmDial = game.user.isGM && npc;
  const engine = type ? ENGINE_OF[type] : null;
  const gear = engine ? gearFor(engine, actor) : [];
  // The conditions and effects the roll will add, listed in the dialog and counted in its odds.
  const conditions = engine ? conditionsFor(engine, actor, false, damage, category) : [];
  const sheetConditions = type === "pi-character" ? piSheetConditions(actor) : [];
  return {
    ...settings,
    ...(points && !npc ? { points } : {}),
    ...(actionDice ? { actionDice } : {}),
    ...(gear.length > 0 ? { gear } : {}),
    ...(gmDial ? { gmDial } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(sheetConditions.length > 0 ? { sheetConditions } : {}),
    ...(npc ? { npc } : {}),
  };
}

/** The GM's action dice this session, for an NPC's roll (the GM's pool, its real die type and count). */
function gmActionDice(): DialogActionDice {
  const pool = storedGmPool();
  const current = pool !== null && pool.session === currentSession() ? pool : null;
  return {
    level: null,
    faces: null,
    held: current ? current.state.dice.filter((p) => p.count > 0) : null,
    gm: true,
  };
}

/**
 * A Precision & Impact character's own active hindrances (its sheet's conditions), named as the
 * dialog lists them: the request already holds them (`requestForTrait`), so they are shown, not added.
 */
function piSheetConditions(actor: Actor.Implementation): NamedCondition[] {
  // A pi-character's (or pi-npc's) system holds its conditions (the data model validates them).
  const conditions = (actor.system as { conditions?: unknown }).conditions;
  if (typeof conditions !== "object" || conditions === null) return [];
  return Object.values(conditions as Record<string, { name: string; hindrance: "minor" | "major"; active: boolean }>)
    .filter((c) => c.active)
    .map((c) => ({ name: c.name, adjustments: [{ target: "hindrance", value: c.hindrance }] }));
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
  const values = dialog.requestToForm(startingRequest(engine, options, settings), settings);
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
export function dialogSettingsFor(
  options: Pick<OpenRollDialogOptions, "actor" | "attack" | "initial" | "rollOptions">,
): DialogSettings {
  const damage = typeof options.rollOptions?.damage === "object" && options.rollOptions.damage !== null;
  // An attack records the tokens its user targets, and its dialog shows them (docs/rules.md §6).
  const kind = (options.initial as { kind?: unknown } | undefined)?.kind;
  const attacking = options.attack !== undefined || kind === "attack";
  const settings = readDialogSettings(options.actor ?? null, damage, rollCategory({ damage, attack: attacking, kind }));
  const targets = attacking ? currentTargets() : [];
  const ownDice = (options.initial as { ownDice?: unknown } | undefined)?.ownDice !== false;
  return {
    ...settings,
    ...(options.attack ? { attack: options.attack } : {}),
    ...(targets.length > 0 ? { targets } : {}),
    ...(damage ? { damage: { ownDice } } : {}),
  };
}

/**
 * The request a dialog (or a direct roll) starts from: the trait's, with its one target's defence
 * figure filled in where the user may see it (`withTargetFigure`).
 */
export function startingRequest<E extends EngineId>(
  engine: E,
  options: Pick<OpenRollDialogOptions<E>, "initial">,
  settings: DialogSettings,
): Partial<RequestByEngine[E]> | undefined {
  const initial = options.initial as Readonly<Record<string, unknown>> | undefined;
  return withTargetFigure(engine, initial, settings.targets ?? []) as Partial<RequestByEngine[E]> | undefined;
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
  /** The roll is a combatant's initiative: its message carries core's `initiativeRoll` flag. */
  readonly initiativeRoll?: boolean;
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
export async function postDialogRoll(
  engine: EngineId,
  evaluation: Extract<DialogEvaluation<unknown, unknown>, { ok: true }>,
  params: DialogRollParams,
): Promise<ChatMessage.Implementation | null> {
  const actor = params.actor ?? null;
  const targets = params.settings.targets ?? [];
  const rollOptions = {
    ...params.rollOptions,
    ...attackRollOptions(params.values, params.settings),
    // The targets the dialog showed, by name and reference only: the active GM judges each (services/targets.ts).
    ...(targets.length > 0 ? { targets: targets.map((t) => t.stored) } : {}),
  };
  const message = await rollWithPoints(engine, evaluation.request, {
    actor,
    assists: params.settings.points?.assists ?? [],
    speaker: ChatMessage.getSpeaker({ actor: actor ?? undefined }),
    flavor: params.title,
    ...(params.visibility ? { visibility: params.visibility } : {}),
    ...(params.initiativeRoll === true ? { initiativeRoll: true } : {}),
    ...(evaluation.equipment.ids.length > 0 ? { equipment: evaluation.equipment.ids } : {}),
    ...(Object.keys(rollOptions).length > 0 ? { rollOptions } : {}),
  });
  // The weapon remembers what its attack was rolled with: the next one starts from it.
  const use = chosenUse(params.values, params.settings);
  if (message && actor && params.settings.attack && use) {
    await rememberAttackUse(actor, params.settings.attack.weapon.id, use.value);
  }
  return message;
}
