// @vitest-environment happy-dom
/**
 * Points and choices end to end on the Foundry double with a GM and two players (Alice, Bob; Cara
 * owns nothing of theirs): karma, cooperative assists and called shots (percentile), Character and
 * Fate Points (wild), Willpower per turn (pool), picks (pi). Every spend and choice crosses the GM
 * query, lands on the card's ledger and can be undone by the GM; every refusal shows its reason and
 * leaves every document unchanged.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ALICE,
  as,
  assistsOf,
  AYLA,
  BOB,
  bootWorld,
  BRANN,
  CARA,
  CHARACTERS,
  cardOf,
  combat,
  d10s,
  d6s,
  dice,
  errors,
  errorText,
  flagOf,
  GM,
  messageAs,
  PIA,
  rollFor,
  snapshot,
  systemOf,
  VEX,
  WIL,
  type World,
} from "./points-world.ts";

// Each test boots a world and crosses the GM query many times; on a busy machine that can take seconds.
vi.setConfig({ testTimeout: 30_000 });

let w: World;
afterEach(() => w.double.uninstall());

beforeAll(async () => {
  // Load the system's modules once, so the first test does not pay for it.
  w = await bootWorld();
  w.double.uninstall();
}, 60_000);

/** Rolls without the dialog as a user for a character (the path of Shift-click: the untouched dialog's request). */
async function direct(userId: string, engine: "percentile" | "wild" | "pool" | "pi", actorId: string, initial: object) {
  const { rollDirect } = await import("../../src/applications/dialogs/direct.ts");
  const message = await w.double.actAs(userId, () =>
    rollDirect(engine, { actor: w.double.game.actors.get(actorId) as never, initial: initial as never }),
  );
  await w.double.settle();
  return message?.id ?? null;
}

/** Expects a refusal: one new error with this text, and the world exactly as before. */
async function refused(action: () => Promise<unknown>, text: string): Promise<void> {
  const before = snapshot(w);
  const shown = errors(w).length;
  const result = await action();
  expect(result === null || result === false).toBe(true);
  expect(errors(w).slice(shown)).toEqual([text]);
  expect(snapshot(w)).toBe(before);
}

