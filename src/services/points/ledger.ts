/**
 * The bookkeeping of points and choices, Foundry-free: the flags and shapes, which points a roll
 * request asks a character to pay, and the turn a Willpower point counts against. The checked spend,
 * the give-back and the card records (`spends.ts`) load with the GM's privileged actions
 * (`actions.ts`), which apply what they compute: they are not startup code.
 */
import { shared } from "../../engines/core.ts";
import type { PendingAssist, PointsEntry } from "../../dice/rolls/points-card.ts";

/** The actor flag (system scope) holding the assists waiting for a leader's next roll. */
export const ASSISTS_FLAG = "assists";

/** The actor flag holding the turn in which the character last spent Willpower. */
export const WILLPOWER_TURN_FLAG = "willpowerTurn";

/** The actor flag holding the latest spends (so a roll that could not be posted can be rolled back). */
export const SPENDS_FLAG = "spends";

/** How many spends an actor's log keeps. */
export const SPEND_LOG_LENGTH = 20;

/** The engines whose rolls can carry points or choices. */
export type PointsEngine = "percentile" | "wild" | "pool" | "pi";

/** The engine each character type rolls, for the types that spend points. */
const ENGINE_OF_TYPE: Readonly<Record<string, PointsEngine>> = Object.freeze({
  "percentile-character": "percentile",
  "wild-character": "wild",
  "pool-character": "pool",
  "pi-character": "pi",
});

/** A spend as the actor's log keeps it. */
export interface SpendRecord {
  /** The spend's action id. */
  readonly id: string;
  /** The user who asked for it. */
  readonly by: string;
  /** What it took. */
  readonly entries: readonly PointsEntry[];
}

/** What a points action reads of a character. */
export interface ActorPoints {
  readonly id: string;
  readonly name: string;
  /** The actor type, e.g. `percentile-character`. */
  readonly type: string;
  /** The character's `system` data. */
  readonly system: unknown;
  /** Assists waiting for the character's next roll. */
  readonly assists: readonly PendingAssist[];
  /** The turn the character last spent Willpower in, or `null`. */
  readonly willpowerTurn: string | null;
  /** The latest spends, oldest first. */
  readonly spends: readonly SpendRecord[];
}

/** The points a roll asks for. */
export interface SpendPlan {
  /** Percentile: bonus dice bought with karma. */
  readonly karmaDice?: number;
  /** Percentile: the ids of the pending assists the roll takes (as the roller saw them). */
  readonly assists?: readonly string[];
  /** Wild: Character Points (extra Wild Dice). */
  readonly characterPoints?: number;
  /** Wild: whether a Fate Point is spent. */
  readonly fatePoint?: boolean;
  /** Pool: whether a Willpower point is spent. */
  readonly willpower?: boolean;
}

/** What a spend is checked and recorded against. */
export interface SpendContext {
  /** The spend's action id (entry ids are made from it). */
  readonly id: string;
  /** The user spending. */
  readonly by: string;
  /** The current session number. */
  readonly session: number;
  /** Character Points allowed per session (GM setting). */
  readonly cpSessionLimit: number;
  /** The current turn of the character (see {@link turnKey}), or `null` outside combat. */
  readonly turn: string | null;
}

/** A spend ready to write: the actor update (one document, one write) and the card entries. */
export interface PlannedSpend {
  /** Flat update data for the actor (`system.…` and `flags.rolling-bones.…` keys). */
  readonly update: Record<string, unknown>;
  /** The ledger entries for the card. */
  readonly entries: readonly PointsEntry[];
}

/** A number read from a character's data at a dotted path (0 when missing or not a number). */
export function numberAt(system: unknown, path: string): number {
  let node: unknown = system;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return 0;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "number" && Number.isFinite(node) ? node : 0;
}

/** The engine a character type spends points on, or `null` for a type without points. */
export function engineOfType(type: string): PointsEngine | null {
  return shared.ownValue(ENGINE_OF_TYPE, type) ?? null;
}

/**
 * The points a validated engine request asks for: karma dice (percentile), Character Points and a
 * Fate Point (wild), a Willpower point (pool); nothing for pi. The pending assists the roller saw
 * are named by id.
 *
 * @param engine - The engine.
 * @param request - The validated request.
 * @param assists - The ids of the pending assists the roll takes (percentile only).
 */
export function planFromRequest(engine: string, request: unknown, assists: readonly string[] = []): SpendPlan {
  const r = (typeof request === "object" && request !== null ? request : {}) as Record<string, unknown>;
  switch (engine) {
    case "percentile":
      return { karmaDice: typeof r.karmaDice === "number" ? r.karmaDice : 0, assists: [...assists] };
    case "wild":
      return {
        characterPoints: typeof r.characterPoints === "number" ? r.characterPoints : 0,
        fatePoint: r.fatePoint === true,
      };
    case "pool":
      return { willpower: r.willpower === true };
    default:
      return {};
  }
}

/** Whether a plan takes nothing. */
export function isEmptyPlan(plan: SpendPlan): boolean {
  return (
    (plan.karmaDice ?? 0) === 0 &&
    (plan.assists ?? []).length === 0 &&
    (plan.characterPoints ?? 0) === 0 &&
    plan.fatePoint !== true &&
    plan.willpower !== true
  );
}

/** The part of a Foundry combat a turn key is read from. */
export interface CombatLike {
  readonly id: string | null;
  readonly round: number;
  readonly started: boolean;
  readonly combatants: Iterable<{ readonly actorId: string | null }>;
}

/**
 * The turn a Willpower point counts against: in a started combat the character takes part in, its
 * round (the pool rules' "turn" is one pass of the initiative order, Foundry's combat round); else
 * `null`, and every roll is its own turn.
 *
 * @param combat - The active combat, or `null`.
 * @param actorId - The character.
 */
export function turnKey(combat: CombatLike | null, actorId: string): string | null {
  if (combat === null || !combat.started || combat.id === null) return null;
  for (const c of combat.combatants) if (c.actorId === actorId) return `${combat.id}:${combat.round}`;
  return null;
}
