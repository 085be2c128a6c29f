// @vitest-environment happy-dom
/**
 * The Quench batch `rolling-bones.world` (the checks, in a real world, of what the test double
 * reads from public pages or takes as the stricter reading) run here on the double itself, as the GM
 * on v13 and v14 with Dice So Nice active: every check passes against the double's readings, so a
 * failure in a real world points at a reading, not at the check.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { bootSystem, GM } from "../support/system.ts";
import type { QuenchContext } from "../../src/quench/index.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

type Test = () => Promise<void> | void;

/** Runs a registered batch as mocha would: `before`s, each `it` in order (recording failures), `after`s. */
async function runBatch(register: (context: QuenchContext) => void): Promise<{ names: string[]; failed: string[] }> {
  const befores: Test[] = [];
  const afters: Test[] = [];
  const tests: [string, Test][] = [];
  register({
    describe: (_name, body) => body(),
    it: (name, fn) => void tests.push([name, fn]),
    before: (fn) => void befores.push(fn),
    after: (fn) => void afters.push(fn),
    assert: {
      equal: (actual, expected, message) => expect(actual, message).toEqual(expected),
      deepEqual: (actual, expected, message) => expect(actual, message).toEqual(expected),
      isTrue: (value, message) => expect(value, message).toBe(true),
    },
  });
  const failed: string[] = [];
  for (const fn of befores) await fn();
  for (const [name, fn] of tests) {
    try {
      await fn();
    } catch (error) {
      failed.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  for (const fn of afters) await fn();
  return { names: tests.map(([name]) => name), failed };
}

describe.each([13, 14] as const)("the world batch on the test double, v%i", (generation) => {
  it("passes every check, the Dice So Nice one included, and leaves no message or actor behind", async () => {
    double = await bootSystem({ userId: GM, generation });
    double.installDiceSoNice();
    const { onChatMessage } = await import("../../src/hooks/chat-message.ts");
    double.Hooks.on("chatMessage", onChatMessage);
    const { registerWorldFaultsBatch } = await import("../../src/quench/world-faults-batch.ts");
    const actorsBefore = double.storedActors().length;
    const { names, failed } = await runBatch((context) =>
      registerWorldFaultsBatch({ registerBatch: (_key, fn) => fn(context) }),
    );
    expect(names).toContain("a GM-side action with Dice So Nice active does not wait for the 3D animation");
    expect(names).toHaveLength(6);
    expect(failed).toEqual([]);
    await double.settle();
    expect(double.storedMessages()).toEqual([]);
    expect(double.storedActors()).toHaveLength(actorsBefore);
  }, 60_000);

  it("the v14 batch (issue 23) passes: the conditions configured in the generation's shape, a toggled one's changes where it keeps them", async () => {
    double = await bootSystem({ userId: GM, generation });
    const { registerV14Batch } = await import("../../src/quench/v14-batch.ts");
    const actorsBefore = double.storedActors().length;
    const { names, failed } = await runBatch((context) =>
      registerV14Batch({ registerBatch: (_key, fn) => fn(context) }),
    );
    expect(names).toHaveLength(2);
    expect(failed).toEqual([]);
    await double.settle();
    expect(double.storedActors()).toHaveLength(actorsBefore);
  }, 60_000);

  it("the character batch's schema checks pass: refused choices, numbers clamped into range (FI#12487), no fraction stored", async () => {
    double = await bootSystem({ userId: GM, generation });
    const { registerActorBatch } = await import("../../src/quench/actor-batch.ts");
    const { names, failed } = await runBatch((context) =>
      registerActorBatch({ registerBatch: (_key, fn) => fn(context) }),
    );
    const schema = names.filter((n) => /refuses|clamps|never stores|migrates|defaults/.test(n));
    expect(schema.length).toBeGreaterThanOrEqual(14);
    expect(failed.filter((f) => schema.some((n) => f.startsWith(n)))).toEqual([]);
  }, 60_000);
});