describe("percentile: karma buys bonus dice", () => {
  it("2 karma per die: the roll is posted, the karma is taken once, and the card records who paid", async () => {
    w = await bootWorld();
    d10s(w, 3, 10, 7); // tens 3, ones 0, bonus die 7 → 70 (Good in column 10)
    const id = await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
    expect(id).not.toBeNull();
    expect(systemOf(w, AYLA).karma).toBe(1);
    const card = cardOf(w, id!);
    expect(card.outcome).toMatchObject({ value: 70, level: "good", karma: { dice: 1, cost: 2 } });
    expect(card.points.ledger).toEqual([
      expect.objectContaining({ type: "karma", by: ALICE, actorId: AYLA, dice: 1, cost: 2, undone: false }),
    ]);
    const html = await messageAs(w, id!, ALICE).renderHTML();
    expect(html.querySelector("[data-points-ledger]")?.textContent).toContain(
      "Bought bonus dice: 1, for 2 karma (Ayla)",
    );
    expect(w.double.warnings).toEqual([]);
  });

  it("refuses dice the character cannot pay for, with the reason, and rolls nothing", async () => {
    w = await bootWorld();
    await refused(
      () => rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 2 }),
      errorText("NotEnoughKarma", { dice: 2, cost: 4, karma: 3 }),
    );
    expect(w.double.game.messages.size).toBe(0);
  });

  it("refuses at most 3 karma dice per roll before anything is spent", async () => {
    w = await bootWorld();
    await refused(
      () => rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, karmaDice: 4 }),
      errorText("TooManyKarmaDice", { dice: 4, max: 3 }),
    );
  });

  it("refuses to spend another player's character's karma: the roll is refused, and a forged spend too", async () => {
    w = await bootWorld();
    await refused(
      () => rollFor(w, BOB, "percentile", AYLA, { bonus: 0, penalty: 0, karmaDice: 1 }),
      errorText("RequestNotYours", { name: "Ayla" }),
    );
    // The spend asked of the GM directly (as a macro could): the GM checks the owner itself.
    const { requestGmAction } = await import("../../src/services/gm-action.ts");
    const { POINTS_ACTIONS } = await import("../../src/services/points/names.ts");
    const spend = { actorId: AYLA, engine: "percentile", plan: { karmaDice: 1, assists: [] } };
    await refused(
      () => as(w, BOB, () => requestGmAction(POINTS_ACTIONS.spend, spend)),
      errorText("PointsNotYourCharacter", { name: "Ayla" }),
    );
  });

  it("the GM undoes a karma spend (the karma comes back); a player cannot", async () => {
    w = await bootWorld();
    d10s(w, 3, 10, 7);
    const id = (await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 }))!;
    const entry = cardOf(w, id).points.ledger[0]!.id;
    await refused(() => as(w, ALICE, () => w.points.undoPoints(messageAs(w, id, ALICE), entry)), errorText("GmOnly"));
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), entry))).toBe(true);
    expect(systemOf(w, AYLA).karma).toBe(3);
    expect(cardOf(w, id).points.ledger[0]).toMatchObject({ undone: true, undoneBy: GM });
    // the dice stay as thrown
    expect(cardOf(w, id).outcome).toMatchObject({ value: 70 });
    // the same click again (a double click) is answered without applying twice
    const before = snapshot(w);
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), entry))).toBe(true);
    expect(snapshot(w)).toBe(before);
    const html = await messageAs(w, id).renderHTML();
    expect(html.querySelector('[data-mark="undone"]')?.textContent).toBe("undone by Gamemaster");
  });

  it("a roll a module cancels spends nothing: the preRoll hook is asked before the karma is taken", async () => {
    w = await bootWorld();
    const before = snapshot(w);
    const cancel = () => false;
    w.double.Hooks.on("rollingBones.preRoll", cancel);
    const id = await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
    w.double.Hooks.off("rollingBones.preRoll", cancel);
    expect(id).toBeNull();
    expect(snapshot(w)).toBe(before);
  });

  it("a roll that is not posted after the spend gives the karma back (nothing half-written)", async () => {
    w = await bootWorld();
    w.double.CONFIG.Dice.randomUniform = () => {
      throw new Error("the dice tray broke");
    };
    await expect(
      rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 }),
    ).rejects.toThrow("the dice tray broke");
    expect(w.double.game.messages.size).toBe(0);
    expect(systemOf(w, AYLA).karma).toBe(3);
    expect(flagOf(w, AYLA, "spends")).toEqual([]);
  });

  it("a called shot's voluntary penalty dice raise the damage multiplier on a success, shown on the card", async () => {
    w = await bootWorld();
    d10s(w, 8, 10, 7, 9); // tens 8, ones 0, penalty dice 7 and 9 → the worst, 70: Good, a success
    const id = (await rollFor(w, ALICE, "percentile", AYLA, {
      bonus: 0,
      penalty: 0,
      column: 10,
      voluntaryPenalty: 2,
      damageMultiplier: 2,
    }))!;
    expect(cardOf(w, id).outcome).toMatchObject({
      value: 70,
      success: true,
      calledShot: { applied: 2, multiplier: 4 },
    });
    const html = await messageAs(w, id, ALICE).renderHTML();
    expect(html.querySelector('[data-note="called-shot"]')?.textContent).toContain("damage ×4");
  });
});

