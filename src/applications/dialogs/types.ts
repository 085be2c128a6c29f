/**
 * The shapes shared by the five roll dialogs: the world settings a dialog reads, the pieces of an
 * odds panel, and the contract each engine's dialog module fulfils. Pure: no Foundry globals.
 */

import { EngineError, shared, type EngineId } from "../../engines/core.ts";
import type { ArtTable } from "../../engines/percentile/core.ts";
import { withConditions, type NamedCondition } from "../../data/conditions/index.ts";
import type { DialogPoints } from "../../services/points/views.ts";
import type { DialogTarget } from "../../dice/cards/targets.ts";
import { chosenEquipment, chosenUse, type EquipmentChoice, type EquipmentSettings } from "./equipment.ts";
import type { FormValues } from "./form-values.ts";
import { barWidth, formatPercent } from "./format.ts";

export type { DialogPoints };

const ERROR_PREFIX = shared.ERROR_PREFIX;

/** How the percentile dialog takes column shifts: as bonus/penalty dice counts, or as one signed shift. */
export type PercentileInputMode = "dice" | "shift";

/**
 * The world settings that change what a dialog asks for or how its request is built, and what the
 * rolling character brings (points, action dice, a weapon attack's choices, gear to tick).
 */
export interface DialogSettings extends EquipmentSettings {
  /** Whether the percentile dialog asks for bonus and penalty dice or for a column shift. */
  readonly percentileMode: PercentileInputMode;
  /** The cap on percentile extra dice after cancellation (0 = no cap). */
  readonly percentileCap: number;
  /** Whether the 1 that starts a Wild Die critical failure counts as its face. */
  readonly wildFirstOneCounts: boolean;
  /** The GM's Action Results Table the percentile engine reads; absent for the default table. */
  readonly percentileArt?: ArtTable;
  /** What the rolling character can spend, read when the dialog opens; absent when no character rolls. */
  readonly points?: DialogPoints | null;
  /** Action: the rolling character's level and the action dice its player holds, read when the dialog opens. */
  readonly actionDice?: DialogActionDice | null;
  /** Pool: true when an automatic success must be asked of the GM (a player, where the GM approves them). */
  readonly automaticAsk?: boolean;
  /** True when a GM rolls for an NPC: the dialog offers the difficulty dial. */
  readonly gmDial?: boolean;
  /**
   * The rolling character's conditions and effects that move a roll of this engine (its own, and its
   * equipped items'), read when the dialog opens: listed as lines, and the odds include them, as the
   * roll adds them. Absent when no character rolls.
   */
  readonly conditions?: readonly NamedCondition[] | null;
  /**
   * What the request itself already holds from the character's sheet and the dialog lists beside the
   * conditions (a Precision & Impact character's own hindrances), so the player sees every source.
   */
  readonly sheetConditions?: readonly NamedCondition[] | null;
  /** True when an NPC rolls: it holds none of a player's points (karma, Character and Fate Points, Willpower). */
  readonly npc?: boolean;
  /** An attack's targets (the tokens the user targets), read when the dialog opens; absent for other rolls. */
  readonly targets?: readonly DialogTarget[] | null;
  /**
   * A damage roll (docs/rules.md §6): it never botches, and `ownDice` is false where none of its dice is the
   * character's (a ranged Wild Die weapon's code), so no Fate Point is offered. Absent for other rolls.
   */
  readonly damage?: { readonly ownDice: boolean } | null;
}

/** What an action dialog starts from when a character rolls. */
export interface DialogActionDice {
  /** The character's level (an insight roll adds it), or `null` when unknown. */
  readonly level: number | null;
  /** The action die the character's level gives, or `null` when unknown. */
  readonly faces: number | null;
  /**
   * The action dice the roller's pool holds this session, largest first (the die list offers these
   * sizes, and a size's count bounds the dice used); `null` when no pool is filled this session.
   */
  readonly held: readonly { readonly faces: number; readonly count: number }[] | null;
  /** True when the pool is the GM's (an NPC's roll is augmented from it, docs/rules.md §2). */
  readonly gm?: boolean;
}

/** The settings a dialog uses when none are given (the rules' defaults). */
export const DEFAULT_DIALOG_SETTINGS: DialogSettings = Object.freeze({
  percentileMode: "dice",
  percentileCap: 5,
  wildFirstOneCounts: true,
});

/** How a chance is coloured; every tone is paired with text, never shown by colour alone. */
export type Tone = "good" | "bad" | "neutral";

/** A probability with its formatted text. */
export interface Chance {
  /** The probability, exactly as the engine computed it. */
  readonly p: number;
  /** The formatted percentage. */
  readonly percent: string;
}

/** One figure of an odds headline, e.g. "Success 63%". */
export interface HeadlineItem extends Chance {
  /** A stable id (used in `data-odds` attributes and tests). */
  readonly id: string;
  /** The localization key of its label. */
  readonly labelKey: string;
  /** Its tone. */
  readonly tone: Tone;
}

