/**
 * Opening the action-dice panels: the `/actiondice` chat command and the API functions for macros.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFoundry, type FoundryDouble } from "../foundry/index.ts";
import { format } from "../support/i18n.ts";
import { ALICE, bootSystem } from "../support/system.ts";

describe("the /actiondice chat command", () => {
  afterEach(() => vi.doUnmock("../../src/applications/action-dice/open.ts"));

  it("opens the panel and stops the message; any other message goes on", async () => {
    const openActionDice = vi.fn(async () => null);
    vi.doMock("../../src/applications/action-dice/open.ts", () => ({ openActionDice }));
    vi.resetModules();
    // The command module carries the roll service, whose dice classes extend Foundry's: Foundry is there.
    const world = installFoundry();
    try {
      const { onChatMessage, ACTION_DICE_COMMAND } = await import("../../src/hooks/chat-message.ts");
      expect(ACTION_DICE_COMMAND).toBe("/actiondice");
      expect(onChatMessage(null, "  /ActionDice ")).toBe(false);
      expect(openActionDice).toHaveBeenCalledTimes(1);
      expect(onChatMessage(null, "hello /actiondice")).toBeUndefined();
      expect(openActionDice).toHaveBeenCalledTimes(1);
    } finally {
      world.uninstall();
    }
  });
});

describe("the panels from the API", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("game.system.api offers the panels and the requests; a player cannot open the GM panel", async () => {
    vi.resetModules();
    double = await bootSystem({ userId: ALICE });
    const api = (double.game.system as unknown as { api: Record<string, unknown> }).api;
    expect(typeof api.openGmPanel).toBe("function");
    expect(typeof api.openActionDice).toBe("function");
    expect(Object.keys(api.actionDice as object)).toEqual(
      expect.arrayContaining([
        "award",
        "take",
        "startSession",
        "luckyBreak",
        "gainInsight",
        "cardControl",
        "undoPoolAction",
      ]),
    );
    expect(await (api.openGmPanel as () => Promise<unknown>)()).toBeNull();
    expect(double.notifications.map((n) => n.message)).toEqual([format("ROLLING_BONES.Error.GmOnly")]);
  });
});
