/**
 * The action-dice economy end to end on the Foundry double with a GM and three players: a session
 * start refills the pools, players use and spend dice on their own cards, activate botches on
 * others', the GM activates special botches, declares results, awards, takes, refunds and undoes,
 * and every change is on the card and in the pools. Every request crosses the GM query.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  bootWorld,
  CARA,
  cardRoll,
  control,
  countOf,
  diceOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  startedWorld,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld();
  return w;
}

describe("action dice: the session", () => {
  it("a session start refills every player's pool from their characters and the GM's pool, and posts them", async () => {
    await started();
    expect(diceOf(w, ALICE)).toEqual([{ faces: 4, count: 3 }]);
    expect(diceOf(w, BOB)).toEqual([{ faces: 6, count: 4 }]);
    // Cara controls a level-½ and a level-12 character: the highest-level rule gives the level-12 pool
    expect(diceOf(w, CARA)).toEqual([{ faces: 8, count: 5 }]);
    // GM die: the players' highest die d8 → d12; count: 3 players + the largest pool (5)
    expect(diceOf(w, GM)).toEqual([{ faces: 12, count: 8 }]);
    expect(w.double.game.settings.get("rolling-bones", "actionSession")).toBe(1);
    const card = w.double.storedMessages().at(-1)!;
    expect(partIn(card, "economy")).toMatchObject({ kind: "session", session: 1 });
    expect(card.content).toContain("3d4");
    expect(card.content).toContain("8d12");
    expect(w.double.warnings).toEqual([]);
  });

  it("the multi-character rule is a world setting (divided)", async () => {
    w = await startedWorld({}, { actionRule: "divided" });
    // level ½: 2d3 / 2 → 1d3; level 12: 5d8 / 2 → 2d8
    expect(diceOf(w, CARA)).toEqual([
      { faces: 8, count: 2 },
      { faces: 3, count: 1 },
    ]);
  });

  it("a new session loses unused dice and resets per-session counters, and fires rollingBones.sessionStarted", async () => {
    await started();
    const seen: unknown[] = [];
    w.double.Hooks.on("rollingBones.sessionStarted", (e: unknown) => void seen.push(e));
    await w.double.actAs(CARA, () => w.service.luckyBreak());
    expect(countOf(w, CARA)).toBe(0);
    await w.double.actAs(GM, () => w.service.startSession());
    expect(diceOf(w, CARA)).toEqual([{ faces: 8, count: 5 }]);
    const pool = w.double.actAs(CARA, () => w.service.sessionPoolOf(w.double.game.users.get(CARA) as never));
    expect(pool?.state).toMatchObject({ spent: 0, luckyBreak: false, failedInsight: [] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      session: 2,
      gm: [{ faces: 12, count: 8 }],
      players: { [CARA]: [{ faces: 8, count: 5 }] },
    });
  });

  it("only the GM starts a session", async () => {
    await started();
    const before = stateSnapshot(w);
    expect(await w.double.actAs(ALICE, () => w.service.startSession())).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
    expect(stateSnapshot(w)).toBe(before);
  });
});

describe("action dice: using and spending on a card", () => {
  it("the roller uses action dice one at a time, each cascading on its maximum and chained on the card", async () => {
    await started();
    const id = await rollAs(w, ALICE, { modifier: 2, dc: 18 }, [[12, 20]]);
    expect(cardRoll(w, id).total).toBe(14);
    nextFaces(w, [
      [4, 4],
      [3, 4],
    ]); // the GM's client throws the cascade: 4 → 3
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    let roll = cardRoll(w, id, ALICE);
    expect(roll.total).toBe(21);
    expect(roll.outcome?.augments).toEqual([
      expect.objectContaining({ faces: 4, throws: [4, 3], cascades: 1, total: 7 }),
    ]);
    expect(countOf(w, ALICE)).toBe(2);
    nextFaces(w, [[1, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    roll = cardRoll(w, id, BOB);
    expect(roll.total).toBe(22);
    expect(roll.card.ledger.map((e) => [e.type, e.by, e.dice])).toEqual([
      ["augment", ALICE, [{ faces: 4, count: 1 }]],
      ["augment", ALICE, [{ faces: 4, count: 1 }]],
    ]);
    expect(countOf(w, ALICE)).toBe(1);
    expect(errors(w)).toEqual([]);
  });

  it("a roll the GM makes for a player's character (e.g. from the sheet) is that player's to spend on", async () => {
    await started();
    const speaker = { scene: null, actor: "actorAyla0000001", token: null, alias: "Ayla" };
    const id = await rollAs(w, GM, { modifier: 1 }, [[8, 20]], { speaker });
    nextFaces(w, [[2, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    expect(await control(w, GM, id, { type: "augment", faces: 12 })).toBe(false);
    expect(errors(w)).toEqual([errorText("NotYourRoll")]);
    expect(cardRoll(w, id).card.owner).toBe(ALICE);
  });

  it("a spend re-rolls the d20 and the new result stands, even lower", async () => {
    await started();
    const id = await rollAs(w, BOB, { modifier: 1 }, [[15, 20]]);
    nextFaces(w, [[3, 20]]);
    expect(await control(w, BOB, id, { type: "reroll" })).toBe(true);
    const roll = cardRoll(w, id);
    expect(roll.outcome).toMatchObject({ natural: 3, replaced: [15], total: 4 });
    expect(countOf(w, BOB)).toBe(3);
  });

  it("re-rolling a potential botch before activation protects the roll from a botch", async () => {
    await started();
    const id = await rollAs(w, ALICE, { botchRange: 2 }, [[2, 20]]);
    nextFaces(w, [[1, 20]]); // the new result stands, even another potential botch, but it can no longer be activated
    expect(await control(w, ALICE, id, { type: "reroll" })).toBe(true);
    expect(cardRoll(w, id).outcome).toMatchObject({ natural: 1, botchProtected: true, botchActivatable: false });
    expect(await control(w, BOB, id, { type: "botch", dice: 1 })).toBe(false);
    expect(await control(w, GM, id, { type: "botch", dice: 1 })).toBe(false);
    expect(errors(w)).toEqual([errorText("BotchRerolled"), errorText("BotchRerolled")]);
    expect([countOf(w, BOB), countOf(w, GM)]).toEqual([4, 8]);
  });

  it("other players and the GM add dice to the same botch; severity is the total; the roller cannot", async () => {
    await started();
    const activations: unknown[] = [];
    w.double.Hooks.on("rollingBones.botchActivated", (e: unknown) => void activations.push(e));
    const id = await rollAs(w, ALICE, { modifier: 3, botchRange: 2 }, [[1, 20]]);
    expect(await control(w, ALICE, id, { type: "botch", dice: 1 })).toBe(false);
    expect(errors(w)).toEqual([errorText("OwnBotch")]);
    expect(await control(w, BOB, id, { type: "botch", dice: 2 })).toBe(true);
    expect(await control(w, CARA, id, { type: "botch", dice: 1 })).toBe(true);
    expect(await control(w, GM, id, { type: "botch", dice: 3 })).toBe(true);
    const roll = cardRoll(w, id, CARA);
    expect(roll.card.ledger.map((e) => [e.by, e.dice])).toEqual([
      [BOB, [{ faces: 6, count: 2 }]],
      [CARA, [{ faces: 8, count: 1 }]],
      [GM, [{ faces: 12, count: 3 }]],
    ]);
    expect(activations).toEqual([
      expect.objectContaining({ type: "botch", userId: BOB, severity: 2, messageId: id }),
      expect.objectContaining({ type: "botch", userId: CARA, severity: 3 }),
      expect.objectContaining({ type: "botch", userId: GM, severity: 6 }),
    ]);
    expect([countOf(w, BOB), countOf(w, CARA), countOf(w, GM)]).toEqual([2, 4, 5]);
    // once activated, the roller can no longer re-roll it away
    expect(await control(w, ALICE, id, { type: "reroll" })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("BotchAlreadyActivated"));
  });

  it("the roller activates a critical threat on their own natural 20; the GM refunds it", async () => {
    await started();
    const crits: unknown[] = [];
    w.double.Hooks.on("rollingBones.criticalActivated", (e: unknown) => void crits.push(e));
    const id = await rollAs(w, BOB, { kind: "attack", modifier: 4 }, [[20, 20]]);
    expect(await control(w, ALICE, id, { type: "critical", dice: 1 })).toBe(false);
    expect(errors(w)).toEqual([errorText("NotYourRoll")]);
    expect(await control(w, BOB, id, { type: "critical", dice: 2 })).toBe(true);
    expect(crits).toEqual([expect.objectContaining({ type: "critical", userId: BOB, severity: 2 })]);
    expect(countOf(w, BOB)).toBe(2);
    const entry = cardRoll(w, id).card.ledger[0]!.id;
    expect(await control(w, BOB, id, { type: "refund", entry })).toBe(false);
    expect(await control(w, GM, id, { type: "refund", entry })).toBe(true);
    expect(countOf(w, BOB)).toBe(4);
    const card = cardRoll(w, id).card;
    expect(card.ledger[0]).toMatchObject({ undone: true });
    expect(card.events).toEqual([expect.objectContaining({ type: "refund", by: GM, entry })]);
  });

  it("the GM's special botch needs a check that missed its DC by 5 or more", async () => {
    await started();
    const speaker = { scene: null, actor: "actorDax00000001", token: null, alias: "Dax" };
    const id = await rollAs(w, CARA, { modifier: 0, dc: 15 }, [[9, 20]], { speaker });
    expect(await control(w, CARA, id, { type: "specialBotch", dice: 1 })).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
    expect(await control(w, GM, id, { type: "specialBotch", dice: 2 })).toBe(true);
    expect(cardRoll(w, id).card.ledger).toEqual([expect.objectContaining({ type: "specialBotch", by: GM })]);
    // and the roller can no longer lift the total with an augment
    expect(await control(w, CARA, id, { type: "augment", faces: 8 })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("SpecialBotchAlreadyActivated"));
  });

  it("saving throws have botches and criticals too", async () => {
    await started();
    const save = await rollAs(w, ALICE, { kind: "save", modifier: 1 }, [[20, 20]]);
    expect(await control(w, ALICE, save, { type: "critical", dice: 1 })).toBe(true);
    const fumble = await rollAs(w, ALICE, { kind: "save" }, [[1, 20]]);
    expect(await control(w, CARA, fumble, { type: "botch", dice: 1 })).toBe(true);
  });

  it("only the GM declares the result; then no more use or re-roll", async () => {
    await started();
    const id = await rollAs(w, ALICE, { dc: 10 }, [[8, 20]]);
    expect(await control(w, ALICE, id, { type: "close" })).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
    expect(await control(w, GM, id, { type: "close" })).toBe(true);
    expect(cardRoll(w, id).card).toMatchObject({
      open: false,
      events: [expect.objectContaining({ type: "close", by: GM })],
    });
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("RollClosed"));
    expect(countOf(w, ALICE)).toBe(3);
  });

  it("the GM undoes any entry and the dice go back; an augment's cascade leaves the roll", async () => {
    await started();
    const id = await rollAs(w, ALICE, { modifier: 0 }, [[10, 20]]);
    nextFaces(w, [[2, 4]]);
    await control(w, ALICE, id, { type: "augment", faces: 4 });
    nextFaces(w, [
      [4, 4],
      [1, 4],
    ]);
    await control(w, ALICE, id, { type: "augment", faces: 4 });
    expect(cardRoll(w, id).total).toBe(17);
    const first = cardRoll(w, id).card.ledger[0]!.id;
    expect(await control(w, ALICE, id, { type: "undo", entry: first })).toBe(false);
    expect(await control(w, GM, id, { type: "undo", entry: first })).toBe(true);
    const roll = cardRoll(w, id, ALICE);
    expect(roll.total).toBe(15);
    expect(roll.outcome?.augments.map((a) => a.throws)).toEqual([[4, 1]]);
    expect(countOf(w, ALICE)).toBe(2);
    // a double click on the same Undo is answered as already done, and nothing moves again
    expect(await control(w, GM, id, { type: "undo", entry: first })).toBe(true);
    expect(countOf(w, ALICE)).toBe(2);
    expect(cardRoll(w, id).card.ledger.filter((e) => e.undone)).toHaveLength(1);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
  });

  it("fires rollingBones.preSpend before a spend (false cancels, nothing changes) and rollingBones.spend after", async () => {
    await started();
    const id = await rollAs(w, ALICE, {}, [[10, 20]]);
    const spends: unknown[] = [];
    let veto = true;
    w.double.Hooks.on("rollingBones.preSpend", () => (veto ? false : undefined));
    w.double.Hooks.on("rollingBones.spend", (e: unknown) => void spends.push(e));
    const before = stateSnapshot(w);
    // The die is thrown on Alice's client before the GM decides (a vetoed spend leaves it unused).
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([errorText("SpendCancelled")]);
    expect(stateSnapshot(w)).toBe(before);
    veto = false;
    nextFaces(w, [[2, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    expect(spends).toEqual([
      expect.objectContaining({ type: "augment", userId: ALICE, dice: [{ faces: 4, count: 1 }], messageId: id }),
    ]);
  });
});

describe("action dice: the pools", () => {
  it("the GM awards a die (+1 to the player, +1 to the GM) and takes one; both are posted and undoable", async () => {
    await started();
    expect(await w.double.actAs(GM, () => w.service.award(BOB))).toBe(true);
    expect([countOf(w, BOB), countOf(w, GM)]).toEqual([5, 9]);
    const awardCard = w.double.storedMessages().at(-1)!;
    expect(awardCard.content).toContain("+1d6");
    expect(awardCard.content).toContain("+1d12");
    expect(await w.double.actAs(GM, () => w.service.take(ALICE))).toBe(true);
    expect(countOf(w, ALICE)).toBe(2);
    // undo the award from its card
    const message = w.double.game.messages.get(awardCard._id!);
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(message as never))).toBe(true);
    expect([countOf(w, BOB), countOf(w, GM)]).toEqual([4, 8]);
    expect(
      partIn(
        w.double.storedMessages().find((m) => m._id === awardCard._id),
        "economy",
      ),
    ).toMatchObject({
      undoneBy: GM,
      entry: { undone: true },
    });
    // a player can neither award nor take
    expect(await w.double.actAs(ALICE, () => w.service.award(BOB))).toBe(false);
    expect(await w.double.actAs(ALICE, () => w.service.take(BOB))).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly"), errorText("GmOnly")]);
  });

  it("insight: a spend of at least one die, an optional augmentable roll; a failed roll blocks the subject", async () => {
    await started();
    nextFaces(w, [[5, 20]]);
    const result = await w.double.actAs(BOB, () =>
      w.service.gainInsight("the vault", 1, { level: 7, modifier: 1, dc: 20 }),
    );
    expect(countOf(w, BOB)).toBe(3);
    const insight = w.double
      .storedMessages()
      .find((m) => (partIn(m, "economy") as { kind?: string })?.kind === "insight");
    expect(insight?.whisper.sort()).toEqual([BOB, GM].sort());
    const id = (result as { id: string }).id;
    const roll = cardRoll(w, id);
    expect(roll.outcome).toMatchObject({ kind: "insight", total: 13, success: false });
    expect(roll.card.subject).toBe("the vault");
    // augmentable like any roll
    nextFaces(w, [[2, 6]]);
    expect(await control(w, BOB, id, { type: "augment", faces: 6 })).toBe(true);
    expect(cardRoll(w, id).total).toBe(15);
    await control(w, GM, id, { type: "close" });
    // failed: the same subject cannot be tried again this session by Bob, but by Cara it can
    expect(await w.double.actAs(BOB, () => w.service.gainInsight("the vault", 1))).toBe(false);
    expect(errors(w)).toEqual([errorText("InsightFailed", { subject: "the vault" })]);
    expect(await w.double.actAs(CARA, () => w.service.gainInsight("the vault", 1))).toBe(true);
  });

  it("lucky break: only with nothing spent, takes the whole pool, blocks awards; the GM can undo it", async () => {
    await started();
    expect(await w.double.actAs(CARA, () => w.service.luckyBreak())).toBe(true);
    expect(countOf(w, CARA)).toBe(0);
    expect(await w.double.actAs(GM, () => w.service.award(CARA))).toBe(false);
    expect(errors(w)).toEqual([errorText("AwardsBlocked")]);
    const id = await rollAs(w, ALICE, {}, [[10, 20]]);
    nextFaces(w, [[1, 4]]);
    await control(w, ALICE, id, { type: "augment", faces: 4 });
    expect(await w.double.actAs(ALICE, () => w.service.luckyBreak())).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("LuckyBreakAfterSpend", { spent: 1 }));
    const card = w.double.game.messages.find(
      (m) => (partIn(m, "economy") as { kind?: string } | undefined)?.kind === "luckyBreak",
    );
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(card as never))).toBe(true);
    expect(countOf(w, CARA)).toBe(5);
    expect(await w.double.actAs(GM, () => w.service.award(CARA))).toBe(true);
  });

  it("an awarded die already spent cannot be undone", async () => {
    await started();
    await w.double.actAs(GM, () => w.service.award(ALICE));
    const awardId = w.double.storedMessages().at(-1)!._id!;
    await w.double.actAs(ALICE, () => w.service.gainInsight("x", 4));
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(w.double.game.messages.get(awardId) as never))).toBe(
      false,
    );
    expect(errors(w)).toEqual([errorText("UndoDiceGone", { faces: 4, have: 0, need: 1 })]);
  });
});

describe("action dice: without a GM", () => {
  it("with no GM online the player is told, and nothing changes", async () => {
    await started();
    const id = await rollAs(w, ALICE, {}, [[10, 20]]);
    w.double.setActive(GM, false);
    const before = stateSnapshot(w);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([errorText("NoActiveGM")]);
    expect(stateSnapshot(w)).toBe(before);
  });

  it("before the first session, spends and awards are refused with a clear message", async () => {
    w = await bootWorld();
    const id = await rollAs(w, ALICE, {}, [[10, 20]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(await w.double.actAs(GM, () => w.service.award(ALICE))).toBe(false);
    expect(errors(w)).toEqual([errorText("NoPoolThisSession", { name: "Alice" }), errorText("NoSession")]);
    // the GM can still declare the result
    expect(await control(w, GM, id, { type: "close" })).toBe(true);
  });
});
