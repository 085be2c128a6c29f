/**
 * The in-world test batch for the Quench module (it runs mocha and chai inside a real Foundry world).
 * The hook only fires when Quench is active, so players without it never load a test. The batch
 * runs the same dice scenarios as the vitest suite, against the real Foundry dice, chat messages and
 * templates, and deletes every message it posts.
 */
import { SYSTEM_ID } from "../constants.ts";
import { registerActionDiceBatch } from "./action-dice-batch.ts";
import { registerActorBatch } from "./actor-batch.ts";
import { registerEquipmentBatch } from "./equipment-batch.ts";
import { registerTargetsBatch } from "./targets-batch.ts";
import { registerAutomaticBatch } from "./automatic-batch.ts";
import { registerPointsBatch } from "./points-batch.ts";
import { registerRequestsBatch } from "./requests-batch.ts";
import { registerWorldFaultsBatch } from "./world-faults-batch.ts";
import { registerV14Batch } from "./v14-batch.ts";
import { DICE_SCENARIOS } from "./dice-scenarios.ts";
import { calibrate, throwD4, type FaceMapping } from "./faces.ts";
import { runScenario } from "./run-scenario.ts";

/** The part of Quench's API the batch uses (mocha's `describe`/`it`/hooks and chai's `assert`). */
export interface QuenchApi {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}

/** The mocha/chai context Quench hands a batch. */
export interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => Promise<void> | void): void;
  before(fn: () => Promise<void> | void): void;
  after(fn: () => Promise<void> | void): void;
  assert: {
    equal(actual: unknown, expected: unknown, message?: string): void;
    deepEqual(actual: unknown, expected: unknown, message?: string): void;
    isTrue(value: unknown, message?: string): void;
  };
}

/** Registers the system's Quench batches (from the `setup` hook once Quench's global is up; hooks/index.ts). */
export function registerQuenchBatches(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.dice`,
    (context) => {
      const { assert } = context;
      let mapping: FaceMapping;
      const posted: ChatMessage.Implementation[] = [];
      context.before(async () => {
        mapping = await calibrate(throwD4);
      });
      context.after(async () => {
        for (const message of posted) await message.delete();
      });
      context.describe("Rolling Bones dice: every engine rolls real Foundry dice and renders its card", () => {
        for (const scenario of DICE_SCENARIOS) {
          context.it(scenario.name, async () => {
            const run = await runScenario(scenario, mapping);
            posted.push(run.message);
            assert.equal(run.total, scenario.total, "roll total");
            assert.deepEqual(scenario.check(run.card), [], "card");
            assert.equal(run.reloaded.innerHTML, run.card.innerHTML, "card after toJSON → fromData");
          });
        }
      });
    },
    { displayName: "Rolling Bones: dice and chat cards" },
  );
  registerActorBatch(quench);
  registerActionDiceBatch(quench);
  registerPointsBatch(quench);
  registerRequestsBatch(quench);
  registerWorldFaultsBatch(quench);
  registerV14Batch(quench);
  registerEquipmentBatch(quench);
  registerTargetsBatch(quench);
  registerAutomaticBatch(quench);
}
