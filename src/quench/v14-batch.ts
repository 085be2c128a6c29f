/**
 * Checks, in a real world, of issue 23's behaviours in the running generation's own shapes: the
 * conditions are configured status effects the token HUD offers (v13 array, v14 record by id), and a
 * condition toggled on a character carries its changes where the generation keeps them (v13
 * `changes`, v14 `system.changes`); an Assistant GM holds SETTINGS_MODIFY by default (fault 5); and a
 * speaker taken with no arguments is the controlled token, else the user's character (fault 6); and the
 * chat log's readings no public page settles (fault 12): a message with content and rolls drawn with both,
 * and a player's self roll shown to a GM as a roll whose content is hidden; a card is a typed message
 * whose parts are stored, read and written through its data model, and a module's changes in
 * `rollingBones.preConfigure` and `rollingBones.preRoll` take effect (issue 36). Its messages are created
 * through the services' one creation step (`messageCreate`). A combat keeps its turn order when an
 * initiative is rolled mid-combat, and `rollInitiative` honours core's options (fault 7); a sheet refuses
 * a number out of range (nothing written) before core's cleaning could clamp it (fault 8). The world batch (`rolling-bones.world`) checks the deletion
 * operator and clamped numbers; the character batch the legacy-field migration. A failure here means
 * the test world's v13 or v14 mode was wrong; fix both.
 */
import { inScratch } from "./batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import { CHANGE_PREFIX, CONDITIONS, hudActorTypes } from "../data/conditions/index.ts";
import { PERCENTILE_MAX_RATING } from "../data/actor/pure.ts";
import {
  SYSTEM_EXPIRY_EVENT,
  effectChangeKind,
  effectChanges,
  effectDurationOf,
  generation,
  messageModeOptions,
  statusEffectList,
} from "../helpers/compat.ts";
import { messageCreate, partWrite } from "../services/messages.ts";
import { cardData, cardParts, CARD_TYPE, partOf, storedCard } from "../data/card/parts.ts";
import { addTimedCondition } from "../services/harm/durations.ts";
import type { QuenchApi, QuenchContext } from "./batch.ts";

