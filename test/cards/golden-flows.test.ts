// @vitest-environment happy-dom
/**
 * Today's cards that carry more than a roll, kept as golden fixtures for the card model's redesign
 * (issue 36, "old messages keep working"): a damage card with applications on its ledger (its message
 * flags), the GM's healing record card, a session start's economy card, an action card after an
 * augment (its card ledger), a percentile card that spent karma (its points ledger), a roll
 * request with a hidden DC, its GM note and the roll made for it, a Fate Point loss card after the
 * GM's Undo, and requests for an automatic success (one approved, with the card it posted, one waiting). Each flow was played once on the test world and every message it left
 * stored as the world stores it, ids kept (`test/fixtures/cards/flow-<name>.json`); the test puts them
 * back in a fresh world of the same actors and draws each in the GM's and a player's chat log, which
 * must match its HTML fixture byte for byte; so must the typed card that holds the same parts
 * (`type: "card"`, `system.parts`; `src/data/card`). `RB_WRITE_CARD_FIXTURES=1` plays the flows and
 * writes the fixtures afresh — in today's shape, so only from code that posts the shape to be kept;
 * `RB_WRITE_CARD_HTML=1` draws the stored messages again and writes only their HTML. Each card is
 * drawn with the system's own chat hook, as a table's chat log draws it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/i18n.ts";
import type { FoundryDouble } from "../foundry/index.ts";
import { ALICE, GM, GOBLIN, applyButton, bootHarmWorld, damageCard, pressIn, VEX } from "../services/harm-world.ts";
import { bootWorld as bootActionWorld, control, nextFaces, rollAs } from "../services/action-dice-world.ts";
import {
  AXEL,
  AYLA,
  bootWorld as bootPointsWorld,
  d10s,
  rollFor,
  VEX as POOL_VEX,
  WIL,
  type World as PointsWorld,
} from "../services/points-world.ts";
import { fixedFaces } from "../foundry/index.ts";
import { typedTwin } from "../support/cards.ts";

const DIR = path.join(ROOT, "test/fixtures/cards");
const WRITE = process.env.RB_WRITE_CARD_FIXTURES === "1";
/** Draws the stored messages again and writes only their HTML fixtures (the flows are not played again). */
const WRITE_HTML = process.env.RB_WRITE_CARD_HTML === "1";

/** The system's chat hook, registered as its `registerHooks` does, in a world a flow's test set up. */
async function withSystemHooks(d: FoundryDouble): Promise<FoundryDouble> {
  const { onRenderChatMessageHTML } = await import("../../src/hooks/render-chat-message-html.ts");
  d.Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
  return d;
}

let double: FoundryDouble | undefined;
afterEach(() => {
  double?.uninstall();
  double = undefined;
});

/** A flow: the world it plays in, and what it does there (only when the fixtures are written). */
interface Flow {
  readonly name: string;
  readonly boot: () => Promise<FoundryDouble>;
  readonly play: (double: FoundryDouble) => Promise<void>;
}

const FLOWS: readonly Flow[] = [
  {
    name: "harm",
    boot: async () => (await bootHarmWorld()).double,
    play: async () => {
      const w = await bootHarmWorld();
      double = w.double;
      const id = await damageCard(w, [GOBLIN], [6, 4, 2]);
      await pressIn(w, id, ALICE, applyButton(GOBLIN, "full"));
      await w.double.actAs(GM, () => w.harm.healActors([VEX], 2));
      await w.double.settle();
    },
  },
  {
    name: "action",
    boot: async () => (await bootActionWorld()).double,
    play: async () => {
      const w = await bootActionWorld();
      double = w.double;
      await w.double.actAs(GM, () => w.service.startSession());
      await w.double.settle();
      const id = await rollAs(w, ALICE, { modifier: 4, dc: 18 }, [[12, 20]]);
      await w.double.settle();
      nextFaces(w, [[3, 4]]);
      await control(w, ALICE, id, { type: "augment", faces: 4 });
      await w.double.settle();
    },
  },
  {
    name: "points",
    boot: async () => (await bootPointsWorld()).double,
    play: async () => {
      const w = await bootPointsWorld();
      double = w.double;
      d10s(w, 7, 3, 4);
      await rollFor(w, ALICE, "percentile", AYLA, { bonus: 0, penalty: 0, column: 10, karmaDice: 1 });
      await w.double.settle();
    },
  },
  {
    name: "request",
    boot: bootRequestWorld,
    play: async () => {
      const d = await bootRequestWorld();
      double = d;
      const requests = await import("../../src/services/requests/requests.ts");
      const rolls = await import("../../src/applications/requests/roll.ts");
      const spec = { engine: "action", label: "Dodge the blade", trait: { kind: "save", key: "reflex" } };
      const posted = await d.actAs(GM, () =>
        requests.postRollRequest({ ...spec, target: 15, hidden: true, actors: [AXEL] }),
      );
      await d.settle();
      d.CONFIG.Dice.randomUniform = fixedFaces(20, [8]);
      await d.actAs(ALICE, () => rolls.rollForRequest(posted?.id ?? "", AXEL, { shiftKey: true } as unknown as Event));
      await d.settle();
    },
  },
  {
    name: "fate",
    boot: async () => (await bootPointsWorld()).double,
    play: async () => {
      const w = await bootPointsWorld();
      double = w.double;
      await w.double.actAs(GM, () => w.points.loseFatePoint(WIL, "Left the <i>guard</i> behind"));
      await w.double.settle();
      const card = w.double.game.messages.contents.at(-1);
      await w.double.actAs(GM, () => w.points.undoFateLoss(card as never));
      await w.double.settle();
    },
  },
  {
    name: "automatic",
    boot: async () => (await bootAutomaticWorld()).double,
    play: async () => {
      const w = await bootAutomaticWorld();
      const d = w.double;
      double = d;
      const automatic = await import("../../src/services/automatic/index.ts");
      const ask = () =>
        d.actAs(ALICE, () =>
          w.points.rollWithPoints(
            "pool",
            { pool: 6, difficulty: 4, automatic: true },
            { actor: d.game.actors.get(POOL_VEX) as never, visibility: "public", flavor: "Investigation <i>now</i>" },
          ),
        );
      const asked = await ask();
      await d.settle();
      await d.actAs(GM, () => automatic.approveAutomatic(d.game.messages.get(asked?.id ?? "") as never));
      await d.settle();
      await ask();
      await d.settle();
    },
  },
];

