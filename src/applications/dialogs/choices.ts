/**
 * "What each choice buys" in the roll dialogs (issue 26), Foundry-free: for every resource the roll
 * can spend before it is thrown (karma dice, bonus and penalty dice or a column shift, a called shot's
 * penalty dice, action dice, Character Points, a Fate Point, a hindrance, Willpower, an automatic
 * success, each piece of gear), the exact verdict of the roll with each amount the roller could
 * choose, the chosen one marked. Each row is the roll as the form would make it with that amount,
 * equipment included, so it equals the odds panel's figure when that amount is chosen.
 */

import {
  actionAdvice,
  percentileAdvice,
  piAdvice,
  poolAdvice,
  wildAdvice,
  type ChoiceTable,
  type Verdict,
} from "../../engines/advice.ts";
import { action, EngineError, wild, type EngineId, type percentile, type pi, type pool } from "../../engines/index.ts";
import { DIALOG_ENGINES } from "./engines.ts";
import { chosenEquipment, gearField } from "./equipment.ts";
import { numberOrText, isChecked, type FormValues } from "./form-values.ts";
import { barWidth, formatMean, formatPercent } from "./format.ts";
import { formatNumber, formatSigned } from "../../helpers/numbers.ts";
import type { PercentileFormView } from "./percentile-roll-dialog.ts";
import { asRolled, type DialogSettings } from "./types.ts";

/** One amount of a resource as the dialog shows it. */
export interface ChoiceRowView {
  /** The amount's label (`0`, `+2`, `d6 ×3` is not used: the amount alone), or a key for a yes/no or a hindrance. */
  readonly text: string;
  /** A localization key naming the amount instead of `text` (`Yes`, `No`, a hindrance), or `null`. */
  readonly labelKey: string | null;
  /** The form value that chooses it. */
  readonly value: string;
  /** True for the amount the roll is set up with. */
  readonly chosen: boolean;
  /** The verdict's chance, or `null` when the roll has no target (then `figure` is the expected result). */
  readonly p: number | null;
  /** The figure shown: the chance as a percentage, or the expected result. */
  readonly figure: string;
  /** A bar's width in percent (the chance; 0 for an expected result). */
  readonly width: number;
  /** The chance of the worst outcome where the engine has one (a dice-pool botch), formatted, or `null`. */
  readonly risk: string | null;
}

/** One resource's table as the dialog shows it. */
export interface ChoiceTableView {
  /** The form field the resource lives in (a stable id, used in `data-choice`). */
  readonly resource: string;
  /** The localization key naming the resource, or `null` when `name` is its name (a piece of gear). */
  readonly labelKey: string | null;
  /** A name that needs no translation (a piece of gear's, as the player typed it); empty otherwise. */
  readonly name: string;
  /** What the figures are: the chance of the roll's verdict, or its expected result. */
  readonly measureKey: string;
  /** One row per amount, ascending. */
  readonly rows: readonly ChoiceRowView[];
}

/** The resources' names, by form field. */
const RESOURCE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  karmaDice: "ROLLING_BONES.Field.karmaDice",
  bonus: "ROLLING_BONES.Field.bonus",
  penalty: "ROLLING_BONES.Field.penalty",
  shift: "ROLLING_BONES.Field.shift",
  voluntaryPenalty: "ROLLING_BONES.Field.voluntaryPenalty",
  augmentCount: "ROLLING_BONES.Field.augmentCount",
  characterPoints: "ROLLING_BONES.Field.characterPoints",
  fatePoint: "ROLLING_BONES.Field.fatePoint",
  hindrance: "ROLLING_BONES.Field.hindrance",
  willpower: "ROLLING_BONES.Field.willpower",
  automatic: "ROLLING_BONES.Field.automatic",
});

