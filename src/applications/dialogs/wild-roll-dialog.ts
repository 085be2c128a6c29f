/**
 * The Wild Die (D6) roll dialog, Foundry-free: the character's die code, a bonus from outside the
 * character, Character Points or a Fate Point (never both) and a target number, the exact request
 * they make, and the odds panel built from the engine's exact odds (P(total ≥ target), the chances
 * around the target, and the Wild Die's critical and catastrophic chances).
 */

import { EngineError, shared, wild } from "../../engines/index.ts";
import { defineEquipmentDialog } from "./define.ts";
import type { EquipmentView } from "./equipment.ts";
import { isChecked, numberOrText, textOf, type FormValues } from "./form-values.ts";
import { formatMean } from "./format.ts";
import {
  bar,
  chance,
  type Bar,
  type Chance,
  type DialogEngine,
  type DialogPoints,
  type DialogSettings,
  type HeadlineItem,
} from "./types.ts";

/** How many targets on each side of the chosen one the panel lists. */
const AROUND = 3;

/** Odds-only values of the wild dialog. */
export interface WildExtras {
  /** The target number the total is judged against, or `null` when the field is empty (none). */
  readonly target: number | null;
}

/** The wild dialog's form view. */
export interface WildFormView {
  readonly code: string;
  readonly bonus: string;
  readonly target: string;
  readonly maxCharacterPoints: number;
  /** The Character Points field: disabled while a Fate Point is chosen. */
  readonly characterPoints: { readonly value: string; readonly disabled: boolean };
  /**
   * The Fate Point checkbox: disabled while Character Points are chosen; offered unless the roll has
   * none of the character's own dice (a ranged weapon's damage).
   */
  readonly fatePoint: { readonly checked: boolean; readonly disabled: boolean; readonly offered: boolean };
  /** What the rolling character may still spend this session, or `null` when no character rolls. */
  readonly left: {
    readonly characterPoints: number;
    readonly fatePoints: number;
    readonly cpLimit: number;
    readonly cpHeld: number;
    readonly fpHeld: number;
  } | null;
  /** A weapon attack's choice of skill and its weapon (see `equipment.ts`). */
  readonly equipment: EquipmentView;
}

/** The wild dialog's odds panel. */
export interface WildOddsView {
  /** The engine id. */
  readonly engine: "wild";
  /** The target number, or `null` when the roll has none. */
  readonly target: number | null;
  /** P(total ≥ target), or `null` without a target. */
  readonly success: Chance | null;
  /** The Wild Die's chances: critical success, critical failure, catastrophic failure. */
  readonly wildDie: readonly HeadlineItem[];
  /** P(total ≥ t) for targets around the chosen one. */
  readonly around: readonly (Bar & { readonly target: number; readonly current: boolean })[];
  /** The expected total, formatted. */
  readonly mean: string;
  /** The lowest possible total. */
  readonly min: number;
  /** How the request is thrown: normal dice, extra Wild Dice, pips. */
  readonly shape: wild.WildShape;
}

/** The text a writer gives, or an empty field when the request's numbers cannot be written. */
function orEmpty(write: () => string): string {
  try {
    return write();
  } catch {
    return "";
  }
}

/**
 * The form values of a wild request: the character's dice and pips as a die code, the outside dice
 * and pips as a bonus. A weapon attack's choice of skill (or attribute) is the dialog's equipment
 * (`define.ts`).
 *
 * @param initial - The request to start from.
 */
export function requestToForm(initial: Partial<wild.WildRequest> = {}): Record<string, string | boolean> {
  const dice = initial.dice ?? 1;
  const pips = initial.pips ?? 0;
  const outsideDice = initial.outsideDice ?? 0;
  const outsidePips = initial.outsidePips ?? 0;
  return {
    code: orEmpty(() => wild.formatCode(dice, pips)),
    bonus: outsideDice === 0 && outsidePips === 0 ? "" : orEmpty(() => wild.formatBonus(outsideDice, outsidePips)),
    characterPoints: String(initial.characterPoints ?? 0),
    fatePoint: initial.fatePoint === true,
    target: initial.target === undefined || initial.target === null ? "" : String(initial.target),
  };
}

/**
 * Runs a die-code reader; a `BadDieCode` error it throws is given the form field it came from
 * (the message does not change; the dialog marks that field).
 */
function onField<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EngineError && error.key.endsWith(".BadDieCode")) {
      throw new EngineError("BadDieCode", { ...error.data, field });
    }
    throw error;
  }
}

