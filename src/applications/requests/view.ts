/**
 * What one viewer sees on a request card: the target (or that it is hidden), a row per named
 * character with a Roll button for its owners, each result with its verdict when the viewer may
 * judge it, and the GM's Reveal control. Plain data in, plain data out (tested without Foundry).
 */
import { judge, type Judgement } from "../../services/requests/spec.ts";
import type { RequestRecord } from "../../services/requests/names.ts";

/** What the view is built from (read from Foundry by `card.ts`). */
export interface RequestFacts {
  readonly messageId: string;
  readonly record: RequestRecord;
  readonly viewerIsGM: boolean;
  /** The target this viewer may judge by (see `knownTarget`), or `null`. */
  readonly target: number | null;
  /** For a GM: the hidden target, to show beside the card's text. */
  readonly hiddenTarget: number | null;
  /** Per named actor: whether the viewer owns it (and so may roll it). */
  readonly owns: Readonly<Record<string, boolean>>;
  /**
   * Per answered actor: the result's outcome when the viewer can see that roll and knows how to read
   * it (a pool roll under a hidden difficulty only for the GM, read at that difficulty), else absent.
   */
  readonly outcomes: Readonly<Record<string, unknown>>;
}

/** One named character on the card. */
export interface RequestRowView {
  readonly actorId: string;
  readonly name: string;
  /**
   * `waiting` for a roll, `rolled` (result shown), `private` (rolled where this viewer cannot see),
   * or `hidden` (rolled; its result depends on a difficulty still hidden from this viewer).
   */
  readonly state: "waiting" | "rolled" | "private" | "hidden";
  readonly canRoll: boolean;
  readonly score: number | null;
  /** The verdict's localization key, or `null` when there is nothing to judge or it is hidden. */
  readonly verdict: string | null;
  /** The verdict's id (`success`, `failure`, `botch`) for the icon, or `null`. */
  readonly verdictId: Judgement["verdict"];
  /** The percentile level's localization key, or `null`. */
  readonly level: string | null;
}

/** A request card as one viewer sees it. */
export interface RequestCardView {
  readonly messageId: string;
  readonly engine: string;
  /** The target's text key (e.g. `…Target.action`, "DC" and the number), or `null` when there is none to show. */
  readonly targetKey: string | null;
  readonly target: number | null;
  /** True when the target is hidden from this viewer. */
  readonly targetHidden: boolean;
  /** For a GM, before the reveal: the hidden target. */
  readonly gmTarget: number | null;
  /** Percentile: the bonus (positive) or penalty (negative) dice the request adds. */
  readonly net: number;
  readonly revealed: boolean;
  readonly canReveal: boolean;
  readonly rows: readonly RequestRowView[];
  readonly done: number;
  readonly total: number;
}

/** Builds a viewer's request card. */
export function requestCardView(facts: RequestFacts): RequestCardView {
  const { record } = facts;
  const spec = record.spec;
  const rows = spec.actors.map((actorId): RequestRowView => {
    const name = record.names[actorId] ?? actorId;
    const answered = record.answers[actorId] !== undefined;
    const base = { actorId, name, canRoll: false, score: null, verdict: null, verdictId: null, level: null };
    if (!answered) return { ...base, state: "waiting", canRoll: facts.owns[actorId] === true };
    const outcome = facts.outcomes[actorId];
    if (outcome === undefined || outcome === null) {
      // Rolled, but read at a difficulty this viewer does not know yet (a hidden pool difficulty).
      const unread = spec.engine === "pool" && record.secretId !== null && record.revealed === null;
      return { ...base, state: unread ? "hidden" : "private" };
    }
    const judged = judge(spec.engine, outcome, facts.target);
    return {
      ...base,
      state: "rolled",
      score: judged.score,
      verdictId: judged.verdict,
      verdict: judged.verdict === null ? null : `ROLLING_BONES.Request.Verdict.${judged.verdict}`,
      level: judged.level === null ? null : `ROLLING_BONES.Percentile.Level.${judged.level}`,
    };
  });
  const hiddenFromViewer = record.secretId !== null && record.revealed === null && !facts.viewerIsGM;
  const shown = spec.target ?? record.revealed ?? (facts.viewerIsGM ? facts.hiddenTarget : null);
  const hasTarget = spec.engine !== "percentile" && (shown !== null || hiddenFromViewer);
  return {
    messageId: facts.messageId,
    engine: spec.engine,
    targetKey: hasTarget ? `ROLLING_BONES.Request.Target.${spec.engine}` : null,
    target: hiddenFromViewer ? null : shown,
    targetHidden: hiddenFromViewer,
    gmTarget: facts.viewerIsGM && record.secretId !== null && record.revealed === null ? facts.hiddenTarget : null,
    net: spec.net,
    revealed: record.revealed !== null,
    canReveal: facts.viewerIsGM && record.secretId !== null && record.revealed === null,
    rows,
    done: rows.filter((r) => r.state !== "waiting").length,
    total: rows.length,
  };
}
