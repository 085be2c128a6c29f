/**
 * The Action Dice roll dialog, Foundry-free: the kind of d20 roll, its modifier (and level for an
 * insight roll), the DC, the botch range and the action dice used to augment it, the exact request
 * they make, and the odds panel built from the engine's exact odds (P(success against the DC),
 * P(failed by 5), P(potential botch), P(critical threat), and the chance of success with each
 * number of action dice).
 */

import { action, EngineError, shared } from "../../engines/index.ts";
import { fieldText, numberOrText, type FormValues } from "./form-values.ts";
import { formatMean } from "./format.ts";
import { defineDialog } from "./define.ts";
import {
  bar,
  chance,
  selectOptions,
  type Bar,
  type Chance,
  type DialogEngine,
  type DialogSettings,
  type HeadlineItem,
  type SelectOption,
} from "./types.ts";

/** The augment die a dialog starts with when the request names none (a level 1–5 player's die). */
export const DEFAULT_AUGMENT_DIE = 4;

/** The most action dice the odds panel compares (0 to this many, or the chosen count when larger). */
const COMPARE_UP_TO = 3;

/** The action dialog's form view. */
export interface ActionFormView {
  readonly kind: readonly SelectOption[];
  /** True for an insight roll (the level field applies). */
  readonly insight: boolean;
  /** True where a botch range applies: an attack (a weapon's range), or a request that carries one. */
  readonly botchRangeShown: boolean;
  /**
   * The dice of the chosen size the pool holds this session (the player's, or the GM's for an NPC's
   * roll: `gm`), or `null` when no pool is known.
   */
  readonly held: { readonly faces: number; readonly count: number; readonly gm: boolean } | null;
  readonly modifier: string;
  readonly level: string;
  readonly dc: string;
  readonly botchRange: readonly SelectOption[];
  readonly augmentDie: readonly SelectOption[];
  readonly augmentCount: string;
  readonly maxAugments: number;
}

/** The action dialog's odds panel. */
export interface ActionOddsView {
  /** The engine id. */
  readonly engine: "action";
  /** P(success), P(failed by 5) (when the DC is known), P(potential botch), P(critical threat). */
  readonly headline: readonly HeadlineItem[];
  /** The DC, or `null`. */
  readonly dc: number | null;
  /** Whether a critical threat is possible (not on an insight roll). */
  readonly criticalPossible: boolean;
  /** P(potential botch). */
  readonly potentialBotch: Chance;
  /** P(critical threat). */
  readonly criticalThreat: Chance;
  /** The expected total, formatted. */
  readonly mean: string;
  /** The augment die size. */
  readonly augmentDie: number;
  /** How many action dice augment the roll. */
  readonly augmentCount: number;
  /** P(success) with 0, 1, 2, … action dice of the chosen size (only when the DC is known). */
  readonly withDice: readonly (Bar & { readonly count: number; readonly faces: number; readonly current: boolean })[];
}

/**
 * The form values of an action request: the augments become a die size and a count (a request
 * mixing sizes is shown with the first die's size). A character's roll starts from the character:
 * its level, and the largest action die its player holds (else the die its level gives).
 *
 * @param initial - The request to start from.
 * @param settings - What the rolling character brings (level, dice held).
 */
export function requestToForm(
  initial: Partial<action.ActionRequest> = {},
  settings: Pick<DialogSettings, "actionDice"> = {},
): Record<string, string | boolean> {
  const augments = initial.augments ?? [];
  const from = settings.actionDice;
  const die = from?.held?.[0]?.faces ?? from?.faces ?? DEFAULT_AUGMENT_DIE;
  return {
    kind: initial.kind ?? "check",
    modifier: fieldText(initial.modifier, "0"),
    level: fieldText(initial.level ?? from?.level ?? undefined, "0"),
    dc: fieldText(initial.dc),
    botchRange: fieldText(initial.botchRange, "1"),
    augmentDie: fieldText(augments[0], String(die)),
    augmentCount: String(augments.length),
  };
}

