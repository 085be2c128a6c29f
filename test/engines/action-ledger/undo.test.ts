/** The action ledger (src/engines/action/ledger/undo.ts): declaring a result and the GM's undo. */
import { describe, expect, it } from "vitest";
import { applyCardAction, attachThrows, newCard, standing } from "../../../src/engines/action/index.ts";
import { GM, ALICE, BOB, table, act, outcome, refusal, E } from "./support.ts";

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
