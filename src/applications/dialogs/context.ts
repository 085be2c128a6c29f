/**
 * The render context of a roll dialog, built without Foundry: the engine's form and odds views, the
 * errors under their fields, whether Roll is enabled, and the visibility picker. The Foundry class and the
 * template tests both build their context here.
 */

import type { EngineError, EngineId } from "../../engines/core.ts";
import type { PercentileRequest } from "../../engines/percentile/request.ts";
import { conditionLines, type ConditionLine } from "../../dice/cards/context.ts";
import { dialogTargetsView, type DialogTargetsView } from "./targets.ts";
import type { Visibility } from "../../helpers/compat.ts";
import { choicesView, type ChoiceTableView } from "./choices.ts";
import { dialogDialView, type DialogDialView } from "./dial.ts";
import { DIALOG_ENGINES } from "./engines.ts";
import type { FormValues } from "./form-values.ts";
import { evaluateForm, selectOptions, type DialogEvaluation, type DialogSettings, type SelectOption } from "./types.ts";

/** The four chat visibility modes, in the order the picker lists them. */
export const VISIBILITIES: readonly Visibility[] = Object.freeze(["public", "gm", "blind", "self"]);

/** An error as a dialog shows it. */
export interface ShownError {
  /** The localized message. */
  readonly message: string;
  /** The id of the element that shows it (a control's `aria-describedby` points at it). */
  readonly id: string;
}

/** What every part of a roll dialog renders with. */
export interface DialogContext {
  /** The engine id. */
  engine: EngineId;
  /** A prefix that makes the ids of the dialog's controls unique. */
  idPrefix: string;
  /** The engine's form view. */
  form: unknown;
  /** The engine's odds view, or `null` while the input is invalid. */
  odds: unknown;
  /** The error of each shown control found wrong, by the control's name, shown under it. */
  fieldErrors: Readonly<Record<string, ShownError>>;
  /** The errors that belong to no shown control, shown in the odds panel. */
  formErrors: readonly ShownError[];
  /** How many errors the form has (0 while it is valid). */
  errorCount: number;
  /** How many of them are shown under their controls (the odds panel says how many to correct). */
  fieldErrorCount: number;
  /** Whether the Roll button is enabled. */
  canRoll: boolean;
  /** The visibility picker's options. */
  visibility: SelectOption[];
  /** Whether the odds panel's optional details are open. */
  showMore: boolean;
  /** What each choice buys: a table per resource the roll can spend (empty while the input is invalid). */
  choices: ChoiceTableView[];
  /** The GM's difficulty dial when a GM rolls for an NPC (and the input is valid), else `null`. */
  dial: DialogDialView | null;
  /**
   * The conditions and effects on this roll, as lines (each with where it comes from): the character's
   * own sheet conditions the request holds, then the effects the roll adds (the odds include both).
   */
  conditions: readonly ConditionLine[];
  /** True when an NPC rolls: the forms offer none of a player's points. */
  npc: boolean;
  /** An attack's targets as the dialog lists them. */
  targets: DialogTargetsView;
}

/** What a dialog context is built from. */
export interface DialogContextInput {
  /** The engine. */
  readonly engine: EngineId;
  /** The current form values. */
  readonly values: FormValues;
  /** The world settings. */
  readonly settings: DialogSettings;
  /** The user's language, for number formats. */
  readonly lang: string;
  /** The prefix of the controls' ids. */
  readonly idPrefix: string;
  /** The chosen visibility. */
  readonly visibility: Visibility;
  /** Whether the optional details are open (default closed). */
  readonly showMore?: boolean;
  /** Whether a roll is under way (Roll is disabled meanwhile). */
  readonly rolling?: boolean;
  /** Localizes an engine error (the Foundry layer passes `errorMessage`). */
  readonly localizeError: (error: EngineError) => string;
}

/**
 * The options for the visibility picker, with the current mode selected.
 *
 * @param current - The selected mode.
 */
export function visibilityOptions(current: Visibility): SelectOption[] {
  return selectOptions(VISIBILITIES, current, (v) => `ROLLING_BONES.Dialog.Visibility.${v}`);
}

/**
 * A dialog's form values after a change: the fields that follow a choice are refilled when it
 * changed (a weapon attack's skill fills the pool or the rating); the Foundry class and the lab both
 * read their forms through this.
 *
 * @param engine - The engine.
 * @param values - The values after the change.
 * @param previous - The values before it.
 * @param settings - The dialog's settings.
 */
export function followValues(
  engine: EngineId,
  values: FormValues,
  previous: FormValues,
  settings: DialogSettings,
): FormValues {
  const dialog = DIALOG_ENGINES[engine];
  return dialog.follow ? dialog.follow(values, previous, settings) : values;
}

/**
 * Builds the context of a roll dialog for its current values.
 *
 * @param input - The engine, values, settings, language and UI state.
 * @returns The context every part renders with.
 */
export function buildDialogContext(input: DialogContextInput): DialogContext {
  const dialog = DIALOG_ENGINES[input.engine];
  const evaluation = evaluateForm(dialog, input.values, input.settings, input.lang) as DialogEvaluation<
    unknown,
    unknown
  >;
  const form = dialog.formView(input.values, input.settings, input.lang) as unknown;
  const shown = new Set(dialog.shownFields(form));
  const fieldErrors: Record<string, ShownError> = {};
  const formErrors: ShownError[] = [];
  for (const [i, { field, error }] of evaluation.errors.entries()) {
    const message = input.localizeError(error);
    if (field !== null && shown.has(field) && !Object.hasOwn(fieldErrors, field)) {
      fieldErrors[field] = { message, id: `${input.idPrefix}-${field}-error` };
    } else formErrors.push({ message, id: `${input.idPrefix}-error-${i}` });
  }
  return {
    engine: input.engine,
    idPrefix: input.idPrefix,
    form,
    odds: evaluation.odds,
    fieldErrors,
    formErrors,
    errorCount: evaluation.errors.length,
    fieldErrorCount: Object.keys(fieldErrors).length,
    canRoll: evaluation.ok && input.rolling !== true,
    visibility: visibilityOptions(input.visibility),
    showMore: input.showMore === true,
    choices: evaluation.ok ? choicesView(input.engine, input.values, input.settings, input.lang) : [],
    dial:
      evaluation.ok && input.settings.gmDial === true
        ? dialogDialView(input.engine, input.values, input.settings, input.lang)
        : null,
    conditions: [
      ...conditionLines(input.settings.sheetConditions ?? [], "condition", input.lang).map((l) => ({
        ...l,
        from: null,
      })),
      ...conditionLines(input.settings.conditions ?? [], "condition", input.lang),
    ],
    npc: input.settings.npc === true,
    targets: dialogTargetsView(
      input.engine,
      input.settings.targets ?? [],
      input.engine === "percentile" && evaluation.ok
        ? { request: evaluation.request as PercentileRequest, lang: input.lang }
        : null,
    ),
  };
}
