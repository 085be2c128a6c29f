/** The public API macros and modules use: game.system.api after init. */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import type { api as Api } from "../../src/api.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("game.system.api", () => {
  it("rolls an engine to chat and exposes the pure engines with exact odds", async () => {
    double = await bootSystem({ userId: ALICE });
    const api = (double.game.system as unknown as { api: typeof Api }).api;
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 7]);
    const message = await api.rollToChat("pool", { pool: 2, difficulty: 7 });
    expect(message?.rolls[0]?.total).toBe(2);
    // P(2 successes on 2d10 at 7) = 0.4² with no 1s possible alongside
    const engines = await api.engines();
    expect(engines.pool.odds({ pool: 2, difficulty: 7 }).net["2"]).toBeCloseTo(0.16, 12);
    // the whole engine rolls with the same functions the system's startup code holds
    const core = await import("../../src/engines/pool/core.ts");
    expect(engines.pool.engine.id).toBe(core.engine.id);
    expect(engines.pool.resolve).toBe(core.resolve);
  });

  it("offers each request of the action-dice and points modules, loaded on first call and answered as the module answers", async () => {
    double = await bootSystem({ userId: ALICE });
    const { api, ACTION_DICE_REQUESTS, POINTS_REQUESTS } = await import("../../src/api.ts");
    const functions = (m: object) =>
      Object.entries(m)
        .filter(([, v]) => typeof v === "function")
        .map(([k]) => k)
        .sort();
    // cardActionId is the one synchronous helper of the module, not a request for macros
    const dice = functions(await import("../../src/services/action-dice/requests.ts"));
    expect(dice.filter((n) => n !== "cardActionId")).toEqual([...ACTION_DICE_REQUESTS].sort());
    expect(functions(await import("../../src/services/points/requests.ts"))).toEqual([...POINTS_REQUESTS].sort());
    expect(Object.keys(api.actionDice)).toEqual([...ACTION_DICE_REQUESTS]);
    expect(Object.keys(api.points)).toEqual([...POINTS_REQUESTS]);
    // a player's award is refused by the module itself: one message, false
    expect(await api.actionDice.award(ALICE)).toBe(false);
    expect(double.notifications.map((n) => n.type)).toEqual(["error"]);
  });
});
