// @vitest-environment happy-dom
/**
 * User text stays text, end to end on the Foundry double (issue 14, class 1): a flavor passed to the
 * API, a roll link's label, character and user names in the action-dice and points ledgers, a
 * request's label and characters, and a refusal that quotes what was typed. Each message is
 * rendered as Foundry renders it (the flavor as HTML, then the card and the viewer's controls) and
 * must create no element from the hostile text while showing it as typed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { HOSTILE_SHORT, injected, parseHTML } from "../support/hostile.ts";
import { format } from "../support/i18n.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import * as ActionWorld from "./action-dice-world.ts";
import * as PointsWorld from "./points-world.ts";

let double: FoundryDouble | null = null;
afterEach(() => {
  double?.uninstall();
  double = null;
});

/** Checks a rendered message: no element from the hostile text, and the text shown as typed. */
function expectText(root: HTMLElement, text = HOSTILE_SHORT): void {
  expect(injected(root)).toEqual([]);
  expect(root.textContent).toContain(text);
}

type Engine = "percentile" | "action" | "wild" | "pi" | "pool";
const ROLLS: [Engine, unknown, () => number][] = [
  ["percentile", { bonus: 0, penalty: 0, column: 9 }, fixedFaces(10, [6, 9])],
  ["action", { modifier: 3, dc: 15 }, fixedFaces(20, [12])],
  ["wild", { dice: 3, pips: 1 }, fixedFaces(6, [4, 2, 5])],
  ["pi", { pool: [8, 6] }, fixedFaces(8, [5, 3])],
  ["pool", { pool: 4, difficulty: 6 }, fixedFaces(10, [7, 2, 9, 1])],
];

describe("a flavor passed to the API", () => {
  it.each(ROLLS)("%s: the card's flavor shows as typed and makes no element", async (engine, request, uniform) => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = uniform;
    const { rollToChat } = await import("../../src/services/roll.ts");
    const message = await rollToChat(engine, request, { flavor: HOSTILE_SHORT, visibility: "public" });
    const li = await message!.renderHTML();
    expectText(li);
    expect(li.querySelector(".flavor-text")!.textContent).toBe(HOSTILE_SHORT);
  });
});

describe("roll links", () => {
  const label = HOSTILE_SHORT.replace("{{7*7}}", ""); // a link label ends at the first "}"

  it("a label shows as the link's text, and the card posted from it shows it as its flavor", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 8, 2, 3, 9, 1]);
    const config = double.CONFIG as unknown as {
      TextEditor: { enrichers: { pattern: RegExp; enricher: (m: RegExpMatchArray) => Promise<HTMLElement> }[] };
    };
    const { pattern, enricher } = config.TextEditor.enrichers[0]!;
    const text = `@RollPool[6|7]{${label}}`;
    const link = await enricher(new RegExp(pattern.source, pattern.flags.replace("g", "")).exec(text)!);
    const holder = parseHTML(link.outerHTML); // what enrichHTML hands the page
    expectText(holder, label);
    expect(holder.querySelector("a")!.dataset.label).toBe(label);
    const { onRollLinkEvent } = await import("../../src/hooks/roll-links.ts");
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "target", { value: link });
    const posted = await onRollLinkEvent(event);
    const li = await posted!.renderHTML();
    expectText(li, label);
    expect(li.querySelector(".flavor-text")!.textContent).toBe(label);
  });

  it("a refusal that quotes the typed parameters shows them as text in the notification", async () => {
    double = await bootSystem({ userId: ALICE });
    const { onRollLinkEvent } = await import("../../src/hooks/roll-links.ts");
    const link = document.createElement("a");
    link.className = "rb-roll-link";
    link.dataset.engine = "pool";
    const typed = "<img/data-pwned/src=x/onerror=globalThis.__pwned=4>"; // one word: the reason quotes it whole
    link.dataset.params = `6|${typed}`;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    Object.defineProperty(event, "target", { value: link });
    expect(await onRollLinkEvent(event)).toBeNull();
    const [notice] = double.notifications;
    expect(notice?.type).toBe("error");
    // Foundry renders the message as HTML: it must make no element and read as typed.
    const shown = parseHTML(notice!.html);
    expectText(shown, `"${typed.toLowerCase()}"`); // the command grammar reads words in lower case
    expect(shown.textContent).toBe(notice!.message);
  });
});