/** What each engine's verdict measures when the roll has a target, and when it has none. */
const MEASURE_KEYS: Readonly<Record<EngineId, { readonly chance: string; readonly mean: string }>> = Object.freeze({
  percentile: { chance: "ROLLING_BONES.Dialog.Choices.Success", mean: "ROLLING_BONES.Dialog.Choices.MeanValue" },
  action: { chance: "ROLLING_BONES.Dialog.Choices.Success", mean: "ROLLING_BONES.Dialog.Choices.MeanTotal" },
  wild: { chance: "ROLLING_BONES.Dialog.Choices.Success", mean: "ROLLING_BONES.Dialog.Choices.MeanTotal" },
  pi: { chance: "ROLLING_BONES.Dialog.Choices.Goal", mean: "ROLLING_BONES.Dialog.Choices.MeanPrecision" },
  pool: { chance: "ROLLING_BONES.Dialog.Choices.Success", mean: "ROLLING_BONES.Dialog.Choices.MeanNet" },
});

/** Each engine's verdict of a request. */
const VERDICTS: Readonly<Record<EngineId, (request: never) => Verdict>> = Object.freeze({
  percentile: percentileAdvice.verdict,
  action: actionAdvice.verdict,
  wild: wildAdvice.verdict,
  pi: piAdvice.verdict,
  pool: poolAdvice.verdict,
});

/**
 * The roll the form makes, as thrown: the dialog's request with the chosen equipment's and the
 * character's conditions' adjustments (wounds among them), as the odds panel reads it (issue 35
 * point 5: the ticked row is the headline).
 */
export function rolledRequest(engine: EngineId, values: FormValues, settings: DialogSettings): unknown {
  const dialog = DIALOG_ENGINES[engine];
  const request: unknown = dialog.formToRequest(values, settings);
  return asRolled(dialog, request, chosenEquipment(values, settings).named, settings);
}

/** The engine's own tables for the roll as set up. */
function engineTables(
  engine: EngineId,
  rolled: unknown,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
): ChoiceTable[] {
  switch (engine) {
    case "percentile": {
      const req = rolled as percentile.PercentileRequest;
      const mode = settings.percentileMode;
      const shift = mode === "shift" ? Number(numberOrText(values.shift, 0)) : 0;
      const entered =
        mode === "shift"
          ? { bonus: Math.max(0, shift), penalty: Math.max(0, -shift) }
          : { bonus: Number(numberOrText(values.bonus, 0)), penalty: Number(numberOrText(values.penalty, 0)) };
      // Called-shot dice are offered where the form shows them.
      const calledShot = (DIALOG_ENGINES.percentile.formView(values, settings, lang) as PercentileFormView).calledShot;
      // An NPC holds no karma (issue 35 point 9): nothing of it is priced.
      const karma = settings.npc === true ? 0 : (settings.points?.karma ?? null);
      return percentileAdvice.choices(req, { karma, calledShot, mode, entered });
    }
    case "action": {
      const req = action.validate(rolled as action.ActionRequest);
      const faces = req.augments[0] ?? action.requireActionDie(numberOrText(values.augmentDie, 4), "augmentDie");
      const held = settings.actionDice?.held;
      const count = held ? held.filter((p) => p.faces === faces).reduce((n, p) => n + p.count, 0) : null;
      return actionAdvice.choices(req, faces, count);
    }
    case "wild": {
      const left = settings.points?.wild ?? null;
      const held =
        left === null
          ? { characterPoints: null, fatePoints: null }
          : {
              characterPoints: Math.max(0, Math.min(left.characterPoints, left.cpLimit - left.cpUsed)),
              fatePoints: Math.max(0, Math.min(left.fatePoints, wild.FATE_POINTS_PER_SESSION - left.fpUsed)),
            };
      // An NPC holds no points (issue 35 point 9).
      const npc = settings.npc === true;
      return wildAdvice.choices(rolled as wild.WildRequest, {
        characterPoints: npc ? 0 : held.characterPoints,
        fatePoints: npc ? 0 : held.fatePoints,
      });
    }
    case "pi": {
      // Each hindrance as the form would choose it, the conditions' own folded in as the roll folds
      // them (a condition's hindrance is not replaced by the row's).
      const own = DIALOG_ENGINES.pi.formToRequest(values, settings) as pi.PiRequest;
      return piAdvice.choices(own).map((t) => ({
        ...t,
        rows: t.rows.flatMap((r) => {
          const request = refusedAsNull(() => rolledRequest("pi", { ...values, [t.resource]: r.value }, settings));
          return request === null ? [] : [{ ...r, verdict: piAdvice.verdict(request as pi.PiRequest) }];
        }),
      }));
    }
    case "pool": {
      const wp = settings.points?.willpower ?? null;
      // A point can be spent with one held and this combat turn's not spent yet.
      const available = wp === null ? null : wp.current > 0 && !(wp.turn !== null && wp.spentInTurn === wp.turn);
      // An NPC holds no Willpower (issue 35 point 9).
      return poolAdvice.choices(rolled as pool.PoolRequest, { willpower: settings.npc === true ? false : available });
    }
  }
}

