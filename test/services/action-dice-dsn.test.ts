/**
 * Dice So Nice: dice thrown for an open card (an augment's cascade, a re-roll) are shown in 3D as a
 * roll of just those dice, for the card's audience; without the module nothing is called.
 */
import { afterEach, describe, expect, it } from "vitest";
import { bootWorld, GM, rollAs, nextFaces, type World } from "./action-dice-world.ts";
import type { Dice3dShow } from "../../src/services/messages.ts";

let w: World;
afterEach(() => w.double.uninstall());

describe("3D dice for dice added to a card", () => {
  it("shows only the new dice, with the message's whisper, blind flag, id and speaker", async () => {
    w = await bootWorld({ userId: GM });
    const { ActionRoll } = await import("../../src/dice/index.ts");
    const { showNewDice, dice3d } = await import("../../src/services/messages.ts");
    const id = await rollAs(w, GM, {}, [[9, 20]], { visibility: "gm" });
    const message = w.double.game.messages.get(id)!;
    const roll = message.rolls[0] as unknown as InstanceType<typeof ActionRoll>;
    nextFaces(w, [
      [6, 6],
      [2, 6],
    ]);
    const { fresh } = await ActionRoll.fromThrows({ ...roll.request, augments: [6] }, roll.throws);
    expect(fresh.map((d) => d.results.map((r) => r.result))).toEqual([[6], [2]]);
    const calls: unknown[][] = [];
    const api: Dice3dShow = {
      showForRoll: async (...args) => {
        calls.push(args);
        return true;
      },
    };
    await showNewDice(api, fresh, w.double.game.user as never, message as never);
    expect(calls).toHaveLength(1);
    const [shown, user, sync, whisper, blind, messageId] = calls[0]!;
    expect(
      (shown as { dice: { results: { result: number }[] }[] }).dice.flatMap((d) => d.results.map((r) => r.result)),
    ).toEqual([6, 2]);
    expect([(user as { id: string }).id, sync, whisper, blind, messageId]).toEqual([GM, true, [GM], false, id]);
    // nothing without dice, and no API without the module
    await showNewDice(api, [], w.double.game.user as never, message as never);
    expect(calls).toHaveLength(1);
    expect(dice3d()).toBeNull();
  });
});