describe("percentile: cooperative rolls", () => {
  /** Bob's Brann rolls a Good (70) and Bob attaches it to Ayla's next roll. */
  async function bobAssistsAyla(faces: number[] = [7, 10]): Promise<string> {
    d10s(w, ...faces);
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    expect(await as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), AYLA))).toBe(true);
    return id;
  }

  it("Good or better: the leader's next roll gets a bonus die, shown on sheet and card, and is used up", async () => {
    w = await bootWorld();
    const assistCard = await bobAssistsAyla();
    expect(assistsOf(w, AYLA)).toEqual([
      expect.objectContaining({ effect: "bonus", level: "good", from: assistCard, by: BOB, assistant: "Brann" }),
    ]);
    expect(cardOf(w, assistCard).points.ledger).toEqual([
      expect.objectContaining({ type: "assistGiven", by: BOB, actorId: AYLA }),
    ]);
    // the assistant's card says the assist waits for the leader
    let html = await messageAs(w, assistCard, BOB).renderHTML();
    await w.listeners.pointsDecorated(html);
    expect(html.querySelector('[data-mark="pending"]')?.textContent).toBe("waiting for the leader's next roll");
    // the leader's roll (the direct roll = an untouched dialog) takes the assist's bonus die
    d10s(w, 2, 5, 8); // tens 2, ones 5, bonus die 8 → 85
    const leaderCard = (await direct(ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10 }))!;
    expect(cardOf(w, leaderCard).request).toMatchObject({ bonus: 1, penalty: 0 });
    expect(cardOf(w, leaderCard).outcome).toMatchObject({ value: 85 });
    expect(cardOf(w, leaderCard).points.ledger).toEqual([
      expect.objectContaining({ type: "assistReceived", by: ALICE, actorId: AYLA }),
    ]);
    expect(assistsOf(w, AYLA)).toEqual([]);
    html = await messageAs(w, assistCard, BOB).renderHTML();
    await w.listeners.pointsDecorated(html);
    expect(html.querySelector('[data-mark="used"]')?.textContent).toBe("used");
    const leaderHtml = await messageAs(w, leaderCard, ALICE).renderHTML();
    expect(leaderHtml.querySelector("[data-points-ledger]")?.textContent).toContain("Assist from Brann: +1 bonus die");
  });

  it("Inferior or worse gives a penalty die instead", async () => {
    w = await bootWorld();
    await bobAssistsAyla([1, 2]); // 12: Inferior
    expect(assistsOf(w, AYLA)).toEqual([expect.objectContaining({ effect: "penalty", level: "inferior" })]);
    d10s(w, 5, 5, 9); // tens 5, ones 5, penalty die 9 → the worse of 55 and 95: 55
    const id = (await direct(ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10 }))!;
    expect(cardOf(w, id).request).toMatchObject({ bonus: 0, penalty: 1 });
    expect(cardOf(w, id).outcome).toMatchObject({ value: 55, mode: "penalty" });
  });

  it("a result between Inferior and Good cannot assist", async () => {
    w = await bootWorld();
    d10s(w, 4, 5); // 45: Poor
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    expect(as(w, BOB, () => w.listeners.pointsControlsFor(messageAs(w, id, BOB)))?.assist).toBeNull();
    await refused(
      () => as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), AYLA)),
      errorText("PointsAssistNoEffect"),
    );
  });

  it("only the roll's author (or the GM) attaches it, once, and never to the roller itself", async () => {
    w = await bootWorld();
    d10s(w, 7, 10);
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    await refused(
      () => as(w, ALICE, () => w.points.assistLeader(messageAs(w, id, ALICE), AYLA)),
      errorText("PointsNotYourRoll"),
    );
    await refused(
      () => as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), BRANN)),
      errorText("PointsAssistSelf"),
    );
    await refused(
      () => as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), WIL)),
      errorText("PointsLeaderNotPercentile", { name: "Wil" }),
    );
    expect(await as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), AYLA))).toBe(true);
    await refused(
      () => as(w, BOB, () => w.points.assistLeader(messageAs(w, id, BOB), AYLA)),
      errorText("PointsAlreadyAssisted"),
    );
  });

  it("a waiting assist can be cancelled by its giver, the leader's owner or the GM, not by others", async () => {
    w = await bootWorld();
    const card = await bobAssistsAyla();
    const assist = assistsOf(w, AYLA)[0]!;
    await refused(() => as(w, CARA, () => w.points.cancelAssist(AYLA, assist.id)), errorText("PointsNotYourAssist"));
    expect(await as(w, ALICE, () => w.points.cancelAssist(AYLA, assist.id))).toBe(true);
    expect(assistsOf(w, AYLA)).toEqual([]);
    expect(cardOf(w, card).points.ledger[0]).toMatchObject({ type: "assistGiven", undone: true, undoneBy: ALICE });
    const html = await messageAs(w, card, BOB).renderHTML();
    expect(html.querySelector('[data-mark="undone"]')?.textContent).toBe("cancelled by Alice");
    // cancelled: a second cancel finds nothing
    await refused(
      () => as(w, BOB, () => w.points.cancelAssist(AYLA, assist.id)),
      errorText("PointsAssistGone", { name: "Ayla" }),
    );
  });

  it("an assist cancelled while the leader's dialog was open: the roll is refused and nothing is spent", async () => {
    w = await bootWorld();
    await bobAssistsAyla();
    const { readDialogSettings } = await import("../../src/applications/dialogs/direct.ts");
    const settings = as(w, ALICE, () => readDialogSettings(w.double.game.actors.get(AYLA) as never));
    const seen = settings.points!.assists;
    expect(seen).toHaveLength(1);
    expect(await as(w, BOB, () => w.points.cancelAssist(AYLA, seen[0]!.id))).toBe(true);
    await refused(
      () => rollFor(w, ALICE, "percentile", AYLA, { bonus: 1, penalty: 0, column: 10, karmaDice: 1 }, seen),
      errorText("PointsAssistGone", { name: "Ayla" }),
    );
    expect(systemOf(w, AYLA).karma).toBe(3);
  });

  it("the GM undoes a used assist on the leader's card: it waits again", async () => {
    w = await bootWorld();
    await bobAssistsAyla();
    d10s(w, 2, 5, 8);
    const leaderCard = (await direct(ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10 }))!;
    const entry = cardOf(w, leaderCard).points.ledger[0]!;
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, leaderCard), entry.id))).toBe(true);
    expect(assistsOf(w, AYLA)).toEqual([expect.objectContaining({ effect: "bonus" })]);
  });

  it("the assistant's card offers Assist… to its author and the GM only, listing the other characters", async () => {
    w = await bootWorld();
    d10s(w, 7, 10);
    const id = (await rollFor(w, BOB, "percentile", BRANN, { bonus: 0, penalty: 0, column: 10 }))!;
    const bob = as(w, BOB, () => w.listeners.pointsControlsFor(messageAs(w, id, BOB)));
    expect(bob?.assist?.leaders.map((l) => l.name)).toEqual(["Ayla"]);
    expect(bob?.assist?.effect).toBe("ROLLING_BONES.Percentile.Assist.bonus");
    expect(as(w, ALICE, () => w.listeners.pointsControlsFor(messageAs(w, id, ALICE)))?.assist).toBeNull();
    // the control, clicked in the rendered card, attaches the assist
    const html = await as(w, BOB, () => messageAs(w, id, BOB).renderHTML());
    await w.listeners.pointsDecorated(html);
    const select = html.querySelector<HTMLSelectElement>("[data-leader-select]")!;
    expect(html.querySelector(`label[for="${select.id}"]`)?.textContent).toBe("Leader");
    await as(w, BOB, async () => html.querySelector<HTMLButtonElement>('[data-rb-action="pointsAssist"]')!.click());
    await vi.waitFor(() => expect(assistsOf(w, AYLA)).toHaveLength(1));
    // The request is done (the card's controls are no longer busy).
    await vi.waitFor(() => expect(html.hasAttribute("aria-busy")).toBe(false));
  });
});

