/**
 * A GM handover (issue 23, fault 11): the GM's client reloads (its module memory of applied action ids
 * is gone, as on a newly loaded client) and the same card action arrives again. The card itself records
 * the ids applied to it, so the repeat is answered as a repeat: nothing is spent or written twice. At
 * 150 ms per hop, four players act on their cards at once and the GM leaves mid-queue: the assistant GM
 * takes the requests over, each is applied once, and no player hears that the GM did not answer. The
 * asker hears of the handover through the `userConnected` hook; a GM who stays but does not answer in
 * time is not asked again (a retry goes only to another GM active at retry time).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
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
  GM,
  nextFaces,
  rollAs,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import { ASSISTANT, reloadGmAfterFirstAction } from "../support/system.ts";
import { localize } from "../support/i18n.ts";

/** A fourth player, and her character. */
const DARA = "playerDara000000";
const DARAS: (typeof CHARACTERS)[number] = {
  id: "actorDara0000001",
  name: "Dara",
  type: "action-character",
  system: { level: 3 },
  ownership: { [DARA]: 3 },
};

let w: World;

/**
 * The GM's client closes as a privileged request's query reaches it (it never answers); every other
 * GM answers. Who was asked, and whom each saw as the active GM then.
 */
async function gmClosesOnQuery(): Promise<{ answeredBy: string[]; activeSeen: (string | null)[] }> {
  const gmAction = await import("../../src/services/gm-action.ts");
  const handler = w.double.CONFIG.queries[gmAction.ACTION_QUERY] as typeof gmAction.handleActionQuery;
  const answeredBy: string[] = [];
  const activeSeen: (string | null)[] = [];
  w.double.CONFIG.queries[gmAction.ACTION_QUERY] = (query: { userId: string; actionId: string }) => {
    answeredBy.push(w.double.game.user.id);
    activeSeen.push(w.double.game.users.activeGM?.id ?? null);
    if (w.double.game.user.id !== GM) return handler(query);
    w.double.setActive(GM, false);
    return new Promise<never>(() => undefined);
  };
  return { answeredBy, activeSeen };
}
afterEach(() => {
  vi.useRealTimers();
  w.double.uninstall();
});

