/**
 * Checks, in a real world, of what the test double emulates from public pages only (issue 15): a
 * GM-side action never waits for a 3D animation (fault 1, run only with Dice So Nice active), slash
 * commands as each generation takes them (fault 3: the `chatMessage` hook on v13, the chat-command
 * registry on v14), removing an entry with the generation's deletion (fault 4), follow-up dice going
 * through the dice fulfilment (fault 5), and the readings the double takes where no public page
 * settles a behaviour: a number outside a field's range is never stored, keys a schema does not
 * define are not kept, a path through `__proto__` or `constructor` reaches no prototype, and a
 * sheet's parts render as one element each with every class it declares; and a system settings
 * menu's button in core's settings opens its window, which loads on demand (`lazyMenu`).
 * A failure here means the double's reading was wrong; fix both.
 */
import { inScratch } from "./batch.ts";
import { until } from "./fight-batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import { chatCommandEntry, deletionUpdate, generation } from "../helpers/compat.ts";
import { rollToChat } from "../services/roll.ts";
import type { EngineRoll } from "../dice/index.ts";
import { prepareActionDiceRun } from "./action-dice-run.ts";
import { calibrate, throwD4 } from "./faces.ts";
import type { QuenchApi, QuenchContext } from "./batch.ts";

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
        context.it("a slash command typed in the chat input rolls (v13 hook, v14 chat-command registry)", async () => {
          const before = game.messages.size;
          const chatData = { user: game.user.id, speaker: ChatMessage.getSpeaker() };
          if (generation() >= 14) {
            // The registry's command matches the typed text and runs with the chat log as `this`.
            const command = chatCommandEntry(`${SYSTEM_ID}.pool`);
            const match = "/pool 2 7".match(command?.rgx ?? /$^/);
            assert.isTrue(match !== null, "the registry holds /pool and its pattern matches the typed text");
            const answer = await command?.fn.call(ui.chat, `${SYSTEM_ID}.pool`, match, chatData, {});
            assert.equal(answer, false, "no chat message for the command itself");
            assert.equal(Hooks.call("chatMessage", ui.chat, "<p>/pool 2 7</p>", chatData), true, "the hook leaves it");
          } else {
            assert.equal(Hooks.call("chatMessage", ui.chat, "/pool 2 7", chatData), false, "the command is handled");
          }
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
          const actor = await Actor.implementation.create(inScratch(data));
          if (!actor) throw new Error("could not create a pi-character");
          actors.push(actor);
          await actor.update(deletionUpdate("system.conditions", "condQuench00001"));
          const conditions = foundry.utils.getProperty(actor, "system.conditions") as Record<string, unknown>;
          assert.isTrue(!Object.hasOwn(conditions, "condQuench00001"), "the condition is gone");
        });

        context.it(
          "a number outside its field's range is clamped into it, a fraction never stored; a key the schema lacks is not kept",
          async () => {
            const data = { name: "Quench schema", type: "pool-character" } as unknown as Actor.CreateData;
            const actor = await Actor.implementation.create(inScratch(data));
            if (!actor) throw new Error("could not create a pool-character");
            actors.push(actor);
            const rating = () => foundry.utils.getProperty(actor, "_source.system.attributes.strength.rating");
            // Out of range: clamped into it by cleaning (FI#12487), not refused.
            for (const [value, bound] of [
              [9, 5],
              [-1, 0],
            ] as const) {
              await actor.update({ "system.attributes.strength.rating": value } as never);
              assert.equal(rating(), bound, `rating ${value} clamped`);
            }
            // A fraction in a whole-number field: refused (the double's reading) or rounded, never stored as is.
            await actor.update({ "system.attributes.strength.rating": 2.5 } as never).catch(() => undefined);
            assert.isTrue(Number.isInteger(rating()), `rating 2.5 stored as ${String(rating())}`);
            await actor.update({ "system.strayKey": 1 } as never).catch(() => undefined);
            const source = foundry.utils.getProperty(actor, "_source.system") as Record<string, unknown>;
            assert.isTrue(!Object.hasOwn(source, "strayKey"), "a key the schema does not define is dropped");
          },
        );

        context.it("a path through __proto__ or constructor reaches no prototype (the double's reading)", () => {
          const target: Record<string, unknown> = {};
          for (const path of ["__proto__.rbPolluted", "constructor.prototype.rbPolluted"]) {
            try {
              foundry.utils.setProperty(target, path, 1);
              foundry.utils.mergeObject({}, { [`system.${path}`]: 1 });
            } catch {
              // Refusing such a path is the stricter reading too.
            }
          }
          assert.isTrue(!("rbPolluted" in {}), "Object.prototype is untouched");
          delete (Object.prototype as Record<string, unknown>).rbPolluted;
        });

        context.it("a sheet renders each part as one element, with every class its options declare", async () => {
          const data = { name: "Quench sheet", type: "pool-npc" } as unknown as Actor.CreateData;
          const actor = await Actor.implementation.create(inScratch(data));
          if (!actor) throw new Error("could not create a pool-npc");
          actors.push(actor);
          const sheet = actor.sheet as unknown as {
            render(force: boolean): Promise<unknown>;
            close(): Promise<unknown>;
            element: HTMLElement;
          };
          await sheet.render(true);
          try {
            const parts = [...sheet.element.querySelectorAll("[data-application-part]")].map((p) =>
              p.getAttribute("data-application-part"),
            );
            assert.deepEqual(parts, ["header", "body"], "one element per part, in order");
            for (const cls of ["rolling-bones", "rb-sheet", "rb-sheet--npc"]) {
              assert.isTrue(sheet.element.classList.contains(cls), `the sheet has the class ${cls}`);
            }
          } finally {
            await sheet.close();
          }
        });

        context.it(
          "a system settings menu's button in core's settings opens its window (loaded on demand)",
          async () => {
            // [API13 ClientSettings#sheet: core's settings window; its menu buttons carry the menu's label]
            const settings = game.settings.sheet as unknown as {
              render(options: object): Promise<unknown>;
              close(): Promise<unknown>;
              element?: HTMLElement;
            };
            await settings.render({ force: true });
            const label = game.i18n.localize("ROLLING_BONES.ArtEditor.MenuLabel");
            const button = () =>
              [...(settings.element?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find(
                (b) => b.textContent?.trim() === label,
              );
            try {
              assert.isTrue(await until(() => button() !== undefined), `core's settings show the button "${label}"`);
              button()?.click();
              const { ArtEditor } = await import("../applications/settings/art-editor.ts");
              const editor = () => [...foundry.applications.instances.values()].find((app) => app instanceof ArtEditor);
              assert.isTrue(
                await until(() => editor() !== undefined),
                "pressing it opens the Action Results Table editor",
              );
              await editor()?.close();
            } finally {
              await settings.close();
            }
          },
        );

        if (game.modules.get("dice-so-nice")?.active === true) {
          context.it("a GM-side action with Dice So Nice active does not wait for the 3D animation", async () => {
            assert.isTrue(game.user.isGM, "run this batch as the GM");
            const prepared = await prepareActionDiceRun(await calibrate(throwD4));
            const api = (game as unknown as { dice3d: Record<string, unknown> }).dice3d;
            const own = Object.hasOwn(api, "showForRoll");
            const original = api.showForRoll;
            let release: () => void = () => undefined;
            const held = new Promise<boolean>((resolve) => (release = () => resolve(true)));
            let shown = 0;
            // An animation that does not end while the page is hidden: showForRoll resolves only later.
            api.showForRoll = () => {
              shown += 1;
              return held;
            };
            try {
              const message = await prepared.run.roll({ modifier: 2, dc: 20 }, [[12, 20]]);
              const augment = prepared.run.control(message, { type: "augment", faces: 10 }, [[3, 10]]);
              const settled = await Promise.race([augment, new Promise((r) => setTimeout(() => r("pending"), 3000))]);
              assert.equal(settled, true, "the augment is applied while its animation has not ended");
              assert.equal(shown, 1, "the new die was handed to Dice So Nice");
            } finally {
              if (own) api.showForRoll = original;
              else delete api.showForRoll;
              release();
              await prepared.restore();
            }
          });
        }

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