/** The dice of one size the player holds this session (0 when none), or `null` when no pool is known. */
function heldOf(settings: Pick<DialogSettings, "actionDice">, faces: number): number | null {
  const held = settings.actionDice?.held;
  if (!held) return null;
  return held.filter((p) => p.faces === faces).reduce((n, p) => n + p.count, 0);
}

/**
 * The exact action request for form values, validated by the engine. The level is read only for
 * an insight roll (the field is disabled for the other kinds); an empty DC means unknown.
 *
 * @param values - The form values: `kind`, `modifier`, `level`, `dc`, `botchRange`, `augmentDie`, `augmentCount`.
 * @returns The validated request.
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad augment count, or the engine's error
 *   (`UnknownKind`, `NotInteger`, `OutOfRange`, `DieSizeNotAllowed`).
 */
export function formToRequest(
  values: FormValues,
  settings: Pick<DialogSettings, "actionDice"> = {},
): action.ValidActionRequest {
  const kind = typeof values.kind === "string" && values.kind !== "" ? values.kind : "check";
  const wanted = numberOrText(values.augmentCount, 0);
  const die = numberOrText(values.augmentDie, DEFAULT_AUGMENT_DIE);
  // The player's pool bounds the dice used, before the rules' own maximum: the message names what
  // the player really holds.
  const held = typeof die === "number" ? heldOf(settings, die) : null;
  if (held !== null && typeof wanted === "number" && wanted > held) {
    throw new EngineError(held === 0 ? "AugmentNoneHeld" : "AugmentOverHeld", {
      field: "augmentCount",
      faces: die,
      held,
      count: wanted,
    });
  }
  const augments = shared.requireInt(wanted, "augmentCount", 0, action.MAX_AUGMENTS);
  const raw = {
    kind,
    modifier: numberOrText(values.modifier, 0),
    level: kind === "insight" ? numberOrText(values.level, 0) : 0,
    dc: numberOrText(values.dc) ?? null,
    botchRange: numberOrText(values.botchRange, 1),
    augments: new Array<unknown>(augments).fill(die),
  };
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return action.validate(raw as unknown as action.ActionRequest);
}

/** Odds-only values of the action dialog (the DC is part of the request). */
export interface ActionExtras {
  /** The die size the panel compares with when the request uses no action die yet. */
  readonly augmentDie: number;
}

/**
 * The augment die size, for the comparison by number of action dice.
 *
 * @param values - The form values (`augmentDie`).
 * @throws EngineError `NotInteger` or `DieSizeNotAllowed` for a size an action die cannot have.
 */
