// @vitest-environment happy-dom
/**
 * Weapons that know their wielder, on the test world (vitest.world.config.ts runs this file in the
 * v13 and v14 worlds; issue 24 items 1 and 2): an action-dice attack from the sheet adds the
 * wielder's Strength (melee) or Dexterity (thrown, ranged) to the weapon's own figure, and its card
 * names each part; damage adds Strength for melee and thrown weapons only; a weapon remembers the
 * choice its last attack was rolled with, on every client, and the next attack starts from it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { format, localize } from "../support/i18n.ts";
import { visibilityOfForm, type FormValues } from "../../src/applications/dialogs/form-values.ts";
import {
  ALICE,
  AXEL,
  BOB,
  bootWorld,
  CHARACTERS,
  d10s,
  dice,
  errorText,
  errors,
  GM,
  messageAs,
  VEX,
  type World,
} from "./points-world.ts";
import { escapeHTML } from "../../src/helpers/html.ts";
import { weaponSystem as sampleWeapon, type WeaponFigures } from "../data/samples.ts";

/** A weapon's `system` as the world stores it (a plain record). */
const weaponSystem = (figures: WeaponFigures): Record<string, unknown> => ({ ...sampleWeapon(figures) });

const ODILE = "actorOdile000001"; // Alice's Precision & Impact fencer
const SWORD = "itemSword0000001";
const HAMMER = "itemHammer000001"; // melee, +1, 1d10
const SLING = "itemSling0000001"; // thrown, +0, 1d4
const BOW = "itemBow000000001"; // ranged, +2, 1d6

const STRENGTH = localize("ROLLING_BONES.Actor.action-character.FIELDS.abilities.strength.label");
const DEXTERITY = localize("ROLLING_BONES.Actor.action-character.FIELDS.abilities.dexterity.label");

/** Axel (Strength +3, Dexterity +1) with a warhammer, a sling and a bow; Odile with a sword and a Fencing skill. */
function characters() {
  const axel = {
    ...structuredClone(CHARACTERS.find((c) => c.id === AXEL)!),
    system: { level: 3, abilities: { strength: { mod: 3 }, dexterity: { mod: 1 } } },
    items: [
      {
        _id: HAMMER,
        name: "Warhammer <b>",
        type: "weapon",
        system: weaponSystem({ action: { attack: 1, damage: "1d10" } }),
      },
      {
        _id: SLING,
        name: "Sling",
        type: "weapon",
        system: weaponSystem({ kind: "thrown", action: { attack: 0, damage: "1d4" } }),
      },
      {
        _id: BOW,
        name: "Bow",
        type: "weapon",
        system: weaponSystem({ kind: "ranged", action: { attack: 2, damage: "1d6" } }),
      },
    ],
  };
  const odile = {
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
        skillFencing0001: { name: "Fencing", first: "quickness", second: "power", adds: "precision", bonus: 1 },
      },
      conditions: {},
    },
    ownership: { [ALICE]: 3 },
    items: [{ _id: SWORD, name: "Longsword", type: "weapon", system: weaponSystem({ pi: { skill: "fencing" } }) }],
  };
  const vex = {
    ...structuredClone(CHARACTERS.find((c) => c.id === VEX)!),
    system: {
      schemaVersion: 2,
      attributes: { dexterity: { rating: 3 }, strength: { rating: 2 } },
      abilities: { abilitySword0001: { name: "Swordplay", attribute: "dexterity", rating: 2 } },
      willpower: { permanent: 5, current: 2 },
      traits: {},
    },
    items: [{ _id: SWORD, name: "Short sword", type: "weapon", system: weaponSystem({ pool: { damage: 2 } }) }],
  };
  return [...structuredClone(CHARACTERS).filter((c) => c.id !== AXEL && c.id !== VEX), axel, odile, vex];
}

let w: World;
afterEach(() => w.double.uninstall());

/** The newest message, if a roll added one since `before` messages. */
function newest(before: number) {
  return w.double.game.messages.size > before ? w.double.game.messages.contents.at(-1)! : null;
}

/** Rolls a weapon trait (`weapon`: its attack, `damage`) from the sheet as a user, with Shift (no dialog). */
async function rollFromSheet(userId: string, actorId: string, kind: "weapon" | "damage", itemId: string) {
  const { rollActorTrait } = await import("../../src/applications/sheets/roll-trait.ts");
  const before = w.double.game.messages.size;
  const shift = new MouseEvent("click", { shiftKey: true });
  await w.double.actAs(userId, () => rollActorTrait(actorId, { kind, key: itemId }, shift));
  await w.double.settle();
  return newest(before);
}

/** The text of a card's parts line as a user's client draws it. */
async function partsText(messageId: string, userId: string): Promise<string | undefined> {
  const html = await messageAs(w, messageId, userId).renderHTML();
  return html.querySelector("[data-parts]")?.textContent?.replace(/\s+/g, " ").trim();
}

