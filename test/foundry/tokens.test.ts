/**
 * The test world's scenes and tokens (tokens.ts): linked and unlinked tokens and their actors, control
 * (owners only), the speaker of a message, targets per client, the token HUD's status toggles (v13
 * array, v14 record with `hud`), and a combatant's token and `defeated`.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ChatMessage, type FoundryDouble, installWorld, WORLD_USERS } from "./index.ts";

const { GM, ALICE, BOB } = WORLD_USERS;
const AYLA = "actorAyla0000001";
const GOBLIN = "actorGoblin00001";
const SCENE = "sceneCave0000001";

let double: FoundryDouble;
afterEach(() => double.uninstall());

/** A world with Ayla (Alice's, linked token) and a goblin (the GM's, two unlinked tokens) on one scene. */
function world(generation: 13 | 14 = 13, userId: string = ALICE): FoundryDouble {
  double = installWorld({
    generation,
    userId,
    actors: [
      { id: AYLA, name: "Ayla", type: "pool-character", system: { health: 5 }, ownership: { [ALICE]: 3 } },
      { id: GOBLIN, name: "Goblin", type: "npc", system: { health: 3 } },
    ],
    users: [
      { id: GM, name: "Gamemaster", role: "GM" },
      { id: ALICE, name: "Alice", role: "PLAYER", character: AYLA },
      { id: BOB, name: "Bob", role: "PLAYER" },
    ],
    scenes: [
      {
        id: SCENE,
        name: "Cave",
        active: true,
        tokens: [
          { _id: "tokenAyla0000001", name: "Ayla", actorId: AYLA, actorLink: true },
          { _id: "tokenGoblinA0001", name: "Goblin A", actorId: GOBLIN },
          { _id: "tokenGoblinB0001", name: "Goblin B", actorId: GOBLIN },
        ],
      },
    ],
  });
  return double;
}

interface LooseActor {
  id: string;
  name: string;
  isToken: boolean;
  system: { health: number };
  update(changes: object): Promise<unknown>;
}
const actorOf = (userId: string, tokenId: string) => double.token(userId, tokenId).actor as unknown as LooseActor;

describe("tokens and their actors", () => {
  it("a linked token's actor is the world actor; an unlinked token's a synthetic actor whose changes stay on that token", async () => {
    world(13, GM);
    expect(actorOf(GM, "tokenAyla0000001")).toBe(double.game.actors.get(AYLA));
    const a = actorOf(GM, "tokenGoblinA0001");
    expect([a.id, a.isToken, a.system.health]).toEqual([GOBLIN, true, 3]);
    await a.update({ "system.health": 1 });
    await double.settle();
    expect(actorOf(BOB, "tokenGoblinA0001").system.health).toBe(1);
    expect(actorOf(BOB, "tokenGoblinB0001").system.health).toBe(3);
    expect((double.game.actors.get(GOBLIN) as unknown as LooseActor).system.health).toBe(3);
    expect(double.storedDelta(SCENE, "tokenGoblinA0001")).toEqual({ system: { health: 1 } });
    expect(double.storedActors().find((x) => x.id === GOBLIN)?.system).toEqual({ health: 3 });
  });

  it("a player controls only the tokens it owns; the speaker is the controlled token, else the character, else the user", () => {
    world(13, ALICE);
    expect(() => double.control(ALICE, ["tokenGoblinA0001"])).toThrow(/may not control/);
    expect(ChatMessage.getSpeaker()).toEqual({ scene: SCENE, actor: AYLA, token: "tokenAyla0000001", alias: "Ayla" });
    double.control(GM, ["tokenGoblinB0001"]);
    expect(double.actAs(GM, () => ChatMessage.getSpeaker())).toEqual({
      scene: SCENE,
      actor: GOBLIN,
      token: "tokenGoblinB0001",
      alias: "Goblin B",
    });
    expect(double.actAs(BOB, () => ChatMessage.getSpeaker())).toEqual({
      scene: null,
      actor: null,
      token: null,
      alias: "Bob",
    });
    double.control(GM, []);
    expect(double.actAs(GM, () => ChatMessage.getSpeaker()).alias).toBe("Gamemaster");
  });

  it("targets are per user and reach the other clients after their latency", async () => {
    world(13, ALICE);
    double.target(ALICE, ["tokenGoblinA0001", "tokenGoblinB0001"]);
    const names = (viewer: string, of: string) =>
      double.actAs(viewer, () =>
        [...(double.game.users.get(of) as unknown as { targets: Set<{ name: string }> }).targets].map((t) => t.name),
      );
    expect(names(ALICE, ALICE)).toEqual(["Goblin A", "Goblin B"]);
    expect(names(GM, ALICE)).toEqual([]);
    await double.settle();
    expect(names(GM, ALICE)).toEqual(["Goblin A", "Goblin B"]);
    expect(names(GM, GM)).toEqual([]);
  });
});

