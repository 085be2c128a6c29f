/**
 * Uses and re-rolls: an action die added to an open roll, or spent to throw one of its dice again; on a
 * declared result, a late use the three-strike leniency accepts (docs/rules.md §2).
 */

import { EngineError } from "../../shared/core.ts";
import { type ActionDieSize, isActionDieSize } from "../tables.ts";
import {
  type ActionTable,
  type AugmentAction,
  type LateUses,
  type LedgerEntry,
  MAX_STRIKES,
  type RerollAction,
} from "./state.ts";
import { ALLOWED } from "./checks.ts";
import { isGm, payError, spend } from "./spends.ts";
import { cardMissing, declaredVerdict, standing } from "./card.ts";

/** A player's strikes so far under the three-strike leniency. */
export function strikesOf(lateUses: LateUses | undefined, userId: string): number {
  const strikes = lateUses?.strikes ?? {};
  const n = Object.hasOwn(strikes, userId) ? strikes[userId] : 0;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Whether a use or re-roll on a closed card (its result declared) is a late use the three-strike
 * leniency accepts: the rule is on, the roller is a player (the GM has no leeway to learn), and the
 * player has a strike left; otherwise `RollClosed`, or `NoStrikesLeft` once the three are spent.
 */
function lateUseError(t: ActionTable, by: string): EngineError | null {
  if (t.lateUses?.allowed !== true || by !== t.card.owner || isGm(t.pools, by)) return new EngineError("RollClosed");
  return strikesOf(t.lateUses, by) >= MAX_STRIKES ? new EngineError("NoStrikesLeft", { max: MAX_STRIKES }) : null;
}

/**
 * Errors shared by augment and re-roll: the roll must be the actor's own, open (or a late use the
 * three-strike leniency accepts), finished, and not for character generation.
 */
function dieStepError(t: ActionTable, by: string): EngineError | null {
  if (t.card.characterGeneration) return new EngineError("CharacterGenerationRoll");
  if (!t.card.open) {
    const late = lateUseError(t, by);
    if (late !== null) return late;
    // docs/rules.md §2: no late use turns a declared failed insight roll into a success.
    if (t.card.request.kind === "insight" && declaredVerdict(t.card) === "failure")
      return new EngineError("InsightDeclaredFailed");
  }
  if (t.card.locked === true) return new EngineError("InitiativeSet");
  if (by !== t.card.owner) return new EngineError("NotYourRoll");
  if (cardMissing(t.card) !== null) return new EngineError("RollPending");
  return null;
}

/** Whether a use (an augment) is allowed. */
export function augmentError(t: ActionTable, a: AugmentAction): EngineError | null {
  const step = dieStepError(t, a.by);
  if (step !== null) return step;
  if (standing(t.card, "specialBotch").length > 0) return new EngineError("SpecialBotchAlreadyActivated");
  if (!isActionDieSize(a.faces)) return new EngineError("DieSizeNotAllowed", { faces: a.faces, allowed: ALLOWED });
  return payError(t, a.by, a.source, 1, a.faces);
}

/** Whether a re-roll is allowed: not once an activation stands, and of a die of the roll's own. */
export function rerollError(t: ActionTable, a: RerollAction): EngineError | null {
  const step = dieStepError(t, a.by);
  if (step !== null) return step;
  if (standing(t.card, "botch").length > 0) return new EngineError("BotchAlreadyActivated");
  if (standing(t.card, "critical").length > 0) return new EngineError("CriticalAlreadyActivated");
  if (standing(t.card, "specialBotch").length > 0) return new EngineError("SpecialBotchAlreadyActivated");
  if (a.augment !== undefined) {
    const k = a.augment;
    if (!Number.isInteger(k) || k < 0 || k >= t.card.request.augments.length) {
      return new EngineError("UnknownRerollTarget", { target: String(a.augment) });
    }
    return payError(t, a.by, a.source, 1, a.faces);
  }
  const die = a.die ?? 0;
  if (!Number.isInteger(die) || die < 0 || die >= t.card.request.base.length) {
    return new EngineError("UnknownRerollTarget", { target: String(a.die) });
  }
  return payError(t, a.by, a.source, 1, a.faces);
}

/**
 * After a use or re-roll: when the card was closed (a late use), its entry records the player's next
 * strike and `lateUses` counts it.
 */
export function withStrike(table: ActionTable, by: string, wasOpen: boolean): ActionTable {
  if (wasOpen || table.lateUses === undefined) return table;
  const strike = strikesOf(table.lateUses, by) + 1;
  const ledger = table.card.ledger;
  const last = ledger.at(-1) as LedgerEntry;
  return {
    ...table,
    card: { ...table.card, ledger: [...ledger.slice(0, -1), { ...last, late: strike }] },
    lateUses: { ...table.lateUses, strikes: { ...table.lateUses.strikes, [by]: strike } },
  };
}

/** Applies a checked use or re-roll: its die joins the request, paid from the roller's dice; a late use records a strike. */
export function applyUse(table: ActionTable, action: AugmentAction | RerollAction): ActionTable {
  const card = table.card;
  if (action.type === "augment") {
    const faces = action.faces as ActionDieSize;
    const next = { ...card, request: { ...card.request, augments: [...card.request.augments, faces] } };
    return withStrike(spend(table, { ...action, dice: 1 }, next), action.by, card.open);
  }
  const after = card.request.augments.length;
  const reroll =
    action.augment === undefined ? { target: action.die ?? 0, after } : { target: 0, after, augment: action.augment };
  const next = { ...card, request: { ...card.request, rerolls: [...card.request.rerolls, reroll] } };
  return withStrike(spend(table, { ...action, dice: 1 }, next), action.by, card.open);
}
