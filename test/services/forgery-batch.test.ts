// @vitest-environment happy-dom
/**
 * The Quench batch rolling-bones.forgery ("nothing forged": a made-up ledger line's Undo refused, a
 * rewritten line's Undo restoring what the target's log recorded, a request repeated under its id
 * applied once) run against the test world as the GM, in v13 and v14: green as written.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GM, VEX, type World } from "./points-world.ts";
import { bootDuel } from "./duel-world.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const VICTIM = "actorVictim00001";
const VICTIM_DATA = { id: VICTIM, name: "Victim", type: "pool-npc", system: { health: { value: 10, max: 10 } } };

let w: World;
afterEach(() => w.double.uninstall());

describe("the Quench batch rolling-bones.forgery", () => {
  it("runs green against the world as the GM", async () => {
    // No targets to judge and no roll record to keep: the GM's createChatMessage work is left out, so
    // nothing it loads lazily outlives the test.
    w = await bootDuel([VICTIM_DATA], []);
    const { runForgeryScenario } = await import("../../src/quench/forgery-batch.ts");
    // What a card's controls load on demand when the cards redraw, loaded first (none of it after the test).
    await import("../../src/services/action-dice/index.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const green = recordingAssert();
    const mapping = await calibrate(throwD4);
    const posted = await w.double.actAs(GM, () => runForgeryScenario(actor(VEX), actor(VICTIM), mapping, green.assert));
    // Every client has drawn the cards and finished what they started (nothing outlives the test):
    // the cards' controls load on demand, so the world is settled again once they have.
    await w.double.settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await w.double.settle();
    expect(green.failures).toEqual([]);
    expect(posted).toHaveLength(1);
    expect((w.double.game.actors.get(VICTIM)!.system as { health: { value: number } }).health.value).toBe(10);
  });
});
