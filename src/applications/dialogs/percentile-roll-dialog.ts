/**
 * The Percentile (bonus & penalty dice) roll dialog, Foundry-free: bonus and penalty dice (or one
 * column shift, by world setting), karma-bought dice with their cost, a called shot's voluntary
 * penalty dice and the rating that picks the table column, the exact request they make, and the
 * odds panel built from the engine's exact odds (the result-level distribution in the column and
 * the value distribution by tens).
 */

import { percentile } from "../../engines/index.ts";
import { defineEquipmentDialog } from "./define.ts";
import type { EquipmentView } from "./equipment.ts";
import { fieldText, numberOrText, type FormValues } from "./form-values.ts";
import { formatMean } from "./format.ts";
import {
  bar,
  chance,
  selectOptions,
  type Bar,
  type Chance,
  type DialogEngine,
  type DialogPoints,
  type DialogSettings,
  type PercentileInputMode,
  type SelectOption,
} from "./types.ts";

/** The largest column shift the dialog accepts in shift mode (the engine's dice limit). */
export const MAX_SHIFT = percentile.MAX_DICE;

/** The percentile dialog's form view. */
export interface PercentileFormView {
  /** Which inputs the world setting asks for. */
  readonly mode: PercentileInputMode;
  /** True in bonus/penalty dice mode. */
  readonly diceMode: boolean;
  readonly bonus: string;
  readonly penalty: string;
  readonly shift: string;
  /** Whether the roll is a called shot (an attack): only then are its voluntary penalty and multiplier asked for. */
  readonly calledShot: boolean;
  /** Whether the called-shot fields are always shown (a weapon attack), without the Called shot box. */
  readonly weaponAttack: boolean;
  readonly voluntaryPenalty: string;
  readonly damageMultiplier: string;
  readonly column: string;
  /** The dice-count limit. */
  readonly maxDice: number;
  /** The karma dice options, each with its cost. */
  readonly karmaDice: readonly (SelectOption & { readonly cost: number; readonly count: number })[];
  /** The karma the chosen dice cost (0 when the choice is not valid). */
  readonly karmaCost: number;
  /** The rolling character's karma, or `null` when no character rolls. */
  readonly held: { readonly karma: number } | null;
  /** The assists waiting for this roll (their dice are part of the request). */
  readonly assists: readonly { readonly key: string; readonly assistant: string; readonly level: string }[];
  /** A weapon attack's choice of skill and its weapon (see `equipment.ts`). */
  readonly equipment: EquipmentView;
}

/** The percentile dialog's odds panel. */
export interface PercentileOddsView {
  /** The engine id. */
  readonly engine: "percentile";
  /** Which extra dice will be thrown. */
  readonly mode: "bonus" | "penalty" | "none";
  /** How many extra dice will be thrown. */
  readonly dice: number;
  /** What the cap did (numbers of extra dice, unsigned), or `null`. */
  readonly clamped: { readonly requested: number; readonly applied: number } | null;
  /** The expected value, formatted. */
  readonly mean: string;
  /** The column read (0-based), or `null` without a rating. */
  readonly column: number | null;
  /** P(success), or `null` without a rating. */
  readonly success: Chance | null;
  /**
   * One bar per result level, worst first, each with the chance of that level or better (`null` for
   * the lowest level, which is always reached); `null` without a rating.
   */
  readonly levels: readonly (Bar & { readonly atLeast: Chance | null })[] | null;
  /** The value distribution in ten bands (01–10 … 91–00). */
  readonly bands: readonly Bar[];
  /** The karma cost of the bought dice. */
  readonly karmaCost: number;
}

/**
 * The form values of a percentile request: in shift mode the bonus and penalty dice are written as
 * one signed shift (bonus − penalty). A weapon attack is a called shot (its multiplier is the
 * weapon's, raised by any voluntary penalty dice); its choice of skill is the dialog's equipment
 * (`define.ts`).
 *
 * @param initial - The request to start from.
 * @param settings - The world settings (the input mode) and a weapon attack's choices.
 */
export function requestToForm(
  initial: Partial<percentile.PercentileRequest> = {},
  settings: Pick<DialogSettings, "percentileMode" | "attack">,
): Record<string, string | boolean> {
  const bonus = initial.bonus ?? 0;
  const penalty = initial.penalty ?? 0;
  return {
    bonus: fieldText(bonus, "0"),
    penalty: fieldText(penalty, "0"),
    shift: settings.percentileMode === "shift" ? fieldText(bonus - penalty, "0") : "0",
    karmaDice: fieldText(initial.karmaDice, "0"),
    calledShot:
      Boolean(settings.attack) || (initial.voluntaryPenalty ?? 0) !== 0 || (initial.damageMultiplier ?? 1) !== 1,
    voluntaryPenalty: fieldText(initial.voluntaryPenalty, "0"),
    damageMultiplier: fieldText(initial.damageMultiplier, "1"),
    column: fieldText(initial.column),
  };
}

