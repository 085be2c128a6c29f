/**
 * The difficulty dial in the roll dialog a GM opens for an NPC (issue 26), Foundry-free: the target
 * (the action DC, the Wild Die target number, the Precision needed, the pool difficulty; percentile:
 * the bonus or penalty dice) that gives this roll, as set up, a chosen chance, with the form fields
 * that would set it. The roll's exact chance at each target is the engine's.
 */
import { actionAdvice, percentileAdvice, piAdvice, poolAdvice, solveDial, wildAdvice } from "../../engines/advice.ts";
import {
  EngineError,
  type action,
  type EngineId,
  type percentile,
  type pi,
  type pool,
  type wild,
} from "../../engines/core.ts";
import { formatChanceAgainst } from "../../helpers/format.ts";
import { formatNumber, formatSigned } from "../../helpers/numbers.ts";
import { rolledRequest } from "./choices.ts";
import type { FormValues } from "./form-values.ts";
import type { DialogSettings } from "./types.ts";

/** The chance the dial solves for when the GM has not chosen one (60%). */
export const DIALOG_DIAL_CHANCE = "60";

/** The dial's view in a dialog. */
export interface DialogDialView {
  /** The chance asked for, as the form holds it. */
  readonly wanted: string;
  /** Why nothing could be solved (a chance that is not 1–99), as a key, or `null`. */
  readonly problem: string | null;
  /** The target found and its chance, the next harder one, and the fields and values that set it; `null` when none reaches the chance. */
  readonly solved: {
    readonly text: string;
    readonly chance: string;
    readonly harder: { readonly text: string; readonly chance: string } | null;
    /** The form fields to set (comma-separated) and their values, in the same order. */
    readonly fields: string;
    readonly values: string;
  } | null;
  /** The chance at the easiest target when even it falls short, formatted; else `null`. */
  readonly unreachable: string | null;
  /** True when the dial sets dice (percentile) rather than a number to reach. */
  readonly dice: boolean;
}

/** Each engine's chance at a target for a request, its targets (easiest first), and the fields that set one. */
const DIALS: Readonly<
  Record<
    EngineId,
    {
      chanceAt(request: unknown, target: number): number;
      targets(request: unknown): number[];
      fields(target: number, settings: DialogSettings): Record<string, string>;
    }
  >
> = {
  action: {
    chanceAt: (r, t) => actionAdvice.chanceAt(r as action.ActionRequest, t),
    targets: (r) => actionAdvice.dialTargets([r as action.ActionRequest]),
    fields: (t) => ({ dc: String(t) }),
  },
  wild: {
    chanceAt: (r, t) => wildAdvice.chanceAt(r as wild.WildRequest, t),
    targets: (r) => wildAdvice.dialTargets([r as wild.WildRequest]),
    fields: (t) => ({ target: String(t) }),
  },
  pi: {
    chanceAt: (r, t) => piAdvice.chanceAt(r as pi.PiRequest, t),
    targets: (r) => piAdvice.dialTargets([r as pi.PiRequest]),
    fields: (t) => ({ precisionGoal: String(t) }),
  },
  pool: {
    chanceAt: (r, t) => poolAdvice.chanceAt(r as pool.PoolRequest, t),
    targets: () => [...poolAdvice.DIAL_TARGETS],
    fields: (t) => ({ difficulty: String(t) }),
  },
  percentile: {
    chanceAt: (r, t) => percentileAdvice.chanceAt(r as percentile.PercentileRequest, t),
    targets: (r) => percentileAdvice.dialTargets((r as percentile.PercentileRequest).cap),
    fields: (t, settings): Record<string, string> =>
      settings.percentileMode === "shift"
        ? { shift: String(t) }
        : { bonus: String(Math.max(0, t)), penalty: String(Math.max(0, -t)) },
  },
};

/**
 * The dial for a dialog's form values, or `null` when the form is not valid.
 *
 * @param engine - The engine.
 * @param values - The form values (`dialChance`: the chance wanted, in percent).
 * @param settings - The dialog's settings.
 * @param lang - The GM's language.
 */
export function dialogDialView(
  engine: EngineId,
  values: FormValues,
  settings: DialogSettings,
  lang: string,
): DialogDialView | null {
  const dial = DIALS[engine];
  let request: unknown;
  try {
    request = rolledRequest(engine, values, settings);
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
  const wanted = typeof values.dialChance === "string" ? values.dialChance : DIALOG_DIAL_CHANCE;
  const percent = Number(wanted.trim());
  const dice = engine === "percentile";
  if (!Number.isFinite(percent) || percent < 1 || percent > 99) {
    return { wanted, problem: "ROLLING_BONES.Dial.BadChance", solved: null, unreachable: null, dice };
  }
  const chanceAt = (t: number): number => {
    try {
      return dial.chanceAt(request, t);
    } catch (error) {
      if (error instanceof EngineError) return 0;
      throw error;
    }
  };
  const s = solveDial(dial.targets(request), (t) => [chanceAt(t)], 0, percent / 100);
  const text = (t: number) => (dice ? formatSigned(t, lang) : formatNumber(t, lang));
  if (s.target === null) {
    return {
      wanted,
      problem: null,
      solved: null,
      unreachable: formatChanceAgainst(s.chance, percent / 100, lang),
      dice,
    };
  }
  const fields = dial.fields(s.target, settings);
  return {
    wanted,
    problem: null,
    unreachable: null,
    dice,
    solved: {
      text: text(s.target),
      chance: formatChanceAgainst(s.chance, percent / 100, lang),
      harder: s.harder
        ? { text: text(s.harder.target), chance: formatChanceAgainst(s.harder.chance, percent / 100, lang) }
        : null,
      fields: Object.keys(fields).join(","),
      values: Object.values(fields).join(","),
    },
  };
}
