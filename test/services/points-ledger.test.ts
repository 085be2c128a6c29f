/**
 * The Foundry-free bookkeeping of points: which points a request asks for, the checked spend (the
 * actor update and the card entries), giving points back, the session reset, the turn key, and what
 * dialogs and sheets show.
 */
import { describe, expect, it } from "vitest";
import type { PendingAssist, PointsEntry } from "../../src/dice/rolls/points-card.ts";
import { pointsLedgerView, readPointsRecord } from "../../src/dice/rolls/points-card.ts";
import { EngineError } from "../../src/engines/shared/index.ts";
import {
  isEmptyPlan,
  planFromRequest,
  SPEND_LOG_LENGTH,
  turnKey,
  type ActorPoints,
  type SpendContext,
} from "../../src/services/points/ledger.ts";
import { giveBackUpdate, planSpend, resetSessionCounters } from "../../src/services/points/spends.ts";
import { dialogPointsOf, willpowerTurnState } from "../../src/services/points/views.ts";

const CTX: SpendContext = { id: "spend00000000001", by: "userA", session: 4, cpSessionLimit: 5, turn: null };

const assist = (id: string, effect: "bonus" | "penalty" = "bonus"): PendingAssist => ({
  id,
  effect,
  level: effect === "bonus" ? "good" : "inferior",
  from: "message000000001",
  by: "userB",
  assistant: "Brann",
});

function actor(type: string, system: object, extra: Partial<ActorPoints> = {}): ActorPoints {
  return { id: "actor00000000001", name: "Hero", type, system, assists: [], willpowerTurn: null, spends: [], ...extra };
}

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof EngineError) return error.key.replace("ROLLING_BONES.Error.", "");
    throw error;
  }
}

describe("the points a request asks for", () => {
  it("reads karma dice, Character Points, a Fate Point and Willpower from each engine's request", () => {
    expect(planFromRequest("percentile", { karmaDice: 2 }, ["a1"])).toEqual({ karmaDice: 2, assists: ["a1"] });
    expect(planFromRequest("wild", { characterPoints: 1, fatePoint: false })).toEqual({
      characterPoints: 1,
      fatePoint: false,
    });
    expect(planFromRequest("pool", { willpower: true })).toEqual({ willpower: true });
    expect(planFromRequest("pi", { pool: [8, 4] })).toEqual({});
    expect(isEmptyPlan(planFromRequest("percentile", { karmaDice: 0 }))).toBe(true);
    expect(isEmptyPlan(planFromRequest("pool", { willpower: true }))).toBe(false);
  });
});

