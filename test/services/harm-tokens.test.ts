// @vitest-environment happy-dom
/**
 * Damage to tokens, on the test world's scenes (test/foundry/tokens.ts) in v13 and v14: the GM selects
 * one of two unlinked goblin tokens and applies a card's damage to the selected tokens; only that
 * token's own actor is hurt (the world goblin and the other token keep their health), its ledger line
 * names it, and Undo puts its health back. A linked token's damage lands on the world actor.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  GM,
  GOBLIN,
  OGRE,
  WOLF,
  bootHarmWorld,
  damageCard,
  ledgerOf,
  pressIn,
  type HarmWorld,
} from "./harm-world.ts";

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

const SCENE = "sceneHarm0000001";
const GOB_A = "tokenGoblinA0001";
const GOB_B = "tokenGoblinB0001";
const WOLF_TOKEN = "tokenWolf0000001";

async function boot(): Promise<void> {
  w = await bootHarmWorld({
    scenes: [
      {
        id: SCENE,
        name: "Ambush",
        tokens: [
          { _id: GOB_A, name: "Goblin A", actorId: GOBLIN },
          { _id: GOB_B, name: "Goblin B", actorId: GOBLIN },
          { _id: WOLF_TOKEN, name: "Wolf", actorId: WOLF, actorLink: true },
        ],
      },
    ],
  });
}

/** A token's actor's health as the GM's client reads it. */
function tokenHealth(tokenId: string): unknown {
  const scene = w.double.game.scenes.get(SCENE) as unknown as {
    tokens: { get(id: string): { actor: { system: { health: unknown } } } | undefined };
  };
  return scene.tokens.get(tokenId)!.actor.system.health;
}

function worldHealth(actorId: string): unknown {
  return (w.double.game.actors.get(actorId)!.system as { health: unknown }).health;
}

describe("applying to the selected tokens", () => {
  it("an unlinked token's own actor takes the damage, alone; Undo gives it back", async () => {
    await boot();
    const card = await damageCard(w, [], [3, 4], ALICE);
    w.double.control(GM, [GOB_A]);
    await pressIn(w, card, GM, '[data-harm-row][data-selection="selected"] button[data-multiplier="full"]');
    expect(tokenHealth(GOB_A)).toEqual({ value: 3, max: 10 });
    expect(tokenHealth(GOB_B)).toEqual({ value: 10, max: 10 });
    expect(worldHealth(GOBLIN)).toEqual({ value: 10, max: 10 });
    const [entry] = ledgerOf(w, card).entries;
    expect(entry).toMatchObject({ target: { actor: GOBLIN, token: GOB_A, scene: SCENE }, before: 10, after: 3 });
    await pressIn(w, card, GM, `[data-harm-entry="${entry!.id}"] [data-rb-action=harmUndo]`);
    expect(tokenHealth(GOB_A)).toEqual({ value: 10, max: 10 });
  });

  it("a linked token's damage lands on the world actor", async () => {
    await boot();
    const card = await damageCard(w, [], [1, 2], ALICE);
    w.double.control(ALICE, [WOLF_TOKEN]);
    await pressIn(w, card, ALICE, '[data-harm-row][data-selection="selected"] button[data-multiplier="full"]');
    expect(worldHealth(WOLF)).toEqual({ value: 3, max: 6 });
  });
});

describe("after a handover to the Assistant GM (issue 41 fault 6)", () => {
  it("a player's damage to a GM-owned NPC token is applied by the assistant, once, with no error", async () => {
    const { ASSISTANT, ASSISTANT_ONLY_USERS } = await import("../support/system.ts");
    w = await bootHarmWorld({
      userId: ASSISTANT,
      users: [...ASSISTANT_ONLY_USERS],
      scenes: [
        {
          id: SCENE,
          name: "Ambush",
          tokens: [
            { _id: GOB_A, name: "Goblin A", actorId: GOBLIN },
            { _id: WOLF_TOKEN, name: "Wolf", actorId: WOLF, actorLink: true },
          ],
        },
      ],
    });
    expect(w.double.game.users.activeGM?.id).toBe(ASSISTANT);
    const card = await damageCard(w, [], [3, 4], ALICE);
    w.double.control(ASSISTANT, [GOB_A]);
    await pressIn(w, card, ASSISTANT, '[data-harm-row][data-selection="selected"] button[data-multiplier="full"]');
    expect(tokenHealth(GOB_A)).toEqual({ value: 3, max: 10 });
    expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
  });
});

