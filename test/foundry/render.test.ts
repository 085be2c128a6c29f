// @vitest-environment happy-dom
/**
 * Rendering through the double: Roll#render with the stand-in core templates and with a system
 * template, and ChatMessage#renderHTML with the renderChatMessageHTML hook and per-client privacy.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type ChatMessageInstance, fixedFaces, type FoundryDouble, installFoundry, Roll } from "./index.ts";

const GM = "gamemaster000000";
const ALICE = "playerAlice00000";
const BOB = "playerBob0000000";

let double: FoundryDouble;
afterEach(() => double.uninstall());

describe("rendering", () => {
  it("renders a roll with its tooltip, and hides values when private", async () => {
    double = installFoundry();
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 2]);
    const roll = await new Roll("2d10cs>=7[pool]").evaluate();
    const html = await roll.render();
    expect(html).toContain('<h4 class="dice-total">1</h4>');
    expect(html).toContain('<li class="roll die d10 success">7</li>');
    expect(html).toContain('<span class="part-flavor">pool</span>');
    const hidden = await roll.render({ isPrivate: true });
    expect(hidden).toContain("???");
    expect(hidden).not.toContain("dice-tooltip");
  });

  it("renders a system template through renderTemplate with Foundry-like helpers", async () => {
    double = installFoundry();
    const renderTemplate = (
      globalThis as unknown as {
        foundry: { applications: { handlebars: { renderTemplate: (p: string, c: object) => Promise<string> } } };
      }
    ).foundry.applications.handlebars.renderTemplate;
    const html = await renderTemplate("systems/rolling-bones/templates/chat/partials/die.hbs", {
      index: 0,
      faces: 10,
      value: 7,
      role: "pool",
      marks: ["success"],
      words: ["success"],
    });
    expect(html).toContain('data-faces="10"');
    expect(html).toContain("Success");
    await expect(renderTemplate("systems/rolling-bones/templates/missing.hbs", {})).rejects.toThrow("file not found");
    await expect(renderTemplate("templates/sidebar/chat-message.hbs", {})).rejects.toThrow("is not emulated");
  });

  it("draws a new message in every client's chat log as that client may see it, and follows its changes", async () => {
    double = installFoundry({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(6, [4]);
    const seen: [string, boolean][] = [];
    double.Hooks.on("renderChatMessageHTML", (message: ChatMessageInstance, html: HTMLElement) => {
      seen.push([double.game.user.name, html.querySelector(".dice-total")?.textContent === "4"]);
      expect(message.id).toBe(html.dataset.messageId);
    });
    const msg = (await new Roll("1d6").toMessage(
      { content: "<p>card</p>" },
      { rollMode: "gmroll" },
    )) as ChatMessageInstance;
    await double.settle();
    const drawn = (userId: string) => double.chatLog(userId).messageElement(msg.id as string);
    expect(drawn(ALICE)?.querySelector(".message-content p")?.textContent).toBe("card");
    expect(drawn(ALICE)?.classList.contains("whisper")).toBe(true);
    // Bob sees that Alice rolled, not what she rolled (a GM roll).
    expect(drawn(BOB)?.querySelector(".message-content p")).toBeNull();
    expect(drawn(BOB)?.querySelector(".dice-formula")?.textContent).toBe("???");
    expect(drawn(GM)?.querySelector(".message-content p")?.textContent).toBe("card");
    expect(seen.sort()).toEqual([
      ["Alice", true],
      ["Bob", false],
      ["Gamemaster", true],
    ]);
    await msg.update({ content: "<p>changed</p>" });
    await double.settle();
    expect(drawn(GM)?.querySelector(".message-content p")?.textContent).toBe("changed");
    expect(double.chatLog(GM).log.querySelectorAll("[data-message-id]")).toHaveLength(1);
    await msg.delete();
    await double.settle();
    expect([drawn(ALICE), drawn(BOB), drawn(GM)]).toEqual([null, null, null]);
  });
});
