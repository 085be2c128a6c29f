// @vitest-environment happy-dom
/**
 * Windows a GM and a player use, drawn from their real templates on their own clients and pressed
 * there: the GM's action-dice panel (Start session after the question, Award and Forfeit with the
 * reason they ask for; the panel follows the pools, on the GM's client and the assistant's), and a roll dialog opened
 * from a character sheet (the form's change redraws the odds; Roll posts the card and closes it).
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, BOB, bootWorld, CARA, countOf, GM, type World } from "../services/action-dice-world.ts";
import { ASSISTANT } from "../support/system.ts";
import { fixedFaces } from "../foundry/index.ts";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

const GM_PANEL = "rolling-bones-action-dice-gm";

/** A window as the double renders it. */
interface Window {
  element: HTMLElement;
  rendered: boolean;
}

/** The window with this id on a client, if open. */
const windowOn = (userId: string, id: string) =>
  w.double.actAs(userId, () => foundry.applications.instances.get(id) as unknown as Window | undefined);

async function openPanel(userId: string): Promise<Window> {
  const { openActionDice } = await import("../../src/applications/action-dice/open.ts");
  await w.double.actAs(userId, () => openActionDice());
  await w.double.settle();
  const panel = windowOn(userId, GM_PANEL);
  if (!panel) throw new Error(`no GM panel on ${userId}'s client`);
  return panel;
}

/** The pool cell of a player's row, as the panel shows it (the dice held). */
const poolCell = (panel: Window, userId: string) =>
  panel.element.querySelector(`tr[data-user="${userId}"] .rb-panel__dice`)?.textContent ?? null;

describe("the GM's action-dice panel", () => {
  it("starts a session after asking, awards a die with the reason it asks for, and follows the pools on every GM client", async () => {
    w = await bootWorld({
      users: [
        { id: GM, name: "Gamemaster", role: "GM" },
        { id: ASSISTANT, name: "Assistant", role: "ASSISTANT" },
        { id: ALICE, name: "Alice", role: "PLAYER" },
        { id: BOB, name: "Bob", role: "PLAYER" },
        { id: CARA, name: "Cara", role: "PLAYER" },
      ],
    });
    const panel = await openPanel(GM);
    const assistants = await openPanel(ASSISTANT);
    expect(panel.element.querySelector(".rb-panel__session")?.getAttribute("data-session")).toBe("0");
    w.double.answerConfirm(true);
    await w.double.press(panel.element.querySelector('[data-action="startSession"]')!);
    expect(w.double.confirmations).toHaveLength(1);
    const before = countOf(w, ALICE);
    expect(before).toBeGreaterThan(0);
    // Alice's level-3 character: 3d4 held, of the 3d4 the tables give.
    expect(poolCell(panel, ALICE)).toBe(`${before}d4`);
    expect(panel.element.querySelector(`tr[data-user="${ALICE}"] [data-expected]`)?.textContent).toBe("of 3d4");
    const award = () => panel.element.querySelector(`tr[data-user="${ALICE}"] [data-action="award"]`)!;
    // Award asks for the reason; closing the question awards nothing.
    w.double.answerInput(null);
    await w.double.press(award());
    expect(countOf(w, ALICE)).toBe(before);
    w.double.answerInput({ text: "  Clever plan " });
    await w.double.press(award());
    expect(w.double.inputs.map((i) => i.title)).toEqual([
      "Award Alice a die (the GM gains one too)",
      "Award Alice a die (the GM gains one too)",
    ]);
    expect(countOf(w, ALICE)).toBe(before + 1);
    // The award is on the economy card, with its reason as text.
    expect(w.double.game.messages.contents.some((m) => m.content.includes("Clever plan"))).toBe(true);
    // Both GM clients' panels show the new pool once the change reached them.
    expect(poolCell(panel, ALICE)).toBe(`${before + 1}d4`);
    expect(poolCell(assistants, ALICE)).toBe(`${before + 1}d4`);
    expect(w.double.applicationErrors).toEqual([]);
  });

  it("Forfeit, in a row's More menu, asks for its reason (required) and marks the row; Lift undoes it", async () => {
    w = await bootWorld();
    await w.double.actAs(GM, () => w.service.startSession());
    await w.double.settle();
    const panel = await openPanel(GM);
    const row = () => panel.element.querySelector(`tr[data-user="${BOB}"]`)!;
    const forfeit = row().querySelector('details[data-rb-menu] [data-action="forfeit"]')!;
    // The question's field is required: a browser does not submit it empty.
    w.double.answerInput({ text: "Table talk all through the ambush" });
    await w.double.press(forfeit);
    expect(w.double.inputs.at(-1)?.title).toBe("Forfeit Bob's awards for this session");
    expect(w.double.inputs.at(-1)?.content).toMatch(/name="text"[^>]*required/);
    expect(row().querySelector("[data-forfeited]")?.textContent).toContain("Table talk all through the ambush");
    expect(row().querySelector<HTMLButtonElement>('[data-action="award"]')!.disabled).toBe(true);
    await w.double.press(row().querySelector('details[data-rb-menu] [data-action="liftForfeit"]')!);
    expect(row().querySelector("[data-forfeited]")).toBeNull();
    expect(w.double.applicationErrors).toEqual([]);
  });

  it("closes with its window's close button and stops following the pools", async () => {
    w = await bootWorld();
    const panel = await openPanel(GM);
    await w.double.press(panel.element.querySelector('.window-header [data-action="close"]')!);
    expect(windowOn(GM, GM_PANEL)).toBeUndefined();
    expect(panel.rendered).toBe(false);
    // A change to the pools draws nothing (the panel's hooks are gone).
    w.double.answerConfirm(true);
    await w.double.actAs(GM, () => w.service.startSession());
    await w.double.settle();
    expect(w.double.clientRoot(GM).querySelector(`#${GM_PANEL}`)).toBeNull();
    expect(w.double.applicationErrors).toEqual([]);
  });
});

