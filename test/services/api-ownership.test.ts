/**
 * Every API entry point that speaks for a character checks that the user owns it (issue 29, item 3),
 * spend or not: `rollToChat`'s speaker, `points.rollWithPoints`' actor, `rollTrait`. A refusal shows
 * one localized message and posts nothing; the owner (and the GM) roll as before. On the
 * multi-client world (v13 and v14), as the player who would abuse it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { seededUniform } from "../foundry/index.ts";
import { ALICE, BOB, bootWorld, errors, errorText, GM, type World } from "./action-dice-world.ts";
import type { api as Api } from "../../src/api.ts";

const AYLA = "actorAyla0000001";
const BRANN = "actorBrann000001";
const WIL = "actorWild0000001";

let w: World;
let api: typeof Api;
afterEach(() => w.double.uninstall());

async function boot(): Promise<void> {
  w = await bootWorld();
  api = (w.double.game.system as unknown as { api: typeof Api }).api;
  w.double.CONFIG.Dice.randomUniform = seededUniform(29);
}

/** Runs an entry point as `userId` and returns what it gave, the errors it showed and the messages it posted. */
async function as(userId: string, call: () => Promise<unknown>) {
  const shown = errors(w).length;
  const messages = w.double.storedMessages().length;
  const result = await w.double.actAs(userId, call);
  await w.double.settle();
  return { result, errors: errors(w).slice(shown), posted: w.double.storedMessages().length - messages };
}

describe("speaking for a character you do not own", () => {
  it("rollToChat spoken by Bob's Brann: Alice is refused, nothing posted; an unknown character too", async () => {
    await boot();
    const speaker = { actor: BRANN, alias: "Brann" };
    expect(await as(ALICE, () => api.rollToChat("pool", { pool: 3 }, { speaker } as never))).toEqual({
      result: null,
      errors: [errorText("RequestNotYours", { name: "Brann" })],
      posted: 0,
    });
    expect(
      await as(ALICE, () => api.rollToChat("pool", { pool: 3 }, { speaker: { actor: "noSuchActor00001" } } as never)),
    ).toEqual({
      result: null,
      errors: [errorText("SpeakerUnknown")],
      posted: 0,
    });
    // Bob, and the GM, may speak for Brann.
    expect((await as(BOB, () => api.rollToChat("pool", { pool: 3 }, { speaker } as never))).posted).toBe(1);
    expect((await as(GM, () => api.rollToChat("pool", { pool: 3 }, { speaker } as never))).posted).toBe(1);
  });

  it("points.rollWithPoints with Bob's Wil and no point spent: Alice is refused, nothing posted", async () => {
    await boot();
    const wil = () => w.double.game.actors.get(WIL) as never;
    expect(await as(ALICE, () => api.points.rollWithPoints("wild", { dice: 3, pips: 0 }, { actor: wil() }))).toEqual({
      result: null,
      errors: [errorText("RequestNotYours", { name: "Wil" })],
      posted: 0,
    });
    // an actor-shaped object naming Wil is Wil
    const forged = { id: WIL, type: "wild-character", isOwner: true, name: "Wil" };
    expect(
      (await as(ALICE, () => api.points.rollWithPoints("wild", { dice: 3, pips: 0 }, { actor: forged as never })))
        .errors,
    ).toEqual([errorText("RequestNotYours", { name: "Wil" })]);
    expect(
      (await as(BOB, () => api.points.rollWithPoints("wild", { dice: 3, pips: 0 }, { actor: wil() }))).posted,
    ).toBe(1);
  });

  it("rollTrait for Bob's Brann: Alice is refused; for her own Ayla it rolls", async () => {
    await boot();
    const trait = { kind: "ability", key: "strength" };
    const refused = await as(ALICE, () => api.rollTrait(BRANN, trait, { shiftKey: true } as never));
    expect(refused.errors).toEqual([errorText("RequestNotYours", { name: "Brann" })]);
    expect(refused.posted).toBe(0);
    expect((await as(ALICE, () => api.rollTrait(AYLA, trait as never, { shiftKey: true } as never))).posted).toBe(1);
  });
});
