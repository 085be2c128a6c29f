// @vitest-environment happy-dom
/**
 * Equipment in rolls on the test world (vitest.world.config.ts runs this file in the v13 and v14
 * worlds): a player rolls a Precision & Impact weapon attack from the sheet and the card names the
 * weapon's Impact modifier; the dialog's ticked gear reaches the roll and the card; a percentile
 * called shot with a ×2 weapon and two voluntary penalty dice says ×4 on a success; a Wild Die and a
 * dice-pool weapon attack from the sheet name the weapon on a card that offers its owner the weapon's
 * damage, and take Character Points or Willpower through the dialog as any roll does; a player may
 * not roll another player's character's weapon, nor name an item the character does not own.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { format, localize } from "../support/i18n.ts";
import { newGear, newWeapon } from "../../src/data/item/pure.ts";
import type { FormValues } from "../../src/applications/dialogs/form-values.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CHARACTERS,
  d10s,
  d6s,
  dice,
  errors,
  errorText,
  GM,
  messageAs,
  snapshot,
  systemOf,
  VEX,
  WIL,
  type World,
} from "./points-world.ts";
import { ChatLog } from "../foundry/index.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const ODILE = "actorOdile000001"; // Alice's Precision & Impact fencer
const YSOLDE = "actorYsolde00001"; // Alice's percentile archer
const SWORD = "itemSword0000001"; // Impact +2
const PICKS = "itemPicks0000001"; // gear, Precision +2
const BOW = "itemBow000000001"; // ×2
const BOBS_AXE = "itemBobsAxe00001";
const WILS_AXE = "itemWilsAxe00001"; // Bob's Wil: damage 3D
const VEXS_SWORD = "itemVexSword0001"; // Alice's Vex: difficulty 7, damage dice 2

/** Bob's Wild Die fighter Wil (an Axes skill of 4D, Strength 2D+1) and Alice's dice-pool duellist Vex (Dexterity 3 + Swordplay 2). */
function fighters(c: (typeof CHARACTERS)[number]) {
  if (c.id === WIL) {
    return {
      ...c,
      system: {
        ...c.system,
        attributes: { agility: { code: "3D" }, strength: { code: "2D+1" } },
        skills: { skillAxes0000001: { name: "Axes <b>", attribute: "agility", code: "4D" } },
        characterPoints: 3,
      },
      items: [{ _id: WILS_AXE, name: "Axe", type: "weapon", system: { ...newWeapon(), wild: { damage: "3D" } } }],
    };
  }
  if (c.id === VEX) {
    return {
      ...c,
      system: {
        ...c.system,
        attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
        abilities: { abilitySword0001: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
      },
      items: [
        {
          _id: VEXS_SWORD,
          name: "Short sword <i>",
          type: "weapon",
          system: { ...newWeapon(), pool: { difficulty: 7, damage: 2 } },
        },
      ],
    };
  }
  return c;
}

/** The world's characters plus Odile and Ysolde with their equipment, and an axe on Bob's Brann. */
function characters() {
  const sword = { ...newWeapon(), pi: { precision: 0, impact: 2 } };
  const bow = { ...newWeapon(), percentile: { damage: "1d6+1", multiplier: 2, skill: "" } };
  return [
    ...structuredClone(CHARACTERS)
      .map(fighters)
      .map((c) =>
        c.id === "actorBrann000001"
          ? {
              ...c,
              items: [
                {
                  _id: BOBS_AXE,
                  name: "Axe",
                  type: "weapon",
                  system: { ...newWeapon(), pi: { precision: 5, impact: 5 } },
                },
              ],
            }
          : c,
      ),
    {
      id: ODILE,
      name: "Odile",
      type: "pi-character",
      system: {
        schemaVersion: 2,
        attributes: {
          power: { dice: [6, 4] },
          quickness: { dice: [8, 4] },
          wits: { dice: [8, 6] },
          resolve: { dice: [6] },
        },
        skills: {
          skillSwords00001: { name: "Swords", first: "quickness", second: "power", adds: "precision", bonus: 1 },
        },
        conditions: {},
      },
      ownership: { [ALICE]: 3 },
      items: [
        { _id: SWORD, name: "Longsword <i>", type: "weapon", system: sword },
        { _id: PICKS, name: "Lockpicks", type: "gear", system: { ...newGear(), pi: { precision: 2, impact: 0 } } },
      ],
    },
    {
      id: YSOLDE,
      name: "Ysolde",
      type: "percentile-character",
      system: {
        schemaVersion: 2,
        attributes: {
          body: { rating: 7 },
          agility: { rating: 11 },
          endurance: { rating: 8 },
          reason: { rating: 13 },
          intuition: { rating: 10 },
          will: { rating: 9 },
        },
        skills: { skillBows00000001: { name: "Bows", rating: 12 } },
        karma: 0,
      },
      ownership: { [ALICE]: 3 },
      items: [{ _id: BOW, name: "Short bow", type: "weapon", system: bow }],
    },
  ];
}

let w: World;
afterEach(() => w.double.uninstall());

/** The newest message, if a roll added one since `before` messages. */
function newest(before: number) {
  return w.double.game.messages.size > before ? w.double.game.messages.contents.at(-1)! : null;
}

/** Rolls a weapon from the sheet as a user, with Shift (no dialog), as the weapon row's button does. */
async function rollFromSheet(userId: string, actorId: string, itemId: string) {
  const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
  const before = w.double.game.messages.size;
  const shift = new MouseEvent("click", { shiftKey: true });
  await w.double.actAs(userId, () => rollActorTrait(actorId, { kind: "weapon", key: itemId }, shift));
  await w.double.settle();
  return newest(before);
}

/**
 * Rolls a weapon through the roll dialog as a user: the dialog opened from the character (as the
 * weapon row opens it), its form changed by `change`, and its Roll pressed (what `RollDialog` runs).
 */
async function rollThroughDialog(
  userId: string,
  actorId: string,
  itemId: string,
  change: (values: FormValues) => FormValues,
) {
  const { asCharacter } = await import("../../src/data/actor/pure.ts");
  const { requestForTrait } = await import("../../src/data/actor/trait-rolls.ts");
  const { dialogAttack, equipmentOf, traitRollOptions } = await import("../../src/applications/sheets/roll-trait.ts");
  const dialogs = await import("../../src/applications/dialogs/index.ts");
  const before = w.double.game.messages.size;
  await w.double.actAs(userId, async () => {
    const actor = w.double.game.actors.get(actorId) as unknown as Actor.Implementation;
    const character = asCharacter(actor.type, actor.system)!;
    const trait = { kind: "weapon", key: itemId };
    const roll = requestForTrait(character.type, character.system as never, trait, equipmentOf(actor));
    const settings = dialogs.dialogSettingsFor({ actor, attack: dialogAttack(actor, roll.engine, roll.attack!) });
    const dialog = dialogs.DIALOG_ENGINES[roll.engine];
    const values = change(dialog.requestToForm(roll.request, settings));
    const evaluation = dialogs.evaluateForm(dialog, values, settings, "en");
    if (!evaluation.ok) throw evaluation.errors[0]?.error ?? new Error("the dialog refused the roll");
    await dialogs.postDialogRoll(roll.engine, evaluation, {
      actor,
      title: "Attack",
      settings,
      values,
      visibility: "public",
      // What the weapon row opens the dialog with (`rollTrait`).
      rollOptions: traitRollOptions(actor, trait, roll.engine, roll.damage),
    });
  });
  await w.double.settle();
  return newest(before);
}

describe("a Precision & Impact weapon attack", () => {
  it("rolled from the sheet adds the sword's Impact +2 after the pick, and the card names it as text", async () => {
    w = await bootWorld({ actors: characters() });
    // Swords (the skill naming the Longsword): Quickness d8 d4 + Power d6 d4, largest first: d8 6, d6 5, d4 2, d4 1.
    dice(w, [
      [6, 8],
      [5, 6],
      [2, 4],
      [1, 4],
    ]);
    const message = await rollFromSheet(ALICE, ODILE, SWORD);
    expect(message).not.toBeNull();
    const roll = message!.rolls[0] as unknown as {
      options: { outcome: Record<string, unknown>; request: Record<string, unknown> };
    };
    // Best Precision picks 6 and 5: Precision 11 + the skill's 1, Impact 1 + the sword's 2.
    expect(roll.options.outcome).toMatchObject({ precision: 12, impact: 3, precisionMod: 1, impactMod: 2 });
    for (const user of [ALICE, BOB]) {
      const html = await messageAs(w, message!.id!, user).renderHTML();
      const line = html.querySelector('[data-condition][data-source="equipment"]');
      expect(line?.textContent?.replace(/\s+/g, " ").trim()).toBe(
        `Longsword <i>: ${localize("ROLLING_BONES.Condition.Target.impact")} +2`,
      );
      expect(html.querySelector("[data-attack]")?.textContent?.trim()).toBe(
        format("ROLLING_BONES.Attack.Line", { weapon: "Longsword <i>", use: "Swords" }),
      );
      expect(html.querySelector(".rb-card i:not([aria-hidden])")).toBeNull();
      // The weapon's name is the message's flavor, stored escaped: text, never markup.
      expect(html.querySelector(".flavor-text")?.textContent).toBe("Longsword <i>");
    }
    // A P&I attack's card offers no damage roll (the rules read damage from Impact).
    expect((message!.rolls[0]!.options as { weapon?: unknown }).weapon).toBeUndefined();
    expect(w.double.warnings).toEqual([]);
  });

  it("through the dialog: the player picks attributes and ticks the lockpicks, and the card names both items", async () => {
    w = await bootWorld({ actors: characters() });
    // Power + Wits, largest first: d8 4, d6 6, d6 3, d4 2.
    dice(w, [
      [4, 8],
      [6, 6],
      [3, 6],
      [2, 4],
    ]);
    const message = await rollThroughDialog(ALICE, ODILE, SWORD, (values) => ({
      ...values,
      use: "attribute:power+wits",
      d8: "1",
      d6: "2",
      d4: "1",
      precisionMod: "0",
      [`gear-${PICKS}`]: true,
    }));
    const roll = message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } };
    // Best Precision: 6 and 4 → 10 + the lockpicks' 2; Impact 2 + the sword's 2.
    expect(roll.options.outcome).toMatchObject({ precision: 12, impact: 4 });
    const html = await messageAs(w, message!.id!, ALICE).renderHTML();
    expect(
      [...html.querySelectorAll('[data-source="equipment"] .rb-card__condition-name')].map((n) => n.textContent),
    ).toEqual(["Longsword <i>", "Lockpicks"]);
    expect(html.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Longsword <i>", use: "Power + Wits" }),
    );
  });

  it("a player may not roll another player's character's weapon, nor name an item the character does not own", async () => {
    w = await bootWorld({ actors: characters() });
    const before = snapshot(w);
    expect(await rollFromSheet(BOB, ODILE, SWORD)).toBeNull();
    expect(errors(w)).toContain(errorText("RequestNotYours", { name: "Odile" }));
    // Nor by pressing the button on Odile's sheet, which an observer may see.
    const { rollTrait } = await import("../../src/applications/sheets/roll-trait.ts");
    const odile = w.double.game.actors.get(ODILE) as unknown as Actor.Implementation;
    const count = errors(w).length;
    await w.double.actAs(BOB, () =>
      rollTrait(odile, "pi-character", odile.system as never, { kind: "weapon", key: SWORD }),
    );
    expect(errors(w).slice(count)).toEqual([errorText("RequestNotYours", { name: "Odile" })]);
    // Bob's axe is not Odile's: Alice naming it as equipment of Odile's roll is refused, nothing posted.
    const { rollWithPoints } = await import("../../src/services/points/index.ts");
    const refused = await w.double.actAs(ALICE, () =>
      rollWithPoints(
        "pi",
        { pool: [8, 4] },
        {
          actor: w.double.game.actors.get(ODILE) as never,
          equipment: [SWORD, BOBS_AXE],
          visibility: "public",
        },
      ),
    );
    expect(refused).toBeNull();
    expect(errors(w)).toContain(errorText("UnknownItem", { id: BOBS_AXE }));
    // Nor as the weapon of a roll from the sheet.
    expect(await rollFromSheet(ALICE, ODILE, BOBS_AXE)).toBeNull();
    expect(errors(w)).toContain(errorText("UnknownTrait", { kind: "weapon", key: BOBS_AXE }));
    await w.double.settle();
    expect(snapshot(w)).toBe(before);
  });
});

