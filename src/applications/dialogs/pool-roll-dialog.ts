/**
 * The Dice Pool (successes) roll dialog, Foundry-free: difficulty, Willpower, automatic success and
 * botch cancellation as form values, the exact pool request they make, and the odds panel built
 * from the engine's exact odds (success and botch chances, a bar per result level, the
 * difficulty-10 warning and the automatic-success offer).
 */

import { pool } from "../../engines/index.ts";
import { defineEquipmentDialog } from "./define.ts";
import type { EquipmentView } from "./equipment.ts";
import { fieldText, isChecked, numberOrText, requiredNumber, type FormValues } from "./form-values.ts";
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
  type HeadlineItem,
  type SelectOption,
} from "./types.ts";

/** The pool a dialog opened without one starts with. */
export const DEFAULT_POOL = 3;

/** The botch cancellation choices (1s ignored for the botch decision). */
const CANCELLATIONS = [0, 1, 2] as const;

/** The pool dialog's form view. */
export interface PoolFormView {
  /** The pool field's text. */
  readonly pool: string;
  /** The difficulty field's text. */
  readonly difficulty: string;
  /** The lowest and highest difficulty. */
  readonly minDifficulty: number;
  readonly maxDifficulty: number;
  /** The largest pool. */
  readonly maxPool: number;
  /** The botch cancellation options. */
  readonly cancellation: readonly SelectOption[];
  /** The Willpower checkbox. */
  readonly willpower: { readonly checked: boolean; readonly disabled: boolean };
  /** The automatic-success checkbox: offered when the pool is at least the difficulty. */
  readonly automatic: {
    readonly checked: boolean;
    readonly disabled: boolean;
    readonly offered: boolean;
    /** What the box's hint says now: offered, needs a larger pool, or kept off by the Willpower spent. */
    readonly hint: string;
  };
  /** The rolling character's Willpower, or `null` when no character rolls. */
  readonly willpowerHeld: {
    readonly current: number;
    readonly permanent: number;
    /** True when this combat round's point is already spent. */
    readonly spentThisTurn: boolean;
    /** True in combat (one point per round), false outside (one per roll). */
    readonly inCombat: boolean;
  } | null;
  /** A weapon attack's choice of Attribute + Ability and its weapon (see `equipment.ts`). */
  readonly equipment: EquipmentView;
  /** Whether the roll is a weapon attack (the difficulty then starts at the weapon's). */
  readonly weaponAttack: boolean;
  /** Whether the roll is a weapon's damage (each success one harm; no botch, 1s cancel nothing). */
  readonly damage: boolean;
}

/** The pool dialog's odds panel. */
export interface PoolOddsView {
  /** The engine id. */
  readonly engine: "pool";
  /** "Success 63% · Botch 4%". */
  readonly headline: readonly HeadlineItem[];
  /** One bar per result level, worst first: botch, failure, then each degree of success. */
  readonly bars: readonly Bar[];
  /** The expected net successes, formatted. */
  readonly expectedNet: string;
  /** True when the request takes an automatic success (every figure is then certain). */
  readonly automatic: boolean;
  /** True at difficulty 10: the dialog warns and shows the botch chance. */
  readonly difficultyWarning: boolean;
  /** P(botch), shown with the warning. */
  readonly botch: Chance;
  /** True when the pool is at least the difficulty and no automatic success is taken yet. */
  readonly automaticOffer: boolean;
  /** The difficulty and the rules' name for it ("difficult" for 8; `null` for 2 and 10). */
  readonly difficulty: { readonly value: number; readonly name: pool.DifficultyName | null };
  /** Whether the roll is a damage roll: the bars are the harm dealt, the headline the chance of any. */
  readonly damage: boolean;
}

/** Whether a pool and difficulty (as read from the form) allow an automatic success. */
function automaticOffered(values: FormValues): boolean {
  const size = numberOrText(values.pool);
  const difficulty = numberOrText(values.difficulty, pool.DEFAULT_DIFFICULTY);
  return typeof size === "number" && typeof difficulty === "number" && size >= difficulty;
}

/**
 * The form values of a pool request (from a sheet): absent fields take the defaults (pool
 * {@link DEFAULT_POOL}, difficulty 6, no cancellation, no Willpower, no automatic success). A weapon
 * attack starts at the weapon's difficulty (the request's); its choice of Attribute + Ability is the
 * dialog's equipment (`define.ts`).
 *
 * @param initial - The request to start from.
 */
