import { describe, expect, it } from "vitest";
import {
  applyCardAction,
  attachThrows,
  cardMissing,
  cardOutcome,
  checkCardAction,
  engine,
  newCard,
  newPool,
  odds,
  validate,
  type ActionCardState,
  type ActionTable,
} from "../../src/engines/action/index.ts";
import { EngineError, fixedFaces, rollWith, type FaceSource } from "../../src/engines/shared/index.ts";

const ALICE = "alice";
const GM = "gm";

function errorKey(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof EngineError ? error.key : String(error);
  }
}

function settle(card: ActionCardState, source: FaceSource): ActionCardState {
  let c = card;
  for (let missing = cardMissing(c); missing !== null; missing = cardMissing(c)) {
    c = attachThrows(c, c.thrown.length, [{ ...missing, value: source.next(missing.faces) }]);
  }
  return c;
}

function table(card: ActionCardState): ActionTable {
  return {
    card,
    pools: {
      [ALICE]: newPool(ALICE, [{ faces: 6, count: 4 }]),
      [GM]: newPool(GM, [{ faces: 10, count: 5 }], { gm: true }),
    },
  };
}

describe("action: rolls of other dice (damage, initiative)", () => {
  it("a damage roll throws its formula's dice, adds the modifier, and has no botch or critical threat", () => {
    const out = rollWith(engine, { kind: "damage", base: [8, 6], modifier: 2 }, fixedFaces([1, 6]));
    expect(out.base).toEqual([
      { faces: 8, value: 1, replaced: [] },
      { faces: 6, value: 6, replaced: [] },
    ]);
    expect(out.dice.map((d) => [d.faces, d.role, d.value])).toEqual([
      [8, "die", 1],
      [6, "die", 6],
    ]);
    expect(out.natural).toBe(7);
    expect(out.total).toBe(9);
    expect(out.potentialBotch).toBe(false);
    expect(out.criticalThreat).toBe(false);
    expect(out.botchRange).toBe(0);
  });

  it("re-rolls the die it names and keeps the others; the replaced face is recorded on that die", () => {
    const out = rollWith(
      engine,
      { kind: "damage", base: [8, 6], modifier: 0, rerolls: [{ target: 1 }] },
      fixedFaces([5, 2, 4]),
    );
    expect(out.base).toEqual([
      { faces: 8, value: 5, replaced: [] },
      { faces: 6, value: 4, replaced: [2] },
    ]);
    expect(out.replaced).toEqual([2]);
    expect(out.total).toBe(9);
    // The re-roll is a d6 (the die it replaces), marked as the re-roll role; the replaced die is marked re-rolled.
    expect(out.dice.map((d) => [d.faces, d.role, d.marks])).toEqual([
      [8, "die", ["kept"]],
      [6, "die", ["rerolled"]],
      [6, "reroll", ["kept"]],
    ]);
  });

  it("an initiative roll is a d20 with neither botch nor critical threat", () => {
    const out = rollWith(engine, { kind: "initiative", modifier: 3, botchRange: 4 }, fixedFaces([1]));
    expect(out.total).toBe(4);
    expect(out.potentialBotch).toBe(false);
    expect(out.botchActivatable).toBe(false);
    const twenty = rollWith(engine, { kind: "initiative" }, fixedFaces([20]));
    expect(twenty.criticalThreat).toBe(false);
  });

  it("refuses other dice on a d20 kind, a die it does not have to re-roll, and bad dice", () => {
    expect(errorKey(() => validate({ kind: "attack", base: [8] }))).toBe("ROLLING_BONES.Error.BaseDiceKind");
    expect(errorKey(() => validate({ kind: "damage", base: [8], rerolls: [{ target: 1 }] }))).toBe(
      "ROLLING_BONES.Error.UnknownRerollTarget",
    );
    expect(errorKey(() => validate({ kind: "damage", base: [] }))).toBe("ROLLING_BONES.Error.OutOfRange");
    expect(errorKey(() => validate({ kind: "damage", base: [1] }))).toBe("ROLLING_BONES.Error.OutOfRange");
    expect(errorKey(() => validate({ kind: "damage", base: "1d8" as never }))).toBe("ROLLING_BONES.Error.NotAList");
  });

  it("odds of a damage roll are those of its dice plus the modifier", () => {
    const o = odds({ kind: "damage", base: [6, 6], modifier: 1 });
    expect(o.mean).toBeCloseTo(8, 12);
    expect(o.pPotentialBotch).toBe(0);
    // 2d6 shows 7 in 6 of 36 ways; with +1 that is a total of 8. The lowest total is 3.
    expect(o.total["8"]).toBeCloseTo(6 / 36, 12);
    expect(o.total["2"] ?? 0).toBe(0);
    expect(o.total["3"]).toBeCloseTo(1 / 36, 12);
  });
});

describe("action spends on a damage card", () => {
  it("the roller augments and re-rolls a chosen die; the card names it", () => {
    let t = table(settle(newCard({ kind: "damage", base: [8, 4], modifier: 1 }, ALICE), fixedFaces([2, 3])));
    t = applyCardAction(t, { type: "reroll", id: "r1", by: ALICE, die: 1 });
    t = { ...t, card: settle(t.card, fixedFaces([4])) };
    t = applyCardAction(t, { type: "augment", id: "a1", by: ALICE, faces: 6 });
    t = { ...t, card: settle(t.card, fixedFaces([3])) };
    const out = cardOutcome(t.card);
    expect(out?.base.map((b) => b.value)).toEqual([2, 4]);
    expect(out?.base[1]?.replaced).toEqual([3]);
    expect(out?.total).toBe(2 + 4 + 1 + 3);
    expect(t.card.request.rerolls).toEqual([{ target: 1, after: 0 }]);
  });

  it("refuses a re-roll of a die the roll does not have, and an augment on a locked card", () => {
    const t = table(settle(newCard({ kind: "damage", base: [8] }, ALICE), fixedFaces([2])));
    const r = checkCardAction(t, { type: "reroll", id: "r1", by: ALICE, die: 3 });
    expect(r.ok ? null : r.error.key).toBe("ROLLING_BONES.Error.UnknownRerollTarget");
    const locked = { ...t, card: { ...t.card, locked: true } };
    const a = checkCardAction(locked, { type: "augment", id: "a1", by: ALICE, faces: 6 });
    expect(a.ok ? null : a.error.key).toBe("ROLLING_BONES.Error.InitiativeSet");
    expect(checkCardAction(t, { type: "augment", id: "a1", by: ALICE, faces: 6 }).ok).toBe(true);
  });
});
