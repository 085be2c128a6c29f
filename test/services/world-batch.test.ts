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
import { runBatch } from "../support/quench-batch.ts";

let double: FoundryDouble;
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

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
    expect(names).toContain("a system settings menu's button in core's settings opens its window (loaded on demand)");
    expect(names).toHaveLength(8);
    expect(failed).toEqual([]);
    await double.settle();
    expect(double.storedMessages()).toEqual([]);
    expect(double.storedActors()).toHaveLength(actorsBefore);
  }, 60_000);

  it("the v14 batch (issue 23) passes: the conditions configured in the generation's shape, a toggled one's changes where it keeps them, a timed one's own expiry event, the assistant's settings permission, the speaker, the chat log's content and rolls, a typed card's parts, a card of two rolls drawn as two sections, a module's roll hooks, the Actor class, a self roll seen by the GM, the turn order and initiative options, the sheet's own range check", async () => {
    double = await bootSystem({ userId: GM, generation });
    const { registerV14Batch } = await import("../../src/quench/v14-batch.ts");
    const actorsBefore = double.storedActors().length;
    const { names, failed } = await runBatch((context) =>
      registerV14Batch({ registerBatch: (_key, fn) => fn(context) }),
    );
    expect(names).toHaveLength(13);
    expect(failed).toEqual([]);
    await double.settle();
    expect(double.storedActors()).toHaveLength(actorsBefore);
    expect(double.storedMessages().filter((m) => m.type === "card")).toEqual([]);
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
