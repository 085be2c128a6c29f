// @vitest-environment happy-dom
/**
 * Initiative through the combat tracker on the test world: the system's Combat class rolls each
 * combatant's initiative with the system's rolls and sets it; an action-dice initiative can be
 * augmented while the round has not started (the GM moves the combatant), and is locked once it has.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { format, localize } from "../support/i18n.ts";
import { fixedFaces, mixedFaces } from "../foundry/index.ts";
import type { Combat } from "../foundry/combat.ts";
import {
  ALICE,
  BOB,
  bootWorld,
  CHARACTERS,
  control,
  countOf,
  errors,
  errorText,
  GM,
  nextFaces,
  stateSnapshot,
  type World,
} from "./action-dice-world.ts";
import type { ActionRoll, WildRoll } from "../../src/dice/index.ts";
import { ASSISTANT } from "../support/system.ts";
import { recordingAssert } from "../support/quench-assert.ts";

const AYLA = "actorAyla0000001";
const WIL = "actorWil00000001";
const BANDIT = "actorBandit00001";

/** Ayla (Alice's) has Dexterity +2; Wil (Bob's) has Perception 3D+1. */
function characters() {
  const abilities = Object.fromEntries(
    ["strength", "dexterity", "constitution", "reason", "intuition", "presence"].map((k) => [
      k,
      { mod: k === "dexterity" ? 2 : 0 },
    ]),
  );
  return [
    ...structuredClone(CHARACTERS).map((c) => (c.id === AYLA ? { ...c, system: { ...c.system, abilities } } : c)),
    {
      id: WIL,
      name: "Wil",
      type: "wild-character",
      system: {
        schemaVersion: 1,
        attributes: { perception: { code: "3D+1" } },
        skills: {},
        characterPoints: 2,
        fatePoints: 1,
      },
      ownership: { [BOB]: 3 },
    },
    {
      id: BANDIT,
      name: "Bandit",
      type: "action-npc",
      system: { abilities: { dexterity: { mod: 1 } }, saves: {}, skills: {}, notes: "" },
    },
  ];
}

let w: World;
afterEach(() => w.double.uninstall());

async function world(): Promise<{ combat: Combat }> {
  w = await bootWorld({ actors: characters() });
  expect(await w.double.actAs(GM, () => w.service.startSession())).toBe(true);
  const combat = w.double.createCombat({
    id: "combatOne0000001",
    combatants: [
      { id: "cmbAyla000000001", actorId: AYLA, name: "Ayla" },
      { id: "cmbWil0000000001", actorId: WIL, name: "Wil" },
      { id: "cmbBandit0000001", actorId: BANDIT, name: "Bandit" },
    ],
  });
  return { combat };
}

/** Rolls initiative from the tracker as a user (what the tracker's die button calls). */
async function rollInitiative(combat: Combat, userId: string, combatant: string): Promise<void> {
  await w.double.actAs(userId, () =>
    (combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant]),
  );
  // The card reaches every client after the world's latency.
  await w.double.settle();
}

const ayla = (combat: Combat) => combat.combatants.get("cmbAyla000000001")!;
const WIL_CMB = "cmbWil0000000001";
/** The points requests, loaded once the world is installed (their classes extend Foundry's). */
const pointsService = () => import("../../src/services/points/index.ts");

/** Wil's `system` as the GM's client reads it. */
function wilSystem(): Record<string, unknown> {
  return w.double.actAs(GM, () => w.double.game.actors.get(WIL)!.system);
}

/** The faces of the Wild Die's throws on a rendered card, in order. */
function wildThrows(html: HTMLElement): string[] {
  return [...html.querySelectorAll('[data-group="wild"] .rb-die__face')].map((d) => d.textContent ?? "");
}

/**
 * A user holds the *Open the roll dialog* key (Shift) and presses a combatant's die button (what the
 * tracker calls: `Combat#rollInitiative`); the Wild Die dialog opens on their client.
 */
async function openInitiativeDialog(combat: Combat, userId: string, combatant: string): Promise<HTMLFormElement> {
  w.double.keybindings.hold(userId, ["ShiftLeft"]);
  void w.double.actAs(userId, () =>
    (combat as unknown as { rollInitiative(ids: string[]): Promise<unknown> }).rollInitiative([combatant]),
  );
  await w.double.settle();
  const form = await vi.waitFor(() => {
    const found = w.double.clientRoot(userId).querySelector<HTMLFormElement>("form.rb-roll-dialog");
    if (!found) throw new Error("no initiative dialog opened");
    return found;
  });
  w.double.keybindings.hold(userId, []);
  return form;
}

