// @vitest-environment happy-dom
/**
 * Rolling without the dialog on the Foundry test double: the settings `init` registers, and a
 * direct roll posting the request an untouched dialog would build (with the world settings applied).
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { hasKey } from "../support/i18n.ts";
import { DIALOG_ENGINES } from "../../src/applications/dialogs/engines.ts";
import { settingsWith } from "./dialog-helpers.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("settings", () => {
  it("registers the client setting that inverts Shift, off by default", async () => {
    double = await bootSystem({ userId: ALICE });
    const config = double.game.settings.settings.get("rolling-bones.skipDialogDefault");
    expect(config).toMatchObject({ scope: "client", type: Boolean, default: false, config: true });
    expect(double.game.settings.get("rolling-bones", "skipDialogDefault")).toBe(false);
    const { skipDialogDefault } = await import("../../src/applications/dialogs/direct.ts");
    expect(skipDialogDefault()).toBe(false);
    await double.game.settings.set("rolling-bones", "skipDialogDefault", true);
    expect(skipDialogDefault()).toBe(true);
  });

  it("gives every setting a localized name and hint", async () => {
    double = await bootSystem({ userId: ALICE });
    const ours = [...double.game.settings.settings.values()].filter((s) => s.namespace === "rolling-bones");
    expect(ours.length).toBeGreaterThanOrEqual(4);
    for (const s of ours) {
      expect(hasKey(s.name ?? ""), s.name).toBe(true);
      expect(hasKey(s.hint ?? ""), s.hint).toBe(true);
    }
  });

  it("reads the world settings the dialogs depend on", async () => {
    double = await bootSystem({ userId: GM });
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    // A GM takes an automatic success freely: nothing to ask.
    expect(readDialogSettings()).toEqual(settingsWith({ automaticAsk: false }));
    await double.game.settings.set("rolling-bones", "percentileMode", "shift");
    await double.game.settings.set("rolling-bones", "percentileCap", 2);
    await double.game.settings.set("rolling-bones", "wildFirstOneCounts", false);
    expect(readDialogSettings()).toEqual({
      percentileMode: "shift",
      percentileCap: 2,
      wildFirstOneCounts: false,
      automaticAsk: false,
    });
  });

  it("tells a player's dialog to ask the GM for an automatic success, unless the world lets rollers take it", async () => {
    double = await bootSystem({ userId: GM });
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    // docs/rules.md §5: by default the GM approves it.
    expect(double.actAs(ALICE, () => readDialogSettings().automaticAsk)).toBe(true);
    await double.game.settings.set("rolling-bones", "poolAutomatic", "free");
    expect(double.actAs(ALICE, () => readDialogSettings().automaticAsk)).toBe(false);
  });
});

describe("rollDirect", () => {
  it("posts the request an untouched dialog would build", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7, 3, 10]);
    const { rollDirect } = await import("../../src/applications/dialogs/direct.ts");
    const initial = { pool: 5, difficulty: 7 };
    const message = await rollDirect("pool", { initial, title: "Dexterity + Brawl" });
    const dialog = DIALOG_ENGINES.pool;
    const expected: unknown = dialog.formToRequest(dialog.requestToForm(initial, settingsWith()), settingsWith());
    const roll = message?.rolls[0] as unknown as { options: { request: unknown } };
    expect(roll.options.request).toEqual(expected);
    expect(message?.flavor).toBe("Dexterity + Brawl");
  });

  it("applies the world's cap to a percentile request", async () => {
    double = await bootSystem({ userId: GM });
    await double.game.settings.set("rolling-bones", "percentileCap", 2);
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [5, 5, 5, 5, 5, 5, 5]);
    const { rollDirect } = await import("../../src/applications/dialogs/direct.ts");
    const message = await rollDirect("percentile", { initial: { bonus: 4, penalty: 0 } });
    const roll = message?.rolls[0] as unknown as { options: { request: { cap: number } } };
    expect(roll.options.request.cap).toBe(2);
  });

  it("refuses a bad request with one localized error and posts nothing", async () => {
    double = await bootSystem({ userId: ALICE });
    const { rollDirect } = await import("../../src/applications/dialogs/direct.ts");
    const before = double.game.messages.size;
    expect(await rollDirect("pool", { initial: { pool: 0 } })).toBeNull();
    expect(double.game.messages.size).toBe(before);
    expect(double.notifications.map((n) => n.type)).toEqual(["error"]);
    expect(double.notifications[0]?.message).toBe("A pool needs at least one die (got 0).");
  });
});
