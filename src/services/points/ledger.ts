/**
 * The bookkeeping of points and choices, Foundry-free: which points a roll request asks a character
 * to pay, the checks (each one the engine's own rule), the actor update that pays them and the card
 * entries that record them, and the update that gives them back (the GM's undo, or the rollback of
 * a roll that could not be posted). Also the session reset, the turn a Willpower point counts
 * against, and what dialogs and sheets show. The privileged actions (`actions.ts`) apply what these
 * functions compute.
 */
import { EngineError, percentile, pool, shared, wild } from "../../engines/index.ts";
import type { PendingAssist, PendingAssistEffect, PointsEntry, PointsRecord } from "../../dice/rolls/points-card.ts";

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

const FLAGS = "flags.rolling-bones.";

/** A number read from a character's data (0 when missing or not a number). */
function numberAt(system: unknown, path: string): number {
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

/** The spend log after adding a record (the oldest records beyond {@link SPEND_LOG_LENGTH} are dropped). */
function withRecord(log: readonly SpendRecord[], record: SpendRecord): SpendRecord[] {
  return [...log.filter((r) => r.id !== record.id), record].slice(-SPEND_LOG_LENGTH);
}

/**
 * Checks a spend against the character and the rules, and computes the update that pays it and the
 * entries that record it. Nothing is written here; a refused spend throws before anything is known
 * to the caller.
 *
 * @param engine - The engine of the roll.
 * @param actor - The character paying.
 * @param plan - What the roll asks for.
 * @param ctx - The spend's id, the user, the session, the CP limit and the turn.
 * @returns The update and the entries (both empty when the plan takes nothing).
 * @throws EngineError `PointsWrongCharacter` (the character does not roll this engine), the
 *   engine's refusal (`NotEnoughKarma`, `TooManyKarmaDice`, `PointsOnSameRoll`,
 *   `NotEnoughCharacterPoints`, `CharacterPointSessionLimit`, `NoFatePoints`,
 *   `FatePointUsedThisSession`, `NoWillpower`, `WillpowerUsedThisTurn`), or `PointsAssistGone` when
 *   an assist the roller saw is no longer pending.
 */
export function planSpend(engine: string, actor: ActorPoints, plan: SpendPlan, ctx: SpendContext): PlannedSpend {
  if (isEmptyPlan(plan)) return { update: {}, entries: [] };
  if (engineOfType(actor.type) !== engine) {
    throw new EngineError("PointsWrongCharacter", { name: actor.name, engine });
  }
  const update: Record<string, unknown> = {};
  const entries: PointsEntry[] = [];
  const base = { by: ctx.by, undone: false, undoneBy: null };
  const id = (type: string) => `${ctx.id}-${type}`;
  switch (engine) {
    case "percentile": {
      const dice = plan.karmaDice ?? 0;
      const karma = numberAt(actor.system, "karma");
      const { cost, remaining } = percentile.checkKarma(dice, karma);
      const wanted = [...new Set(plan.assists ?? [])];
      const taken: PendingAssist[] = [];
      for (const assistId of wanted) {
        const assist = actor.assists.find((a) => a.id === assistId);
        if (!assist) throw new EngineError("PointsAssistGone", { name: actor.name });
        taken.push(assist);
      }
      if (dice > 0) {
        update["system.karma"] = remaining;
        entries.push({ ...base, id: id("karma"), type: "karma", actorId: actor.id, dice, cost });
      }
      if (taken.length > 0) {
        update[`${FLAGS}${ASSISTS_FLAG}`] = actor.assists.filter((a) => !wanted.includes(a.id));
        for (const assist of taken) {
          entries.push({ ...base, id: id(`assist-${assist.id}`), type: "assistReceived", actorId: actor.id, assist });
        }
      }
      break;
    }
    case "wild": {
      const spend = wild.assertPointSpend({
        cpRequested: plan.characterPoints ?? 0,
        cpOnSheet: numberAt(actor.system, "characterPoints"),
        cpUsedThisSession: numberAt(actor.system, "session.characterPoints"),
        cpSessionLimit: ctx.cpSessionLimit,
        fatePoint: plan.fatePoint === true,
        fpOnSheet: numberAt(actor.system, "fatePoints"),
        fpUsedThisSession: numberAt(actor.system, "session.fatePoints"),
      });
      if (spend.characterPoints > 0) {
        update["system.characterPoints"] = numberAt(actor.system, "characterPoints") - spend.characterPoints;
        update["system.session.characterPoints"] =
          numberAt(actor.system, "session.characterPoints") + spend.characterPoints;
        entries.push({
          ...base,
          id: id("cp"),
          type: "characterPoints",
          actorId: actor.id,
          points: spend.characterPoints,
          session: ctx.session,
        });
      }
      if (spend.fatePoints > 0) {
        update["system.fatePoints"] = numberAt(actor.system, "fatePoints") - 1;
        update["system.session.fatePoints"] = numberAt(actor.system, "session.fatePoints") + 1;
        entries.push({ ...base, id: id("fp"), type: "fatePoint", actorId: actor.id, session: ctx.session });
      }
      break;
    }
    case "pool": {
      if (plan.willpower === true) {
        const spend = pool.checkWillpower(
          { current: numberAt(actor.system, "willpower.current"), spentInTurn: actor.willpowerTurn },
          ctx.turn,
        );
        update["system.willpower.current"] = spend.remaining;
        if (spend.turn !== null) update[`${FLAGS}${WILLPOWER_TURN_FLAG}`] = spend.turn;
        entries.push({ ...base, id: id("willpower"), type: "willpower", actorId: actor.id, turn: spend.turn });
      }
      break;
    }
    default:
      break;
  }
  if (entries.length > 0)
    update[`${FLAGS}${SPENDS_FLAG}`] = withRecord(actor.spends, { id: ctx.id, by: ctx.by, entries });
  return { update, entries };
}

/** What giving points back depends on. */
export interface GiveBackContext {
  /** The current session: session counters go down only for points spent in this session. */
  readonly session: number;
  /** A spend record to drop from the actor's log (a rollback), or `null`. */
  readonly dropSpend?: string | null;
}

/**
 * The update that gives back what some entries took from one character: karma, Character Points
 * and a Fate Point (and this session's counters, when spent in this session), a Willpower point
 * (never above the permanent rating; the turn is freed when it is still the recorded one), and
 * consumed assists (pending again). Entries about other characters, given assists and picks are
 * not points and are left out.
 *
 * @param entries - The entries to give back.
 * @param actor - The character.
 * @param ctx - The session, and the spend record to drop from the log.
 * @returns Flat update data (empty when nothing is given back).
 */
export function giveBackUpdate(
  entries: readonly PointsEntry[],
  actor: ActorPoints,
  ctx: GiveBackContext,
): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  let karma = numberAt(actor.system, "karma");
  let cp = numberAt(actor.system, "characterPoints");
  let cpUsed = numberAt(actor.system, "session.characterPoints");
  let fp = numberAt(actor.system, "fatePoints");
  let fpUsed = numberAt(actor.system, "session.fatePoints");
  let willpower = numberAt(actor.system, "willpower.current");
  const permanent = numberAt(actor.system, "willpower.permanent");
  let assists = [...actor.assists];
  let turn = actor.willpowerTurn;
  for (const entry of entries) {
    if (entry.undone || entry.type === "pick" || entry.type === "assistGiven" || entry.actorId !== actor.id) continue;
    switch (entry.type) {
      case "karma":
        karma += entry.cost;
        update["system.karma"] = karma;
        break;
      case "characterPoints":
        cp += entry.points;
        update["system.characterPoints"] = cp;
        if (entry.session === ctx.session) {
          cpUsed = Math.max(0, cpUsed - entry.points);
          update["system.session.characterPoints"] = cpUsed;
        }
        break;
      case "fatePoint":
        fp += 1;
        update["system.fatePoints"] = fp;
        if (entry.session === ctx.session) {
          fpUsed = Math.max(0, fpUsed - 1);
          update["system.session.fatePoints"] = fpUsed;
        }
        break;
      case "willpower":
        willpower = Math.max(willpower, Math.min(permanent, willpower + 1));
        update["system.willpower.current"] = willpower;
        if (entry.turn !== null && turn === entry.turn) {
          turn = null;
          update[`${FLAGS}${WILLPOWER_TURN_FLAG}`] = null;
        }
        break;
      case "assistReceived":
        if (!assists.some((a) => a.id === entry.assist.id)) {
          assists = [...assists, entry.assist];
          update[`${FLAGS}${ASSISTS_FLAG}`] = assists;
        }
        break;
    }
  }
  if (ctx.dropSpend) update[`${FLAGS}${SPENDS_FLAG}`] = actor.spends.filter((r) => r.id !== ctx.dropSpend);
  return update;
}