/** Runs what should be refused, then lets the world settle. */
async function refusedSpend(run: () => Promise<unknown>): Promise<void> {
  expect(await run()).toBeNull();
  await w.double.settle();
}

/** The Character Points Wil's sheet shows to a user. */
async function sheetCharacterPoints(userId: string): Promise<string | null> {
  const sheet = w.double.actAs(userId, () => w.double.game.actors.get(WIL)!.sheet) as {
    element: HTMLElement;
    render(force: boolean): Promise<unknown>;
  };
  await w.double.actAs(userId, () => sheet.render(true));
  await w.double.settle();
  return sheet.element.querySelector<HTMLInputElement>('[name="system.characterPoints"]')?.value ?? null;
}

describe("initiative", () => {
  it("Alice rolls Ayla's initiative: an action-dice initiative card (d20 + Dexterity), and the combatant gets the total", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const message = w.double.game.messages.contents.at(-1)!;
    const roll = message.rolls[0] as unknown as ActionRoll;
    expect(roll.request).toMatchObject({ kind: "initiative", modifier: 2, base: [20] });
    expect(roll.options).toMatchObject({ initiative: { combat: "combatOne0000001", combatant: "cmbAyla000000001" } });
    expect(ayla(combat).initiative).toBe(15);
    // The card names the ability rolled (issue 35 point 10).
    expect(message.flavor).toBe(
      format("ROLLING_BONES.Initiative.FlavorTrait", {
        name: "Ayla",
        trait: localize("ROLLING_BONES.Actor.action-character.FIELDS.abilities.dexterity.label"),
      }),
    );
    expect(message.flavor).toBe("Ayla: initiative (Dexterity)");
  });

  it("before the round starts Alice augments it; the GM moves Ayla to the new total", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const id = w.double.game.messages.contents.at(-1)!.id!;
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(ayla(combat).initiative).toBe(18);
    // The GM applied the card action, so the GM wrote the combatant.
    expect(combat.initiativeLog.at(-1)).toEqual({ userId: GM, combatant: "cmbAyla000000001", value: 18 });
  });

  it("once the round has started, an augment of the initiative already in it is refused and nothing changes", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const id = w.double.game.messages.contents.at(-1)!.id!;
    await w.double.actAs(GM, () => combat.startCombat());
    const before = stateSnapshot(w);
    const dice = countOf(w, ALICE);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    await w.double.settle();
    expect(errors(w)).toContain(errorText("InitiativeSet"));
    expect(countOf(w, ALICE)).toBe(dice);
    expect(ayla(combat).initiative).toBe(15);
    expect(stateSnapshot(w)).toBe(before);
    // Alice's card offers no augment or re-roll any more.
    const html = await w.double.actAs(ALICE, () => w.double.game.messages.get(id)!.renderHTML());
    expect(html.querySelector('[data-rb-action="augment"], [data-rb-action="reroll"]')).toBeNull();
  });

  it("Alice's card naming Wil's combatant (options she may write, and the speaker too) moves nobody: the augment is refused", async () => {
    const { combat } = await world();
    nextFaces(w, [
      [2, 6],
      [5, 6],
      [3, 6],
    ]);
    await rollInitiative(combat, BOB, "cmbWil0000000001");
    const wil = combat.combatants.get("cmbWil0000000001")!.initiative;
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const id = w.double.game.messages.contents.at(-1)!.id!;
    /** Alice rewrites her own card (an author may update her message), as a macro could. */
    const forge = async (changes: Record<string, unknown>) => {
      await w.double.actAs(ALICE, async () => {
        const message = w.double.game.messages.get(id)!;
        const json = message.rolls[0]!.toJSON() as unknown as { options: { initiative: { combatant: string } } };
        json.options.initiative.combatant = "cmbWil0000000001";
        await message.update({ rolls: [JSON.stringify(json)], ...changes });
      });
      await w.double.settle();
    };
    await forge({});
    const dice = countOf(w, ALICE);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("InitiativeNotYours", { name: "Wil" }));
    // the card spoken by Wil as well: Alice does not own Wil
    await forge({ speaker: { actor: WIL, alias: "Wil" } });
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w).at(-1)).toBe(errorText("InitiativeNotYours", { name: "Wil" }));
    await w.double.settle();
    expect(combat.combatants.get("cmbWil0000000001")!.initiative).toBe(wil);
    expect(ayla(combat).initiative).toBe(15);
    expect(countOf(w, ALICE)).toBe(dice);
  });

  it("after a re-roll of her initiative, augmenting Alice's older card is refused and the initiative stays; the newest card moves it", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const older = w.double.game.messages.contents.at(-1)!.id!;
    nextFaces(w, [[5, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const newer = w.double.game.messages.contents.at(-1)!.id!;
    expect(ayla(combat).initiative).toBe(7);
    const before = stateSnapshot(w);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, older, { type: "augment", faces: 4 })).toBe(false);
    await w.double.settle();
    expect(errors(w)).toEqual([errorText("InitiativeNotCurrent", { name: "Ayla" })]);
    expect(stateSnapshot(w)).toBe(before);
    expect(ayla(combat).initiative).toBe(7);
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, newer, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(ayla(combat).initiative).toBe(10);
  });

  it("the GM set Ayla's initiative by hand: her card no longer holds it, and an augment is refused", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    const id = w.double.game.messages.contents.at(-1)!.id!;
    await w.double.actAs(GM, () => combat.setInitiative("cmbAyla000000001", 20));
    // Refused before its die is thrown (issue 41 fault 8): no die is asked of the dice.
    let thrown = 0;
    w.double.CONFIG.Dice.randomUniform = () => {
      thrown += 1;
      return 0.5;
    };
    expect(await control(w, ALICE, id, { type: "augment", faces: 4 })).toBe(false);
    expect(errors(w)).toEqual([errorText("InitiativeNotCurrent", { name: "Ayla" })]);
    expect(thrown).toBe(0);
    expect(ayla(combat).initiative).toBe(20);
  });

  it("Bob may not roll Ayla's initiative: refused, nothing posted, the combatant unset", async () => {
    const { combat } = await world();
    const count = w.double.game.messages.size;
    await rollInitiative(combat, BOB, "cmbAyla000000001");
    expect(w.double.game.messages.size).toBe(count);
    expect(errors(w)).toContain(errorText("RequestNotYours", { name: "Ayla" }));
    expect(ayla(combat).initiative).toBeNull();
  });

  it("a Wild Die character rolls a Wild Die roll of the setting's attribute (Perception 3D+1): its 6 explodes, and the card shows each throw", async () => {
    const { combat } = await world();
    // Two normal dice (2, 5), then the Wild Die: 6 explodes into 3.
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [2, 5, 6, 3]);
    await rollInitiative(combat, BOB, WIL_CMB);
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(2 + 5 + 6 + 3 + 1);
    const message = w.double.game.messages.contents.at(-1)!;
    const roll = message.rolls[0] as unknown as WildRoll;
    expect(roll.constructor.name).toBe("WildRoll");
    expect(roll.options).toMatchObject({ initiative: { combat: "combatOne0000001", combatant: WIL_CMB } });
    expect(roll.outcome).toMatchObject({ code: "3D+1", criticalSuccess: true, wildTotal: 9, total: 17 });
    const html = await w.double.actAs(BOB, () => w.double.game.messages.get(message.id!)!.renderHTML());
    expect(wildThrows(html)).toEqual(["6", "3"]);
    expect(html.querySelector("[data-label]")?.getAttribute("data-label")).toBe("criticalSuccess");
    // Nothing was spent on a plain click.
    expect(wilSystem()).toMatchObject({ characterPoints: 2, fatePoints: 1 });
  });

  it("a Wild Die initiative fails critically as any roll does: a first 1, then a 6 taken off, then one more", async () => {
    const { combat } = await world();
    // Normal 4 and 5; the Wild Die's 1 counts (+1), its next throw 6 is taken off, and so is one more (2).
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [4, 5, 1, 6, 2]);
    await rollInitiative(combat, BOB, WIL_CMB);
    const roll = w.double.game.messages.contents.at(-1)!.rolls[0] as unknown as WildRoll;
    expect(roll.outcome).toMatchObject({
      criticalFailure: true,
      catastrophicFailure: true,
      total: 4 + 5 + 1 - 6 - 2 + 1,
    });
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(3);
  });

  it("Bob Shift-clicks Wil's die and spends 1 of his 2 Character Points in the dialog: Wil moves to the total, the sheet shows 1 CP, the card shows the throws", async () => {
    const { combat } = await world();
    const form = await openInitiativeDialog(combat, BOB, WIL_CMB);
    expect(form.querySelector<HTMLInputElement>('[name="code"]')?.value).toBe("3D+1");
    form.querySelector<HTMLInputElement>('[name="characterPoints"]')!.value = "1";
    // Normal 2 and 3, the Wild Die 4, the Character Point's Wild Die 6 exploding into 5.
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [2, 3, 4, 6, 5]);
    await w.double.press(form.querySelector('button[type="submit"]')!);
    const message = w.double.game.messages.contents.at(-1)!;
    const roll = message.rolls[0] as unknown as WildRoll;
    expect(roll.outcome).toMatchObject({ characterPoints: 1, cpTotal: 11, total: 2 + 3 + 4 + 6 + 5 + 1 });
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(21);
    expect(w.double.storedMessages().at(-1)!.flags.core).toEqual({ initiativeRoll: true });
    expect(roll.points.ledger).toEqual([
      expect.objectContaining({ type: "characterPoints", points: 1, actorId: WIL, by: BOB }),
    ]);
    expect(wilSystem()).toMatchObject({ characterPoints: 1, session: { characterPoints: 1 } });
    const html = await w.double.actAs(BOB, () => w.double.game.messages.get(message.id!)!.renderHTML());
    expect(wildThrows(html)).toEqual(["4"]);
    expect([...html.querySelectorAll('[data-group="cp"] .rb-die__face')].map((d) => d.textContent)).toEqual(["6", "5"]);
    expect(await sheetCharacterPoints(BOB)).toBe("1");
  });

  it("spends as on a check: points gone from the sheet or a second Fate Point this session are refused by the GM, nothing is spent or set; a plain click still rolls", async () => {
    const { combat } = await world();
    let form = await openInitiativeDialog(combat, BOB, WIL_CMB);
    // The dialog offers what Wil may still spend: 2 CP.
    expect(form.querySelector<HTMLInputElement>('[name="characterPoints"]')?.max).toBe("2");
    // Meanwhile the GM takes Wil's Character Points off the sheet: the GM refuses the spend when it arrives.
    await w.double.actAs(GM, () => w.double.game.actors.get(WIL)!.update({ "system.characterPoints": 0 }));
    await w.double.settle();
    form.querySelector<HTMLInputElement>('[name="characterPoints"]')!.value = "1";
    const count = w.double.game.messages.size;
    await w.double.press(form.querySelector('button[type="submit"]')!);
    expect(errors(w)).toEqual([errorText("NotEnoughCharacterPoints", { requested: 1, available: 0 })]);
    // The dialog stays open; nothing was posted, spent or set.
    expect(form.isConnected).toBe(true);
    expect(w.double.game.messages.size).toBe(count);
    expect(wilSystem()).toMatchObject({ characterPoints: 0, session: { characterPoints: 0 } });
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBeNull();
    await w.double.press(form.querySelector('[data-action="cancel"]')!);
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBeNull();
    // A Fate Point: the first is taken (3D doubled to 6 dice), the second this session refused by the GM.
    form = await openInitiativeDialog(combat, BOB, WIL_CMB);
    form.querySelector<HTMLInputElement>('[name="fatePoint"]')!.checked = true;
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [1, 1, 1, 1, 1, 3]);
    await w.double.press(form.querySelector('button[type="submit"]')!);
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(5 + 3 + 2);
    expect(wilSystem()).toMatchObject({ fatePoints: 0, session: { fatePoints: 1 } });
    await w.double.actAs(GM, () => w.double.game.actors.get(WIL)!.update({ "system.fatePoints": 1 }));
    const before = w.double.game.messages.size;
    const points = await pointsService();
    await refusedSpend(() =>
      w.double.actAs(BOB, () =>
        points.rollWithPoints(
          "wild",
          { dice: 3, pips: 1, fatePoint: true },
          {
            actor: w.double.game.actors.get(WIL) as never,
            rollOptions: { initiative: { combat: "combatOne0000001", combatant: WIL_CMB } },
          },
        ),
      ),
    );
    expect(errors(w).at(-1)).toBe(errorText("FatePointUsedThisSession", { limit: 1 }));
    expect(w.double.game.messages.size).toBe(before);
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(10);
    // Without the key, the die button rolls at once: no dialog.
    w.double.CONFIG.Dice.randomUniform = fixedFaces(6, [2, 2, 2]);
    await rollInitiative(combat, BOB, WIL_CMB);
    expect(w.double.clientRoot(BOB).querySelector("form.rb-roll-dialog")).toBeNull();
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBe(7);
  });

  it("a forged spend on another player's combatant is refused: Alice can neither roll Wil's initiative with his points nor pay them", async () => {
    const { combat } = await world();
    w.double.keybindings.hold(ALICE, ["ShiftLeft"]);
    await rollInitiative(combat, ALICE, WIL_CMB);
    expect(w.double.clientRoot(ALICE).querySelector("form.rb-roll-dialog")).toBeNull();
    expect(errors(w).at(-1)).toBe(errorText("RequestNotYours", { name: "Wil" }));
    // Her own roll spoken for Wil, naming his combatant, with a Character Point: refused before anything is spent.
    const wil = () => w.double.game.actors.get(WIL) as never;
    const points = await pointsService();
    const gm = await import("../../src/services/gm-action.ts");
    await w.double.actAs(ALICE, () =>
      points.rollWithPoints(
        "wild",
        { dice: 3, characterPoints: 1 },
        {
          actor: wil(),
          rollOptions: { initiative: { combat: "combatOne0000001", combatant: WIL_CMB } },
        },
      ),
    );
    await w.double.settle();
    // The spend itself, asked of the GM directly: the GM refuses it.
    const paid = await w.double.actAs(ALICE, () =>
      gm.requestGmAction(
        points.POINTS_ACTIONS.spend,
        { actorId: WIL, engine: "wild", plan: { characterPoints: 1 } },
        "forgedSpend00001",
      ),
    );
    await w.double.settle();
    expect(paid).toBeNull();
    expect(errors(w).at(-1)).toBe(errorText("PointsNotYourCharacter", { name: "Wil" }));
    expect(wilSystem()).toMatchObject({ characterPoints: 2, session: { characterPoints: 0 } });
    expect(combat.combatants.get(WIL_CMB)!.initiative).toBeNull();
  });

  it("the GM rolls an action-dice NPC's initiative as its engine's character does (d20 + Dexterity); the card is the GM's", async () => {
    const { combat } = await world();
    nextFaces(w, [[11, 20]]);
    await rollInitiative(combat, GM, "cmbBandit0000001");
    expect(combat.combatants.get("cmbBandit0000001")!.initiative).toBe(12);
    const message = w.double.game.messages.contents.at(-1)!;
    const roll = message.rolls[0] as unknown as ActionRoll;
    expect(roll.request).toMatchObject({ kind: "initiative", modifier: 1, base: [20] });
    expect(message.author?.id).toBe(GM);
  });
});