/** One bar of an odds bar list. */
export interface Bar extends Chance {
  /** A stable id (used in `data-bar` attributes and tests). */
  readonly id: string;
  /** The localization key of its label, or `null` when {@link Bar.text} is the label. */
  readonly labelKey: string | null;
  /** A label that needs no translation (numbers, value ranges); empty when `labelKey` is the label. */
  readonly text: string;
  /** Its tone. */
  readonly tone: Tone;
  /** The bar's width in percent (0–100). */
  readonly width: number;
}

/** One option of a select control. */
export interface SelectOption {
  /** The option's value. */
  readonly value: string;
  /** The localization key of its label, or `null` when {@link SelectOption.text} is the label. */
  readonly labelKey: string | null;
  /** A label that needs no translation; empty when `labelKey` is the label. */
  readonly text: string;
  /** Whether it is selected. */
  readonly selected: boolean;
}

/**
 * One engine's dialog: how form values become the engine request, how a request fills the form,
 * and the view models of the form and of the odds panel.
 *
 * @typeParam Req - The engine's request.
 * @typeParam Extras - Values the odds panel reads that are not part of the request (targets).
 * @typeParam Form - The form's view model.
 * @typeParam Odds - The odds panel's view model.
 */
export interface DialogEngine<Req, Extras, Form, Odds> {
  /** The engine id. */
  readonly id: EngineId;
  /** The form values of a request (from a sheet); absent fields take the dialog's defaults. */
  requestToForm(initial: Partial<Req> | undefined, settings: DialogSettings): Record<string, string | boolean>;
  /** The exact engine request for the form values, validated by the engine; throws its `EngineError`. */
  formToRequest(values: FormValues, settings: DialogSettings): Req;
  /** The odds-only values (targets); throws an `EngineError` for a bad one. */
  formToExtras(values: FormValues): Extras;
  /** The form's view model (values, options, which controls are offered or disabled), its numbers in the user's language. */
  formView(values: FormValues, settings: DialogSettings, lang: string): Form;
  /** The odds panel's view model, from the engine's exact odds. */
  oddsView(request: Req, extras: Extras, lang: string): Odds;
  /**
   * The control to mark invalid for an error that names no `field` in its data, by the error key's
   * last segment (e.g. `PoolTooSmall` → `pool`).
   */
  readonly errorFields?: Readonly<Record<string, string>>;
  /**
   * Checks that the rolling character can pay what the request asks for (the engine's rules); throws
   * the engine's `EngineError` when it cannot. Absent for an engine without points.
   */
  checkPoints?(request: Req, points: DialogPoints): void;
  /**
   * The fields the form shows for its view (a hidden field's error is shown in the odds panel
   * instead, so no error is ever lost). Each one's error is rendered under its control.
   */
  shownFields(form: Form): readonly string[];
  /**
   * The request with the chosen equipment's and the conditions' adjustments made, as the roll will
   * make them (the odds are read from it), checked by the engine (`adjustWith`); throws its `EngineError`.
   */
  adjust?(request: Req, equipment: readonly NamedCondition[]): Req;
  /**
   * The form values after a change: fields that follow a choice are refilled when it changes (a
   * weapon attack's skill fills the pool). Absent when no field follows another.
   */
  follow?(values: FormValues, previous: FormValues, settings: DialogSettings): FormValues;
}

/**
 * A dialog's `adjust`: the request with the adjustments made as the roll makes them
 * (`withConditions`), checked by the engine.
 *
 * @param engine - The engine.
 * @param validate - The engine's check.
 */
export function adjustWith<Req>(
  engine: EngineId,
  validate: (request: Req) => Req,
): (request: Req, adjustments: readonly NamedCondition[]) => Req {
  return (request, adjustments) => validate(withConditions(engine, request, adjustments) as Req);
}

/** Any engine's dialog. */
// Each engine's dialog has its own request and view types; the registry only passes them along.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDialogEngine = DialogEngine<any, any, any, any>;

/** One error of a form: the control it belongs to (or `null` for the form as a whole) and the engine's error. */
export interface FormError {
  /** The control's name, or `null` when the error points at no single control. */
  readonly field: string | null;
  /** The engine's error. */
  readonly error: EngineError;
}

/**
 * What a dialog shows for its current form values: the request the form makes, the equipment chosen
 * (the roll adds its adjustments after the pick), and the odds of the request with them; or every
 * error found.
 */
export type DialogEvaluation<Req, Odds> =
  | {
      readonly ok: true;
      readonly request: Req;
      readonly equipment: EquipmentChoice;
      readonly odds: Odds;
      readonly errors: readonly [];
    }
  | {
      readonly ok: false;
      readonly request: null;
      readonly equipment: null;
      readonly odds: null;
      readonly errors: readonly FormError[];
    };

/** The most errors a form lists at once. */
const MAX_ERRORS = 8;

/**
 * The control an error points at: the `field` it names, or else the one the dialog maps its code to.
 *
 * @param error - The engine's error.
 * @param errorFields - The dialog's map from error codes to controls.
 */
export function fieldOfError(error: EngineError, errorFields: Readonly<Record<string, string>> = {}): string | null {
  const field = error.data.field;
  if (typeof field === "string") return field;
  const code = error.key.slice(ERROR_PREFIX.length);
  return Object.hasOwn(errorFields, code) ? (errorFields[code] ?? null) : null;
}

