/**
 * The in-world checks of equipment in rolls, for the Quench module (run by a GM in a real world): a
 * weapon attack opened from a character's weapon row, rolled as its roll dialog rolls it (the choice
 * of skill, the gear ticked), against real actors, embedded items, chat messages and templates. Each
 * scenario creates its character with its items and deletes it afterwards, with every message it
 * posted:
 * - a Precision & Impact weapon attack adds the weapon's Impact modifier and a ticked gear's
 *   Precision modifier after the pick, and the card names both items;
 * - a percentile called shot with a ×2 weapon and two voluntary penalty dice says ×4 on a hit, and its
 *   damage is the bow's 1d6+1 times 4;
 * - a Wild Die weapon attack rolls the skill naming the weapon, and a dice-pool one an Attribute +
 *   Ability pair at the weapon's difficulty; each card names the weapon and offers its owner (the GM
 *   running the batch) Roll damage, which rolls the weapon's damage.
 */
import { inScratch } from "./batch.ts";
import { SYSTEM_ID } from "../constants.ts";
import { asCharacter, type CharacterType } from "../data/actor/pure.ts";
import { requestForTrait } from "../data/actor/trait-rolls.ts";
import { dialogSettingsFor, DIALOG_ENGINES, evaluateForm, postDialogRoll } from "../applications/dialogs/index.ts";
import type { FormValues } from "../applications/dialogs/form-values.ts";
import { dialogAttack, equipmentOf, traitRollOptions } from "../applications/sheets/roll-trait.ts";
import { rollCardDamage } from "../applications/chat/damage-control.ts";
import { cardDrawn } from "../applications/chat/card-views.ts";
import { calibrate, throwD4, withFaces, type FaceMapping } from "./faces.ts";
import type { Face } from "./dice-scenarios.ts";
import type { Assert, QuenchApi, QuenchContext } from "./batch.ts";

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
  // What the weapon row opens the dialog with (the weapon's ids, so its card offers the damage).
  const rollOptions = traitRollOptions(actor, trait, roll.engine, roll.damage);
  return withFaces(faces, mapping, () =>
    postDialogRoll(roll.engine, evaluation, {
      actor,
      title: weapon,
      settings,
      values,
      visibility: "public",
      rollOptions,
    }),
  );
}

