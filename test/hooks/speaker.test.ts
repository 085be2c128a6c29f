// @vitest-environment happy-dom
/**
 * Who speaks and who owns a roll typed in the chat (issue 23, fault 6): `ChatMessage.getSpeaker()`
 * with no arguments takes the token the user controls, else the user's character (API13
 * ChatMessage.getSpeaker; docs/foundry-notes.md §13.1). A GM who types `/action 3` with a hero's token
 * selected speaks as the hero and keeps the card's GM controls (the card is the GM's: only the GM's
 * pool augments it); a player who types it with her own token selected owns her card.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

const AYLA = "actorAyla0000001";
const SCENE = "sceneKeep0000001";
const TOKEN = "tokenAyla0000001";

/** A world with Alice's action character Ayla on the viewed scene (a linked token). */
async function boot(userId: string): Promise<FoundryDouble> {
  double = await bootSystem({
    userId,
    actors: [{ id: AYLA, name: "Ayla", type: "action-character", system: { level: 3 }, ownership: { [ALICE]: 3 } }],
    scenes: [
      { id: SCENE, name: "Keep", active: true, tokens: [{ _id: TOKEN, name: "Ayla", actorId: AYLA, actorLink: true }] },
    ],
  });
  const { onChatMessage } = await import("../../src/hooks/chat-message.ts");
  double.Hooks.on("chatMessage", onChatMessage);
  double.CONFIG.Dice.randomUniform = fixedFaces(20, [11]);
  return double;
}

/** Types `/action 3` as `userId` and returns the card's message once every client has it. */
async function typeAction(userId: string) {
  const before = double.game.messages.size;
  double.actAs(userId, () => double.typeInChat("/action 3"));
  // The command loads the roll service on use: wait for its card, then for every client.
  await vi.waitFor(() => expect(double.game.messages.size).toBe(before + 1));
  await double.settle();
  const message = double.game.messages.contents.at(-1);
  if (!message) throw new Error("no card posted");
  return message;
}

/** The card's controlling user, as the card controls read it. */
async function ownerOf(messageId: string): Promise<string> {
  const { cardOf } = await import("../../src/services/action-dice/card-state.ts");
  const message = double.game.messages.get(messageId)!;
  return cardOf(message as never, message.rolls[0] as never).owner;
}

describe("a roll typed in the chat with a token selected", () => {
  it("a GM speaks as the selected hero and keeps the card: its owner is the GM", async () => {
    await boot(GM);
    double.control(GM, [TOKEN]);
    const message = await typeAction(GM);
    expect(message.speaker).toEqual({ scene: SCENE, actor: AYLA, token: TOKEN, alias: "Ayla" });
    expect(await ownerOf(message.id!)).toBe(GM);
  });

  it("a player speaks as her selected token and owns her card", async () => {
    await boot(ALICE);
    double.control(ALICE, [TOKEN]);
    const message = await typeAction(ALICE);
    expect(message.speaker).toMatchObject({ actor: AYLA, token: TOKEN });
    expect(await ownerOf(message.id!)).toBe(ALICE);
  });

  it("with no token selected, a player speaks as her assigned character", async () => {
    await boot(ALICE);
    await double.actAs(GM, () => double.game.users.get(ALICE)!.update({ character: AYLA }));
    await double.settle();
    double.viewScene(ALICE, SCENE);
    const message = await typeAction(ALICE);
    // Her character's linked token on the viewed scene speaks.
    expect(message.speaker).toMatchObject({ actor: AYLA, token: TOKEN, alias: "Ayla" });
  });
});
