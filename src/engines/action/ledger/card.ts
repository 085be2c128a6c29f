/**
 * A roll's card: made open for a roll, its dice thrown and attached, its outcome, the entries that still
 * stand, and its result declared (no more uses or re-rolls, but for a late use under the three-strike
 * leniency).
 */

import { type DieSpec, EngineError, type Throw } from "../../shared/core.ts";
import { type ActionRequest, validate } from "../request.ts";
import { type ActionOutcome, resolve, walk } from "../resolve.ts";
import { poolCount } from "../tables.ts";
import type {
  ActionCardState,
  ActionPoolState,
  ActionTable,
  CloseAction,
  LedgerEntry,
  SpendType,
  Verdict,
} from "./state.ts";
import { isGm, poolOf } from "./spends.ts";

/**
 * A new, open card for a roll as first made. Augments and re-rolls join the card only through
 * {@link applyCardAction}, so the request must have none (a `RangeError` otherwise).
 */
export function newCard(
  request: ActionRequest,
  owner: string,
  options: { characterGeneration?: boolean; subject?: string | null } = {},
): ActionCardState {
  const req = validate(request);
  if (req.augments.length > 0 || req.rerolls.length > 0) {
    throw new RangeError("action: a new card's request has no augments or re-rolls; apply them as actions");
  }
  return {
    owner,
    characterGeneration: options.characterGeneration ?? false,
    subject: options.subject ?? null,
    open: true,
    request: req,
    thrown: [],
    ledger: [],
    applied: [],
  };
}

/** The dice a card still needs thrown (see `plan`): the Foundry layer throws them and calls {@link attachThrows}. */
export function cardMissing(card: ActionCardState): DieSpec | null {
  return walk(card.request, card.thrown).missing;
}

/**
 * Appends throws to a card. `at` is the number of throws the card had when they were asked for: if
 * the card already holds them (a repeated call), the card is returned unchanged. Throws a
 * `RangeError` when `at` is stale or a throw does not match the plan.
 */
export function attachThrows(card: ActionCardState, at: number, throws: readonly Throw[]): ActionCardState {
  if (at + throws.length <= card.thrown.length) return card;
  if (at !== card.thrown.length)
    throw new RangeError(`action: throws for position ${at}, card has ${card.thrown.length}`);
  const thrown = [...card.thrown, ...throws];
  walk(card.request, thrown);
  return { ...card, thrown };
}

/** The card's outcome, or `null` while dice are still to be thrown. */
export function cardOutcome(card: ActionCardState): ActionOutcome | null {
  if (walk(card.request, card.thrown).missing !== null) return null;
  return resolve(card.request, card.thrown);
}

/** The entries of a card that still stand (not undone), optionally of one type. */
export function standing(card: ActionCardState, type?: SpendType): LedgerEntry[] {
  return card.ledger.filter((e) => !e.undone && (type === undefined || e.type === type));
}

/** The severity of an activation: the dice every contributor spent on it, summed. */
export function severity(card: ActionCardState, type: "botch" | "critical" | "specialBotch"): number {
  let n = 0;
  for (const e of standing(card, type)) n += poolCount(e.dice);
  return n;
}

/** Whether the card's result may be declared: open, by the roller or the GM, every die thrown. */
export function closeError(t: ActionTable, a: CloseAction): EngineError | null {
  if (!t.card.open) return new EngineError("RollClosed");
  if (a.by !== t.card.owner && !isGm(t.pools, a.by)) return new EngineError("NotYourRoll");
  if (cardMissing(t.card) !== null) return new EngineError("RollPending");
  if (a.verdict !== undefined) {
    if (a.verdict !== "success" && a.verdict !== "failure") return new EngineError("MalformedRequest");
    // Only the GM knows a secret DC; a DC on the card judges the roll itself.
    if (!isGm(t.pools, a.by)) return new EngineError("GmOnly");
    if (t.card.request.dc !== null) return new EngineError("VerdictWithDc");
  }
  if (t.card.request.kind === "insight" && t.card.subject !== null) {
    const pool = poolOf(t.pools, t.card.owner);
    if (pool instanceof EngineError) return pool;
    if (t.card.request.dc === null && a.verdict === undefined) return new EngineError("InsightVerdictNeeded");
  }
  return null;
}

/**
 * A closed card's declared result: the one recorded at closing, else (a card closed before results
 * were recorded, with no late use since) what its DC says; `null` when there was nothing to judge.
 */
export function declaredVerdict(card: ActionCardState): Verdict | null {
  if (card.open) return null;
  if (card.declared === "success" || card.declared === "failure") return card.declared;
  return verdictOf(cardOutcome(card)?.success ?? null);
}

/** A roll's success as a verdict (`null`: nothing to judge, e.g. a secret DC). */
function verdictOf(success: boolean | null): Verdict | null {
  return success === null ? null : success ? "success" : "failure";
}

/**
 * Declares a card's result (checked), from the DC or the GM's verdict on a secret DC: an insight roll
 * declared failed records the subject as failed in the roller's pool.
 */
export function applyClose(table: ActionTable, action: CloseAction): ActionTable {
  const card = table.card;
  const outcome = cardOutcome(card) as ActionOutcome;
  const declared = verdictOf(outcome.success) ?? action.verdict ?? null;
  const closed = { ...card, open: false, declared, applied: [...card.applied, action.id] };
  const subject = card.subject;
  if (card.request.kind !== "insight" || subject === null || declared !== "failure") {
    return { ...table, card: closed };
  }
  const pool = table.pools[card.owner] as ActionPoolState;
  const failedInsight = pool.failedInsight.includes(subject) ? pool.failedInsight : [...pool.failedInsight, subject];
  return { ...table, card: closed, pools: { ...table.pools, [card.owner]: { ...pool, failedInsight } } };
}
