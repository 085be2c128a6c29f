// @vitest-environment happy-dom
/**
 * The Quench batch `rolling-bones.integrations` (keybindings, Dice So Nice roles, Token Action HUD)
 * run on the test world, v13 and v14: every check passes against the double's readings, and a check
 * fails when what it checks is wrong, so a failure in a real world points at a reading.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ActorSpec, FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import { runBatch } from "../support/quench-batch.ts";

let double: FoundryDouble;

/** Alice's characters for the HUD's check: a Wild Die character with a skill, and a dice-pool one. */
const HUD_ACTORS: ActorSpec[] = [
  {
    id: "actorBatchWil001",
    name: "Wil",
    type: "wild-character",
    ownership: { [ALICE]: 3 },
    system: { skills: { skillAxes0000001: { name: "Axes", attribute: "agility", code: "4D" } } },
  },
  { id: "actorBatchVex001", name: "Vex", type: "pool-character", ownership: { [ALICE]: 3 }, system: {} },
];
afterEach(() => {
  double.uninstall();
  document.body.replaceChildren();
});

async function run() {
  const { registerIntegrationsBatch } = await import("../../src/quench/integrations-batch.ts");
  return runBatch((context) => registerIntegrationsBatch({ registerBatch: (_key, fn) => fn(context) }));
}

describe.each([13, 14] as const)("the integrations batch on the test world, v%i", (generation) => {
  it("passes every keybinding check, with the defaults and with a player's own keys", async () => {
    double = await bootSystem({ userId: ALICE, generation });
    const first = await run();
    expect(first.names).toContain("reads the user's current bindings: each one held is seen, a plain click holds none");
    expect(first.failed).toEqual([]);
    double.keybindings.rebind(ALICE, "rolling-bones", "skipDialog", [
      { key: "KeyR", modifiers: ["Control"] },
      { key: "AltRight" },
    ]);
    expect((await run()).failed).toEqual([]);
  });

  it("passes the Dice So Nice checks with the module of the generation's line, and without it", async () => {
    double = await bootSystem({ userId: ALICE, generation });
    expect((await run()).failed).toEqual([]);
    const { onDiceSoNiceReady } = await import("../../src/hooks/dice-so-nice-ready.ts");
    double.Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
    const dsn = double.installDiceSoNice();
    expect(dsn.version).toBe(generation === 14 ? 6 : 5);
    const { names, failed } = await run();
    expect(names).toContain("a bonus die names its role (6.x) or carries its colorset (5.x, or no module)");
    expect(failed).toEqual([]);
  });

  it("fails the Dice So Nice check when the module is active but the system registered nothing", async () => {
    double = await bootSystem({ userId: ALICE, generation });
    double.installDiceSoNice();
    const { failed } = await run();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain("colorset rolling-bones-bonus");
  });

  it("passes the Token Action HUD checks with Core active and the system's integration taken, and without Core", async () => {
    double = await bootSystem({ userId: ALICE, generation, actors: HUD_ACTORS });
    const { onTokenActionHudCoreApiReady, forgetTokenActionHud } =
      await import("../../src/integrations/token-action-hud.ts");
    forgetTokenActionHud();
    expect((await run()).failed).toEqual([]);
    double.Hooks.once("tokenActionHudCoreApiReady", onTokenActionHudCoreApiReady);
    double.installTokenActionHud();
    const { names, failed } = await run();
    expect(names).toContain("lists, for each character the user owns, actions whose traits the character can roll");
    // The world draws no canvas nor Core's HUD: the click on a drawn action is a real world's check,
    // which here stops at its first step, saying what it needs.
    expect(failed).toEqual([expect.stringContaining("a click on an action Core draws for a token of ours")]);
    expect(failed[0]).toContain("view a scene, then run the check again");
  });

  it("fails the Token Action HUD check when Core is active but nothing was handed over", async () => {
    double = await bootSystem({ userId: ALICE, generation });
    (await import("../../src/integrations/token-action-hud.ts")).forgetTokenActionHud();
    double.installTokenActionHud();
    const { failed } = await run();
    expect(failed.filter((f) => !f.includes("view a scene"))).toHaveLength(1);
    expect(failed[0]).toContain("integration handed over");
  });

  it("fails the default check when a key's registered default is not Shift", async () => {
    double = await bootSystem({ userId: ALICE, generation });
    const config = double.keybindings.registered.get("rolling-bones.forceDialog")!;
    config.editable = [{ key: "KeyD" }];
    const { failed } = await run();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain("forceDialog's default");
  });
});
