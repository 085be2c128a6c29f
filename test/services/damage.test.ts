// @vitest-environment happy-dom
/**
 * Weapon damage rolls on the test world: a player rolls their character's weapon damage from the
 * sheet's trait (the same call the damage button and the attack card's button make), augments it and
 * re-rolls one of its dice with action dice; a Wild Die damage roll takes a Fate Point that doubles the
 * character's Strength but never the weapon's code; and nobody rolls a weapon they do not own.
 */
import { afterEach, describe, expect, it } from "vitest";
import { newWeapon } from "../../src/data/item/defaults.ts";
import { mixedFaces } from "../foundry/index.ts";
import { format } from "../support/i18n.ts";
import {
  ALICE,
  BOB,
  CHARACTERS,
  control,
  countOf,
  errors,
  GM,
  nextFaces,
  startedWorld,
  type World,
} from "./action-dice-world.ts";
import type { ActionRoll } from "../../src/dice/index.ts";
import type { DialogConfiguration } from "../../src/services/prepared-roll.ts";

const AYLA = "actorAyla0000001";
const WIL = "actorWil00000001";
const SWORD = "itemSword0000001";
const AXE = "itemAxe000000001";

/** The characters with weapons: Ayla's sword deals 2d6+1; Wil (Strength 2D+1) swings a 3D axe. */
function characters() {
  const sword = newWeapon();
  sword.action = { attack: 2, botchRange: 2, damage: "2d6+1" };
  const axe = newWeapon();
  axe.wild.damage = "3D";
  return [
    ...structuredClone(CHARACTERS).map((c) =>
      c.id === AYLA ? { ...c, items: [{ _id: SWORD, name: "Sword <b>", type: "weapon", system: { ...sword } }] } : c,
    ),
    {
      id: WIL,
      name: "Wil",
      type: "wild-character",
      system: {
        schemaVersion: 1,
        attributes: { strength: { code: "2D+1" } },
        skills: {},
        characterPoints: 3,
        fatePoints: 2,
        session: { characterPoints: 0, fatePoints: 0 },
      },
      ownership: { [BOB]: 3 },
      items: [{ _id: AXE, name: "Axe", type: "weapon", system: { ...axe } }],
    },
  ];
}

let w: World;
afterEach(() => w.double.uninstall());

async function world(): Promise<World> {
  w = await startedWorld({ actors: characters() });
  return w;
}

/** Rolls a weapon's damage as a user (what the sheet's damage button does) and returns the new message, if any. */
async function rollDamage(userId: string, actorId: string, itemId: string) {
  const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
  const before = w.double.game.messages.size;
  await w.double.actAs(userId, () => rollActorTrait(actorId, { kind: "damage", key: itemId }));
  await w.double.settle();
  return w.double.game.messages.size > before ? w.double.game.messages.contents.at(-1)! : null;
}

/** Wil and the request of his axe's damage, as the sheet's Damage button builds it. */
async function axeDamage() {
  const { requestForTrait } = await import("../../src/data/actor/trait-rolls.ts");
  const { equipmentOf } = await import("../../src/applications/sheets/roll-trait.ts");
  const actor = w.double.game.actors.get(WIL)!;
  const trait = requestForTrait(
    "wild-character",
    actor.system as never,
    { kind: "damage", key: AXE },
    equipmentOf(actor as never),
  );
  return { actor, trait };
}