describe("wild: Character Points and Fate Points", () => {
  it("Character Points buy extra Wild Dice up to the session limit; the next over the limit is refused", async () => {
    w = await bootWorld();
    d6s(w, 3, 4, 2, 2, 2); // normal 3, Wild Die 4, three extra Wild Dice
    const id = (await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 3 }))!;
    expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 4, session: { characterPoints: 3, fatePoints: 0 } });
    expect(cardOf(w, id).outcome).toMatchObject({ characterPoints: 3, total: 13 });
    expect(cardOf(w, id).points.ledger).toEqual([
      expect.objectContaining({ type: "characterPoints", points: 3, actorId: WIL, by: BOB }),
    ]);
    await refused(
      () => rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 3 }),
      errorText("CharacterPointSessionLimit", { requested: 3, used: 3, limit: 5 }),
    );
    d6s(w, 3, 4, 2, 2);
    expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 2 })).not.toBeNull();
    expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 2, session: { characterPoints: 5 } });
  });

  it("the limit is the GM's world setting", async () => {
    w = await bootWorld();
    await as(w, GM, () => w.double.game.settings.set("rolling-bones", "wildCpSessionLimit", 2));
    await refused(
      () => rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 3 }),
      errorText("CharacterPointSessionLimit", { requested: 3, used: 0, limit: 2 }),
    );
  });

  it("one Fate Point per session: it doubles the character's dice only; a second is refused", async () => {
    w = await bootWorld();
    d6s(w, 2, 3, 4, 5, 3, 4, 5); // 2D doubled → 4 character dice (3 normal + Wild Die) + 1D outside
    const id = (await rollFor(w, BOB, "wild", WIL, { dice: 2, outsideDice: 1, fatePoint: true }))!;
    expect(cardOf(w, id).outcome).toMatchObject({ fatePoint: true, shape: { characterDice: 4, outsideDice: 1 } });
    expect(systemOf(w, WIL)).toMatchObject({ fatePoints: 1, session: { fatePoints: 1 } });
    await refused(
      () => rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true }),
      errorText("FatePointUsedThisSession", { limit: 1 }),
    );
  });

  it("Character Points and a Fate Point never on the same roll", async () => {
    w = await bootWorld();
    await refused(
      () => rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 1, fatePoint: true }),
      errorText("PointsOnSameRoll", { characterPoints: 1 }),
    );
  });

  it("a session start resets every wild character's session counters (not the points on the sheet)", async () => {
    w = await bootWorld();
    d6s(w, 3, 4, 2, 2);
    await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 2 });
    d6s(w, 3, 4, 5, 5);
    await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true });
    expect(systemOf(w, WIL)).toMatchObject({
      characterPoints: 5,
      fatePoints: 1,
      session: { characterPoints: 2, fatePoints: 1 },
    });
    const actionDice = await import("../../src/services/action-dice/index.ts");
    expect(await as(w, GM, () => actionDice.startSession())).toBe(true);
    expect(await w.points.sessionResetSettled()).toBe(true);
    expect(systemOf(w, WIL)).toMatchObject({
      characterPoints: 5,
      fatePoints: 1,
      session: { characterPoints: 0, fatePoints: 0 },
    });
    // the Fate Point is allowed again in the new session
    d6s(w, 3, 4, 5, 5);
    expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true })).not.toBeNull();
  });

  it("a world with no action-dice character starts its sessions: each resets the Fate Point and Character Points (docs/rules.md §2)", async () => {
    w = await bootWorld({ actors: structuredClone(CHARACTERS).filter((a) => a.type !== "action-character") });
    const actionDice = await import("../../src/services/action-dice/index.ts");
    // Wil holds two Fate Points: one in each session (the second was refused before, limits being per campaign).
    for (const session of [1, 2]) {
      expect(await as(w, GM, () => actionDice.startSession())).toBe(true);
      expect(await w.points.sessionResetSettled()).toBe(true);
      expect(errors(w)).toEqual([]);
      // The session's card says no pools were refilled; no pool is stored.
      const card = w.double.storedMessages().at(-1);
      expect(card?.content).toContain(`Session ${session} starts: per-session limits reset`);
      d6s(w, 3, 4, 5, 5);
      expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true })).not.toBeNull();
      expect(systemOf(w, WIL)).toMatchObject({ session: { fatePoints: 1, characterPoints: 0 } });
      d6s(w, 3, 4, 2);
      expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 1 })).not.toBeNull();
    }
    expect(systemOf(w, WIL)).toMatchObject({ fatePoints: 0, session: { fatePoints: 1, characterPoints: 1 } });
  });

  it("a session start in a world with no action-dice character leaves the GM's pool as it was (not emptied) and still resets the points (docs/rules.md §2, issue 29)", async () => {
    w = await bootWorld({ actors: structuredClone(CHARACTERS).filter((a) => a.type !== "action-character") });
    const store = await import("../../src/services/action-dice/store.ts");
    const actionDice = await import("../../src/services/action-dice/index.ts");
    // The GM holds three d8 this session (say, from a session when action-dice characters played).
    const held = {
      userId: GM,
      gm: true,
      dieFaces: 8,
      dice: [{ faces: 8, count: 3 }],
      spent: 1,
      luckyBreak: false,
      failedInsight: [],
      applied: [],
    };
    const session = as(w, GM, () => store.currentSession());
    await as(w, GM, () =>
      w.double.game.settings.set("rolling-bones", "actionGmPool", { session, rev: 4, state: held }),
    );
    d6s(w, 3, 4, 5, 5);
    expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true })).not.toBeNull();
    expect(await as(w, GM, () => actionDice.startSession())).toBe(true);
    expect(await w.points.sessionResetSettled()).toBe(true);
    expect(errors(w)).toEqual([]);
    // The GM's dice are still the GM's in the new session; the card lists no pool refilled.
    const after = as(w, GM, () => store.storedGmPool());
    expect(after).toMatchObject({ session: session + 1, state: held });
    expect(w.double.storedMessages().at(-1)?.content).toContain(
      `Session ${session + 1} starts: per-session limits reset`,
    );
    // Per-session counters reset all the same: Wil may spend a Fate Point again.
    expect(systemOf(w, WIL)).toMatchObject({ session: { fatePoints: 0, characterPoints: 0 } });
    d6s(w, 3, 4, 5, 5);
    expect(await rollFor(w, BOB, "wild", WIL, { dice: 2, fatePoint: true })).not.toBeNull();
  });

  it("the GM undoes a Character Point spend: the points and this session's counter come back", async () => {
    w = await bootWorld();
    d6s(w, 3, 4, 2, 2);
    const id = (await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 2 }))!;
    const entry = cardOf(w, id).points.ledger[0]!.id;
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), entry))).toBe(true);
    expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 7, session: { characterPoints: 0 } });
  });
});

