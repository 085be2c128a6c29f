/**
 * The targets of a roll and a verdict for each (RULES.md §6, issue 24 item 3), Foundry-free: what a
 * roll stores of the tokens its user targeted (names as text, token and actor references, the
 * target's engine), how an attack is judged against a target's defence figure, and the lines a card
 * shows. A verdict needs the attacker and the target to use the same engine; across engines the
 * target is named without one and the GM judges.
 */
import { isRecord, type EngineId, type Throw } from "../../engines/shared/index.ts";
import { pool } from "../../engines/index.ts";
import { cardStateView, readCardRecord } from "../rolls/action-card.ts";

/** A verdict: hit, miss, none (another engine's target), or pending (the GM has not judged it yet). */
export type Verdict = "hit" | "miss" | "none" | "pending";

/** A target as a roll stores it (`roll.options.targets`). */
export interface RollTarget {
  /** The token's name as shown on the scene (text a user typed). */
  readonly name: string;
  /** The token document's UUID, or `null`. */
  readonly token: string | null;
  /** The actor's id, or `null` for a token without an actor. */
  readonly actor: string | null;
  /** The engine the target's actor rolls, or `null` (not one of the system's actors). */
  readonly engine: EngineId | null;
  /** The verdict, once judged. */
  readonly verdict: Verdict;
  /**
   * The target's defence figure, stored only where everyone who sees the card may see it (a player's
   * character, or an NPC in a world that shows NPC figures to players).
   */
  readonly defence?: number;
}

const ENGINES: readonly string[] = ["percentile", "action", "wild", "pi", "pool"];
const VERDICTS: readonly string[] = ["hit", "miss", "none", "pending"];

/** A target as the roll dialog shows it: its name, engine, and defence figure (`null` where hidden from the user). */
export interface DialogTarget {
  readonly name: string;
  readonly engine: EngineId | null;
  readonly defence: number | null;
  /** The roll's record of it (no figure). */
  readonly stored: RollTarget;
}

/** Reads the targets stored with a roll; anything malformed is left out. */
export function readTargets(raw: unknown): RollTarget[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t: unknown): RollTarget[] => {
    if (!isRecord(t) || typeof t.name !== "string") return [];
    const engine = typeof t.engine === "string" && ENGINES.includes(t.engine) ? (t.engine as EngineId) : null;
    const verdict = typeof t.verdict === "string" && VERDICTS.includes(t.verdict) ? (t.verdict as Verdict) : "pending";
    return [
      {
        name: t.name,
        token: typeof t.token === "string" ? t.token : null,
        actor: typeof t.actor === "string" ? t.actor : null,
        engine,
        verdict,
        ...(typeof t.defence === "number" && Number.isFinite(t.defence) ? { defence: t.defence } : {}),
      },
    ];
  });
}

/** What a judgment reads of a roll: its engine, request, outcome, thrown dice and (action) card state. */
export interface JudgedRoll {
  readonly engine: EngineId;
  readonly request: unknown;
  readonly outcome: unknown;
  readonly throws: readonly Throw[];
  /** An action card's stored state (its activated botches and criticals decide before the DC does). */
  readonly card?: unknown;
}

/**
 * Whether a roll hits a target of the same engine with this defence figure (RULES.md §6): an action
 * total ≥ the DC (an activated botch misses and an activated critical hits, whatever the total); a
 * Wild Die total ≥ the target number; at least one net success when the same dice are read at the
 * target's difficulty (dice pool); Precision after modifiers ≥ the Precision needed; a percentile
 * success (the penalty dice against the attack were thrown with it).
 *
 * @param roll - The roll.
 * @param defence - The target's defence figure.
 */
export function judge(roll: JudgedRoll, defence: number): boolean {
  const o = isRecord(roll.outcome) ? roll.outcome : {};
  switch (roll.engine) {
    case "action": {
      const view = cardStateView(readCardRecord(roll.card));
      if (view.severities.some((s) => s.type !== "critical")) return false;
      if (view.severities.some((s) => s.type === "critical")) return true;
      return typeof o.total === "number" && o.total >= defence;
    }
    case "wild":
      return typeof o.total === "number" && o.total >= defence;
    case "pi":
      return typeof o.precision === "number" && o.precision >= defence;
    case "percentile":
      return o.success === true;
    case "pool": {
      // The same dice read at the target's difficulty (a hidden difficulty is revealed the same way).
      const request = { ...(roll.request as pool.PoolRequest), difficulty: defence };
      return pool.resolve(request, roll.throws).result === "success";
    }
  }
}

/**
 * The verdict on one target: none across engines (the GM judges), else hit or miss against its defence.
 *
 * @param roll - The roll.
 * @param target - The target's engine and defence figure.
 */
export function verdictOn(roll: JudgedRoll, target: { engine: EngineId | null; defence: number }): Verdict {
  if (target.engine !== roll.engine) return "none";
  return judge(roll, target.defence) ? "hit" : "miss";
}

/** A target as a card lists it. */
export interface TargetLine {
  readonly name: string;
  readonly verdict: Verdict;
  /** The label key of the verdict's words. */
  readonly verdictKey: string;
  /** The defence figure with its label key, where it may be shown; else `null`. */
  readonly defence: { readonly key: string; readonly value: number } | null;
}

/** The localization key of a target's figure as a card or a dialog names it ("DC 14"). */
export function targetFigureKey(engine: EngineId): string {
  return `ROLLING_BONES.Target.Figure.${engine}`;
}

/** The card's lines for a roll's targets. */
export function targetLines(stored: unknown): TargetLine[] {
  return readTargets(stored).map((t) => ({
    name: t.name,
    verdict: t.verdict,
    verdictKey: `ROLLING_BONES.Target.Verdict.${t.verdict}`,
    defence:
      t.defence !== undefined && t.engine !== null
        ? { key: targetFigureKey(t.engine), value: t.defence }
        : null,
  }));
}

/** Whether any target was hit, none was, or the card cannot say (no judged target of the roll's engine). */
export function targetsHit(stored: unknown): boolean | null {
  const judged = readTargets(stored).filter((t) => t.verdict === "hit" || t.verdict === "miss");
  if (judged.length === 0) return null;
  return judged.some((t) => t.verdict === "hit");
}
