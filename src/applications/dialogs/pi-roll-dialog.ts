/**
 * The Precision & Impact roll dialog, Foundry-free: the combined pool as a count per die size, the
 * hindrance, the Precision and Impact modifiers and the targets the odds are read against, the
 * exact request they make, and the odds panel built from the engine's exact odds
 * (P(Precision ≥ x and Impact ≥ y) for both best picks, with their averages).
 */

import { pi, shared } from "../../engines/index.ts";
import { numberOrText, type FormValues } from "./form-values.ts";
import { formatMean } from "./format.ts";
import { chance, selectOptions, type Chance, type DialogEngine, type SelectOption } from "./types.ts";

/** The Precision target a dialog starts with. */
export const DEFAULT_PRECISION_TARGET = 6;

/** The Impact target a dialog starts with (an Impact above 0 is needed to succeed). */
export const DEFAULT_IMPACT_TARGET = 1;

/** The largest target (up or down) the dialog accepts. */
export const MAX_TARGET = 999;

/** The die sizes, largest first (the order the pool is built in). */
const SIZES_DOWN = [...pi.DIE_SIZES].sort((a, b) => b - a);

/** The form field holding the count of one die size, e.g. `d8`. */
export function countField(faces: number): string {
  return `d${faces}`;
}

/** Odds-only values of the pi dialog. */
export interface PiExtras {
  /** The Precision the chance is read against. */
  readonly precision: number;
  /** The Impact the chance is read against. */
  readonly impact: number;
}

/** The pi dialog's form view. */
export interface PiFormView {
  /** One count field per die size, smallest first. */
  readonly counts: readonly { readonly name: string; readonly faces: number; readonly value: string }[];
  readonly maxDice: number;
  readonly hindrance: readonly SelectOption[];
  /** A second hindering effect: with two, the roll is majorly hindered. */
  readonly extraHindrance: readonly SelectOption[];
  /** The one hindrance that applies (the two effects folded), as a localization key. */
  readonly applies: string;
  readonly precisionMod: string;
  readonly impactMod: string;
  readonly precisionTarget: string;
  readonly impactTarget: string;
}

/** The odds of one way of picking. */
export interface PiPickView {
  /** `bestPrecision` or `bestImpact`. */
  readonly id: "bestPrecision" | "bestImpact";
  /** The localization key of its name. */
  readonly labelKey: string;
  /** P(Precision ≥ x and Impact ≥ y) with this pick. */
  readonly chance: Chance;
  /** The average Precision and Impact, formatted. */
  readonly meanPrecision: string;
  readonly meanImpact: string;
}

/** The pi dialog's odds panel. */
export interface PiOddsView {
  /** The engine id. */
  readonly engine: "pi";
  /** The dice thrown (after the hindrance), e.g. "d8 d4". */
  readonly dice: string;
  /** The size of the die the hindrance removes, or `null`. */
  readonly removed: number | null;
  /** The targets. */
  readonly precision: number;
  readonly impact: number;
  /** Both best picks. */
  readonly picks: readonly PiPickView[];
  /** The chance of an automatic failure (one die and no Impact), or `null` when more dice are thrown. */
  readonly autoFail: Chance | null;
}

/**
 * The form values of a pi request: the pool is counted per die size (sizes the dialog does not
 * offer are left out; the pick is made on the card after the roll).
 *
 * @param initial - The request to start from.
 */
export function requestToForm(initial: Partial<pi.PiRequest> = {}): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const faces of pi.DIE_SIZES) {
    values[countField(faces)] = String((initial.pool ?? []).filter((f) => f === faces).length);
  }
  values.hindrance = initial.hindrance ?? "none";
  values.extraHindrance = "none";
  values.precisionMod = String(initial.precisionMod ?? 0);
  values.impactMod = String(initial.impactMod ?? 0);
  values.precisionTarget = String(DEFAULT_PRECISION_TARGET);
  values.impactTarget = String(DEFAULT_IMPACT_TARGET);
  return values;
}

/** A hindrance field's value (`none` when empty). */
function hindranceField(value: FormValues[string]): string {
  return typeof value === "string" && value !== "" ? value : "none";
}

/**
 * The one hindrance the two hindrance fields make: a single hindering effect keeps its kind, two make
 * the roll majorly hindered (the engine's rule). A value that is not a hindrance is passed on for the
 * engine to refuse by name.
 */
function hindranceOf(values: FormValues): string {
  const first = hindranceField(values.hindrance);
  const second = hindranceField(values.extraHindrance);
  const known = (h: string): h is pi.Hindrance => (pi.HINDRANCES as readonly string[]).includes(h);
  if (!known(first)) return first;
  if (!known(second)) return second;
  return pi.combineHindrances([first, second]);
}