export function requestToForm(initial: Partial<pool.PoolRequest> = {}): Record<string, string | boolean> {
  return {
    pool: fieldText(initial.pool, String(DEFAULT_POOL)),
    difficulty: fieldText(initial.difficulty, String(pool.DEFAULT_DIFFICULTY)),
    cancellation: fieldText(initial.cancellation, "0"),
    willpower: initial.willpower === true,
    automatic: initial.automatic === true,
    // A damage roll stays one (a hidden field): its dice count harm, never botch (docs/rules.md §6).
    ...(initial.damage === true ? { damage: true } : {}),
  };
}

/**
 * The exact pool request for form values, validated by the engine.
 *
 * @param values - The form values: `pool`, `difficulty`, `cancellation` (text), `willpower`, `automatic` (checkboxes).
 * @returns The validated request.
 * @throws EngineError `FieldRequired` for an empty pool, or the engine's error (`NotInteger`,
 *   `PoolTooSmall`, `PoolTooLarge`, `DifficultyRange`, `OutOfRange`, `AutomaticNotAllowed`,
 *   `AutomaticWithWillpower`).
 */
export function formToRequest(values: FormValues): pool.ValidPoolRequest {
  // A damage roll never botches: it takes no botch cancellation, Willpower or automatic success (issue 35 point 9).
  const damage = isChecked(values.damage);
  const raw = {
    pool: requiredNumber(values.pool, "pool"),
    difficulty: numberOrText(values.difficulty, pool.DEFAULT_DIFFICULTY),
    cancellation: damage ? 0 : numberOrText(values.cancellation, 0),
    willpower: !damage && isChecked(values.willpower),
    automatic: !damage && isChecked(values.automatic),
    damage,
  };
  // The engine checks every field's type; text that is not a number is rejected there by name.
  return pool.validate(raw as pool.PoolRequest);
}

/**
 * The form's view model: the fields' texts, the cancellation options, and which checkboxes are
 * offered (automatic success needs pool ≥ difficulty; it excludes Willpower and the other way round),
 * and the rolling character's Willpower.
 *
 * @param values - The form values.
 * @param settings - The settings (the rolling character's points).
 * @param lang - The user's language (the adjustments' signed numbers are written in it).
 */
export function formView(
  values: FormValues,
  settings: Pick<DialogSettings, "points" | "automaticAsk" | "attack" | "gear"> = {},
  _lang = "en",
): Omit<PoolFormView, "equipment"> {
  const willpower = isChecked(values.willpower);
  const automatic = isChecked(values.automatic);
  const offered = automaticOffered(values);
  return {
    pool: typeof values.pool === "string" ? values.pool : "",
    difficulty: typeof values.difficulty === "string" ? values.difficulty : "",
    minDifficulty: pool.MIN_DIFFICULTY,
    maxDifficulty: pool.MAX_DIFFICULTY,
    maxPool: pool.MAX_POOL,
    cancellation: selectOptions(
      CANCELLATIONS,
      typeof values.cancellation === "string" ? values.cancellation : "0",
      (v) => `ROLLING_BONES.Dialog.Pool.Cancellation.${v}`,
    ),
    // A checked box stays enabled so it can always be cleared.
    willpower: { checked: willpower, disabled: !willpower && automatic },
    automatic: {
      checked: automatic,
      disabled: !automatic && (!offered || willpower),
      offered,
      // The hint follows the box's state: a box kept off by Willpower says so, not "offered".
      hint: `ROLLING_BONES.Dialog.Pool.${automaticHint(offered, willpower && !automatic, settings.automaticAsk === true)}`,
    },
    willpowerHeld: willpowerOf(settings.points?.willpower ?? null),
    weaponAttack: Boolean(settings.attack),
    damage: isChecked(values.damage),
  };
}

/** Which hint the automatic-success box shows: not offered, kept off by Willpower, or offered (to ask the GM for, or to take). */
function automaticHint(offered: boolean, keptOff: boolean, ask: boolean): string {
  if (!offered) return "AutomaticNeeds";
  if (keptOff) return "AutomaticNotWithWillpower";
  return ask ? "AutomaticAsk" : "AutomaticOffered";
}

/**
 * The fields a new choice of Attribute + Ability for a weapon attack fills: the pool and the botch
 * cancellation its ability's dots give; the difficulty (the weapon's, or the player's own),
 * Willpower and the automatic success stay as the player left them.
 */
export function fillFromUse(request: Partial<pool.PoolRequest>): Record<string, string | boolean> {
  const filled = requestToForm(request);
  return { pool: filled.pool ?? "", cancellation: filled.cancellation ?? "0" };
}

function willpowerOf(points: DialogPoints["willpower"]): PoolFormView["willpowerHeld"] {
  if (points === null) return null;
  return {
    current: points.current,
    permanent: points.permanent,
    spentThisTurn: points.turn !== null && points.spentInTurn === points.turn,
    inCombat: points.turn !== null,
  };
}