describe("a percentile weapon attack", () => {
  it("a called shot with a ×2 bow and two voluntary penalty dice: the success card says ×4", async () => {
    w = await bootWorld({ actors: characters() });
    // Tens 9, ones 5, penalty dice 7 and 8: the lowest tens is 7 → 75, a success at Bows 12.
    d10s(w, 9, 5, 7, 8);
    const message = await rollThroughDialog(ALICE, YSOLDE, BOW, (values) => ({ ...values, voluntaryPenalty: "2" }));
    const roll = message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } };
    expect(roll.options.outcome).toMatchObject({
      value: 75,
      success: true,
      calledShot: { requested: 2, applied: 2, base: 2, multiplier: 4 },
    });
    const html = await messageAs(w, message!.id!, BOB).renderHTML();
    expect(html.querySelector('[data-note="weapon-damage"]')?.textContent).toBe(
      format("ROLLING_BONES.Percentile.Card.WeaponHit", { weapon: "Short bow", multiplier: 4 }),
    );
    expect(html.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Short bow", use: "Bows" }),
    );
    expect(html.querySelector('[data-note="weapon-damage"]')?.textContent).toContain("×4");
  });

  it("a missed attack with the bow says so, without raising the damage", async () => {
    w = await bootWorld({ actors: characters() });
    // Tens 2, ones 5, penalty dice 7 and 8: 25 fails at Bows 12.
    d10s(w, 2, 5, 7, 8);
    const message = await rollThroughDialog(ALICE, YSOLDE, BOW, (values) => ({ ...values, voluntaryPenalty: "2" }));
    const html = await messageAs(w, message!.id!, ALICE).renderHTML();
    expect(html.querySelector('[data-note="weapon-damage"]')?.textContent).toBe(
      format("ROLLING_BONES.Percentile.Card.WeaponMissed", { weapon: "Short bow" }),
    );
  });
});