/** A card as the running client sees it now, every view of its parts in place. */
async function cardOf(message: ChatMessage.Implementation): Promise<HTMLElement> {
  const html = await (game.messages.get(message.id ?? "") ?? message).renderHTML();
  await cardDrawn(html);
  return html;
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

/** The attack card's Roll damage button as the running user sees it, and the damage it rolls (Shift: no dialog). */
async function rollDamageFromCard(
  message: ChatMessage.Implementation,
  faces: readonly Face[],
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation | null> {
  const card = await cardOf(message);
  assert.isTrue(card.querySelector("button[data-rb-action=rollDamage]") !== null, "the card offers Roll damage");
  const before = new Set(game.messages.contents.map((m) => m.id));
  const shift = new MouseEvent("click", { shiftKey: true });
  await withFaces(faces, mapping, () => rollCardDamage(message, shift));
  const damage = game.messages.contents.find((m) => !before.has(m.id)) ?? null;
  assert.isTrue(damage !== null, "the damage was rolled");
  return damage;
}

/**
 * A percentile called shot's damage (docs/rules.md §6: the weapon's damage × the hit's multiplier): after
 * the ×4 hit of {@link runCalledShotScenario}, the card's Roll damage throws the bow's 1d6+1 with the
 * d6 showing 3, so the damage card's total is (3 + 1) × 4 = 16, and it offers ×1 on its target.
 *
 * @returns The damage message, if any.
 */
export async function runPercentileDamageScenario(
  attack: ChatMessage.Implementation,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation | null> {
  const damage = await rollDamageFromCard(attack, [[3, 6]], mapping, assert);
  const request = optionsOf(damage).request as Record<string, unknown> | undefined;
  assert.deepEqual(
    [request?.kind, request?.base, request?.modifier, request?.multiplier],
    ["damage", [6], 1, 4],
    "the bow's formula times the hit's multiplier",
  );
  assert.equal(damage?.rolls[0]?.total, 16, "the damage (3 + 1) × 4");
  return damage;
}

/** A roll's stored options (request, outcome, damage line) as a scenario reads them. */
function optionsOf(message: ChatMessage.Implementation | null): Record<string, unknown> {
  return message?.rolls[0]?.options ?? {};
}

/**
 * A Wild Die weapon attack with an Axes skill of 4D (the skill naming the weapon) against target 12:
 * the dice show 5, 4, 3, 2 (no 6 or 1), the total 14 succeeds, the card names the weapon and the
 * skill; its Roll damage rolls Strength 2D+1 plus the weapon's 3D.
 *
 * @returns The messages posted (the attack, the damage).
 */
export async function runWildWeaponScenario(
  actor: Actor.Implementation,
  names: { readonly weapon: string; readonly skill: string },
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const { weapon, skill } = names;
  const faces: Face[] = [
    [5, 6],
    [4, 6],
    [3, 6],
    [2, 6],
  ];
  const message = await attackAs(actor, weapon, (values) => ({ ...values, target: "12" }), faces, mapping);
  assert.isTrue(message !== null, "the attack was posted");
  if (!message) return [];
  const outcome = optionsOf(message).outcome as { total?: number } | undefined;
  assert.equal(outcome?.total, 14, "the skill's total");
  const card = await cardOf(message);
  assert.equal(
    card.querySelector("[data-attack]")?.textContent?.trim(),
    game.i18n.format("ROLLING_BONES.Attack.Line", { weapon, use: skill }),
    "the card names the weapon and the skill",
  );
  assert.isTrue(card.querySelector('[data-verdict="success"]') !== null, "the target number is met");
  const damage = await rollDamageFromCard(
    message,
    [
      [4, 6],
      [3, 6],
      [2, 6],
      [5, 6],
      [4, 6],
    ],
    mapping,
    assert,
  );
  const request = optionsOf(damage).request as Record<string, unknown> | undefined;
  assert.deepEqual(
    [request?.dice, request?.pips, request?.outsideDice],
    [2, 1, 3],
    "the damage is Strength plus the weapon's code",
  );
  return damage ? [message, damage] : [message];
}

/**
 * A dice-pool weapon attack with Dexterity 3 + Swordplay 2 (the ability naming the weapon) at the
 * weapon's difficulty 7: the dice show 7, 9, 6, 1, 10, so three succeed (the 6 would at 6) and the 1
 * cancels one; the card names the weapon and the pair; its Roll damage rolls Strength 2 plus the
 * weapon's 2 damage dice plus the attack's one extra success (docs/rules.md §6), a damage roll whose 1
 * cancels nothing.
 *
 * @returns The messages posted (the attack, the damage).
 */
export async function runPoolWeaponScenario(
  actor: Actor.Implementation,
  weapon: string,
  mapping: FaceMapping,
  assert: Assert,
): Promise<ChatMessage.Implementation[]> {
  const d10 = (face: number): Face => [face, 10];
  const message = await attackAs(actor, weapon, (values) => values, [7, 9, 6, 1, 10].map(d10), mapping);
  assert.isTrue(message !== null, "the attack was posted");
  if (!message) return [];
  const outcome = optionsOf(message).outcome as { difficulty?: number; net?: number } | undefined;
  assert.deepEqual([outcome?.difficulty, outcome?.net], [7, 2], "the weapon's difficulty and the net successes");
  const card = await cardOf(message);
  assert.equal(
    card.querySelector("[data-attack]")?.textContent?.trim(),
    game.i18n.format("ROLLING_BONES.Attack.Line", { weapon, use: `${attributeLabel("dexterity")} + Swordplay` }),
    "the card names the weapon and the pair",
  );
  const damage = await rollDamageFromCard(message, [6, 8, 2, 3, 1].map(d10), mapping, assert);
  const request = optionsOf(damage).request as Record<string, unknown> | undefined;
  assert.deepEqual(
    [request?.pool, request?.difficulty, request?.damage],
    [5, 6, true],
    "the damage is Strength plus the weapon's dice plus the attack's extra success",
  );
  const harm = optionsOf(damage).outcome as { net?: number; cancelled?: number } | undefined;
  assert.deepEqual([harm?.net, harm?.cancelled], [2, 0], "each success is one harm; the 1 cancels nothing");
  return damage ? [message, damage] : [message];
}

/** A dice-pool attribute's name, as the dialog lists it. */
function attributeLabel(key: string): string {
  return game.i18n.localize(`ROLLING_BONES.Actor.pool-character.FIELDS.attributes.${key}.label`);
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
        const actor = await Actor.implementation.create(inScratch(data));
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
          "a percentile called shot with a ×2 weapon and two voluntary penalty dice says ×4 on a hit; its damage is ×4",
          async () => {
            const archer = await make(
              "percentile-character",
              { skills: { skillQuenchBow01: { name: "Bows", rating: 12 } } },
              [{ name: "Quench bow", type: "weapon", system: { percentile: { damage: "1d6+1", multiplier: 2 } } }],
            );
            const attack = await runCalledShotScenario(archer, "Quench bow", mapping, assert);
            keep(attack);
            if (attack) keep(await runPercentileDamageScenario(attack, mapping, assert));
          },
        );

        context.it(
          "a Wild Die weapon attack rolls the skill naming the axe; its card offers the axe's damage",
          async () => {
            const fighter = await make(
              "wild-character",
              {
                attributes: { agility: { code: "3D" }, strength: { code: "2D+1" } },
                skills: { skillQuenchAxe01: { name: "Axes", attribute: "agility", code: "4D" } },
              },
              [{ name: "Quench axe", type: "weapon", system: { wild: { damage: "3D" } } }],
            );
            messages.push(
              ...(await runWildWeaponScenario(fighter, { weapon: "Quench axe", skill: "Axes" }, mapping, assert)),
            );
          },
        );

        context.it(
          "a dice-pool weapon attack rolls Dexterity + Swordplay at the sword's difficulty; its card offers the damage",
          async () => {
            const duellist = await make(
              "pool-character",
              {
                attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
                abilities: { abilityQuenchSw1: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
              },
              [{ name: "Quench sword", type: "weapon", system: { pool: { difficulty: 7, damage: 2 } } }],
            );
            messages.push(...(await runPoolWeaponScenario(duellist, "Quench sword", mapping, assert)));
          },
        );
      });
    },
    { displayName: "Rolling Bones: equipment in rolls" },
  );
}
