// @vitest-environment happy-dom
/**
 * How rare a roll was, and the GM's dice report, on the test world (issue 26): a posted roll stores
 * its exact rarity, which its card says in words until the GM turns the world setting off; the
 * active GM keeps each player's rolls in the session's record (counted once, a new session keeps the
 * last one); dice entered by hand are counted by face, and the report flags a loaded die and not a
 * fair one; a player may not open the report.
 */
import { afterEach, describe, expect, it } from "vitest";
import { rarityOfOutcome } from "../../src/engines/advice.ts";
import { format } from "../support/i18n.ts";
import { ALICE, BOB, bootWorld, GM, rollAs, type World } from "./action-dice-world.ts";
import type * as Record from "../../src/services/roll-record.ts";
import type * as CreateHook from "../../src/hooks/create-chat-message.ts";

const REPORT = "rolling-bones-dice-report";

let w: World;
let record: typeof Record;
let hook: typeof CreateHook;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

async function started(): Promise<void> {
  w = await bootWorld();
  record = await import("../../src/services/roll-record.ts");
  // As the system's hooks register it (src/hooks/index.ts).
  hook = await import("../../src/hooks/create-chat-message.ts");
  w.double.Hooks.on("createChatMessage", hook.onCreateChatMessage);
  await w.double.actAs(GM, () => w.service.startSession());
}

/** The record as the GM's client reads it, once its writes are done. */
async function stored() {
  await w.double.settle();
  await w.double.actAs(GM, () => hook.rollRecordWritten());
  await w.double.actAs(GM, () => record.recordWritten());
  await w.double.settle();
  return w.double.actAs(GM, () => record.storedRecord());
}

/** A message's card as `userId` sees it. */
async function cardOf(id: string, userId: string): Promise<HTMLElement> {
  return w.double.actAs(userId, () => w.double.game.messages.get(id)!.renderHTML());
}

describe("how rare a roll was", () => {
  it("is stored with the roll when posted, and the card says it until the world setting hides it", async () => {
    await started();
    // A natural 20: 1 in 20 rolls is this good.
    const id = await rollAs(w, ALICE, { modifier: 1, dc: 12 }, [[20, 20]]);
    await w.double.settle();
    const roll = w.double.actAs(GM, () => w.double.game.messages.get(id)!.rolls[0]!);
    const options = roll.options as { request: unknown; outcome: unknown; rarity: unknown };
    const exact = rarityOfOutcome("action", options.request, options.outcome);
    expect(options.rarity).toEqual({
      good: exact.atLeastAsGood,
      bad: exact.atLeastAsBad,
      percentile: exact.percentile,
    });
    expect(exact.atLeastAsGood).toBeCloseTo(0.05, 15);
    const card = await cardOf(id, BOB);
    const line = card.querySelector<HTMLElement>("[data-rarity]")!;
    expect(line.dataset.rarity).toBe("good");
    expect(line.textContent?.trim()).toBe(format("ROLLING_BONES.Rarity.RareGood", { n: 20, chance: "5%" }));
    await w.double.actAs(GM, () => w.double.game.settings.set("rolling-bones", "showRarity", false));
    await w.double.settle();
    expect((await cardOf(id, BOB)).querySelector("[data-rarity]")).toBeNull();
  });

  it("goes into the session's record per player, each message once; a new session keeps the last one", async () => {
    await started();
    await rollAs(w, ALICE, { modifier: 0 }, [[20, 20]]);
    await rollAs(w, ALICE, { modifier: 0 }, [[1, 20]]);
    await rollAs(w, BOB, { modifier: 0 }, [[10, 20]]);
    let r = await stored();
    const session = w.double.actAs(GM, () => w.double.game.settings.get("rolling-bones", "actionSession")) as number;
    expect(r.current.session).toBe(session);
    // Alice: 20 (percentile 97.5%) and 1 (2.5%): mean 50%; rarest tail 1 in 20.
    expect(r.current.players[ALICE]?.rolls).toBe(2);
    expect(r.current.players[ALICE]?.percentileSum).toBeCloseTo(1, 12);
    expect(r.current.players[ALICE]?.rarest?.tail).toBeCloseTo(0.05, 12);
    expect(r.current.players[BOB]?.rolls).toBe(1);
    expect(r.current.seen).toHaveLength(3);
    // The GM's client sees the same message again (a re-render, a second hook): nothing changes.
    w.double.actAs(GM, () => record.onCreateRollMessage(w.double.game.messages.contents.at(-1)! as never));
    expect((await stored()).current.seen).toHaveLength(3);
    await w.double.actAs(GM, () => w.service.startSession());
    await rollAs(w, BOB, { modifier: 0 }, [[11, 20]]);
    r = await stored();
    expect(r.current.session).toBe(session + 1);
    expect(Object.keys(r.current.players)).toEqual([BOB]);
    expect(r.previous?.players[ALICE]?.rolls).toBe(2);
  });
});

