// @vitest-environment happy-dom
/**
 * The dice scenarios the Quench batch runs in a real world, run here on the Foundry double through
 * the very same code (`runScenario`), including the face-mapping calibration.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import { DICE_SCENARIOS } from "../../src/quench/dice-scenarios.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("shared dice scenarios (also the Quench batch)", () => {
  it.each(DICE_SCENARIOS.map((s) => [s.name, s] as const))("%s", async (_name, scenario) => {
    double = await bootSystem({ userId: ALICE });
    const { calibrate } = await import("../../src/quench/faces.ts");
    const { runScenario } = await import("../../src/quench/run-scenario.ts");
    const mapping = await calibrate(async (uniform) => {
      double.CONFIG.Dice.randomUniform = uniform;
      const roll = await new (
        globalThis as unknown as { Roll: new (f: string) => { evaluate(): Promise<{ total: number }> } }
      ).Roll("1d4").evaluate();
      return roll.total;
    });
    const run = await runScenario(scenario, mapping);
    expect(run.total).toBe(scenario.total);
    expect(scenario.check(run.card)).toEqual([]);
    expect(run.reloaded.innerHTML).toBe(run.card.innerHTML);
  });

  it("a scenario check reports a wrong card", async () => {
    double = await bootSystem({ userId: ALICE });
    const wrong = document.createElement("div");
    wrong.innerHTML = '<span data-result="failure"></span>';
    expect(DICE_SCENARIOS[0]!.check(wrong).length).toBeGreaterThan(0);
  });

  it("registers one Quench batch whose tests are the scenarios", async () => {
    double = await bootSystem({ userId: ALICE });
    const { registerQuenchBatches } = await import("../../src/quench/index.ts");
    const names: string[] = [];
    const keys: string[] = [];
    registerQuenchBatches({
      registerBatch: (key, fn) => {
        keys.push(key);
        if (key !== "rolling-bones.dice") return;
        const noop = () => undefined;
        fn({
          describe: (_n, body) => body(),
          it: (n) => void names.push(n),
          before: noop,
          after: noop,
          assert: { equal: noop, deepEqual: noop, isTrue: noop },
        });
      },
    });
    expect(keys).toContain("rolling-bones.dice");
    expect(names).toEqual(DICE_SCENARIOS.map((s) => s.name));
  });

  it("registers the batches at setup through Quench's global, not on the deprecated quenchReady hook", async () => {
    double = await bootSystem({ userId: ALICE });
    const { registerHooks } = await import("../../src/hooks/index.ts");
    registerHooks();
    expect(Object.keys(double.Hooks.events)).not.toContain("quenchReady");
    const keys: string[] = [];
    const g = globalThis as { quench?: unknown };
    g.quench = { registerBatch: (key: string) => void keys.push(key) };
    try {
      double.Hooks.callAll("setup");
      await vi.waitFor(() => expect(keys).toContain("rolling-bones.dice"));
    } finally {
      delete g.quench;
    }
  });
});
