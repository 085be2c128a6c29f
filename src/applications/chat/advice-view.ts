/**
 * What an open card's advisor shows (issue 26), Foundry-free: on an action card, each next step the
 * viewer could take (augment with each die size held, re-roll the d20 or a damage die) with its exact
 * chance of meeting the DC and where the new total would lie, the best step marked; with the DC not
 * on the card, only where the total would lie. On a Precision & Impact card, each pick's verdict
 * against the goal. The chat hook and the lab render it with `templates/chat/advice.hbs`.
 */
import type { CardAdvice } from "../../engines/action/advice.ts";
import type { PickVerdict } from "../../engines/pi/advice.ts";
import { formatMean, formatPercent } from "../dialogs/format.ts";

/** One next step as the card's advisor shows it. */
export interface AdviceStepView {
  /** The step's id (`augment-6`, `reroll-0`), as the advice names it. */
  readonly id: string;
  /** The localization key of the step's words, and the values they take. */
  readonly labelKey: string;
  readonly faces: number;
  readonly showing: number | null;
  /** The chance of meeting the DC, formatted, or `null` when the card does not know the DC. */
  readonly chance: string | null;
  readonly p: number | null;
  /** Where the new total would lie: at least `low` 9 times in 10, `median`, at least `high` 1 time in 10. */
  readonly low: number;
  readonly median: number;
  readonly high: number;
  readonly mean: string;
  /** True for the best step. */
  readonly best: boolean;
}

/** The action card's advisor. */
export interface ActionAdviceView {
  readonly engine: "action";
  /** The DC the card knows, or `null` (then no chance and no best step is shown). */
  readonly dc: number | null;
  /** Whether the card knows its DC. */
  readonly dcKnown: boolean;
  /** True when the total already meets the DC. */
  readonly met: boolean;
  /** True when nothing the viewer holds can lift the total to the DC. */
  readonly hopeless: boolean;
  readonly total: number;
  readonly steps: readonly AdviceStepView[];
}

/**
 * The action card's advisor for the advice of its card.
 *
 * @param advice - The engine's advice (`actionAdvice.cardAdvice`).
 * @param lang - The viewer's language.
 */
export function actionAdviceView(advice: CardAdvice, lang: string): ActionAdviceView {
  return {
    engine: "action",
    dc: advice.dc,
    dcKnown: advice.dc !== null,
    met: advice.met,
    hopeless: advice.dc !== null && !advice.met && advice.best === null && advice.steps.length > 0,
    total: advice.total,
    steps: advice.steps.map((s) => ({
      id: s.id,
      labelKey:
        s.kind === "augment"
          ? "ROLLING_BONES.Advice.Augment"
          : s.faces === 20
            ? "ROLLING_BONES.Advice.RerollD20"
            : "ROLLING_BONES.Advice.RerollDie",
      faces: s.faces,
      showing: s.showing,
      chance: s.chance === null ? null : formatPercent(s.chance, lang),
      p: s.chance,
      low: s.spread.low,
      median: s.spread.median,
      high: s.spread.high,
      mean: formatMean(s.spread.mean, lang),
      best: s.id === advice.best,
    })),
  };
}

/** A pick as the Precision & Impact card's advisor lists it. */
export interface PickView {
  /** The two faces, e.g. `8 + 3`. */
  readonly faces: string;
  readonly precision: number;
  readonly impact: number;
  /** `met`, `missed`, or `none` (no goal). */
  readonly verdict: "met" | "missed" | "none";
  /** True for the pick the card uses now. */
  readonly inUse: boolean;
}

/** The Precision & Impact card's advisor: every distinct pick, judged against the goal. */
export interface PiAdviceView {
  readonly engine: "pi";
  /** Whether the roll has a goal. */
  readonly hasGoal: boolean;
  /** How many distinct picks meet the goal, of how many. */
  readonly meeting: number;
  readonly count: number;
  readonly picks: readonly PickView[];
}

/**
 * The Precision & Impact card's advisor.
 *
 * @param verdicts - The card's picks judged (`piAdvice.pickVerdicts`).
 */
export function piAdviceView(verdicts: readonly PickVerdict[]): PiAdviceView {
  return {
    engine: "pi",
    hasGoal: verdicts.some((v) => v.met !== null),
    meeting: verdicts.filter((v) => v.met === true).length,
    count: verdicts.length,
    picks: verdicts.map((v) => ({
      faces: `${v.faces[0]} + ${v.faces[1]}`,
      precision: v.precision,
      impact: v.impact,
      verdict: v.met === null ? "none" : v.met ? "met" : "missed",
      inUse: v.inUse,
    })),
  };
}
