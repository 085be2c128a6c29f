// @vitest-environment happy-dom
/**
 * What a player writes cannot be undone into the world (issue 41, faults 1 and 4), on the test world
 * in v13 and v14. A card's damage ledger lives in the card's flags, which its author may write; the
 * GM's Undo restores only what the target's own log recorded for that card (an actor the player does
 * not own, so she cannot write it). Before the fix the Undo replayed the card's line as written:
 * another player's character went from 10 to 0 and was marked defeated. A token whose scene is gone
 * is refused, never written to its world actor.
 */
import { partUpdate } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import { forgetGmActions } from "../../src/services/gm-action.ts";
import { d6s, errors, errorText } from "./points-world.ts";
import {
  ALICE,
  BOB,
  GM,
  GOBLIN,
  VEX,
  WIL,
  applyButton,
  bootHarmWorld,
  damageCard,
  healthOf,
  ledgerOf,
  pressIn,
  statusesOf,
  type HarmWorld,
} from "./harm-world.ts";
import type { HarmEntry, HarmLedger } from "../../src/services/harm/index.ts";

let w: HarmWorld;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** The card's author rewrites its ledger from her own client (a macro on her own message). */
async function rewrite(messageId: string, userId: string, ledger: HarmLedger): Promise<void> {
  await w.double.actAs(userId, () => {
    const message = w.double.game.messages.get(messageId) as unknown as {
      update(data: object): Promise<unknown>;
    };
    return message.update(partUpdate(message, "harmLedger", ledger));
  });
  await w.double.settle();
}

/** A made-up line in Alice's name. */
function forgedLine(target: string, before: number, after: number, id = "forgedEntry00001"): HarmEntry {
  return {
    id,
    target: { actor: target },
    name: "Wil",
    multiplier: "full",
    amount: after - before,
    before,
    after,
    max: 10,
    wound: null,
    defeat: null,
    by: ALICE,
    byName: "Alice",
    undone: false,
  };
}

describe("an Undo trusts only what the GM recorded", () => {
  it("a made-up line against another player's character is refused, even where players may not hurt others; nothing changes", async () => {
    w = await bootHarmWorld();
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "applyToOthers", "never"));
    const id = await damageCard(w, [], [2, 3]);
    const wil = healthOf(w, WIL);
    await rewrite(id, ALICE, { entries: [forgedLine(WIL, 0, 10)], applied: ["forgedEntry00001"] });
    await pressIn(w, id, ALICE, `[data-rb-action=harmUndo][data-entry="forgedEntry00001"]`);
    expect(errors(w)).toEqual([errorText("HarmUndoUnrecorded", { name: "Wil" })]);
    expect(healthOf(w, WIL)).toEqual(wil);
    expect(statusesOf(w, WIL)).toEqual([]);
    expect(ledgerOf(w, id).entries[0]?.undone).toBe(false);
  });

  it("a real line whose figures the author rewrote restores what the GM recorded, not what she wrote", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [4, 3]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(3);
    const [real] = ledgerOf(w, id).entries;
    // "10 → 20" would take 10 off on undo: the goblin to 0, defeated.
    await rewrite(id, ALICE, { ...ledgerOf(w, id), entries: [{ ...real!, before: 10, after: 20 }] });
    await pressIn(w, id, ALICE, `[data-rb-action=harmUndo][data-entry="${real!.id}"]`);
    expect(errors(w)).toEqual([]);
    expect(healthOf(w, GOBLIN)).toEqual({ value: 10, max: 10 });
    expect(statusesOf(w, GOBLIN)).toEqual([]);
  });

  it("another card's line copied onto hers, and a line someone else applied, are refused", async () => {
    w = await bootHarmWorld();
    // Bob's card hurts the goblin; Alice copies his line onto her own card, in her name.
    const bobs = await damageCard(w, [GOBLIN], [2, 2], BOB, WIL);
    await pressIn(w, bobs, BOB, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(6);
    const [his] = ledgerOf(w, bobs).entries;
    const mine = await damageCard(w, [GOBLIN], [2, 3]);
    await rewrite(mine, ALICE, { entries: [{ ...his!, by: ALICE, byName: "Alice" }], applied: [his!.id] });
    await pressIn(w, mine, ALICE, `[data-rb-action=harmUndo][data-entry="${his!.id}"]`);
    expect(errors(w)).toEqual([errorText("HarmUndoUnrecorded", { name: "Goblin" })]);
    expect(healthOf(w, GOBLIN).value).toBe(6);
    // On Bob's own card, Alice names herself as the one who applied it: the log says Bob did.
    const before = errors(w).length;
    await w.double.actAs(ALICE, () => w.harm.undoOnCard(w.double.game.messages.get(bobs) as never, his!.id));
    await w.double.settle();
    expect(errors(w).slice(before)).toEqual([errorText("HarmUndoNotYours")]);
    expect(healthOf(w, GOBLIN).value).toBe(6);
  });

  it("an emptied ledger under a GM who reloaded does not apply the same press twice", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(6);
    // The card forgets (its author emptied it), the GM forgets (a reload): the same press has the same id.
    await rewrite(id, ALICE, { entries: [], applied: [] });
    forgetGmActions();
    await w.double.actAs(ALICE, () =>
      w.harm.applyFromCard(w.double.game.messages.get(id) as never, { actor: GOBLIN }, "full"),
    );
    await w.double.settle();
    expect(healthOf(w, GOBLIN).value).toBe(6);
  });

  it("an Undo repeated after a GM reload takes back once", async () => {
    w = await bootHarmWorld();
    const id = await damageCard(w, [GOBLIN], [2, 2]);
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
    expect(healthOf(w, GOBLIN).value).toBe(2);
    const [first] = ledgerOf(w, id).entries;
    await pressIn(w, id, ALICE, `[data-rb-action=harmUndo][data-entry="${first!.id}"]`);
    expect(healthOf(w, GOBLIN).value).toBe(6);
    // Alice clears the card's "undone" mark and the GM reloads: the log knows the undo's id.
    const ledger = ledgerOf(w, id);
    await rewrite(id, ALICE, {
      entries: ledger.entries.map((e) => ({ ...e, undone: false })),
      applied: ledger.applied.slice(0, 2),
    });
    forgetGmActions();
    await w.double.actAs(ALICE, () => w.harm.undoOnCard(w.double.game.messages.get(id) as never, first!.id));
    await w.double.settle();
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(errors(w)).toEqual([]);
  });
});

