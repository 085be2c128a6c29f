// @vitest-environment happy-dom
/**
 * GM roll requests end to end on the Foundry double: the GM posts a request (its hidden target in a
 * GM-only note, never on the card), each named character's owner rolls from the card, the active GM
 * gathers the results (also those rolled while no GM was online), and reveals the hidden target.
 * Refusals (another player's character, a second roll, a forged record) change nothing.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces } from "../foundry/index.ts";
import { SAMPLES } from "../data/samples.ts";
import { pool } from "../../src/engines/index.ts";
import { format } from "../support/i18n.ts";
import {
  ALICE,
  AXEL,
  AYLA,
  BOB,
  BRANN,
  CHARACTERS,
  GM,
  VEX,
  as,
  bootWorld,
  errorText,
  errors,
  messageAs,
  snapshot,
  type World,
} from "./points-world.ts";
import type * as Requests from "../../src/services/requests/requests.ts";
import type * as Rolls from "../../src/applications/requests/roll.ts";
import type * as Card from "../../src/applications/requests/card.ts";
import type { RequestRecord } from "../../src/services/requests/names.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const BORIS = "actorBoris000001"; // Bob's action character, Reflex +2

const AXEL_REFLEX = SAMPLES["action-character"].saves.reflex.mod; // 8 + this stays under DC 15
const SHIFT = { shiftKey: true } as unknown as Event; // Shift rolls at once (no dialog)

interface RequestWorld extends World {
  requests: typeof Requests;
  rolls: typeof Rolls;
  card: typeof Card;
}

let w: RequestWorld;
afterEach(() => w.double.uninstall());

async function boot(): Promise<RequestWorld> {
  // Full stored data, as the data models give it in a real world.
  const full = (type: keyof typeof SAMPLES, extra: Record<string, unknown> = {}) => ({
    ...structuredClone(SAMPLES[type]),
    ...extra,
  });
  const actors = [
    ...structuredClone(CHARACTERS).map((c) => {
      // The world's own values, except its empty lists, over a full sample.
      const own = Object.entries(c.system).filter(
        ([, v]) => !(typeof v === "object" && v && Object.keys(v).length === 0),
      );
      return { ...c, system: { ...full(c.type as keyof typeof SAMPLES), ...Object.fromEntries(own) } };
    }),
    {
      id: BORIS,
      name: "Boris",
      type: "action-character",
      system: full("action-character", { saves: { fortitude: { mod: 0 }, reflex: { mod: 2 }, will: { mod: 0 } } }),
      ownership: { [BOB]: 3 },
    },
  ];
  const world = await bootWorld({ actors });
  const requests = await import("../../src/services/requests/requests.ts");
  const card = await import("../../src/applications/requests/card.ts");
  const rolls = await import("../../src/applications/requests/roll.ts");
  world.double.Hooks.on("renderChatMessageHTML", card.addRequestRows);
  return { ...world, requests, rolls, card };
}

function d20s(...faces: number[]): void {
  w.double.CONFIG.Dice.randomUniform = fixedFaces(20, faces);
}

function recordOf(id: string): RequestRecord {
  return partIn(w.double.game.messages.get(id)!, "rollRequest") as RequestRecord;
}

async function post(spec: Record<string, unknown>): Promise<string> {
  const card = await as(w, GM, () => w.requests.postRollRequest(spec));
  expect(card).not.toBeNull();
  return card!.id!;
}

async function rowsAs(userId: string, id: string): Promise<HTMLElement> {
  const html = await as(w, userId, () => messageAs(w, id, userId).renderHTML());
  await w.card.requestDecorated(html);
  return html;
}

const dodge = {
  engine: "action",
  label: "Dodge the blade",
  trait: { kind: "save", key: "reflex" },
  target: 15,
  hidden: true,
  actors: [AXEL, BORIS],
};

describe("a GM roll request with a hidden DC", () => {
  it("keeps the DC off the card, in a note only the GMs receive", async () => {
    w = await boot();
    const id = await post(dodge);
    const record = recordOf(id);
    expect(record.spec).toMatchObject({ engine: "action", target: null, hidden: true, actors: [AXEL, BORIS] });
    expect(record.names).toEqual({ [AXEL]: "Axel", [BORIS]: "Boris" });
    const stored = w.double.storedMessages();
    const cardJson = JSON.stringify(stored.find((m) => m._id === id));
    // no 15 as a number or a word anywhere in the stored card (ids and timestamps are not words)
    expect(cardJson).not.toMatch(/\b15\b/);
    expect(cardJson).toContain('"target":null');
    const note = stored.find((m) => m._id === record.secretId)!;
    // Every GM of the world (the assistant GM too, when the world has one).
    expect(note.whisper).toEqual(w.double.game.users.filter((u) => u.isGM).map((u) => u.id));
    expect(note.whisper).toContain(GM);
    expect(partIn(note, "rollRequestSecret")).toEqual({ target: 15 });
    // a player sees the target hidden and a Roll button only on their own character
    const alice = await rowsAs(ALICE, id);
    expect(alice.querySelector("[data-target]")?.textContent).toContain(format("ROLLING_BONES.Request.TargetHidden"));
    expect(
      [...alice.querySelectorAll<HTMLElement>("[data-rb-action=requestRoll]")].map((b) => b.dataset.actor),
    ).toEqual([AXEL]);
    expect(alice.querySelector("[data-rb-action=requestReveal]")).toBeNull();
    // the GM sees the DC, marked hidden from players, and the Reveal control
    const gm = await rowsAs(GM, id);
    expect(gm.querySelector("[data-target]")?.textContent).toContain("DC 15");
    expect(gm.querySelector("[data-target]")?.textContent).toContain(format("ROLLING_BONES.Request.HiddenFromPlayers"));
    expect(gm.querySelector("[data-rb-action=requestReveal]")).not.toBeNull();
  });

  it("gathers each owner's roll; the verdict shows to the GM, and to players once revealed", async () => {
    w = await boot();
    const id = await post(dodge);
    d20s(8);
    const rolled = await as(w, ALICE, () => w.rolls.rollForRequest(id, AXEL, SHIFT));
    expect(rolled).not.toBeNull();
    expect(recordOf(id).answers).toEqual({ [AXEL]: { messageId: rolled!.id, userId: ALICE } });
    // the player's roll carries no DC: the GM judges it
    expect((rolled!.rolls[0]!.options as { request: { dc: unknown } }).request.dc).toBeNull();
    let alice = await rowsAs(ALICE, id);
    const row = alice.querySelector<HTMLElement>(`[data-actor="${AXEL}"]`)!;
    expect(row.dataset.state).toBe("rolled");
    expect(row.querySelector("[data-score]")?.textContent).toBe(String(8 + AXEL_REFLEX));
    expect(row.querySelector("[data-verdict]")).toBeNull();
    const gm = await rowsAs(GM, id);
    expect(gm.querySelector(`[data-actor="${AXEL}"] [data-verdict]`)?.textContent).toContain(
      format("ROLLING_BONES.Request.Verdict.failure"),
    );
    d20s(14);
    await as(w, BOB, () => w.rolls.rollForRequest(id, BORIS, SHIFT));
    expect(Object.keys(recordOf(id).answers)).toEqual([AXEL, BORIS]);
    // the GM reveals: everyone judges by DC 15 (Boris 14 + 2 = 16 succeeds)
    expect(await as(w, GM, () => w.requests.revealRequest(id))).toBe(true);
    expect(recordOf(id).revealed).toBe(15);
    alice = await rowsAs(ALICE, id);
    expect(alice.querySelector("[data-target]")?.textContent).toContain("DC 15");
    expect(alice.querySelector(`[data-actor="${BORIS}"] [data-verdict]`)?.textContent).toContain(
      format("ROLLING_BONES.Request.Verdict.success"),
    );
    expect(alice.querySelector(`[data-actor="${AXEL}"] [data-verdict]`)?.textContent).toContain(
      format("ROLLING_BONES.Request.Verdict.failure"),
    );
    expect(alice.querySelector("[data-progress]")?.textContent).toContain(
      format("ROLLING_BONES.Request.Progress", { done: 2, total: 2 }),
    );
    expect(errors(w)).toEqual([]);
  });

  it("refuses another player's character, a second roll and a player's reveal, changing nothing", async () => {
    w = await boot();
    const id = await post(dodge);
    let before = snapshot(w);
    expect(await as(w, BOB, () => w.rolls.rollForRequest(id, AXEL, SHIFT))).toBeNull();
    expect(errors(w)).toEqual([errorText("RequestNotYours", { name: "Axel" })]);
    expect(snapshot(w)).toBe(before);
    d20s(9);
    await as(w, ALICE, () => w.rolls.rollForRequest(id, AXEL, SHIFT));
    before = snapshot(w);
    expect(await as(w, ALICE, () => w.rolls.rollForRequest(id, AXEL, SHIFT))).toBeNull();
    expect(errors(w).at(-1)).toBe(errorText("RequestAnswered", { name: "Axel" }));
    expect(await as(w, ALICE, () => w.requests.revealRequest(id))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("GmOnly"));
    expect(snapshot(w)).toBe(before);
  });

  it("refuses forged records: someone else's roll, a roll not made for the request, the wrong character", async () => {
    w = await boot();
    const id = await post(dodge);
    d20s(10, 11);
    const alices = await as(w, ALICE, () => w.rolls.rollForRequest(id, AXEL, SHIFT));
    // a plain roll of Boris's, made without the request
    const plain = await as(w, BOB, () =>
      w.points.rollWithPoints(
        "action",
        { kind: "save", modifier: 2 },
        { actor: w.double.game.actors.get(BORIS) as never },
      ),
    );
    const before = snapshot(w);
    // Bob claims Alice's roll as Boris's answer, and then as Axel's
    await as(w, BOB, () => w.requests.sendAnswer({ request: id, actor: BORIS, message: alices!.id! }));
    await as(w, BOB, () => w.requests.sendAnswer({ request: id, actor: AXEL, message: alices!.id! }));
    // Bob records a roll that was not made for the request
    await as(w, BOB, () => w.requests.sendAnswer({ request: id, actor: BORIS, message: plain!.id! }));
    // a character the request does not name
    await as(w, ALICE, () => w.requests.sendAnswer({ request: id, actor: AYLA, message: alices!.id! }));
    expect(errors(w)).toEqual([
      errorText("ForgedRequest"),
      errorText("ForgedRequest"),
      errorText("RequestWrongRoll"),
      errorText("RequestCharacter", { id: AYLA }),
    ]);
    expect(snapshot(w)).toBe(before);
    // the same record again is a no-op
    expect(await as(w, ALICE, () => w.requests.sendAnswer({ request: id, actor: AXEL, message: alices!.id! }))).toBe(
      true,
    );
    expect(snapshot(w)).toBe(before);
  });

  it("gathers a roll made while no GM was online when a GM connects", async () => {
    w = await boot();
    const id = await post(dodge);
    // Every GM leaves (the assistant too, in a world where it is online), and the players hear it.
    for (const gm of w.double.game.users.filter((u) => u.isGM && u.active)) w.double.setActive(gm.id, false);
    await w.double.settle();
    d20s(20);
    const rolled = await as(w, BOB, () => w.rolls.rollForRequest(id, BORIS, SHIFT));
    expect(rolled).not.toBeNull();
    expect(w.double.notifications.at(-1)).toMatchObject({
      type: "info",
      message: format("ROLLING_BONES.Request.GatherLater"),
    });
    expect(recordOf(id).answers).toEqual({});
    w.double.setActive(GM, true);
    const { gatherOnStart } = await import("../../src/services/requests/index.ts");
    expect(await as(w, GM, () => gatherOnStart())).toBe(1);
    expect(recordOf(id).answers).toEqual({ [BORIS]: { messageId: rolled!.id, userId: BOB } });
    expect(await as(w, GM, () => gatherOnStart())).toBe(0);
  });
});

describe("requests of the other engines", () => {
  it("a pool request sets the difficulty on the roll; a percentile request adds its dice", async () => {
    w = await boot();
    const pool = await post({
      engine: "pool",
      trait: { kind: "attribute", key: "dexterity" },
      target: 7,
      actors: [VEX],
    });
    w.double.CONFIG.Dice.randomUniform = fixedFaces(10, [7, 3, 1, 9, 10, 6, 2, 8]);
    const vex = await as(w, ALICE, () => w.rolls.rollForRequest(pool, VEX, SHIFT));
    expect((vex!.rolls[0]!.options as { request: { difficulty: number } }).request.difficulty).toBe(7);
    const html = await rowsAs(ALICE, pool);
    expect(html.querySelector("[data-target]")?.textContent).toContain("Difficulty 7");
    expect(html.querySelector(`[data-actor="${VEX}"] [data-verdict]`)).not.toBeNull();
    const pct = await post({
      engine: "percentile",
      label: "Spot",
      trait: { kind: "attribute", key: "intuition" },
      net: 2,
      actors: [AYLA, BRANN],
    });
    w.double.CONFIG.Dice.randomUniform = fixedFaces(10, [5, 5, 2, 3]);
    const ayla = await as(w, ALICE, () => w.rolls.rollForRequest(pct, AYLA, SHIFT));
    expect((ayla!.rolls[0]!.options as { request: { bonus: number; penalty: number } }).request).toMatchObject({
      bonus: 2,
      penalty: 0,
    });
    const view = await rowsAs(BOB, pct);
    expect(view.querySelector(`[data-actor="${AYLA}"] .rb-request__level`)).not.toBeNull();
    expect(view.querySelector(`[data-rb-action=requestRoll][data-actor="${BRANN}"]`)).not.toBeNull();
  });

  it("refuses a bad request with the reason and posts nothing; a player cannot post one", async () => {
    w = await boot();
    const before = snapshot(w);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...dodge, engine: "chess" }, errorText("RequestEngine", { engine: "chess" })],
      [{ ...dodge, trait: { kind: "save", key: "luck" } }, errorText("RequestTrait", { kind: "save", key: "luck" })],
      [
        { engine: "pool", trait: { kind: "attribute", key: "dexterity" }, target: 11, actors: [VEX] },
        errorText("OutOfRange", { field: format("ROLLING_BONES.Field.target"), value: 11, min: 2, max: 10 }),
      ],
      [
        { engine: "percentile", trait: { kind: "attribute", key: "agility" }, hidden: true, actors: [AYLA] },
        errorText("RequestHidden", { engine: "percentile" }),
      ],
      [{ ...dodge, actors: [] }, errorText("RequestNoCharacters")],
      [{ ...dodge, actors: [AYLA] }, errorText("RequestCharacter", { id: AYLA })],
    ];
    for (const [spec] of bad) expect(await as(w, GM, () => w.requests.postRollRequest(spec))).toBeNull();
    expect(await as(w, ALICE, () => w.requests.postRollRequest(dodge))).toBeNull();
    expect(errors(w)).toEqual([...bad.map(([, text]) => text), errorText("GmOnly")]);
    expect(snapshot(w)).toBe(before);
  });
});

describe("the Quench scenario of roll requests", () => {
  it("runs green against the double, as the GM, and is registered as a batch", async () => {
    w = await boot();
    const { runRequestScenario } = await import("../../src/quench/requests-batch.ts");
    const { failures, assert } = recordingAssert();
    // Boris: Bob's action character with Reflex +2, as the batch's own character has.
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const mapping = await calibrate(throwD4);
    const posted = await as(w, GM, () => runRequestScenario(w.double.game.actors.get(BORIS) as never, mapping, assert));
    expect(failures).toEqual([]);
    expect(posted).toHaveLength(3);
    // the scenario's checks can fail: with the faces read the other way round the d20 shows 13, and
    // 13 + 2 meets DC 15, so the verdict check reports it
    const wrong: string[] = [];
    const reversed = mapping === "ascending" ? "descending" : "ascending";
    await as(w, GM, () =>
      runRequestScenario(w.double.game.actors.get(BORIS) as never, reversed, {
        ...assert,
        equal: (a, b, m) => void (a === b || wrong.push(m ?? "")),
      }),
    );
    expect(wrong).toContain("8 + 2 fails DC 15");
    // the hidden pool difficulty, with a dice-pool character of Dexterity 3
    const { runHiddenPoolScenario } = await import("../../src/quench/requests-batch.ts");
    const vex = w.double.game.actors.get(VEX)!;
    await as(w, GM, () =>
      (vex as unknown as { update(d: object): Promise<unknown> }).update({ "system.attributes.dexterity.rating": 3 }),
    );
    const pooled = await as(w, GM, () => runHiddenPoolScenario(vex as never, mapping, assert));
    expect(failures).toEqual([]);
    expect(pooled).toHaveLength(3);
    const { registerQuenchBatches } = await import("../../src/quench/index.ts");
    const keys: string[] = [];
    registerQuenchBatches({ registerBatch: (key) => void keys.push(key) });
    expect(keys).toContain("rolling-bones.requests");
  });
});

describe("a changed answer", () => {
  it("draws its request card again in every client's chat log, in place", async () => {
    w = await boot();
    const { onUpdateChatMessage } = await import("../../src/hooks/update-chat-message.ts");
    w.double.Hooks.on("updateChatMessage", onUpdateChatMessage);
    const drawn: string[] = [];
    w.double.Hooks.on("renderChatMessageHTML", (message: { id: string }) => {
      if (message.id === id) drawn.push(w.double.game.userId);
    });
    const id = await post(dodge);
    d20s(8);
    const rolled = await as(w, ALICE, () => w.rolls.rollForRequest(id, AXEL, SHIFT));
    await w.double.settle();
    const before = w.double.chatLog(GM).messageElement(id);
    expect(before).not.toBeNull();
    drawn.length = 0;
    // The answer changes (its author edits it): each client draws the request card again.
    await as(w, ALICE, () => rolled!.update({ flavor: "Dodge, again" }));
    await w.double.settle();
    const connected = w.double.game.users.filter((u) => u.active).map((u) => u.id);
    expect(drawn.sort()).toEqual(connected.sort());
    const after = w.double.chatLog(GM).messageElement(id);
    expect(after).not.toBe(before);
    expect(w.double.chatLog(GM).log.querySelectorAll(`[data-message-id="${id}"]`)).toHaveLength(1);
  });
});

describe("a request card that cannot be posted", () => {
  it("takes its GM-only note back, says why, and leaves the chat as it was", async () => {
    w = await boot();
    const before = snapshot(w);
    // The double's ChatMessage class: the second create (the card, after the note) is refused.
    const messages = (globalThis as unknown as { ChatMessage: { create: (data: unknown) => Promise<unknown> } })
      .ChatMessage;
    const create = messages.create.bind(messages);
    let calls = 0;
    messages.create = (data) => (++calls === 2 ? Promise.reject(new Error("the server refused it")) : create(data));
    expect(await as(w, GM, () => w.requests.postRollRequest(dodge))).toBeNull();
    expect(calls).toBe(2);
    expect(errors(w)).toEqual([
      errorText("WriteFailed", { what: "ChatMessage (new)", cause: "the server refused it" }),
    ]);
    expect(snapshot(w)).toBe(before);
    expect(w.double.game.messages.contents).toHaveLength(0);
  });
});

describe("a hidden dice-pool difficulty", () => {
  it("shows the player only the faces, lets the GM read them at the difficulty, and the reveal reads the card there", async () => {
    w = await boot();
    const id = await post({
      engine: "pool",
      label: "Sneak",
      trait: { kind: "attribute", key: "dexterity" },
      target: 8,
      hidden: true,
      actors: [VEX],
    });
    // faces 8, 7, 1, … : at difficulty 8 only the 8 succeeds, and the 1 cancels it
    const dex = SAMPLES["pool-character"].attributes.dexterity.rating;
    const faces = [8, 7, 1, 9, 6, 10, 2, 5, 3, 4].slice(0, dex);
    w.double.CONFIG.Dice.randomUniform = fixedFaces(10, faces);
    const rolled = await as(w, ALICE, () => w.rolls.rollForRequest(id, VEX, SHIFT));
    expect(rolled).not.toBeNull();
    // the player's card: faces, no marks, no tally, no result
    let card = await as(w, ALICE, () => messageAs(w, rolled!.id!, ALICE).renderHTML());
    expect(card.querySelector('[data-note="difficulty-hidden"]')).not.toBeNull();
    expect(card.querySelector("[data-result]")).toBeNull();
    expect(card.querySelector("[data-tally]")).toBeNull();
    expect([...card.querySelectorAll(".rb-die .rb-die__face")].map((f) => f.textContent?.trim())).toEqual(
      faces.map(String),
    );
    expect(card.textContent).not.toMatch(/difficulty 6/i);
    // the request card: the player sees it rolled, unread; the GM reads it at 8
    const expected = pool.resolve(
      pool.validate({ pool: dex, difficulty: 8 }),
      faces.map((value) => ({ faces: 10, role: "pool", value })),
    );
    let alice = await rowsAs(ALICE, id);
    expect(alice.querySelector(`[data-actor="${VEX}"]`)?.getAttribute("data-state")).toBe("hidden");
    expect(alice.querySelector("[data-score]")).toBeNull();
    const gm = await rowsAs(GM, id);
    expect(gm.querySelector(`[data-actor="${VEX}"] [data-score]`)?.textContent).toBe(String(expected.net));
    expect(gm.querySelector(`[data-actor="${VEX}"] [data-verdict]`)?.getAttribute("data-verdict")).toBe(
      expected.result === "botch" ? "botch" : expected.net > 0 ? "success" : "failure",
    );
    // the reveal rewrites the roll at difficulty 8: the player's card now shows it
    expect(await as(w, GM, () => w.requests.revealRequest(id))).toBe(true);
    const roll = w.double.game.messages.get(rolled!.id!)!.rolls[0] as unknown as {
      request: { difficulty: number };
      outcome: { net: number };
      options: Record<string, unknown>;
    };
    expect(roll.request.difficulty).toBe(8);
    expect(roll.outcome.net).toBe(expected.net);
    expect(roll.options.difficultyHidden).toBeUndefined();
    expect(roll.options.answers).toEqual({ request: id, actor: VEX });
    card = await as(w, ALICE, () => messageAs(w, rolled!.id!, ALICE).renderHTML());
    expect(card.querySelector("[data-result]")).not.toBeNull();
    alice = await rowsAs(ALICE, id);
    expect(alice.querySelector(`[data-actor="${VEX}"] [data-score]`)?.textContent).toBe(String(expected.net));
    expect(errors(w)).toEqual([]);
  });
});