/**
 * Resets a wild-die character's per-session counters (Character Points and Fate Points spent this
 * session), as a session start does.
 *
 * @param system - The character's `system` data.
 * @returns The update, or `null` when both counters are already 0.
 */
export function resetSessionCounters(system: unknown): Record<string, number> | null {
  const cp = numberAt(system, "session.characterPoints");
  const fp = numberAt(system, "session.fatePoints");
  if (cp === 0 && fp === 0) return null;
  return { "system.session.characterPoints": 0, "system.session.fatePoints": 0 };
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

/** A new assist from an assistant's result. */
export function newAssist(
  id: string,
  effect: string,
  level: string,
  from: string,
  by: string,
  assistant: string,
): PendingAssist {
  if (effect !== "bonus" && effect !== "penalty") throw new EngineError("PointsAssistNoEffect", {});
  const typed: PendingAssistEffect = effect;
  return { id, effect: typed, level, from, by, assistant };
}

/** A record with an entry added (and the action id recorded, and names merged). */
export function withEntry(
  record: PointsRecord,
  entry: PointsEntry | null,
  actionId: string,
  names: Readonly<Record<string, string>>,
): PointsRecord {
  return {
    ...record,
    ledger: entry === null ? record.ledger : [...record.ledger, entry],
    applied: [...record.applied, actionId],
    names: { ...record.names, ...names },
  };
}

/** A record with one entry marked undone by a user (and the action id recorded). */
export function withUndone(
  record: PointsRecord,
  entryId: string,
  by: string,
  actionId: string,
  names: Readonly<Record<string, string>>,
): PointsRecord {
  return {
    ...record,
    ledger: record.ledger.map((e) => (e.id === entryId ? { ...e, undone: true, undoneBy: by } : e)),
    applied: [...record.applied, actionId],
    names: { ...record.names, ...names },
  };
}

/** The standing (not undone) entry giving an assist, if the card gave one. */
export function standingAssist(record: PointsRecord): PointsEntry | undefined {
  return record.ledger.find((e) => e.type === "assistGiven" && !e.undone);
}

/** The latest standing pick entry of a card, if any. */
export function latestPick(record: PointsRecord): PointsEntry | undefined {
  return record.ledger.findLast((e) => e.type === "pick" && !e.undone);
}
