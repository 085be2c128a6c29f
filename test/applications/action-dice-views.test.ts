/**
 * The pure pieces of the action-dice layer: the card record stored with a roll and its view, the
 * economy card view, which controls a viewer gets, the two panels' views, the insight form, and who
 * gets a pool at a session start.
 */
import { describe, expect, it } from "vitest";
import { actionControls } from "../../src/applications/chat/action-controls.ts";
import { gmPanelView, insightPlan, playerPanelView } from "../../src/applications/action-dice/views.ts";
import {
  applyCardAction,
  attachThrows,
  cardMissing,
  newCard,
  newClassPool,
  newPool,
  type ActionCardState,
  type ActionPoolState,
} from "../../src/engines/action/index.ts";
import {
  cardStateView,
  diceText,
  NEW_CARD_RECORD,
  readCardRecord,
  recordOf,
} from "../../src/dice/rolls/action-card.ts";
import { economyView } from "../../src/services/action-dice/economy-card.ts";
import { sessionPlayersFrom } from "../../src/services/action-dice/session.ts";

const GM = "gm";
const ALICE = "alice";
const BOB = "bob";

function pools(): Record<string, ActionPoolState> {
  return {
    [GM]: newPool(GM, [{ faces: 10, count: 6 }], { gm: true }),
    [ALICE]: newPool(ALICE, [
      { faces: 6, count: 2 },
      { faces: 4, count: 1 },
    ]),
    [BOB]: newPool(BOB, [{ faces: 4, count: 3 }]),
  };
}

/** A settled card of Alice's with the given d20. */
function card(d20: number, request = {}): ActionCardState {
  let c = newCard(request, ALICE);
  const missing = cardMissing(c);
  if (missing) c = attachThrows(c, 0, [{ ...missing, value: d20 }]);
  return c;
}

describe("the action card record", () => {
  it("reads a missing or partial record as an open card, keeping what it has", () => {
    expect(readCardRecord(undefined)).toBe(NEW_CARD_RECORD);
    expect(readCardRecord({ subject: "vault" })).toMatchObject({
      open: true,
      subject: "vault",
      owner: null,
      ledger: [],
    });
    expect(readCardRecord({ subject: "", open: false, ledger: "x" })).toMatchObject({
      subject: null,
      open: false,
      ledger: [],
    });
  });

  it("records events, names and the session of new entries, and shows severities, refunds and who closed", () => {
    let t = { card: card(20, { kind: "attack" }), pools: pools() };
    t = applyCardAction(t, { type: "critical", id: "c1", by: ALICE, dice: 2 });
    let record = recordOf(t.card, NEW_CARD_RECORD, null, { [ALICE]: "Alice" }, 3);
    expect(record.sessions).toEqual({ c1: 3 });
    expect(cardStateView(record).severities).toEqual([
      {
        type: "critical",
        label: "ROLLING_BONES.ActionDice.Severity.critical",
        severity: 2,
        by: "Alice",
        effect: null,
        pendingKey: "ROLLING_BONES.ActionDice.Effect.Pending.critical",
      },
    ]);
    t = applyCardAction(t, { type: "undo", id: "u1", by: GM, entry: "c1" });
    record = recordOf(t.card, record, { id: "u1", type: "refund", by: GM, entry: "c1" }, { [GM]: "GM" }, 4);
    t = applyCardAction(t, { type: "close", id: "x1", by: GM });
    record = recordOf(t.card, record, { id: "x1", type: "close", by: GM, entry: null }, {}, 4);
    const view = cardStateView(record);
    expect(record.sessions).toEqual({ c1: 3 });
    expect(view.entries).toEqual([
      expect.objectContaining({ id: "c1", who: "Alice", dice: "1d6 + 1d4", undone: true, refunded: true }),
    ]);
    expect(view.severities).toEqual([]);
    expect(view).toMatchObject({ open: false, closedBy: "GM" });
    expect(
      diceText([
        { faces: 4, count: 1 },
        { faces: 6, count: 2 },
      ]),
    ).toBe("2d6 + 1d4");
  });
});

