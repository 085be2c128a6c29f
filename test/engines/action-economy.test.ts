import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPoolAction,
  checkPoolUndo,
  diceLeft,
  newPool,
  recordPoolAction,
  undoPoolEntry,
  type ActionPoolState,
  type PoolAction,
} from "../../src/engines/action/index.ts";

const GM = "gm";
const ALICE = "alice";
const BOB = "bob";
const E = (code: string): string => `ROLLING_BONES.Error.${code}`;

/** Pools: the GM with 10d10, Alice with 4d6, Bob with 3d4. */
function pools(): Record<string, ActionPoolState> {
  return {
    [GM]: newPool(GM, [{ faces: 10, count: 10 }], { gm: true }),
    [ALICE]: newPool(ALICE, [{ faces: 6, count: 4 }]),
    [BOB]: newPool(BOB, [{ faces: 4, count: 3 }]),
  };
}

function record(p: Readonly<Record<string, ActionPoolState>>, action: PoolAction) {
  const out = recordPoolAction(p, action);
  if (out.entry === null) throw new Error("not recorded");
  return { pools: out.pools, entry: out.entry };
}

function refusal(p: Readonly<Record<string, ActionPoolState>>, action: PoolAction): string | null {
  const check = checkPoolAction(p, action);
  return check.ok ? null : check.error.key;
}

describe("action pools: the GM takes dice", () => {
  it("takes dice from a player's pool, smallest first, without counting them as the player's spend", () => {
    const p0 = {
      ...pools(),
      [ALICE]: newPool(ALICE, [
        { faces: 8, count: 1 },
        { faces: 6, count: 2 },
      ]),
    };
    const { pools: p, entry } = record(p0, { type: "take", id: "t1", by: GM, from: ALICE, count: 2 });
    expect(p[ALICE]).toMatchObject({ dice: [{ faces: 8, count: 1 }], spent: 0 });
    expect(p[GM]?.dice).toEqual([{ faces: 10, count: 10 }]);
    expect(entry.changes).toEqual([
      { userId: ALICE, added: [], removed: [{ faces: 6, count: 2 }], spent: 0, luckyBreak: false },
    ]);
    // a lucky break is still possible: the player spent nothing
    expect(refusal(p, { type: "luckyBreak", id: "l", by: ALICE })).toBeNull();
  });

  it("takes a named die size, and from the GM's own pool", () => {
    const p0 = {
      ...pools(),
      [ALICE]: newPool(ALICE, [
        { faces: 8, count: 1 },
        { faces: 6, count: 2 },
      ]),
    };
    expect(record(p0, { type: "take", id: "t", by: GM, from: ALICE, count: 1, faces: 8 }).pools[ALICE]?.dice).toEqual([
      { faces: 6, count: 2 },
    ]);
    expect(record(p0, { type: "take", id: "t", by: GM, from: GM, count: 3 }).pools[GM]?.dice).toEqual([
      { faces: 10, count: 7 },
    ]);
  });

  it("refuses a player taking, an unknown pool, too many dice, a missing size and zero dice", () => {
    expect(refusal(pools(), { type: "take", id: "t", by: ALICE, from: BOB, count: 1 })).toBe(E("GmOnly"));
    expect(refusal(pools(), { type: "take", id: "t", by: GM, from: "dave", count: 1 })).toBe(E("UnknownPool"));
    expect(refusal(pools(), { type: "take", id: "t", by: GM, from: BOB, count: 4 })).toBe(E("NotEnoughDice"));
    expect(refusal(pools(), { type: "take", id: "t", by: GM, from: BOB, count: 1, faces: 6 })).toBe(E("NoDieOfSize"));
    expect(refusal(pools(), { type: "take", id: "t", by: GM, from: BOB, count: 0 })).toBe(E("OutOfRange"));
  });
});

