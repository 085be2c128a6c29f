// @vitest-environment happy-dom
/**
 * Today's chat cards, kept as golden fixtures for the card model's redesign (issue 36, "old messages
 * keep working"): each card state of the lab's gallery (every engine's card in each state it shows)
 * was posted once through its Roll class and stored as the world stores it
 * (`test/fixtures/cards/<state>.json`: the message's source, its rolls as JSON). Each stored message is
 * put back in a world and drawn in the chat log of the GM and of a player, with the system's hooks
 * (the card controls each viewer gets), and must draw exactly as its HTML fixture
 * (`<state>.gm.html`, `<state>.player.html`). A card model that reads today's messages differently
 * fails here. `RB_WRITE_CARD_FIXTURES=1` writes the fixtures afresh (only when today's cards are meant
 * to change).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CARD_STATES, type CardState } from "../../lab/model.ts";
import type { FoundryDouble } from "../foundry/index.ts";
import { stateRoll } from "../lab/model/support.ts";
import { typedTwin } from "../support/cards.ts";
import { ROOT } from "../support/i18n.ts";
import { ALICE, GM, bootSystem } from "../support/system.ts";

const DIR = path.join(ROOT, "test/fixtures/cards");
const WRITE = process.env.RB_WRITE_CARD_FIXTURES === "1";

let double: FoundryDouble;
afterEach(() => double.uninstall());

/** A stored message as a fixture keeps it: no id, no time. */
type StoredSource = Record<string, unknown>;

/** Posts a card state's roll through its Roll class, as a player's roll is posted; its stored source. */
async function postState(state: CardState): Promise<StoredSource> {
  const roll = await stateRoll(double, state);
  const mode = state.isPrivate === true ? "blindroll" : "publicroll";
  await double.actAs(ALICE, () =>
    (roll as unknown as { toMessage(data: object, options: object): Promise<unknown> }).toMessage(
      { speaker: { alias: "Fixture", actor: null, token: null, scene: null }, flavor: state.flavor ?? undefined },
      double.generation === 13 ? { rollMode: mode } : { messageMode: mode === "blindroll" ? "blind" : "public" },
    ),
  );
  await double.settle();
  const [stored] = double.storedMessages().slice(-1) as unknown as StoredSource[];
  if (!stored) throw new Error("nothing was posted");
  const { _id: _id, timestamp: _time, ...source } = stored;
  return source;
}

/** The card as a viewer's chat log draws it, the message's id left out. */
function drawnFor(userId: string, id: string): string {
  const element = double.chatLog(userId).messageElement(id);
  if (!element) throw new Error(`the message is not in ${userId}'s chat log`);
  return `${element.outerHTML.split(id).join("MESSAGE_ID")}\n`;
}

describe("today's cards, stored and drawn again (golden fixtures)", () => {
  it.each(CARD_STATES.map((s) => [s.id, s] as const))("%s", async (id, state) => {
    double = await bootSystem({ userId: GM, generation: 13 });
    const { registerHooks } = await import("../../src/hooks/index.ts");
    registerHooks();
    const file = (suffix: string) => path.join(DIR, `${id}.${suffix}`);
    let source: StoredSource;
    if (WRITE) {
      source = await postState(state);
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file("json"), `${JSON.stringify(source, null, 2)}\n`);
      // The world that drew it is set aside: the fixture is drawn from its stored source below.
      double.uninstall();
      double = await bootSystem({ userId: GM, generation: 13 });
      registerHooks();
    } else {
      expect(existsSync(file("json")), `${id}.json`).toBe(true);
      source = JSON.parse(readFileSync(file("json"), "utf8")) as StoredSource;
    }
    // The stored message put back in the world, as the GM recreates it from its source.
    const created = await double.actAs(GM, () =>
      (globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }).ChatMessage.create(
        source,
      ),
    );
    await double.settle();
    for (const [viewer, suffix] of [
      [GM, "gm.html"],
      [ALICE, "player.html"],
    ] as const) {
      const html = drawnFor(viewer, created.id);
      if (WRITE) writeFileSync(file(suffix), html);
      else expect(html, `${id}.${suffix}`).toBe(readFileSync(file(suffix), "utf8"));
    }
  });

  // The typed card that holds the same parts (`type: "card"`, `system.parts`) draws exactly as the
  // stored message, in v13 and v14.
  it.each(CARD_STATES.flatMap((s) => ([13, 14] as const).map((g) => [s.id, g] as const)))(
    "%s as a typed card (v%i)",
    async (id, generation) => {
      double = await bootSystem({ userId: GM, generation });
      const { registerHooks } = await import("../../src/hooks/index.ts");
      registerHooks();
      const file = (suffix: string) => path.join(DIR, `${id}.${suffix}`);
      const twin = typedTwin(JSON.parse(readFileSync(file("json"), "utf8")) as StoredSource);
      const created = await double.actAs(GM, () =>
        (
          globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }
        ).ChatMessage.create(twin),
      );
      await double.settle();
      expect(double.storedMessages().at(-1)).toMatchObject({
        type: "card",
        system: { parts: [{ kind: "roll", roll: 0 }] },
      });
      for (const [viewer, suffix] of [
        [GM, "gm.html"],
        [ALICE, "player.html"],
      ] as const) {
        expect(drawnFor(viewer, created.id), `${id}.${suffix}`).toBe(readFileSync(file(suffix), "utf8"));
      }
    },
  );
});
