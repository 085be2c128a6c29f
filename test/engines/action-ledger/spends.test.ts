/** The action ledger (src/engines/action/ledger/spends.ts): session: pools refilled from the tables; class bonus dice spent only on their character's rolls. */
import { describe, expect, it } from "vitest";
import {
  applyCardAction,
  newClassPool,
  sessionDice,
  sessionPools,
  severity,
} from "../../../src/engines/action/index.ts";
import { EngineError } from "../../../src/engines/shared/index.ts";
import { GM, ALICE, BOB, pools, act, outcome, refusal, E, AYLA, classTable, classLeft } from "./support.ts";

describe("action session", () => {
  it('docs/rules.md "the GM starts a session; every pool is refilled from the tables"', () => {
    const p = sessionPools({
      gm: GM,
      players: [
        { userId: ALICE, levels: [12] },
        { userId: BOB, levels: [3] },
        { userId: "carol", levels: [7] },
      ],
    });
    expect(p[ALICE]?.dice).toEqual([{ faces: 8, count: 5 }]);
    expect(p[BOB]?.dice).toEqual([{ faces: 4, count: 3 }]);
    expect(p[GM]?.dice).toEqual([{ faces: 12, count: 3 + 5 }]);
    expect(p[GM]?.gm).toBe(true);
    for (const pool of Object.values(p)) {
      expect(pool).toMatchObject({ spent: 0, luckyBreak: false, failedInsight: [], applied: [] });
    }
  });

  it("uses the multi-character rule for a player with several characters", () => {
    const setup = { gm: GM, players: [{ userId: ALICE, levels: [2, 8] }] };
    expect(sessionDice({ ...setup, rule: "divided" }).players[ALICE]).toEqual([
      { faces: 6, count: 2 },
      { faces: 4, count: 1 },
    ]);
    expect(sessionDice({ ...setup, rule: "divided" }).gm).toEqual({ faces: 10, count: 1 + 3 });
    expect(sessionDice({ ...setup, rule: "balanced", balanced: "smaller" }).players[ALICE]).toEqual([
      { faces: 4, count: 5 },
    ]);
    expect(sessionDice(setup).players[ALICE]).toEqual([{ faces: 6, count: 4 }]);
  });

  it("refuses no players, a player twice, the GM as a player, an unknown rule", () => {
    const key = (f: () => unknown): string | null => {
      try {
        f();
      } catch (e) {
        if (e instanceof EngineError) return e.key;
      }
      return null;
    };
    expect(key(() => sessionPools({ gm: GM, players: [] }))).toBe(E("NoPlayers"));
    const twice = [
      { userId: ALICE, levels: [1] },
      { userId: ALICE, levels: [2] },
    ];
    expect(key(() => sessionPools({ gm: GM, players: twice }))).toBe(E("DuplicateUser"));
    expect(key(() => sessionPools({ gm: GM, players: [{ userId: GM, levels: [1] }] }))).toBe(E("DuplicateUser"));
    expect(key(() => sessionPools({ gm: GM, players: [{ userId: ALICE, levels: [] }] }))).toBe(E("NoCharacters"));
    const rule = "random" as "highest";
    expect(key(() => sessionPools({ gm: GM, players: [{ userId: ALICE, levels: [1] }], rule }))).toBe(E("UnknownRule"));
  });
});

