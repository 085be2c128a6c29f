// @vitest-environment happy-dom
/**
 * A card of several rolls (issue 36: the two sides of a contest and a group's rolls of the next issue
 * need it), on the test world in v13 and v14 with several clients and latency. A typed card names each
 * of its rolls by a roll part; each roll is drawn in its own section with its own controls; a control
 * pressed in a roll's section acts on that roll, and the GM's write replaces that roll only, so the
 * card's other rolls stay exactly as they were. The card here is put together by a macro from two
 * rolls the system posted (as the contest card will be by the system).
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  GM,
  GOBLIN,
  VEX,
  applyButton,
  bootHarmWorld,
  damageCard,
  healthOf,
  inLog,
  ledgerOf,
  pressIn,
  type HarmWorld,
} from "../services/harm-world.ts";
import { PIA, dice, messageAs, rollFor } from "../services/points-world.ts";
import { startedWorld, nextFaces, rollAs, type World as ActionWorld } from "../services/action-dice-world.ts";
import type { ActionRoll } from "../../src/dice/index.ts";

let w: HarmWorld;
let a: ActionWorld;
/** The world the test booted (one a test). */
let booted: { double: { uninstall(): void } } | null = null;
afterEach(() => {
  booted?.double.uninstall();
  booted = null;
});

/** The JSON of a message's rolls as stored (each a string in the world's source). */
function storedRolls(id: string): unknown[] {
  const message = w.double.storedMessages().find((m) => m._id === id);
  if (!message) throw new Error(`no message ${id}`);
  return (message.rolls as unknown[]).map((r) => (typeof r === "string" ? (JSON.parse(r) as unknown) : r));
}

/** Posts a Wild Die damage roll of `faces` for Vex, by Alice, on the goblin. */
const damageRoll = (faces: readonly number[]) => damageCard(w, [GOBLIN], faces);

/** Alice's macro: one typed card holding the first roll of each message, a roll part each. */
async function oneCard(ids: readonly string[], double = w.double, actor = VEX): Promise<string> {
  const rolls = ids.map((id) => double.actAs(ALICE, () => double.game.messages.get(id)!.rolls[0]!));
  const created = await double.actAs(ALICE, () =>
    (globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }).ChatMessage.create({
      type: "card",
      speaker: { actor },
      rolls,
      system: { parts: rolls.map((_, roll) => ({ kind: "roll", roll })) },
    }),
  );
  await double.settle();
  return created.id;
}

/** The card's roll sections as `user` draws it. */
async function sectionsFor(id: string, user: string): Promise<HTMLElement[]> {
  const { html } = await inLog(w, id, user);
  return [...html.querySelectorAll<HTMLElement>(".message-content > section.rb-card")];
}

