/**
 * The test world of several clients: a change reaches each client after its latency and in the
 * server's order, lifecycle hooks fire on every connected client with options and userId (`pre*`
 * only on the initiating one), a late client loads the world when it connects, and permissions hold
 * as Foundry enforces them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatMessage, type FoundryDouble, installWorld, WORLD_USERS } from "./index.ts";

const { GM, ASSISTANT, ALICE, BOB, LATE } = WORLD_USERS;

let double: FoundryDouble;
afterEach(() => {
  vi.useRealTimers();
  double.uninstall();
});

const flagOf = (viewer: string, user: string) =>
  double.actAs(viewer, () => double.game.users.get(user)?.getFlag("rolling-bones", "n"));

describe("the world of several clients", () => {
  it("shows a change to each client only after its latency, in the server's order", async () => {
    double = installWorld({ userId: ALICE, latency: { [GM]: 5, [ASSISTANT]: 5, [ALICE]: 5, [BOB]: 40 } });
    const alice = double.game.users.get(ALICE);
    const first = alice?.setFlag("rolling-bones", "n", 1);
    const second = alice?.setFlag("rolling-bones", "n", 2);
    await Promise.all([first, second]);
    // Alice's own promise resolved with her copy current; Bob's copy lags behind
    expect(flagOf(ALICE, ALICE)).toBe(2);
    expect(flagOf(BOB, ALICE)).toBeUndefined();
    const seen: unknown[] = [];
    double.Hooks.on("updateUser", (_user: unknown, changes: { flags?: { "rolling-bones"?: { n?: number } } }) => {
      if (double.game.userId === BOB) seen.push(changes.flags?.["rolling-bones"]?.n);
    });
    await double.settle();
    expect(seen).toEqual([1, 2]);
    expect(flagOf(BOB, ALICE)).toBe(2);
  });

  it("fires create/update/delete hooks on every connected client with options and userId, pre* only on the initiator", async () => {
    double = installWorld({ userId: ALICE });
    const calls: string[] = [];
    for (const hook of ["preCreateChatMessage", "createChatMessage", "updateChatMessage", "deleteChatMessage"]) {
      double.Hooks.on(hook, (...args: unknown[]) => {
        const options = args.at(-2) as { marker?: string };
        calls.push(`${hook} on ${double.game.user.name} by ${String(args.at(-1))} ${options.marker ?? ""}`.trim());
      });
    }
    const message = await ChatMessage.create({ content: "hi" });
    await message.update({ content: "there" }, { marker: "m" });
    await double.settle();
    await message.delete();
    await double.settle();
    const connected = ["Gamemaster", "Assistant", "Alice", "Bob"];
    expect(calls[0]).toBe(`preCreateChatMessage on Alice by ${ALICE}`);
    // every connected client, each in the server's order (clients among themselves in any order)
    expect(calls.slice(1).sort()).toEqual(
      [
        ...connected.map((n) => `createChatMessage on ${n} by ${ALICE}`),
        ...connected.map((n) => `updateChatMessage on ${n} by ${ALICE} m`),
        ...connected.map((n) => `deleteChatMessage on ${n} by ${ALICE}`),
      ].sort(),
    );
    for (const n of connected) {
      expect(calls.filter((c) => c.includes(` on ${n} `) && !c.startsWith("pre")).map((c) => c.split(" ")[0])).toEqual([
        "createChatMessage",
        "updateChatMessage",
        "deleteChatMessage",
      ]);
    }
  });

  it("cancels a change when a pre* listener answers false", async () => {
    double = installWorld({ userId: ALICE });
    double.Hooks.on("preUpdateUser", () => false);
    await double.game.users.get(ALICE)?.setFlag("rolling-bones", "n", 1);
    await double.settle();
    expect(flagOf(GM, ALICE)).toBeUndefined();
  });

  it("lets each client learn who is online after its own latency (presence, Users#activeGM)", async () => {
    // Simulated time: the order of arrivals does not hang on a busy machine.
    vi.useFakeTimers();
    double = installWorld({ userId: ALICE, latency: { [GM]: 5, [ASSISTANT]: 80, [ALICE]: 5, [BOB]: 5 } });
    const activeGmOf = (viewer: string) => double.actAs(viewer, () => double.game.users.activeGM?.id ?? null);
    expect(activeGmOf(ALICE)).toBe(GM);
    double.setActive(GM, false);
    // Nobody has heard yet; Alice hears after 5 ms, the assistant only after 80.
    expect(activeGmOf(ALICE)).toBe(GM);
    await vi.advanceTimersByTimeAsync(30);
    expect(activeGmOf(ALICE)).toBe(ASSISTANT);
    expect(activeGmOf(ASSISTANT)).toBe(GM);
    await vi.advanceTimersByTimeAsync(100);
    expect(activeGmOf(ASSISTANT)).toBe(ASSISTANT);
    vi.useRealTimers();
  });

  it("lets a late client load the world as it is when it connects", async () => {
    double = installWorld({ userId: GM });
    await double.game.users.get(GM)?.setFlag("rolling-bones", "n", 3);
    const hooked: string[] = [];
    double.Hooks.on("updateUser", () => hooked.push(double.game.user.name));
    await double.game.users.get(GM)?.setFlag("rolling-bones", "n", 4);
    await double.settle();
    expect(hooked).not.toContain("Lena");
    double.connect(LATE);
    expect(flagOf(LATE, GM)).toBe(4);
    // The late client knows at once that it is there; the others learn it after their latency.
    expect(double.actAs(LATE, () => double.game.users.get(LATE)?.active)).toBe(true);
    await double.settle();
    expect(double.game.users.get(LATE)?.active).toBe(true);
  });

  it("lets a player change only its own User's player fields; a GM or an assistant writes world settings", async () => {
    double = installWorld({ userId: ALICE });
    const alice = double.game.users.get(ALICE);
    await expect(alice?.update({ name: "Queen Alice" })).rejects.toThrow("lacks permission");
    await expect(double.game.users.get(BOB)?.setFlag("rolling-bones", "n", 1)).rejects.toThrow("lacks permission");
    await alice?.update({ color: "#ff0000", "flags.rolling-bones.n": 1 });
    double.game.settings.register("rolling-bones", "w", { scope: "world", default: 0 });
    await expect(double.actAs(ALICE, () => double.game.settings.set("rolling-bones", "w", 1))).rejects.toThrow(
      "lacks permission",
    );
    // An assistant holds SETTINGS_MODIFY by default; a world that revoked it refuses the assistant.
    await double.actAs(ASSISTANT, () => double.game.settings.set("rolling-bones", "w", 1));
    double.setPermission("SETTINGS_MODIFY", 4);
    await expect(double.actAs(ASSISTANT, () => double.game.settings.set("rolling-bones", "w", 3))).rejects.toThrow(
      "lacks permission",
    );
    await double.actAs(GM, () => double.game.settings.set("rolling-bones", "w", 2));
    await double.settle();
    expect(double.actAs(BOB, () => double.game.settings.get("rolling-bones", "w"))).toBe(2);
  });

  it("sends a query through the server only for a sender with QUERY_USER, to a connected target", async () => {
    double = installWorld({ userId: ALICE });
    double.CONFIG.queries["rolling-bones.who"] = () => double.game.user.name;
    const gm = double.game.users.get(GM);
    expect(await gm?.query("rolling-bones.who", {}, { timeout: 500 })).toBe("Gamemaster");
    await expect(double.game.users.get(LATE)?.query("rolling-bones.who", {})).rejects.toThrow("not active");
    double.CONFIG.queries["rolling-bones.slow"] = () => new Promise((r) => setTimeout(r, 200));
    await expect(gm?.query("rolling-bones.slow", {}, { timeout: 20 })).rejects.toThrow("timed out");
  });

  it("plays Dice So Nice only on a visible page", async () => {
    double = installWorld({ userId: GM });
    const dsn = double.installDiceSoNice();
    expect(double.game.modules.get("dice-so-nice")?.active).toBe(true);
    double.setPageVisible(GM, false);
    const api = (double.game as unknown as { dice3d: { showForRoll(...a: unknown[]): Promise<boolean> } }).dice3d;
    let done = false;
    const shown = api.showForRoll({ formula: "1d6" }, null, true, null, false, null).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect([done, dsn.pending(GM)]).toEqual([false, 1]);
    double.setPageVisible(GM, true);
    await shown;
    expect(dsn.calls).toEqual([{ userId: GM, formula: "1d6", messageId: null }]);
  });
});

describe("removing an entry of an object field", () => {
  it.each([13, 14] as const)(
    "works in v%i with the update that generation uses, and v14 refuses -=",
    async (generation) => {
      double = installWorld({
        generation,
        userId: ALICE,
        actors: [
          {
            id: "actorAyla0000001",
            name: "Ayla",
            type: "pool-character",
            system: { skills: { a: { name: "Dodge" }, b: { name: "Climb" } } },
            ownership: { [ALICE]: 3 },
          },
        ],
      });
      const { deletionUpdate } = await import("../../src/helpers/compat.ts");
      const actor = double.game.actors.get("actorAyla0000001");
      await actor?.update(deletionUpdate("system.skills", "a"));
      expect(Object.keys(actor?.system.skills as object)).toEqual(["b"]);
      expect(double.warnings).toEqual([]);
      if (generation === 14) {
        await expect(actor?.update({ "system.skills.-=b": null })).rejects.toThrow(
          /forced deletion key "-=b" using legacy syntax/,
        );
        expect(Object.keys(actor?.system.skills as object)).toEqual(["b"]);
      }
    },
  );
});