/**
 * Refuses more Character Points than the rolling character may spend, before the rules' own maximum,
 * so the message names the character's real limit (what the sheet holds, or the session's limit).
 *
 * @throws EngineError `NotEnoughCharacterPoints` or `CharacterPointSessionLimit`.
 */
function checkHeldPoints(requested: number | string | undefined, points: DialogPoints["wild"]): void {
  if (points === null || typeof requested !== "number" || requested <= 0) return;
  if (requested > points.characterPoints) {
    throw new EngineError("NotEnoughCharacterPoints", { requested, available: points.characterPoints });
  }
  if (points.cpUsed + requested > points.cpLimit) {
    throw new EngineError("CharacterPointSessionLimit", { requested, used: points.cpUsed, limit: points.cpLimit });
  }
}

/**
 * The exact wild request for form values, validated by the engine. The first-1 rule comes from the
 * world setting.
 *
 * @param values - The form values: `code` (e.g. "3D+1"), `bonus` (e.g. "+1D", "+2" or empty),
 *   `characterPoints`, `fatePoint` (checkbox), `target` (empty: no target number).
 * @param settings - The world settings (the first-1 rule).
 * @returns The validated request.
 * @throws EngineError `BadDieCode` for a code or bonus that cannot be read, or the engine's error
 *   (`NotInteger`, `OutOfRange`, `PointsOnSameRoll`).
 */
export function formToRequest(
  values: FormValues,
  settings: Pick<DialogSettings, "wildFirstOneCounts" | "points" | "damage">,
): wild.ValidWildRequest {
  const code = onField("code", () => wild.parseCode(textOf(values.code)));
  const bonusText = textOf(values.bonus);
  const bonus = bonusText === "" ? { dice: 0, pips: 0 } : onField("bonus", () => wild.parseBonus(bonusText));
  const characterPoints = numberOrText(values.characterPoints, 0);
  checkHeldPoints(characterPoints, settings.points?.wild ?? null);
  const raw = {
    dice: code.dice,
    pips: code.pips,
    outsideDice: bonus.dice,
    outsidePips: bonus.pips,
    characterPoints,
    fatePoint: isChecked(values.fatePoint),
    firstOneCounts: settings.wildFirstOneCounts,
    target: numberOrText(values.target) ?? null,
    // A ranged weapon's damage: the code is the weapon's, none of it the character's (docs/rules.md §6).
    ...(settings.damage?.ownDice === false ? { ownDice: false } : {}),
  };
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return wild.validate(raw as wild.WildRequest);
}

/**
 * The target number the odds are read against: the request's own (the card judges the roll by it).
 *
 * @param values - The form values (`target`; empty means none).
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad target.
 */
export function formToExtras(values: FormValues): WildExtras {
  const target = numberOrText(values.target) ?? null;
  return { target: target === null ? null : shared.requireInt(target, "target", 1, wild.MAX_TARGET_NUMBER) };
}

/**
 * The form's view model: Character Points and a Fate Point exclude each other; what the rolling
 * character may still spend this session is shown beside them.
 *
 * @param values - The form values.
 * @param settings - The settings (the rolling character's points).
 * @param lang - The user's language (the adjustments' signed numbers are written in it).
 */
export function formView(
  values: FormValues,
  settings: Pick<DialogSettings, "points" | "damage"> = {},
): Omit<WildFormView, "equipment"> {
  const offered = settings.damage?.ownDice !== false;
  const fatePoint = offered && isChecked(values.fatePoint);
  const cp = numberOrText(values.characterPoints, 0);
  const cpChosen = cp !== 0;
  return {
    code: typeof values.code === "string" ? values.code : "",
    bonus: typeof values.bonus === "string" ? values.bonus : "",
    target: typeof values.target === "string" ? values.target : "",
    // The character's real limit when a character rolls, else the rules' maximum.
    maxCharacterPoints: Math.min(
      wild.MAX_CHARACTER_POINTS,
      leftOf(settings.points?.wild ?? null)?.characterPoints ?? Infinity,
    ),
    // A chosen value stays enabled so it can always be cleared.
    characterPoints: {
      value: typeof values.characterPoints === "string" ? values.characterPoints : "0",
      disabled: fatePoint && !cpChosen,
    },
    fatePoint: { checked: fatePoint, disabled: !fatePoint && cpChosen, offered },
    left: leftOf(settings.points?.wild ?? null),
  };
}

