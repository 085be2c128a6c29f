/**
 * What the action ledger's tests share (test/engines/action-ledger/): three users' pools, a settled card
 * for a roll, an action applied with its throws, and a refusal read as its error key.
 */
import { expect } from "vitest";
import {
  applyCardAction,
  applyPoolAction,
  attachThrows,
  cardMissing,
  cardOutcome,
  checkCardAction,
  checkPoolAction,
  newCard,
  newClassPool,
  newPool,
  type ActionCardState,
  type ActionOutcome,
  type ActionPoolState,
  type ActionRequest,
  type ActionTable,
  type CardAction,
  type ClassDicePool,
  type PoolAction,
} from "../../../src/engines/action/index.ts";
import { EngineError, fixedFaces, type FaceSource } from "../../../src/engines/shared/index.ts";

export const GM = "gm";
export const ALICE = "alice";
export const BOB = "bob";

/** Pools: the GM with 10d10, Alice with 4d6, Bob with 3d4. */
export function pools(): Record<string, ActionPoolState> {
  return {
    [GM]: newPool(GM, [{ faces: 10, count: 10 }], { gm: true }),
    [ALICE]: newPool(ALICE, [{ faces: 6, count: 4 }]),
    [BOB]: newPool(BOB, [{ faces: 4, count: 3 }]),
  };
}

/** Throws every die a card still needs, from `source`. */
export function settle(card: ActionCardState, source: FaceSource): ActionCardState {
  let c = card;
  for (let missing = cardMissing(c); missing !== null; missing = cardMissing(c)) {
    c = attachThrows(c, c.thrown.length, [{ ...missing, value: source.next(missing.faces) }]);
  }
  return c;
}

/** A table with a settled card for `owner`'s roll, its d20 (and nothing else) from `faces`. */
export function table(request: ActionRequest, faces: number[], owner = ALICE, options = {}): ActionTable {
  return { card: settle(newCard(request, owner, options), fixedFaces(faces)), pools: pools() };
}

/** Applies an action and throws what it needs from `faces`. */
export function act(t: ActionTable, action: CardAction, faces: number[] = []): ActionTable {
  const next = applyCardAction(t, action);
  return { ...next, card: settle(next.card, fixedFaces(faces)) };
}

/** The outcome of a settled card. */
export function outcome(t: ActionTable): ActionOutcome {
  const out = cardOutcome(t.card);
  if (out === null) throw new Error("card not settled");
  return out;
}

/** The error key an action is refused with (and `applyCardAction` throws the same), or null. */
export function refusal(t: ActionTable, action: CardAction): string | null {
  const check = checkCardAction(t, action);
  if (check.ok) return null;
  expect(() => applyCardAction(t, action)).toThrow(EngineError);
  return check.error.key;
}

/** The error key a pool action is refused with (and `applyPoolAction` throws the same), or null. */
export function poolRefusal(p: Readonly<Record<string, ActionPoolState>>, action: PoolAction): string | null {
  const check = checkPoolAction(p, action);
  if (check.ok) return null;
  expect(() => applyPoolAction(p, action)).toThrow(EngineError);
  return check.error.key;
}

export const E = (code: string): string => `ROLLING_BONES.Error.${code}`;

export const AYLA = "ayla";

/** A table whose card is Alice's roll for her character Ayla, who has 2d8 class dice (and Bob's Brann 1d6). */
export function classTable(request: ActionRequest, faces: number[]): ActionTable {
  const t = table(request, faces);
  return {
    ...t,
    card: { ...t.card, character: AYLA, playerCharacter: true },
    classPools: { [AYLA]: newClassPool(AYLA, 8, 2), brann: newClassPool("brann", 6, 1) },
  };
}

/** A character's class dice on a table. */
export function classLeft(t: ActionTable, id = AYLA): ClassDicePool {
  return t.classPools?.[id] as ClassDicePool;
}
