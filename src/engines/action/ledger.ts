/**
 * The spend rules of the `action` engine as pure state transitions. Two kinds of plain,
 * serialisable state: a user's pool for the session ({@link ActionPoolState}, one per player and
 * one for the GM) and a roll's card ({@link ActionCardState}: the request, its throws, its open or
 * closed state and the ledger of every die used or spent on it).
 *
 * Every action carries an id. `check…` functions say whether an action is allowed (`ok`, or the
 * {@link EngineError} a user should see); `apply…` functions return the new state and throw that
 * error when the action is refused. Applying an id that was already applied returns the state
 * unchanged, so a double click or two users racing never spend twice. The Foundry service loads the
 * card and every pool an action touches, applies the action, and writes back what changed.
 *
 * Class bonus dice (docs/rules.md §2: they belong to one character and are tracked on it) are a third
 * kind of state, a character's {@link ClassDicePool}. The roller may pay a use, a re-roll or a
 * critical activation with the class dice of the character who made the roll instead of their own
 * pool (`source: "class"`); the ledger entry names that character, so an undo or refund puts the
 * dice back there. Class dice never pay for anything on another character's roll (a botch
 * activation, a GM special botch), nor for insight or a lucky break: they serve their character
 * alone, and a botch is always activated on someone else's roll.
 */

import { EngineError } from "../shared/core.ts";
import { activateError, applyEffect, effectError } from "./ledger/activations.ts";
import { applyClose, closeError } from "./ledger/card.ts";
import { attempt, REPEATED, requireId, verdict } from "./ledger/checks.ts";
import { spend } from "./ledger/spends.ts";
import type { ActionTable, CardAction, Check } from "./ledger/state.ts";
import { applyUndo, undoError } from "./ledger/undo.ts";
import { applyUse, augmentError, rerollError } from "./ledger/uses.ts";

export * from "./ledger/state.ts";
export { newPool, diceLeft } from "./ledger/spends.ts";
export { newClassPool } from "./ledger/class-pool.ts";
export { newCard, cardMissing, attachThrows, cardOutcome, standing, severity, declaredVerdict } from "./ledger/card.ts";
export { strikesOf } from "./ledger/uses.ts";
export { standingEffect } from "./ledger/activations.ts";
export { checkAwardForRoll, checkPoolAction, applyPoolAction } from "./ledger/pool-actions.ts";

function cardActionError(t: ActionTable, a: CardAction): EngineError | null {
  const id = requireId(a.id);
  if (id !== null) return id;
  switch (a.type) {
    case "augment":
      return augmentError(t, a);
    case "reroll":
      return rerollError(t, a);
    case "botch":
    case "critical":
    case "specialBotch":
      return activateError(t, a);
    case "effect":
      return effectError(t, a);
    case "close":
      return closeError(t, a);
    case "undo":
      return undoError(t, a);
    default:
      return new EngineError("UnknownAction", { type: (a as { type: unknown }).type });
  }
}

/**
 * Whether an action on a card is allowed. The rules, in the order checked:
 * - augment / re-roll: not on a character-generation roll; only while the roll is open (or, under
 *   the three-strike leniency, as the roller's late use while they have a strike left, never on an
 *   insight roll declared failed) and not locked (an initiative already in a started round); only by
 *   the roller; only once every die is thrown; the roller's pool holds the die. An augment is
 *   refused once a special botch stands (it could lift the total); a re-roll once a botch, critical
 *   or special botch stands (so a potential botch can be re-rolled only before it is activated).
 * - botch: the natural is a potential botch that no re-roll protected; a player may not activate
 *   the botch of a roll of their own (the GM may activate any).
 * - critical: a natural 20 on a check, attack or saving throw; the roller's own roll (the GM: any).
 * - special botch: the GM only; a player character's check or attack (never a saving throw, never an
 *   NPC's roll or a roll without a character); the DC is known and the roll missed it by 5 or more.
 * - every activation: at least one die, one contribution per user (and per source), the pool holds enough dice.
 * - class dice (`source: "class"`): only the roller, on the roll of the character whose class dice
 *   they are, for a use, a re-roll or a critical; the class pool holds the dice.
 * - effect: the activation stands; a critical's effect is the roller's or the GM's, a botch's the GM's;
 *   the effect is one the rules give that kind of roll, the severity reaches it, none was chosen yet,
 *   and an effect the rules leave open carries a short text.
 * - close: the roll is open, the roller or the GM closes it, every die is thrown; only the GM gives a
 *   verdict, and only on a card without a DC; an insight roll on a subject without a DC needs one.
 * - undo: the GM only; the entry stands; an augment or re-roll only after later activations are
 *   undone; an augment only after the re-rolls of its action die are undone; an activation only
 *   after the effect chosen for it is undone.
 *
 * An id already applied to the card is allowed as a repeat that changes nothing.
 */
export function checkCardAction(table: ActionTable, action: CardAction): Check {
  if (table.card.applied.includes(action.id)) return REPEATED;
  return verdict(attempt(() => cardActionError(table, action)));
}

/**
 * Applies an action to a card and the pools it touches, returning the new table (the input is not
 * changed). Throws the refusal's {@link EngineError} when {@link checkCardAction} refuses it; an id
 * already applied returns the table unchanged. An augment or re-roll adds its die to the request:
 * the Foundry layer then throws what `plan` asks for and attaches it with {@link attachThrows}.
 * Closing records the declared result (from the DC, or the GM's verdict on a secret DC); an insight roll
 * declared failed records the subject as failed in the roller's pool.
 * A class-dice spend takes from (and its undo returns to) the character's pool in `classPools`.
 * A late use (on a closed card, under the three-strike leniency) records the player's next strike
 * on its entry and in `lateUses`; its undo gives the strike back.
 */
export function applyCardAction(table: ActionTable, action: CardAction): ActionTable {
  const check = checkCardAction(table, action);
  if (!check.ok) throw check.error;
  if (check.repeated) return table;
  switch (action.type) {
    case "augment":
    case "reroll":
      return applyUse(table, action);
    case "botch":
    case "critical":
    case "specialBotch":
      return spend(table, action, table.card);
    case "effect":
      return applyEffect(table, action);
    case "close":
      return applyClose(table, action);
    case "undo":
      return applyUndo(table, action);
  }
}
