/**
 * The GM's dice report (issue 26), Foundry-free: for this session (and the one before), how each
 * player's rolls sat against expectation (how many, the mean exact percentile, the rarest roll), and
 * for each die size entered by hand, the faces entered and the fairness test against a fair die
 * (flagged only at p below 0.001: a reason to look at the die, never proof).
 */
import { FLAG_BELOW, TELL_PER_FACE, fairnessOfCounts, oneIn, type FairnessMethod } from "../../engines/advice.ts";
import { formatPercent } from "../../helpers/format.ts";
import { formatIn } from "../../helpers/numbers.ts";
import type { RollRecord, SessionRolls } from "../../services/roll-record.ts";

/** A player's row. */
export interface PlayerRow {
  /** The player's name (text). */
  readonly name: string;
  readonly rolls: number;
  /** The mean exact percentile, formatted. */
  readonly mean: string;
  /** The rarest roll: "1 in N", which way, and its chance formatted; `null` without one. */
  readonly rarest: { readonly oneIn: number; readonly direction: "good" | "bad"; readonly chance: string } | null;
}

/** One die size entered by hand. */
export interface DieRow {
  readonly faces: number;
  readonly rolls: number;
  /** Each face and how often it was entered. */
  readonly counts: readonly { readonly face: number; readonly count: number }[];
  readonly method: FairnessMethod;
  /** The p-value, formatted (`null` without a test yet, or while there are too few throws to tell). */
  readonly p: string | null;
  readonly flagged: boolean;
  /** More rolls it takes to tell, while there are too few (see `TELL_PER_FACE`). */
  readonly moreRolls: number;
}

/** One session's part of the report. */
export interface SessionView {
  readonly session: number;
  readonly players: readonly PlayerRow[];
  readonly dice: readonly DieRow[];
}

/** The report. */
export interface DiceReportView {
  readonly current: SessionView;
  readonly previous: SessionView | null;
  /** The threshold, formatted ("0.1%"). */
  readonly threshold: string;
  /** The throws per face a die needs before its test is reported. */
  readonly perFace: number;
}

/** A p-value as text: two significant figures, in percent; beyond one in a million, or above 99%, it says so rather than round to a bound it never reaches. */
function pText(p: number, lang: string): string {
  if (p < 1e-6) return `<${formatIn(1e-6, lang, "percentShort")}`;
  if (p > 0.99) return `>${formatIn(0.99, lang, "percentShort")}`;
  return formatIn(p, lang, "percentShort");
}

function sessionView(s: SessionRolls, names: (userId: string) => string, lang: string): SessionView {
  const players = Object.entries(s.players)
    .map(([userId, p]) => ({
      name: names(userId),
      rolls: p.rolls,
      mean: formatPercent(p.rolls === 0 ? 0.5 : p.percentileSum / p.rolls, lang),
      rarest: p.rarest
        ? { oneIn: oneIn(p.rarest.tail), direction: p.rarest.direction, chance: formatPercent(p.rarest.tail, lang) }
        : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const dice = Object.entries(s.manual)
    .map(([size, counts]) => {
      const test = fairnessOfCounts(counts);
      return {
        faces: Number(size),
        rolls: test.rolls,
        counts: counts.map((count, i) => ({ face: i + 1, count })),
        method: test.method,
        p: test.pValue === null || !test.tells ? null : pText(test.pValue, lang),
        flagged: test.flagged,
        moreRolls: test.moreRolls,
      };
    })
    .sort((a, b) => a.faces - b.faces);
  return { session: s.session, players, dice };
}

/**
 * The report for the stored record.
 *
 * @param record - The session's roll record and the one before.
 * @param names - A player's name by user id (text).
 * @param lang - The GM's language.
 */
export function diceReportView(record: RollRecord, names: (userId: string) => string, lang: string): DiceReportView {
  return {
    current: sessionView(record.current, names, lang),
    previous: record.previous ? sessionView(record.previous, names, lang) : null,
    threshold: formatPercent(FLAG_BELOW, lang),
    perFace: TELL_PER_FACE,
  };
}
