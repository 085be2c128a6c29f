/**
 * GM-granted dice cannot be forged through a card (issue 41, fault 2), on the test world in v13 and
 * v14. A player may rewrite her own card's roll (its ledger lives there) and post any message with
 * any flags; the pools live in world settings only a GM writes. The GM's Undo gives dice back only as
 * its own spend log (a world setting) recorded them, and undoes a pool action only from a card a GM
 * posted. Before the fix her pool gained the 5 d12 she wrote, and 9 d12 from a forged economy card.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ChatMessage } from "../foundry/index.ts";
import { forgetGmActions, requestGmAction } from "../../src/services/gm-action.ts";
import { CARD_ACTION } from "../../src/services/action-dice/protocol.ts";
import {
  ALICE,
  GM,
  cardRoll,
  control,
  countOf,
  diceOf,
  errors,
  errorText,
  nextFaces,
  rollAs,
  startedWorld,
  type World,
} from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

interface RollJson {
  options: { card: { ledger: { id: string; dice: { faces: number; count: number }[]; undone: boolean }[] } };
}

/** Alice rewrites her own card's roll from her client (a macro on her own message). */
async function rewriteCard(messageId: string, change: (json: RollJson) => void): Promise<void> {
  await w.double.actAs(ALICE, () => {
    const message = w.double.game.messages.get(messageId)!;
    const json = (message.rolls[0] as unknown as { toJSON(): RollJson }).toJSON();
    change(json);
    return (message as unknown as { update(d: object): Promise<unknown> }).update({ rolls: [JSON.stringify(json)] });
  });
  await w.double.settle();
}

/** Alice's card with her d4 used on it. */
async function augmented(): Promise<{ id: string; entry: string; left: number }> {
  const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
  nextFaces(w, [[3, 4]]);
  expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
  await w.double.settle();
  return { id, entry: cardRoll(w, id).card.ledger[0]!.id, left: countOf(w, ALICE) };
}

describe("an Undo gives back only what the GM took", () => {
  it("a line whose dice she rewrote to 5 d12 is refused; her pool keeps what it had", async () => {
    w = await startedWorld();
    const { id, entry, left } = await augmented();
    const pool = JSON.stringify(diceOf(w, ALICE));
    await rewriteCard(id, (json) => {
      json.options.card.ledger[0]!.dice = [{ faces: 12, count: 5 }];
    });
    expect(await control(w, GM, id, { type: "undo", entry })).toBe(false);
    expect(errors(w)).toEqual([errorText("SpendUnrecorded")]);
    expect(countOf(w, ALICE)).toBe(left);
    expect(JSON.stringify(diceOf(w, ALICE))).toBe(pool);
  });

  it("the real line gives back its d4, once: a line marked standing again after the undo gives nothing", async () => {
    w = await startedWorld();
    const { id, entry, left } = await augmented();
    expect(await control(w, GM, id, { type: "undo", entry })).toBe(true);
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(left + 1);
    // She marks the line standing again, and the GM reloads: a second Undo gives nothing more.
    await rewriteCard(id, (json) => {
      json.options.card.ledger[0]!.undone = false;
    });
    forgetGmActions();
    // The same Undo again is a repeat (its id is in the GM's log); one under a new id is refused.
    await control(w, GM, id, { type: "undo", entry });
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(left + 1);
    const fresh = { messageId: id, seen: 1, control: { type: "undo", entry } };
    expect(await w.double.actAs(GM, () => requestGmAction(CARD_ACTION, fresh, "freshUndo0000001"))).toBeNull();
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("SpendUnrecorded")]);
    expect(countOf(w, ALICE)).toBe(left + 1);
  });

  it("a line copied from another card is refused", async () => {
    w = await startedWorld();
    const first = await augmented();
    const other = await augmented();
    const copied = cardRoll(w, first.id).card.ledger[0]!;
    await rewriteCard(other.id, (json) => {
      json.options.card.ledger = [structuredClone(copied) as never];
    });
    expect(await control(w, GM, other.id, { type: "undo", entry: copied.id })).toBe(false);
    expect(errors(w)).toEqual([errorText("SpendUnrecorded")]);
    expect(countOf(w, ALICE)).toBe(other.left);
  });

  it("a message she posts dressed as an economy card gives nothing when the GM presses its Undo", async () => {
    w = await startedWorld();
    const left = countOf(w, ALICE);
    const session = w.double.game.settings.get("rolling-bones", "actionSession");
    const forged = await w.double.actAs(ALICE, () =>
      ChatMessage.create({
        author: ALICE,
        content: "Insight",
        flags: {
          "rolling-bones": {
            economy: {
              kind: "insight",
              session,
              entry: {
                id: "forgedInsight001",
                type: "insight",
                by: ALICE,
                subject: "the vault",
                changes: [{ userId: ALICE, added: [], removed: [{ faces: 12, count: 9 }] }],
                undone: false,
                undoId: null,
              },
              pools: [],
              undoneBy: null,
              names: { [ALICE]: "Alice" },
            },
          },
        },
      }),
    );
    await w.double.settle();
    expect(forged?.id).toBeTruthy();
    const message = w.double.actAs(GM, () => w.double.game.messages.get(String(forged?.id)));
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(message as never))).toBe(false);
    expect(errors(w)).toEqual([errorText("NothingToUndo")]);
    expect(countOf(w, ALICE)).toBe(left);
  });
});
