import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyCardAction,
  applyPoolAction,
  attachThrows,
  cardMissing,
  cardOutcome,
  checkCardAction,
  checkPoolAction,
  diceLeft,
  newCard,
  newClassPool,
  newPool,
  sessionDice,
  sessionPools,
  severity,
  standing,
  standingEffect,
  type ActionCardState,
  type ActionOutcome,
  type ActionPoolState,
  type ActionRequest,
  type ActionTable,
  type CardAction,
  type ClassDicePool,
  type PoolAction,
  validate,
} from "../../src/engines/action/index.ts";
import { EngineError, fixedFaces, seededFaces, type FaceSource } from "../../src/engines/shared/index.ts";

const GM = "gm";
const ALICE = "alice";
const BOB = "bob";

/** Pools: the GM with 10d10, Alice with 4d6, Bob with 3d4. */
function pools(): Record<string, ActionPoolState> {
  return {
    [GM]: newPool(GM, [{ faces: 10, count: 10 }], { gm: true }),
    [ALICE]: newPool(ALICE, [{ faces: 6, count: 4 }]),
    [BOB]: newPool(BOB, [{ faces: 4, count: 3 }]),
  };
}

/** Throws every die a card still needs, from `source`. */
function settle(card: ActionCardState, source: FaceSource): ActionCardState {
  let c = card;
  for (let missing = cardMissing(c); missing !== null; missing = cardMissing(c)) {
    c = attachThrows(c, c.thrown.length, [{ ...missing, value: source.next(missing.faces) }]);
  }
  return c;
}

/** A table with a settled card for `owner`'s roll, its d20 (and nothing else) from `faces`. */
function table(request: ActionRequest, faces: number[], owner = ALICE, options = {}): ActionTable {
  return { card: settle(newCard(request, owner, options), fixedFaces(faces)), pools: pools() };
}

/** Applies an action and throws what it needs from `faces`. */
function act(t: ActionTable, action: CardAction, faces: number[] = []): ActionTable {
  const next = applyCardAction(t, action);
  return { ...next, card: settle(next.card, fixedFaces(faces)) };
}

function outcome(t: ActionTable): ActionOutcome {
  const out = cardOutcome(t.card);
  if (out === null) throw new Error("card not settled");
  return out;
}

/** The error key an action is refused with (and `applyCardAction` throws the same), or null. */
function refusal(t: ActionTable, action: CardAction): string | null {
  const check = checkCardAction(t, action);
  if (check.ok) return null;
  expect(() => applyCardAction(t, action)).toThrow(EngineError);
  return check.error.key;
}

function poolRefusal(p: Readonly<Record<string, ActionPoolState>>, action: PoolAction): string | null {
  const check = checkPoolAction(p, action);
  if (check.ok) return null;
  expect(() => applyPoolAction(p, action)).toThrow(EngineError);
  return check.error.key;
}

const E = (code: string): string => `ROLLING_BONES.Error.${code}`;