describe("a GM handover (fault 11)", () => {
  it("a repeated card action id after the GM's client reloaded is a no-op: the record of applied ids is in the card", async () => {
    w = await bootWorld();
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    // The card reaches the GM's client only once the world has settled (slow under load).
    await w.double.settle();
    const seen = cardRoll(w, id).card.ledger.length;
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    const dice = countOf(w, ALICE);
    const before = stateSnapshot(w);
    // The GM's client reloads: every reply it remembered is gone.
    const gmAction = await import("../../src/services/gm-action.ts");
    gmAction.forgetGmActions();
    // The same request again (a retry that crossed the reload): the same action id, the same card state seen.
    const { cardActionId } = await import("../../src/services/action-dice/requests.ts");
    const { CARD_ACTION } = await import("../../src/services/action-dice/protocol.ts");
    const control4 = { type: "augment", faces: 4 } as const;
    const actionId = cardActionId(id, control4, seen, ALICE);
    nextFaces(w, [[2, 4]]);
    const reply = await w.double.actAs(ALICE, () =>
      gmAction.requestGmAction(CARD_ACTION, { messageId: id, seen, control: control4, dice: [] }, actionId),
    );
    await w.double.settle();
    expect(reply).toMatchObject({ repeated: true });
    expect(countOf(w, ALICE)).toBe(dice);
    expect(stateSnapshot(w)).toBe(before);
  });

  it("four players act on cards at once at 150 ms per hop; the GM reloads mid-queue and the assistant takes over", async () => {
    w = await bootWorld({
      users: [
        { id: GM, name: "Gamemaster", role: "GM" },
        { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
        { id: ALICE, name: "Alice", role: "PLAYER" },
        { id: BOB, name: "Bob", role: "PLAYER" },
        { id: CARA, name: "Cara", role: "PLAYER" },
        { id: DARA, name: "Dara", role: "PLAYER" },
      ],
      actors: [...CHARACTERS, DARAS],
      latency: 150,
      queryLatency: 150,
    });
    const players = [ALICE, BOB, CARA, DARA];
    // Each player's pool die: Ayla d4, Brann d6, Cara's highest character Dax d8, Dara d4.
    const faces = [4, 6, 8, 4];
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    await w.double.settle();
    const cards: string[] = [];
    for (const player of players) cards.push(await rollAs(w, player, { modifier: 4, dc: 18 }, [[12, 20]]));
    await w.double.settle();
    const dice = players.map((p) => countOf(w, p));
    const gmAction = await import("../../src/services/gm-action.ts");
    // The GM's client applies the first request of the queue, then reloads before it answers: its answer
    // and the rest of its queue are gone with the page, and its module memory too.
    const handedOver = await reloadGmAfterFirstAction(w.double);
    nextFaces(w, [
      [3, 4],
      [2, 6],
      [4, 8],
      [1, 4],
    ]);
    const done = await Promise.all(
      cards.map((id, k) => control(w, players[k]!, id, { type: "augment", faces: faces[k]! })),
    );
    await w.double.settle();
    expect(handedOver()).toBe(true);
    expect(w.double.game.users.activeGM?.id).toBe(ASSISTANT);
    expect(done).toEqual([true, true, true, true]);
    expect(errors(w)).toEqual([]);
    for (const [k, id] of cards.entries()) {
      expect(cardRoll(w, id, ASSISTANT).card.ledger).toHaveLength(1);
      expect(countOf(w, players[k]!)).toBe(dice[k]! - 1);
    }
    // Every action again under its id, on the assistant's client (its memory cleared as after a reload):
    // each is a repeat, and nothing changes.
    gmAction.forgetGmActions();
    const before = stateSnapshot(w);
    const { cardActionId } = await import("../../src/services/action-dice/requests.ts");
    const { CARD_ACTION } = await import("../../src/services/action-dice/protocol.ts");
    for (const [k, id] of cards.entries()) {
      const player = players[k]!;
      const augment = { type: "augment", faces: faces[k]! } as const;
      const reply = await w.double.actAs(player, () =>
        gmAction.requestGmAction(
          CARD_ACTION,
          { messageId: id, seen: 0, control: augment, dice: [] },
          cardActionId(id, augment, 0, player),
        ),
      );
      expect(reply).toMatchObject({ repeated: true });
    }
    await w.double.settle();
    expect(errors(w)).toEqual([]);
    expect(stateSnapshot(w)).toBe(before);
  }, 60_000);

  it("a GM who stays but never answers is asked once: the asker waits out one timeout, is told the GM did not answer, and keeps no filed request", async () => {
    w = await bootWorld({ latency: 150, queryLatency: 150 });
    const gmAction = await import("../../src/services/gm-action.ts");
    // The GM's client is stuck (a frozen tab): connected, it takes the query and never answers.
    let asked = 0;
    w.double.CONFIG.queries[gmAction.ACTION_QUERY] = () => {
      asked += 1;
      return new Promise<never>(() => undefined);
    };
    vi.useFakeTimers();
    let settled = false;
    const reply = w.double
      .actAs(ALICE, () => gmAction.requestGmAction("rolling-bones.unknown", {}))
      .finally(() => (settled = true));
    for (let waited = 0; !settled && waited < 60_000; waited += 500) await vi.advanceTimersByTimeAsync(500);
    expect(await reply).toBeNull();
    expect(asked).toBe(1);
    expect(errors(w)).toEqual([localize("ROLLING_BONES.Error.GmDidNotAnswer")]);
    await vi.advanceTimersByTimeAsync(2_000);
    vi.useRealTimers();
    await w.double.settle();
    const filed = w.double.game.users.get(ALICE)?.getFlag("rolling-bones", "requests");
    expect(Object.keys((filed as Record<string, unknown> | undefined) ?? {})).toEqual([]);
  });

  it("the GM leaves while a request waits: the asker hears it through userConnected and the assistant applies it, long before the query's timeout", async () => {
    w = await bootWorld({
      users: [
        { id: GM, name: "Gamemaster", role: "GM" },
        { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
        { id: ALICE, name: "Alice", role: "PLAYER" },
      ],
      latency: 150,
      queryLatency: 150,
    });
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    const card = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    await w.double.settle();
    const dice = countOf(w, ALICE);
    const gmAction = await import("../../src/services/gm-action.ts");
    // The GM's client closes as the query reaches it: it never answers.
    const { answeredBy } = await gmClosesOnQuery();
    nextFaces(w, [[3, 4]]);
    vi.useFakeTimers();
    let settled = false;
    const done = control(w, ALICE, card, { type: "augment", faces: 4 }).finally(() => (settled = true));
    let waited = 0;
    for (; !settled && waited < gmAction.ACTION_TIMEOUT; waited += 100) await vi.advanceTimersByTimeAsync(100);
    vi.useRealTimers();
    // Answered before the query to the GM who left could have timed out: the handover was heard, not waited out.
    expect(settled).toBe(true);
    expect(await done).toBe(true);
    expect(answeredBy).toEqual([GM, ASSISTANT]);
    await w.double.settle();
    expect(errors(w)).toEqual([]);
    expect(countOf(w, ALICE)).toBe(dice - 1);
  });

  it("uneven latencies (the assistant 400 ms, the player 20 ms): the player hears first that the GM left, the assistant applies once it has heard too, and no error is shown", async () => {
    w = await bootWorld({
      users: [
        { id: GM, name: "Gamemaster", role: "GM" },
        { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
        { id: ALICE, name: "Alice", role: "PLAYER" },
      ],
      latency: { [GM]: 150, [ASSISTANT]: 400, [ALICE]: 20 },
      queryLatency: 20,
    });
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    const card = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    await w.double.settle();
    const dice = countOf(w, ALICE);
    // The GM's client closes as the query reaches it; Alice hears it after 20 ms, the assistant after 400.
    const { answeredBy, activeSeen } = await gmClosesOnQuery();
    nextFaces(w, [[3, 4]]);
    const done = await control(w, ALICE, card, { type: "augment", faces: 4 });
    await w.double.settle();
    expect(done).toBe(true);
    expect(answeredBy).toEqual([GM, ASSISTANT]);
    // When Alice's request reached the assistant, its own client still saw the GM as the active one.
    expect(activeSeen[1]).toBe(GM);
    expect(errors(w)).toEqual([]);
    expect(countOf(w, ALICE)).toBe(dice - 1);
    expect(cardRoll(w, card, ASSISTANT).card.ledger).toHaveLength(1);
  }, 60_000);
});
