/**
 * The spends of points and choices, Foundry-free: the checks (each one the engine's own rule), the
 * actor update that pays them and the card entries that record them, the update that gives them
 * back (the GM's undo, or the rollback of a roll that could not be posted), the session reset and
 * the card's records. Only the GM's privileged actions (`actions.ts`, loaded on first use) apply
 * them, so this module stays out of the startup bundle.
 */
import { EngineError, percentile, pool, wild } from "../../engines/index.ts";
import type { PendingAssist, PendingAssistEffect, PointsEntry, PointsRecord } from "../../dice/rolls/points-card.ts";
import {
  ASSISTS_FLAG,
  engineOfType,
  isEmptyPlan,
  numberAt,
  SPEND_LOG_LENGTH,
  SPENDS_FLAG,
  WILLPOWER_TURN_FLAG,
  type ActorPoints,
  type PlannedSpend,
  type SpendContext,
  type SpendPlan,
  type SpendRecord,
} from "./ledger.ts";

const FLAGS = "flags.rolling-bones.";

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