/** The card as `userId` sees it in their chat log (the system's chat hook adds its controls). */
async function inLog(messageId: string, userId: string): Promise<HTMLElement> {
  await w.double.settle();
  return w.double.actAs(userId, async () => {
    const log = new ChatLog({ id: `chat-${userId}` });
    await log.render();
    return log.postOne(w.double.game.messages.get(messageId)!);
  });
}

/** Boots the world with the system's chat hook, which adds an attack card's Roll damage button. */
async function bootWithCardControls(): Promise<World> {
  w = await bootWorld({ actors: characters() });
  const { addDamageControl } = await import("../../src/applications/chat/damage-control.ts");
  w.double.Hooks.on("renderChatMessageHTML", addDamageControl);
  return w;
}

/**
 * Presses a card's Roll damage button as `userId`, with Shift (the damage roll goes straight to chat,
 * as the dialog's Shift-click does), and returns the damage message, if one was posted.
 */
async function pressRollDamage(html: HTMLElement, userId: string) {
  const before = w.double.game.messages.size;
  const button = html.querySelector<HTMLButtonElement>("button[data-rb-action=rollDamage]")!;
  await w.double.actAs(userId, async () => {
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true }));
  });
  await vi.waitFor(() => expect(w.double.game.messages.size).toBeGreaterThan(before));
  await w.double.settle();
  return w.double.game.messages.contents.at(-1)!;
}

