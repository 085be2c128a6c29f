// @vitest-environment happy-dom
/**
 * Fault 10 of issue 23: an update is diffed against the requester's copy, so a write of the values a
 * client already holds sends nothing, fires no hook and redraws nothing (API13
 * DatabaseUpdateOperation#diff; the world emulates it in both generations). Nothing in the system may
 * depend on such a write reaching the server: a request filed again under the same action id, and a
 * card drawn again after a spend and its undo.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  bootWorld,
  cardRoll,
  control,
  countOf,
  GM,
  nextFaces,
  rollAs,
  type World,
} from "./action-dice-world.ts";
import type * as GmActionService from "../../src/services/gm-action.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** The world at a latency where an answer reaches the asker before the GM's cleanup of its request does. */
async function boot(generation: 13 | 14): Promise<typeof GmActionService> {
  w = await bootWorld({ generation, latency: 20, queryLatency: 3 });
  return import("../../src/services/gm-action.ts");
}

const filed = (userId: string) =>
  w.double.actAs(userId, () => w.double.game.users.get(userId)?.getFlag("rolling-bones", "requests") ?? {});

describe("no same-value write is relied on (fault 10)", () => {
  it.each([13, 14] as const)(
    "v%i: a double click files the same request twice (the second filing sends nothing) and is applied once",
    async (generation) => {
      const gmAction = await boot(generation);
      let runs = 0;
      gmAction.registerGmAction("test.twice", { run: async () => ++runs });
      const id = gmAction.actionIdFor("card", "twice", 1);
      const click = () => w.double.actAs(ALICE, () => gmAction.requestGmAction("test.twice", { n: 1 }, id));
      // The second click's filing finds the first one in Alice's copy: a same-value write, no update.
      expect(await Promise.all([click(), click()])).toEqual([1, 1]);
      await w.double.settle();
      expect(runs).toBe(1);
      expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
      expect(filed(ALICE)).toEqual({});
    },
  );

  it.each([13, 14] as const)(
    "v%i: a double click filed twice under one id while the GM reloads in between is answered as a repeat",
    async (generation) => {
      const gmAction = await boot(generation);
      let runs = 0;
      gmAction.registerGmAction("test.once", { run: async () => ++runs });
      const id = gmAction.actionIdFor("card", "once", 1);
      const first = w.double.actAs(ALICE, () => gmAction.requestGmAction("test.once", {}, id));
      expect(await first).toBe(1);
      // The GM's client reloads (its memory of replies is gone); the second click's filing crossed it.
      gmAction.forgetGmActions();
      const second = await w.double.actAs(ALICE, () => gmAction.requestGmAction("test.once", {}, id));
      await w.double.settle();
      // Without a record in the documents this test action runs again; what matters here is that the
      // second filing reached the GM (no "forged request" refusal for the asker's own click).
      expect(second).toBe(2);
      expect(w.double.notifications.filter((n) => n.type === "error")).toEqual([]);
      expect(filed(ALICE)).toEqual({});
    },
  );

  it.each([13, 14] as const)(
    "v%i: a card is drawn again in every client's chat log after a spend and after its undo",
    async (generation) => {
      await boot(generation);
      expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
      const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
      await w.double.settle();
      const drawn: string[] = [];
      w.double.Hooks.on("renderChatMessageHTML", (message: { id: string }) => {
        if (message.id === id) drawn.push(w.double.game.user.id);
      });
      // The card as drawn, less what each viewer gets for itself (its controls, the owner's advice).
      const card = (userId: string) => {
        const element = w.double.chatLog(userId).messageElement(id)?.cloneNode(true) as HTMLElement | undefined;
        const own = "[data-controls], button[data-rb-action], details.rb-advice";
        for (const part of element?.querySelectorAll(own) ?? []) part.remove();
        return element?.innerHTML ?? "";
      };
      const first = card(GM);
      const dice = countOf(w, ALICE);
      nextFaces(w, [[3, 4]]);
      expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
      await w.double.settle();
      expect(countOf(w, ALICE)).toBe(dice - 1);
      expect(drawn.filter((u) => u === GM)).toHaveLength(1);
      expect(drawn.filter((u) => u === ALICE)).toHaveLength(1);
      expect(card(GM)).not.toBe(first);
      expect(card(ALICE)).toBe(card(GM));
      const entry = cardRoll(w, id).card.ledger.at(-1)!.id;
      expect(await control(w, GM, id, { type: "undo", entry })).toBe(true);
      await w.double.settle();
      expect(countOf(w, ALICE)).toBe(dice);
      expect(drawn.filter((u) => u === GM)).toHaveLength(2);
      expect(drawn.filter((u) => u === ALICE)).toHaveLength(2);
      expect(card(ALICE)).toBe(card(GM));
    },
  );
});
