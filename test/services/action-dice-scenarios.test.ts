// @vitest-environment happy-dom
/**
 * The action-dice scenarios the Quench batch runs in a real world, run here on the Foundry double
 * through the very same code (as the GM), including the face-mapping calibration and the restore.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bootWorld, GM, type World } from "./action-dice-world.ts";
import { ACTION_DICE_SCENARIOS } from "../../src/quench/action-dice-scenarios.ts";

let w: World;
afterEach(() => w.double.uninstall());

async function prepared() {
  w = await bootWorld({ userId: GM });
  const { calibrate } = await import("../../src/quench/faces.ts");
  const { prepareActionDiceRun } = await import("../../src/quench/action-dice-run.ts");
  const mapping = await calibrate(async (uniform) => {
    w.double.CONFIG.Dice.randomUniform = uniform;
    const roll = await new (
      globalThis as unknown as { Roll: new (f: string) => { evaluate(): Promise<{ total: number }> } }
    ).Roll("1d4").evaluate();
    return roll.total;
  });
  return prepareActionDiceRun(mapping);
}

describe("shared action-dice scenarios (also the Quench batch)", () => {
  it.each(ACTION_DICE_SCENARIOS.map((s) => [s.name, s] as const))("%s", async (_name, scenario) => {
    const { run, restore } = await prepared();
    expect(await scenario.run(run)).toEqual([]);
    await restore();
    expect(w.double.storedMessages()).toEqual([]);
    expect(w.double.game.settings.get("rolling-bones", "actionSession")).toBe(0);
    expect(w.double.game.settings.get("rolling-bones", "actionGmPool")).toEqual({});
  });

  it("a scenario reports a wrong card", async () => {
    const { run, restore } = await prepared();
    const broken = { ...run, gmDice: () => 99 };
    expect((await ACTION_DICE_SCENARIOS[0]!.run(broken)).length).toBeGreaterThan(0);
    await restore();
  });

  it("registers one Quench batch whose tests are the scenarios", async () => {
    w = await bootWorld({ userId: GM });
    const { registerActionDiceBatch } = await import("../../src/quench/action-dice-batch.ts");
    const names: string[] = [];
    const keys: string[] = [];
    const noop = () => undefined;
    registerActionDiceBatch({
      registerBatch: (key, fn) => {
        keys.push(key);
        fn({
          describe: (_n, body) => body(),
          it: (n) => void names.push(n),
          before: noop,
          after: noop,
          assert: { equal: noop, deepEqual: noop, isTrue: noop },
        });
      },
    });
    expect(keys).toEqual(["rolling-bones.action-dice"]);
    expect(names).toEqual(ACTION_DICE_SCENARIOS.map((s) => s.name));
  });
});
