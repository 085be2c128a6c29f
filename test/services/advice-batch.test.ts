// @vitest-environment happy-dom
/**
 * The Quench batch `rolling-bones.advice` (issue 26) run on the test double, as the GM on v13 and
 * v14: every check passes against the double's readings (rarity stored and shown, the advisor and the
 * dial from the real templates, the dice report, the manual-dice readings), so a failure in a real
 * world points at a reading, not at the check; it leaves no message behind.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { bootSystem, GM } from "../support/system.ts";
import { runBatch } from "../support/quench-batch.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

describe.each([13, 14] as const)("the advice batch on the test double, v%i", (generation) => {
  it("passes every check and leaves no message behind", async () => {
    double = await bootSystem({ userId: GM, generation });
    const { registerAdviceBatch } = await import("../../src/quench/advice-batch.ts");
    const { names, failed } = await runBatch((context) =>
      registerAdviceBatch({ registerBatch: (_key, fn) => fn(context) }),
    );
    expect(names).toHaveLength(5);
    expect(failed).toEqual([]);
    await double.settle();
    expect(double.storedMessages()).toEqual([]);
  }, 60_000);
});