describe("pool: Willpower", () => {
  it("outside combat each roll may take one Willpower success; current Willpower goes down", async () => {
    w = await bootWorld();
    d10s(w, 7, 1, 3);
    const first = (await rollFor(w, ALICE, "pool", VEX, { pool: 3, difficulty: 6, willpower: true }))!;
    expect(cardOf(w, first).outcome).toMatchObject({ willpower: true, net: 1 });
    expect(cardOf(w, first).points.ledger).toEqual([
      expect.objectContaining({ type: "willpower", by: ALICE, actorId: VEX, turn: null }),
    ]);
    d10s(w, 2, 3, 4);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, difficulty: 6, willpower: true })).not.toBeNull();
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { permanent: 5, current: 0 } });
    await refused(
      () => rollFor(w, ALICE, "pool", VEX, { pool: 3, difficulty: 6, willpower: true }),
      errorText("NoWillpower"),
    );
  });

  it("in combat one point per round: a second in the same round is refused, the next round allows it", async () => {
    w = await bootWorld();
    combat(w, 1, [VEX]);
    d10s(w, 7, 8, 9);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true })).not.toBeNull();
    expect(flagOf(w, VEX, "willpowerTurn")).toBe("combat0000000001:1");
    await refused(
      () => rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true }),
      errorText("WillpowerUsedThisTurn"),
    );
    // a roll without Willpower is fine in the same round
    d10s(w, 2, 2, 2);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3 })).not.toBeNull();
    combat(w, 2, [VEX]);
    d10s(w, 7, 8, 9);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true })).not.toBeNull();
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { current: 0 } });
  });

  it("a combat the character is not in does not limit it", async () => {
    w = await bootWorld();
    combat(w, 1, [BRANN]);
    d10s(w, 7, 8, 9, 7, 8, 9);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true })).not.toBeNull();
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true })).not.toBeNull();
  });

  it("the GM undoes a Willpower spend: the point comes back and the round is free again", async () => {
    w = await bootWorld();
    combat(w, 3, [VEX]);
    d10s(w, 7, 8, 9);
    const id = (await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true }))!;
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), cardOf(w, id).points.ledger[0]!.id))).toBe(true);
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { current: 2 } });
    expect(flagOf(w, VEX, "willpowerTurn")).toBeNull();
    d10s(w, 7, 8, 9);
    expect(await rollFor(w, ALICE, "pool", VEX, { pool: 3, willpower: true })).not.toBeNull();
  });

  it("the card shows the botch cancellation the Ability gives", async () => {
    w = await bootWorld();
    d10s(w, 1, 1, 3, 4, 5, 2);
    const id = (await rollFor(w, ALICE, "pool", VEX, { pool: 6, difficulty: 6, cancellation: 1 }))!;
    const html = await messageAs(w, id, ALICE).renderHTML();
    expect(html.querySelector('[data-note="cancellation"]')?.textContent).toContain(
      "Ability at 5 dots): one 1 is ignored when deciding a botch",
    );
    expect(cardOf(w, id).outcome).toMatchObject({ result: "botch", botchLevel: 1, ignored: 1 });
  });
});

