/**
 * "A fight", the in-world check of damage that lands, for the Quench module (run by a GM in a real
 * world; docs/rules.md §6, issue 25): initiative, an attack on a target, its damage applied from the
 * damage card to the recorded target, a condition that expires at the end of its bearer's turn, the
 * target falling to 0 (defeated, its combatant too), and the Undo of that blow lifting the defeat.
 * The batch creates its actors and combat and deletes them afterwards, with the messages it posted.
 */
import { partOf } from "../data/card/parts.ts";
import { applyDamage, applyFromCard, undoOnCard } from "../services/harm/requests.ts";
import { LEDGER_FLAG, readLedger } from "../services/harm/ledger.ts";
import { addTimedCondition } from "../services/harm/durations.ts";
import { rollWithPoints } from "../services/points/requests.ts";
import { makeDuellist, runTargetedAttackScenario } from "./targets-batch.ts";
import { DIALOG_ENGINES, dialogSettingsFor, evaluateForm } from "../applications/dialogs/index.ts";
import { choicesView } from "../applications/dialogs/choices.ts";
import { withFaces, type FaceMapping } from "./faces.ts";
import { registerPostingBatch, type Assert, type QuenchApi } from "./batch.ts";

/** The part of a combat the scenario drives. [API13 Combat#setInitiative, #startCombat, #nextTurn, #combatants] */
export interface FightCombat {
  setInitiative(id: string, value: number): Promise<unknown>;
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  readonly combatants: Iterable<{
    readonly id: string | null;
    readonly actorId: string | null;
    readonly defeated: boolean;
  }>;
}

