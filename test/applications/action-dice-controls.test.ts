// @vitest-environment happy-dom
/**
 * The action-dice controls on chat cards, rendered per viewer by the `renderChatMessageHTML` hook
 * on the Foundry double: each user sees only the controls they may use, and clicking one goes all
 * the way to the GM and back onto the card.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  CHARACTERS,
  cardRoll,
  control,
  countOf,
  GM,
  nextFaces,
  rollAs,
  type World,
} from "../services/action-dice-world.ts";
import type * as Listeners from "../../src/applications/chat/action-card-listeners.ts";

let w: World;
let listeners: typeof Listeners;
afterEach(() => w.double.uninstall());

async function started(options: Parameters<typeof bootWorld>[0] = {}): Promise<World> {
  w = await bootWorld(options);
  listeners = await import("../../src/applications/chat/action-card-listeners.ts");
  const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
  w.double.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  await w.double.actAs(GM, () => w.service.startSession());
  return w;
}

/** The message as `userId`'s client renders it, with the controls in place. */
async function view(messageId: string, userId: string): Promise<HTMLElement> {
  const html = await w.double.actAs(userId, () => w.double.game.messages.get(messageId)!.renderHTML());
  await listeners.decorated(html);
  return html;
}

const actions = (html: HTMLElement) =>
  [...html.querySelectorAll<HTMLElement>("button[data-rb-action]")].map((b) =>
    [b.dataset.rbAction, b.dataset.faces ?? b.dataset.entry ?? "", b.dataset.source ?? ""].filter(Boolean).join(":"),
  );

const AYLA = "actorAyla0000001";
/** The shared characters, Alice's Ayla with 2d8 class dice. */
const CLASS_WORLD = {
  actors: CHARACTERS.map((c) =>
    c.id === AYLA ? { ...c, system: { ...c.system, classDice: { faces: 8, count: 2 } } } : c,
  ),
};