describe("a roll dialog from a character sheet", () => {
  it("opens from the sheet's roll button, redraws its odds as the form changes, and Roll posts the card", async () => {
    w = await bootWorld({ userId: ALICE });
    const sheet = w.double.game.actors.get("actorAyla0000001")!.sheet as Window & {
      render(f: boolean): Promise<unknown>;
    };
    await sheet.render(true);
    const rollButton = sheet.element.querySelector<HTMLButtonElement>('button[data-action="roll"]')!;
    await w.double.press(rollButton);
    const dialog = [...w.double.clientRoot(ALICE).querySelectorAll<HTMLFormElement>("form.rb-roll-dialog")];
    expect(dialog).toHaveLength(1);
    const form = dialog[0]!;
    const odds = () => form.querySelector(".rb-odds")?.textContent?.replace(/\s+/g, " ").trim() ?? "";
    const dc = form.querySelector<HTMLInputElement>('[name="dc"]')!;
    const oddsBefore = odds();
    dc.value = "25";
    w.double.actAs(ALICE, () => dc.dispatchEvent(new Event("change", { bubbles: true })));
    await w.double.settle();
    expect(odds()).not.toBe(oddsBefore);
    expect(form.querySelector<HTMLInputElement>('[name="dc"]')!.value).toBe("25");
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [15]);
    const count = w.double.game.messages.size;
    await w.double.press(form.querySelector('button[type="submit"]')!);
    expect(w.double.game.messages.size).toBe(count + 1);
    expect(form.isConnected).toBe(false);
    expect(w.double.applicationErrors).toEqual([]);
  });
});

describe("equipment from a character sheet", () => {
  it("Add weapon creates it and opens its sheet; its form goes through the weapon's data model; Delete removes it", async () => {
    w = await bootWorld({ userId: ALICE });
    const ayla = w.double.game.actors.get("actorAyla0000001")!;
    const sheet = ayla.sheet as Window & { render(f: boolean): Promise<unknown> };
    await sheet.render(true);
    await w.double.press(sheet.element.querySelector('[data-action="createItem"][data-collection="weapon"]')!);
    expect(ayla.items.size).toBe(1);
    const weapon = ayla.items.contents[0]!;
    // Its own sheet opened on Alice's client, drawn from the item templates.
    const itemSheet = weapon.sheet as Window;
    expect(itemSheet.rendered).toBe(true);
    expect(w.double.clientRoot(ALICE).contains(itemSheet.element)).toBe(true);
    const type = async (name: string, value: string) => {
      const control = itemSheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      control.value = value;
      w.double.actAs(ALICE, () => control.dispatchEvent(new Event("change", { bubbles: true })));
      await w.double.settle();
    };
    await type("name", "Spear");
    await type("system.action.attack", "3");
    const stored = () => w.double.storedActors().find((a) => a.id === ayla.id)!.items ?? [];
    expect(stored().map((i) => [i.name, (i.system.action as { attack: number }).attack])).toEqual([["Spear", 3]]);
    // A figure out of range is refused with one message; nothing changes.
    await type("system.action.attack", "1000");
    expect(stored().map((i) => (i.system.action as { attack: number }).attack)).toEqual([3]);
    expect(w.double.notifications.filter((n) => n.type === "error")).toHaveLength(1);
    // The character's sheet shows the weapon by its name; its Delete button removes it, once its owner says yes.
    expect(sheet.element.textContent).toContain("Spear");
    w.double.answerConfirm(true);
    await w.double.press(sheet.element.querySelector(`[data-action="deleteItem"][data-item-id="${weapon.id}"]`)!);
    expect(stored()).toEqual([]);
    expect(w.double.applicationErrors).toEqual([]);
  });
});
