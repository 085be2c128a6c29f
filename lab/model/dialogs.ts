/**
 * The roll dialogs in the lab: their contexts and requests from the dialogs' pure modules, as
 * `RollDialog` builds them.
 */
import { type DialogContext, buildDialogContext } from "../../src/applications/dialogs/context.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import type { FormValues } from "../../src/applications/dialogs/form-values.ts";
import { type DialogEvaluation, type DialogSettings, evaluateForm } from "../../src/applications/dialogs/types.ts";
import { USE_ABILITY_FIELD, USE_ATTRIBUTE_FIELD, USE_FIELD } from "../../src/applications/dialogs/equipment.ts";
import type { EngineError, EngineId } from "../../src/engines/index.ts";
import type { Visibility } from "../../src/helpers/compat.ts";
import { errorMessage } from "../../src/helpers/notify.ts";
import type { Localization } from "../i18n.ts";

/** One engine's dialog as the page holds it. */
export interface DialogState {
  /** The engine. */
  readonly engine: EngineId;
  /** The form values (the visibility picker's value apart). */
  readonly values: FormValues;
  /** The chosen visibility. */
  readonly visibility: Visibility;
  /** The window title and card flavor (a sheet's trait), or `null` for the engine's name. */
  readonly title: string | null;
  /** Whether the odds panel's optional details are open. */
  readonly showMore: boolean;
  /** What the rolling character brings beside the world settings (an action character's level and dice held). */
  readonly character?: Partial<DialogSettings>;
}

/**
 * A fresh dialog for an engine, filled from a request as a sheet would open it.
 *
 * @param engine - The engine.
 * @param settings - The world settings.
 * @param initial - The request to start from (absent: the dialog's defaults).
 * @param title - The title (a trait's name), or `null`.
 */
export function openDialog(
  engine: EngineId,
  settings: DialogSettings,
  initial?: unknown,
  title: string | null = null,
  character: Partial<DialogSettings> = {},
): DialogState {
  const values = DIALOG_ENGINES[engine].requestToForm(initial as never, { ...settings, ...character });
  return { engine, values, visibility: "public", title, showMore: false, character };
}

/**
 * The request each engine's dialog starts from on the page, as a sheet would open it: a typical
 * trait of each engine's characters, so every dialog shows odds at once.
 */
export const STARTING_REQUESTS: Readonly<Record<EngineId, unknown>> = Object.freeze({
  percentile: { bonus: 0, penalty: 0, column: 9 },
  action: { kind: "check", modifier: 3, dc: 15 },
  wild: { dice: 4, pips: 1, target: 10 },
  pi: { pool: [8, 6, 4], precisionGoal: 8, impactGoal: 2 },
  pool: { pool: 5, difficulty: 6 },
});

/** The prefix of a lab dialog's control ids. */
export function dialogIdPrefix(engine: EngineId): string {
  return `lab-${engine}-dialog`;
}

/**
 * The context of a dialog's parts, as `RollDialog#_prepareContext` builds it.
 *
 * @param state - The dialog.
 * @param settings - The world settings.
 * @param i18n - The localization (errors name their field by its label, as in Foundry).
 */
export function dialogContext(state: DialogState, settings: DialogSettings, i18n: Localization): DialogContext {
  return buildDialogContext({
    engine: state.engine,
    values: state.values,
    settings: { ...settings, ...state.character },
    lang: i18n.lang,
    idPrefix: dialogIdPrefix(state.engine),
    visibility: state.visibility,
    showMore: state.showMore,
    localizeError: (error: EngineError) => errorMessage(error, i18n),
  });
}

/** The request a dialog's Roll posts, or the error that keeps Roll disabled. */
export function dialogRequest(
  state: DialogState,
  settings: DialogSettings,
  lang: string,
): DialogEvaluation<unknown, unknown> {
  return evaluateForm(DIALOG_ENGINES[state.engine], state.values, { ...settings, ...state.character }, lang);
}

/**
 * A dialog's values carried over to changed world settings: its request refilled under the new
 * settings (a percentile dialog switches between dice and shift inputs), or the defaults when its
 * input is not a valid request.
 */
export function carryDialog(
  state: DialogState,
  before: DialogSettings,
  after: DialogSettings,
  lang: string,
): DialogState {
  const evaluation = dialogRequest(state, before, lang);
  const initial = evaluation.ok ? evaluation.request : undefined;
  const values = DIALOG_ENGINES[state.engine].requestToForm(initial as never, { ...after, ...state.character });
  // A weapon attack's choice and the gear ticked stay as the player left them (the request is theirs).
  const attackFields: readonly string[] = [USE_FIELD, USE_ATTRIBUTE_FIELD, USE_ABILITY_FIELD];
  const kept = Object.entries(state.values).filter(([key]) => attackFields.includes(key) || key.startsWith("gear-"));
  return {
    ...state,
    values: evaluation.ok ? { ...values, ...Object.fromEntries(kept) } : values,
  };
}

// sheets ------------------------------------------------------------------------------------------