/** Registers the batch. */
export function registerV14Batch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.v14`,
    (context: QuenchContext) => {
      const { assert } = context;
      const actors: Actor.Implementation[] = [];
      context.after(async () => {
        for (const actor of actors) await actor.delete();
      });

      context.describe(`Rolling Bones in Foundry v${generation()}: the generation's own shapes`, () => {
        context.it("every condition is a configured status effect the token HUD offers its engine's actors", () => {
          const configured = new Map(statusEffectList().map((entry) => [entry.id, entry]));
          for (const condition of CONDITIONS) {
            const entry = configured.get(condition.id);
            assert.isTrue(entry !== undefined, `${condition.id} is configured`);
            if (generation() >= 14) {
              // API14 CONFIG._StatusEffectConfig#hud: the HUD offers it to these actor types only.
              const hud = (entry as { hud?: { actorTypes?: unknown } } | undefined)?.hud;
              assert.deepEqual(hud?.actorTypes, hudActorTypes(condition.engine), `${condition.id} on the HUD`);
            }
          }
        });

        context.it(
          "a condition toggled on a character carries its changes where the generation keeps them",
          async () => {
            const condition = CONDITIONS[0]!;
            const data = {
              name: "Quench condition",
              type: `${condition.engine}-character`,
            } as unknown as Actor.CreateData;
            const actor = await Actor.implementation.create(inScratch(data));
            if (!actor) throw new Error(`could not create a ${condition.engine}-character`);
            actors.push(actor);
            await actor.toggleStatusEffect(condition.id, { active: true });
            const effect = actor.effects.find((e) => e.statuses.has(condition.id));
            assert.isTrue(effect !== undefined, "the toggle created an effect with the status");
            const changes = effect ? effectChanges(effect) : [];
            assert.deepEqual(
              changes.map((c) => [c.key, String(c.value), effectChangeKind(c)]),
              condition.changes.map((c) => [`${CHANGE_PREFIX}${c.target}`, c.value, c.kind]),
              "its changes, read from the generation's place",
            );
          },
        );

        context.it(
          "a timed condition keeps the system's own expiry event (v14), so core leaves its ending to the system",
          async () => {
            const condition = CONDITIONS[0]!;
            const data = { name: "Quench timed", type: `${condition.engine}-character` } as unknown as Actor.CreateData;
            const actor = await Actor.implementation.create(inScratch(data));
            if (!actor) throw new Error(`could not create a ${condition.engine}-character`);
            actors.push(actor);
            await addTimedCondition(actor, condition.id, 2, "rounds");
            const effect = actor.effects.find((e) => e.statuses.has(condition.id));
            assert.isTrue(effect !== undefined, "the condition was made");
            const duration = effectDurationOf(effect as never);
            assert.deepEqual([duration?.units, duration?.value], ["rounds", 2], "read back as 2 rounds");
            if (generation() >= 14) {
              // What core stored: the event the system registered, not one of core's own.
              const stored = (effect as unknown as { duration: { expiry?: unknown; expired?: unknown } }).duration;
              assert.equal(stored.expiry, SYSTEM_EXPIRY_EVENT, "core kept the system's expiry event");
              assert.isTrue(stored.expired !== true, "core did not mark it expired");
              const config = CONFIG.ActiveEffect as unknown as { expiryEvents?: Record<string, string> };
              assert.isTrue(Object.hasOwn(config.expiryEvents ?? {}, SYSTEM_EXPIRY_EVENT), "the event is registered");
            }
          },
        );

        context.it("an Assistant GM holds SETTINGS_MODIFY by default, and the GM running the batch holds it", () => {
          // API13 CONST.USER_PERMISSIONS (https://foundryvtt.com/api/variables/CONST.USER_PERMISSIONS.html):
          // SETTINGS_MODIFY's defaultRole is ASSISTANT, so GM-side actions that write settings work for an
          // assistant alone (issue 23, fault 5; the test world's default).
          const permissions = (CONST as unknown as { USER_PERMISSIONS: Record<string, { defaultRole: number }> })
            .USER_PERMISSIONS;
          assert.equal(permissions.SETTINGS_MODIFY?.defaultRole, CONST.USER_ROLES.ASSISTANT, "its default role");
          assert.isTrue(game.user.can("SETTINGS_MODIFY"), "the GM may write world settings");
        });

        context.it(
          "ChatMessage.getSpeaker() with no arguments speaks as the first controlled token, else the user's character",
          () => {
            // API13 ChatMessage.getSpeaker (issue 23, fault 6): the test world reads it so.
            const controlled = (globalThis as { canvas?: { tokens?: { controlled?: { id: string }[] } | null } | null })
              .canvas?.tokens?.controlled;
            const speaker = ChatMessage.getSpeaker() as { token?: string | null; actor?: string | null };
            const first = controlled?.[0];
            if (first) assert.equal(speaker.token, first.id, "the first controlled token speaks");
            else assert.equal(speaker.actor ?? null, game.user.character?.id ?? null, "the user's character speaks");
          },
        );
        context.it("a message with both content and a roll is drawn with both in the chat log", async () => {
          // Issue 23, fault 12: no public page says how the chat log draws a message carrying content and
          // rolls; the test world draws the content, then each roll (the stricter reading: both shown).
          const step = await markedRollMessage("rb-quench-content", {});
          await step.apply();
          try {
            const message = step.created();
            if (!message) throw new Error("the message was not created");
            const html = await message.renderHTML();
            assert.isTrue(html.querySelector(".rb-quench-content") !== null, "its content is drawn");
            assert.isTrue(html.querySelector(".dice-roll") !== null, "its roll is drawn");
          } finally {
            await step.revert();
          }
        });

        context.it(
          "a card is a typed message: its parts stored, read and written, an unknown part left out",
          async () => {
            // Issue 36: ChatMessage subtypes declared in system.json with a TypeDataModel (docs/foundry-notes.md §3,
            // §5); the test world refuses an undeclared type and keeps `system` through the model.
            // The manifest's field (API14 SystemManifestData#documentTypes); fvtt-types does not type it on game.system.
            const types = (game.system as unknown as { documentTypes?: Record<string, Record<string, unknown>> })
              .documentTypes;
            assert.isTrue(Object.hasOwn(types?.ChatMessage ?? {}, CARD_TYPE), "the system declares the card type");
            const data = cardData({ harmRecord: "heal" }, 1);
            const parts = [...data.system.parts, { kind: "rb-quench-unknown", data: 1 }];
            const step = await markedRollMessage("rb-quench-card", { ...data, system: { parts } });
            await step.apply();
            try {
              const message = step.created();
              if (!message) throw new Error("the message was not created");
              assert.equal(message.type, CARD_TYPE, "the card is typed");
              assert.deepEqual(
                cardParts(storedCard(message)),
                data.system.parts,
                "its parts, the unknown one left out",
              );
              assert.equal(partOf(message, "harmRecord"), "heal", "a part is read back");
              const own = message as unknown as { parts?: unknown; part?: (kind: string) => unknown };
              assert.deepEqual(own.parts, data.system.parts, "the message's own parts");
              assert.equal(own.part?.("harmRecord"), "heal", "the message's own part");
              const write = partWrite(message, "harmRecord", "damage");
              await write.apply();
              assert.equal(partOf(game.messages.get(message.id ?? ""), "harmRecord"), "damage", "a part is written");
              await write.revert();
              assert.equal(partOf(game.messages.get(message.id ?? ""), "harmRecord"), "heal", "and put back");
            } finally {
              await step.revert();
            }
          },
        );

        context.it("a module changes a roll before its dialog and after it (preConfigure, preRoll)", async () => {
          // Issue 36: both hooks' changes take effect; the fast roll is the same pipeline without the dialog.
          const configure = Hooks.on("rollingBones.preConfigure", (config) => {
            config.request.pool = 4;
            config.dialog = false;
          });
          const preRoll = Hooks.on("rollingBones.preRoll", (_engine, request) => {
            (request as { difficulty?: number }).difficulty = 8;
          });
          let message: ChatMessage.Implementation | null;
          try {
            const { openRollDialog } = await import("../applications/dialogs/open.ts");
            message = await openRollDialog("pool", { title: "Quench", initial: { pool: 3, difficulty: 6 } });
          } finally {
            Hooks.off("rollingBones.preConfigure", configure);
            Hooks.off("rollingBones.preRoll", preRoll);
          }
          try {
            const request = (message?.rolls[0]?.options as { request?: { pool?: number; difficulty?: number } })
              ?.request;
            assert.equal(request?.pool, 4, "preConfigure's pool");
            assert.equal(request?.difficulty, 8, "preRoll's difficulty");
          } finally {
            await message?.delete();
          }
        });

        context.it("a card of two rolls is drawn as two roll sections, in order, each of its engine", async () => {
          // Issue 36: no public page says how core draws a message's several rolls; the test world draws
          // each roll's own HTML in order after the content (applications/chat/roll-sections.ts reads them so).
          const { rollToChat } = await import("../services/roll.ts");
          const { rollSections } = await import("../applications/chat/roll-sections.ts");
          const posted: ChatMessage.Implementation[] = [];
          try {
            for (const [engine, request] of [
              ["pool", { pool: 2, difficulty: 6 }],
              ["wild", { dice: 2 }],
            ] as const) {
              const made = await rollToChat(engine, request, { visibility: "public", flavor: "Quench" });
              if (made) posted.push(made);
            }
            assert.equal(posted.length, 2, "both rolls were posted");
            const rolls = posted.map((m) => m.rolls[0] as foundry.dice.Roll);
            const step = messageCreate({ rolls, ...cardData({}, 2) });
            await step.apply();
            const card = step.created();
            if (card) posted.push(card);
            if (!card) throw new Error("the card was not created");
            const html = await card.renderHTML();
            const drawn = rollSections(card, html);
            assert.deepEqual(
              drawn.map((d) => d.place),
              [0, 1],
              "a section per roll",
            );
            assert.deepEqual(
              drawn.map((d) => d.section.dataset.engine),
              ["pool", "wild"],
              "each roll's own section, in order",
            );
          } finally {
            for (const message of posted) await message.delete();
          }
        });

        context.it("every actor is the system's Actor class, with its behaviour", () => {
          // Issue 36: CONFIG.Actor.documentClass is the system's subclass of the class configured before it.
          assert.equal(CONFIG.Actor.documentClass.name, "RollingBonesActor", "the configured class");
          for (const actor of game.actors) {
            const own = actor as unknown as Record<string, unknown>;
            for (const method of ["rollTrait", "rollAttack", "applyDamage", "heal", "addCondition", "points"]) {
              assert.equal(typeof own[method], "function", `${actor.name ?? ""}.${method}`);
            }
            assert.isTrue(Array.isArray(own.conditions), `${actor.name ?? ""}.conditions`);
          }
        });

        context.it("a GM sees a player's self roll as a roll whose content is hidden", async () => {
          // Issue 23, fault 12: a self roll whispers to its author (API13 CONST.DICE_ROLL_MODES SELF); that a
          // GM sees it only as a roll with its content hidden is the stricter reading (public reports differ:
          // flamewave000/dragonflagon-fvtt#161 "the ??? roll is visible by GM"; Muttley/foundryvtt-shadowdark#359
          // "the GM sees the Self Rolls" in PF2e), which the test world emulates.
          const player = game.users.find((u) => !u.isGM);
          if (!player) return;
          const step = await markedRollMessage("rb-quench-self", { author: player.id, whisper: [player.id] });
          await step.apply();
          try {
            const message = step.created();
            if (!message) throw new Error("the message was not created");
            assert.isTrue(message.visible, "the GM's log shows the message");
            assert.isTrue(!message.isContentVisible, "its content is hidden from the GM");
            const html = await message.renderHTML();
            assert.isTrue(html.querySelector(".rb-quench-self") === null, "the GM's log does not draw its content");
          } finally {
            await step.revert();
          }
        });
        context.it(
          "a combat keeps its turn when an initiative is rolled mid-combat; rollInitiative honours formula, updateTurn and messageOptions; its messages carry initiativeRoll",
          async () => {
            // Issue 23, fault 7. API13/API14 Combat#rollInitiative: `formula` is rolled instead, `updateTurn`
            // keeps the turn "on the same Combatant", `messageOptions` go to the messages; Combat#turns is the
            // sorted order; core's initiative messages carry `flags.core.initiativeRoll` (Dice So Nice reads it).
            const made: Actor.Implementation[] = [];
            for (const name of ["Quench Ash", "Quench Birch", "Quench Cedar"]) {
              const data = { name, type: "action-character" } as unknown as Actor.CreateData;
              const actor = await Actor.implementation.create(inScratch(data));
              if (!actor) throw new Error("could not create an action-character");
              actors.push(actor);
              made.push(actor);
            }
            const known = new Set(game.messages.map((m) => m.id));
            // A combat linked to no scene. [API13 Combat.create; API14 CombatData#scene, CombatantData#actorId]
            const combat = await Combat.implementation.create({ scene: null });
            if (!combat) throw new Error("could not create the combat");
            try {
              await combat.createEmbeddedDocuments(
                "Combatant",
                made.map((a) => ({ actorId: a.id })),
              );
              const [ash, birch, cedar] = made.map((a) => combat.combatants.find((c) => c.actorId === a.id)?.id ?? "");
              await combat.rollInitiative([ash ?? ""], { formula: "20" });
              await combat.rollInitiative([birch ?? ""], { formula: "12" });
              await combat.startCombat();
              await combat.update({ turn: 1 });
              assert.equal(combat.combatant?.id, birch, "Birch's turn");
              // Cedar's 15 sorts before Birch: the order changes, the turn stays Birch's.
              await combat.rollInitiative([cedar ?? ""], { formula: "15" });
              assert.deepEqual(
                combat.turns.map((c) => c.id),
                [ash, cedar, birch],
                "the order re-sorted",
              );
              assert.equal(combat.combatant?.id, birch, "the turn stayed on Birch");
              // Asked not to update the turn, core leaves its index: Cedar's 5 sorts last, where the turn is.
              await combat.rollInitiative([cedar ?? ""], {
                formula: "5",
                updateTurn: false,
                // v13 `rollMode`, v14 `messageMode` (compat.ts); the v13 types name only the message's fields.
                messageOptions: messageModeOptions("gm") as never,
              });
              assert.equal(combat.turn, 2, "the turn's index stayed");
              assert.equal(combat.combatant?.id, cedar, "so the turn is now Cedar's");
              const posted = game.messages.filter((m) => !known.has(m.id));
              assert.equal(posted.length, 4, "one message per initiative rolled");
              assert.deepEqual(
                // The v13 types allow only the system's scope here; `core` is the one core writes.
                posted.map((m) => (m.flags as { core?: { initiativeRoll?: unknown } }).core?.initiativeRoll),
                [true, true, true, true],
                "every initiative message carries initiativeRoll",
              );
              const whispered = posted.at(-1)?.whisper.map(String) ?? [];
              const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
              assert.isTrue(
                whispered.length > 0 && whispered.every((id) => gms.includes(id)),
                "the GM-only message went to the GMs",
              );
              assert.equal(combat.combatants.get(cedar ?? "")?.initiative, 5, "the formula's total was set");
            } finally {
              for (const message of game.messages.filter((m) => !known.has(m.id))) await message.delete();
              await combat.delete();
            }
          },
        );

        context.it(
          "a sheet refuses a number out of its field's range before core's cleaning could clamp it: nothing is written",
          async () => {
            // Issue 23, fault 8: core cleans a sheet's submission against the schema before the sheet's
            // `_processSubmitData` (API13 DocumentSheetV2#_prepareSubmitData) and would clamp the rating
            // (FI#12487); the sheet's own check runs first, so nothing is written (its one message is
            // asserted on the test world, test/applications/sheet-form.test.ts).
            const id = "quenchSkill00001";
            const data = {
              name: "Quench sheet check",
              type: "percentile-character",
              system: { skills: { [id]: { name: "Quench climbing", rating: 3 } } },
            } as unknown as Actor.CreateData;
            const actor = await Actor.implementation.create(inScratch(data));
            if (!actor) throw new Error("could not create a percentile-character");
            actors.push(actor);
            const too = PERCENTILE_MAX_RATING + 5;
            const stored = () => foundry.utils.getProperty(actor, `_source.system.skills.${id}.rating`);
            const sheet = actor.sheet as unknown as {
              render(force: boolean): Promise<unknown>;
              close(): Promise<unknown>;
              element: HTMLElement;
            };
            const shown = () =>
              sheet.element.querySelector<HTMLInputElement>(`[name="system.skills.${id}.rating"]`)?.value ?? null;
            try {
              await sheet.render(true);
              const input = sheet.element.querySelector<HTMLInputElement>(`[name="system.skills.${id}.rating"]`);
              assert.isTrue(input !== null, "the sheet has the rating's input");
              if (!input) return;
              input.value = String(too);
              input.dispatchEvent(new Event("change", { bubbles: true }));
              // A refused submission draws the sheet again with the stored value; a clamped one changes it.
              for (let waited = 0; stored() === 3 && shown() !== "3" && waited < 3000; waited += 50) {
                await new Promise((resolve) => setTimeout(resolve, 50));
              }
              assert.equal(stored(), 3, "nothing was written (no clamped value)");
              assert.equal(shown(), "3", "the sheet shows the stored value again");
            } finally {
              await sheet.close();
            }
          },
        );
      });
    },
    { displayName: "Rolling Bones: v13/v14 shapes (issue 23)" },
  );
}

/**
 * The creation step (not yet applied) of a message with a 1d6 roll and a fixed paragraph of content
 * marked by the class `marker` (a constant of this batch, never user text), plus `extra` fields.
 */
async function markedRollMessage(
  marker: string,
  extra: Record<string, unknown>,
): Promise<ReturnType<typeof messageCreate>> {
  const roll = await new Roll("1d6").evaluate();
  return messageCreate({ ...extra, content: `<p class="${marker}">Quench</p>`, rolls: [roll] });
}