/** The points world with the GM's answer to a request for an automatic success, as the system's chat hook adds it. */
async function bootAutomaticWorld(): Promise<PointsWorld> {
  const w = await bootPointsWorld();
  const controls = await import("../../src/applications/chat/automatic-controls.ts");
  w.double.Hooks.on("renderChatMessageHTML", controls.addAutomaticControls);
  return w;
}

/** The points world with the roll-request cards' rows, as the system's chat hook adds them. */
async function bootRequestWorld(): Promise<FoundryDouble> {
  const w = await bootPointsWorld();
  const card = await import("../../src/applications/requests/card.ts");
  w.double.Hooks.on("renderChatMessageHTML", card.addRequestRows);
  return w.double;
}

/** The card as a viewer's chat log draws it, or a line saying the viewer's log does not hold it (a GM's note). */
function drawnFor(d: FoundryDouble, userId: string, id: string): string {
  const element = d.chatLog(userId).messageElement(id);
  return element ? `${element.outerHTML}\n` : "(not in this viewer's chat log)\n";
}

describe("today's cards with ledgers and records, stored and drawn again (golden fixtures)", () => {
  it.each(FLOWS.map((f) => [f.name, f] as const))("%s", async (name, flow) => {
    const file = (suffix: string) => path.join(DIR, `flow-${name}.${suffix}`);
    if (WRITE) {
      await flow.play(undefined as never);
      const stored = (double as FoundryDouble).storedMessages() as unknown as Record<string, unknown>[];
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file("json"), `${JSON.stringify(stored, null, 2)}\n`);
      double?.uninstall();
      double = undefined;
    }
    expect(existsSync(file("json")), `flow-${name}.json`).toBe(true);
    const stored = JSON.parse(readFileSync(file("json"), "utf8")) as Record<string, unknown>[];
    // Stored as today's messages were, and as the typed cards that hold the same parts: both draw alike.
    for (const [shape, sources] of [
      ["stored", stored],
      ["typed", stored.map(typedTwin)],
    ] as const) {
      if (WRITE_HTML && shape === "typed") continue;
      // Each card drawn with the system's chat hook, whatever the flow's own world registers.
      const d = await withSystemHooks(await flow.boot());
      double = d;
      // The stored messages put back in a fresh world of the same actors, their ids kept.
      for (const source of sources) {
        await d.actAs(GM, () =>
          (
            globalThis as unknown as { ChatMessage: { create(data: object, options: object): Promise<unknown> } }
          ).ChatMessage.create(source, { keepId: true }),
        );
      }
      await d.settle();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await d.settle();
      for (const [index, source] of sources.entries()) {
        for (const [viewer, suffix] of [
          [GM, "gm"],
          [ALICE, "player"],
        ] as const) {
          const html = drawnFor(d, viewer, source._id as string);
          const out = file(`${index}.${suffix}.html`);
          if ((WRITE || WRITE_HTML) && shape === "stored") writeFileSync(out, html);
          else expect(html, `${shape}: flow-${name}.${index}.${suffix}.html`).toBe(readFileSync(out, "utf8"));
        }
      }
      d.uninstall();
      double = undefined;
    }
  });
});
