/**
 * The in-world check of a targeted attack, for the Quench module (run by a GM in a real world;
 * docs/rules.md §6, issue 24 item 3): a dice-pool character attacks two NPCs of difficulty 6 and 8 with its
 * sword, as its roll dialog posts an attack with those targets; the active GM (the user running the
 * batch) judges each against its defence, and the card names both with their verdicts. The scenario
 * creates its actors and deletes them afterwards, with the message it posted.
 */
import { asCharacter } from "../data/actor/pure.ts";
import { requestForTrait } from "../data/actor/trait-rolls.ts";
import { DIALOG_ENGINES, dialogSettingsFor, evaluateForm, postDialogRoll } from "../applications/dialogs/index.ts";
import { dialogAttack, equipmentOf, traitRollOptions } from "../applications/sheets/roll-trait.ts";
import type { DialogTarget } from "../dice/cards/targets.ts";
import { judgeTargets } from "../services/targets.ts";
import { withFaces, type FaceMapping } from "./faces.ts";
import { registerPostingBatch, type Assert, type PostingBatch, type QuenchApi } from "./batch.ts";

/** A target as the dialog records a token of this actor (its name and reference, no figure). */
function targetOf(actor: Actor.Implementation): DialogTarget {
  const stored = {
    name: actor.name,
    token: null,
    actor: actor.id,
    engine: "pool" as const,
    verdict: "pending" as const,
  };
  return { name: actor.name, engine: "pool", defence: null, stored };
}

/**
 * An attack with Dexterity 3 + Swordplay 2 at the sword's difficulty 6 on two targets of difficulty 6
 * and 8: the dice show 6, 7, 8, 1, 2, so two net successes at 6 (a hit) and none at 8 (a miss).
 *
 * @returns The message posted, if any.
 */
export async function runTargetedAttackScenario(
  attacker: Actor.Implementation,
  weapon: string,
  targets: readonly Actor.Implementation[],
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation | null> {
  const character = asCharacter(attacker.type, attacker.system);
  if (!character) throw new Error("not a character");
  const trait = { kind: "weapon", key: attacker.items.contents.find((i) => i.name === weapon)?.id ?? "" };
  const roll = requestForTrait(character.type, character.system as never, trait, equipmentOf(attacker));
  if (!roll.attack) throw new Error("not a weapon attack");
  // The settings the weapon row's dialog opens with, the targets its user holds recorded as it records tokens.
  const settings = {
    ...dialogSettingsFor({ actor: attacker, attack: dialogAttack(attacker, roll.engine, roll.attack) }),
    targets: targets.map(targetOf),
  };
  const dialog = DIALOG_ENGINES[roll.engine];
  const values = dialog.requestToForm(roll.request, settings);
  const evaluation = evaluateForm(dialog, values, settings, game.i18n.lang);
  if (!evaluation.ok) throw evaluation.errors[0]?.error ?? new Error("the dialog refused the roll");
  const d10 = (face: number): [number, number] => [face, 10];
  const message = await withFaces([6, 7, 8, 1, 2].map(d10), mapping, () =>
    postDialogRoll(roll.engine, evaluation, {
      actor: attacker,
      title: weapon,
      settings,
      values,
      visibility: "public",
      rollOptions: traitRollOptions(attacker, trait, roll.engine, roll.damage),
    }),
  );
  assert.isTrue(message !== null, "the attack was posted");
  if (!message) return null;
  // The active GM's hook judges the card; judging again changes nothing once it has.
  await judgeTargets(game.messages.get(message.id ?? "") ?? message);
  const card = await (game.messages.get(message.id ?? "") ?? message).renderHTML();
  const seen = [...card.querySelectorAll<HTMLElement>("[data-target]")].map((li) => [
    li.querySelector("[data-target-name]")?.textContent,
    li.dataset.verdict,
  ]);
  assert.deepEqual(
    seen,
    targets.map((t, i) => [t.name, i === 0 ? "hit" : "miss"]),
    "the card judges each target against its own difficulty",
  );
  return message;
}

/**
 * Creates the duellist of the targets and fight batches: a dice-pool character of Dexterity 3 and
 * Swordplay 2 with a sword of difficulty 6 and damage 2 ("Quench sword").
 *
 * @param batch - The batch that deletes it afterwards.
 */
export function makeDuellist(batch: Pick<PostingBatch, "actor">): Promise<Actor.Implementation> {
  return batch.actor(
    "Quench duellist",
    "pool-character",
    {
      attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
      abilities: { abilityQuenchSw1: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
    },
    [{ name: "Quench sword", type: "weapon", system: { pool: { difficulty: 6, damage: 2, ability: "Swordplay" } } }],
  );
}

/** Registers the targets batch. */
export function registerTargetsBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "targets", "Rolling Bones: targeted attacks", (batch) => {
    const { context } = batch;
    context.describe("Rolling Bones targets: an attack judged against each target's defence", () => {
      context.it("a dice-pool attack on two NPCs hits the one of difficulty 6 and misses the one of 8", async () => {
        const duellist = await makeDuellist(batch);
        const thug = await batch.actor("Quench thug", "pool-npc", { defence: 6 });
        const brute = await batch.actor("Quench brute", "pool-npc", { defence: 8 });
        const targets = [thug, brute];
        batch.keep(await runTargetedAttackScenario(duellist, "Quench sword", targets, batch.mapping, batch.assert));
      });
    });
  });
}