describe("the controls a viewer gets", () => {
  const input = (c: ActionCardState, viewer: string, viewerIsGM = false, p = pools()) =>
    actionControls({ viewer, viewerIsGM, card: c, pools: p, messageId: "m1" });

  it("the roller: one use button per die size held, the re-roll; no activation of their own botch", () => {
    const view = input(card(1), ALICE);
    expect(view.augment).toEqual([
      { faces: 6, left: 2 },
      { faces: 4, left: 1 },
    ]);
    expect(view.reroll).toEqual([{ die: 0, faces: 20, value: 1, number: 1, only: true }]);
    expect(view).toMatchObject({ activations: [], close: false, undo: [], pool: "2d6 + 1d4", any: true });
  });

  it("another player: only the botch, up to their dice; the GM: the botch and closing, even without a GM pool", () => {
    expect(input(card(1), BOB)).toMatchObject({
      augment: [],
      reroll: [],
      activations: [{ type: "botch", max: 3, inputId: "m1-botch-dice".replace(/^/, "rb-"), sources: [] }],
    });
    const noGmPool = pools();
    delete noGmPool[GM];
    expect(input(card(1), GM, true, noGmPool)).toMatchObject({ activations: [], close: true, pool: null });
  });

  it("a damage roll offers one re-roll per die of its own, each naming the die and its face", () => {
    const dmg = attachThrows(newCard({ kind: "damage", base: [8, 6], modifier: 1 }, ALICE), 0, [
      { faces: 8, role: "die", value: 3 },
      { faces: 6, role: "die", value: 5 },
    ]);
    expect(input(dmg, ALICE).reroll).toEqual([
      { die: 0, faces: 8, value: 3, number: 1, only: false },
      { die: 1, faces: 6, value: 5, number: 2, only: false },
    ]);
    // Nobody else may re-roll the player's own damage dice.
    expect(input(dmg, BOB).reroll).toEqual([]);
  });

  it("a damage roll has no result to declare and earns no award: the GM gets neither control (a check gets both)", () => {
    const dmg = attachThrows(newCard({ kind: "damage", base: [8], modifier: 1 }, ALICE), 0, [
      { faces: 8, role: "die", value: 3 },
    ]);
    expect(input(dmg, GM, true)).toMatchObject({ close: false, award: null });
    expect(input(card(12), GM, true)).toMatchObject({ close: true, award: { blocked: null } });
  });

  it("no controls for a player without a pool, and none but activations once closed", () => {
    const closed = applyCardAction({ card: card(20), pools: pools() }, { type: "close", id: "x", by: GM }).card;
    expect(input(closed, ALICE)).toMatchObject({ augment: [], reroll: [], activations: [{ type: "critical" }] });
    const none = pools();
    delete none[BOB];
    expect(input(card(1), BOB, false, none).any).toBe(false);
  });

  it("class dice: the roller gets class buttons and a source choice on the critical; they follow the class pool", () => {
    const ayla = { name: "Ayla", pool: newClassPool("ayla", 8, 2) };
    const withClass = (c: ActionCardState, viewer: string, classPool = ayla, p = pools()) =>
      actionControls({
        viewer,
        viewerIsGM: viewer === GM,
        card: { ...c, character: "ayla" },
        pools: p,
        messageId: "m1",
        classDice: classPool,
      });
    expect(withClass(card(20), ALICE)).toMatchObject({
      classDice: { name: "Ayla", faces: 8, left: 2 },
      classAugment: true,
      classReroll: [{ die: 0, faces: 20 }],
      classRow: true,
      activations: [{ type: "critical", max: 3, sources: ["pool", "class"], sourceId: "rb-m1-critical-source" }],
    });
    // with the player's own pool empty, the critical can still be paid with class dice only
    const empty = { ...pools(), [ALICE]: { ...newPool(ALICE, [{ faces: 4, count: 1 }]), dice: [] } };
    expect(withClass(card(20), ALICE, ayla, empty)).toMatchObject({
      augment: [],
      reroll: [],
      classAugment: true,
      activations: [{ type: "critical", max: 2, sources: ["class"] }],
    });
    // no class dice left: shown, but no class control
    const spent = { name: "Ayla", pool: { ...ayla.pool, left: 0, spent: 2 } };
    expect(withClass(card(20), ALICE, spent)).toMatchObject({
      classDice: { left: 0 },
      classAugment: false,
      classReroll: [],
      classRow: false,
      activations: [{ type: "critical", sources: [] }],
    });
    // the botch of someone else's roll is never paid with class dice, even by an owner of the character
    expect(withClass(card(1), BOB).activations).toEqual([
      {
        type: "botch",
        label: "ROLLING_BONES.Action.Spend.botch",
        max: 3,
        inputId: "rb-m1-botch-dice",
        sources: [],
        sourceId: "rb-m1-botch-source",
      },
    ]);
    expect(withClass(card(1), BOB)).toMatchObject({ classAugment: false, classReroll: [] });
  });
});