/** Resolves once `check` holds, or after two seconds (the GM's hooks act on their own time). */
export async function until(check: () => boolean): Promise<boolean> {
  for (let waited = 0; waited < 2_000; waited += 20) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** The statuses on an actor's effects. */
function statuses(actor: Actor.Implementation): string[] {
  return actor.effects.contents.flatMap((e) => [...(e as unknown as { statuses: Set<string> }).statuses]);
}

/** An actor's health. */
export function health(actor: Actor.Implementation): number {
  return (actor.system as { health?: { value?: number } }).health?.value ?? -1;
}

/**
 * The duellist's sword damage after an attack: a dice-pool damage roll of these d10 faces at
 * difficulty 6, the attack's targets kept on the card.
 */
async function rollSwordDamage(
  duellist: Actor.Implementation,
  weapon: string,
  attack: ChatMessage.Implementation | null,
  faces: readonly number[],
  mapping: FaceMapping,
): Promise<ChatMessage.Implementation | null> {
  const targets = (attack?.rolls[0]?.options as { targets?: unknown } | undefined)?.targets;
  const d10 = (face: number): [number, number] => [face, 10];
  return withFaces(faces.map(d10), mapping, () =>
    rollWithPoints(
      "pool",
      { pool: faces.length, difficulty: 6, damage: true },
      {
        actor: duellist,
        visibility: "public",
        rollOptions: { damage: { actor: duellist.name, weapon, rolled: `${faces.length}d10` }, targets },
      },
    ),
  );
}

/**
 * The fight: the duellist (turn 0) attacks the thug (health 5, turn 1) with its sword and hits; its
 * damage (3 harm) is applied from the damage card to the thug, who is Wounded (2 of 5); the thug is Impaired
 * for one round during the duellist's turn, which ends at the end of the thug's turn; a blow of 10
 * fells him (defeated, his combatant too); the GM's Undo of that blow gives back his 2 health and
 * lifts the defeat.
 *
 * @returns The messages posted.
 */
export async function runFightScenario(
  duellist: Actor.Implementation,
  weapon: string,
  thug: Actor.Implementation,
  combat: FightCombat,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const posted: ChatMessage.Implementation[] = [];
  const combatants = () => [...combat.combatants];
  const of = (actor: Actor.Implementation) => combatants().find((c) => c.actorId === actor.id);
  await combat.setInitiative(of(duellist)?.id ?? "", 15);
  await combat.setInitiative(of(thug)?.id ?? "", 8);
  await combat.startCombat();
  const attack = await runTargetedAttackScenario(duellist, weapon, [thug], mapping, assert);
  if (attack) posted.push(attack);
  // The sword's damage: three successes at difficulty 6, the attack's target kept on the card.
  const damage = await rollSwordDamage(duellist, weapon, attack, [7, 8, 9, 2], mapping);
  assert.isTrue(damage !== null, "the damage card was posted");
  if (!damage) return posted;
  posted.push(damage);
  await applyFromCard(damage, { actor: thug.id ?? "" }, "full");
  assert.equal(health(thug), 2, "the thug took the card's 3 harm");
  assert.isTrue(statuses(thug).includes("rb-wounded"), "at 2 of 5 (half or less) the thug is Wounded");
  const ledger = () => readLedger(partOf(damage, LEDGER_FLAG));
  assert.equal(ledger().entries.length, 1, "the card records the application");

  await addTimedCondition(thug, "rb-impaired", 1, "rounds");
  assert.isTrue(statuses(thug).includes("rb-impaired"), "Impaired for one round");
  await combat.nextTurn(); // the thug's turn
  assert.isTrue(statuses(thug).includes("rb-impaired"), "still Impaired during his turn");
  await combat.nextTurn(); // round 2: the thug's turn has ended
  assert.isTrue(await until(() => !statuses(thug).includes("rb-impaired")), "Impaired ended with his turn");

  const felled = await applyDamage([thug], 10);
  const record = game.messages.get(felled?.[0]?.messageId ?? "");
  if (record) posted.push(record);
  assert.equal(health(thug), 0, "the blow fells the thug");
  assert.isTrue(statuses(thug).includes(CONFIG.specialStatusEffects.DEFEATED), "the thug is defeated");
  assert.isTrue(of(thug)?.defeated === true, "his combatant is defeated");
  const entry = record ? readLedger(partOf(record, LEDGER_FLAG)).entries[0] : undefined;
  if (record && entry) await undoOnCard(record, entry.id);
  assert.equal(health(thug), 2, "Undo gives back exactly what the blow took");
  assert.isTrue(!statuses(thug).includes(CONFIG.specialStatusEffects.DEFEATED), "Undo lifts the defeat");
  assert.isTrue(of(thug)?.defeated === false, "his combatant is no longer defeated");
  return posted;
}

/**
 * A miss takes no damage unless a GM forces it (issue 35 points 3 and 4): the duellist's sword hits the
 * thug (difficulty 6) and misses the bruiser (difficulty 9); the damage card applies to the thug as
 * usual, and to the bruiser only as forced, its ledger line saying so; the bruiser's sheet shows the GM
 * its defence figure to edit.
 *
 * @returns The messages posted.
 */
export async function runMissScenario(
  duellist: Actor.Implementation,
  weapon: string,
  thug: Actor.Implementation,
  bruiser: Actor.Implementation,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const posted: ChatMessage.Implementation[] = [];
  const attack = await runTargetedAttackScenario(duellist, weapon, [thug, bruiser], mapping, assert);
  if (!attack) return posted;
  posted.push(attack);
  const damage = await rollSwordDamage(duellist, weapon, attack, [7, 8, 2, 2], mapping);
  assert.isTrue(damage !== null, "the damage card was posted");
  if (!damage) return posted;
  posted.push(damage);
  const before = { thug: health(thug), bruiser: health(bruiser) };
  await applyFromCard(damage, { actor: thug.id ?? "" }, "full");
  await applyFromCard(damage, { actor: bruiser.id ?? "" }, "full");
  assert.isTrue(health(thug) < before.thug, "the hit target took the damage");
  assert.isTrue(health(bruiser) < before.bruiser, "the GM may still force it on the missed target");
  const entries = readLedger(partOf(damage, LEDGER_FLAG)).entries;
  const line = (actor: Actor.Implementation) => entries.find((e) => e.target.actor === actor.id);
  assert.isTrue(line(thug)?.forced === undefined, "the hit's line is not forced");
  assert.isTrue(line(bruiser)?.forced === true, "the miss's line says it was forced");
  // The GM sees the bruiser's defence figure on its sheet, to edit. [API13 DocumentSheet#render, #close]
  const sheet = bruiser.sheet as unknown as { render(force: boolean): Promise<unknown>; close(): Promise<unknown> };
  await sheet.render(true);
  const shown = await until(
    () =>
      (bruiser.sheet as unknown as { element?: HTMLElement | null }).element?.querySelector(
        '[name="system.defence"]',
      ) != null,
  );
  const input = (bruiser.sheet as unknown as { element?: HTMLElement | null }).element?.querySelector<HTMLInputElement>(
    '[name="system.defence"]',
  );
  assert.isTrue(shown, "the NPC sheet shows the GM its defence figure as a field");
  assert.equal(input?.value, "9", "at the figure the NPC holds");
  await sheet.close();
  return posted;
}

/**
 * What each choice buys follows the roll as it will be made (issue 35 point 5), with a real actor's
 * conditions: a Wild Die character Stunned and Badly wounded opens a dialog whose settings list both,
 * and the Character Points row it ticks is exactly the headline beside it (and not the figure without them).
 */
export async function runChoicesScenario(hero: Actor.Implementation, assert: Assert): Promise<void> {
  await hero.toggleStatusEffect("rb-stunned", { active: true });
  await hero.toggleStatusEffect("rb-badly-wounded", { active: true });
  const initial = { dice: 4, pips: 1, target: 14 };
  const settings = dialogSettingsFor({ actor: hero, initial: initial });
  const names = (settings.conditions ?? []).map((c) => c.name);
  assert.equal(names.length, 2, "the dialog lists both conditions");
  const dialog = DIALOG_ENGINES.wild;
  const values = dialog.requestToForm(initial as never, settings);
  const evaluation = evaluateForm(dialog, values, settings, game.i18n.lang);
  assert.isTrue(evaluation.ok, "the dialog's form reads");
  if (!evaluation.ok) return;
  const headline = (evaluation.odds as { success?: { p: number } | null }).success?.p ?? null;
  const table = choicesView("wild", values, settings, game.i18n.lang).find((t) => t.resource === "characterPoints");
  assert.equal(table?.rows.find((r) => r.chosen)?.p ?? null, headline, "the ticked row equals the headline");
  const bare = evaluateForm(dialog, values, { ...settings, conditions: [] }, game.i18n.lang);
  const bareHeadline = bare.ok ? ((bare.odds as { success?: { p: number } | null }).success?.p ?? null) : null;
  assert.isTrue(bareHeadline !== headline, "the conditions moved the chance");
}

/** Registers the fight batch. */
export function registerFightBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "fight", "Rolling Bones: a fight", (batch) => {
    const { context } = batch;
    context.describe("Rolling Bones: a fight", () => {
      context.it("initiative, an attack on a target, damage applied, a condition expiring, defeat, undo", async () => {
        const duellist = await makeDuellist(batch);
        const thug = await batch.actor("Quench thug", "pool-npc", { defence: 6, health: { value: 5, max: 5 } });
        // A combat shown in every scene, with both; it becomes the active one. [API13 Combat.create, Combatant]
        const combat = await Combat.implementation.create({ scene: null, active: true });
        if (!combat) throw new Error("could not create the combat");
        batch.cleanUp(() => combat.delete());
        await combat.createEmbeddedDocuments("Combatant", [{ actorId: duellist.id }, { actorId: thug.id }] as never);
        batch.keep(...(await runFightScenario(duellist, "Quench sword", thug, combat, batch.mapping, batch.assert)));
      });
      context.it(
        "what each choice buys counts a real character's conditions: the ticked row is the headline",
        async () => {
          // Character Points to spend: the check prices them (a new character may hold none).
          const hero = await batch.actor("Quench hero", "wild-character", { characterPoints: 5 });
          await runChoicesScenario(hero, batch.assert);
        },
      );
      context.it(
        "a miss takes damage only when the GM forces it, and says so; the NPC sheet shows its defence",
        async () => {
          const duellist = await makeDuellist(batch);
          const thug = await batch.actor("Quench thug", "pool-npc", { defence: 6, health: { value: 5, max: 5 } });
          const bruiser = await batch.actor("Quench bruiser", "pool-npc", { defence: 9, health: { value: 8, max: 8 } });
          batch.keep(...(await runMissScenario(duellist, "Quench sword", thug, bruiser, batch.mapping, batch.assert)));
        },
      );
    });
  });
}
