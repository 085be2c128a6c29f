/** The action ledger (src/engines/action/ledger/pool-actions.ts): actions on pools alone: insight, lucky break, the GM's awards, forfeits and takes. */
import { describe, expect, it } from "vitest";
import { applyPoolAction, type ActionPoolState, type PoolAction } from "../../../src/engines/action/index.ts";
import { GM, ALICE, BOB, pools, table, act, outcome, poolRefusal, E } from "./support.ts";

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

  it('docs/rules.md "a failed insight roll cannot be retried by the same player"', () => {
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

  it('docs/rules.md "Lucky break: only for a player who has spent no action dice this session: spends the whole pool; no more awards"', () => {
    let p: Readonly<Record<string, ActionPoolState>> = pools();
    p = applyPoolAction(p, { type: "luckyBreak", id: "l1", by: ALICE });
    expect(p[ALICE]).toMatchObject({ dice: [], luckyBreak: true, spent: 4 });
    expect(poolRefusal(p, { type: "award", id: "w", by: GM, to: ALICE, count: 1 })).toBe(E("AwardsBlocked"));
    expect(poolRefusal(p, { type: "luckyBreak", id: "l2", by: ALICE })).toBe(E("LuckyBreakTaken"));
    const spent = applyPoolAction(pools(), { type: "insight", id: "i", by: BOB, dice: 1, subject: "x" });
    expect(poolRefusal(spent, { type: "luckyBreak", id: "l", by: BOB })).toBe(E("LuckyBreakAfterSpend"));
  });

  it('docs/rules.md "Lucky break: ... class bonus dice count as action dice": class dice used refuse it, none used allow it', () => {
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

  it('docs/rules.md "The GM gains one die each time he awards one"', () => {
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
