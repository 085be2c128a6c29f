/**
 * The rules' limits on awards, end to end on the Foundry double (a GM and three players): the GM
 * forfeits a player's awards for the session (excessive out-of-character banter) with a reason, an
 * award to that player is then refused, the forfeit's card (whispered to the player and the GMs) and
 * the GM panel show it, the GM's undo lifts it and a new session clears it; and an award made from a
 * roll's card is refused when action dice were used or spent on that roll.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  CARA,
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
import type { PoolEntry } from "../../src/engines/action/index.ts";

let w: World;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld();
  return w;
}

/** The stored pool state of a player, as the GM's client reads it. */
function poolState(userId: string) {
  return w.double.actAs(GM, () => w.service.sessionPoolOf(w.double.game.users.get(userId) as never)?.state);
}

/** The economy cards of one kind, as stored. */
function economyCards(kind: string) {
  return w.double
    .storedMessages()
    .filter((m) => (partIn(m, "economy") as { kind?: string } | undefined)?.kind === kind);
}

const BANTER = "Film quotes <b>all</b> through the ambush";

describe("awards forfeited for the session", () => {
  it("the GM forfeits Bob's awards with a reason: the card tells Bob and the GMs why, and an award to Bob is refused", async () => {
    await started();
    expect(await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, BANTER))).toBe(true);
    await w.double.settle();
    expect(poolState(BOB)).toMatchObject({ forfeited: true, dice: [{ faces: 6, count: 4 }] });
    const [card] = economyCards("forfeit");
    // A word with one player: whispered to Bob and the GMs, the reason shown as typed (never markup).
    const gms = w.double.game.users.filter((u) => u.isGM).map((u) => u.id);
    expect([...(card?.whisper ?? [])].sort()).toEqual([BOB, ...gms].sort());
    expect(card?.content).toContain("Gamemaster declares Bob&#x27;s awards forfeited for this session");
    expect(card?.content).toContain("Film quotes &lt;b&gt;all&lt;/b&gt; through the ambush");
    expect(card?.content).toContain("no awards for the rest of this session");
    // The award is refused with the reason, nothing changes; Alice is still awarded.
    const before = stateSnapshot(w);
    expect(await w.double.actAs(GM, () => w.service.award(BOB, "Found the trapdoor"))).toBe(false);
    expect(errors(w)).toEqual([errorText("AwardsForfeited")]);
    expect(stateSnapshot(w)).toBe(before);
    expect(await w.double.actAs(GM, () => w.service.award(ALICE, "Solved the riddle"))).toBe(true);
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(4);
  });

  it("a forfeit needs a reason and the GM; a second forfeit of the same player is refused", async () => {
    await started();
    const before = stateSnapshot(w);
    expect(await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, "  "))).toBe(false);
    expect(await w.double.actAs(ALICE, () => w.service.forfeitAwards(BOB, BANTER))).toBe(false);
    expect(errors(w)).toEqual([errorText("ForfeitNeedsReason"), errorText("GmOnly")]);
    expect(stateSnapshot(w)).toBe(before);
    await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, BANTER));
    await w.double.settle();
    expect(await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, "again"))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("AlreadyForfeited"));
    expect(economyCards("forfeit")).toHaveLength(1);
  });

  it("the GM's undo lifts the forfeit (the card says so), and Bob can be awarded again", async () => {
    await started();
    await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, BANTER));
    await w.double.settle();
    const id = economyCards("forfeit")[0]?._id ?? "";
    const message = w.double.actAs(GM, () => w.double.game.messages.get(id));
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(message as never))).toBe(true);
    await w.double.settle();
    expect(poolState(BOB)?.forfeited).toBe(false);
    expect(economyCards("forfeit")[0]?.content).toContain("Undone by Gamemaster");
    expect(await w.double.actAs(GM, () => w.service.award(BOB, "Found the trapdoor"))).toBe(true);
    await w.double.settle();
    expect(countOf(w, BOB)).toBe(5);
  });

  it("a new session clears the forfeit", async () => {
    await started();
    await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, BANTER));
    await w.double.settle();
    await w.double.actAs(GM, () => w.service.startSession());
    await w.double.settle();
    expect(poolState(BOB)?.forfeited).not.toBe(true);
    expect(await w.double.actAs(GM, () => w.service.award(BOB))).toBe(true);
    expect(errors(w)).toEqual([]);
  });

  it("the GM panel shows the forfeit with its reason and offers Lift, which undoes it", async () => {
    await started();
    await w.double.actAs(GM, () => w.service.forfeitAwards(CARA, BANTER));
    await w.double.settle();
    const { gmPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { gmPanelView } = await import("../../src/applications/action-dice/views.ts");
    const view = w.double.actAs(GM, () => gmPanelView(gmPanelFacts()));
    const cara = view.players.find((p) => p.id === CARA);
    expect(cara).toMatchObject({ canAward: false, canForfeit: false, forfeit: { reason: BANTER } });
    expect(cara?.forfeit?.messageId).toBe(economyCards("forfeit")[0]?._id);
    expect(view.ledger.map((l) => [l.kind, l.target, l.reason])).toContainEqual(["forfeit", "Cara", BANTER]);
  });
});

describe("an award made from a roll's card", () => {
  it("rewards the roller of a card with no action dice on it, with the reason, as the panel's award does", async () => {
    await started();
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 15 }, [[17, 20]]);
    await w.double.settle();
    expect(
      await w.double.actAs(GM, () => w.service.awardForRoll(w.double.game.messages.get(id) as never, "Clever feint")),
    ).toBe(true);
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(4);
    const entry = (partIn(economyCards("award").at(-1), "economy") as { entry: PoolEntry }).entry;
    expect(entry).toMatchObject({ type: "award", reason: "Clever feint" });
    expect(entry.changes.map((c) => c.userId)).toContain(ALICE);
  });

  it("refuses an award for a roll on which action dice were used: the rules give none for what stems from them", async () => {
    await started();
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    const before = stateSnapshot(w);
    expect(
      await w.double.actAs(GM, () => w.service.awardForRoll(w.double.game.messages.get(id) as never, "Nice")),
    ).toBe(false);
    expect(errors(w)).toEqual([errorText("AwardForDiceUse")]);
    expect(stateSnapshot(w)).toBe(before);
    // Once the GM undoes the die (it went back), the roll stands on its own and may be rewarded.
    const entry = w.double.actAs(
      GM,
      () =>
        (w.double.game.messages.get(id)!.rolls[0] as never as { card: { ledger: { id: string }[] } }).card.ledger[0]!
          .id,
    );
    expect(await control(w, GM, id, { type: "undo", entry })).toBe(true);
    await w.double.settle();
    expect(
      await w.double.actAs(GM, () => w.service.awardForRoll(w.double.game.messages.get(id) as never, "Nice")),
    ).toBe(true);
  });

  it("refuses an award from the card of a GM's own roll, and from a forfeited player's card", async () => {
    await started();
    const npc = await rollAs(w, GM, { modifier: 1 }, [[15, 20]]);
    const bob = await rollAs(w, BOB, { modifier: 1 }, [[15, 20]]);
    await w.double.actAs(GM, () => w.service.forfeitAwards(BOB, BANTER));
    await w.double.settle();
    expect(await w.double.actAs(GM, () => w.service.awardForRoll(w.double.game.messages.get(npc) as never, ""))).toBe(
      false,
    );
    expect(await w.double.actAs(GM, () => w.service.awardForRoll(w.double.game.messages.get(bob) as never, ""))).toBe(
      false,
    );
    expect(errors(w)).toEqual([errorText("AwardToGm"), errorText("AwardsForfeited")]);
  });
});