describe("action pools: recorded pool actions and their undo", () => {
  it("an award is recorded as dice added to the player and to the GM, and undone by taking them back", () => {
    const { pools: p, entry } = record(pools(), { type: "award", id: "w", by: GM, to: BOB, count: 1 });
    expect(entry).toMatchObject({ type: "award", by: GM, undone: false, subject: null });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { userId: GM, added: [{ faces: 10, count: 1 }], removed: [], spent: 0, luckyBreak: false },
        { userId: BOB, added: [{ faces: 4, count: 1 }], removed: [], spent: 0, luckyBreak: false },
      ]),
    );
    const undone = undoPoolEntry(p, entry, GM, "u");
    expect(undone.pools[BOB]?.dice).toEqual([{ faces: 4, count: 3 }]);
    expect(undone.pools[GM]?.dice).toEqual([{ faces: 10, count: 10 }]);
    expect(undone.entry).toMatchObject({ undone: true, undoId: "u" });
    // the same undo again is a repeat; another undo of the same entry is refused
    expect(undoPoolEntry(undone.pools, undone.entry, GM, "u").pools).toBe(undone.pools);
    expect(checkPoolUndo(undone.pools, undone.entry, GM, "u2")).toMatchObject({ ok: false });
  });

  it("an awarded die already spent cannot be taken back", () => {
    const { pools: p, entry } = record(pools(), { type: "award", id: "w", by: GM, to: BOB, count: 2 });
    const spent = record(p, { type: "insight", id: "i", by: BOB, dice: 4, subject: "door" }).pools;
    const check = checkPoolUndo(spent, entry, GM, "u");
    expect(check.ok ? null : check.error.key).toBe(E("UndoDiceGone"));
  });

  it("an insight spend is recorded with its subject; its undo returns the dice and the spent count", () => {
    const { pools: p, entry } = record(pools(), { type: "insight", id: "i", by: ALICE, dice: 2, subject: "vault" });
    expect(entry.subject).toBe("vault");
    expect(p[ALICE]).toMatchObject({ dice: [{ faces: 6, count: 2 }], spent: 2 });
    const back = undoPoolEntry(p, entry, GM, "u").pools;
    expect(back[ALICE]).toMatchObject({ dice: [{ faces: 6, count: 4 }], spent: 0 });
  });

  it("a lucky break's undo returns the whole pool and lifts the block on awards", () => {
    const { pools: p, entry } = record(pools(), { type: "luckyBreak", id: "l", by: ALICE });
    expect(refusal(p, { type: "award", id: "w", by: GM, to: ALICE, count: 1 })).toBe(E("AwardsBlocked"));
    const back = undoPoolEntry(p, entry, GM, "u").pools;
    expect(back[ALICE]).toMatchObject({ dice: [{ faces: 6, count: 4 }], spent: 0, luckyBreak: false });
    expect(refusal(back, { type: "award", id: "w", by: GM, to: ALICE, count: 1 })).toBeNull();
  });

  it("only the GM undoes; a repeated action id records nothing", () => {
    const { pools: p, entry } = record(pools(), { type: "take", id: "t", by: GM, from: BOB, count: 1 });
    const check = checkPoolUndo(p, entry, ALICE, "u");
    expect(check.ok ? null : check.error.key).toBe(E("GmOnly"));
    expect(() => undoPoolEntry(p, entry, ALICE, "u")).toThrow();
    expect(recordPoolAction(p, { type: "take", id: "t", by: GM, from: BOB, count: 1 })).toEqual({
      pools: p,
      entry: null,
    });
    const back = undoPoolEntry(p, entry, GM, "u").pools;
    expect(back[BOB]?.dice).toEqual([{ faces: 4, count: 3 }]);
  });

  it("recording then undoing any allowed action leaves every pool's dice as they were", () => {
    const actionArb: fc.Arbitrary<PoolAction> = fc
      .oneof(
        fc.record({
          type: fc.constant("award" as const),
          by: fc.constant(GM),
          to: fc.constantFrom(ALICE, BOB),
          count: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({
          type: fc.constant("take" as const),
          by: fc.constant(GM),
          from: fc.constantFrom(GM, ALICE, BOB),
          count: fc.integer({ min: 1, max: 3 }),
        }),
        fc.record({
          type: fc.constant("insight" as const),
          by: fc.constantFrom(ALICE, BOB),
          dice: fc.integer({ min: 1, max: 3 }),
          subject: fc.constant("s"),
        }),
        fc.record({ type: fc.constant("luckyBreak" as const), by: fc.constantFrom(ALICE, BOB) }),
      )
      .map((a) => ({ ...a, id: "x" }));
    fc.assert(
      fc.property(actionArb, (action) => {
        const start = pools();
        if (!checkPoolAction(start, action).ok) return;
        const { pools: p, entry } = record(start, action);
        const back = undoPoolEntry(p, entry, GM, "u").pools;
        for (const id of [GM, ALICE, BOB]) {
          expect(back[id]?.dice).toEqual(start[id]?.dice);
          expect(back[id]?.spent).toBe(start[id]?.spent);
          expect(back[id]?.luckyBreak).toBe(start[id]?.luckyBreak);
          expect(diceLeft(back[id] as ActionPoolState)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("action pools: awards forfeited for the session (the rules: excessive out-of-character banter)", () => {
  const banter = "Phones out and film quotes all through the ambush";

  it("the GM forfeits a player's awards with a reason; an award to that player is then refused, others still get theirs", () => {
    const { pools: p, entry } = record(pools(), { type: "forfeit", id: "f1", by: GM, to: BOB, reason: `  ${banter} ` });
    expect(p[BOB]).toMatchObject({ forfeited: true, dice: [{ faces: 4, count: 3 }], spent: 0 });
    // Nothing moves: the record says whose awards and why.
    expect(entry).toMatchObject({ type: "forfeit", by: GM, reason: banter });
    expect(entry.changes).toEqual([
      { userId: BOB, added: [], removed: [], spent: 0, luckyBreak: false, forfeited: true },
    ]);
    expect(refusal(p, { type: "award", id: "a", by: GM, to: BOB, count: 1 })).toBe(E("AwardsForfeited"));
    expect(refusal(p, { type: "award", id: "a", by: GM, to: ALICE, count: 1 })).toBeNull();
    // The forfeit is only about awards: the player still spends as before.
    expect(refusal(p, { type: "insight", id: "i", by: BOB, dice: 1, subject: "the ambush" })).toBeNull();
  });

  it("the GM's undo lifts the forfeit, and the player can be awarded again", () => {
    const forfeit = record(pools(), { type: "forfeit", id: "f1", by: GM, to: BOB, reason: banter });
    const undone = undoPoolEntry(forfeit.pools, forfeit.entry, GM, "u1");
    expect(undone.pools[BOB]?.forfeited).toBe(false);
    expect(undone.entry).toMatchObject({ undone: true, undoId: "u1" });
    const award = record(undone.pools, {
      type: "award",
      id: "a1",
      by: GM,
      to: BOB,
      count: 1,
      reason: "Found the trapdoor",
    });
    expect(award.pools[BOB]?.dice).toEqual([{ faces: 4, count: 4 }]);
  });

  it("refuses a forfeit by a player, of the GM, of a player already forfeited, and without a reason", () => {
    expect(refusal(pools(), { type: "forfeit", id: "f", by: ALICE, to: BOB, reason: banter })).toBe(E("GmOnly"));
    expect(refusal(pools(), { type: "forfeit", id: "f", by: GM, to: GM, reason: banter })).toBe(E("ForfeitGm"));
    expect(refusal(pools(), { type: "forfeit", id: "f", by: GM, to: BOB, reason: "   " })).toBe(
      E("ForfeitNeedsReason"),
    );
    expect(refusal(pools(), { type: "forfeit", id: "f", by: GM, to: BOB, reason: "x".repeat(201) })).toBe(
      E("NoteTooLong"),
    );
    const { pools: p } = record(pools(), { type: "forfeit", id: "f1", by: GM, to: BOB, reason: banter });
    expect(refusal(p, { type: "forfeit", id: "f2", by: GM, to: BOB, reason: banter })).toBe(E("AlreadyForfeited"));
    // The same forfeit again (a double click) changes nothing.
    expect(recordPoolAction(p, { type: "forfeit", id: "f1", by: GM, to: BOB, reason: banter })).toEqual({
      pools: p,
      entry: null,
    });
  });
});