describe("a checked spend", () => {
  it("karma: the cost comes off, taken assists leave the flags, one entry each, logged for rollback", () => {
    const a = actor("percentile-character", { karma: 5 }, { assists: [assist("a1"), assist("a2", "penalty")] });
    const { update, entries } = planSpend("percentile", a, { karmaDice: 2, assists: ["a2"] }, CTX);
    expect(update["system.karma"]).toBe(1);
    expect(update["flags.rolling-bones.assists"]).toEqual([assist("a1")]);
    expect(entries.map((e) => e.type)).toEqual(["karma", "assistReceived"]);
    expect(entries[0]).toMatchObject({ id: "spend00000000001-karma", dice: 2, cost: 4, by: "userA", undone: false });
    expect(update["flags.rolling-bones.spends"]).toEqual([{ id: CTX.id, by: "userA", entries }]);
  });

  it("refuses what the engines refuse, and an assist no longer waiting", () => {
    const a = actor("percentile-character", { karma: 3 });
    expect(code(() => planSpend("percentile", a, { karmaDice: 2 }, CTX))).toBe("NotEnoughKarma");
    expect(code(() => planSpend("percentile", a, { assists: ["gone"] }, CTX))).toBe("PointsAssistGone");
    expect(code(() => planSpend("wild", a, { characterPoints: 1 }, CTX))).toBe("PointsWrongCharacter");
  });

  it("wild: Character Points and the session counter, the limit, one Fate Point per session", () => {
    const w = actor("wild-character", {
      characterPoints: 7,
      fatePoints: 2,
      session: { characterPoints: 3, fatePoints: 0 },
    });
    const cp = planSpend("wild", w, { characterPoints: 2 }, CTX);
    expect(cp.update).toMatchObject({ "system.characterPoints": 5, "system.session.characterPoints": 5 });
    expect(cp.entries[0]).toMatchObject({ type: "characterPoints", points: 2, session: 4 });
    expect(code(() => planSpend("wild", w, { characterPoints: 3 }, CTX))).toBe("CharacterPointSessionLimit");
    expect(code(() => planSpend("wild", w, { characterPoints: 3 }, { ...CTX, cpSessionLimit: 6 }))).toBeNull();
    const fp = planSpend("wild", w, { fatePoint: true }, CTX);
    expect(fp.update).toMatchObject({ "system.fatePoints": 1, "system.session.fatePoints": 1 });
    const used = actor("wild-character", {
      characterPoints: 7,
      fatePoints: 2,
      session: { characterPoints: 0, fatePoints: 1 },
    });
    expect(code(() => planSpend("wild", used, { fatePoint: true }, CTX))).toBe("FatePointUsedThisSession");
    expect(code(() => planSpend("wild", w, { fatePoint: true, characterPoints: 1 }, CTX))).toBe("PointsOnSameRoll");
  });

  it("pool: one Willpower point, the turn recorded in combat", () => {
    const p = actor("pool-character", { willpower: { permanent: 5, current: 2 } });
    const inCombat = planSpend("pool", p, { willpower: true }, { ...CTX, turn: "c:2" });
    expect(inCombat.update).toMatchObject({
      "system.willpower.current": 1,
      "flags.rolling-bones.willpowerTurn": "c:2",
    });
    const outside = planSpend("pool", p, { willpower: true }, CTX);
    expect(outside.update).not.toHaveProperty("flags.rolling-bones.willpowerTurn");
    const spent = actor("pool-character", { willpower: { permanent: 5, current: 2 } }, { willpowerTurn: "c:2" });
    expect(code(() => planSpend("pool", spent, { willpower: true }, { ...CTX, turn: "c:2" }))).toBe(
      "WillpowerUsedThisTurn",
    );
  });

  it("a plan that takes nothing writes nothing", () => {
    expect(planSpend("pi", actor("pi-character", {}), {}, CTX)).toEqual({ update: {}, entries: [] });
  });

  it("the spend log keeps the latest spends only", () => {
    const spends = Array.from({ length: SPEND_LOG_LENGTH }, (_, i) => ({ id: `old${i}`, by: "u", entries: [] }));
    const a = actor("percentile-character", { karma: 9 }, { spends });
    const { update } = planSpend("percentile", a, { karmaDice: 1 }, CTX);
    const log = update["flags.rolling-bones.spends"] as { id: string }[];
    expect(log).toHaveLength(SPEND_LOG_LENGTH);
    expect(log[0]?.id).toBe("old1");
    expect(log.at(-1)?.id).toBe(CTX.id);
  });
});

describe("giving points back", () => {
  it("undoes exactly what the spend took, in this session", () => {
    const before = actor("wild-character", {
      characterPoints: 7,
      fatePoints: 2,
      session: { characterPoints: 1, fatePoints: 0 },
    });
    const { entries } = planSpend("wild", before, { characterPoints: 2 }, CTX);
    const after = actor("wild-character", {
      characterPoints: 5,
      fatePoints: 2,
      session: { characterPoints: 3, fatePoints: 0 },
    });
    expect(giveBackUpdate(entries, after, { session: 4 })).toEqual({
      "system.characterPoints": 7,
      "system.session.characterPoints": 1,
    });
    // in a later session the counter was reset: only the points come back
    expect(giveBackUpdate(entries, after, { session: 5 })).toEqual({ "system.characterPoints": 7 });
  });

  it("a Willpower point never above the permanent rating; the round is freed only if still recorded", () => {
    const entry: PointsEntry = {
      id: "e",
      type: "willpower",
      by: "u",
      actorId: "actor00000000001",
      turn: "c:2",
      undone: false,
      undoneBy: null,
    };
    const p = (current: number, turn: string | null) =>
      actor("pool-character", { willpower: { permanent: 3, current } }, { willpowerTurn: turn });
    expect(giveBackUpdate([entry], p(1, "c:2"), { session: 0 })).toEqual({
      "system.willpower.current": 2,
      "flags.rolling-bones.willpowerTurn": null,
    });
    expect(giveBackUpdate([entry], p(3, "c:3"), { session: 0 })).toEqual({ "system.willpower.current": 3 });
  });

  it("a used assist waits again; a rollback drops the logged spend", () => {
    const a = actor("percentile-character", { karma: 5 }, { assists: [assist("a1")] });
    const { entries, update } = planSpend("percentile", a, { karmaDice: 1, assists: ["a1"] }, CTX);
    const spent = actor(
      "percentile-character",
      { karma: 3 },
      { assists: [], spends: update["flags.rolling-bones.spends"] as ActorPoints["spends"] },
    );
    expect(giveBackUpdate(entries, spent, { session: 4, dropSpend: CTX.id })).toEqual({
      "system.karma": 5,
      "flags.rolling-bones.assists": [assist("a1")],
      "flags.rolling-bones.spends": [],
    });
  });

  it("leaves out undone entries, picks, given assists and other characters' entries", () => {
    const entries: PointsEntry[] = [
      { id: "1", type: "karma", by: "u", actorId: "actor00000000001", dice: 1, cost: 2, undone: true, undoneBy: "g" },
      { id: "2", type: "karma", by: "u", actorId: "someoneElse00001", dice: 1, cost: 2, undone: false, undoneBy: null },
      { id: "3", type: "pick", by: "u", pick: [0, 1], previous: null, undone: false, undoneBy: null },
    ];
    expect(giveBackUpdate(entries, actor("percentile-character", { karma: 1 }), { session: 0 })).toEqual({});
  });
});

