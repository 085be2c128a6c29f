// @vitest-environment happy-dom
/**
 * Fast-roll keys as keybindings (issue 27, item 1), on the test world (v13 and v14): the system
 * registers *Roll without the dialog* and *Open the roll dialog* with Shift as their default, a
 * character sheet's roll button follows what each user bound on their own client, and its hint
 * names the bound keys.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, BOB, bootWorld, type World } from "../services/action-dice-world.ts";
import { fixedFaces } from "../foundry/index.ts";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** Each player's character: Alice plays Ayla, Bob Brann. */
const CHARACTER: Record<string, string> = { [ALICE]: "actorAyla0000001", [BOB]: "actorBrann000001" };

/** Opens the user's character's sheet on their client and returns its first roll button. */
async function rollButton(userId: string): Promise<HTMLButtonElement> {
  const sheet = w.double.actAs(userId, () => w.double.game.actors.get(CHARACTER[userId]!)!.sheet) as {
    element: HTMLElement;
    render(force: boolean): Promise<unknown>;
  };
  await w.double.actAs(userId, () => sheet.render(true));
  await w.double.settle();
  const button = sheet.element.querySelector<HTMLButtonElement>('button.rb-roll[data-action="roll"]');
  if (!button) throw new Error("no roll button on the sheet");
  return button;
}

/** Presses the button with keys held; says whether a dialog opened or a card was posted. */
async function pressWith(
  userId: string,
  keys: Parameters<World["double"]["press"]>[1] = {},
): Promise<"dialog" | "card" | "nothing"> {
  const button = await rollButton(userId);
  const messages = w.double.game.messages.size;
  w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [12]);
  await w.double.press(button, keys);
  const dialogs = [...w.double.clientRoot(userId).querySelectorAll<HTMLFormElement>("form.rb-roll-dialog")];
  for (const dialog of dialogs) await w.double.press(dialog.querySelector('[data-action="cancel"]')!);
  if (dialogs.length > 0) return "dialog";
  return w.double.game.messages.size > messages ? "card" : "nothing";
}

/** The hint a roll button shows (its tooltip's text). */
async function hintOf(userId: string): Promise<string> {
  const tip = (await rollButton(userId)).getAttribute("data-tooltip") ?? "";
  const box = document.createElement("div");
  box.innerHTML = tip;
  return box.textContent ?? "";
}

describe("fast-roll keybindings", () => {
  it("registers both keys with Shift as their default, named from the language file", async () => {
    w = await bootWorld({ userId: ALICE });
    const registered = w.double.keybindings.registered;
    expect([...registered.keys()]).toEqual(["rolling-bones.skipDialog", "rolling-bones.forceDialog"]);
    for (const action of ["skipDialog", "forceDialog"]) {
      const config = registered.get(`rolling-bones.${action}`)!;
      expect(config.editable).toEqual([
        { key: "ShiftLeft", modifiers: [] },
        { key: "ShiftRight", modifiers: [] },
      ]);
      expect(w.double.game.i18n.has(config.name)).toBe(true);
      expect(w.double.game.i18n.has(String(config.hint))).toBe(true);
    }
  });

  it("keeps today's default: a click opens the dialog, Shift-click rolls at once, and the hint says so", async () => {
    w = await bootWorld({ userId: ALICE });
    expect(await pressWith(ALICE)).toBe("dialog");
    expect(await pressWith(ALICE, { shiftKey: true })).toBe("card");
    expect(await hintOf(ALICE)).toContain("Click to set up the roll; Shift-click to roll at once.");
  });

  it("follows the keys a player bound on her own client, names them in the hint, and leaves another client's keys alone", async () => {
    w = await bootWorld({ userId: ALICE });
    w.double.keybindings.rebind(ALICE, "rolling-bones", "skipDialog", [{ key: "KeyR", modifiers: ["Control"] }]);
    expect(await pressWith(ALICE, { shiftKey: true })).toBe("dialog");
    // Ctrl alone is not the binding: R must be held as well.
    expect(await pressWith(ALICE, { ctrlKey: true })).toBe("dialog");
    w.double.keybindings.hold(ALICE, ["KeyR"]);
    expect(await pressWith(ALICE, { ctrlKey: true })).toBe("card");
    expect(await hintOf(ALICE)).toContain("Click to set up the roll; Ctrl+R-click to roll at once.");
    // Bob's client keeps the default.
    expect(await pressWith(BOB, { ctrlKey: true })).toBe("dialog");
    expect(await pressWith(BOB, { shiftKey: true })).toBe("card");
    expect(await hintOf(BOB)).toContain("Shift-click to roll at once.");
  });

  it("with the client setting on, a click rolls and the dialog key opens the dialog", async () => {
    w = await bootWorld({ userId: ALICE });
    await w.double.actAs(ALICE, () => w.double.game.settings.set("rolling-bones", "skipDialogDefault", true));
    w.double.keybindings.rebind(ALICE, "rolling-bones", "forceDialog", [{ key: "AltLeft" }]);
    expect(await pressWith(ALICE)).toBe("card");
    expect(await pressWith(ALICE, { shiftKey: true })).toBe("card");
    expect(await pressWith(ALICE, { altKey: true })).toBe("dialog");
    expect(await hintOf(ALICE)).toContain("Click to roll at once; Alt-click to set up the roll.");
  });

  it("says only what a click does when the other key is unbound", async () => {
    w = await bootWorld({ userId: ALICE });
    w.double.keybindings.rebind(ALICE, "rolling-bones", "skipDialog", []);
    expect(await pressWith(ALICE, { shiftKey: true })).toBe("dialog");
    const hint = await hintOf(ALICE);
    expect(hint).toContain("Click to set up the roll.");
    expect(hint).not.toContain("-click");
  });
});
