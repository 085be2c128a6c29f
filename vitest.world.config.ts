import { defineConfig } from "vitest/config";
import { trackLazyImports } from "./test/support/track-imports.ts";

/**
 * The run's seed (issue 41): one per run, or `RB_SEED` to replay one; every world project's tests seed
 * `Math.random` from it (test/support/virtual-clock.ts), and a failed test prints it.
 */
const SEED = process.env.RB_SEED ?? String(Math.floor(Math.random() * 2 ** 32));

/**
 * The scenario suites again, in the test world of several clients with latency (test/support/system.ts
 * `RB_WORLD`), once as v13 and once as v14, every one at a table's latency on the simulated clock.
 */
export const SCENARIOS = [
  "test/dice/scenarios.test.ts",
  "test/services/action-dice-scenarios.test.ts",
  "test/services/gm-action.test.ts",
  "test/services/points.test.ts",
  "test/services/requests.test.ts",
  "test/dice/manual-dice.test.ts",
  "test/applications/card-actions.test.ts",
  "test/hooks/chat-commands.test.ts",
  "test/services/damage.test.ts",
  "test/services/initiative.test.ts",
  "test/services/conditions.test.ts",
  "test/services/equipment.test.ts",
  "test/services/weapon-usage.test.ts",
  "test/services/targets.test.ts",
  "test/services/npc.test.ts",
  "test/services/migration-world.test.ts",
  "test/services/gm-storage.test.ts",
  "test/services/api-ownership.test.ts",
  "test/services/action-awards.test.ts",
  "test/services/action-strikes.test.ts",
  "test/services/automatic.test.ts",
  "test/services/fate-loss.test.ts",
  "test/applications/sheet-form.test.ts",
  "test/applications/sheet-removal.test.ts",
  "test/applications/composer.test.ts",
  "test/applications/windows.test.ts",
  "test/applications/action-dice-sheet.test.ts",
  "test/services/world-batch.test.ts",
  "test/services/advice-world.test.ts",
  "test/services/rarity-world.test.ts",
  "test/applications/keybindings.test.ts",
  "test/applications/roll-mode.test.ts",
  "test/dice/dice-roles.test.ts",
  "test/services/token-action-hud.test.ts",
  "test/services/effect-tables.test.ts",
  "test/services/integrations-batch.test.ts",
  "test/services/harm.test.ts",
  "test/applications/sheet-health.test.ts",
  "test/applications/npc-defence.test.ts",
  "test/services/harm-durations.test.ts",
  "test/services/harm-fight.test.ts",
  "test/services/harm-latency.test.ts",
  "test/services/harm-tokens.test.ts",
  "test/services/assistant-gm.test.ts",
  "test/services/action-special-botch.test.ts",
  "test/services/action-reroll-die.test.ts",
  "test/hooks/speaker.test.ts",
  "test/services/gm-handover.test.ts",
  "test/services/points-handover.test.ts",
  "test/services/harm-forgery.test.ts",
  "test/services/harm-verdicts.test.ts",
  "test/services/percentile-damage.test.ts",
  "test/services/action-dice-forgery.test.ts",
  "test/services/forgery-batch.test.ts",
  "test/applications/self-check.test.ts",
  "test/services/card-model.test.ts",
  "test/services/roll-hooks.test.ts",
  "test/documents/actor.test.ts",
  "test/cards/several-rolls.test.ts",
];

/**
 * The scenario files run again with two GMs online, the Assistant GM active beside the GM (issue 41):
 * the GM queue's card actions and its handover, the card controls, points and their handover, the GM's
 * roll requests and damage that lands.
 */
const TWO_GMS = [
  "test/services/action-dice-scenarios.test.ts",
  "test/applications/card-actions.test.ts",
  "test/services/gm-action.test.ts",
  "test/services/points.test.ts",
  "test/services/points-handover.test.ts",
  "test/services/requests.test.ts",
  "test/services/harm.test.ts",
  "test/services/harm-fight.test.ts",
];

/**
 * One world project: the scenario files in a generation at a table's latency, 150 ms per hop (issue 23,
 * fault 11), on the simulated clock (test/support/virtual-clock.ts: latency costs simulated time, not
 * wall time), each lazy module load of `src/` tracked as work in flight.
 */
function world(name: string, include: string[], generation: 13 | 14, env: Record<string, string> = {}) {
  return {
    plugins: [trackLazyImports()],
    test: {
      name,
      include,
      environment: "node" as const,
      env: { RB_WORLD: String(generation), RB_LATENCY: "150", RB_SEED: SEED, ...env },
      // A deprecation the system's own code causes fails the test (test/support/deprecations.ts).
      setupFiles: ["test/support/deprecations.ts", "test/support/virtual-clock.ts"],
      // A test that takes the timers over runs in real time from there (gm-handover.test.ts).
      testTimeout: 90_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  test: {
    environment: "node",
    projects: [
      world("world-v13", SCENARIOS, 13),
      world("world-v14", SCENARIOS, 14),
      world("world-v14-two-gms", TWO_GMS, 14, { RB_ASSISTANT: "1" }),
    ],
  },
});