describe("action spends: class bonus dice", () => {
  it('docs/rules.md "Bonus dice from a class feature belong to one character": the roller uses them on that character\'s roll', () => {
    let t = classTable({ modifier: 1 }, [9]);
    t = act(t, { type: "augment", id: "c1", by: ALICE, faces: 8, source: "class" }, [8, 2]);
    expect(outcome(t).total).toBe(10 + 10);
    expect(classLeft(t)).toEqual({ actorId: AYLA, faces: 8, left: 1, spent: 1 });
    expect(t.pools[ALICE]).toEqual(pools()[ALICE]);
    expect(t.card.ledger).toEqual([
      { id: "c1", type: "augment", by: ALICE, dice: [{ faces: 8, count: 1 }], undone: false, character: AYLA },
    ]);
    t = act(t, { type: "reroll", id: "c2", by: ALICE, source: "class" }, [20]);
    expect(outcome(t).natural).toBe(20);
    expect(classLeft(t).left).toBe(0);
    expect(refusal(t, { type: "augment", id: "c3", by: ALICE, faces: 8, source: "class" })).toBe(E("NotEnoughDice"));
    // the player's own pool still pays
    expect(refusal(t, { type: "augment", id: "c3", by: ALICE, faces: 6 })).toBeNull();
  });

  it("a critical may take class dice beside the roller's own; severity counts both", () => {
    let t = classTable({}, [20]);
    t = act(t, { type: "critical", id: "k1", by: ALICE, dice: 1 });
    t = act(t, { type: "critical", id: "k2", by: ALICE, dice: 2, source: "class" });
    expect(severity(t.card, "critical")).toBe(3);
    expect(refusal(t, { type: "critical", id: "k3", by: ALICE, dice: 1, source: "class" })).toBe(
      E("AlreadyContributed"),
    );
    expect(refusal(t, { type: "critical", id: "k3", by: ALICE, dice: 1 })).toBe(E("AlreadyContributed"));
  });

  it("undo and refund put class dice back in the character's pool, not the user's", () => {
    let t = classTable({}, [20]);
    t = act(t, { type: "augment", id: "c1", by: ALICE, faces: 8, source: "class" }, [3]);
    t = act(t, { type: "critical", id: "k1", by: ALICE, dice: 1, source: "class" });
    expect(classLeft(t).left).toBe(0);
    t = act(t, { type: "undo", id: "u1", by: GM, entry: "k1" });
    expect(classLeft(t)).toEqual({ actorId: AYLA, faces: 8, left: 1, spent: 1 });
    t = act(t, { type: "undo", id: "u2", by: GM, entry: "c1" });
    expect(classLeft(t)).toEqual({ actorId: AYLA, faces: 8, left: 2, spent: 0 });
    expect(t.pools).toEqual(pools());
    expect(outcome(t).augments).toEqual([]);
    // an undo needs the character's pool loaded
    const spent = act(classTable({}, [20]), { type: "augment", id: "c1", by: ALICE, faces: 8, source: "class" }, [3]);
    expect(refusal({ ...spent, classPools: {} }, { type: "undo", id: "u", by: GM, entry: "c1" })).toBe(
      E("UnknownPool"),
    );
  });

  it("refusals: someone else's roll, the GM, a botch, a special botch, another size, no class dice, no character", () => {
    const t = classTable({ dc: 18 }, [1]);
    expect(refusal(t, { type: "augment", id: "x", by: BOB, faces: 8, source: "class" })).toBe(E("NotYourRoll"));
    expect(refusal(t, { type: "augment", id: "x", by: ALICE, faces: 6, source: "class" })).toBe(E("NoDieOfSize"));
    expect(refusal(t, { type: "botch", id: "x", by: BOB, dice: 1, source: "class" })).toBe(E("ClassDiceOwnRollOnly"));
    expect(refusal(t, { type: "specialBotch", id: "x", by: GM, dice: 1, source: "class" })).toBe(
      E("ClassDiceOwnRollOnly"),
    );
    expect(refusal(t, { type: "augment", id: "x", by: ALICE, faces: 8, source: "wild" as "class" })).toBe(
      E("UnknownAction"),
    );
    const crit = classTable({}, [20]);
    expect(refusal(crit, { type: "critical", id: "x", by: GM, dice: 1, source: "class" })).toBe(E("NotYourRoll"));
    expect(refusal(crit, { type: "critical", id: "x", by: ALICE, dice: 3, source: "class" })).toBe(E("NotEnoughDice"));
    expect(refusal({ ...t, classPools: {} }, { type: "reroll", id: "x", by: ALICE, source: "class" })).toBe(
      E("NoClassDice"),
    );
    const noCharacter = { ...t, card: { ...t.card, character: null } };
    expect(refusal(noCharacter, { type: "reroll", id: "x", by: ALICE, source: "class" })).toBe(E("NoClassDice"));
    // Brann's class dice are not Ayla's: the card's character decides which class pool pays
    const brann = { ...t, card: { ...t.card, character: "brann" } };
    expect(refusal(brann, { type: "augment", id: "x", by: ALICE, faces: 6, source: "class" })).toBeNull();
    expect(
      applyCardAction(brann, { type: "augment", id: "x", by: ALICE, faces: 6, source: "class" }).classPools,
    ).toEqual({
      [AYLA]: newClassPool(AYLA, 8, 2),
      brann: { actorId: "brann", faces: 6, left: 0, spent: 1 },
    });
  });

  it("newClassPool refuses a size action dice do not come in and a bad count", () => {
    expect(() => newClassPool(AYLA, 7, 1)).toThrow(EngineError);
    expect(() => newClassPool(AYLA, 8, -1)).toThrow(EngineError);
    expect(newClassPool(AYLA, 8, 0)).toEqual({ actorId: AYLA, faces: 8, left: 0, spent: 0 });
  });
});
