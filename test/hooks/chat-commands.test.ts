// @vitest-environment happy-dom
/**
 * Roll commands end to end on the Foundry double: typing a command posts the engine's card; a
 * malformed command posts nothing and shows one localized error.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { format } from "../support/i18n.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

/**
 * Sends `text` as the running generation takes a chat command: the `chatMessage` hook (v13, or a v14
 * build without the registry), else the command of v14's chat-command registry that matches it.
 * `false`: a command took it; `undefined`: it is not one of the system's.
 */
async function send(text: string): Promise<boolean | void> {
  const { onChatMessage } = await import("../../src/hooks/chat-message.ts");
  const { chatCommandsRegistered } = await import("../../src/helpers/compat.ts");
  if (!chatCommandsRegistered()) return onChatMessage(null, text);
  const registry = foundry.applications.sidebar.tabs.ChatLog as unknown as {
    CHAT_COMMANDS: Record<string, { rgx: RegExp; fn: (...args: unknown[]) => Promise<false | void> }>;
  };
  for (const [name, command] of Object.entries(registry.CHAT_COMMANDS)) {
    const match = text.match(command.rgx);
    if (match) return command.fn(name, match, {}, {});
  }
  return undefined;
}

/** The one card posted (a command loads its grammar on first use: under load that takes more than waitFor's default second). */
async function lastCard(): Promise<HTMLElement> {
  await vi.waitFor(() => expect(double.game.messages.contents).toHaveLength(1), { timeout: 10_000 });
  const message = double.game.messages.contents[0]!;
  return message.renderHTML();
}

describe("roll commands", () => {
  it("/pool 5 7 posts a pool card with the faces thrown", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7, 3, 10]);
    expect(await send("/pool 5 7")).toBe(false);
    const html = await lastCard();
    expect([...html.querySelectorAll(".rb-die .rb-die__face")].map((f) => f.textContent?.trim())).toEqual([
      "8",
      "1",
      "7",
      "3",
      "10",
    ]);
    expect(html.querySelector("[data-result]")?.getAttribute("data-result")).toBe("success");
    const roll = double.game.messages.contents[0]!.rolls[0] as unknown as { request: unknown };
    expect(roll.request).toMatchObject({ pool: 5, difficulty: 7 });
    expect(double.notifications.filter((n) => n.type === "error")).toEqual([]);
  });

  it.each([
    ["/pct b2 p1", "percentile", { bonus: 2, penalty: 1 }],
    ["/wild 3D+1", "wild", { dice: 3, pips: 1 }],
    ["/pi d8 d4 d4 minor", "pi", { pool: [8, 4, 4], hindrance: "minor" }],
    ["/action +3 dc15 d6", "action", { modifier: 3, dc: 15, augments: [6] }],
  ])("%s posts a %s card with that request", async (text, engine, request) => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = () => 0.5;
    expect(await send(text)).toBe(false);
    const html = await lastCard();
    expect(html.querySelector(`[data-engine="${engine}"], .rb-card--${engine}`)).not.toBeNull();
    const roll = double.game.messages.contents[0]!.rolls[0] as unknown as { request: unknown };
    expect(roll.request).toMatchObject(request);
  });

  it.each([
    ["/pool six", '"six" is not understood here'],
    ["/pool 0 7", "at least one die"],
    ["/wild", "A required value is missing"],
  ])("%s posts nothing and shows one localized error", async (text, shown) => {
    double = await bootSystem({ userId: ALICE });
    let drawn = 0;
    double.CONFIG.Dice.randomUniform = () => {
      drawn++;
      return 0.5;
    };
    expect(await send(text)).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(drawn).toBe(0);
    expect(double.game.messages.contents).toEqual([]);
    const errors = double.notifications.filter((n) => n.type === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toMatch(/ROLLING_BONES\./);
    expect(errors[0]!.message).toContain(shown);
  });

  it("leaves other messages alone", async () => {
    double = await bootSystem({ userId: ALICE });
    expect(await send("/roll 1d20")).toBeUndefined();
    expect(await send("a pool of 6")).toBeUndefined();
    expect(double.game.messages.contents).toEqual([]);
  });
});

describe("the /request command", () => {
  it("is never posted; it opens the GM's request form, so a player is told it is the GM's, and a bad text why", async () => {
    double = await bootSystem({ userId: ALICE });
    const { REQUEST_COMMAND } = await import("../../src/hooks/chat-message.ts");
    expect(REQUEST_COMMAND).toBe("/request");
    expect(await send(" /Request ")).toBe(false);
    await vi.waitFor(() => expect(double.notifications).toHaveLength(1));
    expect(await send("/request action save:luck")).toBe(false);
    await vi.waitFor(() => expect(double.notifications).toHaveLength(2));
    expect(double.notifications.map((n) => n.message)).toEqual([
      format("ROLLING_BONES.Error.GmOnly"),
      format("ROLLING_BONES.Error.RequestTrait", { kind: "save", key: "luck" }),
    ]);
    expect(await send("/requested nothing")).toBeUndefined();
    expect(double.game.messages.contents).toHaveLength(0);
  });
});