describe("a card of several rolls", () => {
  it("reads a roll part per roll, and draws each roll in its section with its own damage panel", async () => {
    booted = w = await bootHarmWorld();
    const card = await oneCard([await damageRoll([3, 2]), await damageRoll([6, 4])]);
    for (const user of [GM, ALICE, BOB]) {
      const message = messageAs(w, card, user) as unknown as { parts: { kind: string; roll?: number }[] };
      expect(message.parts).toEqual([
        { kind: "roll", roll: 0 },
        { kind: "roll", roll: 1 },
      ]);
      const sections = await sectionsFor(card, user);
      expect(sections).toHaveLength(2);
      // Each section offers its own roll's damage (5, then 10) to the goblin, once.
      for (const section of sections) expect(section.querySelectorAll(applyButton(GOBLIN, "full"))).toHaveLength(1);
      expect(sections.map((s) => s.querySelector("[data-harm-panel]")?.textContent)).toEqual([
        expect.stringContaining("5"),
        expect.stringContaining("10"),
      ]);
    }
  });

  it("a press in the second roll's section applies that roll's damage; the first roll is left as it was", async () => {
    booted = w = await bootHarmWorld();
    const card = await oneCard([await damageRoll([3, 2]), await damageRoll([2, 2])]);
    const before = storedRolls(card);
    await pressIn(w, card, ALICE, applyButton(GOBLIN, "full"), 1);
    // The second roll's 4, not the first's 5: the goblin's 10 falls to 6.
    expect(healthOf(w, GOBLIN).value).toBe(6);
    expect(ledgerOf(w, card).entries).toMatchObject([{ target: { actor: GOBLIN }, before: 10, after: 6 }]);
    expect(storedRolls(card)).toEqual(before);
    // The card's one ledger is drawn once, with the first roll's panel.
    const sections = await sectionsFor(card, GM);
    expect(sections.map((s) => s.querySelectorAll("[data-rb-action=harmUndo]").length)).toEqual([1, 0]);
  });

  it("a roll the card does not hold is refused by the GM with a message, and nothing is applied", async () => {
    booted = w = await bootHarmWorld();
    const card = await oneCard([await damageRoll([3, 2])]);
    const applied = await w.double.actAs(ALICE, () =>
      w.harm.applyFromCard(w.double.game.messages.get(card) as never, { actor: GOBLIN }, "full", 3),
    );
    await w.double.settle();
    expect(applied).toBeNull();
    expect(healthOf(w, GOBLIN).value).toBe(10);
    expect(w.double.notifications.map((n) => n.message)).toContain(
      w.double.game.i18n.format("ROLLING_BONES.Error.UnknownRoll", { place: "3" }),
    );
  });

  it("a pick on the second Precision & Impact roll re-reads that roll only, and records it in that roll's ledger", async () => {
    booted = w = await bootHarmWorld();
    const faces: [number, number][] = [
      [5, 8],
      [3, 6],
      [2, 4],
    ];
    dice(w, faces);
    const first = (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 4] }))!;
    dice(w, faces);
    const second = (await rollFor(w, ALICE, "pi", PIA, { pool: [8, 6, 4] }))!;
    const card = await oneCard([first, second], w.double, PIA);
    const before = storedRolls(card);
    const message = messageAs(w, card, ALICE);
    expect(await w.double.actAs(ALICE, () => w.points.pickDice(message, [2, 0], 1))).toBe(true);
    await w.double.settle();
    const after = storedRolls(card) as { options: { request: { pick?: unknown }; points: { ledger: unknown[] } } }[];
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.options.request.pick).toEqual([0, 2]);
    expect(after[1]?.options.points.ledger).toEqual([
      expect.objectContaining({ type: "pick", pick: [0, 2], by: ALICE }),
    ]);
    // Each roll's pick controls carry ids of their own (two rolls of one card never share one).
    const { html } = await inLog(w, card, ALICE);
    const ids = [...html.querySelectorAll("[id]")].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("an action die used on the second action roll lands on that roll; the first is untouched", async () => {
    booted = a = await startedWorld();
    const first = await rollAs(a, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
    const second = await rollAs(a, ALICE, { modifier: 4, dc: 18 }, [[9, 20]]);
    await a.double.settle();
    const card = await oneCard([first, second], a.double, undefined);
    const stored = () =>
      (a.double.storedMessages().find((m) => m._id === card)!.rolls as unknown[]).map((r) =>
        typeof r === "string" ? (JSON.parse(r) as unknown) : r,
      );
    const before = stored();
    nextFaces(a, [[3, 4]]);
    const message = a.double.actAs(ALICE, () => a.double.game.messages.get(card)!);
    expect(
      await a.double.actAs(ALICE, () => a.service.cardControl(message as never, { type: "augment", faces: 4 }, 1)),
    ).toBe(true);
    await a.double.settle();
    const rolls = a.double.actAs(GM, () => a.double.game.messages.get(card)!.rolls as unknown as ActionRoll[]);
    expect(stored()[0]).toEqual(before[0]);
    expect(rolls[0]?.card.ledger).toEqual([]);
    expect(rolls[1]?.card.ledger).toEqual([expect.objectContaining({ type: "augment", by: ALICE })]);
    expect(rolls[1]?.total).toBe(9 + 4 + 3);
    // The card's one ledger, on every client: the line names the roll it was spent on.
    for (const user of [GM, ALICE, BOB]) {
      const read = a.double.actAs(user, () => a.double.game.messages.get(card)!) as unknown as {
        ledger: { kind: string; roll: number | null; type: string; by: string }[];
      };
      expect(read.ledger).toEqual([
        expect.objectContaining({ kind: "actionDice", roll: 1, type: "augment", by: ALICE }),
      ]);
    }
    // A roll the card does not hold is refused, and nothing is taken.
    const left = stored();
    expect(
      await a.double.actAs(ALICE, () => a.service.cardControl(message as never, { type: "augment", faces: 4 }, 7)),
    ).toBe(false);
    await a.double.settle();
    expect(stored()).toEqual(left);
  });
});
