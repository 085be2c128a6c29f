/** The action ledger: a declared insight roll's result stands (docs/rules.md §2; issue 29 item 16). */
import { describe, expect, it } from "vitest";
import { GM, ALICE, table, act, outcome, refusal, poolRefusal, E } from "./support.ts";

describe("action spends: a declared insight roll", () => {
  it('docs/rules.md "no late use (the three-strike leniency included) turns a declared failed insight roll into a success"', () => {
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

  it('docs/rules.md "a failure is recorded when the GM declares it, a secret DC included"', () => {
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
});