/** What `fn` returns, or `null` where the engine refuses it. */
function refusedAsNull<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
}

/** Each piece of gear the dialog offers: the roll without it and with it. */
function gearTables(engine: EngineId, values: FormValues, settings: DialogSettings): ChoiceTable[] {
  const verdict = VERDICTS[engine] as (request: unknown) => Verdict;
  return (settings.gear ?? []).map((gear) => {
    const field = gearField(gear.id);
    const rows = [false, true].map((on, amount) => ({
      amount,
      value: String(on),
      chosen: isChecked(values[field]) === on,
      verdict: verdict(rolledRequest(engine, { ...values, [field]: on }, settings)),
    }));
    return { resource: field, rows };
  });
}

/** The label of an amount: a yes/no choice in words, a hindrance by name, a shift with its sign, else the number (in the user's language). */
function rowLabel(resource: string, value: string, lang: string): { text: string; labelKey: string | null } {
  if (value === "true" || value === "false") {
    return {
      text: "",
      labelKey: value === "true" ? "ROLLING_BONES.Dialog.Choices.With" : "ROLLING_BONES.Dialog.Choices.Without",
    };
  }
  if (resource === "hindrance") return { text: "", labelKey: `ROLLING_BONES.Pi.Hindrance.${value}` };
  const amount = Number(value);
  if (value.trim() === "" || !Number.isFinite(amount)) return { text: value, labelKey: null };
  return { text: resource === "shift" ? formatSigned(amount, lang) : formatNumber(amount, lang), labelKey: null };
}

/**
 * What each choice buys for the form's values: one table per resource the roll can spend, each row
 * the roll's exact verdict with that amount (the chance of its target, or its expected result
 * without one). Empty when the form is not valid (the odds panel shows its errors instead).
 *
 * @param engine - The engine.
 * @param values - The form values (valid: the dialog has evaluated them).
 * @param settings - The dialog's settings (what the roller holds, the gear offered).
 * @param lang - The user's language.
 */
export function choicesView(
  engine: EngineId,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
): ChoiceTableView[] {
  let tables: ChoiceTable[];
  try {
    const rolled = rolledRequest(engine, values, settings);
    tables = [...engineTables(engine, rolled, values, settings, lang), ...gearTables(engine, values, settings)];
  } catch (error) {
    if (error instanceof EngineError) return [];
    throw error;
  }
  const gearNames = new Map((settings.gear ?? []).map((g) => [gearField(g.id), g.name]));
  const measures = MEASURE_KEYS[engine];
  return tables
    .filter((t) => t.rows.length > 1)
    .map((t) => {
      const targeted = t.rows[0]?.verdict.chance !== null;
      return {
        resource: t.resource,
        labelKey: gearNames.has(t.resource) ? null : (RESOURCE_KEYS[t.resource] ?? null),
        name: gearNames.get(t.resource) ?? "",
        measureKey: targeted ? measures.chance : measures.mean,
        rows: t.rows.map((r) => {
          const p = r.verdict.chance;
          return {
            ...rowLabel(t.resource, r.value, lang),
            value: r.value,
            chosen: r.chosen,
            p,
            figure: p === null ? formatMean(r.verdict.mean, lang) : formatPercent(p, lang),
            width: p === null ? 0 : barWidth(p),
            risk: r.verdict.risk === null ? null : formatPercent(r.verdict.risk, lang),
          };
        }),
      };
    });
}
