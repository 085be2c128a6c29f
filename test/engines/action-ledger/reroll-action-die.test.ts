/** The action ledger: re-rolling an action die used on the roll (docs/rules.md §2; issue 29 item 14). */
import { describe, expect, it } from "vitest";
import { diceLeft, newCard, validate, type ActionTable } from "../../../src/engines/action/index.ts";
import { EngineError } from "../../../src/engines/shared/index.ts";
import { GM, ALICE, BOB, table, act, outcome, refusal, E } from "./support.ts";

describe("action spends: re-rolling an action die", () => {
  /** Alice's check, d20 10 + 2 against DC 20, with a d6 used that cascaded 6, 6, 2 (total 14). */
  const augmented = (): ActionTable =>
    act(table({ modifier: 2, dc: 20 }, [10]), { type: "augment", id: "a", by: ALICE, faces: 6 }, [6, 6, 2]);

  it('docs/rules.md "re-rolling a used action die throws that die afresh: its old throw and cascade are replaced"', () => {
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
