// @vitest-environment happy-dom
/**
 * The GM's roll-request composer as a GM uses it, drawn from its real template on the GM's client:
 * opened twice it comes forward instead of opening a second window; choosing the engine draws that
 * engine's traits and characters; Send posts the request card and closes the form; a player cannot
 * open it.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import { format } from "../support/i18n.ts";
import { ALICE, bootWorld, GM, VEX, type World } from "../services/points-world.ts";
import { poolAdvice } from "../../src/engines/advice.ts";
import type { RequestRecord } from "../../src/services/requests/names.ts";

const COMPOSER = "rolling-bones-request-composer";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** A composer window as the double renders it. */
interface Composer {
  element: HTMLFormElement;
  rendered: boolean;
  broughtToFront: number;
}

/** The composer open on a client, if any. */
const composerOn = (userId: string) =>
  w.double.actAs(userId, () => foundry.applications.instances.get(COMPOSER) as unknown as Composer | undefined);

async function open(userId: string): Promise<void> {
  const { openRequestComposer } = await import("../../src/applications/requests/open.ts");
  await w.double.actAs(userId, () => openRequestComposer());
  await w.double.settle();
}

/** Sets a control's value as a user does, with the change event the browser sends. */
function choose(control: HTMLInputElement | HTMLSelectElement, value: string | boolean): void {
  if (typeof value === "boolean") (control as HTMLInputElement).checked = value;
  else control.value = value;
  control.dispatchEvent(new Event("change", { bubbles: true }));
}

describe("the roll-request composer", () => {
  it("opened twice brings the open one forward instead of opening a second one", async () => {
    w = await bootWorld();
    await open(GM);
    const first = composerOn(GM)!;
    expect(first.rendered).toBe(true);
    expect(w.double.clientRoot(GM).querySelectorAll(`#${COMPOSER}`)).toHaveLength(1);
    await open(GM);
    expect(composerOn(GM)).toBe(first);
    expect(first.broughtToFront).toBe(1);
    expect(w.double.clientRoot(GM).querySelectorAll(`#${COMPOSER}`)).toHaveLength(1);
  });

  it("the GM chooses the engine, the trait, the difficulty and a character, and Send posts the request", async () => {
    w = await bootWorld();
    await open(GM);
    const form = () => composerOn(GM)!.element;
    const control = <T extends Element>(name: string) => form().querySelector<T>(`[name="${name}"]`)!;
    choose(control<HTMLSelectElement>("engine"), "pool");
    await w.double.settle();
    // The pool engine's traits and characters are drawn now.
    const actorBox = form().querySelector<HTMLInputElement>(`input[name="actors"][value="${VEX}"]`)!;
    expect(actorBox).not.toBeNull();
    choose(control<HTMLInputElement>("label"), "Sneak past");
    choose(control<HTMLInputElement>("target"), "7");
    choose(actorBox, true);
    await w.double.press(form().querySelector('button[type="submit"]')!);
    const cards = w.double.game.messages.filter((m) => partIn(m, "rollRequest") !== undefined);
    expect(cards).toHaveLength(1);
    const record = partIn(cards[0]!, "rollRequest") as RequestRecord;
    expect(record.spec).toMatchObject({ engine: "pool", label: "Sneak past", actors: [VEX] });
    expect(composerOn(GM)).toBeUndefined();
    expect(w.double.applicationErrors).toEqual([]);
  });

  it("a player cannot open it: one localized message and no window", async () => {
    w = await bootWorld();
    await open(ALICE);
    expect(composerOn(ALICE)).toBeUndefined();
    expect(w.double.notifications.map((n) => [n.userId, n.message])).toEqual([
      [ALICE, format("ROLLING_BONES.Error.GmOnly")],
    ]);
  });

  it("the difficulty dial gives the character's exact chance and solves for a chance; Use writes the target", async () => {
    w = await bootWorld();
    await open(GM);
    const form = () => composerOn(GM)!.element;
    const control = <T extends Element>(name: string) => form().querySelector<T>(`[name="${name}"]`)!;
    choose(control<HTMLSelectElement>("engine"), "pool");
    await w.double.settle();
    expect(form().querySelector("[data-dial]")).toBeNull();
    choose(control<HTMLSelectElement>("trait"), "attribute:dexterity");
    await w.double.settle();
    choose(control<HTMLInputElement>("target"), "8");
    await w.double.settle();
    choose(form().querySelector<HTMLInputElement>(`input[name="actors"][value="${VEX}"]`)!, true);
    await w.double.settle();
    // Vex's Dexterity (one dot: the data model's default) alone at difficulty 8: 3 faces in 10.
    const vex = w.double.game.actors.get(VEX)!;
    expect((vex.system as { attributes: Record<string, { rating: number }> }).attributes.dexterity?.rating).toBe(1);
    const row = form().querySelector<HTMLElement>(`[data-dial-actor="${VEX}"]`)!;
    expect(Number(row.dataset.p)).toBe(poolAdvice.chanceAt({ pool: 1 }, 8));
    expect(Number(row.dataset.p)).toBeCloseTo(0.3, 12);
    // 25% for Vex: the hardest difficulty that still gives it is 8 (3 in 10); 9 gives 2 in 10.
    choose(control<HTMLSelectElement>("dialFor"), VEX);
    await w.double.settle();
    choose(control<HTMLInputElement>("dialChance"), "25");
    await w.double.settle();
    const solved = form().querySelector<HTMLElement>("[data-dial-solved]")!;
    expect(solved.dataset.dialSolved).toBe("8");
    choose(control<HTMLInputElement>("target"), "5");
    await w.double.settle();
    await w.double.press(form().querySelector<HTMLButtonElement>('[data-action="dialUse"]')!);
    await w.double.settle();
    expect(control<HTMLInputElement>("target").value).toBe("8");
    expect(w.double.applicationErrors).toEqual([]);
  });
});