describe("session counters and turns", () => {
  it("resetSessionCounters zeroes a wild character's counters, or says there is nothing to reset", () => {
    expect(resetSessionCounters({ session: { characterPoints: 3, fatePoints: 1 } })).toEqual({
      "system.session.characterPoints": 0,
      "system.session.fatePoints": 0,
    });
    expect(resetSessionCounters({ session: { characterPoints: 0, fatePoints: 0 } })).toBeNull();
  });

  it("a turn is a started combat's round, for its combatants only", () => {
    const combat = { id: "c", round: 3, started: true, combatants: [{ actorId: "a" }, { actorId: null }] };
    expect(turnKey(combat, "a")).toBe("c:3");
    expect(turnKey(combat, "b")).toBeNull();
    expect(turnKey({ ...combat, started: false }, "a")).toBeNull();
    expect(turnKey(null, "a")).toBeNull();
  });
});

describe("what dialogs and sheets show", () => {
  it("the dialog's figures per engine", () => {
    const ctx = { cpSessionLimit: 4, turn: "c:1" };
    expect(dialogPointsOf(actor("percentile-character", { karma: 6 }, { assists: [assist("a")] }), ctx)).toMatchObject({
      karma: 6,
      assists: [assist("a")],
      wild: null,
      willpower: null,
    });
    expect(
      dialogPointsOf(
        actor("wild-character", { characterPoints: 3, fatePoints: 1, session: { characterPoints: 1, fatePoints: 0 } }),
        ctx,
      )?.wild,
    ).toEqual({ characterPoints: 3, fatePoints: 1, cpUsed: 1, fpUsed: 0, cpLimit: 4 });
    expect(
      dialogPointsOf(actor("pool-character", { willpower: { permanent: 4, current: 2 } }), ctx)?.willpower,
    ).toEqual({
      current: 2,
      permanent: 4,
      spentInTurn: null,
      turn: "c:1",
    });
    expect(dialogPointsOf(actor("pi-character", {}), ctx)).toBeNull();
    expect(dialogPointsOf(actor("action-character", {}), ctx)).toBeNull();
  });

  it("this turn's Willpower on a sheet", () => {
    const p = actor("pool-character", {}, { willpowerTurn: "c:1" });
    expect(willpowerTurnState(p, null)).toBe("perRoll");
    expect(willpowerTurnState(p, "c:1")).toBe("spent");
    expect(willpowerTurnState(p, "c:2")).toBe("available");
  });

  it("a card's ledger lines: labels by kind, names from the record, picks as dice", () => {
    const record = readPointsRecord({
      actorId: "a",
      ledger: [
        { id: "k", type: "karma", by: "u", actorId: "a", dice: 2, cost: 4, undone: true, undoneBy: "g" },
        { id: "p", type: "pick", by: "u", pick: [0, 2], previous: null, undone: false, undoneBy: null },
        {
          id: "s",
          type: "assistGiven",
          by: "u",
          actorId: "b",
          assist: assist("x", "penalty"),
          undone: false,
          undoneBy: null,
        },
      ],
      names: { u: "Alice", g: "Gamemaster", a: "Ayla", b: "Brann" },
    });
    const view = pointsLedgerView(record, [
      { slot: 0, faces: 8, value: 5 },
      { slot: 2, faces: 4, value: 2 },
    ]);
    expect(view.lines).toEqual([
      expect.objectContaining({
        label: "ROLLING_BONES.Points.Ledger.karma",
        count: 4,
        detail: "2",
        actor: "Ayla",
        who: "Alice",
        undoneBy: "Gamemaster",
      }),
      expect.objectContaining({ label: "ROLLING_BONES.Points.Ledger.pick", detail: "d8 (5) + d4 (2)", undoneBy: null }),
      expect.objectContaining({ label: "ROLLING_BONES.Points.Ledger.assistGiven.penalty", actor: "Brann" }),
    ]);
    expect(readPointsRecord(null).ledger).toEqual([]);
    expect(readPointsRecord({ ledger: "nope" }).ledger).toEqual([]);
  });
});
