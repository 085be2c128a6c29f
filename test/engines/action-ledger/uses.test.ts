/** The action ledger (src/engines/action/ledger/uses.ts): uses and re-rolls, and the three-strike leniency for late uses. */
import { describe, expect, it } from "vitest";
import {
  applyCardAction,
  checkCardAction,
  diceLeft,
  newPool,
  type ActionPoolState,
  type ActionTable,
} from "../../../src/engines/action/index.ts";
import { GM, ALICE, BOB, table, act, outcome, refusal, E } from "./support.ts";

describe("action spends: augment", () => {
  it('docs/rules.md "Using a die (augment) … while that roll is still open": the die leaves the pool and cascades', () => {
    let t = table({ modifier: 2, dc: 15 }, [9]);
    expect(outcome(t).total).toBe(11);
    t = act(t, { type: "augment", id: "a1", by: ALICE, faces: 6 }, [6, 3]);
    expect(outcome(t).total).toBe(11 + 9);
    expect(outcome(t).success).toBe(true);
    expect(t.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 3 }]);
    expect(t.pools[ALICE]?.spent).toBe(1);
    expect(t.card.ledger).toEqual([
      { id: "a1", type: "augment", by: ALICE, dice: [{ faces: 6, count: 1 }], undone: false },
    ]);
  });

  it("dice may be used one at a time, repeatedly", () => {
    let t = table({}, [4]);
    t = act(t, { type: "augment", id: "a1", by: ALICE, faces: 6 }, [2]);
    t = act(t, { type: "augment", id: "a2", by: ALICE, faces: 6 }, [5]);
    expect(outcome(t).augments.map((a) => a.total)).toEqual([2, 5]);
    expect(outcome(t).total).toBe(11);
    expect(diceLeft(t.pools[ALICE] as ActionPoolState)).toBe(2);
  });

  it("a repeated action id is a no-op (a double click spends once)", () => {
    const t = table({}, [4]);
    const once = applyCardAction(t, { type: "augment", id: "a1", by: ALICE, faces: 6 });
    const twice = applyCardAction(once, { type: "augment", id: "a1", by: ALICE, faces: 6 });
    expect(twice).toBe(once);
    expect(twice.pools[ALICE]?.spent).toBe(1);
    expect(checkCardAction(once, { type: "augment", id: "a1", by: ALICE, faces: 6 })).toEqual({
      ok: true,
      repeated: true,
    });
  });

  it("refusals: closed roll, someone else's roll, character generation, dice pending, missing die, no pool", () => {
    const t = table({}, [4]);
    const closed = act(t, { type: "close", id: "c", by: GM });
    expect(refusal(closed, { type: "augment", id: "x", by: ALICE, faces: 6 })).toBe(E("RollClosed"));
    expect(refusal(t, { type: "augment", id: "x", by: BOB, faces: 4 })).toBe(E("NotYourRoll"));
    expect(refusal(t, { type: "augment", id: "x", by: GM, faces: 10 })).toBe(E("NotYourRoll"));
    const chargen = table({}, [4], ALICE, { characterGeneration: true });
    expect(refusal(chargen, { type: "augment", id: "x", by: ALICE, faces: 6 })).toBe(E("CharacterGenerationRoll"));
    const pending = applyCardAction(t, { type: "augment", id: "a1", by: ALICE, faces: 6 });
    expect(refusal(pending, { type: "augment", id: "x", by: ALICE, faces: 6 })).toBe(E("RollPending"));
    expect(refusal(t, { type: "augment", id: "x", by: ALICE, faces: 8 })).toBe(E("NoDieOfSize"));
    expect(refusal(t, { type: "augment", id: "x", by: ALICE, faces: 7 })).toBe(E("DieSizeNotAllowed"));
    expect(refusal({ ...t, pools: {} }, { type: "augment", id: "x", by: ALICE, faces: 6 })).toBe(E("UnknownPool"));
    expect(refusal(t, { type: "augment", id: "", by: ALICE, faces: 6 })).toBe(E("MissingActionId"));
  });

  it("cannot spend more than the pool holds", () => {
    let t = table({}, [4]);
    for (let i = 0; i < 4; i++) t = act(t, { type: "augment", id: `a${i}`, by: ALICE, faces: 6 }, [1]);
    expect(diceLeft(t.pools[ALICE] as ActionPoolState)).toBe(0);
    expect(refusal(t, { type: "augment", id: "a5", by: ALICE, faces: 6 })).toBe(E("NoDieOfSize"));
    expect(refusal(t, { type: "reroll", id: "r", by: ALICE })).toBe(E("NotEnoughDice"));
  });
});