describe("action-dice damage", () => {
  it("a player rolls their weapon's damage: its dice, its number, a card naming whose weapon and the damage", async () => {
    await world();
    nextFaces(w, [
      [2, 6],
      [5, 6],
    ]);
    const message = await rollDamage(ALICE, AYLA, SWORD);
    const roll = message!.rolls[0] as unknown as ActionRoll;
    expect(roll.request).toMatchObject({ kind: "damage", base: [6, 6], modifier: 1 });
    expect(roll.total).toBe(8);
    const html = await w.double.actAs(ALICE, () => roll.render());
    // The weapon's name reaches the card as text, never markup.
    const line = new DOMParser().parseFromString(html, "text/html").querySelector("[data-damage]");
    expect(line?.textContent).toBe(
      format("ROLLING_BONES.Damage.Line", { actor: "Ayla", weapon: "Sword <b>", rolled: "2d6+1", total: "8" }),
    );
    expect(line?.querySelector("b")).toBeNull();
  });

  it("a weapon's damage, which has no dialog, is configured by modules first (rollingBones.preConfigure): a change takes effect, false cancels", async () => {
    await world();
    const seen: { engine: string; dialog: boolean; title?: string }[] = [];
    const hook = w.double.Hooks.on("rollingBones.preConfigure", (config: DialogConfiguration) => {
      seen.push({ engine: config.engine, dialog: config.dialog, ...(config.title ? { title: config.title } : {}) });
      config.request.modifier = 4;
      config.rollOptions.fromModule = "sharpened";
      // A roll with no dialog has none, whatever a handler says.
      config.dialog = true;
    });
    nextFaces(w, [
      [2, 6],
      [5, 6],
    ]);
    const message = await rollDamage(ALICE, AYLA, SWORD);
    const roll = message!.rolls[0] as unknown as ActionRoll;
    expect(seen).toEqual([
      { engine: "action", dialog: false, title: format("ROLLING_BONES.Damage.Roll", { name: "Sword <b>" }) },
    ]);
    expect(roll.request).toMatchObject({ kind: "damage", base: [6, 6], modifier: 4 });
    expect(roll.total).toBe(2 + 5 + 4);
    expect((roll.options as { fromModule?: unknown }).fromModule).toBe("sharpened");
    expect(w.double.clientRoot(ALICE).querySelector("form.rb-roll-dialog")).toBeNull();
    w.double.Hooks.off("rollingBones.preConfigure", hook);
    w.double.Hooks.on("rollingBones.preConfigure", () => false);
    expect(await rollDamage(ALICE, AYLA, SWORD)).toBeNull();
    expect(errors(w)).toEqual([]);
  });

  it("the player augments the damage with an action die and re-rolls the second d6, which the card names", async () => {
    await world();
    nextFaces(w, [
      [2, 6],
      [1, 6],
    ]);
    const message = await rollDamage(ALICE, AYLA, SWORD);
    const id = message!.id!;
    const before = countOf(w, ALICE);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    nextFaces(w, [[6, 6]]);
    expect(await control(w, ALICE, id, { type: "reroll", die: 1 })).toBe(true);
    await w.double.settle();
    expect(countOf(w, ALICE)).toBe(before - 2);
    const roll = w.double.game.messages.get(id)!.rolls[0] as unknown as ActionRoll;
    // 2 + 6 (the re-rolled d6) + 1 + 3 (the augment)
    expect(roll.total).toBe(12);
    expect(roll.outcome?.base.map((b) => b.value)).toEqual([2, 6]);
    const html = await w.double.actAs(ALICE, () => roll.render());
    expect(html).toContain(format("ROLLING_BONES.Action.Card.Reroll", { number: "2", faces: "6", from: "1", to: "6" }));
    // The card rebuilt by the GM keeps its damage line.
    expect(new DOMParser().parseFromString(html, "text/html").querySelector("[data-damage]")?.textContent).toContain(
      "12",
    );
  });

  it("another player may not augment the damage, nor roll a weapon of a character they do not own", async () => {
    await world();
    nextFaces(w, [
      [2, 6],
      [1, 6],
    ]);
    const message = await rollDamage(ALICE, AYLA, SWORD);
    const count = w.double.game.messages.size;
    expect(await control(w, BOB, message!.id!, { type: "augment", faces: 6 })).toBe(false);
    expect(await rollDamage(BOB, AYLA, SWORD)).toBeNull();
    expect(w.double.game.messages.size).toBe(count);
    expect(errors(w)).toContain(format("ROLLING_BONES.Error.RequestNotYours", { name: "Ayla" }));
  });

  it("a weapon with no damage formula is refused with its name and nothing is posted", async () => {
    await world();
    const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    await w.double.actAs(GM, () =>
      w.double.game.actors
        .get(AYLA)!
        .createEmbeddedDocuments(
          "Item",
          [{ _id: "itemBare00000001", name: "Club", type: "weapon", system: newWeapon() }],
          { keepId: true },
        ),
    );
    // Alice's client has the new item once the change reached it.
    await w.double.settle();
    const count = w.double.game.messages.size;
    await w.double.actAs(ALICE, () => rollActorTrait(AYLA, { kind: "damage", key: "itemBare00000001" }));
    expect(w.double.game.messages.size).toBe(count);
    expect(errors(w)).toContain(format("ROLLING_BONES.Error.NoDamageFormula", { name: "Club" }));
  });
});