/**
 * The exact pi request for form values, validated by the engine. The pool lists the dice largest
 * first; the two hindrance fields are folded into the one hindrance that applies.
 *
 * @param values - The form values: `d4` … `d12` (counts), `hindrance`, `extraHindrance`, `precisionMod`, `impactMod`.
 * @returns The validated request (without a pick).
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad count, or the engine's error
 *   (`PoolTooSmall`, `PiPoolTooLarge`, `PiHindrance`, `PiHindranceEmptiesPool`, `NotInteger`, `OutOfRange`).
 */
export function formToRequest(values: FormValues): pi.PiRequest {
  const pool: number[] = [];
  for (const faces of SIZES_DOWN) {
    const field = countField(faces);
    const count = shared.requireInt(numberOrText(values[field], 0), field, 0, pi.MAX_POOL_DICE);
    for (let i = 0; i < count; i++) pool.push(faces);
  }
  const raw = {
    pool,
    hindrance: hindranceOf(values),
    precisionMod: numberOrText(values.precisionMod, 0),
    impactMod: numberOrText(values.impactMod, 0),
  };
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return pi.validate(raw as pi.PiRequest);
}

/**
 * The targets.
 *
 * @param values - The form values `precisionTarget` and `impactTarget` (empty: the defaults).
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad target.
 */
export function formToExtras(values: FormValues): PiExtras {
  return {
    precision: shared.requireInt(
      numberOrText(values.precisionTarget, DEFAULT_PRECISION_TARGET),
      "precisionTarget",
      -MAX_TARGET,
      MAX_TARGET,
    ),
    impact: shared.requireInt(
      numberOrText(values.impactTarget, DEFAULT_IMPACT_TARGET),
      "impactTarget",
      -MAX_TARGET,
      MAX_TARGET,
    ),
  };
}

/** The hindrance that applies for the form values, or `none` while a field holds an unknown value. */
function appliedHindrance(values: FormValues): pi.Hindrance {
  const h = hindranceOf(values);
  return (pi.HINDRANCES as readonly string[]).includes(h) ? (h as pi.Hindrance) : "none";
}

/** The text of a field, or the fallback. */
function text(value: FormValues[string], fallback = ""): string {
  return typeof value === "string" ? value : fallback;
}

/**
 * The form's view model.
 *
 * @param values - The form values.
 */
export function formView(values: FormValues): PiFormView {
  return {
    counts: pi.DIE_SIZES.map((faces) => ({
      name: countField(faces),
      faces,
      value: text(values[countField(faces)], "0"),
    })),
    maxDice: pi.MAX_POOL_DICE,
    hindrance: selectOptions(pi.HINDRANCES, text(values.hindrance, "none"), (v) => `ROLLING_BONES.Pi.Hindrance.${v}`),
    extraHindrance: selectOptions(
      pi.HINDRANCES,
      text(values.extraHindrance, "none"),
      (v) => `ROLLING_BONES.Pi.Hindrance.${v}`,
    ),
    applies: `ROLLING_BONES.Pi.Hindrance.${appliedHindrance(values)}`,
    precisionMod: text(values.precisionMod),
    impactMod: text(values.impactMod),
    precisionTarget: text(values.precisionTarget),
    impactTarget: text(values.impactTarget),
  };
}

/**
 * The odds panel for a request, from the engine's exact odds.
 *
 * @param request - A validated request.
 * @param extras - The targets.
 * @param lang - The user's language.
 */
export function oddsView(request: pi.PiRequest, extras: PiExtras, lang: string): PiOddsView {
  const odds = pi.odds(request);
  const pick = (id: "bestPrecision" | "bestImpact", labelKey: string): PiPickView => ({
    id,
    labelKey,
    chance: chance(pi.chanceAtLeast(odds[id], extras.precision, extras.impact), lang),
    meanPrecision: formatMean(odds[id].meanPrecision, lang),
    meanImpact: formatMean(odds[id].meanImpact, lang),
  });
  return {
    engine: "pi",
    dice: odds.dice.map((faces) => `d${faces}`).join(" "),
    removed: odds.removedSlot === null ? null : (request.pool[odds.removedSlot] ?? null),
    precision: extras.precision,
    impact: extras.impact,
    picks: [pick("bestPrecision", "ROLLING_BONES.Pi.BestPrecision"), pick("bestImpact", "ROLLING_BONES.Pi.BestImpact")],
    autoFail: odds.dice.length === 1 ? chance(odds.autoFail, lang) : null,
  };
}

/** The Precision & Impact dialog. */
export const piDialog: DialogEngine<pi.PiRequest, PiExtras, PiFormView, PiOddsView> = Object.freeze({
  id: "pi",
  requestToForm: (initial: Partial<pi.PiRequest> | undefined) => requestToForm(initial),
  formToRequest,
  formToExtras,
  formView,
  oddsView,
  errorFields: { PiHindrance: "hindrance", PiHindranceEmptiesPool: "hindrance" },
});
