/**
 * Forged and racing requests against the action-dice economy: requests sent straight to the GM's
 * query with the wrong user, on a closed card, with a duplicated action id, against a pool or card
 * that changed meanwhile, or with bad data are refused with a localized message and change nothing.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import { localize } from "../support/i18n.ts";
import {
  ALICE,
  BOB,
  CARA,
  cardRoll,
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
import type * as GmAction from "../../src/services/gm-action.ts";

let w: World;
let gm: typeof GmAction;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld();
  gm = await import("../../src/services/gm-action.ts");
  return w;
}

/** Sends a raw privileged request as `userId` (what a forged client could send). */
function raw(userId: string, name: string, data: unknown, id?: string): Promise<unknown> {
  return w.double.actAs(userId, () => gm.requestGmAction(name, data, id));
}

/** Expects a raw request to be refused with `code` and to change nothing. */
async function refused(
  userId: string,
  name: string,
  data: unknown,
  code: string,
  format: Record<string, unknown> = {},
) {
  const before = stateSnapshot(w);
  const shown = errors(w).length;
  expect(await raw(userId, name, data)).toBeNull();
  expect(errors(w).slice(shown)).toEqual([errorText(code, format)]);
  expect(stateSnapshot(w)).toBe(before);
}

describe("action dice: forged requests are refused and change nothing", () => {
  it("the wrong user: spending on someone else's roll, closing, undoing, refunding, GM pool actions", async () => {
    await started();
    const card = await rollAs(w, ALICE, { kind: "attack" }, [[20, 20]]);
    const C = w.service.CARD_ACTION;
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "augment", faces: 6 } }, "NotYourRoll");
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "reroll" } }, "NotYourRoll");
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "critical", dice: 1 } }, "NotYourRoll");
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "close" } }, "GmOnly");
    // a "by" smuggled into the control is ignored: the asker is who filed the request
    await refused(
      BOB,
      C,
      { messageId: card, seen: 0, control: { type: "augment", faces: 4, by: ALICE } },
      "NotYourRoll",
    );
    await control(w, ALICE, card, { type: "critical", dice: 1 });
    const entry = cardRoll(w, card).card.ledger[0]!.id;
    await refused(ALICE, C, { messageId: card, seen: 1, control: { type: "undo", entry } }, "GmOnly");
    await refused(BOB, C, { messageId: card, seen: 1, control: { type: "refund", entry } }, "GmOnly");
    const P = w.service.POOL_ACTION;
    await refused(BOB, P, { control: { type: "award", to: BOB }, seen: null }, "GmOnly");
    await refused(BOB, P, { control: { type: "take", from: ALICE }, seen: null }, "GmOnly");
    await refused(CARA, w.service.SESSION_ACTION, {}, "GmOnly");
    // a session start built on an older session number (a late second click)
    await refused(GM, w.service.SESSION_ACTION, { seen: 0 }, "SessionChanged");
    await w.double.actAs(GM, () => w.service.award(CARA));
    const awardCard = w.double.storedMessages().at(-1)!._id!;
    await refused(CARA, w.service.POOL_UNDO_ACTION, { messageId: awardCard }, "GmOnly");
  });

  it("a request filed under another user's name (a forged sender) is refused", async () => {
    await started();
    const card = await rollAs(w, ALICE, {}, [[10, 20]]);
    const before = stateSnapshot(w);
    // Bob files a request in his own flags, then tells the GM it is Alice's
    await w.double.actAs(BOB, () =>
      w.double.game.user.setFlag("rolling-bones", "requests.forged0000000001", {
        name: w.service.CARD_ACTION,
        data: { messageId: card, seen: 0, control: { type: "augment", faces: 4 } },
      }),
    );
    const reply = await w.double.actAs(BOB, () =>
      w.double.game.users.get(GM)!.query(gm.ACTION_QUERY, { userId: ALICE, actionId: "forged0000000001" }),
    );
    expect(reply).toEqual({ ok: false, error: { key: "ROLLING_BONES.Error.ForgedRequest", data: {} } });
    expect(countOf(w, ALICE)).toBe(3);
    // and Bob cannot file in Alice's flags
    await expect(
      w.double.actAs(BOB, () => w.double.game.users.get(ALICE)!.setFlag("rolling-bones", "requests.x", {})),
    ).rejects.toThrow(/permission/);
    await w.double.actAs(BOB, () => w.double.game.user.unsetFlag("rolling-bones", "requests.forged0000000001"));
    expect(stateSnapshot(w)).toBe(before);
  });

  it("a closed card takes no more uses or re-rolls", async () => {
    await started();
    const card = await rollAs(w, ALICE, { dc: 12 }, [[9, 20]]);
    await control(w, GM, card, { type: "close" });
    const C = w.service.CARD_ACTION;
    await refused(ALICE, C, { messageId: card, seen: 0, control: { type: "augment", faces: 4 } }, "RollClosed");
    await refused(ALICE, C, { messageId: card, seen: 0, control: { type: "reroll" } }, "RollClosed");
    await refused(GM, C, { messageId: card, seen: 0, control: { type: "close" } }, "RollClosed");
  });

  it("a duplicated action id (a double click, a retry) is applied once", async () => {
    await started();
    const card = await rollAs(w, ALICE, {}, [[10, 20]]);
    nextFaces(w, [[2, 4]]);
    const message = () => w.double.game.messages.get(card) as never;
    const [a, b] = await w.double.actAs(ALICE, () =>
      Promise.all([
        w.service.cardControl(message(), { type: "augment", faces: 4 }),
        w.service.cardControl(message(), { type: "augment", faces: 4 }),
      ]),
    );
    expect([a, b]).toEqual([true, true]);
    expect(countOf(w, ALICE)).toBe(2);
    expect(cardRoll(w, card).card.ledger).toHaveLength(1);
    // the same id sent again later gets the same answer and changes nothing
    const id = w.service.cardActionId(card, { type: "augment", faces: 4 }, 0, ALICE);
    const before = stateSnapshot(w);
    const again = await raw(
      ALICE,
      w.service.CARD_ACTION,
      { messageId: card, seen: 0, control: { type: "augment", faces: 4 } },
      id,
    );
    expect(again).toMatchObject({ ledger: 1 });
    expect(stateSnapshot(w)).toBe(before);
    // pool actions too: two clicks on Award give one die
    await w.double.actAs(GM, () => Promise.all([w.service.award(BOB), w.service.award(BOB)]));
    expect([countOf(w, BOB), countOf(w, GM)]).toEqual([5, 9]);
    expect(errors(w)).toEqual([]);
  });

  it("two users acting on the same card state: each has their own id, and the second sees that the card changed", async () => {
    await started();
    const card = await rollAs(w, ALICE, {}, [[1, 20]]);
    const results = await Promise.all([
      control(w, BOB, card, { type: "botch", dice: 2 }),
      control(w, CARA, card, { type: "botch", dice: 2 }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(errors(w)).toEqual([errorText("CardChanged")]);
    expect(countOf(w, BOB) + countOf(w, CARA)).toBe(4 + 5 - 2);
    // looking again, the second contributor adds to the same botch
    expect(await control(w, results[0] ? CARA : BOB, card, { type: "botch", dice: 1 })).toBe(true);
    expect(cardRoll(w, card).outcome?.botchActivatable).toBe(true);
  });

  it("a pool or card that changed meanwhile", async () => {
    await started();
    const P = w.service.POOL_ACTION;
    const rev = (id: string) => w.service.sessionPoolOf(w.double.game.users.get(id) as never)!.rev;
    // Alice looks at her pool (revision r) and asks for a lucky break; meanwhile the GM awards her a die
    const seen = rev(ALICE);
    await w.double.actAs(GM, () => w.service.award(ALICE));
    await refused(ALICE, P, { control: { type: "luckyBreak" }, seen }, "PoolChanged");
    await refused(GM, P, { control: { type: "take", from: ALICE }, seen }, "PoolChanged");
    // a card whose ledger grew since the user looked
    const card = await rollAs(w, ALICE, {}, [[1, 20]]);
    await control(w, CARA, card, { type: "botch", dice: 1 });
    await refused(
      BOB,
      w.service.CARD_ACTION,
      { messageId: card, seen: 0, control: { type: "botch", dice: 1 } },
      "CardChanged",
    );
    // a spend bigger than the pool now holds
    await refused(
      BOB,
      w.service.CARD_ACTION,
      { messageId: card, seen: 1, control: { type: "botch", dice: 9 } },
      "NotEnoughDice",
      { have: 4, need: 9 },
    );
  });

  it("a card the user cannot see, a message that is no card, bad numbers", async () => {
    await started();
    const C = w.service.CARD_ACTION;
    const secret = await rollAs(w, GM, {}, [[1, 20]], { visibility: "gm" });
    await refused(BOB, C, { messageId: secret, seen: 0, control: { type: "botch", dice: 1 } }, "CardNotVisible");
    const economy = w.double.storedMessages().find((m) => partIn(m, "economy"))!._id!;
    await refused(BOB, C, { messageId: economy, seen: 0, control: { type: "botch", dice: 1 } }, "NotAnActionCard");
    await refused(BOB, C, { messageId: "nope", seen: 0, control: { type: "botch", dice: 1 } }, "UnknownMessage", {
      id: "nope",
    });
    const card = await rollAs(w, ALICE, {}, [[1, 20]]);
    const dice = (d: unknown) => ({ messageId: card, seen: 0, control: { type: "botch", dice: d } });
    await refused(BOB, C, dice(0), "OutOfRange", { field: "dice", value: 0, min: 1, max: 999 });
    await refused(BOB, C, dice(1.5), "NotInteger", { field: "dice", value: "1.5" });
    await refused(BOB, C, dice("x"), "NotInteger", {
      field: "dice",
      value: localize("ROLLING_BONES.Error.Shown.notNumber"),
    });
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "botch", dice: 1, faces: 8 } }, "NoDieOfSize", {
      faces: 8,
    });
    await refused(BOB, C, { messageId: card, seen: 0, control: { type: "steal" } }, "UnknownAction", { type: "steal" });
    await refused(ALICE, C, { messageId: card, seen: 0, control: { type: "augment", faces: 7 } }, "DieSizeNotAllowed", {
      faces: "7",
      allowed: "3, 4, 6, 8, 10, 12, 14, 16, 20, 24",
    });
    await refused(
      ALICE,
      w.service.POOL_ACTION,
      { control: { type: "insight", dice: 1, subject: "  " }, seen: null },
      "MissingSubject",
    );
    await refused(BOB, C, { messageId: card }, "MalformedRequest");
    await refused(BOB, C, null, "MalformedRequest");
    await refused(BOB, w.service.POOL_ACTION, { seen: 3 }, "MalformedRequest");
  });

  it("a spend that fails half-way is rolled back: the pool written first is put back, and the user is told", async () => {
    await started();
    const card = await rollAs(w, ALICE, {}, [[10, 20]]);
    await w.double.settle(); // the card reaches the GM's client after the latency
    // the GM's client fails to write the card (after the pool was written)
    const gmCopy = w.double.actAs(GM, () => w.double.game.messages.get(card)!) as unknown as {
      update: () => Promise<never>;
    };
    gmCopy.update = () => Promise.reject(new Error("the server refused the update"));
    const before = stateSnapshot(w);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, card, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([
      errorText("WriteFailed", { what: `ChatMessage ${card}`, cause: "the server refused the update" }),
    ]);
    expect(stateSnapshot(w)).toBe(before);
    expect(countOf(w, ALICE)).toBe(3);
  });
});