export function formToExtras(values: FormValues): ActionExtras {
  return {
    augmentDie: action.requireActionDie(numberOrText(values.augmentDie, DEFAULT_AUGMENT_DIE), "augmentDie"),
  };
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
export function formView(values: FormValues, settings: Pick<DialogSettings, "actionDice"> = {}): ActionFormView {
  const kind = text(values.kind, "check");
  const ranges = Array.from({ length: action.MAX_BOTCH_RANGE }, (_, i) => i + 1);
  const botchRange = text(values.botchRange, "1");
  const dieText = text(values.augmentDie, String(DEFAULT_AUGMENT_DIE));
  // The die list offers the sizes the player holds (and the chosen one), else every size an action die has.
  const heldSizes = settings.actionDice?.held?.map((p) => p.faces) ?? [];
  const sizes =
    heldSizes.length > 0
      ? action.ACTION_DIE_SIZES.filter((f) => heldSizes.includes(f) || String(f) === dieText)
      : action.ACTION_DIE_SIZES;
  const heldCount = heldOf(settings, Number(dieText));
  return {
    kind: selectOptions(action.D20_KINDS, kind, (v) => `ROLLING_BONES.Action.Kind.${v}`),
    insight: kind === "insight",
    botchRangeShown: kind === "attack" || botchRange !== "1",
    held:
      heldCount === null ? null : { faces: Number(dieText), count: heldCount, gm: settings.actionDice?.gm === true },
    modifier: text(values.modifier),
    level: text(values.level),
    dc: text(values.dc),
    botchRange: selectOptions(ranges, botchRange, (v) => ({ text: v === "1" ? "1" : `1–${v}` })),
    augmentDie: selectOptions(sizes, dieText, (v) => ({ text: `d${v}` })),
    augmentCount: text(values.augmentCount, "0"),
    maxAugments: heldCount === null ? action.MAX_AUGMENTS : Math.min(heldCount, action.MAX_AUGMENTS),
  };
}

/**
 * The odds panel for a request, from the engine's exact odds. The comparison by number of action
 * dice uses the die size of the request's augments (or the chosen size for a request without any).
 *
 * @param request - A validated request.
 * @param extras - The chosen augment die size.
 * @param lang - The user's language.
 */
export function oddsView(request: action.ActionRequest, extras: ActionExtras, lang: string): ActionOddsView {
  const odds = action.odds(request);
  const req = action.validate(request);
  const faces = req.augments[0] ?? action.requireActionDie(extras.augmentDie, "augmentDie");
  const count = req.augments.length;
  const headline: HeadlineItem[] = [];
  if (odds.pSuccess !== null) {
    headline.push({
      id: "success",
      labelKey: "ROLLING_BONES.Action.Flag.success",
      tone: "good",
      ...chance(odds.pSuccess, lang),
    });
  }
  if (odds.pFailedBy5 !== null) {
    headline.push({
      id: "failedBy5",
      labelKey: "ROLLING_BONES.Action.Flag.failedBy5",
      tone: "bad",
      ...chance(odds.pFailedBy5, lang),
    });
  }
  headline.push({
    id: "potentialBotch",
    labelKey: "ROLLING_BONES.Action.Flag.potentialBotch",
    tone: "bad",
    ...chance(odds.pPotentialBotch, lang),
  });
  if (req.kind !== "insight") {
    headline.push({
      id: "criticalThreat",
      labelKey: "ROLLING_BONES.Action.Flag.criticalThreat",
      tone: "good",
      ...chance(odds.pCriticalThreat, lang),
    });
  }
  const withDice: (Bar & { count: number; faces: number; current: boolean })[] = [];
  if (odds.dc !== null) {
    for (let n = 0; n <= Math.max(COMPARE_UP_TO, count); n++) {
      const p =
        n === count
          ? (odds.pSuccess as number)
          : (action.odds({ ...req, augments: new Array<number>(n).fill(faces) }).pSuccess as number);
      withDice.push({
        ...bar(`dice-${n}`, { text: `${n}d${faces}` }, p, "good", lang),
        count: n,
        faces,
        current: n === count,
      });
    }
  }
  return {
    engine: "action",
    headline,
    dc: odds.dc,
    criticalPossible: req.kind !== "insight",
    potentialBotch: chance(odds.pPotentialBotch, lang),
    criticalThreat: chance(odds.pCriticalThreat, lang),
    mean: formatMean(odds.mean, lang),
    augmentDie: faces,
    augmentCount: count,
    withDice,
  };
}

/**
 * The fields the action form shows: the level on insight rolls only, the botch range where one applies.
 *
 * @param form - The form's view.
 */
export function shownFields(form: ActionFormView): readonly string[] {
  return [
    "kind",
    "modifier",
    ...(form.insight ? ["level"] : []),
    "dc",
    ...(form.botchRangeShown ? ["botchRange"] : []),
    "augmentDie",
    "augmentCount",
  ];
}

/** The Action Dice dialog. */
export const actionDialog: DialogEngine<action.ValidActionRequest, ActionExtras, ActionFormView, ActionOddsView> =
  defineDialog<action.ValidActionRequest, ActionExtras, ActionFormView, ActionOddsView>({
    id: "action",
    validate: action.validate,
    requestToForm: (initial: Partial<action.ActionRequest> | undefined, settings: DialogSettings) =>
      requestToForm(initial, settings),
    formToRequest,
    formToExtras,
    formView,
    oddsView,
    errorFields: { UnknownKind: "kind", DieSizeNotAllowed: "augmentDie" },
    shownFields,
  });
