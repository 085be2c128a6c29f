// @vitest-environment happy-dom
/**
 * The Quench batch rolling-bones.fight ("a fight": initiative, an attack on a target, damage applied
 * from its card, a condition expiring, defeat, undo) run against the test world as the GM, in v13
 * and v14 (vitest.world.config.ts): green as written, and red where the world would not do what the
 * scenario checks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GM, VEX, WIL, type World } from "./points-world.ts";
import { bootDuel } from "./duel-world.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const THUG = "actorThug0000001";
const THUG_DATA = { id: THUG, name: "Thug", type: "pool-npc", system: { defence: 6, health: { value: 5, max: 5 } } };

let w: World;
afterEach(() => w.double.uninstall());

async function boot(): Promise<void> {
  w = await bootDuel([THUG_DATA], ["createChatMessage", "updateCombat"]);
}

/** A combat of Vex and the thug, the world's active one, not started. */
function combat() {
  const made = w.double.createCombat({
    id: "combatQuench0001",
    combatants: [
      { id: "combatantVex0001", actorId: VEX, name: "Vex" },
      { id: "combatantThug001", actorId: THUG, name: "Thug" },
    ],
  });
  w.double.game.combat = made as never;
  return made;
}

describe("the Quench batch rolling-bones.fight", () => {
  it("runs green against the world as the GM", async () => {
    await boot();
    const { runFightScenario } = await import("../../src/quench/fight-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const green = recordingAssert();
    const mapping = await calibrate(throwD4);
    const fight = combat();
    const posted = await w.double.actAs(GM, () =>
      runFightScenario(actor(VEX), "Sword", actor(THUG), fight as never, mapping, green.assert),
    );
    expect(green.failures).toEqual([]);
    expect(posted.length).toBe(3);
  });

  it("fails where the world does not expire the condition (the GM's combat hook left out)", async () => {
    w = await bootDuel([THUG_DATA], ["createChatMessage"]);
    const { runFightScenario } = await import("../../src/quench/fight-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const red = recordingAssert();
    const mapping = await calibrate(throwD4);
    const fight = combat();
    await w.double.actAs(GM, () =>
      runFightScenario(actor(VEX), "Sword", actor(THUG), fight as never, mapping, red.assert),
    );
    expect(red.failures).toEqual(["Impaired ended with his turn"]);
  });
});

describe("the Quench fight batch's miss check (issue 35 points 3 and 4)", () => {
  const BRUISER = "actorBruiser0001";
  const BRUISER_DATA = {
    id: BRUISER,
    name: "Bruiser",
    type: "pool-npc",
    system: { defence: 9, health: { value: 8, max: 8 } },
  };

  it("runs green against the world as the GM: the miss takes damage only as forced, the sheet shows the defence", async () => {
    w = await bootDuel([THUG_DATA, BRUISER_DATA], ["createChatMessage"]);
    const { runMissScenario } = await import("../../src/quench/fight-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const green = recordingAssert();
    const mapping = await calibrate(throwD4);
    const posted = await w.double.actAs(GM, () =>
      runMissScenario(actor(VEX), "Sword", actor(THUG), actor(BRUISER), mapping, green.assert),
    );
    expect(green.failures).toEqual([]);
    expect(posted).toHaveLength(2);
  });

  it("fails where the card's verdicts are the other way round (the bruiser hit, the thug missed)", async () => {
    w = await bootDuel([THUG_DATA, BRUISER_DATA], ["createChatMessage"]);
    const { runMissScenario } = await import("../../src/quench/fight-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const red = recordingAssert();
    const mapping = await calibrate(throwD4);
    await w.double.actAs(GM, () =>
      runMissScenario(actor(VEX), "Sword", actor(BRUISER), actor(THUG), mapping, red.assert),
    );
    expect(red.failures.length).toBeGreaterThan(0);
  });
});

describe("the Quench fight batch's choices check (issue 35 point 5)", () => {
  it("runs green on a Wild Die character, and fails on one whose engine the Stunned condition does not move", async () => {
    w = await bootDuel([THUG_DATA], ["createChatMessage"]);
    const { runChoicesScenario } = await import("../../src/quench/fight-batch.ts");
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const green = recordingAssert();
    await w.double.actAs(GM, () => runChoicesScenario(actor(WIL), green.assert));
    expect(green.failures).toEqual([]);
    const red = recordingAssert();
    await w.double.actAs(GM, () => runChoicesScenario(actor(VEX), red.assert));
    expect(red.failures.length).toBeGreaterThan(0);
  });
});