describe("action dice controls on chat cards", () => {
  it("each viewer sees only what they may do: the roller uses and re-rolls, others activate the botch, the GM closes", async () => {
    await started();
    const id = await rollAs(w, ALICE, { botchRange: 2 }, [[2, 20]]);
    expect(actions(await view(id, ALICE))).toEqual(["augment:4", "reroll"]);
    expect(actions(await view(id, BOB))).toEqual(["botch"]);
    // The GM may also award Alice a die for the roll (no action dice on it yet).
    expect(actions(await view(id, GM))).toEqual(["botch", "awardRoll", "close"]);
    const bob = await view(id, BOB);
    expect(bob.querySelector(".rb-controls__pool")?.textContent).toContain("4d6");
    // every input has a label
    const input = bob.querySelector<HTMLInputElement>("input[data-dice-for=botch]")!;
    expect(bob.querySelector(`label[for="${input.id}"]`)).not.toBeNull();
    expect(input.max).toBe("4");
  });

  it("a click goes to the GM: Bob declares 2 dice on the botch; the GM sees Undo on the ledger line and uses it", async () => {
    await started();
    const id = await rollAs(w, ALICE, { botchRange: 2 }, [[1, 20]]);
    const bob = await view(id, BOB);
    // Before: a pending "Potential botch" pill, and no verdict beyond the total (no DC).
    expect(bob.querySelector('[data-flag="potentialBotch"]')).not.toBeNull();
    expect(bob.querySelector("[data-verdict]")?.getAttribute("data-verdict")).toBe("total");
    bob.querySelector<HTMLInputElement>("input[data-dice-for=botch]")!.value = "2";
    await w.double.actAs(BOB, async () =>
      bob.querySelector<HTMLButtonElement>("button[data-rb-action=botch]")!.click(),
    );
    await vi.waitFor(() => expect(cardRoll(w, id).card.ledger).toHaveLength(1));
    expect(countOf(w, BOB)).toBe(2);
    // the re-rendered card shows the ledger to everyone, and Undo to the GM only
    const alice = await view(id, ALICE);
    expect(alice.querySelector("[data-severity=botch]")?.textContent).toContain("2");
    // The activated botch is now the headline, shown as a failure; the pill no longer says "potential".
    const verdict = alice.querySelector("[data-verdict]");
    expect(verdict?.getAttribute("data-verdict")).toBe("botch");
    expect(verdict?.classList.contains("is-failure")).toBe(true);
    expect(verdict?.textContent?.trim()).toBe("Botch");
    expect(alice.querySelector('[data-flag="potentialBotch"]')).toBeNull();
    expect(alice.querySelector(".rb-ledger__entry")?.textContent).toContain("Bob");
    // the roller may still use dice (only a re-roll is barred once a botch stands)
    expect(actions(alice)).toEqual(["augment:4"]);
    const gm = await view(id, GM);
    const entry = cardRoll(w, id).card.ledger[0]!.id;
    expect(actions(gm)).toContain(`undo:${entry}`);
    const undo = gm.querySelector<HTMLButtonElement>(`.rb-ledger__entry [data-rb-action=undo]`)!;
    expect(undo.getAttribute("aria-label")).toContain("Bob");
    await w.double.actAs(GM, async () => undo.click());
    await vi.waitFor(() => expect(cardRoll(w, id).card.ledger[0]?.undone).toBe(true));
    expect(countOf(w, BOB)).toBe(4);
    const cara = await view(id, CARA);
    expect(cara.querySelector(".rb-ledger__mark")?.getAttribute("data-mark")).toBe("undone");
    // Undone: the botch is only potential again.
    expect(cara.querySelector("[data-verdict]")?.getAttribute("data-verdict")).toBe("total");
    expect(cara.querySelector('[data-flag="potentialBotch"]')).not.toBeNull();
  });

  it("a critical threat: the roller activates it, the GM may refund it; a closed card leaves only activations", async () => {
    await started();
    const id = await rollAs(w, CARA, { kind: "attack" }, [[20, 20]]);
    expect(actions(await view(id, CARA))).toEqual(["augment:8", "reroll", "critical"]);
    expect(actions(await view(id, ALICE))).toEqual([]);
    expect((await view(id, CARA)).querySelector('[data-flag="criticalThreat"]')).not.toBeNull();
    await control(w, CARA, id, { type: "critical", dice: 1 });
    const entry = cardRoll(w, id).card.ledger[0]!.id;
    // Activated: the headline is the critical success, and the threat pill is gone.
    const activated = await view(id, ALICE);
    expect(activated.querySelector("[data-verdict]")?.textContent?.trim()).toBe("Critical success");
    expect(activated.querySelector('[data-flag="criticalThreat"]')).toBeNull();
    // The GM may also name the critical's effect or draw it from a table (the roller may name it too,
    // even once the result is declared, but not draw it).
    expect(actions(await view(id, GM))).toEqual([
      `undo:${entry}`,
      `refund:${entry}`,
      "critical",
      "drawEffect",
      "effect",
      "awardRoll",
      "close",
    ]);
    // The critical was bought with an action die: no award for this roll (the button says why).
    const gm = await view(id, GM);
    expect(gm.querySelector<HTMLButtonElement>("[data-rb-action=awardRoll]")?.disabled).toBe(true);
    expect(gm.querySelector("[data-award-blocked]")?.textContent).toContain("action dice were used or spent");
    await control(w, GM, id, { type: "close" });
    expect(actions(await view(id, CARA))).toEqual(["effect"]);
    expect((await view(id, CARA)).querySelector("[data-card-state]")?.getAttribute("data-card-state")).toBe("closed");
  });

  it("class dice: Alice sees Ayla's class buttons and the source choice; a click pays from Ayla; the ledger says so", async () => {
    await started(CLASS_WORLD);
    const speaker = { speaker: { actor: AYLA, alias: "Ayla" } as never };
    const id = await rollAs(w, ALICE, { kind: "attack" }, [[20, 20]], speaker);
    const alice = await view(id, ALICE);
    expect(actions(alice)).toEqual(["augment:4", "reroll", "augment:8:class", "reroll:class", "critical"]);
    expect(alice.querySelector("[data-class-dice]")?.textContent).toContain("Ayla");
    // the source select is labelled and offers both; Bob and the GM get no class controls
    const select = alice.querySelector<HTMLSelectElement>("select[data-source-for=critical]")!;
    expect(alice.querySelector(`label[for="${select.id}"]`)).not.toBeNull();
    expect([...select.options].map((o) => o.value)).toEqual(["pool", "class"]);
    expect(actions(await view(id, BOB))).toEqual([]);
    expect(actions(await view(id, GM))).toEqual(["critical", "awardRoll", "close"]);
    // Alice pays the critical with 2 of Ayla's class dice
    alice.querySelector<HTMLInputElement>("input[data-dice-for=critical]")!.value = "2";
    select.value = "class";
    await w.double.actAs(ALICE, async () =>
      alice.querySelector<HTMLButtonElement>("button[data-rb-action=critical]")!.click(),
    );
    await vi.waitFor(() => expect(cardRoll(w, id).card.ledger).toHaveLength(1));
    expect(cardRoll(w, id).card.ledger[0]).toMatchObject({ character: AYLA, dice: [{ faces: 8, count: 2 }] });
    expect(countOf(w, ALICE)).toBe(3);
    const after = await view(id, CARA);
    expect(after.querySelector(".rb-ledger__entry [data-class-die]")?.textContent).toContain("Ayla");
    // no class dice left: no class buttons, and the critical offers no source choice
    const again = await view(id, ALICE);
    expect(again.querySelector("[data-source=class]")).toBeNull();
    expect(again.querySelector("select[data-source-for]")).toBeNull();
  });

  it("the GM awards the roller a die from the card, with the reason typed there", async () => {
    await started();
    const id = await rollAs(w, BOB, { modifier: 2, dc: 15 }, [[18, 20]]);
    const gm = await view(id, GM);
    const reason = gm.querySelector<HTMLInputElement>("input[data-award-reason]")!;
    expect(gm.querySelector(`label[for="${reason.id}"]`)?.textContent).toContain("Reason for the award");
    reason.value = "Talked the guard down, in character";
    await w.double.actAs(GM, async () => gm.querySelector<HTMLButtonElement>("[data-rb-action=awardRoll]")!.click());
    await vi.waitFor(() => expect(countOf(w, BOB)).toBe(5));
    const card = w.double.storedMessages().at(-1)!;
    expect(partIn(card, "economy")).toMatchObject({
      kind: "award",
      entry: { reason: "Talked the guard down, in character" },
    });
    // Players see no award control.
    expect(actions(await view(id, BOB))).not.toContain("awardRoll");
  });

  it("an augment shown as a chained cascade on the card", async () => {
    await started();
    const id = await rollAs(w, BOB, { modifier: 2, dc: 15 }, [[7, 20]]);
    nextFaces(w, [
      [6, 6],
      [6, 6],
      [3, 6],
    ]);
    await control(w, BOB, id, { type: "augment", faces: 6 });
    const html = await view(id, ALICE);
    expect(
      [...html.querySelectorAll('[data-group="augment"] .rb-die__face')].map((d) => d.textContent?.trim()),
    ).toEqual(["6", "6", "3"]);
    expect(html.querySelector("[data-total]")?.textContent).toBe("24");
    expect(html.querySelector(".rb-ledger__entry")?.getAttribute("data-type")).toBe("augment");
  });

  it("no controls on a card the viewer cannot see, and the GM's Undo on economy cards", async () => {
    await started();
    const secret = await rollAs(w, GM, {}, [[1, 20]], { visibility: "gm" });
    expect(actions(await view(secret, BOB))).toEqual([]);
    await w.double.actAs(GM, () => w.service.award(ALICE));
    const award = w.double.storedMessages().at(-1)!._id!;
    expect(actions(await view(award, ALICE))).toEqual([]);
    const gm = await view(award, GM);
    expect(actions(gm)).toEqual(["undoPool"]);
    await w.double.actAs(GM, async () => gm.querySelector<HTMLButtonElement>("[data-rb-action=undoPool]")!.click());
    await vi.waitFor(() => expect(countOf(w, ALICE)).toBe(3));
    expect(actions(await view(award, GM))).toEqual([]);
    expect((await view(award, ALICE)).querySelector("[data-undone]")).not.toBeNull();
  });
});
