// @vitest-environment happy-dom
/**
 * The card model on the test world (issue 36), in v13 and v14 with several clients and latency: a card
 * the system posts is a typed chat message (`type: "card"`) made of parts — its roll, then what it
 * gathers (here a damage card's ledger) — written into `system.parts` by the active GM, read back the
 * same on every client and drawn from its parts by the one render dispatch. A flag set beside the parts
 * by a macro is no part; the card model leaves a part of an unknown kind out.
 */
import { afterEach, describe, expect, it } from "vitest";
import { partIn } from "../support/cards.ts";
import {
  ALICE,
  BOB,
  GM,
  GOBLIN,
  applyButton,
  bootHarmWorld,
  damageCard,
  healthOf,
  inLog,
  ledgerOf,
  pressIn,
  type HarmWorld,
} from "./harm-world.ts";

let w: HarmWorld;
afterEach(() => w.double.uninstall());

/** The stored source of a message. */
function stored(id: string) {
  const message = w.double.storedMessages().find((m) => m._id === id);
  if (!message) throw new Error(`no message ${id}`);
  return message;
}

describe("a card is a typed message made of parts", () => {
  it("a roll card is posted typed: its roll part, read the same on every client", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [3, 2]);
    expect(stored(id)).toMatchObject({ type: "card", system: { parts: [{ kind: "roll", roll: 0 }] } });
    for (const user of [GM, ALICE, BOB]) {
      const message = w.double.actAs(user, () => w.double.game.messages.get(id)!);
      expect(message.type).toBe("card");
      expect((message.system as { parts?: unknown }).parts).toEqual([{ kind: "roll", roll: 0 }]);
    }
  });

  it("the GM writes an application into the card's ledger part, and its Undo back; no flag holds it", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [4, 3]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(3);
    const source = stored(id);
    expect(source.system.parts).toMatchObject([
      { kind: "roll", roll: 0 },
      { kind: "harmLedger", data: { entries: [{ target: { actor: GOBLIN }, before: 10, after: 3 }] } },
    ]);
    expect(source.flags["rolling-bones"]?.harmLedger).toBeUndefined();
    // Every client reads the same ledger and draws its line with its Undo.
    for (const user of [GM, ALICE, BOB]) {
      const { html } = await inLog(w, id, user);
      expect(html.querySelectorAll("[data-rb-action=harmUndo]").length, user).toBe(user === BOB ? 0 : 1);
    }
    const [entry] = ledgerOf(w, id).entries;
    await pressIn(w, id, ALICE, `[data-rb-action=harmUndo][data-entry="${entry!.id}"]`);
    expect(healthOf(w, GOBLIN).value).toBe(10);
    expect((partIn(stored(id), "harmLedger") as { entries: { undone: boolean }[] }).entries[0]?.undone).toBe(true);
  });

  it("every client's message is the system's ChatMessage class, which reads the card's parts", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [4, 3]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    for (const user of [GM, ALICE, BOB]) {
      const message = w.double.actAs(user, () => w.double.game.messages.get(id)!) as unknown as {
        constructor: { name: string };
        parts: { kind: string }[];
        part(kind: string): unknown;
      };
      expect(message.constructor.name).toBe("RollingBonesChatMessage");
      expect(message.parts.map((p) => p.kind)).toEqual(["roll", "harmLedger"]);
      expect(message.part("harmLedger")).toEqual(partIn(stored(id), "harmLedger"));
      expect(message.part("economy")).toBeUndefined();
    }
  });

  it("a ledger set as a flag beside the parts by the author's macro is no part of the card", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    const forged = { entries: [{ id: "forgedEntry00001", target: GOBLIN }], applied: ["forgedEntry00001"] };
    await w.double.actAs(ALICE, () => w.double.game.messages.get(id)!.setFlag("rolling-bones", "harmLedger", forged));
    await w.double.settle();
    expect(ledgerOf(w, id).entries).toEqual([]);
    const { html } = await inLog(w, id, GM);
    expect(html.querySelector('[data-entry="forgedEntry00001"]')).toBeNull();
  });

  it("a part of a kind the model does not know is left out when the card is stored", async () => {
    w = await bootHarmWorld();
    const created = await w.double.actAs(ALICE, () =>
      (globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }).ChatMessage.create({
        type: "card",
        content: "<p>Macro</p>",
        system: {
          parts: [
            { kind: "spell", data: 1 },
            { kind: "economy", data: { kind: "take" } },
            { kind: "roll", roll: 0 },
          ],
        },
      }),
    );
    await w.double.settle();
    expect(stored(created.id).system.parts).toEqual([
      { kind: "economy", data: { kind: "take" } },
      { kind: "roll", roll: 0 },
    ]);
    // A roll part without its roll is not read as one.
    expect(partIn(stored(created.id), "economy")).toEqual({ kind: "take" });
  });
});
