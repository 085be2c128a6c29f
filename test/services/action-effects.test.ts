// @vitest-environment happy-dom
/**
 * What an activated critical or botch does, end to end on the Foundry double: the card offers the
 * effects the rules give its kind of roll and severity, the roller (critical) or the GM (botch) records
 * one through the active GM, the card says it in words, the ledger keeps it, and the GM's undo takes it back.
 */
import { partIn } from "../support/cards.ts";
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  cardRoll,
  control,
  diceOf,
  errors,
  errorText,
  GM,
  rollAs,
  startedWorld,
  type World,
} from "./action-dice-world.ts";

let w: World;
afterEach(() => w.double.uninstall());

async function started(): Promise<World> {
  w = await startedWorld();
  return w;
}

/** A card as `viewer` sees it, with the viewer's controls added. */
async function seen(viewer: string, id: string): Promise<HTMLElement> {
  const { addActionDiceControls } = await import("../../src/applications/chat/action-card-listeners.ts");
  return w.double.actAs(viewer, async () => {
    const message = w.double.game.messages.get(id)!;
    const li = await message.renderHTML();
    await addActionDiceControls(message as never, li);
    return li;
  });
}

const offered = (li: HTMLElement, activation: string): string[] =>
  [...li.querySelectorAll<HTMLInputElement>(`[data-effect-for="${activation}"] input[type="radio"]`)].map(
    (o) => o.value,
  );

describe("action dice: critical and botch effects", () => {
  it("a save-for-half saving throw: one die offers save-for-quarter, two dice save-for-nothing; the roller records it; undo returns it", async () => {
    await started();
    const id = await rollAs(w, ALICE, { kind: "save", modifier: 1 }, [[20, 20]]);
    expect(await control(w, ALICE, id, { type: "critical", dice: 1 })).toBe(true);
    let li = await seen(ALICE, id);
    expect(li.querySelector('[data-effect-pending="critical"]')?.textContent).toBe(
      "The critical's effect is the roller's to choose (severity 1).",
    );
    expect(offered(li, "critical")).toEqual(["saveMadePossible", "saveForQuarter", "ownWords"]);
    expect(offered(await seen(BOB, id), "critical")).toEqual([]);
    // a second contribution (the GM's) raises the severity to 2: save-for-nothing is offered
    expect(await control(w, GM, id, { type: "critical", dice: 1 })).toBe(true);
    li = await seen(ALICE, id);
    expect(offered(li, "critical")).toContain("saveForNothing");
    const choice = { type: "effect", activation: "critical", effect: "saveForNothing", note: "" } as const;
    expect(await control(w, BOB, id, choice)).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("EffectNotYours"));
    expect(await control(w, ALICE, id, choice)).toBe(true);
    li = await seen(ALICE, id);
    expect(li.querySelector('[data-effect="critical"]')?.textContent?.trim()).toBe(
      "Critical effect: Save for half becomes save for nothing (two dice) (Alice)",
    );
    expect(li.querySelector('.rb-ledger__entry[data-type="effect"] .rb-ledger__what')?.textContent?.trim()).toBe(
      "Effect: Save for half becomes save for nothing (two dice)",
    );
    const entry = cardRoll(w, id).card.ledger.at(-1)!;
    expect(entry).toMatchObject({ type: "effect", by: ALICE, effect: { id: "saveForNothing" } });
    expect(await control(w, GM, id, { type: "undo", entry: entry.id })).toBe(true);
    li = await seen(ALICE, id);
    expect(li.querySelector('[data-effect="critical"]')).toBeNull();
    expect(li.querySelector('[data-effect-pending="critical"]')).not.toBeNull();
  });

  it("a botch's effect is the GM's, in the GM's words, shown as text", async () => {
    await started();
    const id = await rollAs(w, ALICE, { kind: "attack", modifier: 2 }, [[1, 20]]);
    expect(await control(w, BOB, id, { type: "botch", dice: 1 })).toBe(true);
    expect(offered(await seen(BOB, id), "botch")).toEqual([]);
    expect(offered(await seen(GM, id), "botch")).toEqual(["itemLost", "ownWords"]);
    const words = { type: "effect", activation: "botch", effect: "ownWords", note: "" } as const;
    expect(await control(w, GM, id, words)).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("EffectNeedsNote"));
    expect(await control(w, GM, id, { ...words, note: "<img src=x> the bowstring snaps" })).toBe(true);
    const li = await seen(ALICE, id);
    const line = li.querySelector('[data-effect="botch"]');
    expect(line?.querySelector("img")).toBeNull();
    expect(line?.querySelector("[data-effect-note]")?.textContent).toBe("<img src=x> the bowstring snaps");
  });
});

describe("action dice: awards with a reason, and the GM's secret agenda", () => {
  it("an award for solving the riddle carries its reason to the card and the GM panel's ledger", async () => {
    await started();
    expect(await w.double.actAs(GM, () => w.service.award(BOB, "  Puzzled out the riddle of the <b>gate</b> "))).toBe(
      true,
    );
    const stored = w.double.storedMessages().at(-1)!;
    expect(partIn(stored, "economy")).toMatchObject({
      entry: { type: "award", reason: "Puzzled out the riddle of the <b>gate</b>" },
    });
    const { gmPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { gmPanelView } = await import("../../src/applications/action-dice/views.ts");
    const view = w.double.actAs(GM, () => gmPanelView(gmPanelFacts()));
    expect(view.ledger.map((l) => [l.kind, l.reason])).toContainEqual([
      "award",
      "Puzzled out the riddle of the <b>gate</b>",
    ]);
    // the card shows the reason as text
    const li = await w.double.actAs(GM, () => w.double.game.messages.get(stored._id!)!.renderHTML());
    expect(li.querySelector("[data-reason] q")?.textContent).toBe("Puzzled out the riddle of the <b>gate</b>");
    expect(li.querySelector("[data-reason] b")).toBeNull();
    expect(await w.double.actAs(GM, () => w.service.award(BOB, "x".repeat(201)))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("TextTooLong", { field: "The reason", max: 200, length: 201 }));
  });

  it("the GM spends GM dice for a villain's insight: whispered to the GMs only, in the panel's ledger, undoable", async () => {
    await started();
    const before = diceOf(w, GM);
    expect(await w.double.actAs(GM, () => w.service.secretAgenda("Baron Vex", "the heroes' plan", 2))).toBe(true);
    const stored = w.double.storedMessages().at(-1)!;
    expect(stored.whisper).toEqual([GM]);
    expect(partIn(stored, "economy")).toMatchObject({
      entry: { type: "insight", villain: "Baron Vex", subject: "the heroes' plan", by: GM },
    });
    expect(countOfDice(diceOf(w, GM))).toBe(countOfDice(before) - 2);
    const { gmPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { gmPanelView } = await import("../../src/applications/action-dice/views.ts");
    const view = w.double.actAs(GM, () => gmPanelView(gmPanelFacts()));
    expect(view.ledger.find((l) => l.villain === "Baron Vex")?.title).toBe("ROLLING_BONES.ActionDice.Economy.agenda");
    // a player cannot spend for a villain
    expect(await w.double.actAs(ALICE, () => w.service.secretAgenda("Baron Vex", "x", 1))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("GmOnly"));
    // undone from its card, the dice go back
    const message = w.double.game.messages.get(stored._id!);
    expect(await w.double.actAs(GM, () => w.service.undoPoolAction(message as never))).toBe(true);
    expect(diceOf(w, GM)).toEqual(before);
  });
});

const countOfDice = (parts: readonly { count: number }[] | null): number =>
  (parts ?? []).reduce((n, p) => n + p.count, 0);