describe("an action-dice attack adds its wielder", () => {
  it("a melee attack adds Strength, a thrown or ranged one Dexterity; the card names each part for everyone", async () => {
    w = await bootWorld({ actors: characters() });
    dice(w, [[12, 20]]);
    const hammer = await rollFromSheet(ALICE, AXEL, "weapon", HAMMER);
    expect((hammer!.rolls[0]!.options as { request: object }).request).toMatchObject({ kind: "attack", modifier: 4 });
    expect(hammer!.rolls[0]!.total).toBe(16);
    for (const user of [ALICE, BOB, GM]) {
      // The weapon's name reaches the card as text.
      expect(await partsText(hammer!.id!, user)).toBe(`d20 + 3 ${STRENGTH} + 1 Warhammer <b>`);
    }
    dice(w, [[12, 20]]);
    const sling = await rollFromSheet(ALICE, AXEL, "weapon", SLING);
    expect(await partsText(sling!.id!, ALICE)).toBe(`d20 + 1 ${DEXTERITY}`);
    dice(w, [[12, 20]]);
    const bow = await rollFromSheet(ALICE, AXEL, "weapon", BOW);
    expect(await partsText(bow!.id!, BOB)).toBe(`d20 + 1 ${DEXTERITY} + 2 Bow`);
    expect(bow!.rolls[0]!.total).toBe(15);
  });

  it("damage adds Strength for a melee or thrown weapon, never for a ranged one", async () => {
    w = await bootWorld({ actors: characters() });
    dice(w, [[7, 10]]);
    const hammer = await rollFromSheet(ALICE, AXEL, "damage", HAMMER);
    expect(hammer!.rolls[0]!.total).toBe(10);
    expect(await partsText(hammer!.id!, BOB)).toBe(`d10 + 3 ${STRENGTH}`);
    const line = (await messageAs(w, hammer!.id!, BOB).renderHTML()).querySelector("[data-damage]");
    expect(line?.textContent).toBe(
      format("ROLLING_BONES.Damage.Line", { actor: "Axel", weapon: "Warhammer <b>", rolled: "1d10 + 3", total: "10" }),
    );
    dice(w, [[2, 4]]);
    expect((await rollFromSheet(ALICE, AXEL, "damage", SLING))!.rolls[0]!.total).toBe(5);
    dice(w, [[4, 6]]);
    const bow = await rollFromSheet(ALICE, AXEL, "damage", BOW);
    expect(bow!.rolls[0]!.total).toBe(4);
    // Nothing but the die: no parts to name.
    expect(await partsText(bow!.id!, ALICE)).toBeUndefined();
  });
});

/**
 * Rolls Odile's sword through the roll dialog as Alice, the form changed by `change` (what `RollDialog` runs).
 */
async function attackThroughDialog(change: (values: FormValues) => FormValues, visibility = "public") {
  const { asCharacter } = await import("../../src/data/actor/pure.ts");
  const { requestForTrait } = await import("../../src/data/actor/trait-rolls.ts");
  const { dialogAttack, equipmentOf } = await import("../../src/applications/sheets/roll-trait.ts");
  const dialogs = await import("../../src/applications/dialogs/index.ts");
  const before = w.double.game.messages.size;
  await w.double.actAs(ALICE, async () => {
    const actor = w.double.game.actors.get(ODILE) as unknown as Actor.Implementation;
    const character = asCharacter(actor.type, actor.system)!;
    const roll = requestForTrait(
      character.type,
      character.system as never,
      { kind: "weapon", key: SWORD },
      equipmentOf(actor),
    );
    const settings = dialogs.dialogSettingsFor({ actor, attack: dialogAttack(actor, roll.engine, roll.attack!) });
    const dialog = dialogs.DIALOG_ENGINES[roll.engine];
    const values = change(dialog.requestToForm(roll.request, settings));
    const evaluation = dialogs.evaluateForm(dialog, values, settings, "en");
    if (!evaluation.ok) throw evaluation.errors[0]?.error ?? new Error("the dialog refused the roll");
    // What the dialog reads of its form's visibility (RollDialog#readForm).
    const chosen = visibilityOfForm({ ...values, visibility });
    await dialogs.postDialogRoll(roll.engine, evaluation, {
      actor,
      title: "Longsword",
      settings,
      values,
      visibility: chosen as never,
    });
  });
  await w.double.settle();
  return newest(before);
}

/** The attack line of a card, as a user's client draws it. */
async function attackLine(messageId: string, userId: string) {
  return (await messageAs(w, messageId, userId).renderHTML()).querySelector("[data-attack]")?.textContent?.trim();
}

describe("a visibility the dialog does not offer (issue 41 fault 8)", () => {
  it("is refused with one message and nothing is rolled, never posted publicly", async () => {
    w = await bootWorld({ actors: characters() });
    const before = w.double.game.messages.size;
    expect(await attackThroughDialog((v) => v, "secret")).toBeNull();
    expect(w.double.game.messages.size).toBe(before);
    expect(errors(w)).toEqual([errorText("BadPostOption", { option: "visibility" })]);
    // One it offers posts as chosen.
    dice(w, [
      [6, 8],
      [5, 6],
      [2, 4],
      [1, 4],
    ]);
    const posted = await attackThroughDialog((v) => v, "gm");
    expect(posted?.whisper.length).toBeGreaterThan(0);
  });
});