describe("roll commands on v14, whose chat input is the editor's HTML", () => {
  it("are registered in v14's chat-command registry, which runs them; the chatMessage hook leaves them to it", async () => {
    double = await bootSystem({ userId: ALICE, generation: 14 });
    const registry = foundry.applications.sidebar.tabs.ChatLog as unknown as { CHAT_COMMANDS: Record<string, unknown> };
    expect(Object.keys(registry.CHAT_COMMANDS)).toEqual(
      ["actiondice", "request", "dicereport", "losefate", "pool", "pct", "percentile", "wild", "pi", "action"].map(
        (word) => `rolling-bones.${word}`,
      ),
    );
    const { onChatMessage } = await import("../../src/hooks/chat-message.ts");
    expect(onChatMessage(null, "<p>/pool 6 7</p>")).toBeUndefined();
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7, 3, 10, 9]);
    expect(double.typeInChat("/pool 6 7")).toBe(false);
    await lastCard();
    const roll = double.game.messages.contents[0]!.rolls[0] as unknown as { request: unknown };
    expect(roll.request).toMatchObject({ pool: 6, difficulty: 7 });
  });

  it("without the registry (a v14 build that lacks it) the hook reads the editor's HTML as text", async () => {
    double = await bootSystem({ userId: ALICE, generation: 14 });
    const ChatLog = foundry.applications.sidebar.tabs.ChatLog as unknown as { CHAT_COMMANDS?: unknown };
    delete ChatLog.CHAT_COMMANDS;
    const { registerSystemChatCommands } = await import("../../src/hooks/chat-message.ts");
    registerSystemChatCommands();
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7, 3, 10, 9]);
    expect(await send("<p>/pool 6 7</p>")).toBe(false);
    await lastCard();
    const roll = double.game.messages.contents[0]!.rolls[0] as unknown as { request: unknown };
    expect(roll.request).toMatchObject({ pool: 6, difficulty: 7 });
  });

  it("reads entities and leaves ordinary chat alone", async () => {
    double = await bootSystem({ userId: ALICE, generation: 14 });
    const { chatInputText } = await import("../../src/helpers/compat.ts");
    expect(chatInputText("<p>/pct b2&nbsp;p1</p><p>&lt;b&gt; &amp; more</p>")).toBe("/pct b2 p1\n<b> & more");
    expect(await send("<p>hello <strong>there</strong></p>")).toBeUndefined();
    expect(double.typeInChat("hello <strong>there</strong>")).toBe(true);
  });
});

describe.each([13, 14] as const)("every slash command typed in the chat input on v%i", (generation) => {
  /** The rendered applications' class names (the panels and forms a command opens; the chat log is one too). */
  const windows = () =>
    [
      ...(
        globalThis as unknown as { foundry: { applications: { instances: Map<string, object> } } }
      ).foundry.applications.instances.values(),
    ]
      .map((app) => app.constructor.name)
      .filter((name) => name !== "ChatLog");

  /** Boots the world as `userId` with the system's chatMessage listener, as `registerHooks` adds it. */
  async function boot(userId: string): Promise<FoundryDouble> {
    double = await bootSystem({ userId, generation });
    const { onChatMessage } = await import("../../src/hooks/chat-message.ts");
    double.Hooks.on("chatMessage", onChatMessage);
    return double;
  }

  it.each([
    ["/pool 5 7", "pool"],
    ["/pct b2 p1", "percentile"],
    ["/wild 3D+1", "wild"],
    ["/pi d8 d4 d4 minor", "pi"],
    ["/action +3 dc15 d6", "action"],
  ])("%s rolls its card and posts no chat text", async (text, engine) => {
    await boot(ALICE);
    double.CONFIG.Dice.randomUniform = () => 0.5;
    expect(double.typeInChat(text)).toBe(false);
    const html = await lastCard();
    expect(html.querySelector(`[data-engine="${engine}"], .rb-card--${engine}`)).not.toBeNull();
    expect(double.game.messages.contents[0]!.content).not.toContain("/");
  });

  it("/actiondice opens the player's panel, /request the GM's form; Foundry refuses a typo, plain text is left to it", async () => {
    await boot(GM);
    expect(double.typeInChat("/request")).toBe(false);
    expect(double.typeInChat("/actiondice")).toBe(false);
    await vi.waitFor(() => expect(windows()).toHaveLength(2));
    // v14 refuses an unknown `/word` itself, before the chatMessage hook; on v13 the hook leaves it to Foundry.
    expect(double.typeInChat("/pools 5 7")).toBe(generation === 13);
    expect(double.notifications.map((n) => n.message)).toEqual(
      generation === 14 ? ["/pools is not a valid chat message command."] : [],
    );
    expect(double.typeInChat("hello & <b>friends</b>")).toBe(true);
    expect(double.game.messages.contents).toHaveLength(0);
  });

  it("a malformed command shows one localized error and posts nothing", async () => {
    await boot(ALICE);
    expect(double.typeInChat("/pool six")).toBe(false);
    await vi.waitFor(() => expect(double.notifications).toHaveLength(1));
    expect(double.notifications[0]!.message).toContain('"six" is not understood here');
    expect(double.game.messages.contents).toHaveLength(0);
  });
});
