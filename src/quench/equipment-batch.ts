/**
 * The in-world checks of equipment in Precision & Impact and percentile rolls, for the Quench module
 * (run by a GM in a real world): a weapon attack opened from a character's weapon row, rolled as its
 * roll dialog rolls it (the choice of skill, the gear ticked), against real actors, embedded items,
 * chat messages and templates. Each scenario creates its character with its items and deletes it
 * afterwards, with every message it posted:
 * - a Precision & Impact weapon attack adds the weapon's Impact modifier and a ticked gear's
 *   Precision modifier after the pick, and the card names both items;
 * - a percentile called shot with a ×2 weapon and two voluntary penalty dice says ×4 on a hit.
 */
import { SYSTEM_ID } from "../constants.ts";
import { asCharacter, requestForTrait, type CharacterType } from "../data/actor/pure.ts";
import { dialogSettingsFor, DIALOG_ENGINES, evaluateForm, postDialogRoll } from "../applications/dialogs/index.ts";
import type { FormValues } from "../applications/dialogs/form-values.ts";
import { dialogAttack, equipmentOf } from "../applications/sheets/roll-trait.ts";
import { calibrate, throwD4, withFaces, type FaceMapping } from "./faces.ts";
import type { Face } from "./dice-scenarios.ts";
import type { QuenchApi, QuenchContext } from "./index.ts";

/** What a scenario asserts with (Quench's chai `assert`, or a test's stand-in). */
type Assert = QuenchContext["assert"];

/** An item id of the actor by the item's name. */
function itemId(actor: Actor.Implementation, name: string): string {
  return actor.items.contents.find((item) => item.name === name)?.id ?? "";
}

/**
 * Rolls a weapon as its roll dialog does: opened from the character (as the weapon row opens it),
 * its form changed by `change`, and Roll pressed, with Foundry's dice showing `faces`.
 */
async function attackAs(
  actor: Actor.Implementation,
  weapon: string,
  change: (values: FormValues) => FormValues,
  faces: readonly Face[],
  mapping: FaceMapping,
): Promise<ChatMessage.Implementation | null> {
  const character = asCharacter(actor.type, actor.system);
  if (!character) throw new Error("not a character");
  const trait = { kind: "weapon", key: itemId(actor, weapon) };
  const roll = requestForTrait(character.type, character.system as never, trait, equipmentOf(actor));
  if (!roll.attack) throw new Error("not a weapon attack");
  const settings = dialogSettingsFor({ actor, attack: dialogAttack(actor, roll.engine, roll.attack) });
  const dialog = DIALOG_ENGINES[roll.engine];
  const values = change(dialog.requestToForm(roll.request, settings));
  const evaluation = evaluateForm(dialog, values, settings, game.i18n.lang);
  if (!evaluation.ok) throw evaluation.errors[0]?.error ?? new Error("the dialog refused the roll");
  return withFaces(faces, mapping, () =>
    postDialogRoll(roll.engine, evaluation, { actor, title: weapon, settings, values, visibility: "public" }),
  );
}

/** A card as the running client sees it now. */
function cardOf(message: ChatMessage.Implementation): Promise<HTMLElement> {
  return (game.messages.get(message.id ?? "") ?? message).renderHTML();
}

/**
 * A Precision & Impact weapon attack with a skill whose dice are Quickness d8 d4 and Power d6 d4
 * (+1 Precision), a weapon of Impact +2 and a ticked piece of gear of Precision +2: the dice show
 * 6, 5, 2, 1, so Precision is 11 + 1 + 2 and Impact 1 + 2, and the card names both items.
 *
 * @returns The message posted, if any.
 */
