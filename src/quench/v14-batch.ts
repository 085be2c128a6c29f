/**
 * Checks, in a real world, of issue 23's behaviours in the running generation's own shapes: the
 * conditions are configured status effects the token HUD offers (v13 array, v14 record by id), and a
 * condition toggled on a character carries its changes where the generation keeps them (v13
 * `changes`, v14 `system.changes`); an Assistant GM holds SETTINGS_MODIFY by default (fault 5); and a
 * speaker taken with no arguments is the controlled token, else the user's character (fault 6); and the
 * chat log's readings no public page settles (fault 12): a message with content and rolls drawn with both,
 * and a player's self roll shown to a GM as a roll whose content is hidden. Its messages are created
 * through the services' one creation step (`messageCreate`). The world batch (`rolling-bones.world`) checks the deletion
 * operator and clamped numbers; the character batch the legacy-field migration. A failure here means
 * the test world's v13 or v14 mode was wrong; fix both.
 */
import { SYSTEM_ID } from "../constants.ts";
import { CHANGE_PREFIX, CONDITIONS, hudActorTypes } from "../data/conditions/index.ts";
import { effectChangeKind, effectChanges, generation, statusEffectList } from "../helpers/compat.ts";
import { messageCreate } from "../services/messages.ts";
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
            const actor = await Actor.implementation.create(data);
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
