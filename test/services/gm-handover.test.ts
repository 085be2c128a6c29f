/**
 * A GM handover (issue 23, fault 11, in part): the GM's client reloads (its module memory of applied
 * action ids is gone, as on a newly loaded client) and the same card action arrives again. The card
 * itself records the ids applied to it, so the repeat is answered as a repeat: nothing is spent or
 * written twice.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  bootWorld,
  cardRoll,
  control,
  countOf,
  GM,
  nextFaces,
  rollAs,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

describe("a GM handover (fault 11)", () => {
  it("a repeated card action id after the GM's client reloaded is a no-op: the record of applied ids is in the card", async () => {
    w = await bootWorld();
    expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
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
});
