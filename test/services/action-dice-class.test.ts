/**
 * Class bonus dice end to end on the Foundry double (a GM and three players): the session start
 * fills each character's class pool on its Actor, the roller pays a use, a re-roll or a critical
 * with the class dice of the character who rolled, the GM's undo and refund put them back on that
 * character, a pool of an earlier session refills at first use, and forged requests (another
 * player's character, a character the asker does not own, more dice than are left) are refused
 * with nothing changed.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ActorSpec } from "../foundry/index.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  cardRoll,
  CHARACTERS,
  control,
  countOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  startedWorld,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import type * as ClassPools from "../../src/services/action-dice/class-pools.ts";
import type * as GmAction from "../../src/services/gm-action.ts";

const AYLA = "actorAyla0000001";
const BRANN = "actorBrann000001";
const DAX = "actorDax00000001";
const CORIN = "actorCorin000001";

/** The shared characters, with class dice: Ayla (Alice) 2d8, Dax (Cara) 1d6; Brann (Bob) none. */
const WITH_CLASS_DICE: ActorSpec[] = CHARACTERS.map((c) =>
  c.id === AYLA
    ? { ...c, system: { ...c.system, classDice: { faces: 8, count: 2 } } }
    : c.id === DAX
      ? { ...c, system: { ...c.system, classDice: { faces: 6, count: 1 } } }
      : c,
);

let w: World;
let classPools: typeof ClassPools;
let gm: typeof GmAction;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld({ actors: WITH_CLASS_DICE });
  classPools = await import("../../src/services/action-dice/class-pools.ts");
  gm = await import("../../src/services/gm-action.ts");
  return w;
}

/** The class pool stored on a character's Actor, as a client reads it. */
function stored(actorId: string): ClassPools.StoredClassPool | null {
  return classPools.storedClassPool(w.double.game.actors.get(actorId) as never);
}

/** The class dice a character has left this session (0 without a pool). */
function classLeft(actorId: string): number {
  return classPools.classPoolNow(w.double.game.actors.get(actorId) as never)?.state.left ?? 0;
}

/** Rolls as `userId`, spoken by the character `actorId`. */
function rollFor(userId: string, actorId: string, request: object, faces: (readonly [number, number])[]) {
  return rollAs(w, userId, request, faces, { speaker: { actor: actorId, alias: actorId } as never });
}

/** The world's state, ignoring a system flag scope the first filed (and removed) request leaves empty. */
function settled(): string {
  return stateSnapshot(w).replaceAll('{"rolling-bones":{}}', "{}");
}

/** Sends a raw request to the GM as `userId` and expects its refusal with `code`, nothing changed. */
async function refused(userId: string, data: unknown, code: string, format: Record<string, unknown> = {}) {
  const before = settled();
  const actors = JSON.stringify(w.double.game.actors.map((a) => a.flags));
  const shown = errors(w).length;
  expect(await w.double.actAs(userId, () => gm.requestGmAction(w.service.CARD_ACTION, data))).toBeNull();
  expect(errors(w).slice(shown)).toEqual([errorText(code, format)]);
  expect(settled()).toBe(before);
  expect(JSON.stringify(w.double.game.actors.map((a) => a.flags))).toBe(actors);
}

