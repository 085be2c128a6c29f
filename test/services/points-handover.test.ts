// @vitest-environment happy-dom
/**
 * A points spend across a GM handover (issue 41, fault 3). The GM's client pays a roll's points, then
 * reloads before its answer leaves: its memory of applied ids is gone, and the asker's request goes to
 * the assistant GM under the same id. The character's own spend log records that id, so the repeat is
 * answered from it: karma, a Character Point, a Fate Point or Willpower is paid once, and the roll is
 * posted with the entries of the one payment. Before the fix karma went 10 → 8 → 6, and a repeated Fate
 * Point or Willpower spend was refused although the point was gone (no card was posted).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ASSISTANT, reloadGmAfterFirstAction } from "../support/system.ts";
import {
  ALICE,
  BOB,
  BRANN,
  bootWorld,
  cardOf,
  d10s,
  d6s,
  errors,
  GM,
  rollFor,
  systemOf,
  VEX,
  WIL,
  type World,
} from "./points-world.ts";

vi.setConfig({ testTimeout: 30_000 });

let w: World;
afterEach(() => w.double.uninstall());

/** Boots the world with an assistant GM; the GM's client leaves right after it applied its first action. */
async function handoverWorld(): Promise<{ handedOver: () => boolean }> {
  w = await bootWorld({
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
      { id: ALICE, name: "Alice", role: "PLAYER" },
      { id: BOB, name: "Bob", role: "PLAYER" },
    ],
    latency: 40,
    queryLatency: 40,
  });
  return { handedOver: await reloadGmAfterFirstAction(w.double) };
}

describe("a points spend repeated after a GM handover is paid once (fault 3)", () => {
  it("karma: 10 → 8 once, the roll is posted with one karma entry", async () => {
    const world = await handoverWorld();
    d10s(w, 3, 10, 7);
    const id = await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
    expect(world.handedOver()).toBe(true);
    expect(w.double.game.users.activeGM?.id).toBe(ASSISTANT);
    expect(id).not.toBeNull();
    expect(systemOf(w, BRANN).karma).toBe(8);
    expect(cardOf(w, id!).points.ledger).toEqual([
      expect.objectContaining({ type: "karma", by: BOB, actorId: BRANN, cost: 2 }),
    ]);
    expect(errors(w)).toEqual([]);
  });

  it("a Fate Point: paid once and the roll is posted (not refused as already used this session)", async () => {
    const world = await handoverWorld();
    d6s(w, 2, 3, 4, 5, 3, 4, 5);
    const id = await rollFor(w, BOB, "wild", WIL, { dice: 2, outsideDice: 1, fatePoint: true });
    expect(world.handedOver()).toBe(true);
    expect(id).not.toBeNull();
    expect(systemOf(w, WIL)).toMatchObject({ fatePoints: 1, session: { fatePoints: 1 } });
    expect(cardOf(w, id!).outcome).toMatchObject({ fatePoint: true });
    expect(cardOf(w, id!).points.ledger).toEqual([expect.objectContaining({ type: "fatePoint", actorId: WIL })]);
    expect(errors(w)).toEqual([]);
  });

  it("Character Points: 7 → 5 once", async () => {
    const world = await handoverWorld();
    d6s(w, 2, 3, 4, 5, 3, 4);
    const id = await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 2 });
    expect(world.handedOver()).toBe(true);
    expect(id).not.toBeNull();
    expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 5, session: { characterPoints: 2 } });
    expect(errors(w)).toEqual([]);
  });

  it("Willpower: 2 → 1 once and the roll is posted (not refused as spent this turn)", async () => {
    const world = await handoverWorld();
    d10s(w, 7, 1, 3);
    const id = await rollFor(w, ALICE, "pool", VEX, { pool: 3, difficulty: 6, willpower: true });
    expect(world.handedOver()).toBe(true);
    expect(id).not.toBeNull();
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { permanent: 5, current: 1 } });
    expect(cardOf(w, id!).points.ledger).toEqual([expect.objectContaining({ type: "willpower", actorId: VEX })]);
    expect(errors(w)).toEqual([]);
  });

  it("another user's request under a paid spend's id is refused, and pays nothing", async () => {
    w = await bootWorld();
    d10s(w, 3, 10, 7);
    const gmAction = await import("../../src/services/gm-action.ts");
    const { POINTS_ACTIONS } = await import("../../src/services/points/names.ts");
    const spend = { actorId: BRANN, engine: "percentile", plan: { karmaDice: 1 } };
    expect(
      await w.double.actAs(BOB, () => gmAction.requestGmAction(POINTS_ACTIONS.spend, spend, "spendOnce0000001")),
    ).toMatchObject({ spendId: "spendOnce0000001" });
    await w.double.settle();
    expect(systemOf(w, BRANN).karma).toBe(8);
    gmAction.forgetGmActions();
    // The same id again from Bob, after the reload: the same receipt, nothing paid.
    const again = await w.double.actAs(BOB, () =>
      gmAction.requestGmAction(POINTS_ACTIONS.spend, spend, "spendOnce0000001"),
    );
    await w.double.settle();
    expect(again).toMatchObject({
      spendId: "spendOnce0000001",
      entries: [expect.objectContaining({ type: "karma", cost: 2 })],
    });
    expect(systemOf(w, BRANN).karma).toBe(8);
  });
});