describe("a weapon remembers its last choice", () => {
  it("starts from its usual skill, and after an attack with other attributes, starts from those on every client", async () => {
    w = await bootWorld({ actors: characters() });
    const faces = [
      [6, 8],
      [5, 6],
      [2, 4],
      [1, 4],
    ] as const;
    dice(w, faces);
    // The sword names Fencing as its usual skill (its name names no skill of Odile's).
    const first = await rollFromSheet(ALICE, ODILE, "weapon", SWORD);
    expect(await attackLine(first!.id!, BOB)).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Longsword", use: "Fencing" }),
    );
    dice(w, faces);
    const chosen = await attackThroughDialog((values) => ({ ...values, use: "attribute:power+wits" }));
    expect(chosen).not.toBeNull();
    for (const user of [ALICE, BOB, GM]) {
      const item = w.double.actAs(user, () => w.double.game.actors.get(ODILE)!.items.get(SWORD)!);
      expect(item.flags["rolling-bones"]).toEqual({ lastUse: "attribute:power+wits" });
    }
    dice(w, faces);
    const next = await rollFromSheet(ALICE, ODILE, "weapon", SWORD);
    const powerWits = `${localize("ROLLING_BONES.Actor.pi-character.FIELDS.attributes.power.label")} + ${localize("ROLLING_BONES.Actor.pi-character.FIELDS.attributes.wits.label")}`;
    expect(await attackLine(next!.id!, ALICE)).toBe(
      format("ROLLING_BONES.Attack.Line", { weapon: "Longsword", use: powerWits }),
    );
  });
});

describe("damage follows the attack", () => {
  /** The world with the system's chat hook, which adds an attack card's Roll damage button. */
  async function withDamageButtons(): Promise<void> {
    w = await bootWorld({ actors: characters() });
    const { addDamageControl } = await import("../../src/applications/chat/damage-control.ts");
    w.double.Hooks.on("renderChatMessageHTML", addDamageControl);
  }

  /** The Roll damage button a user's client draws on a card, or `null`. */
  async function damageButtonFor(messageId: string, userId: string) {
    return (await messageAs(w, messageId, userId).renderHTML()).querySelector<HTMLButtonElement>(
      "button[data-rb-action=rollDamage]",
    );
  }

  it("offers Roll damage only after a hit; after a miss only the GM may force it", async () => {
    await withDamageButtons();
    // Dexterity 3 + Swordplay 2 at 6: a 6 succeeds, the 1 cancels it: a miss.
    d10s(w, 6, 1, 2, 3, 4);
    const miss = await rollFromSheet(ALICE, VEX, "weapon", SWORD);
    expect((miss!.rolls[0]!.options as { outcome: { result: string } }).outcome.result).toBe("failure");
    expect(await damageButtonFor(miss!.id!, ALICE)).toBeNull();
    const forced = await damageButtonFor(miss!.id!, GM);
    expect(forced?.textContent).toBe(localize("ROLLING_BONES.Damage.CardButtonForce"));
    // Foundry reads a tooltip as HTML: the words go in escaped.
    expect(forced?.dataset.tooltip).toBe(escapeHTML(localize("ROLLING_BONES.Damage.ForceTooltip")));
    // A hit: the owner's button, which says what a click does.
    d10s(w, 6, 7, 8, 2, 3);
    const hit = await rollFromSheet(ALICE, VEX, "weapon", SWORD);
    const button = await damageButtonFor(hit!.id!, ALICE);
    expect(button?.textContent).toBe(localize("ROLLING_BONES.Damage.CardButton"));
    expect(button?.dataset.tooltip).toBe(escapeHTML(localize("ROLLING_BONES.Damage.Tooltip")));
    expect(await damageButtonFor(hit!.id!, BOB)).toBeNull();
  });

  it("an action-dice attack against a DC it misses offers no damage to its player", async () => {
    await withDamageButtons();
    const dialogs = await import("../../src/applications/dialogs/index.ts");
    // d20 3 + 4 against DC 15 through the dialog's own request: a miss.
    dice(w, [[3, 20]]);
    const before = w.double.game.messages.size;
    await w.double.actAs(ALICE, async () => {
      const actor = w.double.game.actors.get(AXEL) as unknown as Actor.Implementation;
      const settings = dialogs.dialogSettingsFor({ actor });
      const values = {
        ...dialogs.DIALOG_ENGINES.action.requestToForm({ kind: "attack", modifier: 4 }, settings),
        dc: "15",
      };
      const evaluation = dialogs.evaluateForm(dialogs.DIALOG_ENGINES.action, values, settings, "en");
      if (!evaluation.ok) throw new Error("refused");
      await dialogs.postDialogRoll("action", evaluation, {
        actor,
        settings,
        values,
        visibility: "public",
        rollOptions: { weapon: { actor: AXEL, item: HAMMER } },
      });
    });
    await w.double.settle();
    const miss = newest(before);
    expect(miss).not.toBeNull();
    expect(await damageButtonFor(miss!.id!, ALICE)).toBeNull();
    expect(await damageButtonFor(miss!.id!, GM)).not.toBeNull();
  });
});
