/**
 * What only the GM grants stays with the GM (issue 29, items 1 and the shared rule in docs/rules.md): the
 * players' action-dice pools (with awards, forfeits and failed insight) and the characters' class
 * dice live in world settings only a GM may write. A player's macro may write her own User flags and
 * the actors she owns, as Foundry allows: nothing she writes there changes what the active GM then
 * honours. On the multi-client world (v13 and v14), as the player who would abuse it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ActorSpec } from "../foundry/index.ts";
import {
  ALICE,
  BOB,
  CHARACTERS,
  control,
  countOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  startedWorld,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";

const AYLA = "actorAyla0000001";

/** Ayla (Alice's) has 2d8 class dice. */
const ACTORS: ActorSpec[] = CHARACTERS.map((c) =>
  c.id === AYLA ? { ...c, system: { ...c.system, classDice: { faces: 8, count: 2 } } } : c,
);

let w: World;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld({ actors: ACTORS });
  return w;
}

/** A forged pool of 99d4 for Alice in this session, with nothing spent, no forfeit and a huge revision. */
function forgedPool(session: number) {
  return {
    session,
    rev: 999,
    state: {
      userId: ALICE,
      gm: false,
      dieFaces: 4,
      dice: [{ faces: 4, count: 99 }],
      spent: 0,
      luckyBreak: false,
      forfeited: false,
      failedInsight: [],
      applied: [],
    },
  };
}

/** The class dice a character has left this session, as `userId`'s client reads them. */
function classLeft(userId: string): number {
  return w.double.actAs(userId, () => w.service.classPoolNow(w.double.game.actors.get(AYLA) as never)?.state.left ?? 0);
}

describe("a player's macro on her own User flags and actors", () => {
  it("a forged pool in Alice's User flags is not hers: a 50-die insight is refused, a use takes from her real 3d4", async () => {
    await started();
    // Foundry lets a player write her own User flags: the macro succeeds.
    await w.double.actAs(ALICE, () =>
      w.double.game.user.setFlag("rolling-bones", "actionPool", forgedPool(1) as never),
    );
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(3);
    const before = stateSnapshot(w);
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("the vault", 50))).toBe(false);
    expect(errors(w)).toHaveLength(1);
    expect(stateSnapshot(w)).toBe(before);
    // A die used on her roll comes out of the pool the GM keeps.
    const card = await rollAs(w, ALICE, { dc: 15 }, [[10, 20]]);
    nextFaces(w, [[2, 4]]);
    expect(await control(w, ALICE, card, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(w.double.actAs(GM, () => countOf(w, ALICE))).toBe(2);
    // The GM's panel shows the same.
    const { gmPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { gmPanelView } = await import("../../src/applications/action-dice/views.ts");
    const alice = w.double.actAs(GM, () => gmPanelView(gmPanelFacts())).players.find((p) => p.id === ALICE);
    expect(alice?.dice).toContain("2d4");
  });

  it("a forfeit stays: Alice's flags saying otherwise do not lift it, and the GM's award is refused", async () => {
    await started();
    expect(await w.double.actAs(GM, () => w.service.forfeitAwards(ALICE, "Banter"))).toBe(true);
    await w.double.settle();
    await w.double.actAs(ALICE, () =>
      w.double.game.user.setFlag("rolling-bones", "actionPool", forgedPool(1) as never),
    );
    await w.double.settle();
    expect(await w.double.actAs(GM, () => w.service.award(ALICE, "Found the trapdoor"))).toBe(false);
    expect(errors(w)).toEqual([errorText("AwardsForfeited")]);
  });

  it("forged class dice on Ayla (an actor Alice owns) are not spent: her 2d8 are", async () => {
    await started();
    const forged = { session: 1, rev: 999, state: { actorId: AYLA, faces: 8, left: 99, spent: 0 } };
    await w.double.actAs(ALICE, () =>
      w.double.game.actors.get(AYLA)!.setFlag("rolling-bones", "classDicePool", forged as never),
    );
    await w.double.settle();
    expect(classLeft(ALICE)).toBe(2);
    const card = await rollAs(w, ALICE, { dc: 15 }, [[20, 20]], {
      speaker: { actor: AYLA, alias: "Ayla" } as never,
    });
    const before = stateSnapshot(w);
    expect(await control(w, ALICE, card, { type: "critical", dice: 3, source: "class" })).toBe(false);
    expect(errors(w)).toHaveLength(1);
    expect(stateSnapshot(w)).toBe(before);
    expect(await control(w, ALICE, card, { type: "critical", dice: 2, source: "class" })).toBe(true);
    await w.double.settle();
    expect(classLeft(GM)).toBe(0);
    expect(classLeft(ALICE)).toBe(0);
  });

  it("the settings themselves refuse a player: writing her pool or her class dice there throws and changes nothing", async () => {
    await started();
    const before = stateSnapshot(w);
    await expect(
      w.double.actAs(ALICE, () =>
        w.double.game.settings.set("rolling-bones", "actionPlayerPools", { [ALICE]: forgedPool(1) }),
      ),
    ).rejects.toThrow();
    await expect(
      w.double.actAs(BOB, () => w.double.game.settings.set("rolling-bones", "actionClassPools", {})),
    ).rejects.toThrow();
    await w.double.settle();
    expect(stateSnapshot(w)).toBe(before);
    expect(countOf(w, ALICE)).toBe(3);
  });
});