/**
 * The exact percentile request for form values, validated by the engine. The cap comes from the
 * world setting; in shift mode the signed `shift` field becomes bonus or penalty dice. The GM's
 * Action Results Table, when the settings carry one, is the table the request reads. The assists
 * waiting for the rolling character add their bonus and penalty dice.
 *
 * @param values - The form values: `bonus`, `penalty` (dice mode) or `shift` (shift mode),
 *   `karmaDice`, `voluntaryPenalty`, `damageMultiplier`, `column` (empty: no table reading).
 * @param settings - The world settings (input mode, cap and table).
 * @returns The validated request.
 * @throws EngineError from the engine (`NotInteger`, `OutOfRange`, `TooManyKarmaDice`).
 */
export function formToRequest(
  values: FormValues,
  settings: Pick<DialogSettings, "percentileMode" | "percentileCap" | "percentileArt" | "points">,
): percentile.PercentileRequest {
  let bonus: unknown;
  let penalty: unknown;
  if (settings.percentileMode === "shift") {
    // shiftToDice checks the shift (a text that is not a whole number is rejected by name).
    const dice = percentile.shiftToDice(numberOrText(values.shift, 0) as number);
    bonus = dice.bonus;
    penalty = dice.penalty;
  } else {
    bonus = numberOrText(values.bonus, 0);
    penalty = numberOrText(values.penalty, 0);
  }
  // Pending assists give the leader's roll their dice (the GM takes the assists when the roll is made).
  const assists = settings.points?.assists ?? [];
  if (assists.length > 0) {
    const dice = percentile.assistDice(assists.map((a) => a.effect));
    if (typeof bonus === "number") bonus += dice.bonus;
    if (typeof penalty === "number") penalty += dice.penalty;
  }
  const raw: Record<string, unknown> = {
    bonus,
    penalty,
    cap: settings.percentileCap,
    voluntaryPenalty: numberOrText(values.voluntaryPenalty, 0),
    karmaDice: numberOrText(values.karmaDice, 0),
    damageMultiplier: numberOrText(values.damageMultiplier, 1),
  };
  const column = numberOrText(values.column);
  if (column !== undefined) raw.column = column;
  if (settings.percentileArt) raw.art = settings.percentileArt;
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return percentile.validate(raw as unknown as percentile.PercentileRequest);
}

/** The karma cost of a karma-dice field, or 0 when it is not a valid choice. */
function costOf(value: FormValues[string]): number {
  const dice = numberOrText(value, 0);
  if (typeof dice !== "number" || !Number.isInteger(dice) || dice < 0 || dice > percentile.MAX_KARMA_DICE) return 0;
  return percentile.karmaCost(dice);
}

