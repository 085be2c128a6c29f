/**
 * The targets of a roll and a verdict for each (docs/rules.md §6, issue 24 item 3), Foundry-free: what a
 * roll stores of the tokens its user targeted (names as text, token and actor references, the
 * target's engine) and the lines a card shows; how an attack is judged against a target's defence
 * figure is `verdicts.ts` (loaded with the judging, on the active GM). A verdict needs the attacker and the target to use the same engine; across engines the
 * target is named without one and the GM judges.
 */
import { isRecord, type EngineId } from "../../engines/shared/core.ts";
import { LEVEL_IDS } from "../../engines/percentile/levels.ts";

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
  /**
   * A percentile target's reading of the attack at its own net (docs/rules.md §6): the value and its level,
   * stored with the figure, only where everyone who sees the card may see that figure.
   */
  readonly reading?: { readonly value: number; readonly level: string | null };
  /**
   * A dice-pool attack's extra successes on this target (its net successes − 1 at its own
   * difficulty), which that target's damage carries (docs/rules.md §6); only on a hit.
   */
  readonly extra?: number;
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
        ...readingOf(t.reading),
        ...(Number.isInteger(t.extra) && (t.extra as number) >= 0 && (t.extra as number) <= 99
          ? { extra: t.extra as number }
          : {}),
      },
    ];
  });
}

/** Levels a stored reading may name (the percentile engine's). */
const LEVELS: readonly string[] = LEVEL_IDS;

/** A stored percentile reading, when it is one (a value 1–100 and a known level or none). */
function readingOf(raw: unknown): { reading?: { value: number; level: string | null } } {
  if (!isRecord(raw) || !Number.isInteger(raw.value) || (raw.value as number) < 1 || (raw.value as number) > 100) {
    return {};
  }
  const level = typeof raw.level === "string" && LEVELS.includes(raw.level) ? raw.level : null;
  return { reading: { value: raw.value as number, level } };
}

/** A target as a card lists it. */
export interface TargetLine {
  readonly name: string;
  readonly verdict: Verdict;
  /** The label key of the verdict's words. */
  readonly verdictKey: string;
  /** The defence figure with its label key, where it may be shown; else `null`. */
  readonly defence: { readonly key: string; readonly value: number } | null;
  /** A percentile target's reading ("71, Good"), as two digits and a level key, where it may be shown; else `null`. */
  readonly reading: { readonly digits: string; readonly levelKey: string | null } | null;
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
    defence: t.defence !== undefined && t.engine !== null ? { key: targetFigureKey(t.engine), value: t.defence } : null,
    reading: t.reading
      ? {
          digits: t.reading.value === 100 ? "00" : String(t.reading.value).padStart(2, "0"),
          levelKey: t.reading.level === null ? null : `ROLLING_BONES.Percentile.Level.${t.reading.level}`,
        }
      : null,
  }));
}

/** Whether any target was hit, none was, or the card cannot say (no judged target of the roll's engine). */
export function targetsHit(stored: unknown): boolean | null {
  const judged = readTargets(stored).filter((t) => t.verdict === "hit" || t.verdict === "miss");
  if (judged.length === 0) return null;
  return judged.some((t) => t.verdict === "hit");
}