describe("a Wild Die weapon attack", () => {
  it("rolled from the sheet is a roll of the skill naming the axe; its card names both and offers Bob the axe's damage", async () => {
    await bootWithCardControls();
    // Axes 4D: three normal dice and the Wild Die, none a 6 or a 1.
    d6s(w, 5, 4, 3, 2);
    const message = await rollFromSheet(BOB, WIL, WILS_AXE);
    expect(message).not.toBeNull();
    const roll = message!.rolls[0] as unknown as {
      options: { request: Record<string, unknown>; outcome: Record<string, unknown>; weapon: unknown };
    };
    expect(roll.options.request).toMatchObject({ dice: 4, pips: 0, outsideDice: 0 });
    expect(roll.options.outcome).toMatchObject({ total: 14 });
    expect(roll.options.weapon).toEqual({ actor: WIL, item: WILS_AXE });
    const asBob = await inLog(message!.id!, BOB);
    expect(asBob.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Axe", use: "Axes <b>" }),
    );
    expect(asBob.querySelector(".rb-card b")).toBeNull();
    expect(asBob.querySelector(".flavor-text")?.textContent).toBe("Axe");
    expect(asBob.querySelector("button[data-rb-action=rollDamage]")?.textContent).toBe(
      localize("ROLLING_BONES.Damage.CardButton"),
    );
    // Alice sees the weapon named but no damage button: Wil is not hers.
    const asAlice = await inLog(message!.id!, ALICE);
    expect(asAlice.querySelector("[data-attack]")).not.toBeNull();
    expect(asAlice.querySelector("[data-rb-action=rollDamage]")).toBeNull();
    // Bob presses it: Strength 2D+1 plus the axe's 3D, a damage card naming Wil's axe.
    d6s(w, 4, 4, 3, 3, 2);
    const damage = await pressRollDamage(asBob, BOB);
    expect(damage.id).not.toBe(message!.id);
    const damageRoll = damage.rolls[0] as unknown as { options: { request: Record<string, unknown>; damage: unknown } };
    expect(damageRoll.options.request).toMatchObject({ dice: 2, pips: 1, outsideDice: 3, outsidePips: 0 });
    expect(damageRoll.options.damage).toEqual({ actor: "Wil", weapon: "Axe", rolled: "2D+1 + 3D" });
    expect(w.double.warnings).toEqual([]);
  });

  it("through the dialog: a Character Point on Agility with a target number, spent from Wil's sheet", async () => {
    w = await bootWorld({ actors: characters() });
    // Agility 3D and one Character Point's extra Wild Die: no 6 or 1 on a Wild Die.
    d6s(w, 4, 4, 5, 3);
    const message = await rollThroughDialog(BOB, WIL, WILS_AXE, (values) => ({
      ...values,
      use: "attribute:agility",
      code: "3D",
      characterPoints: "1",
      target: "12",
    }));
    expect(message).not.toBeNull();
    const roll = message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } };
    expect(roll.options.outcome).toMatchObject({ total: 16, characterPoints: 1 });
    expect(systemOf(w, WIL)).toMatchObject({ characterPoints: 2, session: { characterPoints: 1 } });
    const html = await messageAs(w, message!.id!, ALICE).renderHTML();
    expect(html.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Axe", use: "Agility" }),
    );
    expect(html.querySelector('[data-verdict="success"]')).not.toBeNull();
  });

  it("a hotbar macro (game.system.api.rollTrait) rolls the choice it names; Alice's macro for Wil is refused", async () => {
    w = await bootWorld({ actors: characters() });
    const { api } = await import("../../src/api.ts");
    const shift = new MouseEvent("click", { shiftKey: true });
    // Strength 2D+1: a normal die and the Wild Die.
    d6s(w, 3, 4);
    const before = w.double.game.messages.size;
    await w.double.actAs(BOB, () =>
      api.rollTrait(WIL, { kind: "weapon", key: WILS_AXE, with: "attribute:strength" }, shift),
    );
    await w.double.settle();
    expect(w.double.game.messages.size).toBe(before + 1);
    const message = w.double.game.messages.contents.at(-1)!;
    expect((message.rolls[0]!.options as { request: unknown }).request).toMatchObject({ dice: 2, pips: 1 });
    expect((message.rolls[0]!.options as { attack: unknown }).attack).toEqual({ weapon: "Axe", use: "Strength" });
    const snap = snapshot(w);
    await w.double.actAs(ALICE, () => api.rollTrait(WIL, { kind: "weapon", key: WILS_AXE }, shift));
    await w.double.actAs(ALICE, () =>
      api.rollTrait(VEX, { kind: "weapon", key: VEXS_SWORD, with: "ability:abilitySword0001+luck" }, shift),
    );
    await w.double.settle();
    expect(snapshot(w)).toBe(snap);
    expect(errors(w)).toEqual([
      errorText("RequestNotYours", { name: "Wil" }),
      errorText("UnknownAttackUse", { name: "Short sword <i>", use: "ability:abilitySword0001+luck" }),
    ]);
  });

  it("Alice may not roll Wil's axe, and Bob may not roll Alice's sword as Wil's", async () => {
    w = await bootWorld({ actors: characters() });
    const before = snapshot(w);
    expect(await rollFromSheet(ALICE, WIL, WILS_AXE)).toBeNull();
    expect(errors(w)).toContain(errorText("RequestNotYours", { name: "Wil" }));
    expect(await rollFromSheet(BOB, WIL, SWORD)).toBeNull();
    expect(errors(w)).toContain(errorText("UnknownTrait", { kind: "weapon", key: SWORD }));
    await w.double.settle();
    expect(snapshot(w)).toBe(before);
  });
});

