/**
 * Dice So Nice's dice roles (issue 27, item 2) on the test world, with a stand-in following the
 * module's public API: on v14 with Dice So Nice 6.x the system registers five roles (bonus, penalty,
 * Wild Die, action die, GM action die) and its dice name their role, so each player may restyle
 * them; on v13 with Dice So Nice 5.x nothing is registered as a role and the dice carry their
 * colorset, as before; without the module the integration does nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type DiceSoNiceDouble } from "../foundry/index.ts";
import { ALICE, BOB, bootWorld, control, GM, nextFaces, rollAs, type World } from "../services/action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** Boots the world of a generation with Dice So Nice of its line active and the system's ready hook listening. */
async function withDiceSoNice(generation: 13 | 14): Promise<DiceSoNiceDouble> {
  w = await bootWorld({ userId: ALICE, generation });
  const { onDiceSoNiceReady } = await import("../../src/hooks/dice-so-nice-ready.ts");
  w.double.Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
  return w.double.installDiceSoNice();
}

/** Each die term of the message's roll on a client: its flavor and what it stores for 3D dice. */
function diceOf(messageId: string, userId: string) {
  return w.double.actAs(userId, () =>
    w.double.game.messages.get(messageId)!.rolls[0]!.dice.map((d) => ({
      flavor: d.flavor,
      term: d,
      role: (d.options as { dsnRole?: string }).dsnRole ?? null,
      appearance: (d.options as { appearance?: { colorset: string } }).appearance?.colorset ?? null,
    })),
  );
}

async function percentile(userId: string, request: object, faces: number[]): Promise<string> {
  w.double.CONFIG.Dice.randomUniform = fixedFaces(10, faces);
  const message = await w.double.actAs(userId, () =>
    w.roll.rollToChat("percentile", request, { visibility: "public" }),
  );
  await w.double.settle();
  return message!.id!;
}

describe("Dice So Nice 6.x on v14: dice roles", () => {
  it("registers the five roles for the system, each with its registered default colorset and a localized name", async () => {
    const dsn = await withDiceSoNice(14);
    expect(dsn.version).toBe(6);
    expect([...dsn.roles.keys()]).toEqual([
      "rolling-bones-bonus",
      "rolling-bones-penalty",
      "rolling-bones-wild",
      "rolling-bones-action",
      "rolling-bones-gm-action",
    ]);
    for (const role of dsn.roles.values()) {
      expect(role.package).toBe("rolling-bones");
      expect(role.customizable).toBe(true);
      expect(dsn.colorsets.has(role.defaults.global.colorset)).toBe(true);
      expect(role.label).not.toMatch(/^ROLLING_BONES\./);
      expect(role.group).toBe("Rolling Bones");
    }
    expect(dsn.roles.get("rolling-bones-wild")!.dieTypes).toEqual(["d6"]);
    expect(dsn.roles.get("rolling-bones-gm-action")!.dieTypes).toContain("d24");
  });

  it("names each die's role (and no fixed colorset), so each player sees the look she chose", async () => {
    const dsn = await withDiceSoNice(14);
    const id = await percentile(ALICE, { bonus: 1, penalty: 0 }, [6, 9, 8]);
    const dice = diceOf(id, ALICE);
    expect(dice.map((d) => [d.flavor, d.role, d.appearance])).toEqual([
      ["tens", null, null],
      ["ones", null, null],
      ["bonus", "rolling-bones-bonus", null],
    ]);
    const bonus = dice[2]!.term;
    expect(dsn.colorsetOf(bonus, ALICE)).toBe("rolling-bones-bonus");
    dsn.restyleRole(BOB, "rolling-bones-bonus", "fire");
    expect(w.double.actAs(BOB, () => dsn.colorsetOf(diceOf(id, BOB)[2]!.term, BOB))).toBe("fire");
    expect(dsn.colorsetOf(bonus, ALICE)).toBe("rolling-bones-bonus");
    // Ordinary dice keep each user's own dice.
    expect(dsn.colorsetOf(dice[0]!.term, ALICE)).toBeNull();
    // The role is stored with the roll.
    w.double.reload();
    expect(diceOf(id, BOB).map((d) => d.role)).toEqual([null, null, "rolling-bones-bonus"]);
  });

  it("gives penalty dice and every Wild Die throw their roles", async () => {
    await withDiceSoNice(14);
    const id = await percentile(ALICE, { bonus: 0, penalty: 2 }, [3, 4, 5, 6]);
    expect(diceOf(id, ALICE).map((d) => d.role)).toEqual([null, null, "rolling-bones-penalty"]);
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [3, 6, 6, 2]);
    const wild = await w.double.actAs(ALICE, () => w.roll.rollToChat("wild", { dice: 2 }, { visibility: "public" }));
    const dice = diceOf(wild!.id!, ALICE);
    expect(dice.filter((d) => d.flavor === "wild").every((d) => d.role === "rolling-bones-wild")).toBe(true);
    expect(dice.filter((d) => d.flavor === "normal").every((d) => d.role === null)).toBe(true);
  });

  it("tells the GM's action dice from a player's: an NPC's augment is the GM's, a player's augment applied by the GM is hers", async () => {
    await withDiceSoNice(14);
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    await w.double.settle();
    const npc = await rollAs(w, GM, { augments: [10] }, [
      [12, 20],
      [4, 10],
    ]);
    expect(
      diceOf(npc, GM)
        .filter((d) => d.flavor === "action")
        .map((d) => d.role),
    ).toEqual(["rolling-bones-gm-action"]);
    const mine = await rollAs(w, ALICE, { modifier: 2, dc: 18 }, [[9, 20]]);
    nextFaces(w, [[2, 4]]);
    expect(await control(w, ALICE, mine, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    for (const user of [ALICE, GM, BOB])
      expect(
        diceOf(mine, user)
          .filter((d) => d.flavor === "action")
          .map((d) => d.role),
      ).toEqual(["rolling-bones-action"]);
  });
});

describe("Dice So Nice 5.x on v13: colorsets on the dice", () => {
  it("registers no role, and the dice carry their colorset, which every client shows", async () => {
    const dsn = await withDiceSoNice(13);
    expect(dsn.version).toBe(5);
    expect(dsn.roles.size).toBe(0);
    expect([...dsn.colorsets.keys()]).toContain("rolling-bones-gm-action");
    const id = await percentile(ALICE, { bonus: 1, penalty: 0 }, [6, 9, 8]);
    const dice = diceOf(id, BOB);
    expect(dice.map((d) => [d.role, d.appearance])).toEqual([
      [null, null],
      [null, null],
      [null, "rolling-bones-bonus"],
    ]);
    expect(dsn.colorsetOf(dice[2]!.term, BOB)).toBe("rolling-bones-bonus");
  });
});

describe("without Dice So Nice", () => {
  it.each([13, 14] as const)(
    "v%i: registers nothing and keeps the colorsets on the dice for a module enabled later",
    async (generation) => {
      w = await bootWorld({ userId: ALICE, generation });
      const { diceSoNice, hasDiceRoles } = await import("../../src/integrations/dice-so-nice.ts");
      expect(w.double.actAs(ALICE, () => diceSoNice())).toBeNull();
      expect(w.double.actAs(ALICE, () => hasDiceRoles())).toBe(false);
      const id = await percentile(ALICE, { bonus: 1, penalty: 0 }, [6, 9, 8]);
      expect(diceOf(id, ALICE).map((d) => d.appearance)).toEqual([null, null, "rolling-bones-bonus"]);
    },
  );
});
