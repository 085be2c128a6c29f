/**
 * The in-world test batch for the Quench module (it runs mocha and chai inside a real Foundry world).
 * The hook only fires when Quench is active, so players without it never load a test. The batch
 * runs the same dice scenarios as the vitest suite, against the real Foundry dice, chat messages and
 * templates, and deletes every message it posts.
 */
import { registerPostingBatch, type QuenchApi } from "./batch.ts";
import { registerActionDiceBatch } from "./action-dice-batch.ts";
import { registerAdviceBatch } from "./advice-batch.ts";
import { registerActorBatch } from "./actor-batch.ts";
import { registerEquipmentBatch } from "./equipment-batch.ts";
import { registerTargetsBatch } from "./targets-batch.ts";
import { registerFightBatch } from "./fight-batch.ts";
import { registerForgeryBatch } from "./forgery-batch.ts";
import { registerHudBatch } from "./hud-batch.ts";
import { registerInitiativeBatch } from "./initiative-batch.ts";
import { registerAutomaticBatch } from "./automatic-batch.ts";
import { registerPointsBatch } from "./points-batch.ts";
import { registerRequestsBatch } from "./requests-batch.ts";
import { registerWorldFaultsBatch } from "./world-faults-batch.ts";
import { registerIntegrationsBatch } from "./integrations-batch.ts";
import { registerV14Batch } from "./v14-batch.ts";
import { DICE_SCENARIOS } from "./dice-scenarios.ts";
import { runScenario } from "./run-scenario.ts";

/** Registers the system's Quench batches (from the `setup` hook once Quench's global is up; hooks/index.ts). */
export function registerQuenchBatches(quench: QuenchApi): void {
  registerPostingBatch(quench, "dice", "Rolling Bones: dice and chat cards", (batch) => {
    const { context, assert } = batch;
    context.describe("Rolling Bones dice: every engine rolls real Foundry dice and renders its card", () => {
      for (const scenario of DICE_SCENARIOS) {
        context.it(scenario.name, async () => {
          const run = await runScenario(scenario, batch.mapping);
          batch.keep(run.message);
          assert.equal(run.total, scenario.total, "roll total");
          assert.deepEqual(scenario.check(run.card), [], "card");
          assert.equal(run.reloaded.innerHTML, run.card.innerHTML, "card after toJSON → fromData");
        });
      }
    });
  });
  registerActorBatch(quench);
  registerActionDiceBatch(quench);
  registerPointsBatch(quench);
  registerRequestsBatch(quench);
  registerWorldFaultsBatch(quench);
  registerV14Batch(quench);
  registerEquipmentBatch(quench);
  registerTargetsBatch(quench);
  registerFightBatch(quench);
  registerForgeryBatch(quench);
  registerHudBatch(quench);
  registerInitiativeBatch(quench);
  registerAutomaticBatch(quench);
  registerAdviceBatch(quench);
  registerIntegrationsBatch(quench);
}