/** The text of a field, or the fallback. */
function text(value: FormValues[string], fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/**
 * The form's view model.
 *
 * @param values - The form values.
 * @param settings - The world settings (the input mode) and a weapon attack.
 */
export function formView(
  values: FormValues,
  settings: Pick<DialogSettings, "percentileMode" | "points" | "attack">,
): Omit<PercentileFormView, "equipment"> {
  const karma = text(values.karmaDice, "0");
  const counts = Array.from({ length: percentile.MAX_KARMA_DICE + 1 }, (_, i) => i);
  const options = selectOptions(counts, karma, (v) =>
    v === "0" ? "ROLLING_BONES.Dialog.Percentile.NoKarma" : "ROLLING_BONES.Dialog.Percentile.KarmaOption",
  );
  return {
    mode: settings.percentileMode,
    diceMode: settings.percentileMode === "dice",
    bonus: text(values.bonus),
    penalty: text(values.penalty),
    shift: text(values.shift),
    // A weapon attack always shows the called-shot fields. Otherwise ticked or not, as the user left
    // it; form values without the box (a request's) are a called shot when they carry one.
    calledShot:
      Boolean(settings.attack) ||
      (typeof values.calledShot === "boolean"
        ? values.calledShot
        : !["", "0"].includes(text(values.voluntaryPenalty)) || !["", "1"].includes(text(values.damageMultiplier))),
    weaponAttack: Boolean(settings.attack),
    voluntaryPenalty: text(values.voluntaryPenalty),
    damageMultiplier: text(values.damageMultiplier),
    column: text(values.column),
    maxDice: percentile.MAX_DICE,
    karmaDice: options.map((o, i) => ({ ...o, count: i, cost: percentile.karmaCost(i) })),
    karmaCost: costOf(values.karmaDice),
    held: settings.points && settings.points.karma !== null ? { karma: settings.points.karma } : null,
    assists: (settings.points?.assists ?? []).map((a) => ({
      key: `ROLLING_BONES.Points.Dialog.Assist.${a.effect}`,
      assistant: a.assistant,
      level: `ROLLING_BONES.Percentile.Level.${a.level}`,
    })),
  };
}

/**
 * The fields a new choice of skill for a weapon attack fills: the rating (the table column); the
 * dice, the called shot and the multiplier stay as the player left them.
 */
export function fillFromUse(request: Partial<percentile.PercentileRequest>): Record<string, string | boolean> {
  return { column: fieldText(request.column) };
}

/**
 * Checks that the rolling character holds the karma the bought dice cost.
 *
 * @throws EngineError `NotEnoughKarma`.
 */
export function checkPoints(request: percentile.PercentileRequest, points: DialogPoints): void {
  if (points.karma !== null) percentile.checkKarma(request.karmaDice ?? 0, points.karma);
}

/** The label of a band of ten values: "01–10" … "91–00". */
function bandLabel(band: number): string {
  const from = String(band * 10 + 1).padStart(2, "0");
  const to = band === 9 ? "00" : String(band * 10 + 10);
  return `${from}–${to}`;
}

/**
 * The odds panel for a request, from the engine's exact odds.
 *
 * @param request - A validated request.
 * @param _extras - Unused.
 * @param lang - The user's language.
 */
export function oddsView(request: percentile.PercentileRequest, _extras: null, lang: string): PercentileOddsView {
  const odds = percentile.odds(request);
  const bandP = new Array<number>(10).fill(0);
  for (const [value, p] of Object.entries(odds.value)) {
    const band = Math.min(9, Math.floor((Number(value) - 1) / 10));
    bandP[band] = (bandP[band] as number) + p;
  }
  const bands = bandP.map((p, band) => bar(`band-${band}`, { text: bandLabel(band) }, p, "neutral", lang));
  const levels =
    odds.levels === null || odds.levelsAtLeast === null
      ? null
      : percentile.LEVEL_IDS.map((id, i) => ({
          ...bar(
            id,
            `ROLLING_BONES.Percentile.Level.${id}`,
            (odds.levels as Record<string, number>)[id] as number,
            percentile.isSuccessIndex(i) ? "good" : "bad",
            lang,
          ),
          atLeast: i === 0 ? null : chance((odds.levelsAtLeast as Record<string, number>)[id] as number, lang),
        }));
  return {
    engine: "percentile",
    mode: odds.mode,
    dice: Math.abs(odds.net),
    clamped:
      odds.clamped === null
        ? null
        : { requested: Math.abs(odds.clamped.requested), applied: Math.abs(odds.clamped.applied) },
    mean: formatMean(odds.mean, lang),
    column: odds.column,
    success: odds.success === null ? null : chance(odds.success, lang),
    levels,
    bands,
    karmaCost: percentile.karmaCost(request.karmaDice ?? 0),
  };
}

/**
 * The fields the form shows besides the equipment: bonus and penalty dice or the shift (by the world setting), the karma
 * dice, the rating, and a called shot's fields while its box is ticked.
 *
 * @param form - The form's view.
 */
export function shownFields(form: Omit<PercentileFormView, "equipment">): readonly string[] {
  return [
    ...(form.diceMode ? ["bonus", "penalty"] : ["shift"]),
    "karmaDice",
    "column",
    "calledShot",
    ...(form.calledShot ? ["voluntaryPenalty", "damageMultiplier"] : []),
  ];
}

/** The Percentile dialog. */
export const percentileDialog: DialogEngine<
  percentile.PercentileRequest,
  null,
  PercentileFormView,
  PercentileOddsView
> = defineEquipmentDialog<percentile.PercentileRequest, null, PercentileFormView, PercentileOddsView>(
  {
    id: "percentile",
    validate: percentile.validate,
    requestToForm,
    formToRequest,
    formView,
    oddsView,
    checkPoints,
    errorFields: { TooManyKarmaDice: "karmaDice", NotEnoughKarma: "karmaDice" },
    shownFields,
  },
  fillFromUse,
);
