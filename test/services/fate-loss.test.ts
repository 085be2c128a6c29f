// @vitest-environment happy-dom
/**
 * Losing a Fate Point for breaking the character's code (docs/rules.md §3: violating the code costs Fate
 * Points), a GM action with a reason, end to end on the Foundry double: the active GM takes the point,
 * the card records who, why and by whom, and the GM's Undo on it gives the point back, once. The
 * sheet gives the GM the control; a player cannot raise the total.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import { parseFateLoss } from "../../src/services/points/fate-loss-card.ts";
import { localize } from "../support/i18n.ts";
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
    // The GMs (an assistant GM too, in the world of several clients) and the character's owner.
    const gms = w.double.game.users.filter((u) => u.isGM).map((u) => u.id);
    expect(stored.whisper.sort()).toEqual([BOB, ...gms].sort());
    expect(partIn(stored, "fateLoss")).toMatchObject({ actorId: WIL, reason, by: GM, left: 1 });
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

describe("the sheet's Fate Points (issue 28: a figure a player cannot raise; the GM's Take a Fate Point…)", () => {
  /** Wil's sheet drawn on a client. */
  async function sheetOn(userId: string): Promise<HTMLElement> {
    type Sheet = { render(force: boolean): Promise<unknown>; element: HTMLElement };
    const sheet = w.double.actAs<Sheet>(userId, () => w.double.game.actors.get(WIL)!.sheet as Sheet);
    await w.double.actAs(userId, () => sheet.render(true));
    await w.double.settle();
    return sheet.element;
  }

  it("the player reads the total and has no control to take or raise it; a raise they send is refused", async () => {
    w = await bootWorld();
    const bobs = await sheetOn(BOB);
    const stat = bobs.querySelector('[data-stat$="-fatePoints"]')!;
    expect(stat.querySelector("output")?.textContent).toBe("2");
    expect(stat.querySelector("input")).toBeNull();
    expect(bobs.querySelector('[data-action="loseFate"]')).toBeNull();
    // A macro or a token bar that raises the total is refused before it is sent, with one warning.
    await as(w, BOB, () => w.double.game.actors.get(WIL)!.update({ "system.fatePoints": 5 }));
    await as(w, BOB, () => w.double.game.actors.get(WIL)!.update({ system: { fatePoints: 3 } }));
    expect(systemOf(w, WIL).fatePoints).toBe(2);
    expect(w.double.storedActors().find((a) => a.id === WIL)?.system).toMatchObject({ fatePoints: 2 });
    const warned = w.double.notifications.filter((n) => n.type === "warn" && n.userId === BOB).map((n) => n.message);
    expect(warned).toEqual(Array(2).fill(localize("ROLLING_BONES.Points.Sheet.FateRaiseGmOnly")));
    // Lowering it is the player's to do (a point given up); the GM may set any figure.
    await as(w, BOB, () => w.double.game.actors.get(WIL)!.update({ "system.fatePoints": 1 }));
    expect(systemOf(w, WIL).fatePoints).toBe(1);
    await as(w, GM, () => w.double.game.actors.get(WIL)!.update({ "system.fatePoints": 4 }));
    expect(systemOf(w, WIL).fatePoints).toBe(4);
  });

  it("the GM's Take a Fate Point… asks for the reason, takes one point and posts its card; closing the question takes nothing", async () => {
    w = await bootWorld();
    const gms = await sheetOn(GM);
    expect(gms.querySelector('[data-stat$="-fatePoints"] input[name="system.fatePoints"]')).not.toBeNull();
    const take = () => gms.querySelector<HTMLElement>('[data-stat$="-fatePoints"] [data-action="loseFate"]')!;
    expect(take().textContent?.trim()).toBe("Take a Fate Point…");
    const messages = w.double.storedMessages().length;
    w.double.answerInput(null);
    await w.double.press(take());
    expect(systemOf(w, WIL).fatePoints).toBe(2);
    expect(w.double.storedMessages()).toHaveLength(messages);
    w.double.answerInput({ text: " Left the wounded guard behind " });
    await w.double.press(take());
    expect(w.double.inputs.map((i) => i.title)).toEqual(["Take a Fate Point from Wil", "Take a Fate Point from Wil"]);
    expect(w.double.inputs[0]?.content).toMatch(/name="text"[^>]*required/);
    expect(systemOf(w, WIL).fatePoints).toBe(1);
    expect(partIn(w.double.storedMessages().at(-1), "fateLoss")).toMatchObject({
      actorId: WIL,
      reason: "Left the wounded guard behind",
      by: GM,
      left: 1,
    });
    expect(w.double.applicationErrors).toEqual([]);
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
