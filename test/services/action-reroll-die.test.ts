// @vitest-environment happy-dom
/**
 * Re-rolling an action die (docs/rules.md §2): a player spends a die to re-roll an action die she used on
 * her own roll; its old throw and cascade are replaced by a fresh throw and whatever it cascades. The
 * card offers it, the GM applies it once, records it on the ledger and can undo it (the die goes back).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  startedWorld,
  cardRoll,
  control,
  countOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** Alice's check (d20 10, +2, DC 20) with a d4 used that cascaded 4, 2 (adds 6): total 18. */
async function augmented(): Promise<string> {
  w = await startedWorld();
  const id = await rollAs(w, ALICE, { modifier: 2, dc: 20 }, [[10, 20]]);
  await w.double.settle();
  nextFaces(w, [
    [4, 4],
    [2, 4],
  ]);
  expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
  await w.double.settle();
  expect(cardRoll(w, id, BOB).total).toBe(18);
  return id;
}

async function controlsOf(userId: string, id: string): Promise<HTMLElement> {
  const listeners = await import("../../src/applications/chat/action-card-listeners.ts");
  return w.double.actAs(userId, async () => {
    const message = w.double.game.messages.get(id)!;
    const html = await message.renderHTML();
    await listeners.addActionDiceControls(message as never, html);
    return html;
  });
}

describe("re-rolling an action die", () => {
  it("Alice re-rolls her d4: the fresh throw cascades (4, 4, 1), replaces 4, 2, and the GM can undo it", async () => {
    const id = await augmented();
    const alice = await controlsOf(ALICE, id);
    expect(alice.querySelector('[data-rb-action="reroll"][data-augment="0"]')?.textContent?.trim()).toBe(
      "Spend a die: re-roll the action d4 (adding 6), its cascade thrown afresh",
    );
    expect((await controlsOf(BOB, id)).querySelector('[data-rb-action="reroll"][data-augment]')).toBeNull();
    nextFaces(w, [
      [4, 4],
      [4, 4],
      [1, 4],
    ]);
    expect(await control(w, ALICE, id, { type: "reroll", augment: 0 })).toBe(true);
    await w.double.settle();
    const roll = cardRoll(w, id, BOB);
    expect(roll.total).toBe(21);
    expect(roll.card.ledger.map((e) => [e.type, e.by])).toEqual([
      ["augment", ALICE],
      ["reroll", ALICE],
    ]);
    // Alice's 3d4: one used, one spent on the re-roll.
    expect(countOf(w, ALICE)).toBe(1);
    const html = await w.double.actAs(BOB, () => w.double.game.messages.get(id)!.renderHTML());
    expect(html.querySelector("[data-total]")?.textContent?.trim()).toBe("21");
    // The GM takes the augment back only after its re-roll.
    const [use, reroll] = roll.card.ledger.map((e) => e.id);
    expect(await control(w, GM, id, { type: "undo", entry: use! })).toBe(false);
    expect(errors(w)).toEqual([errorText("UndoRerollsFirst")]);
    expect(await control(w, GM, id, { type: "undo", entry: reroll! })).toBe(true);
    await w.double.settle();
    expect(cardRoll(w, id, BOB).total).toBe(18);
    expect(countOf(w, ALICE)).toBe(2);
  });

  it("Bob cannot re-roll Alice's action die, and a die she never used cannot be re-rolled: nothing spent", async () => {
    const id = await augmented();
    const before = stateSnapshot(w);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, BOB, id, { type: "reroll", augment: 0 })).toBe(false);
    expect(await control(w, ALICE, id, { type: "reroll", augment: 1 })).toBe(false);
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("NotYourRoll"), errorText("UnknownRerollTarget", { target: "1" })]);
    expect(stateSnapshot(w)).toBe(before);
  });
});
