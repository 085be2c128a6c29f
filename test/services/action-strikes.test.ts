// @vitest-environment happy-dom
/**
 * The three-strike leniency for novice players (an optional world setting, off by default), end to
 * end on the Foundry double: once the GM has declared a roll's result, its player may still use a
 * die on it; each late use is a strike, shown to the player as a warning, marked on the card and
 * counted in the GM panel; past three, the late use is refused; the GM's undo gives the strike back
 * and the GM panel resets the count. Every request crosses the GM query.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  cardRoll,
  control,
  countOf,
  errors,
  errorText,
  GM,
  nextFaces,
  rollAs,
  startedWorld,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import { format } from "../support/i18n.ts";

let w: World;
afterEach(() => w.double.uninstall());

/** A started session, with the leniency on or off. */
async function started(leniency: boolean): Promise<World> {
  w = await startedWorld({}, { actionLeniency: leniency });
  return w;
}

/** Alice's check (d20 shows 10, +2, DC 15), its result declared by the GM. */
async function declared(): Promise<string> {
  const id = await rollAs(w, ALICE, { modifier: 2, dc: 15 }, [[10, 20]]);
  await w.double.settle();
  expect(await control(w, GM, id, { type: "close" })).toBe(true);
  await w.double.settle();
  return id;
}

/** The warnings Alice's client showed. */
function warningsTo(userId: string): string[] {
  return w.double.notifications.filter((n) => n.type === "warn" && n.userId === userId).map((n) => n.message);
}

function strikes(): unknown {
  return w.double.game.settings.get("rolling-bones", "actionStrikes");
}

const warning = (strike: number) => format("ROLLING_BONES.ActionDice.Strike.Warning", { strike, max: 3 });