describe("wounds move trait rolls only (issue 35 point 8, docs/rules.md §6)", () => {
  /** Marks a character Wounded as the GM would from the token HUD. */
  async function wound(actorId: string): Promise<void> {
    await w.double.actAs(GM, () =>
      (
        w.double.game.actors.get(actorId) as unknown as { toggleStatusEffect(id: string): Promise<unknown> }
      ).toggleStatusEffect("rb-wounded"),
    );
    await w.double.settle();
  }

  it("a Wounded action character's sword damage is its formula, not 2 less; its attack still takes −2", async () => {
    await world();
    await wound(AYLA);
    nextFaces(w, [
      [2, 6],
      [5, 6],
    ]);
    const message = await rollDamage(ALICE, AYLA, SWORD);
    const roll = message!.rolls[0] as unknown as ActionRoll;
    expect(roll.request).toMatchObject({ kind: "damage", modifier: 1 });
    expect(roll.total).toBe(8);
    expect((roll.options as { conditions?: unknown }).conditions).toBeUndefined();
    nextFaces(w, [[14, 20]]);
    const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    const shift = new MouseEvent("click", { shiftKey: true });
    await w.double.actAs(ALICE, () => rollActorTrait(AYLA, { kind: "weapon", key: SWORD }, shift));
    await w.double.settle();
    const attack = w.double.game.messages.contents.at(-1)!.rolls[0] as unknown as ActionRoll;
    // The sword's +2, Dexterity's 0 and the wound's −2.
    expect(attack.request).toMatchObject({ kind: "attack", modifier: 0 });
  });

  it("a Wounded Wild Die character's axe damage keeps its Strength dice, and its dialog lists no wound", async () => {
    await world();
    await wound(WIL);
    const { rollWithPoints } = await import("../../src/services/points/index.ts");
    const { dialogSettingsFor } = await import("../../src/applications/dialogs/direct.ts");
    const { actor, trait } = await axeDamage();
    const rollOptions = { damage: { actor: "Wil", ...trait.damage } };
    // The dialog the damage button opens counts no wound in its odds; a check's dialog does.
    const settings = w.double.actAs(BOB, () => dialogSettingsFor({ actor: actor as never, rollOptions }));
    expect(settings.conditions ?? []).toEqual([]);
    const check = w.double.actAs(BOB, () => dialogSettingsFor({ actor: actor as never }));
    expect(check.conditions?.map((c) => c.name)).toHaveLength(1);
    w.double.CONFIG.Dice.randomUniform = mixedFaces(Array.from({ length: 5 }, () => [3, 6] as [number, number]));
    const message = await w.double.actAs(BOB, () =>
      rollWithPoints("wild", trait.request, { actor: actor as never, visibility: "public", rollOptions }),
    );
    const outcome = (message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } }).options.outcome;
    expect(outcome).toMatchObject({ shape: { characterDice: 2, outsideDice: 3 } });
  });
});

describe("the attack card's damage button", () => {
  it("an attack with the sword offers its owner a damage button, which rolls the sword's damage; others see none", async () => {
    await world();
    const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    const { addDamageControl } = await import("../../src/applications/chat/damage-control.ts");
    w.double.Hooks.on("renderChatMessageHTML", addDamageControl);
    nextFaces(w, [[14, 20]]);
    // Shift rolls the attack without the dialog, as from the sheet.
    const shift = new MouseEvent("click", { shiftKey: true });
    await w.double.actAs(ALICE, () => rollActorTrait(AYLA, { kind: "weapon", key: SWORD }, shift));
    await w.double.settle();
    const attack = w.double.game.messages.contents.at(-1)!;
    expect((attack.rolls[0] as unknown as ActionRoll).request).toMatchObject({ kind: "attack", modifier: 2 });
    const asBob = await w.double.actAs(BOB, () => w.double.game.messages.get(attack.id!)!.renderHTML());
    expect(asBob.querySelector("[data-rb-action=rollDamage]")).toBeNull();
    const asAlice = await w.double.actAs(ALICE, () => w.double.game.messages.get(attack.id!)!.renderHTML());
    const button = asAlice.querySelector<HTMLButtonElement>("[data-rb-action=rollDamage]");
    expect(button?.textContent).toBe(format("ROLLING_BONES.Damage.CardButton"));
    nextFaces(w, [
      [3, 6],
      [4, 6],
    ]);
    const { rollCardDamage } = await import("../../src/applications/chat/damage-control.ts");
    await w.double.actAs(ALICE, () => rollCardDamage(w.double.game.messages.get(attack.id!)! as never));
    await w.double.settle();
    const damage = w.double.game.messages.contents.at(-1)!;
    expect(damage.id).not.toBe(attack.id);
    expect((damage.rolls[0] as unknown as ActionRoll).total).toBe(8);
    // Bob pressing it anyway (a forged click) is refused by the roll itself.
    const count = w.double.game.messages.size;
    await w.double.actAs(BOB, () => rollCardDamage(w.double.game.messages.get(attack.id!)! as never));
    expect(w.double.game.messages.size).toBe(count);
  });
});

describe("Wild Die damage", () => {
  it("a Fate Point doubles Wil's Strength (2D+1 → 4D+2) but not the axe's 3D", async () => {
    await world();
    const { rollWithPoints } = await import("../../src/services/points/index.ts");
    const { actor, trait } = await axeDamage();
    expect(trait.request).toMatchObject({ dice: 2, pips: 1, outsideDice: 3, outsidePips: 0 });
    // What the wild dialog posts when the player ticks the Fate Point.
    w.double.CONFIG.Dice.randomUniform = mixedFaces([
      [3, 6],
      [3, 6],
      [3, 6],
      [3, 6],
      [3, 6],
      [3, 6],
      [3, 6],
    ]);
    const message = await w.double.actAs(BOB, () =>
      rollWithPoints("wild", { ...trait.request, fatePoint: true }, { actor: actor as never, visibility: "public" }),
    );
    const outcome = (message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } }).options.outcome;
    // Character dice doubled (2 → 4, the Wild Die one of them), the axe's 3 dice as they are; pips 1 → 2.
    expect(outcome).toMatchObject({ fatePoint: true, shape: { characterDice: 4, outsideDice: 3, pips: 2 } });
    expect((actor.system as { fatePoints: number }).fatePoints).toBe(1);
  });
});
