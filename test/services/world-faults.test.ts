/**
 * Faults a world of several clients with latency exposes (issue 15), each proven on the test world:
 * the GM's privileged work never waits for a 3D animation, and a request filed in a user's flags is
 * removed whatever happens.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, BOB, bootWorld, control, GM, rollAs, nextFaces, type World } from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** Resolves with the promise's value, or with `"pending"` when it has not settled after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((r) => setTimeout(() => r("pending"), ms))]);
}

describe("Dice So Nice on the GM's client", () => {
  it("a player's augment is answered while the GM's tab is hidden; the animation waits, not the action", async () => {
    w = await bootWorld({ latency: 3, queryLatency: 3 });
    const dsn = w.double.installDiceSoNice();
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    const id = await rollAs(w, ALICE, { modifier: 2, dc: 18 }, [[12, 20]]);
    await w.double.settle();
    w.double.setPageVisible(GM, false);
    nextFaces(w, [[3, 4]]);
    // today the GM's action awaits showForRoll: the reply never comes while the tab is hidden
    expect(await within(control(w, ALICE, id, { type: "augment", faces: 4 }), 1_000)).toBe(true);
    // and the GM's queue is free for the next player
    const bobs = await rollAs(w, BOB, { modifier: 0, dc: 10 }, [[5, 20]]);
    await w.double.settle();
    nextFaces(w, [[2, 6]]);
    expect(await within(control(w, BOB, bobs, { type: "augment", faces: 6 }), 1_000)).toBe(true);
    expect(dsn.pending(GM)).toBe(2);
    w.double.setPageVisible(GM, true);
    expect(dsn.pending(GM)).toBe(0);
  }, 20_000);
});

describe("requests filed in a user's flags", () => {
  const filed = (userId: string) =>
    w.double.actAs(userId, () => w.double.game.users.get(userId)?.getFlag("rolling-bones", "requests") ?? {});

  it("are removed when the GM's action fails with an error, not only when it is applied or refused", async () => {
    w = await bootWorld({ userId: ALICE, latency: 3, queryLatency: 3 });
    const { registerGmAction, requestGmAction } = await import("../../src/services/gm-action.ts");
    registerGmAction("test.broken", {
      run: async () => {
        throw new Error("a bug on the GM's side");
      },
    });
    registerGmAction("test.refused", {
      run: async () => {
        const { EngineError } = await import("../../src/engines/index.ts");
        throw new EngineError("GmOnly");
      },
    });
    expect(await w.double.actAs(ALICE, () => requestGmAction("test.broken", {}))).toBeNull();
    expect(await w.double.actAs(ALICE, () => requestGmAction("test.refused", {}))).toBeNull();
    await w.double.settle();
    expect(filed(ALICE)).toEqual({});
    expect(filed(GM)).toEqual({});
  });

  it("left behind by an asker are cleared by the active GM when the world becomes ready", async () => {
    w = await bootWorld({ latency: 3 });
    await w.double.actAs(BOB, () =>
      w.double.game.users.get(BOB)?.setFlag("rolling-bones", "requests.stale0000000001", { name: "x", data: {} }),
    );
    // the GM has seen the one-time ART notice (a dialog the double does not render)
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "artNoticeShown", true));
    await w.double.settle();
    const { onReady } = await import("../../src/hooks/ready.ts");
    // a player's client getting ready changes nothing
    await w.double.actAs(ALICE, () => onReady());
    await w.double.settle();
    expect(Object.keys(filed(BOB))).toEqual(["stale0000000001"]);
    await w.double.actAs(GM, () => onReady());
    await w.double.settle();
    expect(filed(BOB)).toEqual({});
  });
});

describe("chat cards in a world that just started", () => {
  it("render only once their templates and partials have loaded", async () => {
    w = await bootWorld({ userId: ALICE, templateLoad: 40 });
    // the first roll right after init: its card uses the dice partials, still on their way
    const id = await rollAs(w, ALICE, { modifier: 2, dc: 18 }, [[12, 20]]);
    const html = await w.double.actAs(ALICE, () => w.double.game.messages.get(id)!.rolls[0]!.render());
    expect(html).toContain("rb-die");
  });
});
