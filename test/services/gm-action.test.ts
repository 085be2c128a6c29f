/**
 * The privileged-action service on the Foundry double with a GM and two players: requests filed in
 * the asker's own flags are applied once by the active GM; forged, repeated, refused and GM-less
 * requests change nothing; a thousand racing requests never overdraw.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { ALICE, BOB, bootSystem, GM } from "../support/system.ts";
import type * as Service from "../../src/services/gm-action.ts";
import type { EngineError as EngineErrorClass } from "../../src/engines/shared/errors.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

let service: typeof Service;
let EngineError: typeof EngineErrorClass;

async function boot(options: Parameters<typeof bootSystem>[0] = {}) {
  double = await bootSystem({ userId: ALICE, queryLatency: 1, ...options });
  service = await import("../../src/services/gm-action.ts");
  EngineError = (await import("../../src/engines/shared/errors.ts")).EngineError;
}

const errors = () => double.notifications.filter((n) => n.type === "error").map((n) => n.message);

describe("privileged actions", () => {
  it("run on the active GM's client, as the asker who filed them", async () => {
    await boot();
    const seen: string[] = [];
    service.registerGmAction<{ n: number }>("test.echo", {
      run: async ({ asker }, data) => {
        seen.push(`${asker.id} on ${double.game.user.id}`);
        return data.n * 2;
      },
    });
    expect(await service.requestGmAction("test.echo", { n: 21 })).toBe(42);
    expect(seen).toEqual([`${ALICE} on ${GM}`]);
    // the filed request is cleaned up (the asker's write may still be on its way when the answer is)
    await double.settle();
    expect(double.game.users.get(ALICE)!.getFlag("rolling-bones", "requests")).toEqual({});
  });

  it("apply a repeated action id once and answer it again", async () => {
    await boot();
    let runs = 0;
    service.registerGmAction("test.count", { run: async () => ++runs });
    const id = service.actionIdFor("message", "augment", 3);
    const [a, b] = await Promise.all([
      service.requestGmAction("test.count", {}, id),
      service.requestGmAction("test.count", {}, id),
    ]);
    expect(runs).toBe(1);
    expect([a, b]).toEqual([1, 1]);
    expect(service.actionIdFor("message", "augment", 3)).toBe(id);
    expect(service.actionIdFor("message", "augment", 4)).not.toBe(id);
  });

  it("refuse a request that is not in the claimed user's own flags (a forged sender)", async () => {
    await boot({ userId: BOB });
    let runs = 0;
    service.registerGmAction("test.spend", { run: async () => ++runs });
    // Bob claims to be Alice: the GM looks in Alice's flags and finds nothing
    const gm = double.game.users.get(GM)!;
    const reply = (await gm.query(service.ACTION_QUERY, {
      userId: ALICE,
      actionId: "forgedforged0001",
    })) as Service.ActionReply;
    expect(reply).toEqual({ ok: false, error: { key: "ROLLING_BONES.Error.ForgedRequest", data: {} } });
    // and Bob cannot file a request in Alice's flags
    await expect(
      double.game.users.get(ALICE)!.setFlag("rolling-bones", "requests.x", { name: "test.spend", data: {} }),
    ).rejects.toThrow(/permission/);
    expect(runs).toBe(0);
  });

  it("show one localized error when no GM is online, and run nothing", async () => {
    await boot();
    // Every GM leaves (the assistant too, in a world where it is online), and the player's client has
    // heard it (presence reaches each client after its latency).
    for (const gm of double.game.users.filter((u) => u.isGM && u.active)) double.setActive(gm.id, false);
    await double.settle();
    let runs = 0;
    service.registerGmAction("test.none", { run: async () => ++runs });
    expect(await service.requestGmAction("test.none", {})).toBeNull();
    expect(runs).toBe(0);
    expect(errors()).toEqual(["No Gamemaster is online to apply this. Nothing was changed."]);
  });

  it("show a refusal localized, with its reason", async () => {
    await boot();
    service.registerGmAction("test.refuse", {
      run: async () => {
        throw new EngineError("NotEnoughDice", { have: 1, need: 2 });
      },
    });
    expect(await service.requestGmAction("test.refuse", {})).toBeNull();
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).not.toMatch(/ROLLING_BONES/);
    expect(errors()[0]).toContain("2");
  });

  it("run a GM's own request directly, through the same queue", async () => {
    await boot({ userId: GM });
    service.registerGmAction("test.self", { run: async ({ asker }) => asker.id });
    expect(await service.requestGmAction("test.self", {})).toBe(GM);
  });

  it("never overdraw under 1,000 racing requests from three users", async () => {
    await boot({ queryLatency: 0 });
    let pool = 37;
    let spent = 0;
    service.registerGmAction<{ n: number }>("test.take", {
      run: async (_ctx, { n }) => {
        const have = pool;
        await new Promise((r) => setTimeout(r, 0)); // an await between the check and the write
        if (have < n) throw new EngineError("NotEnoughDice", { have, need: n });
        pool = have - n;
        spent += n;
        return pool;
      },
    });
    const users = [ALICE, BOB, GM];
    const attempts = Array.from({ length: 1000 }, (_, i) =>
      double.actAs(users[i % 3]!, () => service.requestGmAction("test.take", { n: 1 + (i % 2) })),
    );
    const results = await Promise.all(attempts);
    expect(pool).toBeGreaterThanOrEqual(0);
    expect(pool + spent).toBe(37);
    // the ledger (accepted replies) equals the pool change, and refusals spent nothing
    const accepted = results.reduce<number>((sum, r, i) => (r === null ? sum : sum + 1 + (i % 2)), 0);
    expect(accepted).toBe(spent);
    expect(pool).toBeLessThan(2); // it ran dry: the race really competed for the last dice
  }, 60_000);
});