/**
 * The fields a new choice of skill (or attribute) for a weapon attack fills: the die code; the
 * outside bonus, the points and the target number stay as the player left them.
 */
export function fillFromUse(request: Partial<wild.WildRequest>): Record<string, string | boolean> {
  return { code: requestToForm(request).code ?? "" };
}

/** What a character may still spend this session: the session limit and the sheet, whichever is lower. */
function leftOf(points: DialogPoints["wild"]): WildFormView["left"] {
  if (points === null) return null;
  return {
    characterPoints: Math.max(0, Math.min(points.characterPoints, points.cpLimit - points.cpUsed)),
    fatePoints: Math.max(0, Math.min(points.fatePoints, wild.FATE_POINTS_PER_SESSION - points.fpUsed)),
    cpLimit: points.cpLimit,
    cpHeld: points.characterPoints,
    fpHeld: points.fatePoints,
  };
}

/**
 * Checks a request's Character Points or Fate Point against the character and the session.
 *
 * @throws EngineError `NotEnoughCharacterPoints`, `CharacterPointSessionLimit`, `NoFatePoints` or
 *   `FatePointUsedThisSession`.
 */
export function checkPoints(request: wild.WildRequest, points: DialogPoints): void {
  if (points.wild === null) return;
  wild.assertPointSpend({
    cpRequested: request.characterPoints ?? 0,
    cpOnSheet: points.wild.characterPoints,
    cpUsedThisSession: points.wild.cpUsed,
    cpSessionLimit: points.wild.cpLimit,
    fatePoint: request.fatePoint === true,
    fpOnSheet: points.wild.fatePoints,
    fpUsedThisSession: points.wild.fpUsed,
  });
}

/**
 * The odds panel for a request, from the engine's exact odds.
 *
 * @param request - A validated request.
 * @param extras - The target number.
 * @param lang - The user's language.
 */
export function oddsView(request: wild.WildRequest, extras: WildExtras, lang: string): WildOddsView {
  const odds = wild.odds(request);
  const around: (Bar & { target: number; current: boolean })[] = [];
  // Without a target the bars sit around the average total.
  const centre = extras.target ?? Math.round(odds.mean);
  for (let t = centre - AROUND; t <= centre + AROUND; t++) {
    const p = wild.chanceAtLeast(odds, t);
    around.push({
      ...bar(`target-${t}`, { text: `${t}+` }, p, "neutral", lang),
      target: t,
      current: t === extras.target,
    });
  }
  return {
    engine: "wild",
    target: extras.target,
    success: extras.target === null ? null : chance(wild.chanceAtLeast(odds, extras.target), lang),
    wildDie: [
      {
        id: "criticalSuccess",
        labelKey: "ROLLING_BONES.Wild.Label.criticalSuccess",
        tone: "good",
        ...chance(odds.criticalSuccess, lang),
      },
      {
        id: "criticalFailure",
        labelKey: "ROLLING_BONES.Wild.Label.criticalFailure",
        tone: "bad",
        ...chance(odds.criticalFailure, lang),
      },
      {
        id: "catastrophicFailure",
        labelKey: "ROLLING_BONES.Wild.Label.catastrophicFailure",
        tone: "bad",
        ...chance(odds.catastrophicFailure, lang),
      },
    ],
    around,
    mean: formatMean(odds.mean, lang),
    min: odds.min,
    shape: wild.shapeOf(request),
  };
}

/** The fields the Wild Die form shows besides the equipment (all of them, always). */
export function shownFields(): readonly string[] {
  return ["code", "bonus", "characterPoints", "target", "fatePoint"];
}

/** The Wild Die dialog. */
export const wildDialog: DialogEngine<wild.ValidWildRequest, WildExtras, WildFormView, WildOddsView> =
  defineEquipmentDialog<wild.ValidWildRequest, WildExtras, WildFormView, WildOddsView>(
    {
      id: "wild",
      validate: wild.validate,
      requestToForm,
      formToRequest,
      formToExtras,
      formView,
      oddsView,
      checkPoints,
      errorFields: {
        PointsOnSameRoll: "fatePoint",
        NotEnoughCharacterPoints: "characterPoints",
        CharacterPointSessionLimit: "characterPoints",
        NoFatePoints: "fatePoint",
        FatePointUsedThisSession: "fatePoint",
      },
      shownFields,
    },
    fillFromUse,
  );
