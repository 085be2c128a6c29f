/**
 * Actions on pools alone, with no card: the GM's acts (an award, a forfeit of awards, dice taken back)
 * and a player's own (a lucky break, an insight spend), and whether a roll's card allows the GM an award.
 */

import { EngineError, requireInt } from "../../shared/core.ts";
import { type PoolPart, normalizePool } from "../tables.ts";
import {
  type ActionCardState,
  type ActionPoolState,
  type Check,
  MAX_SPEND,
  MAX_SUBJECT,
  type PoolAction,
} from "./state.ts";
import { REPEATED, attempt, noteError, requireId, verdict } from "./checks.ts";
import { diceLeft, pick, poolOf, removeDice } from "./spends.ts";

/**
 * Whether the GM may award the roller a die for this roll, from its card: the rules give no award
 * for an action that stems from using or spending an action die, so a card on which dice were used
 * or spent (an entry that still stands) is refused with `AwardForDiceUse`. Undone entries gave their
 * dice back and do not count. The award itself is then checked as any award ({@link checkPoolAction}).
 */
export function checkAwardForRoll(card: ActionCardState): Check {
  return verdict(card.ledger.some((e) => !e.undone && e.dice.length > 0) ? new EngineError("AwardForDiceUse") : null);
}

function poolActionError(pools: Readonly<Record<string, ActionPoolState>>, a: PoolAction): EngineError | null {
  const id = requireId(a.id);
  if (id !== null) return id;
  const pool = poolOf(pools, a.by);
  if (pool instanceof EngineError) return pool;
  switch (a.type) {
    case "award": {
      if (!pool.gm) return new EngineError("GmOnly");
      const to = poolOf(pools, a.to);
      if (to instanceof EngineError) return to;
      if (to.gm) return new EngineError("AwardToGm");
      requireInt(a.count, "count", 1, MAX_SPEND);
      if (to.luckyBreak) return new EngineError("AwardsBlocked");
      if (to.forfeited === true) return new EngineError("AwardsForfeited");
      return noteError(a.reason, "reason");
    }
    case "forfeit": {
      if (!pool.gm) return new EngineError("GmOnly");
      const to = poolOf(pools, a.to);
      if (to instanceof EngineError) return to;
      if (to.gm) return new EngineError("ForfeitGm");
      if (to.forfeited === true) return new EngineError("AlreadyForfeited");
      const reason = noteError(a.reason, "reason");
      if (reason !== null) return reason;
      return typeof a.reason === "string" && a.reason.trim() !== "" ? null : new EngineError("ForfeitNeedsReason");
    }
    case "luckyBreak": {
      if (pool.luckyBreak) return new EngineError("LuckyBreakTaken");
      const spent = pool.spent + requireInt(a.classDiceSpent ?? 0, "classDice", 0, Number.MAX_SAFE_INTEGER);
      if (spent > 0) return new EngineError("LuckyBreakAfterSpend", { spent });
      const have = diceLeft(pool);
      return have === 0 ? new EngineError("NotEnoughDice", { have, need: 1 }) : null;
    }
    case "take": {
      if (!pool.gm) return new EngineError("GmOnly");
      const from = poolOf(pools, a.from);
      if (from instanceof EngineError) return from;
      requireInt(a.count, "count", 1, MAX_SPEND);
      const taken = pick(from, a.count, a.faces);
      return taken instanceof EngineError ? taken : null;
    }
    case "insight": {
      requireInt(a.dice, "dice", 1, MAX_SPEND);
      if (typeof a.subject !== "string" || a.subject.length === 0) return new EngineError("MissingSubject");
      if (a.subject.length > MAX_SUBJECT)
        return new EngineError("TextTooLong", { field: "subject", max: MAX_SUBJECT, length: a.subject.length });
      if (a.villain !== undefined && !pool.gm) return new EngineError("GmOnly");
      const villain = noteError(a.villain, "villain");
      if (villain !== null) return villain;
      if (pool.failedInsight.includes(a.subject)) return new EngineError("InsightFailed", { subject: a.subject });
      const taken = pick(pool, a.dice, a.faces);
      return taken instanceof EngineError ? taken : null;
    }
    default:
      return new EngineError("UnknownAction", { type: (a as { type: unknown }).type });
  }
}

/**
 * Whether an action on pools alone is allowed:
 * - award: by the GM, to a player's pool, at least one die, not to a player who took a lucky break
 *   or whose awards are forfeited.
 * - forfeit: by the GM, of a player's awards (not already forfeited), with a reason.
 * - lucky break: the user spent no die this session and still has dice (it takes them all).
 * - insight: at least one die, a subject, not a subject whose insight roll the user failed, enough dice.
 * - take: by the GM, from a loaded pool (a player's or the GM's own), at least one die, enough dice.
 *
 * An id already applied to the acting user's pool is allowed as a repeat that changes nothing.
 */
export function checkPoolAction(pools: Readonly<Record<string, ActionPoolState>>, action: PoolAction): Check {
  const own = Object.hasOwn(pools, action.by) ? pools[action.by] : undefined;
  if (own?.applied.includes(action.id) === true) return REPEATED;
  return verdict(attempt(() => poolActionError(pools, action)));
}

/**
 * Applies an action on pools alone, returning the new pools (the input is not changed). Throws the
 * refusal's {@link EngineError}; an id already applied returns the pools unchanged. An award adds
 * dice of the player's die size to the player and as many GM dice to the GM; a forfeit marks the
 * player's awards forfeited; a lucky break empties the pool and blocks awards; an insight spend
 * takes the dice; a take removes dice without counting them as the owner's spend.
 */
export function applyPoolAction(
  pools: Readonly<Record<string, ActionPoolState>>,
  action: PoolAction,
): Readonly<Record<string, ActionPoolState>> {
  const check = checkPoolAction(pools, action);
  if (!check.ok) throw check.error;
  if (check.repeated) return pools;
  const pool = pools[action.by] as ActionPoolState;
  const applied = [...pool.applied, action.id];
  switch (action.type) {
    case "award": {
      const to = pools[action.to] as ActionPoolState;
      const gmDice = normalizePool([...pool.dice, { faces: pool.dieFaces, count: action.count }]);
      const toDice = normalizePool([...to.dice, { faces: to.dieFaces, count: action.count }]);
      return {
        ...pools,
        [action.by]: { ...pool, dice: gmDice, applied },
        [action.to]: { ...to, dice: toDice, applied: [...to.applied, action.id] },
      };
    }
    case "forfeit": {
      const to = pools[action.to] as ActionPoolState;
      return {
        ...pools,
        [action.by]: { ...pool, applied },
        [action.to]: { ...to, forfeited: true, applied: [...to.applied, action.id] },
      };
    }
    case "luckyBreak":
      return { ...pools, [action.by]: { ...removeDice(pool, pool.dice), luckyBreak: true, applied } };
    case "insight": {
      const taken = pick(pool, action.dice, action.faces) as PoolPart[];
      return { ...pools, [action.by]: { ...removeDice(pool, taken), applied } };
    }
    case "take": {
      const from = (action.from === action.by ? pool : pools[action.from]) as ActionPoolState;
      const taken = pick(from, action.count, action.faces) as PoolPart[];
      const dice = removeDice(from, taken).dice;
      if (action.from === action.by) return { ...pools, [action.by]: { ...pool, dice, applied } };
      return {
        ...pools,
        [action.by]: { ...pool, applied },
        [action.from]: { ...from, dice, applied: [...from.applied, action.id] },
      };
    }
  }
}