describe("a token whose scene is gone", () => {
  it("is refused with a message; its world actor keeps its health", async () => {
    w = await bootHarmWorld();
    const gone = { actor: GOBLIN, token: "tokenGone0000001", scene: "sceneGone0000001" };
    await w.double.actAs(GM, () => w.harm.applyDamage(gone, 3));
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmSceneGone")]);
    expect(healthOf(w, GOBLIN).value).toBe(10);
    // From a card, through the GM: the same.
    const id = await damageCard(w, [GOBLIN], [2, 2], ALICE, VEX);
    await w.double.actAs(GM, () => w.harm.applyFromCard(w.double.game.messages.get(id) as never, gone, "full"));
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("HarmSceneGone"), errorText("HarmSceneGone")]);
    expect(healthOf(w, GOBLIN).value).toBe(10);
    expect(ledgerOf(w, id).entries).toEqual([]);
  });
});

describe("damage from a card the asker cannot see (issue 41 fault 8)", () => {
  it("another player's self roll applied through a forged request is refused; nothing changes", async () => {
    w = await bootHarmWorld();
    // Bob's own damage roll, seen by him alone.
    d6s(w, 4, 5);
    const message = await w.double.actAs(BOB, () =>
      w.points.rollWithPoints(
        "wild",
        { dice: 2 },
        {
          actor: w.double.game.actors.get(WIL) as never,
          visibility: "self",
          rollOptions: { damage: { actor: "Wil", weapon: "Axe", rolled: "2D" }, targets: [] },
        },
      ),
    );
    await w.double.settle();
    const id = message!.id!;
    const before = healthOf(w, VEX);
    const { requestGmAction } = await import("../../src/services/gm-action.ts");
    const result = await w.double.actAs(ALICE, () =>
      requestGmAction("harm.apply", { message: id, target: { actor: VEX }, multiplier: "full" }, "forgedApply00001"),
    );
    await w.double.settle();
    expect(result).toBeNull();
    expect(errors(w).at(-1)).toBe(errorText("HarmCardNotVisible"));
    expect(healthOf(w, VEX)).toEqual(before);
    // Bob, who sees it, may apply it to his own character.
    const own = await w.double.actAs(BOB, () =>
      requestGmAction("harm.apply", { message: id, target: { actor: WIL }, multiplier: "full" }, "ownApply00000001"),
    );
    await w.double.settle();
    expect(own).not.toBeNull();
  });
});