describe("the GM's dice report", () => {
  it("counts the faces entered by hand and flags a loaded die, not a fair one", async () => {
    await started();
    // Alice enters her d20s by hand: a die that shows 20 far too often.
    const loaded = [20, 20, 3, 20, 20, 7, 20, 20, 20, 12, 20, 20, 20, 5, 20, 20, 20, 20, 9, 20];
    const faces = [...loaded];
    w.double.installManualDice(ALICE, () => faces.shift() ?? 10);
    for (let i = 0; i < loaded.length; i++) await rollAs(w, ALICE, { modifier: 0 }, []);
    // Bob's d20s are digital: not counted.
    await rollAs(w, BOB, { modifier: 0 }, [[4, 20]]);
    const r = await stored();
    const counts = r.current.manual["20"]!;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(loaded.length);
    expect(counts[19]).toBe(loaded.filter((f) => f === 20).length);
    const { openDiceReport } = await import("../../src/applications/report/open.ts");
    await w.double.actAs(GM, () => openDiceReport());
    await w.double.settle();
    const report = w.double.clientRoot(GM).querySelector<HTMLElement>(`#${REPORT}`)!;
    const die = report.querySelector<HTMLElement>('[data-die="20"]')!;
    expect(die.dataset.method).toBe("exact");
    expect(die.querySelector("[data-flagged]")).not.toBeNull();
    expect(die.querySelector('[data-face="20"]')?.textContent).toContain(String(counts[19]));
    expect(report.querySelector(`[data-player="Alice"] [data-mean]`)).not.toBeNull();
  });

  it("does not flag a fair die", async () => {
    await started();
    const fair = [14, 3, 19, 8, 1, 11, 20, 6, 15, 2, 9, 17, 4, 12, 7, 18, 10, 5, 16, 13];
    const faces = [...fair];
    w.double.installManualDice(ALICE, () => faces.shift() ?? 10);
    for (let i = 0; i < fair.length; i++) await rollAs(w, ALICE, { modifier: 0 }, []);
    await stored();
    const { openDiceReport } = await import("../../src/applications/report/open.ts");
    await w.double.actAs(GM, () => openDiceReport());
    await w.double.settle();
    const die = w.double.clientRoot(GM).querySelector<HTMLElement>(`#${REPORT} [data-die="20"]`)!;
    expect(die.querySelector("[data-flagged]")).toBeNull();
    expect(die.textContent).toContain(format("ROLLING_BONES.Report.Entered", { count: 20 }));
  });

  it("is the GM's: a player is told so and nothing opens", async () => {
    await started();
    const { openDiceReport } = await import("../../src/applications/report/open.ts");
    await w.double.actAs(ALICE, () => openDiceReport());
    expect(w.double.clientRoot(ALICE).querySelector(`#${REPORT}`)).toBeNull();
    expect(w.double.notifications.map((n) => [n.userId, n.message])).toEqual([
      [ALICE, format("ROLLING_BONES.Error.GmOnly")],
    ]);
  });
});
