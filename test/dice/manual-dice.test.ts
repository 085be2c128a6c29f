/**
 * Manual dice entry: a player who enters physical dice by hand is asked for every die a roll throws,
 * follow-up dice included (the Wild Die chain, extra tens dice, an action die and its cascade, a
 * re-rolled d20), on their own client; no client throws a digital die, and the GM's client never
 * invents one (it checks the dice that came with the request).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  bootWorld,
  cardRoll,
  control,
  errors,
  errorText,
  GM,
  stateSnapshot,
  type World,
} from "../services/action-dice-world.ts";
import type { EngineRoll } from "../../src/dice/index.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** A script of faces per die size, standing for the dice on the player's table. */
function table(script: Record<number, number[]>): (faces: number) => number {
  return (faces) => {
    const value = script[faces]?.shift();
    if (value === undefined) throw new Error(`the script has no d${faces} left`);
    return value;
  };
}

async function started(script: Record<number, number[]>) {
  w = await bootWorld();
  await w.double.actAs(GM, () => w.service.startSession());
  // No client may throw a digital die from here on.
  w.double.CONFIG.Dice.randomUniform = () => {
    throw new Error("a digital die was thrown");
  };
  return w.double.installManualDice(ALICE, table(script));
}

async function rollAsAlice(engine: "wild" | "percentile" | "action", request: object): Promise<string> {
  const message = await w.double.actAs(ALICE, () => w.roll.rollToChat(engine, request, { visibility: "public" }));
  if (!message?.id) throw new Error("no message");
  // With latency, the card reaches the other clients (whose view a test reads) a little later.
  await w.double.settle();
  return message.id;
}

const throwsOf = (id: string) =>
  (w.double.game.messages.get(id)!.rolls[0] as unknown as EngineRoll).throws.map((t) => [t.faces, t.value]);

describe("manual dice entry asks the roller for every die", () => {
  it("the Wild Die chain: each explosion is asked of the player", async () => {
    const asked = await started({ 6: [3, 6, 6, 2] });
    const id = await rollAsAlice("wild", { dice: 2 });
    expect(throwsOf(id)).toEqual([
      [6, 3],
      [6, 6],
      [6, 6],
      [6, 2],
    ]);
    expect(asked).toEqual(throwsOf(id).map(([faces, value]) => ({ userId: ALICE, faces, value })));
  });

  it("extra tens dice (bonus dice) are asked of the player", async () => {
    const asked = await started({ 10: [4, 7, 2, 9] });
    const id = await rollAsAlice("percentile", { bonus: 2, penalty: 0 });
    expect(throwsOf(id)).toHaveLength(4);
    expect(asked).toEqual(throwsOf(id).map(([faces, value]) => ({ userId: ALICE, faces, value })));
  });

  it("an action die and a re-roll are thrown on the player's client; the GM's client throws nothing", async () => {
    const asked = await started({ 20: [9, 15], 4: [3] });
    const id = await rollAsAlice("action", {});
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    expect(await control(w, ALICE, id, { type: "reroll" })).toBe(true);
    await w.double.settle();
    expect(asked.map((a) => [a.userId, a.faces, a.value])).toEqual([
      [ALICE, 20, 9],
      [ALICE, 4, 3],
      [ALICE, 20, 15],
    ]);
    const card = cardRoll(w, id);
    expect(card.throws.map((t) => [t.faces, t.value])).toEqual([
      [20, 9],
      [4, 3],
      [20, 15],
    ]);
  });

  it("the GM refuses a request whose dice are missing or out of range, and changes nothing", async () => {
    await started({ 20: [9] });
    const id = await rollAsAlice("action", {});
    const before = stateSnapshot(w);
    const { requestGmAction } = await import("../../src/services/gm-action.ts");
    const send = (dice: unknown) =>
      w.double.actAs(ALICE, () =>
        requestGmAction(
          w.service.CARD_ACTION,
          { messageId: id, seen: 0, control: { type: "augment", faces: 4 }, dice },
          `forged-${String(dice)}`,
        ),
      );
    expect(await send([])).toBeNull();
    expect(await send([{ faces: 4, value: 5 }])).toBeNull();
    expect(await send([{ faces: 6, value: 2 }])).toBeNull();
    expect(
      await send([
        { faces: 4, value: 2 },
        { faces: 4, value: 1 },
      ]),
    ).toBeNull();
    await w.double.settle();
    expect(errors(w)).toEqual(Array(4).fill(errorText("DiceNotSupplied")));
    expect(stateSnapshot(w)).toBe(before);
  });
});