describe("a dice-pool weapon attack", () => {
  it("rolled from the sheet is Dexterity + Swordplay at the sword's difficulty 7; its card names both and offers Alice the damage", async () => {
    await bootWithCardControls();
    // Five dice at 7: 7, 9 and 10 succeed, the 1 cancels one (6 would have succeeded at the usual 6).
    d10s(w, 7, 9, 6, 1, 10);
    const message = await rollFromSheet(ALICE, VEX, VEXS_SWORD);
    expect(message).not.toBeNull();
    const roll = message!.rolls[0] as unknown as {
      options: { request: Record<string, unknown>; outcome: Record<string, unknown>; weapon: unknown };
    };
    expect(roll.options.request).toMatchObject({ pool: 5, difficulty: 7 });
    expect(roll.options.outcome).toMatchObject({ successes: 3, ones: 1, net: 2 });
    expect(roll.options.weapon).toEqual({ actor: VEX, item: VEXS_SWORD });
    const asAlice = await inLog(message!.id!, ALICE);
    expect(asAlice.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Short sword <i>", use: "Dexterity + Swordplay" }),
    );
    expect(asAlice.querySelector(".rb-card i:not([aria-hidden])")).toBeNull();
    expect(asAlice.querySelector("[data-difficulty]")?.getAttribute("data-difficulty")).toBe("7");
    expect(asAlice.querySelector("button[data-rb-action=rollDamage]")).not.toBeNull();
    expect((await inLog(message!.id!, BOB)).querySelector("[data-rb-action=rollDamage]")).toBeNull();
    // The GM owns every character: the button is there for the GM too.
    expect((await inLog(message!.id!, GM)).querySelector("[data-rb-action=rollDamage]")).not.toBeNull();
    // Alice presses it: Strength 2 plus the sword's 2 damage dice plus the attack's one extra success,
    // at the usual difficulty; a damage roll's 1 cancels nothing (docs/rules.md §6).
    d10s(w, 6, 8, 2, 3, 1);
    const damage = await pressRollDamage(asAlice, ALICE);
    const damageRoll = damage.rolls[0] as unknown as {
      options: { request: Record<string, unknown>; outcome: Record<string, unknown>; damage: unknown };
    };
    expect(damageRoll.options.request).toMatchObject({ pool: 5, difficulty: 6, damage: true });
    expect(damageRoll.options.outcome).toMatchObject({ net: 2, cancelled: 0, result: "success" });
    expect(damageRoll.options.damage).toEqual({ actor: "Vex", weapon: "Short sword <i>", rolled: "2 + 2 + 1" });
    const damageCard = await messageAs(w, damage.id!, BOB).renderHTML();
    expect(damageCard.querySelector('[data-from-attack="extra"]')?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Damage.FromAttack.Extra.one", { dice: "1" }),
    );
    expect(damageCard.querySelector("[data-harm]")?.getAttribute("data-harm")).toBe("2");
  });

  it("through the dialog: Strength + Swordplay with a point of Willpower, taken from Vex's sheet", async () => {
    w = await bootWorld({ actors: characters() });
    d10s(w, 7, 2, 3, 4);
    const message = await rollThroughDialog(ALICE, VEX, VEXS_SWORD, (values) => ({
      ...values,
      // The two pickers: Strength, with the Swordplay Ability.
      useAttribute: "strength",
      useAbility: "abilitySword0001",
      pool: "4",
      willpower: true,
    }));
    expect(message).not.toBeNull();
    const roll = message!.rolls[0] as unknown as { options: { outcome: Record<string, unknown> } };
    expect(roll.options.outcome).toMatchObject({ pool: 4, difficulty: 7, successes: 1, willpower: true, net: 2 });
    expect(systemOf(w, VEX)).toMatchObject({ willpower: { current: 1 } });
    const html = await messageAs(w, message!.id!, BOB).renderHTML();
    expect(html.querySelector("[data-attack]")?.textContent?.trim()).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Short sword <i>", use: "Strength + Swordplay" }),
    );
    expect(html.querySelector('[data-tally="willpower"]')).not.toBeNull();
  });

  it("Bob may not roll Vex's sword, from the sheet or its card's damage button", async () => {
    await bootWithCardControls();
    const before = snapshot(w);
    expect(await rollFromSheet(BOB, VEX, VEXS_SWORD)).toBeNull();
    expect(errors(w)).toContain(errorText("RequestNotYours", { name: "Vex" }));
    await w.double.settle();
    expect(snapshot(w)).toBe(before);
    d10s(w, 7, 9, 6, 1, 10);
    const message = await rollFromSheet(ALICE, VEX, VEXS_SWORD);
    // A forged Roll damage button on Bob's card is refused by the card control and by the roll.
    const asBob = await inLog(message!.id!, BOB);
    const forged = document.createElement("button");
    forged.type = "button";
    forged.dataset.rbAction = "rollDamage";
    forged.dataset.actor = VEX;
    asBob.querySelector(".rb-card")!.append(forged);
    const count = w.double.game.messages.size;
    await w.double.actAs(BOB, async () =>
      forged.dispatchEvent(new MouseEvent("click", { bubbles: true, shiftKey: true })),
    );
    await w.double.settle();
    expect(w.double.game.messages.size).toBe(count);
    expect(w.double.notifications.filter((n) => n.userId === BOB).map((n) => n.type)).toContain("warn");
  });
});