describe("pi: picks on the card", () => {
  async function piRoll(): Promise<string> {
    dice(w, [
      [5, 8],
      [3, 6],
      [2, 4],
    ]);
    return (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 4] }))!;
  }

  it("the roll's owner picks two dice; the card updates and records the pick", async () => {
    w = await bootWorld();
    const id = await piRoll();
    expect(cardOf(w, id).outcome).toMatchObject({ pickSource: "bestPrecision", precision: 8, impact: 2 });
    expect(await as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [2, 0]))).toBe(true);
    const card = cardOf(w, id);
    expect(card.request.pick).toEqual([0, 2]);
    expect(card.outcome).toMatchObject({ pickSource: "requested", precision: 7, impact: 3 });
    expect(card.points.ledger).toEqual([
      expect.objectContaining({ type: "pick", pick: [0, 2], previous: null, by: ALICE }),
    ]);
    const html = await messageAs(w, id, ALICE).renderHTML();
    expect(html.querySelector("[data-precision]")?.textContent).toBe("7");
    expect(html.querySelector('[data-note="pick"]')?.textContent).toContain("d8 (5) + d4 (2)");
    expect(html.querySelector('[data-best-dice="impact"]')?.textContent).toBe("d8 (5) + d4 (2)");
  });

  it("a roll with a goal is judged on its pick, judged again when the owner picks anew, and again on undo", async () => {
    w = await bootWorld();
    dice(w, [
      [5, 8],
      [3, 6],
      [2, 4],
    ]);
    // Needs Impact 3: the default pick 5 + 3 (Precision 8, Impact 2) falls short; 5 and 2 make Impact 3.
    const id = (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 4], impactGoal: 3 }))!;
    const verdictOf = async () => {
      const html = await messageAs(w, id, ALICE).renderHTML();
      const line = html.querySelector("[data-verdict]");
      return [line?.getAttribute("data-verdict"), line?.querySelector(".rb-icon") !== null, line?.textContent?.trim()];
    };
    expect(await verdictOf()).toEqual(["failure", true, "Goal missed with this pick"]);
    const before = await messageAs(w, id, ALICE).renderHTML();
    expect(before.querySelector('[data-goal-part="impact"]')?.textContent?.trim()).toBe("Impact 2, 3 needed: 1 short");
    expect(await as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [0, 2]))).toBe(true);
    expect(cardOf(w, id).outcome).toMatchObject({ impact: 3, verdict: { met: true, impactMet: true } });
    expect(await verdictOf()).toEqual(["success", true, "Goal met with this pick"]);
    const entry = cardOf(w, id).points.ledger[0];
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), entry!.id))).toBe(true);
    expect(await verdictOf()).toEqual(["failure", true, "Goal missed with this pick"]);
  });

  it("another player cannot pick on someone else's roll; the GM can", async () => {
    w = await bootWorld();
    const id = await piRoll();
    await refused(
      () => as(w, BOB, () => w.points.pickDice(messageAs(w, id, BOB), [1, 2])),
      errorText("PointsNotYourRoll"),
    );
    expect(await as(w, GM, () => w.points.pickDice(messageAs(w, id), [1, 2]))).toBe(true);
    expect(cardOf(w, id).outcome).toMatchObject({ precision: 5, impact: 1 });
  });

  it("a bad pick is refused by the engine's rule", async () => {
    w = await bootWorld();
    const id = await piRoll();
    await refused(
      () => as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [1, 1])),
      errorText("PiPickSame", { slot: 1 }),
    );
    await refused(
      () => as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [0, 1])),
      errorText("PointsPickUnchanged"),
    );
  });

  it("the one-die rule: a roll of one die offers no pick and refuses one", async () => {
    w = await bootWorld();
    dice(w, [[4, 8]]);
    const id = (await rollFor(w, ALICE, "pi", PIA, { pool: [8] }))!;
    expect(cardOf(w, id).outcome).toMatchObject({ singleDie: true, impact: 0, failed: true });
    expect(as(w, ALICE, () => w.listeners.pointsControlsFor(messageAs(w, id, ALICE)))?.pick).toBeNull();
    await refused(
      () => as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [0, 1])),
      errorText("PiPickNeedsTwoDice", { dice: 1 }),
    );
  });

  it("a double click picks once", async () => {
    w = await bootWorld();
    const id = await piRoll();
    const message = messageAs(w, id, ALICE);
    const results = await as(w, ALICE, () =>
      Promise.all([w.points.pickDice(message, [0, 2]), w.points.pickDice(message, [0, 2])]),
    );
    expect(results).toEqual([true, true]);
    expect(cardOf(w, id).points.ledger).toHaveLength(1);
  });

  it("the GM undoes the latest pick (back to the pick before), not an earlier one", async () => {
    w = await bootWorld();
    const id = await piRoll();
    await as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [0, 2]));
    await as(w, ALICE, () => w.points.pickDice(messageAs(w, id, ALICE), [1, 2]));
    const [first, second] = cardOf(w, id).points.ledger;
    await refused(
      () => as(w, GM, () => w.points.undoPoints(messageAs(w, id), first!.id)),
      errorText("PointsUndoLaterPick"),
    );
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), second!.id))).toBe(true);
    expect(cardOf(w, id).request.pick).toEqual([0, 2]);
    expect(await as(w, GM, () => w.points.undoPoints(messageAs(w, id), first!.id))).toBe(true);
    expect(cardOf(w, id).request.pick).toBeUndefined();
    expect(cardOf(w, id).outcome).toMatchObject({ pickSource: "bestPrecision", precision: 8 });
  });

  it("the pick controls are the owner's and the GM's, with the best picks offered", async () => {
    w = await bootWorld();
    const id = await piRoll();
    const view = as(w, ALICE, () => w.listeners.pointsControlsFor(messageAs(w, id, ALICE)));
    expect(view?.pick).toMatchObject({
      bestPrecision: [0, 1],
      bestImpact: [0, 2],
      isBestPrecision: true,
      isBestImpact: false,
    });
    expect(as(w, BOB, () => w.listeners.pointsControlsFor(messageAs(w, id, BOB)))?.pick).toBeNull();
    const html = await as(w, ALICE, () => messageAs(w, id, ALICE).renderHTML());
    await w.listeners.pointsDecorated(html);
    const boxes = html.querySelectorAll<HTMLInputElement>("[data-pick-slot]");
    expect([...boxes].map((b) => [b.dataset.pickSlot, b.checked])).toEqual([
      ["0", true],
      ["1", true],
      ["2", false],
    ]);
    for (const box of boxes) expect(html.querySelector(`label[for="${box.id}"]`)).not.toBeNull();
    await as(w, ALICE, async () =>
      html.querySelectorAll<HTMLButtonElement>('[data-rb-action="pointsPickBest"]')[1]!.click(),
    );
    await vi.waitFor(() => expect(cardOf(w, id).outcome).toMatchObject({ precision: 7, impact: 3 }));
    // The request is done (the card's controls are no longer busy).
    await vi.waitFor(() => expect(html.hasAttribute("aria-busy")).toBe(false));
  });
});

describe("the GM's undo controls", () => {
  it("appear on each undoable ledger line for the GM only", async () => {
    w = await bootWorld();
    d6s(w, 3, 4, 2);
    const id = (await rollFor(w, BOB, "wild", WIL, { dice: 2, characterPoints: 1 }))!;
    const gmHtml = await as(w, GM, () => messageAs(w, id).renderHTML());
    await w.listeners.pointsDecorated(gmHtml);
    const undo = gmHtml.querySelector<HTMLButtonElement>('[data-rb-action="pointsUndo"]')!;
    expect(undo.getAttribute("aria-label")).toBe("Undo: Character Points: 1 extra Wild Dice (Wil) (Bob)");
    const bobHtml = await as(w, BOB, () => messageAs(w, id, BOB).renderHTML());
    await w.listeners.pointsDecorated(bobHtml);
    expect(bobHtml.querySelector('[data-rb-action="pointsUndo"]')).toBeNull();
    await as(w, GM, async () => undo.click());
    await vi.waitFor(() => expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 7 }));
    // The request is done (the card's controls are no longer busy).
    await vi.waitFor(() => expect(gmHtml.hasAttribute("aria-busy")).toBe(false));
  });
});