/**
 * Checks that the rolling character can spend Willpower now (a current point, none spent this turn).
 *
 * @throws EngineError `NoWillpower` or `WillpowerUsedThisTurn`.
 */
export function checkPoints(request: pool.PoolRequest, points: DialogPoints): void {
  if (points.willpower === null || request.willpower !== true) return;
  pool.checkWillpower(
    { current: points.willpower.current, spentInTurn: points.willpower.spentInTurn },
    points.willpower.turn,
  );
}

/**
 * The odds panel for a request, from the engine's exact odds.
 *
 * @param request - A validated request.
 * @param _extras - Unused.
 * @param lang - The user's language.
 */
export function oddsView(request: pool.PoolRequest, _extras: null, lang: string): PoolOddsView {
  const odds = pool.odds(request);
  const req = pool.validate(request);
  if (req.damage === true) return damageOddsView(odds, req, lang);
  const bars: Bar[] = [
    bar("botch", "ROLLING_BONES.Pool.Result.botch", odds.results.botch, "bad", lang),
    bar("failure", "ROLLING_BONES.Pool.Result.failure", odds.results.failure, "neutral", lang),
    ...pool.SUCCESS_DEGREES.map((degree) =>
      bar(degree, `ROLLING_BONES.Pool.Degree.${degree}`, odds.successDegrees[degree], "good", lang),
    ),
  ];
  return {
    engine: "pool",
    headline: [
      { id: "success", labelKey: "ROLLING_BONES.Pool.Result.success", tone: "good", ...chance(odds.pSuccess, lang) },
      { id: "botch", labelKey: "ROLLING_BONES.Pool.Result.botch", tone: "bad", ...chance(odds.pBotch, lang) },
    ],
    bars,
    expectedNet: formatMean(odds.expectedNet, lang),
    automatic: odds.automatic,
    difficultyWarning: odds.difficultyWarning,
    botch: chance(odds.pBotch, lang),
    // The odds offer the automatic success only while its box can be ticked (not with Willpower spent).
    automaticOffer: !req.automatic && req.willpower !== true && req.pool >= req.difficulty,
    difficulty: { value: req.difficulty, name: pool.difficultyName(req.difficulty) },
    damage: false,
  };
}

/** The most harm the damage odds list one bar for; more is gathered in its bar ("5+"). */
const HARM_BARS = 5;

/**
 * The odds panel of a damage roll (docs/rules.md §6): the chance of any harm, a bar per harm dealt (0 to
 * 5, then 5 or more), and the expected harm.
 */
function damageOddsView(odds: pool.PoolOdds, req: pool.ValidPoolRequest, lang: string): PoolOddsView {
  const harm = (h: number) => odds.net[String(h)] ?? 0;
  const more = Object.entries(odds.net)
    .filter(([h]) => Number(h) >= HARM_BARS)
    .reduce((sum, [, p]) => sum + p, 0);
  const bars: Bar[] = [
    ...Array.from({ length: HARM_BARS }, (_, h) =>
      bar(`harm-${h}`, { text: String(h) }, harm(h), h === 0 ? "neutral" : "good", lang),
    ),
    bar(`harm-${HARM_BARS}`, { text: `${HARM_BARS}+` }, more, "good", lang),
  ];
  return {
    engine: "pool",
    headline: [
      { id: "damage", labelKey: "ROLLING_BONES.Pool.Damage.Any", tone: "good", ...chance(odds.pSuccess, lang) },
    ],
    bars,
    expectedNet: formatMean(odds.expectedNet, lang),
    automatic: odds.automatic,
    difficultyWarning: false,
    botch: chance(0, lang),
    automaticOffer: false,
    difficulty: { value: req.difficulty, name: pool.difficultyName(req.difficulty) },
    damage: true,
  };
}

/** The fields the pool form shows besides the equipment (all of them, always). */
export function shownFields(): readonly string[] {
  return ["pool", "difficulty", "cancellation", "willpower", "automatic"];
}

/** The Dice Pool dialog. */
export const poolDialog: DialogEngine<pool.ValidPoolRequest, null, PoolFormView, PoolOddsView> = defineEquipmentDialog<
  pool.ValidPoolRequest,
  null,
  PoolFormView,
  PoolOddsView
>(
  {
    id: "pool",
    validate: pool.validate,
    requestToForm,
    formToRequest,
    formView,
    oddsView,
    checkPoints,
    errorFields: {
      NoWillpower: "willpower",
      WillpowerUsedThisTurn: "willpower",
      PoolTooSmall: "pool",
      PoolTooLarge: "pool",
      DifficultyRange: "difficulty",
      AutomaticNotAllowed: "automatic",
      AutomaticWithWillpower: "automatic",
    },
    shownFields,
  },
  fillFromUse,
);