describe("the panels", () => {
  const pool = (dice: number, extra: Partial<ActionPoolState> = {}) => ({
    ...newPool("p", [{ faces: 4, count: dice }]),
    ...extra,
  });

  it("the GM panel: award blocked after a lucky break, take needs dice, a session needs a character", () => {
    const view = gmPanelView({
      session: 2,
      rule: "balanced",
      gm: newPool(GM, [{ faces: 8, count: 7 }], { gm: true }),
      gmUserId: GM,
      players: [
        {
          id: ALICE,
          name: "Alice",
          active: true,
          pool: pool(3),
          characters: [{ name: "Ayla", level: 0.5, classDice: { faces: 6, count: 2 } }],
        },
        { id: BOB, name: "Bob", active: false, pool: { ...pool(1), dice: [], luckyBreak: true }, characters: [] },
      ],
    });
    expect(view).toMatchObject({ started: true, rule: "ROLLING_BONES.Action.Rule.balanced", canStart: true });
    // What the tables give: Ayla (level ½) 2d3, so the GM 1 player + 2 = 3d6.
    expect(view.gm).toEqual({ dice: "7d8", count: 7, expected: "3d6", canTake: true, userId: GM });
    expect(view.players[0]).toMatchObject({
      dice: "3d4",
      expected: "2d3",
      canAward: true,
      canTake: true,
      menu: true,
      characters: "Ayla (½)",
      classDice: "Ayla: 2d6",
    });
    expect(view.players[1]).toMatchObject({
      count: 0,
      expected: "",
      canAward: false,
      canTake: false,
      luckyBreak: true,
      active: false,
    });
    // The expected pool follows the multi-character rule: levels 12 and 3 (over 3 apart) under
    // `balanced` give one die fewer of the higher's size (5d8 → 4d8), or (`smaller`) one more of the lower's.
    const two = [
      { name: "Dax", level: 12, classDice: null },
      { name: "Ayla", level: 3, classDice: null },
    ];
    const expected = (rule: "highest" | "balanced" | "divided", balanced?: "fewer" | "smaller") =>
      gmPanelView({
        session: 1,
        rule,
        ...(balanced ? { balanced } : {}),
        gm: null,
        gmUserId: GM,
        players: [{ id: BOB, name: "Bob", active: true, pool: null, characters: two }],
      }).players[0]?.expected;
    expect([expected("highest"), expected("balanced"), expected("balanced", "smaller"), expected("divided")]).toEqual([
      "5d8",
      "4d8",
      "6d4",
      "2d8 + 1d4",
    ]);
    expect(gmPanelView({ session: 0, rule: "highest", gm: null, gmUserId: GM, players: [] })).toMatchObject({
      started: false,
      canStart: false,
      gm: null,
    });
  });

  it("the GM panel: a forfeited player shows the reason, cannot be awarded, and offers Lift (the forfeit card's undo)", () => {
    const forfeitRecord = (id: string, reason: string, undone: boolean) => ({
      kind: "forfeit" as const,
      session: 2,
      messageId: `msg-${id}`,
      entry: {
        id,
        type: "forfeit" as const,
        by: GM,
        subject: null,
        reason,
        undone,
        undoId: undone ? "u" : null,
        changes: [{ userId: BOB, added: [], removed: [], spent: 0, luckyBreak: false, forfeited: true }],
      },
      pools: [],
      undoneBy: undone ? GM : null,
      names: {},
    });
    const view = gmPanelView({
      session: 2,
      rule: "highest",
      gm: newPool(GM, [{ faces: 8, count: 7 }], { gm: true }),
      gmUserId: GM,
      players: [
        { id: ALICE, name: "Alice", active: true, pool: pool(3), characters: [] },
        { id: BOB, name: "Bob", active: true, pool: pool(3, { forfeited: true }), characters: [] },
      ],
      // An earlier forfeit was undone; the standing one is the later.
      ledger: [forfeitRecord("f1", "Phones out", true), forfeitRecord("f2", "Film quotes all evening", false)],
    });
    expect(view.players[0]).toMatchObject({ canAward: true, canForfeit: true, forfeit: null });
    expect(view.players[1]).toMatchObject({
      canAward: false,
      canForfeit: false,
      forfeit: { reason: "Film quotes all evening", messageId: "msg-f2" },
    });
    expect(view.ledger.map((l) => [l.title, l.target, l.reason, l.undone])).toEqual([
      ["ROLLING_BONES.ActionDice.Economy.forfeit", BOB, "Phones out", true],
      ["ROLLING_BONES.ActionDice.Economy.forfeit", BOB, "Film quotes all evening", false],
    ]);
  });

  it("the player panel says why a lucky break is not possible", () => {
    const base = { session: 1, character: null, insightOptions: [], idPrefix: "x", lang: "en" };
    expect(playerPanelView({ ...base, pool: pool(3) }).luckyBreakBlocked).toBeNull();
    expect(playerPanelView({ ...base, pool: pool(3, { spent: 1 }) }).luckyBreakBlocked).toBe(
      "ROLLING_BONES.ActionDice.Player.LuckyBreakSpent",
    );
    expect(playerPanelView({ ...base, pool: { ...pool(1), dice: [], luckyBreak: true } }).luckyBreakBlocked).toBe(
      "ROLLING_BONES.ActionDice.Player.LuckyBreakTaken",
    );
    expect(playerPanelView({ ...base, pool: null }).luckyBreakBlocked).toBe("ROLLING_BONES.ActionDice.Player.NoPool");
    const reason = [{ key: "reason", label: "Reason", modifier: -1 }];
    // The sign as the user's language writes it (Intl.NumberFormat), English's hyphen-minus shown as the true minus.
    expect(playerPanelView({ ...base, pool: null, insightOptions: reason }).insightOptions[0]?.text).toBe(
      "Reason \u22121",
    );
    expect(playerPanelView({ ...base, lang: "sv", pool: null, insightOptions: reason }).insightOptions[0]?.text).toBe(
      "Reason \u22121",
    );
  });

  it("the insight form: a subject and whole dice; the roll needs a character; the DC is optional", () => {
    const ayla = { name: "Ayla", level: 7, classDice: null };
    const options = [{ key: "reason", label: "Reason", modifier: 2 }];
    const form = { subject: " the vault ", dice: 2, roll: true, modifier: "reason", dc: "" };
    expect(insightPlan(form, ayla, options)).toEqual({
      subject: "the vault",
      dice: 2,
      roll: { level: 7, modifier: 2, dc: null },
    });
    expect(insightPlan({ ...form, dc: "15" }, { ...ayla, level: 0.5 }, options)).toMatchObject({
      roll: { level: 0, dc: 15 },
    });
    expect(insightPlan({ ...form, roll: false }, null, options)).toEqual({ subject: "the vault", dice: 2, roll: null });
    expect(insightPlan({ ...form, subject: " " }, ayla, options)).toEqual({
      error: "ROLLING_BONES.Error.MissingSubject",
    });
    expect(insightPlan({ ...form, dice: 0 }, ayla, options)).toEqual({
      error: "ROLLING_BONES.ActionDice.Player.BadDice",
    });
    expect(insightPlan({ ...form, dc: "1.5" }, ayla, options)).toEqual({
      error: "ROLLING_BONES.ActionDice.Player.BadDc",
    });
    expect(insightPlan(form, null, options)).toEqual({ error: "ROLLING_BONES.ActionDice.Player.NoCharacter" });
  });
});

