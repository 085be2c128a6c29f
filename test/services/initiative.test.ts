// @vitest-environment happy-dom
/**
 * Initiative through the combat tracker on the test world: the system's Combat class rolls each
 * combatant's initiative with the system's rolls and sets it; an action-dice initiative can be
 * augmented while the round has not started (the GM moves the combatant), and is locked once it has.
 */
import { afterEach, describe, expect, it } from "vitest";
import { format } from "../support/i18n.ts";
import { mixedFaces } from "../foundry/index.ts";
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
import type { ActionRoll } from "../../src/dice/index.ts";
import { ASSISTANT } from "../support/system.ts";

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
      system: { schemaVersion: 1, attributes: { perception: { code: "3D+1" } }, skills: {} },
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
    expect(message.flavor).toBe(format("ROLLING_BONES.Initiative.Flavor", { name: "Ayla" }));
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

  it("Bob may not roll Ayla's initiative: refused, nothing posted, the combatant unset", async () => {
    const { combat } = await world();
    const count = w.double.game.messages.size;
    await rollInitiative(combat, BOB, "cmbAyla000000001");
    expect(w.double.game.messages.size).toBe(count);
    expect(errors(w)).toContain(errorText("RequestNotYours", { name: "Ayla" }));
    expect(ayla(combat).initiative).toBeNull();
  });

  it("a Wild Die character rolls the setting's attribute code (Perception 3D+1 → 3d6 + 1)", async () => {
    const { combat } = await world();
    w.double.CONFIG.Dice.randomUniform = mixedFaces([
      [2, 6],
      [5, 6],
      [6, 6],
    ]);
    await rollInitiative(combat, BOB, "cmbWil0000000001");
    expect(combat.combatants.get("cmbWil0000000001")!.initiative).toBe(14);
    const roll = w.double.game.messages.contents.at(-1)!.rolls[0] as unknown as { formula: string };
    expect(roll.formula.replace(/\s+/g, "")).toBe("3d6+1");
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