export async function runPiWeaponScenario(
  actor: Actor.Implementation,
  items: { readonly weapon: string; readonly gear: string },
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation | null> {
  const gear = itemId(actor, items.gear);
  const faces: Face[] = [
    [6, 8],
    [5, 6],
    [2, 4],
    [1, 4],
  ];
  const message = await attackAs(
    actor,
    items.weapon,
    (values) => ({ ...values, [`gear-${gear}`]: true }),
    faces,
    mapping,
  );
  assert.isTrue(message !== null, "the attack was posted");
  if (!message) return null;
  const outcome = (message.rolls[0]?.options as { outcome?: { precision?: number; impact?: number } }).outcome;
  assert.deepEqual([outcome?.precision, outcome?.impact], [14, 3], "Precision and Impact");
  const card = await cardOf(message);
  const names = [...card.querySelectorAll('[data-source="equipment"] .rb-card__condition-name')].map(
    (n) => n.textContent,
  );
  assert.deepEqual(names, [items.weapon, items.gear], "the card names both items");
  const line = card.querySelector('[data-source="equipment"]')?.textContent?.replace(/\s+/g, " ").trim();
  const impact = game.i18n.localize("ROLLING_BONES.Condition.Target.impact");
  assert.equal(line, `${items.weapon}: ${impact} +2`, "the weapon's line");
  return message;
}

/**
 * A percentile called shot with a ×2 weapon and two voluntary penalty dice at a rating of 12: the
 * dice show tens 9, ones 5 and penalty dice 7 and 8 (75, a hit), and the card says ×4.
 *
 * @returns The message posted, if any.
 */
export async function runCalledShotScenario(
  actor: Actor.Implementation,
  weapon: string,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation | null> {
  const faces: Face[] = [
    [9, 10],
    [5, 10],
    [7, 10],
    [8, 10],
  ];
  const message = await attackAs(actor, weapon, (values) => ({ ...values, voluntaryPenalty: "2" }), faces, mapping);
  assert.isTrue(message !== null, "the attack was posted");
  if (!message) return null;
  const card = await cardOf(message);
  assert.equal(
    card.querySelector('[data-note="weapon-damage"]')?.textContent,
    game.i18n.format("ROLLING_BONES.Percentile.Card.WeaponHit", { weapon, multiplier: "4" }),
    "the hit's multiplier",
  );
  return message;
}

/** Registers the equipment batch. */
export function registerEquipmentBatch(quench: QuenchApi): void {
  quench.registerBatch(
    `${SYSTEM_ID}.equipment`,
    (context: QuenchContext) => {
      const { assert } = context;
      const actors: Actor.Implementation[] = [];
      const messages: ChatMessage.Implementation[] = [];
      let mapping: FaceMapping;

      const make = async (type: CharacterType, system: Record<string, unknown>, items: Record<string, unknown>[]) => {
        // The v13 types do not take a system type's name as a literal here; the data is what Foundry reads.
        const data = { name: `Quench equipment ${type}`, type, system, items } as unknown as Actor.CreateData;
        const actor = await Actor.implementation.create(data);
        if (!actor) throw new Error(`could not create a ${type}`);
        actors.push(actor);
        return actor;
      };
      const keep = (message: ChatMessage.Implementation | null) => void (message && messages.push(message));

      context.before(async () => {
        mapping = await calibrate(throwD4);
      });
      context.after(async () => {
        for (const message of messages) await message.delete();
        for (const actor of actors) await actor.delete();
      });

      context.describe("Rolling Bones equipment: weapon attacks and gear in a real world", () => {
        context.it(
          "a Precision & Impact weapon attack adds the sword's Impact and the ticked gear's Precision",
          async () => {
            const hero = await make(
              "pi-character",
              {
                attributes: { power: { dice: [6, 4] }, quickness: { dice: [8, 4] }, wits: { dice: [8, 6] } },
                skills: {
                  skillQuenchSw001: {
                    name: "Swords",
                    first: "quickness",
                    second: "power",
                    adds: "precision",
                    bonus: 1,
                  },
                },
              },
              [
                { name: "Quench longsword", type: "weapon", system: { pi: { precision: 0, impact: 2 } } },
                { name: "Quench lockpicks", type: "gear", system: { pi: { precision: 2, impact: 0 } } },
              ],
            );
            keep(
              await runPiWeaponScenario(
                hero,
                { weapon: "Quench longsword", gear: "Quench lockpicks" },
                mapping,
                assert,
              ),
            );
          },
        );

        context.it(
          "a percentile called shot with a ×2 weapon and two voluntary penalty dice says ×4 on a hit",
          async () => {
            const archer = await make(
              "percentile-character",
              { skills: { skillQuenchBow01: { name: "Bows", rating: 12 } } },
              [{ name: "Quench bow", type: "weapon", system: { percentile: { multiplier: 2 } } }],
            );
            keep(await runCalledShotScenario(archer, "Quench bow", mapping, assert));
          },
        );
      });
    },
    { displayName: "Rolling Bones: equipment in rolls" },
  );
}