describe("the Quench scenarios of equipment", () => {
  it("run green against the double, as the character's player, and are registered as a batch", async () => {
    w = await bootWorld({ actors: characters() });
    const { runPiWeaponScenario, runCalledShotScenario } = await import("../../src/quench/equipment-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const { failures, assert } = recordingAssert();
    const mapping = await calibrate(throwD4);
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const items = { weapon: "Longsword <i>", gear: "Lockpicks" };
    expect(await w.double.actAs(ALICE, () => runPiWeaponScenario(actor(ODILE), items, mapping, assert))).not.toBeNull();
    expect(
      await w.double.actAs(ALICE, () => runCalledShotScenario(actor(YSOLDE), "Short bow", mapping, assert)),
    ).not.toBeNull();
    expect(failures).toEqual([]);
    // The checks can fail: with the faces read the other way round the dice show 2, 6, 4, 3 and the bow misses (26).
    const reversed = mapping === "ascending" ? "descending" : "ascending";
    await w.double.actAs(ALICE, () => runCalledShotScenario(actor(YSOLDE), "Short bow", reversed, assert));
    expect(failures).toContain(
      "the hit's multiplier: " +
        format("ROLLING_BONES.Percentile.Card.WeaponMissed", { weapon: "Short bow" }) +
        " ≠ " +
        format("ROLLING_BONES.Percentile.Card.WeaponHit", { weapon: "Short bow", multiplier: "4" }),
    );
    const { registerQuenchBatches } = await import("../../src/quench/index.ts");
    const keys: string[] = [];
    registerQuenchBatches({ registerBatch: (key) => void keys.push(key) });
    expect(keys).toContain("rolling-bones.equipment");
  });

  it("the Wild Die and dice-pool attacks run green against the double, as each character's player, and can fail", async () => {
    await bootWithCardControls();
    const { runWildWeaponScenario, runPoolWeaponScenario } = await import("../../src/quench/equipment-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const { failures, assert } = recordingAssert();
    const mapping = await calibrate(throwD4);
    const actor = (id: string) => w.double.game.actors.get(id) as unknown as Actor.Implementation;
    const wild = await w.double.actAs(BOB, () =>
      runWildWeaponScenario(actor(WIL), { weapon: "Axe", skill: "Axes <b>" }, mapping, assert),
    );
    const pool = await w.double.actAs(ALICE, () =>
      runPoolWeaponScenario(actor(VEX), "Short sword <i>", mapping, assert),
    );
    expect(failures).toEqual([]);
    expect([wild.length, pool.length]).toEqual([2, 2]);
    // The checks can fail: read the other way round, the pool's dice show 4, 2, 5, 10, 1 (one success, cancelled).
    const reversed = mapping === "ascending" ? "descending" : "ascending";
    await w.double.actAs(ALICE, () => runPoolWeaponScenario(actor(VEX), "Short sword <i>", reversed, assert));
    expect(failures).toContain("the weapon's difficulty and the net successes: [7,0]");
  });

  it("the percentile called shot's damage runs green (×4 of the bow's 1d6+1), and can fail", async () => {
    await bootWithCardControls();
    const { runCalledShotScenario, runPercentileDamageScenario } = await import("../../src/quench/equipment-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const { failures, assert } = recordingAssert();
    const mapping = await calibrate(throwD4);
    const archer = w.double.game.actors.get(YSOLDE) as unknown as Actor.Implementation;
    const attack = await w.double.actAs(ALICE, () => runCalledShotScenario(archer, "Short bow", mapping, assert));
    const damage = await w.double.actAs(ALICE, () => runPercentileDamageScenario(attack!, mapping, assert));
    expect(failures).toEqual([]);
    expect(damage?.rolls[0]?.total).toBe(16);
    // Read the other way round the d6 shows 4: (4 + 1) × 4 = 20, which the check names.
    const reversed = mapping === "ascending" ? "descending" : "ascending";
    await w.double.actAs(ALICE, () => runPercentileDamageScenario(attack!, reversed, assert));
    expect(failures).toContain("the damage (3 + 1) × 4: 20 ≠ 16");
  });
});