describe("the token HUD", () => {
  it.each([13, 14] as const)(
    "offers the configured status effects on v%i and toggles them on the token's actor",
    async (generation) => {
      world(generation, GM);
      const config = (globalThis as unknown as { CONFIG: { statusEffects: unknown } }).CONFIG;
      const tired = { id: "tired", name: "Tired", img: "t.svg" };
      const hidden = { id: "secret", name: "Secret", img: "s.svg", hud: false };
      const npcOnly = { id: "feral", name: "Feral", img: "f.svg", hud: { actorTypes: ["npc"] } };
      if (generation === 13) (config.statusEffects as object[]).push(tired);
      else Object.assign(config.statusEffects as object, { tired, secret: hidden, feral: npcOnly });
      const hud = double.tokenHud(GM, "tokenGoblinA0001");
      // Core's defeated status is offered too (the one core entry the world keeps).
      expect(hud.statuses.map((s) => s.id)).toEqual(generation === 13 ? ["dead", "tired"] : ["dead", "tired", "feral"]);
      await hud.toggle("tired");
      expect(hud.statuses.find((s) => s.id === "tired")?.active).toBe(true);
      // The unlinked goblin's effect stays on its token.
      expect(double.tokenHud(GM, "tokenGoblinB0001").statuses.find((s) => s.id === "tired")?.active).toBe(false);
      if (generation === 14)
        expect(double.tokenHud(GM, "tokenAyla0000001").statuses.map((s) => s.id)).toEqual(["dead", "tired"]);
      expect(() => double.tokenHud(BOB, "tokenAyla0000001")).toThrow(/do not own/);
    },
  );
});

describe("combatants", () => {
  it("stand for a token, and an owner or a GM marks one defeated", async () => {
    world(13, GM);
    const combat = double.createCombat({
      id: "combatCave000001",
      combatants: [
        { id: "cbtGoblinA000001", actorId: GOBLIN, name: "Goblin A", sceneId: SCENE, tokenId: "tokenGoblinA0001" },
        { id: "cbtAyla000000001", actorId: AYLA, name: "Ayla", sceneId: SCENE, tokenId: "tokenAyla0000001" },
      ],
    });
    const goblin = combat.combatants.get("cbtGoblinA000001")!;
    expect((goblin.actor as LooseActor).isToken).toBe(true);
    expect(goblin.token?.name).toBe("Goblin A");
    const ayla = combat.combatants.get("cbtAyla000000001")!;
    await expect(double.actAs(BOB, () => ayla.update({ defeated: true }))).rejects.toThrow(/lacks permission/);
    await double.actAs(ALICE, () => ayla.update({ defeated: true }));
    expect(ayla.defeated).toBe(true);
    await goblin.update({ defeated: true });
    expect(goblin.defeated).toBe(true);
  });

  it.each([13, 14] as const)(
    "v%i: a GM creates a combat linked to no scene, adds combatants for world actors and deletes it; a player may not",
    async (generation) => {
      world(generation, GM);
      const Combat = (double.CONFIG.Combat as { documentClass: unknown }).documentClass as {
        create(data: object): Promise<{
          id: string;
          combatants: { contents: { actorId: string; name: string; initiative: number | null }[] };
          createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
          delete(): Promise<unknown>;
        }>;
      };
      await expect(double.actAs(ALICE, () => Combat.create({ scene: null }))).rejects.toThrow(/lacks permission/);
      const combat = await Combat.create({ scene: null });
      expect(double.game.combats.get(combat.id)).toBe(combat);
      await expect(
        double.actAs(ALICE, () => combat.createEmbeddedDocuments("Combatant", [{ actorId: AYLA }])),
      ).rejects.toThrow(/lacks permission/);
      await expect(combat.createEmbeddedDocuments("Combatant", [{ actorId: "actorNobody00001" }])).rejects.toThrow(
        /actorId/,
      );
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: AYLA }, { actorId: GOBLIN, name: "Boss" }]);
      expect(combat.combatants.contents.map((c) => [c.actorId, c.name, c.initiative])).toEqual([
        [AYLA, "Ayla", null],
        [GOBLIN, "Boss", null],
      ]);
      await expect(double.actAs(ALICE, () => combat.delete())).rejects.toThrow(/lacks permission/);
      await combat.delete();
      expect(double.game.combats.get(combat.id)).toBeUndefined();
    },
  );
});
