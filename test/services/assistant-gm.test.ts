/**
 * An Assistant GM alone at the table (issue 23, fault 5): an assistant holds SETTINGS_MODIFY by
 * default (API13 CONST.USER_PERMISSIONS, https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html),
 * so every GM-side action works when the assistant is the only GM online: it starts a session (world
 * settings), and applies a player's spend on a card (the GM pool and the card). A world that revoked
 * the permission from assistants gets one clear message, and nothing is written.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  bootWorld,
  control,
  errors,
  errorText,
  nextFaces,
  rollAs,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import { ASSISTANT, ASSISTANT_ONLY_USERS } from "../support/system.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** The action-dice world with the Gamemaster logged out and an Assistant GM online. */
async function assistantOnly(): Promise<World> {
  w = await bootWorld({
    userId: ASSISTANT,
    users: [...ASSISTANT_ONLY_USERS],
  });
  expect(w.double.game.users.activeGM?.id).toBe(ASSISTANT);
  return w;
}

const session = () => w.double.game.settings.get("rolling-bones", "actionSession") as number;

describe("an Assistant GM as the only GM online", () => {
  it("starts a session and applies a player's spend on a card", async () => {
    await assistantOnly();
    const before = session();
    expect(await w.service.startSession()).toBe(true);
    await w.double.settle();
    expect(session()).toBe(before + 1);
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(errors(w)).toEqual([]);
    const card = w.double.actAs(
      BOB,
      () => w.double.game.messages.get(id)!.rolls[0] as never as { card: { ledger: unknown[] } },
    );
    expect(card.card.ledger).toHaveLength(1);
  });

  it("in a world that revoked the permission from assistants: one clear message, nothing written", async () => {
    await assistantOnly();
    // The session ran before the permission was revoked.
    expect(await w.service.startSession()).toBe(true);
    await w.double.settle();
    const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    await w.double.settle();
    w.double.setPermission("SETTINGS_MODIFY", 4);
    const before = stateSnapshot(w);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    await w.double.settle();
    expect(stateSnapshot(w)).toBe(before);
    expect(errors(w)).toEqual([errorText("GmMayNotWriteSettings", { name: "Assistant" })]);
    expect(w.double.notifications.filter((n) => n.type === "error").map((n) => n.userId)).toEqual([ALICE]);
    // The assistant's own session start is refused the same way.
    expect(await w.service.startSession()).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("GmMayNotWriteSettings", { name: "Assistant" }));
    expect(stateSnapshot(w)).toBe(before);
  });

  it("without the permission, every GM action that writes the GM-only settings is refused: awards, forfeits, takes, strikes, a player's insight", async () => {
    await assistantOnly();
    expect(await w.service.startSession()).toBe(true);
    await w.double.settle();
    w.double.setPermission("SETTINGS_MODIFY", 4);
    const before = stateSnapshot(w);
    expect(await w.service.award(ALICE, "a riddle solved")).toBe(false);
    expect(await w.service.forfeitAwards(BOB, "broke the table's trust")).toBe(false);
    expect(await w.service.take(ALICE)).toBe(false);
    expect(await w.service.resetStrikes(ALICE)).toBe(false);
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("the vault", 1))).toBe(false);
    expect(await w.double.actAs(ALICE, () => w.service.luckyBreak())).toBe(false);
    await w.double.settle();
    expect(errors(w)).toEqual(Array(6).fill(errorText("GmMayNotWriteSettings", { name: "Assistant" })));
    expect(stateSnapshot(w)).toBe(before);
  });
});
