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