describe("class bonus dice: session, spend, undo, refund", { timeout: 20_000 }, () => {
  it("a session start fills each character's class pool on its Actor, and only those with class dice", async () => {
    await started();
    expect(stored(AYLA)).toEqual({ session: 1, rev: 1, state: { actorId: AYLA, faces: 8, left: 2, spent: 0 } });
    expect(stored(DAX)).toEqual({ session: 1, rev: 1, state: { actorId: DAX, faces: 6, left: 1, spent: 0 } });
    expect(stored(BRANN)).toBeNull();
    // the players' pools are as before: class dice are not pool dice
    expect(countOf(w, ALICE)).toBe(3);
  });

  it("Alice pays a use and a re-roll with Ayla's class dice; her own pool is untouched", async () => {
    await started();
    const card = await rollFor(ALICE, AYLA, { modifier: 1 }, [[9, 20]]);
    nextFaces(w, [
      [8, 8],
      [3, 8],
    ]);
    expect(await control(w, ALICE, card, { type: "augment", faces: 8, source: "class" })).toBe(true);
    expect(cardRoll(w, card).total).toBe(10 + 11);
    expect(classLeft(AYLA)).toBe(1);
    expect(countOf(w, ALICE)).toBe(3);
    const entry = cardRoll(w, card).card.ledger[0];
    expect(entry).toMatchObject({ type: "augment", by: ALICE, character: AYLA, dice: [{ faces: 8, count: 1 }] });
    // the card names the character whose class dice paid
    expect(cardRoll(w, card).card.names[AYLA]).toBe("Ayla");
    nextFaces(w, [[20, 20]]);
    expect(await control(w, ALICE, card, { type: "reroll", source: "class" })).toBe(true);
    expect(cardRoll(w, card).total).toBe(21 + 11);
    expect(classLeft(AYLA)).toBe(0);
    expect(stored(AYLA)?.rev).toBe(3);
    // none left: refused with a message, nothing changed
    await refused(ALICE, { messageId: card, seen: 2, control: { type: "reroll", source: "class" } }, "NotEnoughDice", {
      have: 0,
      need: 1,
    });
  });

  it("the GM's undo returns class dice to the character, and a refunded critical too", async () => {
    await started();
    const card = await rollFor(ALICE, AYLA, {}, [[20, 20]]);
    await control(w, ALICE, card, { type: "critical", dice: 2, source: "class" });
    await control(w, ALICE, card, { type: "critical", dice: 1 });
    expect(classLeft(AYLA)).toBe(0);
    expect(countOf(w, ALICE)).toBe(2);
    const [classEntry, poolEntry] = cardRoll(w, card).card.ledger;
    expect(await control(w, GM, card, { type: "refund", entry: classEntry!.id })).toBe(true);
    expect(classLeft(AYLA)).toBe(2);
    expect(countOf(w, ALICE)).toBe(2);
    expect(await control(w, GM, card, { type: "undo", entry: poolEntry!.id })).toBe(true);
    expect(countOf(w, ALICE)).toBe(3);
    expect(classLeft(AYLA)).toBe(2);
  });

  it("class dice count for the lucky break: Alice, who used one of Ayla's, is refused it until the GM undoes that use (docs/rules.md §2)", async () => {
    await started();
    const card = await rollFor(ALICE, AYLA, { modifier: 1 }, [[9, 20]]);
    nextFaces(w, [[3, 8]]);
    expect(await control(w, ALICE, card, { type: "augment", faces: 8, source: "class" })).toBe(true);
    expect(countOf(w, ALICE)).toBe(3);
    const before = settled();
    expect(await w.double.actAs(ALICE, () => w.service.luckyBreak())).toBe(false);
    expect(errors(w)).toEqual([errorText("LuckyBreakAfterSpend", { spent: 1 })]);
    expect(settled()).toBe(before);
    expect(countOf(w, ALICE)).toBe(3);
    // Her panel says so before she asks.
    const { playerPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { playerPanelView } = await import("../../src/applications/action-dice/views.ts");
    const view = w.double.actAs(ALICE, () => playerPanelView(playerPanelFacts("p")));
    expect(view.luckyBreakBlocked).toBe("ROLLING_BONES.ActionDice.Player.LuckyBreakSpent");
    // The GM undoes the class die's use: nothing spent this session, the lucky break stands.
    const [entry] = cardRoll(w, card).card.ledger;
    expect(await control(w, GM, card, { type: "undo", entry: entry!.id })).toBe(true);
    expect(await w.double.actAs(ALICE, () => w.service.luckyBreak())).toBe(true);
    expect(countOf(w, ALICE)).toBe(0);
  });

  it("class dice count for the lucky break only on the character it is for: Cara's use of Corin's does not block it, one of Dax's does (issue 29)", async () => {
    // Cara owns Corin (level ½, given 1d4 class dice here) and Dax (level 12, 1d6): her panel's
    // character, and so her lucky break's, is Dax, the higher level.
    w = await bootWorld({
      actors: WITH_CLASS_DICE.map((c) =>
        c.id === CORIN ? { ...c, system: { ...c.system, classDice: { faces: 4, count: 1 } } } : c,
      ),
    });
    classPools = await import("../../src/services/action-dice/class-pools.ts");
    gm = await import("../../src/services/gm-action.ts");
    await w.double.actAs(GM, () => w.service.startSession());
    const corinCard = await rollFor(CARA, CORIN, { modifier: 0 }, [[9, 20]]);
    nextFaces(w, [[2, 4]]);
    expect(await control(w, CARA, corinCard, { type: "augment", faces: 4, source: "class" })).toBe(true);
    expect(classLeft(CORIN)).toBe(0);
    const { playerPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { playerPanelView } = await import("../../src/applications/action-dice/views.ts");
    expect(w.double.actAs(CARA, () => playerPanelView(playerPanelFacts("p"))).luckyBreakBlocked).toBeNull();
    // A class die of Dax's, the character the lucky break is for, does count.
    const daxCard = await rollFor(CARA, DAX, { modifier: 0 }, [[9, 20]]);
    nextFaces(w, [[3, 6]]);
    expect(await control(w, CARA, daxCard, { type: "augment", faces: 6, source: "class" })).toBe(true);
    expect(await w.double.actAs(CARA, () => w.service.luckyBreak())).toBe(false);
    expect(errors(w)).toEqual([errorText("LuckyBreakAfterSpend", { spent: 1 })]);
    // The GM undoes Dax's use: only Corin's stands, and the lucky break is Cara's.
    const [entry] = cardRoll(w, daxCard).card.ledger;
    expect(await control(w, GM, daxCard, { type: "undo", entry: entry!.id })).toBe(true);
    expect(await w.double.actAs(CARA, () => w.service.luckyBreak())).toBe(true);
    expect(countOf(w, CARA)).toBe(0);
  });

  it("a pool of an earlier session refills from the class feature at first use; the undo of an old spend is refused", async () => {
    await started();
    const old = await rollFor(ALICE, AYLA, {}, [[20, 20]]);
    await control(w, ALICE, old, { type: "critical", dice: 2, source: "class" });
    expect(classLeft(AYLA)).toBe(0);
    // a session starts; Ayla's stored class dice are set back to the old session's, as if she had missed the start
    await w.double.actAs(GM, () => w.service.startSession());
    const previous = { session: 1, rev: 7, state: { actorId: AYLA, faces: 8, left: 0, spent: 2 } };
    await w.double.actAs(GM, () =>
      w.double.game.settings.set("rolling-bones", "actionClassPools", { [AYLA]: previous }),
    );
    expect(classLeft(AYLA)).toBe(2);
    const card = await rollFor(ALICE, AYLA, {}, [[20, 20]]);
    expect(await control(w, ALICE, card, { type: "critical", dice: 1, source: "class" })).toBe(true);
    expect(stored(AYLA)).toEqual({ session: 2, rev: 8, state: { actorId: AYLA, faces: 8, left: 1, spent: 1 } });
    const oldEntry = cardRoll(w, old).card.ledger[0]!.id;
    await refused(GM, { messageId: old, seen: 1, control: { type: "undo", entry: oldEntry } }, "OtherSession", {
      session: 1,
    });
  });

  it("a double click spends one class die", async () => {
    await started();
    const card = await rollFor(ALICE, AYLA, {}, [[10, 20]]);
    const c = { type: "augment", faces: 8, source: "class" } as const;
    nextFaces(w, [[5, 8]]);
    const [a, b] = await Promise.all([control(w, ALICE, card, c), control(w, ALICE, card, c)]);
    expect([a, b]).toEqual([true, true]);
    expect(classLeft(AYLA)).toBe(1);
    expect(cardRoll(w, card).card.ledger).toHaveLength(1);
  });
});

describe("class bonus dice: forged requests are refused and change nothing", { timeout: 20_000 }, () => {
  it("Bob spends Ayla's class dice on Alice's roll", async () => {
    await started();
    const card = await rollFor(ALICE, AYLA, {}, [[20, 20]]);
    const data = (control: object) => ({ messageId: card, seen: 0, control });
    await refused(BOB, data({ type: "augment", faces: 8, source: "class" }), "ClassDiceNotYourCharacter", {
      name: "Ayla",
    });
    await refused(BOB, data({ type: "critical", dice: 1, source: "class" }), "ClassDiceNotYourCharacter", {
      name: "Ayla",
    });
    // the GM owns every character, yet only the roller spends its class dice
    await refused(GM, data({ type: "critical", dice: 1, source: "class" }), "NotYourRoll");
  });

  it("Bob posts a roll spoken by Ayla, a character he does not own, and spends her class dice", async () => {
    await started();
    // The API refuses to speak for Ayla; a macro rewrites his own card's speaker instead (an author may).
    const card = await rollAs(w, BOB, {}, [[20, 20]]);
    await w.double.actAs(BOB, () =>
      w.double.game.messages.get(card)!.update({ speaker: { actor: AYLA, alias: "Ayla" } }),
    );
    await w.double.settle();
    await refused(
      BOB,
      { messageId: card, seen: 0, control: { type: "reroll", source: "class" } },
      "ClassDiceNotYourCharacter",
      { name: "Ayla" },
    );
  });

  it("class dice on a botch, on a character without class dice, more than are left, an unknown source", async () => {
    await started();
    const botch = await rollFor(ALICE, AYLA, {}, [[1, 20]]);
    await refused(
      CARA,
      { messageId: botch, seen: 0, control: { type: "botch", dice: 1, source: "class" } },
      "ClassDiceNotYourCharacter",
      { name: "Ayla" },
    );
    // the GM owns Ayla, but class dice never pay for a botch (always on another character's roll)
    await refused(
      GM,
      { messageId: botch, seen: 0, control: { type: "botch", dice: 1, source: "class" } },
      "ClassDiceOwnRollOnly",
    );
    // on Dax's roll, Alice cannot spend Dax's class dice
    const dax = await rollFor(CARA, DAX, {}, [[1, 20]]);
    await refused(
      ALICE,
      { messageId: dax, seen: 0, control: { type: "botch", dice: 1, source: "class" } },
      "ClassDiceNotYourCharacter",
      { name: "Dax" },
    );
    const brann = await rollFor(BOB, BRANN, {}, [[10, 20]]);
    await refused(BOB, { messageId: brann, seen: 0, control: { type: "reroll", source: "class" } }, "NoClassDice");
    const crit = await rollFor(ALICE, AYLA, {}, [[20, 20]]);
    await refused(
      ALICE,
      { messageId: crit, seen: 0, control: { type: "critical", dice: 3, source: "class" } },
      "NotEnoughDice",
      { have: 2, need: 3 },
    );
    await refused(
      ALICE,
      { messageId: crit, seen: 0, control: { type: "critical", dice: 1, source: "stolen" } },
      "MalformedRequest",
    );
    // a roll without a speaking character has no class dice
    const plain = await rollAs(w, ALICE, {}, [[10, 20]], { speaker: { alias: "Alice" } as never });
    await refused(ALICE, { messageId: plain, seen: 0, control: { type: "reroll", source: "class" } }, "NoClassDice");
  });

  it("class dice before any session are refused", async () => {
    w = await bootWorld({ actors: WITH_CLASS_DICE });
    classPools = await import("../../src/services/action-dice/class-pools.ts");
    gm = await import("../../src/services/gm-action.ts");
    const card = await rollFor(ALICE, AYLA, {}, [[10, 20]]);
    await refused(ALICE, { messageId: card, seen: 0, control: { type: "reroll", source: "class" } }, "NoClassDice");
  });
});