describe("turn order (issue 23, fault 7)", () => {
  /** A started combat whose turn is the Bandit's, each combatant's initiative set: Wil 20, Bandit 12, Ayla 5. */
  async function underway(): Promise<Combat> {
    const { combat } = await world();
    await w.double.actAs(GM, async () => {
      await combat.setInitiative("cmbWil0000000001", 20);
      await combat.setInitiative("cmbBandit0000001", 12);
      await combat.startCombat();
    });
    await w.double.actAs(GM, () => combat.update({ turn: 1 }));
    expect(combat.combatant?.id).toBe("cmbBandit0000001");
    return combat;
  }

  it("a late initiative rolled mid-combat re-sorts the order but never moves the current turn to another combatant", async () => {
    const combat = await underway();
    nextFaces(w, [[18, 20]]);
    // Ayla rolls 18 + 2 = 20 and sorts before the Bandit: the turn stays the Bandit's.
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    expect(ayla(combat).initiative).toBe(20);
    expect(combat.turns.map((c) => c.name)).toEqual(["Ayla", "Wil", "Bandit"]);
    expect(combat.combatant?.id).toBe("cmbBandit0000001");
  });

  it("honours core's options: updateTurn false leaves the index, a formula is rolled instead, messageOptions set the visibility", async () => {
    const combat = await underway();
    w.double.CONFIG.Dice.randomUniform = mixedFaces([[4, 4]]);
    const roll = (options: object) =>
      w.double.actAs(GM, () =>
        (combat as unknown as { rollInitiative(ids: string[], o: object): Promise<unknown> }).rollInitiative(
          ["cmbAyla000000001"],
          options,
        ),
      );
    const mode = process.env.RB_WORLD === "14" ? { messageMode: "gm" } : { rollMode: "gmroll" };
    await roll({ formula: "1d4 + 30", updateTurn: false, messageOptions: mode });
    await w.double.settle();
    expect(ayla(combat).initiative).toBe(34);
    // The index stayed, so the turn is now Wil's: what core does when asked not to update the turn.
    expect(combat.turn).toBe(1);
    expect(combat.combatant?.id).toBe("cmbWil0000000001");
    const stored = w.double.storedMessages().at(-1)!;
    expect(JSON.parse(stored.rolls[0]!)).toMatchObject({ formula: "1d4 + 30" });
    expect(stored.whisper).toEqual([GM, ASSISTANT].filter((id) => w.double.game.users.get(id)));
  });

  it("a formula that cannot be rolled is refused with one message; nothing is posted or set", async () => {
    const combat = await underway();
    const count = w.double.game.messages.size;
    await w.double.actAs(GM, () =>
      (combat as unknown as { rollInitiative(ids: string[], o: object): Promise<unknown> }).rollInitiative(
        ["cmbAyla000000001"],
        { formula: "1d4 +* (" },
      ),
    );
    await w.double.settle();
    expect(w.double.game.messages.size).toBe(count);
    expect(ayla(combat).initiative).toBeNull();
    expect(
      errors(w).filter((e) => e.startsWith(errorText("InitiativeBadFormula", { formula: "1d4 +* (", cause: "" }))),
    ).toHaveLength(1);
  });

  it("the initiative message carries core's initiativeRoll flag (Dice So Nice reads it)", async () => {
    const { combat } = await world();
    nextFaces(w, [[13, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    nextFaces(w, [
      [3, 6],
      [3, 6],
      [3, 6],
    ]);
    await rollInitiative(combat, BOB, "cmbWil0000000001");
    const flags = w.double
      .storedMessages()
      .slice(-2)
      .map((m) => m.flags.core);
    expect(flags).toEqual([{ initiativeRoll: true }, { initiativeRoll: true }]);
  });

  it("an augment before the round keeps the current turn on its combatant", async () => {
    const { combat } = await world();
    nextFaces(w, [[9, 20]]);
    await rollInitiative(combat, ALICE, "cmbAyla000000001");
    await w.double.actAs(GM, async () => {
      await combat.setInitiative("cmbWil0000000001", 13);
      await combat.setInitiative("cmbBandit0000001", 12);
      await combat.update({ turn: 1 });
    });
    expect(combat.combatant?.id).toBe("cmbBandit0000001");
    // Ayla's 11 is raised by an action die to 11 + 3 = 14: she sorts first, the turn stays the Bandit's.
    const card = w.double.game.messages.contents.at(-1)!.id!;
    nextFaces(w, [[3, 4]]);
    expect(await control(w, ALICE, card, { type: "augment", faces: 4 })).toBe(true);
    await w.double.settle();
    expect(ayla(combat).initiative).toBe(14);
    expect(combat.turns[0]?.id).toBe("cmbAyla000000001");
    expect(combat.combatant?.id).toBe("cmbBandit0000001");
  });
});

describe("the Quench batch rolling-bones.initiative (issue 29 item 13)", () => {
  it("runs green against the world as the character's player (Bob, on Wil's combatant)", async () => {
    const { combat } = await world();
    const { runWildInitiativeScenario } = await import("../../src/quench/initiative-batch.ts");
    const { calibrate, throwD4 } = await import("../../src/quench/faces.ts");
    const recorded = recordingAssert();
    const mapping = await calibrate(throwD4);
    const wil = w.double.game.actors.get(WIL) as unknown as Actor.Implementation;
    const posted = await w.double.actAs(BOB, () =>
      runWildInitiativeScenario(wil, combat as never, WIL_CMB, mapping, recorded.assert),
    );
    await w.double.settle();
    expect(recorded.failures).toEqual([]);
    expect(posted).toHaveLength(2);
  });
});