describe("three strikes for novice players", () => {
  it("off (the default): a die used after the result is declared is refused, as the rules say", async () => {
    await started(false);
    const id = await declared();
    const before = stateSnapshot(w);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([errorText("RollClosed")]);
    expect(stateSnapshot(w)).toBe(before);
  });

  it("on: the late use is accepted as strike 1 of 3, Alice is warned, the card marks it and the GM panel counts it", async () => {
    await started(true);
    const id = await declared();
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(cardRoll(w, id, BOB).total).toBe(15);
    expect(cardRoll(w, id, BOB).card.ledger).toEqual([
      expect.objectContaining({ type: "augment", by: ALICE, late: 1 }),
    ]);
    expect(countOf(w, ALICE)).toBe(2);
    expect(warningsTo(ALICE)).toEqual([warning(1)]);
    expect(strikes()).toEqual({ [ALICE]: 1 });
    const html = await w.double.actAs(BOB, () => w.double.game.messages.get(id)!.renderHTML());
    expect(html.querySelector('[data-mark="late"]')?.textContent?.trim()).toBe("late use: strike 1 of 3");
    // The declaration stands on the card, and the headline says it changed after it (15 now meets DC 15).
    expect(html.querySelector("[data-card-state]")?.getAttribute("data-card-state")).toBe("closed");
    expect(html.querySelector("[data-verdict]")?.getAttribute("data-verdict")).toBe("success");
    expect(html.querySelector(".rb-card__result [data-late-change]")?.textContent?.trim()).toBe(
      "changed after the declaration (late use, strike 1 of 3)",
    );
    const { gmPanelFacts } = await import("../../src/applications/action-dice/facts.ts");
    const { gmPanelView } = await import("../../src/applications/action-dice/views.ts");
    const panel = w.double.actAs(GM, () => gmPanelView(gmPanelFacts()));
    expect(panel.players.find((p) => p.id === ALICE)?.strikes).toEqual({ count: 1, max: 3, canReset: true });
    expect(panel.players.find((p) => p.id === BOB)?.strikes).toEqual({ count: 0, max: 3, canReset: false });
  });

  it("past three strikes the late use is refused, and nothing is spent", async () => {
    await started(true);
    for (const n of [1, 2, 3]) {
      const id = await declared();
      nextFaces(w, [[1, 4]]);
      expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
      await w.double.settle();
      expect(strikes()).toEqual({ [ALICE]: n });
    }
    expect(warningsTo(ALICE)).toEqual([warning(1), warning(2), warning(3)]);
    await w.double.actAs(GM, () => w.service.award(ALICE));
    await w.double.settle();
    const id = await declared();
    const before = stateSnapshot(w);
    nextFaces(w, [[1, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(await control(w, ALICE, id, { type: "reroll" })).toBe(false);
    expect(errors(w)).toEqual([errorText("NoStrikesLeft", { max: 3 }), errorText("NoStrikesLeft", { max: 3 })]);
    expect(stateSnapshot(w)).toBe(before);
  });

  it("a double click on a late use spends one die and records one strike", async () => {
    await started(true);
    const id = await declared();
    nextFaces(w, [[2, 4]]);
    const results = await Promise.all([
      control(w, ALICE, id, { type: "augment", faces: 4 }),
      control(w, ALICE, id, { type: "augment", faces: 4 }),
    ]);
    await w.double.settle();
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(cardRoll(w, id).card.ledger).toHaveLength(1);
    expect(countOf(w, ALICE)).toBe(2);
    expect(strikes()).toEqual({ [ALICE]: 1 });
  });

  it("the GM's undo gives the die and the strike back; the GM panel's reset clears the strikes", async () => {
    await started(true);
    const first = await declared();
    nextFaces(w, [[2, 4]]);
    await control(w, ALICE, first, { type: "augment", faces: 4 });
    const second = await declared();
    nextFaces(w, [[2, 4]]);
    await control(w, ALICE, second, { type: "augment", faces: 4 });
    await w.double.settle();
    expect(strikes()).toEqual({ [ALICE]: 2 });
    const entry = cardRoll(w, second).card.ledger[0]!.id;
    const note = async (id: string) =>
      (await w.double.actAs(BOB, () => w.double.game.messages.get(id)!.renderHTML()))
        .querySelector("[data-late-change]")
        ?.textContent?.trim();
    expect(await note(second)).toBe("changed after the declaration (late use, strike 2 of 3)");
    expect(await control(w, GM, second, { type: "undo", entry })).toBe(true);
    await w.double.settle();
    // Undone, the late use no longer changes the declared result; the first card keeps its note.
    expect(await note(second)).toBeUndefined();
    expect(await note(first)).toBe("changed after the declaration (late use, strike 1 of 3)");
    expect(strikes()).toEqual({ [ALICE]: 1 });
    expect(countOf(w, ALICE)).toBe(2);
    // Only the GM resets strikes.
    expect(await w.double.actAs(ALICE, () => w.service.resetStrikes(ALICE))).toBe(false);
    expect(errors(w)).toEqual([errorText("GmOnly")]);
    expect(await w.double.actAs(GM, () => w.service.resetStrikes(ALICE))).toBe(true);
    await w.double.settle();
    expect(strikes()).toEqual({});
  });

  it("a declared failed insight roll stays failed: Alice's late use is refused, no strike taken, the subject stays blocked", async () => {
    await started(true);
    // Level 3, modifier +1, d20 9: 13 against DC 15.
    nextFaces(w, [[9, 20]]);
    const message = await w.double.actAs(ALICE, () =>
      w.service.gainInsight("the vault", 1, { level: 3, modifier: 1, dc: 15 }),
    );
    await w.double.settle();
    const id = (message as { id: string }).id;
    expect(await control(w, GM, id, { type: "close" })).toBe(true);
    await w.double.settle();
    const before = stateSnapshot(w);
    nextFaces(w, [[4, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(await control(w, ALICE, id, { type: "reroll" })).toBe(false);
    expect(errors(w)).toEqual([errorText("InsightDeclaredFailed"), errorText("InsightDeclaredFailed")]);
    expect(stateSnapshot(w)).toBe(before);
    expect(strikes()).toEqual({});
    expect(cardRoll(w, id, BOB).total).toBe(13);
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("the vault", 1))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("InsightFailed", { subject: "the vault" }));
  });

  it("a secret-DC insight roll: the GM declares it failed, the card says so and the subject is blocked for Alice", async () => {
    await started(true);
    nextFaces(w, [[9, 20]]);
    const message = await w.double.actAs(ALICE, () =>
      w.service.gainInsight("the vault", 1, { level: 3, modifier: 1, dc: null }),
    );
    await w.double.settle();
    const id = (message as { id: string }).id;
    const listeners = await import("../../src/applications/chat/action-card-listeners.ts");
    const gmView = await w.double.actAs(GM, async () => {
      const html = await w.double.game.messages.get(id)!.renderHTML();
      await listeners.addActionDiceControls(w.double.game.messages.get(id) as never, html);
      return html;
    });
    expect([...gmView.querySelectorAll('[data-rb-action="close"]')].map((b) => b.textContent?.trim())).toEqual([
      "Declare a success",
      "Declare a failure",
    ]);
    // Closing without saying how it went records nothing, so it is refused; a player never declares.
    expect(await control(w, GM, id, { type: "close" })).toBe(false);
    expect(await control(w, ALICE, id, { type: "close", verdict: "success" })).toBe(false);
    expect(errors(w)).toEqual([errorText("InsightVerdictNeeded"), errorText("GmOnly")]);
    expect(await control(w, GM, id, { type: "close", verdict: "failure" })).toBe(true);
    await w.double.settle();
    const html = await w.double.actAs(BOB, () => w.double.game.messages.get(id)!.renderHTML());
    expect(html.querySelector("[data-verdict]")?.getAttribute("data-verdict")).toBe("failure");
    nextFaces(w, [[4, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("InsightDeclaredFailed"));
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("the vault", 1))).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("InsightFailed", { subject: "the vault" }));
    // Another subject is still open to her.
    expect(await w.double.actAs(ALICE, () => w.service.gainInsight("the map", 1))).toBe(true);
  });

  it("the controls on a declared card offer Alice the late use, naming the strike it would be; Bob none", async () => {
    await started(true);
    const id = await declared();
    const listeners = await import("../../src/applications/chat/action-card-listeners.ts");
    const render = async (userId: string) => {
      const html = await w.double.actAs(userId, () => w.double.game.messages.get(id)!.renderHTML());
      await listeners.addActionDiceControls(w.double.game.messages.get(id) as never, html);
      return html;
    };
    const alice = await w.double.actAs(ALICE, () => render(ALICE));
    expect(alice.querySelector("[data-late]")?.textContent?.trim()).toBe(
      "The GM has declared this result. A die you use now is still accepted, as a late use: strike 1 of 3.",
    );
    expect(alice.querySelector('[data-rb-action="augment"]')).not.toBeNull();
    const bob = await w.double.actAs(BOB, () => render(BOB));
    expect(bob.querySelector("[data-late]")).toBeNull();
  });
});
