// @vitest-environment happy-dom
/**
 * Rendered cards are kept by everything they show (issue 18): a card whose roll has not changed is
 * not rendered again (not even after every client's chat log drew it), and any change to what it shows (a spend in its stored state, the viewer's
 * visibility, the flavor) renders it afresh. The memo never grows past its bound.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import {
  cardKey,
  rememberCard,
  renderedCard,
  RENDERED_CARDS_KEPT,
  type CardRenderInput,
} from "../../src/dice/cards/rendered.ts";

const base: CardRenderInput = {
  template: "systems/rolling-bones/templates/chat/pool-card.hbs",
  lang: "en",
  flavor: "Climb",
  isPrivate: false,
  formula: "3d10",
  total: 2,
  options: { engine: "pool", request: { pool: 3, difficulty: 6 }, outcome: { net: 2 } },
};

describe("card keys", () => {
  it("are equal for equal inputs and differ whenever anything the card shows differs", () => {
    expect(cardKey({ ...base, options: structuredClone(base.options) })).toBe(cardKey(base));
    const changed: Partial<CardRenderInput>[] = [
      { template: "systems/rolling-bones/templates/chat/wild-card.hbs" },
      { lang: "de" },
      { flavor: null },
      { flavor: "<b>Climb</b>" },
      { isPrivate: true },
      { formula: "4d10" },
      { total: 3 },
      { options: { ...(base.options as object), points: { ledger: [{ id: "s1" }] } } },
    ];
    const keys = new Set(changed.map((c) => cardKey({ ...base, ...c })));
    expect(keys.size).toBe(changed.length);
    expect(keys.has(cardKey(base))).toBe(false);
  });

  it("keep at most RENDERED_CARDS_KEPT cards, forgetting the oldest first", () => {
    const first = cardKey({ ...base, formula: "first" });
    rememberCard(first, "<p>first</p>");
    expect(renderedCard(first)).toBe("<p>first</p>");
    for (let i = 0; i < RENDERED_CARDS_KEPT; i++) rememberCard(cardKey({ ...base, total: i }), `<p>${i}</p>`);
    expect(renderedCard(first)).toBeUndefined();
    expect(renderedCard(cardKey({ ...base, total: RENDERED_CARDS_KEPT - 1 }))).toBe(
      `<p>${RENDERED_CARDS_KEPT - 1}</p>`,
    );
  });
});

describe("an engine roll's card", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("renders once while its roll is unchanged, and afresh once its stored state changes", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(10, [8, 1, 7]);
    const { rollToChat } = await import("../../src/services/roll.ts");
    const message = await rollToChat("pool", { pool: 3, difficulty: 6 }, { visibility: "public" });
    const roll = double.game.messages.get(message?.id ?? "")?.rolls[0];
    if (!roll) throw new Error("no roll");
    // Every client's chat log has drawn the card by now (each as its own copy of the roll).
    await double.settle();
    const templates = vi.spyOn(foundry.applications.handlebars, "renderTemplate");

    const first = await roll.render();
    const again = await roll.render();
    expect(again).toBe(first);
    expect(templates).toHaveBeenCalledTimes(0);

    // A private view of the same roll is another card.
    expect(await roll.render({ isPrivate: true })).not.toBe(first);
    expect(templates).toHaveBeenCalledTimes(1);

    // A spend changes the roll's stored state: its card is rendered again and shows it.
    const options = roll.options as { points?: unknown };
    options.points = {
      actorId: null,
      spendId: null,
      ledger: [{ id: "w1", type: "willpower", by: ALICE, count: 1 }],
      applied: ["w1"],
      names: { [ALICE]: "Alice" },
    };
    const spent = await roll.render();
    expect(templates).toHaveBeenCalledTimes(2);
    expect(spent).not.toBe(first);
    expect(spent).toContain("Alice");
    templates.mockRestore();
  });
});
