/**
 * "A Wild Die initiative", the in-world check of docs/rules.md §3 (every roll has a Wild Die, initiative
 * included; Character Points may be spent on it) for the Quench module (issue 29 item 13): a plain
 * roll of the combatant's initiative is a Wild Die roll whose 6 explodes, and the same roll through
 * its dialog spends a Character Point, which the sheet loses and the card records, while the
 * combatant moves to the card's total. The batch creates its character and combat and deletes them
 * afterwards, with the messages it posted.
 */
import { askWildInitiative } from "../applications/dialogs/initiative-dialog.ts";
import type { WildRoll } from "../dice/index.ts";
import { rollCombatantInitiative } from "../services/initiative.ts";
import { until } from "./fight-batch.ts";
import { withFaces, type FaceMapping } from "./faces.ts";
import { registerPostingBatch, type Assert, type QuenchApi } from "./batch.ts";

/** The part of a combat the scenario reads. [API13 Combat#combatants, Combatant#initiative] */
export interface InitiativeCombat {
  readonly combatants: { get(id: string): { readonly initiative: number | null } | undefined };
}

const d6 = (face: number): [number, number] => [face, 6];

/** The newest chat message, if it is an initiative card (its roll names a combatant). */
function newestInitiativeCard(): ChatMessage.Implementation | null {
  const message = game.messages.contents.at(-1);
  const options = message?.rolls[0]?.options as { initiative?: unknown } | undefined;
  return message && options?.initiative ? message : null;
}

/** The faces of a Wild Die roll's dice of one role, in throw order. */
function facesOf(roll: WildRoll | undefined, role: string): number[] {
  return (roll?.outcome?.dice ?? []).filter((d) => d.role === role).map((d) => d.value);
}

/**
 * The scenario: the character (Perception 3D+1, 2 Character Points, owned by the user running it)
 * rolls its initiative plainly (a Wild Die roll: 2, 5 and the Wild Die's 6 exploding into 3, total 17),
 * then through its dialog with 1 Character Point (2, 3, the Wild Die 4, the extra Wild Die's 6
 * exploding into 5, total 21).
 *
 * @returns The cards posted.
 */
export async function runWildInitiativeScenario(
  actor: Actor.Implementation,
  combat: InitiativeCombat,
  combatantId: string,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const posted: ChatMessage.Implementation[] = [];
  // The system's Combat class is what the tracker calls; its roll for one combatant is this, with the
  // dialog it opens when the *Open the roll dialog* keys are held.
  const roll = (dialog: boolean) =>
    rollCombatantInitiative(
      combat as unknown as Combat.Implementation,
      combat.combatants.get(combatantId) as unknown as Combatant.Implementation,
      { dialog: dialog ? askWildInitiative : null },
    );
  const initiative = () => combat.combatants.get(combatantId)?.initiative ?? null;

  await withFaces([2, 5, 6, 3].map(d6), mapping, () => roll(false));
  const plain = newestInitiativeCard();
  if (plain) posted.push(plain);
  const plainRoll = plain?.rolls[0] as WildRoll | undefined;
  assert.isTrue(plainRoll?.outcome?.engine === "wild", "the initiative is a Wild Die roll");
  assert.deepEqual(facesOf(plainRoll, "wild"), [6, 3], "the Wild Die's 6 exploded into 3");
  assert.equal(initiative(), 17, "the combatant's initiative is the card's total");

  const before = (actor.system as { characterPoints?: number }).characterPoints;
  const pending = withFaces([2, 3, 4, 6, 5].map(d6), mapping, () => roll(true));
  const dialogs = () => document.querySelectorAll<HTMLFormElement>("form.rb-roll-dialog");
  assert.isTrue(await until(() => dialogs().length > 0), "the initiative dialog opened");
  const form = [...dialogs()].at(-1);
  const points = form?.querySelector<HTMLInputElement>('[name="characterPoints"]');
  if (points) points.value = "1";
  form?.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  assert.isTrue(await pending, "the initiative was set");
  const spent = newestInitiativeCard();
  if (spent && spent !== plain) posted.push(spent);
  const spentRoll = spent?.rolls[0] as WildRoll | undefined;
  assert.equal(spentRoll?.outcome?.characterPoints, 1, "the card records 1 Character Point");
  assert.deepEqual(facesOf(spentRoll, "cpWild"), [6, 5], "the extra Wild Die's 6 exploded into 5");
  assert.equal(spentRoll?.points.ledger[0]?.type, "characterPoints", "the card's ledger names the spend");
  assert.equal(
    (actor.system as { characterPoints?: number }).characterPoints,
    (before ?? 0) - 1,
    "the sheet lost the point",
  );
  assert.equal(initiative(), 21, "the combatant moved to the new total");
  return posted;
}

/** Registers the initiative batch. */
export function registerInitiativeBatch(quench: QuenchApi): void {
  registerPostingBatch(quench, "initiative", "Rolling Bones: a Wild Die initiative", (batch) => {
    const { context } = batch;
    context.describe("Rolling Bones: a Wild Die initiative", () => {
      context.it("a plain roll has a Wild Die; through its dialog a Character Point is spent", async () => {
        const hero = await batch.actor("Quench initiative", "wild-character", {
          attributes: { perception: { code: "3D+1" } },
          characterPoints: 2,
        });
        // A combat shown in every scene, with the character. [API13 Combat.create, Combatant]
        const combat = await Combat.implementation.create({ scene: null, active: true });
        if (!combat) throw new Error("could not create the combat");
        batch.cleanUp(() => combat.delete());
        const created = await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }] as never);
        const combatant = created?.[0]?.id ?? "";
        batch.keep(...(await runWildInitiativeScenario(hero, combat, combatant, batch.mapping, batch.assert)));
      });
    });
  });
}