describe("action spends: re-roll", () => {
  it('docs/rules.md "Re-roll: re-roll one die of the player\'s own roll; the new result stands even if lower"', () => {
    let t = table({ modifier: 1 }, [16]);
    t = act(t, { type: "reroll", id: "r1", by: ALICE }, [5]);
    expect(outcome(t)).toMatchObject({ natural: 5, total: 6, replaced: [16] });
    expect(t.pools[ALICE]?.spent).toBe(1);
  });

  it("a re-roll spends the named die size, or the smallest die when none is named", () => {
    const base = table({}, [3]);
    const mixed = {
      ...base,
      pools: {
        ...base.pools,
        [ALICE]: newPool(ALICE, [
          { faces: 6, count: 2 },
          { faces: 4, count: 1 },
        ]),
      },
    };
    const plain = act(mixed, { type: "reroll", id: "r1", by: ALICE }, [9]);
    expect(plain.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 2 }]);
    const named = act(mixed, { type: "reroll", id: "r1", by: ALICE, faces: 6 }, [9]);
    expect(named.pools[ALICE]?.dice).toEqual([
      { faces: 6, count: 1 },
      { faces: 4, count: 1 },
    ]);
  });

  it('docs/rules.md "Re-roll a potential botch: before the GM activates it; that roll can then no longer be activated"', () => {
    let t = table({}, [1]);
    t = act(t, { type: "reroll", id: "r1", by: ALICE }, [1]);
    expect(outcome(t).potentialBotch).toBe(true);
    expect(refusal(t, { type: "botch", id: "b", by: GM, dice: 1 })).toBe(E("BotchRerolled"));
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 1 })).toBe(E("BotchRerolled"));
  });

  it("once a botch is activated, the potential botch can no longer be re-rolled", () => {
    let t = table({}, [1]);
    t = act(t, { type: "botch", id: "b", by: GM, dice: 1 });
    expect(refusal(t, { type: "reroll", id: "r1", by: ALICE })).toBe(E("BotchAlreadyActivated"));
  });

  it("a player cannot force the GM to re-roll: only the roller re-rolls", () => {
    const npc = table({}, [17], GM);
    expect(refusal(npc, { type: "reroll", id: "r", by: ALICE })).toBe(E("NotYourRoll"));
    expect(refusal(npc, { type: "reroll", id: "r", by: GM })).toBeNull();
  });
});

describe("action spends: the three-strike leniency for novice players (optional rule)", () => {
  /** Alice's check, closed by the GM (the result declared), with the leniency on or off. */
  const declared = (allowed: boolean, strikes: Record<string, number> = {}): ActionTable => {
    const closed = act(table({ modifier: 2, dc: 15 }, [10]), { type: "close", id: "c", by: GM });
    return { ...closed, lateUses: { allowed, strikes } };
  };

  it("with the rule off (or no rule given) a use after the result is declared is refused, as the rules say", () => {
    expect(refusal(declared(false), { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("RollClosed"));
    const { lateUses: _off, ...none } = declared(false);
    expect(refusal(none, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("RollClosed"));
  });

  it("'the GM warns them up to three times, but accepts the use anyway': strikes 1, 2, 3, then no leeway", () => {
    let t = declared(true);
    // Three late uses, on three declared results: each is accepted and is a strike for Alice.
    for (const n of [1, 2, 3]) {
      t = act({ ...declared(true), lateUses: t.lateUses }, { type: "augment", id: `a${n}`, by: ALICE, faces: 6 }, [3]);
      expect(t.card.ledger.at(-1)).toMatchObject({ type: "augment", by: ALICE, late: n });
      expect(t.lateUses?.strikes[ALICE]).toBe(n);
      // The die counts as any use: 10 + 2 + 3.
      expect(outcome(t).total).toBe(15);
    }
    // 'once past this three-strike limit … no leeway': a fourth late use is refused; nothing is spent.
    const fourth = { ...declared(true), lateUses: t.lateUses };
    expect(refusal(fourth, { type: "augment", id: "a4", by: ALICE, faces: 6 })).toBe(E("NoStrikesLeft"));
    expect(refusal(fourth, { type: "reroll", id: "r4", by: ALICE })).toBe(E("NoStrikesLeft"));
  });

  it("a late re-roll is a strike too; a use while the roll is open is none", () => {
    const open = { ...table({ dc: 15 }, [10]), lateUses: { allowed: true, strikes: {} } };
    const inTime = act(open, { type: "augment", id: "a", by: ALICE, faces: 6 }, [2]);
    expect(inTime.card.ledger.at(-1)?.late).toBeUndefined();
    expect(inTime.lateUses?.strikes).toEqual({});
    const late = act(declared(true, { [ALICE]: 1 }), { type: "reroll", id: "r", by: ALICE }, [17]);
    expect(late.card.ledger.at(-1)).toMatchObject({ type: "reroll", late: 2 });
    expect(late.lateUses?.strikes).toEqual({ [ALICE]: 2 });
  });

  it("the leeway is the roller's: other players and the GM get none, and strikes are counted per player", () => {
    const t = declared(true, { [BOB]: 3 });
    expect(refusal(t, { type: "augment", id: "a", by: BOB, faces: 4 })).toBe(E("RollClosed"));
    const gmRoll = act(table({ dc: 15 }, [10], GM), { type: "close", id: "c", by: GM });
    const gmLate = { ...gmRoll, lateUses: { allowed: true, strikes: {} } };
    expect(refusal(gmLate, { type: "augment", id: "a", by: GM, faces: 10 })).toBe(E("RollClosed"));
    // Bob's three strikes do not count against Alice.
    expect(refusal(t, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBeNull();
  });

  it("the GM's undo of a late use returns the die and the strike", () => {
    let t = act(declared(true, { [ALICE]: 2 }), { type: "augment", id: "a", by: ALICE, faces: 6 }, [4]);
    expect(t.lateUses?.strikes[ALICE]).toBe(3);
    t = act(t, { type: "undo", id: "u", by: GM, entry: "a" });
    expect(t.lateUses?.strikes[ALICE]).toBe(2);
    expect(t.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 4 }]);
    expect(outcome(t).total).toBe(12);
  });

  it("no leeway on a locked initiative: the order is set", () => {
    const t = { ...declared(true), card: { ...declared(true).card, locked: true } };
    expect(refusal(t, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("InitiativeSet"));
  });
});
