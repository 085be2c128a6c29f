/**
 * Checks, in a real world, of what the test double emulates from public pages only (issue 15):
 * slash commands through the `chatMessage` hook as each generation hands it the chat input (fault 3),
 * removing an entry with the generation's deletion (fault 4), and follow-up dice going through the
 * dice fulfilment (fault 5). A failure here means the double's reading was wrong; fix both.
 */
import { SYSTEM_ID } from "../constants.ts";
import { deletionUpdate, generation } from "../helpers/compat.ts";
import { rollToChat } from "../services/roll.ts";
import type { EngineRoll } from "../dice/index.ts";
import type { QuenchApi, QuenchContext } from "./index.ts";

/** The fulfilment configuration as the public CONFIG.Dice page describes it (fvtt-types does not type it fully). */
interface Fulfillment {
  defaultMethod: string;
  methods: Record<string, { label: string; interactive?: boolean; handler?: (term: { faces?: number }) => unknown }>;
}

const METHOD = `${SYSTEM_ID}-quench`;

/**
 * Runs `fn` with a non-interactive fulfilment method of our own as the default one, which answers
 * every die with the next scripted face and records its size. [API13 CONFIG.Dice.fulfillment:
 * `defaultMethod`, `methods`; DiceFulfillmentMethod `handler`] A user's own Dice Configuration for a
 * die size takes precedence: run this batch with every die on the default method.
 */
async function withScriptedDice<T>(faces: number[], fn: () => Promise<T>): Promise<{ result: T; asked: number[] }> {
  const config = (CONFIG.Dice as unknown as { fulfillment: Fulfillment }).fulfillment;
  const before = config.defaultMethod;
  const asked: number[] = [];
  config.methods[METHOD] = {
    label: "Rolling Bones Quench",
    interactive: false,
    handler: (term) => {
      asked.push(term.faces ?? 0);
      return faces.shift();
    },
  };
  config.defaultMethod = METHOD;
  try {
    return { result: await fn(), asked };
  } finally {
    config.defaultMethod = before;
    delete config.methods[METHOD];
  }
}

/** Registers the batch. */
export function registerWorldFaultsBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.world`,
    (context: QuenchContext) => {
      const { assert } = context;
      const messages: ChatMessage.Implementation[] = [];
      const actors: Actor.Implementation[] = [];
      context.after(async () => {
        for (const message of messages) await message.delete();
        for (const actor of actors) await actor.delete();
      });

      context.describe("Rolling Bones in a real world: what the test double reads from public pages", () => {
        context.it("a slash command typed in the chat input rolls (v13 text, v14 editor HTML)", async () => {
          const before = game.messages.size;
          const input = generation() >= 14 ? "<p>/pool 2 7</p>" : "/pool 2 7";
          assert.equal(
            Hooks.call("chatMessage", ui.chat, input, { user: game.user.id, speaker: ChatMessage.getSpeaker() }),
            false,
            "the command is handled",
          );
          for (let i = 0; i < 50 && game.messages.size === before; i++) await new Promise((r) => setTimeout(r, 100));
          const posted = game.messages.contents.at(-1);
          if (posted) messages.push(posted);
          assert.equal(game.messages.size, before + 1, "one pool card posted");
        });

        context.it("removing an entry uses the generation's deletion", async () => {
          const data = {
            name: "Quench deletion",
            type: "pi-character",
            system: { conditions: { condQuench00001: { name: "Tired", hindrance: "minor", active: true } } },
          } as unknown as Actor.CreateData;
          const actor = await Actor.implementation.create(data);
          if (!actor) throw new Error("could not create a pi-character");
          actors.push(actor);
          await actor.update(deletionUpdate("system.conditions", "condQuench00001"));
          const conditions = foundry.utils.getProperty(actor, "system.conditions") as Record<string, unknown>;
          assert.isTrue(!Object.hasOwn(conditions, "condQuench00001"), "the condition is gone");
        });

        context.it("the Wild Die chain goes through the dice fulfilment, every explosion included", async () => {
          const { result, asked } = await withScriptedDice([3, 6, 6, 2], () =>
            rollToChat("wild", { dice: 2 }, { visibility: "public" }),
          );
          if (result) messages.push(result);
          const roll = result?.rolls[0] as EngineRoll | undefined;
          assert.deepEqual(
            roll?.throws.map((t) => t.value),
            [3, 6, 6, 2],
            "the scripted faces",
          );
          assert.deepEqual(asked, [6, 6, 6, 6], "every d6 was asked of the fulfilment");
        });
      });
    },
    { displayName: "Rolling Bones: the world as the test double reads it" },
  );
}
