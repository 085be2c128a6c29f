// @vitest-environment happy-dom
/**
 * The roll dialog's choice of who sees the roll (issue 27, item 6), on the test world (v13 and v14):
 * it offers the four modes, starts from the chat control's mode as each generation stores it (v13
 * `core.rollMode`, v14 `core.messageMode`), and the chosen mode is the one the posted card gets,
 * passed in the generation's own option (no deprecation warning).
 */
import { afterEach, describe, expect, it } from "vitest";
import { ALICE, BOB, bootWorld, GM, type World } from "../services/action-dice-world.ts";
import { fixedFaces } from "../foundry/index.ts";

let w: World;
afterEach(() => {
  w.double.uninstall();
  document.body.replaceChildren();
});

/** Each generation's id of a mode in the chat control. [docs/foundry-notes.md §3, §13] */
const CHAT_MODE = {
  13: { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" },
  14: { public: "public", gm: "gm", blind: "blind", self: "self" },
} as const;

type Mode = keyof (typeof CHAT_MODE)[13];

/** Sets the user's chat control to `mode` as the running generation stores it. */
async function chooseInChat(userId: string, mode: Mode): Promise<void> {
  const generation = w.double.generation;
  const key = generation === 13 ? "rollMode" : "messageMode";
  await w.double.actAs(userId, () => w.double.game.settings.set("core", key, CHAT_MODE[generation][mode]));
}

/** Opens Ayla's roll dialog from her sheet on Alice's client and returns its form. */
async function openDialog(): Promise<HTMLFormElement> {
  const sheet = w.double.actAs(ALICE, () => w.double.game.actors.get("actorAyla0000001")!.sheet) as {
    element: HTMLElement;
    render(force: boolean): Promise<unknown>;
  };
  await w.double.actAs(ALICE, () => sheet.render(true));
  await w.double.settle();
  await w.double.press(sheet.element.querySelector('button.rb-roll[data-action="roll"]')!);
  const form = w.double.clientRoot(ALICE).querySelector<HTMLFormElement>("form.rb-roll-dialog");
  if (!form) throw new Error("no roll dialog opened");
  return form;
}

const selected = (form: HTMLFormElement) => form.querySelector<HTMLSelectElement>('select[name="visibility"]')!;

describe("the roll dialog's choice of who sees the roll", () => {
  it("offers the four modes, labelled, and starts from the chat control's mode", async () => {
    w = await bootWorld({ userId: ALICE });
    for (const mode of ["gm", "blind", "self", "public"] as const) {
      await chooseInChat(ALICE, mode);
      const form = await openDialog();
      const select = selected(form);
      expect([...select.options].map((o) => o.value)).toEqual(["public", "gm", "blind", "self"]);
      expect([...select.options].every((o) => (o.textContent ?? "").trim().length > 0)).toBe(true);
      expect(select.value).toBe(mode);
      expect(form.querySelector(`label[for="${select.id}"]`)?.textContent).toBe("Who sees the roll");
      await w.double.press(form.querySelector('[data-action="cancel"]')!);
    }
  });

  it("posts the card with the mode chosen in the dialog, not the chat control's, in the generation's option", async () => {
    w = await bootWorld({ userId: ALICE });
    await chooseInChat(ALICE, "public");
    const form = await openDialog();
    const select = selected(form);
    select.value = "self";
    w.double.actAs(ALICE, () => select.dispatchEvent(new Event("change", { bubbles: true })));
    await w.double.settle();
    expect(selected(form).value).toBe("self");
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [11]);
    await w.double.press(form.querySelector('button[type="submit"]')!);
    const message = w.double.game.messages.contents.at(-1)!;
    // A self roll is whispered to its author alone; another player does not see its content. [KB:dice]
    expect(message.whisper).toEqual([ALICE]);
    expect(w.double.actAs(BOB, () => w.double.game.messages.get(message.id!)?.isContentVisible ?? false)).toBe(false);
    expect(w.double.warnings).toEqual([]);
  });

  it("a blind roll chosen in the dialog goes to the GM, and its author sees only that a roll was made", async () => {
    w = await bootWorld({ userId: ALICE });
    await chooseInChat(ALICE, "gm");
    const form = await openDialog();
    expect(selected(form).value).toBe("gm");
    selected(form).value = "blind";
    w.double.CONFIG.Dice.randomUniform = fixedFaces(20, [11]);
    await w.double.press(form.querySelector('button[type="submit"]')!);
    const message = w.double.game.messages.contents.at(-1)!;
    expect(message.blind).toBe(true);
    expect(message.whisper).toContain(GM);
    expect(message.whisper).not.toContain(ALICE);
    expect(w.double.actAs(ALICE, () => w.double.game.messages.get(message.id!)?.isContentVisible ?? true)).toBe(false);
    expect(w.double.warnings).toEqual([]);
  });
});
