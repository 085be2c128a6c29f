/**
 * The double's world actors and `User#character`: ownership levels as Foundry documents them (a
 * Gamemaster owns everything; a user's own level, else `default`; INHERIT falls back to `default`).
 */
import { afterEach, describe, expect, it } from "vitest";
import { installFoundry, type FoundryDouble } from "./index.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("Foundry double: actors", () => {
  it("game.actors lists the world's actors; testUserPermission reads ownership; User#character is the assigned actor", () => {
    double = installFoundry({
      users: [
        { id: "gm00000000000000", name: "GM", role: "GM" },
        { id: "alice00000000000", name: "Alice", role: "PLAYER", character: "hero000000000000" },
        { id: "bob0000000000000", name: "Bob", role: "PLAYER" },
      ],
      actors: [
        {
          id: "hero000000000000",
          name: "Hero",
          type: "action-character",
          system: { level: 3 },
          ownership: { alice00000000000: 3, default: 1 },
        },
        {
          id: "npc0000000000000",
          name: "Ogre",
          type: "action-character",
          system: { level: 5 },
          ownership: { bob0000000000000: -1 },
        },
      ],
    });
    const user = (id: string) => double.game.users.get(id)!;
    const [gm, alice, bob] = [user("gm00000000000000"), user("alice00000000000"), user("bob0000000000000")];
    const hero = double.game.actors.get("hero000000000000")!;
    const ogre = double.game.actors.getName("Ogre")!;
    expect(double.game.actors.size).toBe(2);
    expect(hero.system).toEqual({ level: 3 });
    expect([
      hero.testUserPermission(alice, "OWNER"),
      hero.testUserPermission(bob, "OWNER"),
      hero.testUserPermission(bob, "LIMITED"),
    ]).toEqual([true, false, true]);
    expect(hero.testUserPermission(bob, "LIMITED", { exact: true })).toBe(true);
    expect([ogre.testUserPermission(gm, "OWNER"), ogre.testUserPermission(bob, "LIMITED")]).toEqual([true, false]);
    expect(alice.character).toBe(hero);
    expect(bob.character).toBeNull();
    expect(double.game.actors.filter((a) => a.type === "action-character")).toHaveLength(2);
  });
});
