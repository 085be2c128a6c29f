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
    // the same module a macro would import: its engines are the ones the system rolls with
    expect(engines.pool.engine.resolve).toBe((await import("../../src/engines/pool/core.ts")).engine.resolve);
  });
});