describe("a target the GM's client cannot see (issue 41 fault 7)", () => {
  const CAVE = "sceneCave0000001";
  const CAVE_OGRE = "tokenCaveOgre001";
  const HIDDEN = "tokenCaveGob0001";

  async function twoScenes(): Promise<void> {
    w = await bootHarmWorld({
      scenes: [
        { id: SCENE, name: "Ambush", tokens: [{ _id: GOB_A, name: "Goblin A", actorId: GOBLIN }] },
        {
          id: CAVE,
          name: "Cave",
          tokens: [
            { _id: CAVE_OGRE, name: "Cave ogre", actorId: OGRE },
            { _id: HIDDEN, name: "Lurker", actorId: GOBLIN, hidden: true },
          ],
        },
      ],
    });
    // Players may hurt others' tokens they target; the GM views the Ambush, Alice the Cave.
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "applyToOthers", "ask"));
    w.double.viewScene(GM, SCENE);
    w.double.viewScene(ALICE, CAVE);
    await w.double.settle();
  }

  const caveHealth = (tokenId: string) => {
    const scene = w.double.game.scenes.get(CAVE) as unknown as {
      tokens: { get(id: string): { actor: { system: { health: unknown } } } | undefined };
    };
    return w.double.actAs(GM, () => scene.tokens.get(tokenId)!.actor.system.health);
  };

  it("a damage link applied to the token Alice targets on a scene the GM does not view lands, checked by the GM from her request", async () => {
    await twoScenes();
    w.double.target(ALICE, [CAVE_OGRE]);
    await w.double.settle();
    // The GM's canvas holds none of her targets (another scene): its own copy would refuse her.
    expect(w.double.actAs(GM, () => [...w.double.game.users.get(ALICE)!.targets])).toEqual([]);
    const { linkTargets } = await import("../../src/services/harm/requests.ts");
    const result = await w.double.actAs(ALICE, () => w.harm.applyDamage(linkTargets(), 2));
    await w.double.settle();
    expect(result).toHaveLength(1);
    expect(caveHealth(CAVE_OGRE)).toEqual({ value: 10, max: 12 });
    expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it("a claimed target that is hidden from players, or one she does not name, is refused; nothing changes", async () => {
    await twoScenes();
    const { requestGmAction } = await import("../../src/services/gm-action.ts");
    const hidden = { actor: GOBLIN, token: HIDDEN, scene: CAVE };
    const forged = await w.double.actAs(ALICE, () =>
      requestGmAction(
        "harm.apply",
        { message: null, target: hidden, multiplier: "full", amount: 3, targeted: [hidden] },
        "forgedTarget0001",
      ),
    );
    await w.double.settle();
    expect(forged).toBeNull();
    expect(caveHealth(HIDDEN)).toEqual({ value: 10, max: 10 });
    // The GM's own copy of her targets no longer counts: a token she does not name is refused.
    w.double.viewScene(GM, CAVE);
    w.double.target(ALICE, [CAVE_OGRE]);
    await w.double.settle();
    const ogre = { actor: OGRE, token: CAVE_OGRE, scene: CAVE };
    const unnamed = await w.double.actAs(ALICE, () =>
      requestGmAction("harm.apply", { message: null, target: ogre, multiplier: "full", amount: 3 }, "forgedTarget0002"),
    );
    await w.double.settle();
    expect(unnamed).toBeNull();
    expect(caveHealth(CAVE_OGRE)).toEqual({ value: 12, max: 12 });
  });
});
