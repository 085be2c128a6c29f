/**
 * What an attack card earned for its damage roll (docs/rules.md §6, issue 24 item 4), read from the roll
 * stored on the card: whether it hit, the dice-pool attack's extra successes (damage dice), and an
 * activated action-dice critical with its effect. Pure: the chat controls and the lab both read it.
 */
import { cardStateView, readCardRecord } from "../rolls/action-card.ts";
import { isRecord } from "../../engines/shared/core.ts";
import { readTargets, targetsHit } from "./targets.ts";

/** An activated critical as the damage card names it: its severity and the effect chosen (if any). */
export interface CriticalCarried {
  /** The dice spent on it. */
  readonly severity: number;
  /** The chosen effect's label key, or `null` while none is chosen. */
  readonly effect: string | null;
  /** The GM's words for the effect (text), or empty. */
  readonly note: string;
}

/** What an attack hands its damage roll. */
export interface AttackResult {
  /**
   * Whether the attack hit: `true`/`false` where the card can judge it (an activated botch misses,
   * an activated critical hits; else the roll against its DC, target number or difficulty), `null`
   * where it cannot (no DC or target known).
   */
  readonly hit: boolean | null;
  /** Dice-pool damage dice the attack adds: its net successes beyond the first (0 elsewhere). */
  readonly extraDice: number;
  /** An activated action-dice critical, or `null`. */
  readonly critical: CriticalCarried | null;
  /** A percentile hit's damage multiplier (the weapon's, raised by a called shot); absent elsewhere. */
  readonly multiplier?: number;
}

/** What an attack's roll stores that the reading needs (`roll.options`). */
export interface StoredAttack {
  /** The engine's outcome. */
  readonly outcome?: unknown;
  /** An action card's state. */
  readonly card?: unknown;
  /** Its targets and their verdicts (`targets.ts`). */
  readonly targets?: unknown;
}

/**
 * Reads what an attack earned, by its engine.
 *
 * @param engine - The attack roll's engine.
 * @param stored - The roll's stored options.
 */
export function attackResultOf(engine: string, stored: StoredAttack): AttackResult {
  const result = ownResultOf(engine, stored);
  // Judged targets decide whether the attack hit: it hit when it hit any of them.
  const byTargets = targetsHit(stored.targets);
  if (byTargets === null) return result;
  // A dice-pool attack's damage throws the extra dice of the target that earned the most; each
  // target's damage then reads its own (docs/rules.md §6, `services/harm/ledger.ts` targetDamage).
  const extras = readTargets(stored.targets).flatMap((t) =>
    t.verdict === "hit" && t.extra !== undefined ? [t.extra] : [],
  );
  const extraDice = engine === "pool" && extras.length > 0 ? Math.max(...extras) : result.extraDice;
  return { ...result, hit: byTargets, extraDice };
}

/** What an attack earned by its own roll (its DC, target number or difficulty), its targets apart. */
function ownResultOf(engine: string, stored: StoredAttack): AttackResult {
  const outcome = isRecord(stored.outcome) ? stored.outcome : {};
  const judged = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);
  switch (engine) {
    case "pool": {
      const net = typeof outcome.net === "number" ? outcome.net : 0;
      return { hit: outcome.result === "success", extraDice: Math.max(0, net - 1), critical: null };
    }
    case "action": {
      const view = cardStateView(readCardRecord(stored.card));
      const botched = view.severities.some((s) => s.type !== "critical");
      const critical = view.severities.find((s) => s.type === "critical");
      const carried: CriticalCarried | null = critical
        ? { severity: critical.severity, effect: critical.effect?.label ?? null, note: critical.effect?.note ?? "" }
        : null;
      const hit = botched ? false : critical ? true : judged(outcome.success);
      return { hit, extraDice: 0, critical: carried };
    }
    case "pi":
      // A one-die attack misses (docs/rules.md §6); otherwise its targets decide.
      return { hit: outcome.singleDie === true ? false : judged(outcome.success), extraDice: 0, critical: null };
    case "percentile": {
      const shot = isRecord(outcome.calledShot) ? outcome.calledShot.multiplier : undefined;
      const multiplier = typeof shot === "number" && Number.isInteger(shot) && shot >= 1 ? shot : 1;
      return { hit: judged(outcome.success), extraDice: 0, critical: null, multiplier };
    }
    default:
      return { hit: judged(outcome.success), extraDice: 0, critical: null };
  }
}

/** What a damage roll carries from its attack, as stored with it (`roll.options.fromAttack`) and shown on its card. */
export interface DamageFromAttack {
  /** Dice-pool damage dice the attack's extra successes added. */
  readonly extraDice: number;
  /** The attack's activated critical, or `null`. */
  readonly critical: CriticalCarried | null;
  /** A percentile hit's damage multiplier, which the damage roll multiplies by (absent: the weapon's own). */
  readonly multiplier?: number;
  /** The attack's targets with their verdicts, which the damage card keeps (stored as its own `targets`). */
  readonly targets?: unknown;
}

/** Reads what a damage roll stored of its attack; `null` when nothing (or nothing readable) is stored. */
export function readDamageFrom(raw: unknown): DamageFromAttack | null {
  if (!isRecord(raw)) return null;
  const extraDice = typeof raw.extraDice === "number" && Number.isInteger(raw.extraDice) ? raw.extraDice : 0;
  const c = raw.critical;
  const critical =
    isRecord(c) && typeof c.severity === "number"
      ? {
          severity: c.severity,
          effect: typeof c.effect === "string" ? c.effect : null,
          note: typeof c.note === "string" ? c.note : "",
        }
      : null;
  return extraDice > 0 || critical ? { extraDice, critical } : null;
}
