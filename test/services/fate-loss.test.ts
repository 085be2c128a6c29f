// @vitest-environment happy-dom
/**
 * Losing a Fate Point for breaking the character's code (RULES.md §3: violating the code costs Fate
 * Points), a GM action with a reason, end to end on the Foundry double: the active GM takes the point,
 * the card records who, why and by whom, and the GM's Undo on it gives the point back, once.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseFateLoss } from "../../src/services/points/fate-loss-card.ts";
import { as, BOB, bootWorld, errors, errorText, GM, messageAs, systemOf, WIL, type World } from "./points-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

describe("a Fate Point lost for breaking the code", () => {
  it("the GM takes one with a reason; the card says who, why and what is left; the GM's Undo gives it back", async () => {
    w = await bootWorld();
    expect(systemOf(w, WIL).fatePoints).toBe(2);
    const reason = "Left the <i>wounded</i> guard behind";
    expect(await as(w, GM, () => w.points.loseFatePoint(WIL, reason))).toBe(true);
    expect(systemOf(w, WIL).fatePoints).toBe(1);
    const stored = w.double.storedMessages().at(-1)!;
    expect(stored.whisper.sort()).toEqual([BOB, GM].sort());
    expect(stored.flags["rolling-bones"]?.fateLoss).toMatchObject({ actorId: WIL, reason, by: GM, left: 1 });
    const li = await as(w, GM, () => messageAs(w, stored._id!, GM).renderHTML());
    await w.listeners.pointsDecorated(li);
    expect(li.querySelector(".rb-card__title")?.textContent).toBe("Wil loses a Fate Point for breaking their code");
    expect(li.querySelector("[data-reason] q")?.textContent).toBe(reason);
    expect(li.querySelector("[data-reason] i")).toBeNull();
    const undo = li.querySelector<HTMLButtonElement>('[data-rb-action="pointsUndoFateLoss"]');
    expect(undo).not.toBeNull();
    // the player sees the card but no Undo
    const bobs = await as(w, BOB, () => messageAs(w, stored._id!, BOB).renderHTML());
    await w.listeners.pointsDecorated(bobs);
    expect(bobs.querySelector('[data-rb-action="pointsUndoFateLoss"]')).toBeNull();
    expect(await as(w, BOB, () => w.points.undoFateLoss(messageAs(w, stored._id!, BOB)))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("GmOnly"));
    expect(await as(w, GM, () => w.points.undoFateLoss(messageAs(w, stored._id!)))).toBe(true);
    expect(systemOf(w, WIL).fatePoints).toBe(2);
    // once: pressing Undo again (the same action) changes nothing
    await as(w, GM, () => w.points.undoFateLoss(messageAs(w, stored._id!)));
    expect(systemOf(w, WIL).fatePoints).toBe(2);
    const after = await messageAs(w, stored._id!, GM).renderHTML();
    expect(after.querySelector("[data-undone]")?.textContent?.trim()).toBe(
      "Undone by Gamemaster: the Fate Point went back.",
    );
  });

  it("refuses a player, a missing reason, and a character with no Fate Point left, changing nothing", async () => {
    w = await bootWorld();
    expect(await as(w, BOB, () => w.points.loseFatePoint(WIL, "broke his oath"))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("GmOnly"));
    expect(await as(w, GM, () => w.points.loseFatePoint(WIL, "   "))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("FateLossNeedsReason"));
    expect(await as(w, GM, () => w.points.loseFatePoint(WIL, "first"))).toBe(true);
    expect(await as(w, GM, () => w.points.loseFatePoint(WIL, "second"))).toBe(true);
    expect(await as(w, GM, () => w.points.loseFatePoint(WIL, "third"))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("NoFatePoints"));
    expect(systemOf(w, WIL).fatePoints).toBe(0);
  });
});

describe("/losefate reads a character and a reason", () => {
  const names = new Map([
    ["a", "Kestrel Vane"],
    ["b", "Kestrel"],
  ]);
  it("takes the longest name the text starts with, or a quoted one", () => {
    expect(parseFateLoss("Kestrel Vane broke his word", names)).toEqual({ actorId: "a", reason: "broke his word" });
    expect(parseFateLoss("kestrel lied", names)).toEqual({ actorId: "b", reason: "lied" });
    expect(parseFateLoss('"Kestrel" Vane is a lie', names)).toEqual({ actorId: "b", reason: "Vane is a lie" });
    expect(parseFateLoss("Kestrels are birds", names)).toBeNull();
    expect(parseFateLoss("Nobody at all", names)).toBeNull();
  });
});