describe("action session", () => {
  it('RULES.md "the GM starts a session; every pool is refilled from the tables"', () => {
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

describe("action spends: augment", () => {
  it('RULES.md "Using a die (augment) … while that roll is still open": the die leaves the pool and cascades', () => {
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
  it('RULES.md "Re-roll: re-roll one die of the player\'s own roll; the new result stands even if lower"', () => {
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

  it('RULES.md "Re-roll a potential botch: before the GM activates it; that roll can then no longer be activated"', () => {
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

describe("action spends: activating botches and criticals", () => {
  it('RULES.md "several players and the GM may each add dice to the same botch; severity = total dice"', () => {
    let t = table({}, [1]);
    t = act(t, { type: "botch", id: "b1", by: BOB, dice: 2 });
    t = act(t, { type: "botch", id: "b2", by: GM, dice: 3 });
    expect(severity(t.card, "botch")).toBe(5);
    expect(t.pools[BOB]?.dice).toEqual([{ faces: 4, count: 1 }]);
    expect(t.pools[GM]?.dice).toEqual([{ faces: 10, count: 7 }]);
    expect(refusal(t, { type: "botch", id: "b3", by: BOB, dice: 1 })).toBe(E("AlreadyContributed"));
  });

  it("a botch is activated on another character's roll: not on the player's own, while the GM may activate any", () => {
    const t = table({}, [1]);
    expect(refusal(t, { type: "botch", id: "b", by: ALICE, dice: 1 })).toBe(E("OwnBotch"));
    const npc = table({}, [1], GM);
    expect(refusal(npc, { type: "botch", id: "b", by: GM, dice: 1 })).toBeNull();
    expect(refusal(npc, { type: "botch", id: "b", by: ALICE, dice: 1 })).toBeNull();
  });

  it("a botch needs a potential botch, and the declared dice must be in the pool", () => {
    expect(refusal(table({}, [2]), { type: "botch", id: "b", by: BOB, dice: 1 })).toBe(E("NoPotentialBotch"));
    expect(refusal(table({ botchRange: 2 }, [2]), { type: "botch", id: "b", by: BOB, dice: 1 })).toBeNull();
    const t = table({}, [1]);
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 4 })).toBe(E("NotEnoughDice"));
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 0 })).toBe(E("OutOfRange"));
    expect(refusal(t, { type: "botch", id: "b", by: BOB, dice: 1.5 })).toBe(E("NotInteger"));
    const pending = { ...t, card: newCard({}, ALICE) };
    expect(refusal(pending, { type: "botch", id: "b", by: BOB, dice: 1 })).toBe(E("RollPending"));
  });

  it("RULES.md \"Activate a critical threat: on the player's own character's natural 20 (checks, attacks, saving throws)\"", () => {
    for (const kind of ["check", "attack", "save"] as const) {
      const t = act(table({ kind }, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
      expect(severity(t.card, "critical")).toBe(2);
    }
    expect(refusal(table({ kind: "insight" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 })).toBe(
      E("CriticalKind"),
    );
    expect(refusal(table({}, [19]), { type: "critical", id: "c", by: ALICE, dice: 1 })).toBe(E("NoCriticalThreat"));
    expect(refusal(table({}, [20]), { type: "critical", id: "c", by: BOB, dice: 1 })).toBe(E("NotYourRoll"));
    expect(refusal(table({}, [20]), { type: "critical", id: "c", by: GM, dice: 1 })).toBeNull();
  });

  it('RULES.md "the GM may refund dice when the critical can have no effect" (undo returns them)', () => {
    let t = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
    t = act(t, { type: "undo", id: "u", by: GM, entry: "c" });
    expect(t.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 4 }]);
    expect(t.pools[ALICE]?.spent).toBe(0);
    expect(severity(t.card, "critical")).toBe(0);
    expect(t.card.ledger[0]?.undone).toBe(true);
  });

  it('RULES.md "special botch: on a player character\'s check or attack that failed by 5 or more (needs the DC on the card)"', () => {
    const pc = (request: ActionRequest): ActionTable => {
      const t = table(request, [10]);
      return { ...t, card: { ...t.card, character: AYLA, playerCharacter: true } };
    };
    const failedBy5 = pc({ modifier: 3, dc: 18 });
    expect(refusal(failedBy5, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBeNull();
    expect(refusal(failedBy5, { type: "specialBotch", id: "s", by: BOB, dice: 1 })).toBe(E("GmOnly"));
    expect(
      refusal(pc({ kind: "attack", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 }),
    ).toBeNull();
    const failedBy4 = pc({ modifier: 4, dc: 18 });
    expect(refusal(failedBy4, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("NotFailedBy5"));
    const noDc = pc({ modifier: 3 });
    expect(refusal(noDc, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("NoDc"));
    // Not on a saving throw (its botch is the activation), an insight roll, or an NPC's roll or one made for no character.
    expect(refusal(pc({ kind: "save", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(
      E("SpecialBotchKind"),
    );
    expect(
      refusal(pc({ kind: "insight", modifier: 3, dc: 18 }), { type: "specialBotch", id: "s", by: GM, dice: 1 }),
    ).toBe(E("SpecialBotchKind"));
    const npc = { ...failedBy5, card: { ...failedBy5.card, playerCharacter: false } };
    expect(refusal(npc, { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(E("SpecialBotchNotPc"));
    expect(refusal(table({ modifier: 3, dc: 18 }, [10]), { type: "specialBotch", id: "s", by: GM, dice: 1 })).toBe(
      E("SpecialBotchNotPc"),
    );
    const t = act(failedBy5, { type: "specialBotch", id: "s", by: GM, dice: 2 });
    expect(severity(t.card, "specialBotch")).toBe(2);
    expect(refusal(t, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("SpecialBotchAlreadyActivated"));
  });

  it("no action dice at all on a character-generation roll", () => {
    const t = table({}, [1], ALICE, { characterGeneration: true });
    expect(refusal(t, { type: "botch", id: "b", by: GM, dice: 1 })).toBe(E("CharacterGenerationRoll"));
    expect(refusal(t, { type: "reroll", id: "r", by: ALICE })).toBe(E("CharacterGenerationRoll"));
  });
});

describe("action spends: closing and undoing", () => {
  it("the roller or the GM closes the roll; then no augment or re-roll, but activations still can be made", () => {
    const t = table({}, [1]);
    expect(refusal(t, { type: "close", id: "c", by: BOB })).toBe(E("NotYourRoll"));
    const closed = act(t, { type: "close", id: "c", by: ALICE });
    expect(closed.card.open).toBe(false);
    expect(refusal(closed, { type: "reroll", id: "r", by: ALICE })).toBe(E("RollClosed"));
    expect(refusal(closed, { type: "close", id: "c2", by: GM })).toBe(E("RollClosed"));
    expect(refusal(closed, { type: "botch", id: "b", by: GM, dice: 1 })).toBeNull();
  });

  it("undo of an augment returns the die and removes its cascade from the roll", () => {
    let t = table({ dc: 20 }, [9]);
    t = act(t, { type: "augment", id: "a1", by: ALICE, faces: 6 }, [6, 6, 1]);
    t = act(t, { type: "reroll", id: "r1", by: ALICE }, [12]);
    t = act(t, { type: "augment", id: "a2", by: ALICE, faces: 6 }, [4]);
    expect(outcome(t).total).toBe(12 + 13 + 4);
    t = act(t, { type: "undo", id: "u1", by: GM, entry: "a1" });
    expect(outcome(t)).toMatchObject({ natural: 12, total: 16, replaced: [9] });
    expect(t.card.request.rerolls).toEqual([{ target: 0, after: 0 }]);
    expect(t.card.thrown.map((x) => x.value)).toEqual([9, 12, 4]);
    expect(t.pools[ALICE]?.dice).toEqual([{ faces: 6, count: 2 }]);
    t = act(t, { type: "undo", id: "u2", by: GM, entry: "r1" });
    expect(outcome(t)).toMatchObject({ natural: 9, total: 13, replaced: [] });
    expect(t.pools[ALICE]).toMatchObject({ dice: [{ faces: 6, count: 3 }], spent: 1 });
  });

  it("undo: the GM only, a standing entry, and activations made after a die step are undone first", () => {
    let t = table({}, [5]);
    t = act(t, { type: "reroll", id: "r1", by: ALICE }, [1]);
    t = act(t, { type: "botch", id: "b1", by: GM, dice: 1 });
    expect(refusal(t, { type: "undo", id: "u", by: ALICE, entry: "r1" })).toBe(E("GmOnly"));
    expect(refusal(t, { type: "undo", id: "u", by: GM, entry: "r1" })).toBe(E("UndoActivationsFirst"));
    expect(refusal(t, { type: "undo", id: "u", by: GM, entry: "nope" })).toBe(E("UnknownEntry"));
    t = act(t, { type: "undo", id: "u1", by: GM, entry: "b1" });
    expect(refusal(t, { type: "undo", id: "u2", by: GM, entry: "b1" })).toBe(E("UnknownEntry"));
    t = act(t, { type: "undo", id: "u3", by: GM, entry: "r1" });
    expect(outcome(t).natural).toBe(5);
    expect(t.pools[GM]?.dice).toEqual([{ faces: 10, count: 10 }]);
    expect(standing(t.card)).toEqual([]);
  });

  it("throws attached twice for the same position are kept once", () => {
    const t = applyCardAction(table({}, [5]), { type: "augment", id: "a1", by: ALICE, faces: 6 });
    const at = t.card.thrown.length;
    const once = attachThrows(t.card, at, [{ faces: 6, role: "action", value: 3 }]);
    expect(attachThrows(once, at, [{ faces: 6, role: "action", value: 3 }])).toBe(once);
    expect(() => attachThrows(once, at + 5, [{ faces: 6, role: "action", value: 3 }])).toThrow(RangeError);
    expect(() => newCard({ augments: [6] }, ALICE)).toThrow(RangeError);
  });
});

describe("action spends: re-rolling an action die", () => {
  /** Alice's check, d20 10 + 2 against DC 20, with a d6 used that cascaded 6, 6, 2 (total 14). */
  const augmented = (): ActionTable =>
    act(table({ modifier: 2, dc: 20 }, [10]), { type: "augment", id: "a", by: ALICE, faces: 6 }, [6, 6, 2]);

  it('RULES.md "re-rolling a used action die throws that die afresh: its old throw and cascade are replaced"', () => {
    const t = augmented();
    expect(outcome(t)).toMatchObject({ total: 26, augmentTotal: 14 });
    const r = act(t, { type: "reroll", id: "r", by: ALICE, augment: 0 }, [3]);
    expect(outcome(r)).toMatchObject({ total: 15, augmentTotal: 3, success: false, natural: 10, diceUsed: 2 });
    expect(outcome(r).augments).toEqual([
      { faces: 6, group: 1, throws: [3], cascades: 0, total: 3, replaced: [[6, 6, 2]] },
    ]);
    // The d20 is untouched; the old cascade is shown as replaced, the new throw kept.
    expect(outcome(r).rerolls).toEqual([]);
    expect(outcome(r).dice.map((d) => [d.role, d.value, d.marks])).toEqual([
      ["d20", 10, ["kept"]],
      ["action", 6, ["rerolled"]],
      ["action", 6, ["rerolled"]],
      ["action", 2, ["rerolled"]],
      ["action", 3, ["kept"]],
    ]);
    // Paid with one die: Alice's 4d6 are down to 2.
    expect(diceLeft(r.pools[ALICE]!)).toBe(2);
    expect(r.card.ledger.map((e) => e.type)).toEqual(["augment", "reroll"]);
  });

  it("the new throw cascades afresh, and a second re-roll replaces the first", () => {
    const once = act(augmented(), { type: "reroll", id: "r1", by: ALICE, augment: 0 }, [6, 4]);
    expect(outcome(once).augments[0]).toMatchObject({ throws: [6, 4], cascades: 1, total: 10 });
    expect(outcome(once).total).toBe(22);
    const twice = act(once, { type: "reroll", id: "r2", by: ALICE, augment: 0 }, [1]);
    expect(outcome(twice).augments[0]).toMatchObject({
      throws: [1],
      total: 1,
      replaced: [
        [6, 6, 2],
        [6, 4],
      ],
    });
    expect(outcome(twice).total).toBe(13);
  });

  it("only an action die used on the roll, by its roller; the GM's undo takes the re-roll back first", () => {
    const t = augmented();
    expect(refusal(t, { type: "reroll", id: "r", by: ALICE, augment: 1 })).toBe(E("UnknownRerollTarget"));
    expect(refusal(t, { type: "reroll", id: "r", by: ALICE, augment: -1 })).toBe(E("UnknownRerollTarget"));
    expect(refusal(t, { type: "reroll", id: "r", by: BOB, augment: 0 })).toBe(E("NotYourRoll"));
    const r = act(t, { type: "reroll", id: "r", by: ALICE, augment: 0 }, [3]);
    const augmentEntry = r.card.ledger[0]!.id;
    expect(refusal(r, { type: "undo", id: "u", by: GM, entry: augmentEntry })).toBe(E("UndoRerollsFirst"));
    const back = act(r, { type: "undo", id: "u", by: GM, entry: "r" });
    expect(outcome(back)).toMatchObject({ total: 26, augmentTotal: 14 });
    expect(outcome(back).augments[0]?.replaced).toEqual([]);
    expect(diceLeft(back.pools[ALICE]!)).toBe(3);
    const none = act(back, { type: "undo", id: "u2", by: GM, entry: augmentEntry });
    expect(outcome(none).total).toBe(12);
  });

  it("undoing an earlier action die keeps a re-roll of a later one on its die", () => {
    let t = augmented();
    t = act(t, { type: "augment", id: "b", by: ALICE, faces: 6 }, [5]);
    t = act(t, { type: "reroll", id: "r", by: ALICE, augment: 1 }, [2]);
    expect(outcome(t).total).toBe(10 + 2 + 14 + 2);
    t = act(t, { type: "undo", id: "u", by: GM, entry: "a" });
    expect(t.card.request.rerolls).toEqual([{ target: 0, after: 1, augment: 0 }]);
    expect(outcome(t).augments).toEqual([{ faces: 6, group: 1, throws: [2], cascades: 0, total: 2, replaced: [[5]] }]);
    expect(outcome(t).total).toBe(14);
  });

  it("a request naming an action die not yet used when re-rolled is refused", () => {
    expect(() => newCard({ augments: [6], rerolls: [{ target: 0, after: 0, augment: 0 }] }, ALICE)).toThrow();
    expect(() => validate({ augments: [6], rerolls: [{ target: 0, after: 0, augment: 0 }] })).toThrow(EngineError);
    expect(validate({ augments: [6], rerolls: [{ target: 0, after: 1, augment: 0 }] }).rerolls).toEqual([
      { target: 0, after: 1, augment: 0 },
    ]);
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

describe("action spends: insight, lucky break, awards", () => {
  it("gain insight spends at least one die", () => {
    const p = applyPoolAction(pools(), { type: "insight", id: "i1", by: ALICE, dice: 2, subject: "vault" });
    expect(p[ALICE]).toMatchObject({ dice: [{ faces: 6, count: 2 }], spent: 2 });
    expect(poolRefusal(pools(), { type: "insight", id: "i", by: ALICE, dice: 0, subject: "vault" })).toBe(
      E("OutOfRange"),
    );
    expect(poolRefusal(pools(), { type: "insight", id: "i", by: ALICE, dice: 1, subject: "" })).toBe(
      E("MissingSubject"),
    );
    expect(poolRefusal(pools(), { type: "insight", id: "i", by: ALICE, dice: 5, subject: "vault" })).toBe(
      E("NotEnoughDice"),
    );
  });

  it('RULES.md "a failed insight roll cannot be retried by the same player"', () => {
    // Insight roll: 1d20 + level 3 + modifier 1 = 9 + 4 = 13 against DC 15: failed.
    let t = table({ kind: "insight", level: 3, modifier: 1, dc: 15 }, [9], ALICE, { subject: "vault" });
    expect(outcome(t)).toMatchObject({ total: 13, success: false });
    t = act(t, { type: "close", id: "c", by: GM });
    expect(t.pools[ALICE]?.failedInsight).toEqual(["vault"]);
    const retry: PoolAction = { type: "insight", id: "i2", by: ALICE, dice: 1, subject: "vault" };
    expect(poolRefusal(t.pools, retry)).toBe(E("InsightFailed"));
    expect(poolRefusal(t.pools, { ...retry, by: BOB })).toBeNull();
    expect(poolRefusal(t.pools, { ...retry, subject: "map" })).toBeNull();
    // An augmented insight roll that succeeds records nothing.
    let ok = table({ kind: "insight", level: 3, modifier: 1, dc: 15 }, [9], ALICE, { subject: "vault" });
    ok = act(ok, { type: "augment", id: "a", by: ALICE, faces: 6 }, [2]);
    ok = act(ok, { type: "close", id: "c", by: GM });
    expect(ok.pools[ALICE]?.failedInsight).toEqual([]);
  });

  it('RULES.md "no late use (the three-strike leniency included) turns a declared failed insight roll into a success"', () => {
    // 1d20 9 + level 3 + modifier 1 = 13 against DC 15: declared failed, with the leniency on and no strike used.
    const failed = act(table({ kind: "insight", level: 3, modifier: 1, dc: 15 }, [9], ALICE, { subject: "vault" }), {
      type: "close",
      id: "c",
      by: GM,
    });
    expect(failed.card.declared).toBe("failure");
    const lenient = { ...failed, lateUses: { allowed: true, strikes: {} } };
    expect(refusal(lenient, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("InsightDeclaredFailed"));
    expect(refusal(lenient, { type: "reroll", id: "r", by: ALICE })).toBe(E("InsightDeclaredFailed"));
    // Without the leniency the roll is simply closed.
    expect(refusal(failed, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("RollClosed"));
    // A card closed before results were recorded is read from its DC: the same refusal.
    const { declared: _none, ...legacy } = failed.card;
    expect(refusal({ ...lenient, card: legacy }, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(
      E("InsightDeclaredFailed"),
    );
    // A check declared failed still takes a late use (the rule is about insight rolls).
    const check = act(table({ modifier: 1, dc: 15 }, [9]), { type: "close", id: "c", by: GM });
    expect(check.card.declared).toBe("failure");
    expect(
      refusal(
        { ...check, lateUses: { allowed: true, strikes: {} } },
        { type: "augment", id: "a", by: ALICE, faces: 6 },
      ),
    ).toBeNull();
    // A declared successful insight roll takes one too (it can no longer fail the subject).
    const won = act(table({ kind: "insight", level: 3, modifier: 1, dc: 12 }, [9], ALICE, { subject: "vault" }), {
      type: "close",
      id: "c",
      by: GM,
    });
    expect(won.card.declared).toBe("success");
    const late = act(
      { ...won, lateUses: { allowed: true, strikes: {} } },
      { type: "augment", id: "a", by: ALICE, faces: 6 },
      [2],
    );
    expect(late.card.declared).toBe("success");
    expect(late.pools[ALICE]?.failedInsight).toEqual([]);
  });

  it('RULES.md "a failure is recorded when the GM declares it, a secret DC included"', () => {
    const secret = table({ kind: "insight", level: 3, modifier: 1 }, [9], ALICE, { subject: "vault" });
    expect(outcome(secret)).toMatchObject({ dc: null, success: null });
    // The GM must say how it went; the roller cannot close it; a verdict is the GM's alone.
    expect(refusal(secret, { type: "close", id: "c", by: GM })).toBe(E("InsightVerdictNeeded"));
    expect(refusal(secret, { type: "close", id: "c", by: ALICE, verdict: "success" })).toBe(E("GmOnly"));
    expect(refusal(secret, { type: "close", id: "c", by: GM, verdict: "maybe" as never })).toBe(E("MalformedRequest"));
    const failed = act(secret, { type: "close", id: "c", by: GM, verdict: "failure" });
    expect(failed.card).toMatchObject({ open: false, declared: "failure" });
    expect(failed.pools[ALICE]?.failedInsight).toEqual(["vault"]);
    expect(poolRefusal(failed.pools, { type: "insight", id: "i2", by: ALICE, dice: 1, subject: "vault" })).toBe(
      E("InsightFailed"),
    );
    const lenient = { ...failed, lateUses: { allowed: true, strikes: {} } };
    expect(refusal(lenient, { type: "augment", id: "a", by: ALICE, faces: 6 })).toBe(E("InsightDeclaredFailed"));
    // Declared a success: nothing recorded.
    const won = act(secret, { type: "close", id: "c", by: GM, verdict: "success" });
    expect(won.card.declared).toBe("success");
    expect(won.pools[ALICE]?.failedInsight).toEqual([]);
    // A card with its DC is judged by it: no verdict in words.
    const known = table({ kind: "insight", level: 3, modifier: 1, dc: 15 }, [9], ALICE, { subject: "vault" });
    expect(refusal(known, { type: "close", id: "c", by: GM, verdict: "success" })).toBe(E("VerdictWithDc"));
    // A check without a DC may be closed with or without a verdict.
    const plain = table({ modifier: 1 }, [9]);
    expect(act(plain, { type: "close", id: "c", by: GM }).card.declared).toBeNull();
    expect(act(plain, { type: "close", id: "c", by: GM, verdict: "failure" }).card.declared).toBe("failure");
  });

  it('RULES.md "Lucky break: only for a player who has spent no action dice this session: spends the whole pool; no more awards"', () => {
    let p: Readonly<Record<string, ActionPoolState>> = pools();
    p = applyPoolAction(p, { type: "luckyBreak", id: "l1", by: ALICE });
    expect(p[ALICE]).toMatchObject({ dice: [], luckyBreak: true, spent: 4 });
    expect(poolRefusal(p, { type: "award", id: "w", by: GM, to: ALICE, count: 1 })).toBe(E("AwardsBlocked"));
    expect(poolRefusal(p, { type: "luckyBreak", id: "l2", by: ALICE })).toBe(E("LuckyBreakTaken"));
    const spent = applyPoolAction(pools(), { type: "insight", id: "i", by: BOB, dice: 1, subject: "x" });
    expect(poolRefusal(spent, { type: "luckyBreak", id: "l", by: BOB })).toBe(E("LuckyBreakAfterSpend"));
  });

  it('RULES.md "Lucky break: ... class bonus dice count as action dice": class dice used refuse it, none used allow it', () => {
    const refusal = poolRefusal(pools(), { type: "luckyBreak", id: "l", by: ALICE, classDiceSpent: 2 });
    expect(refusal).toBe(E("LuckyBreakAfterSpend"));
    const after = applyPoolAction(pools(), { type: "luckyBreak", id: "l", by: ALICE, classDiceSpent: 0 });
    expect(after[ALICE]).toMatchObject({ luckyBreak: true, dice: [] });
    expect(poolRefusal(pools(), { type: "luckyBreak", id: "l", by: ALICE, classDiceSpent: -1 })).toBe(
      E("BelowMinimum"),
    );
  });

  it("an undone spend no longer counts against a lucky break", () => {
    let t = act(table({}, [4]), { type: "augment", id: "a", by: ALICE, faces: 6 }, [2]);
    expect(poolRefusal(t.pools, { type: "luckyBreak", id: "l", by: ALICE })).toBe(E("LuckyBreakAfterSpend"));
    t = act(t, { type: "undo", id: "u", by: GM, entry: "a" });
    expect(poolRefusal(t.pools, { type: "luckyBreak", id: "l", by: ALICE })).toBeNull();
  });

  it('RULES.md "The GM gains one die each time he awards one"', () => {
    const p = applyPoolAction(pools(), { type: "award", id: "w1", by: GM, to: BOB, count: 2 });
    expect(p[BOB]?.dice).toEqual([{ faces: 4, count: 5 }]);
    expect(p[GM]?.dice).toEqual([{ faces: 10, count: 12 }]);
    expect(applyPoolAction(p, { type: "award", id: "w1", by: GM, to: BOB, count: 2 })).toBe(p);
    expect(poolRefusal(pools(), { type: "award", id: "w", by: ALICE, to: BOB, count: 1 })).toBe(E("GmOnly"));
    expect(poolRefusal(pools(), { type: "award", id: "w", by: GM, to: GM, count: 1 })).toBe(E("AwardToGm"));
    expect(poolRefusal(pools(), { type: "award", id: "w", by: GM, to: "dave", count: 1 })).toBe(E("UnknownPool"));
    expect(poolRefusal(pools(), { type: "award", id: "w", by: GM, to: BOB, count: 0 })).toBe(E("OutOfRange"));
  });
});

const AYLA = "ayla";

/** A table whose card is Alice's roll for her character Ayla, who has 2d8 class dice (and Bob's Brann 1d6). */
function classTable(request: ActionRequest, faces: number[]): ActionTable {
  const t = table(request, faces);
  return {
    ...t,
    card: { ...t.card, character: AYLA, playerCharacter: true },
    classPools: { [AYLA]: newClassPool(AYLA, 8, 2), brann: newClassPool("brann", 6, 1) },
  };
}

function classLeft(t: ActionTable, id = AYLA): ClassDicePool {
  return t.classPools?.[id] as ClassDicePool;
}

describe("action spends: class bonus dice", () => {
  it('RULES.md "Bonus dice from a class feature belong to one character": the roller uses them on that character\'s roll', () => {
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

describe("action spends: properties", () => {
  type Step =
    | { readonly type: "augment"; readonly by: string; readonly faces: number; readonly source?: "class" }
    | { readonly type: "reroll"; readonly by: string; readonly source?: "class" }
    | {
        readonly type: "botch" | "critical" | "specialBotch";
        readonly by: string;
        readonly dice: number;
        readonly source?: "class";
      }
    | {
        readonly type: "effect";
        readonly by: string;
        readonly activation: "botch" | "critical" | "specialBotch";
        readonly effect: string;
        readonly note?: string;
      }
    | { readonly type: "close"; readonly by: string }
    /** `pick` chooses among the entries standing when the step runs; `entry` names step `s<entry>` whatever it was. */
    | { readonly type: "undo"; readonly by: string; readonly pick?: number; readonly entry?: number };

  const ACTION_TYPES = ["augment", "reroll", "botch", "critical", "specialBotch", "effect", "close", "undo"] as const;
  type ActionType = (typeof ACTION_TYPES)[number];

  /**
   * The refusals each action may meet, from the rules `checkCardAction` documents (its list, in the
   * order it checks them); bad input (`MissingActionId`, `UnknownAction`, `NotInteger`) is not generated.
   */
  const pay = ["NoDieOfSize", "NotEnoughDice", "NoClassDice", "UnknownPool"];
  const dieStep = ["CharacterGenerationRoll", "RollClosed", "NotYourRoll", "RollPending"];
  const activation = ["CharacterGenerationRoll", "RollPending", "ClassDiceOwnRollOnly", "AlreadyContributed"];
  const REFUSALS: Record<ActionType, readonly string[]> = {
    augment: [...dieStep, "SpecialBotchAlreadyActivated", "DieSizeNotAllowed", ...pay],
    reroll: [...dieStep, "BotchAlreadyActivated", "CriticalAlreadyActivated", "SpecialBotchAlreadyActivated", ...pay],
    botch: [...activation, "NoPotentialBotch", "BotchRerolled", "OwnBotch", ...pay],
    critical: [...activation, "NoCriticalThreat", "CriticalKind", "NotYourRoll", ...pay],
    specialBotch: [...activation, "GmOnly", "NoDc", "NotFailedBy5", ...pay],
    effect: [
      "EffectNotActivated",
      "EffectNotYours",
      "UnknownEffect",
      "EffectNeedsSeverity",
      "EffectAlreadyChosen",
      "EffectNeedsNote",
    ],
    close: ["RollClosed", "NotYourRoll", "RollPending", "UnknownPool"],
    undo: ["GmOnly", "UnknownEntry", "UndoActivationsFirst", "UndoEffectFirst", "UnknownPool"],
  };

  /** The card of every run: Alice's check against DC 18, a potential botch on a natural 1 or 2. */
  const DC = 18;
  const BOTCH_RANGE = 2;

  /** What must be true of the table for some refusals, so a refusal is the rule's and not a stray one. */
  const WHY: Partial<Record<string, (t: ActionTable, a: CardAction) => boolean>> = {
    RollClosed: (t) => !t.card.open,
    NotYourRoll: (t, a) => a.by !== t.card.owner,
    GmOnly: (_t, a) => a.by !== GM,
    OwnBotch: (t, a) => a.by === t.card.owner,
    NoPotentialBotch: (t) => outcome(t).natural > BOTCH_RANGE,
    NoCriticalThreat: (t) => outcome(t).natural !== 20,
    NotFailedBy5: (t) => outcome(t).total > DC - 5,
    BotchAlreadyActivated: (t) => standing(t.card, "botch").length > 0,
    CriticalAlreadyActivated: (t) => standing(t.card, "critical").length > 0,
    SpecialBotchAlreadyActivated: (t) => standing(t.card, "specialBotch").length > 0,
    UnknownEntry: (t, a) => a.type === "undo" && !standing(t.card).some((e) => e.id === a.entry),
  };

  /** Mostly `likely` (an actor and dice that the rules can allow), sometimes anything. */
  const mostly = <T>(likely: fc.Arbitrary<T>, any: fc.Arbitrary<T>): fc.Arbitrary<T> =>
    fc.oneof({ arbitrary: likely, weight: 6 }, { arbitrary: any, weight: 1 });
  const anyone = fc.constantFrom(ALICE, BOB, GM);
  const source = fc.constantFrom(undefined, "class" as const);
  const spendDice = fc.integer({ min: 1, max: 3 });
  /**
   * Steps for a roll whose d20 first shows `first`: the activations its natural allows are drawn
   * more often (a botch or a special botch on a 1 or 2, a critical on a 20), the others now and then.
   */
  const stepsFor = (first: number): fc.Arbitrary<Step[]> => {
    const weight = { botch: 1, critical: 1, specialBotch: 1 };
    if (first <= BOTCH_RANGE) Object.assign(weight, { botch: 3, specialBotch: 2 });
    if (first === 20) weight.critical = 4;
    const stepArb = fc.oneof(
      {
        weight: 3,
        arbitrary: mostly<Step>(
          fc.constantFrom<Step>(
            { type: "augment", by: ALICE, faces: 6 },
            { type: "augment", by: ALICE, faces: 8, source: "class" },
          ),
          fc.record({ type: fc.constant("augment" as const), by: anyone, faces: fc.constantFrom(4, 6, 8, 10), source }),
        ),
      },
      {
        weight: 2,
        arbitrary: mostly<Step>(
          fc.record({ type: fc.constant("reroll" as const), by: fc.constant(ALICE), source }),
          fc.record({ type: fc.constant("reroll" as const), by: anyone, source }),
        ),
      },
      ...(["botch", "critical", "specialBotch"] as const).map((type) => ({
        weight: weight[type],
        arbitrary: mostly<Step>(
          // A botch is someone else's to activate, a critical the roller's (class dice too), a special botch the GM's.
          type === "botch"
            ? fc.record({ type: fc.constant(type), by: fc.constantFrom(BOB, GM), dice: spendDice })
            : type === "critical"
              ? fc.oneof(
                  fc.record({ type: fc.constant(type), by: fc.constant(ALICE), dice: spendDice, source }),
                  fc.record({ type: fc.constant(type), by: fc.constant(GM), dice: spendDice }),
                )
              : fc.record({ type: fc.constant(type), by: fc.constant(GM), dice: spendDice }),
          fc.record({ type: fc.constant(type), by: anyone, dice: spendDice, source }),
        ),
      })),
      {
        weight: 5,
        arbitrary: mostly<Step>(
          // The roller or the GM names a critical's effect, the GM a botch's; a text where the rules leave it open.
          fc.oneof(
            fc.record({
              type: fc.constant("effect" as const),
              by: fc.constantFrom(ALICE, GM),
              activation: fc.constant("critical" as const),
              effect: fc.constantFrom("maximumResult", "shorterTime", "defenceInsight"),
            }),
            fc.record({
              type: fc.constant("effect" as const),
              by: fc.constant(GM),
              activation: fc.constantFrom("botch" as const, "specialBotch" as const),
              effect: fc.constant("ownWords"),
              note: fc.constant("The rope snaps"),
            }),
          ),
          fc.record({
            type: fc.constant("effect" as const),
            by: anyone,
            activation: fc.constantFrom("botch" as const, "critical" as const, "specialBotch" as const),
            effect: fc.constantFrom("maximumResult", "ownWords", "saveForNothing", "itemLost"),
          }),
        ),
      },
      {
        weight: 1,
        arbitrary: mostly<Step>(
          fc.record({ type: fc.constant("close" as const), by: fc.constantFrom(ALICE, GM) }),
          fc.record({ type: fc.constant("close" as const), by: anyone }),
        ),
      },
      {
        weight: 2,
        arbitrary: mostly<Step>(
          fc.record({ type: fc.constant("undo" as const), by: fc.constant(GM), pick: fc.nat() }),
          fc.record({ type: fc.constant("undo" as const), by: fc.constantFrom(ALICE, GM), entry: fc.nat({ max: 12 }) }),
        ),
      },
    );
    return fc.array(stepArb, { maxLength: 10 });
  };

  /** Naturals that let an action apply: a potential botch (1–2 with botch range 2), a natural 20, or anything. */
  const natural = fc.oneof(
    { arbitrary: fc.constantFrom(1, 2), weight: 3 },
    { arbitrary: fc.constant(20), weight: 3 },
    { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 3 },
  );
  /** Modifiers mostly low enough for a natural 1 or 2 to miss DC 18 by 5 or more (a special botch). */
  const modifierArb = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 8 }), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 1 },
  );

  /** The d20 shows the generated naturals in turn (the roll, then each re-roll); action dice come from the seed. */
  function tableFaces(naturals: readonly number[], seed: number): FaceSource {
    const dice = seededFaces(seed);
    let i = 0;
    return { next: (faces) => (faces === 20 ? (naturals[i++ % naturals.length] as number) : dice.next(faces)) };
  }

  function toAction(step: Step, i: number, t: ActionTable): CardAction {
    const id = `s${i}`;
    if (step.type !== "undo") return { ...step, id };
    const live = standing(t.card);
    const entry =
      step.pick !== undefined ? (live[step.pick % Math.max(1, live.length)]?.id ?? "none") : `s${step.entry ?? 0}`;
    return { type: "undo", id, by: step.by, entry };
  }

  it("dice are conserved (pools + standing ledger), pools never go negative, refusals are the rules' and change nothing, and repeating any id changes nothing", () => {
    const applied: Record<ActionType, number> = {
      augment: 0,
      reroll: 0,
      botch: 0,
      critical: 0,
      specialBotch: 0,
      effect: 0,
      close: 0,
      undo: 0,
    };
    const refusedWith = new Set<string>();
    let steps = 0;
    fc.assert(
      fc.property(
        fc
          .array(natural, { minLength: 1, maxLength: 13 })
          .chain((naturals) => fc.tuple(fc.constant(naturals), stepsFor(naturals[0] as number))),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        modifierArb,
        ([naturals, generated], seed, modifier) => {
          const faces = tableFaces(naturals, seed);
          let t: ActionTable = {
            card: {
              ...settle(newCard({ modifier, dc: DC, botchRange: BOTCH_RANGE }, ALICE), faces),
              character: AYLA,
              playerCharacter: true,
            },
            pools: pools(),
            classPools: { [AYLA]: newClassPool(AYLA, 8, 2) },
          };
          const total = (x: ActionTable): number =>
            Object.values(x.pools).reduce((n, p) => n + diceLeft(p), 0) +
            Object.values(x.classPools ?? {}).reduce((n, p) => n + p.left, 0) +
            standing(x.card).reduce((n, e) => n + e.dice.reduce((m, d) => m + d.count, 0), 0);
          const start = total(t);
          generated.forEach((step, i) => {
            steps++;
            const action = toAction(step, i, t);
            const check = checkCardAction(t, action);
            if (!check.ok) {
              const key = check.error.key.replace("ROLLING_BONES.Error.", "");
              refusedWith.add(key);
              expect(REFUSALS[action.type]).toContain(key);
              expect(WHY[key]?.(t, action) ?? true).toBe(true);
              const before = JSON.stringify(t);
              let thrown: unknown = null;
              try {
                applyCardAction(t, action);
              } catch (e) {
                thrown = e;
              }
              expect(thrown).toBeInstanceOf(EngineError);
              expect((thrown as EngineError).key).toBe(check.error.key);
              expect(JSON.stringify(t)).toBe(before);
              return;
            }
            expect(check.repeated).toBe(false);
            applied[action.type]++;
            const next = applyCardAction(t, action);
            expect(next).not.toBe(t);
            expect(next.card.applied).toEqual([...t.card.applied, action.id]);
            expect(applyCardAction(next, action)).toBe(next);
            t = { ...next, card: settle(next.card, faces) };
            expect(total(t)).toBe(start);
            for (const p of Object.values(t.pools)) for (const d of p.dice) expect(d.count).toBeGreaterThan(0);
            for (const p of Object.values(t.classPools ?? {})) expect(p.left).toBeGreaterThanOrEqual(0);
            // class dice only ever pay for the roller, and only for a use, a re-roll or a critical
            for (const e of standing(t.card).filter((x) => x.character !== undefined)) {
              expect([e.by, e.character, ["augment", "reroll", "critical"].includes(e.type)]).toEqual([
                ALICE,
                AYLA,
                true,
              ]);
            }
            const out = outcome(t);
            expect(out.diceUsed).toBe(standing(t.card, "augment").length + standing(t.card, "reroll").length);
          });
        },
      ),
      { numRuns: 300, seed: 1717 },
    );
    // With this seed 647 of 1,525 steps apply (augment 201, reroll 81, botch 77, critical 72, special botch 42,
    // effect 34, close 65, undo 75). The run must exercise every action, applied often enough to mean something,
    // and refusals of the rules.
    const sum = ACTION_TYPES.reduce((n, type) => n + applied[type], 0);
    for (const type of ACTION_TYPES) expect(applied[type], `${type} applied`).toBeGreaterThanOrEqual(30);
    expect(sum / steps).toBeGreaterThanOrEqual(0.4);
    for (const key of ["RollClosed", "NotYourRoll", "NoPotentialBotch", "NoCriticalThreat", "UnknownEntry"]) {
      expect(refusedWith).toContain(key);
    }
  });
});

describe("action activations: the effect the rules give each kind of roll", () => {
  it("a save-for-half saving throw: one die turns it to save-for-quarter; save-for-nothing needs a second die", () => {
    const one = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const quarter = { type: "effect", id: "e", by: ALICE, activation: "critical", effect: "saveForQuarter" } as const;
    const nothing = { ...quarter, effect: "saveForNothing" } as const;
    expect(refusal(one, nothing)).toBe(E("EffectNeedsSeverity"));
    expect(refusal(one, quarter)).toBeNull();
    const two = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 2 });
    const t = act(two, nothing);
    expect(t.card.ledger.at(-1)).toMatchObject({
      type: "effect",
      by: ALICE,
      dice: [],
      effect: { activation: "critical", id: "saveForNothing", note: "" },
    });
    // An effect costs no die.
    expect(t.pools[ALICE]?.dice).toEqual(two.pools[ALICE]?.dice);
  });

  it("an impossible save made possible is a saving throw's effect, not an attack's; an attack's special damage needs words", () => {
    const save = act(table({ kind: "save" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const possible = {
      type: "effect",
      id: "e",
      by: ALICE,
      activation: "critical",
      effect: "saveMadePossible",
    } as const;
    expect(refusal(save, possible)).toBeNull();
    const attack = act(table({ kind: "attack" }, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    expect(refusal(attack, possible)).toBe(E("UnknownEffect"));
    const special = { ...possible, effect: "damageSpecial" } as const;
    expect(refusal(attack, special)).toBe(E("EffectNeedsNote"));
    expect(refusal(attack, { ...special, note: "  " })).toBe(E("EffectNeedsNote"));
    expect(refusal(attack, { ...special, note: "x".repeat(201) })).toBe(E("EffectNoteTooLong"));
    const t = act(attack, { ...special, note: " <b>Hamstrung</b> " });
    expect(t.card.ledger.at(-1)?.effect?.note).toBe("<b>Hamstrung</b>");
  });

  it("a critical's effect is the roller's (or the GM's); a botch's is the GM's, in the GM's words", () => {
    const crit = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    const pick = { type: "effect", id: "e", activation: "critical", effect: "maximumResult" } as const;
    expect(refusal(crit, { ...pick, by: BOB })).toBe(E("EffectNotYours"));
    expect(refusal(crit, { ...pick, by: GM })).toBeNull();
    const botch = act(table({}, [1], ALICE), { type: "botch", id: "b", by: BOB, dice: 1 });
    const words = { type: "effect", id: "e", activation: "botch", effect: "ownWords", note: "The rope snaps" } as const;
    expect(refusal(botch, { ...words, by: BOB })).toBe(E("EffectNotYours"));
    expect(refusal(botch, { ...words, by: GM })).toBeNull();
    expect(refusal(table({}, [1]), { ...words, by: GM })).toBe(E("EffectNotActivated"));
  });

  it("one effect per activation; undo takes it back, and an activation is undone only after its effect", () => {
    let t = act(table({}, [20]), { type: "critical", id: "c", by: ALICE, dice: 1 });
    t = act(t, { type: "effect", id: "e", by: ALICE, activation: "critical", effect: "shorterTime" });
    expect(refusal(t, { type: "effect", id: "e2", by: ALICE, activation: "critical", effect: "rareKnowledge" })).toBe(
      E("EffectAlreadyChosen"),
    );
    expect(refusal(t, { type: "undo", id: "u", by: GM, entry: "c" })).toBe(E("UndoEffectFirst"));
    t = act(t, { type: "undo", id: "u1", by: GM, entry: "e" });
    expect(standingEffect(t.card, "critical")).toBeUndefined();
    expect(
      refusal(t, { type: "effect", id: "e2", by: ALICE, activation: "critical", effect: "rareKnowledge" }),
    ).toBeNull();
    t = act(t, { type: "undo", id: "u2", by: GM, entry: "c" });
    expect(severity(t.card, "critical")).toBe(0);
  });
});