describe("a session's players and economy cards", () => {
  it("a player gets a pool from every valid level of the characters they own; players without one get none", () => {
    const players = sessionPlayersFrom(
      [ALICE, BOB, "carol"],
      [
        { level: 3, owners: [ALICE] },
        { level: 12, owners: [ALICE, BOB] },
        { level: 2.5, owners: [BOB] },
        { level: 4, owners: [] },
      ],
    );
    expect(players).toEqual([
      { userId: ALICE, levels: [3, 12] },
      { userId: BOB, levels: [12] },
    ]);
  });

  it("an economy card shows each pool's change, or the refilled pools of a session", () => {
    const view = economyView({
      kind: "award",
      session: 1,
      entry: {
        id: "w",
        type: "award",
        by: GM,
        subject: null,
        undone: true,
        undoId: "u",
        changes: [
          { userId: GM, added: [{ faces: 10, count: 1 }], removed: [], spent: 0, luckyBreak: false },
          { userId: BOB, added: [], removed: [{ faces: 4, count: 2 }], spent: 2, luckyBreak: false },
        ],
      },
      pools: [],
      undoneBy: GM,
      names: { [GM]: "GM", [BOB]: "Bob" },
    });
    expect(view.lines.map((l) => [l.name, l.change])).toEqual([
      ["GM", "+1d10"],
      ["Bob", "\u22122d4"],
    ]);
    expect(view).toMatchObject({
      title: "ROLLING_BONES.ActionDice.Economy.award",
      by: "GM",
      undone: true,
      undoneBy: "GM",
    });
    const session = economyView({
      kind: "session",
      session: 4,
      entry: null,
      pools: [{ userId: BOB, gm: false, dice: [{ faces: 4, count: 3 }] }],
      undoneBy: null,
      names: {},
    });
    expect(session.lines).toEqual([{ userId: BOB, name: BOB, change: "3d4", gm: false, forfeited: false }]);
  });

  it("a forfeit's card names the player, the reason and no dice moved", () => {
    const view = economyView({
      kind: "forfeit",
      session: 2,
      entry: {
        id: "f",
        type: "forfeit",
        by: GM,
        subject: null,
        reason: "Film quotes all through the ambush",
        undone: false,
        undoId: null,
        changes: [{ userId: BOB, added: [], removed: [], spent: 0, luckyBreak: false, forfeited: true }],
      },
      pools: [],
      undoneBy: null,
      names: { [GM]: "GM", [BOB]: "Bob" },
    });
    expect(view).toMatchObject({
      title: "ROLLING_BONES.ActionDice.Economy.forfeit",
      by: "GM",
      target: "Bob",
      reason: "Film quotes all through the ambush",
    });
    expect(view.lines).toEqual([{ userId: BOB, name: "Bob", change: "", gm: false, forfeited: true }]);
  });
});