/**
 * The request as the roll makes it: the chosen equipment's and the character's conditions'
 * adjustments added (the odds panel, the choice tables and the dial all read this one).
 */
export function asRolled<Req>(
  dialog: Pick<DialogEngine<Req, unknown, unknown, unknown>, "adjust">,
  request: Req,
  equipment: readonly NamedCondition[],
  settings: Pick<DialogSettings, "conditions">,
): Req {
  const adjustments = [...equipment, ...(settings.conditions ?? [])];
  return adjustments.length > 0 && dialog.adjust ? dialog.adjust(request, adjustments) : request;
}

/** The request and odds for form values, or the first error that makes them invalid. */
function attempt<Req, Extras, Form, Odds>(
  dialog: DialogEngine<Req, Extras, Form, Odds>,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
): { request: Req; equipment: EquipmentChoice; odds: Odds } | EngineError {
  try {
    const request = dialog.formToRequest(values, settings);
    if (settings.points && dialog.checkPoints) dialog.checkPoints(request, settings.points);
    chosenUse(values, settings);
    const equipment = chosenEquipment(values, settings);
    const rolled = asRolled(dialog, request, equipment.named, settings);
    const extras = dialog.formToExtras(values);
    return { request, equipment, odds: dialog.oddsView(rolled, extras, lang) };
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
}

/**
 * Every error of a form, the first one first. The engines stop at the first bad field, so each field
 * found wrong is set to the dialog's starting value and the form is read again, until it is valid
 * or an error points at no single control. A later error that may read a value set in that way
 * (it names no field of its own, and its data names a replaced one), or that is about several
 * controls at once (an empty dice pool), may be about the stand-in rather than the player's input,
 * and ends the list.
 */
function formErrors<Req, Extras, Form, Odds>(
  dialog: DialogEngine<Req, Extras, Form, Odds>,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
  first: EngineError,
): FormError[] {
  const defaults = dialog.requestToForm(undefined, settings);
  const errors: FormError[] = [];
  const replaced = new Set<string>();
  let current = values;
  let error = first;
  for (;;) {
    const field = fieldOfError(error, dialog.errorFields);
    const real = field !== null && Object.hasOwn(defaults, field);
    // An error that names its own field is about that field's value; one found by the dialog's map
    // (a spend, an automatic success) may read several fields, named in its data.
    const named = typeof error.data.field === "string";
    const readsReplaced = !named && Object.keys(error.data).some((key) => replaced.has(key));
    if (errors.length > 0 && (!real || readsReplaced)) break;
    errors.push({ field, error });
    if (!real || replaced.has(field) || errors.length >= MAX_ERRORS) break;
    replaced.add(field);
    current = { ...current, [field]: defaults[field] };
    const next = attempt(dialog, current, settings, lang);
    if (!(next instanceof EngineError)) break;
    error = next;
  }
  return errors;
}

/**
 * Builds the request and the odds for form values, catching the engine's errors (a request the
 * rolling character cannot pay for is an error too). An invalid form lists every field found wrong.
 *
 * @param dialog - The engine's dialog.
 * @param values - The form values.
 * @param settings - The world settings.
 * @param lang - The user's language.
 * @returns The request and its odds view, or the errors that make the input invalid.
 */
export function evaluateForm<Req, Extras, Form, Odds>(
  dialog: DialogEngine<Req, Extras, Form, Odds>,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
): DialogEvaluation<Req, Odds> {
  const result = attempt(dialog, values, settings, lang);
  if (result instanceof EngineError) {
    const errors = formErrors(dialog, values, settings, lang, result);
    return { ok: false, request: null, equipment: null, odds: null, errors };
  }
  return { ok: true, request: result.request, equipment: result.equipment, odds: result.odds, errors: [] };
}

/**
 * A chance with its text.
 *
 * @param p - The probability.
 * @param lang - The user's language.
 */
export function chance(p: number, lang: string): Chance {
  return { p, percent: formatPercent(p, lang) };
}

/**
 * A bar for a probability.
 *
 * @param id - Its stable id.
 * @param label - A localization key, or `{ text }` for a label that needs no translation.
 * @param p - The probability.
 * @param tone - Its tone.
 * @param lang - The user's language.
 */
export function bar(id: string, label: string | { text: string }, p: number, tone: Tone, lang: string): Bar {
  const labelKey = typeof label === "string" ? label : null;
  const text = typeof label === "string" ? "" : label.text;
  return { id, labelKey, text, tone, width: barWidth(p), ...chance(p, lang) };
}

/**
 * Select options for values, with the current one selected.
 *
 * @param values - The option values.
 * @param current - The current value.
 * @param label - The label of each option: a localization key, or `{ text }`.
 */
export function selectOptions(
  values: readonly (string | number)[],
  current: string,
  label: (value: string) => string | { text: string },
): SelectOption[] {
  return values.map((v) => {
    const value = String(v);
    const l = label(value);
    return {
      value,
      labelKey: typeof l === "string" ? l : null,
      text: typeof l === "string" ? "" : l.text,
      selected: value === current,
    };
  });
}