describe("ledgers", () => {
  it("action dice: the player's and the character's names on the card and its GM controls stay text", async () => {
    const ayla = "actorAyla0000001";
    const users = [
      { id: GM, name: "Gamemaster", role: "GM" as const },
      { id: ALICE, name: HOSTILE_SHORT, role: "PLAYER" as const },
      { id: ActionWorld.BOB, name: "Bob", role: "PLAYER" as const },
      { id: ActionWorld.CARA, name: "Cara", role: "PLAYER" as const },
    ];
    const actors = ActionWorld.CHARACTERS.map((c) => (c.id === ayla ? { ...c, name: HOSTILE_SHORT } : c));
    const w = await ActionWorld.bootWorld({ users, actors });
    double = w.double;
    const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
    w.double.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
    await w.double.actAs(GM, () => w.service.startSession());
    const speaker = { speaker: { actor: ayla, alias: HOSTILE_SHORT } as never, flavor: HOSTILE_SHORT };
    const id = await ActionWorld.rollAs(w, ALICE, { kind: "attack", modifier: 3 }, [[20, 20]], speaker);
    ActionWorld.nextFaces(w, [[3, 4]]);
    expect(await ActionWorld.control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    const { decorated } = await import("../../src/applications/chat/action-card-listeners.ts");
    const li = await w.double.actAs(GM, () => w.double.game.messages.get(id)!.renderHTML());
    await decorated(li);
    expectText(li);
    expect(li.querySelector(".rb-ledger__who")!.textContent).toBe(HOSTILE_SHORT);
    const undo = li.querySelector<HTMLElement>('button[data-rb-action="undo"]');
    expect(undo?.getAttribute("aria-label")).toContain(HOSTILE_SHORT);
  });

  it("points: the paying character's name in the karma ledger stays text", async () => {
    const actors = PointsWorld.CHARACTERS.map((c) => (c.id === PointsWorld.AYLA ? { ...c, name: HOSTILE_SHORT } : c));
    const w = await PointsWorld.bootWorld({ actors });
    double = w.double;
    PointsWorld.d10s(w, 6, 9, 8);
    const request = { bonus: 0, penalty: 0, column: 10, karmaDice: 1 };
    const id = await PointsWorld.rollFor(w, ALICE, "percentile", PointsWorld.AYLA, request);
    const li = await w.double.actAs(GM, () => w.double.game.messages.get(id!)!.renderHTML());
    expectText(li);
    expect(li.querySelector(".rb-points__what")!.textContent).toContain(HOSTILE_SHORT);
  });
});

describe("a GM roll request", () => {
  it("its label, its note for the GM and its characters' names stay text", async () => {
    const { w, id, renderAs } = await PointsWorld.requestWorld(HOSTILE_SHORT, HOSTILE_SHORT, true);
    double = w.double;
    for (const viewer of [GM, ALICE]) {
      const li = await renderAs(viewer);
      expectText(li);
      expect(li.querySelector(".rb-request__name")!.textContent).toBe(HOSTILE_SHORT);
      const roll = li.querySelector(".rb-request__roll");
      if (viewer === ALICE) {
        expect(roll?.getAttribute("aria-label")).toBe(format("ROLLING_BONES.Request.RollAs", { name: HOSTILE_SHORT }));
      }
    }
    const note = w.double.storedMessages().find((m) => m._id !== id);
    const noteLi = await w.double.actAs(GM, () => w.double.game.messages.get(note!._id!)!.renderHTML());
    expectText(noteLi);
  });
});
