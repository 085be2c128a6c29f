/**
 * Weapon attacks of Precision & Impact, percentile, Wild Die and dice-pool characters, Foundry-free
 * (issue 16): the request an attack starts from (a skill, an Attribute + Ability pair or attributes
 * the player chooses; the percentile weapon's multiplier as the called shot's base; the dice-pool
 * weapon's difficulty), the weapon's and gear's modifiers added after the pick as named adjustments,
 * and an unknown or foreign item refused.
 */
import { describe, expect, it } from "vitest";
import { percentile, pi, pool, shared, wild } from "../../src/engines/index.ts";
import { traitLabelOf, UNTRAINED_GROUP_KEY, type EquipmentLookup } from "../../src/data/actor/pure.ts";
import { defaultUse, useValue, type AttackUse } from "../../src/data/actor/attacks.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { localize } from "../support/i18n.ts";
import { withConditions } from "../../src/data/conditions/index.ts";
import { itemAdjustments, namedEquipment, newGear, newWeapon } from "../../src/data/item/pure.ts";
import { SAMPLE_EQUIPMENT, SAMPLES } from "./samples.ts";

/** The sample equipment by own id, as `actor.items.get` finds it. */
const byId = new Map(SAMPLE_EQUIPMENT.map((item) => [item.id, item]));
const equipment: EquipmentLookup = (id) => byId.get(id);

const AXE = "itemAxe000000001"; // Precision −1, Impact +3; percentile ×2
const BOW = "itemBow000000001"; // Precision +1, Impact +1; percentile ×1
const ROPE = "itemRope00000001"; // gear, Precision +1

/** Rolls a Precision & Impact request with the given faces, in throw order. */
function rollPi(request: pi.PiRequest, faces: readonly number[]): pi.PiOutcome {
  return shared.rollWith(pi.engine, pi.validate(request), shared.fixedFaces(faces));
}

describe("a Precision & Impact weapon attack", () => {
  const system = SAMPLES["pi-character"];

  it("offers the character's skills, then every pair of attributes; untrained, it starts from Power + Quickness", () => {
    const roll = requestForTrait("pi-character", system, { kind: "weapon", key: AXE }, equipment);
    expect(roll.engine).toBe("pi");
    expect(roll.label).toEqual({ name: "Battle axe" });
    expect(roll.attack?.weapon).toEqual({ id: AXE, name: "Battle axe" });
    expect(roll.attack?.uses.map((u) => u.value)).toEqual([
      "skill:skillBrawl00001",
      "skill:skillAim0000001",
      "attribute:power+quickness",
      "attribute:power+wits",
      "attribute:power+resolve",
      "attribute:quickness+wits",
      "attribute:quickness+resolve",
      "attribute:wits+resolve",
    ]);
    // No skill names the Battle axe: the attributes alone, as an untrained attack; the axe's
    // modifiers are not in the request (they come after the pick).
    expect(roll.attack?.use).toBe("attribute:power+quickness");
    expect(roll.request).toEqual({ pool: [8, 4, 4], hindrance: "minor" });
    // Each choice's request is what a roll of that trait gives.
    for (const use of roll.attack?.uses ?? []) {
      expect(use.request).toEqual(requestForTrait("pi-character", system, use.trait).request);
    }
  });

  it("is rolled with the choice a trait names in `with` (a hotbar macro, api.rollTrait)", () => {
    const roll = requestForTrait(
      "pi-character",
      system,
      { kind: "weapon", key: AXE, with: "attribute:power+wits" },
      equipment,
    );
    expect(roll.attack?.use).toBe("attribute:power+wits");
    expect(roll.request).toEqual({ pool: [8, 4, 10, 6], hindrance: "minor" });
  });

  it.each(["skill:missing", "attribute:power+charm", "attribute:power", "skill:constructor", ""])(
    "refuses the choice %j, which the character does not have",
    (choice) => {
      expect(() =>
        requestForTrait("pi-character", system, { kind: "weapon", key: AXE, with: choice }, equipment),
      ).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownAttackUse" }));
    },
  );

  it("starts from a skill whose name names the weapon (Bows for a Short bow)", () => {
    const archer = structuredClone(system);
    archer.skills.skillBows0000001 = { name: "Bows", first: "quickness", second: "wits", adds: "impact", bonus: 1 };
    const roll = requestForTrait("pi-character", archer, { kind: "weapon", key: BOW }, equipment);
    expect(roll.attack?.use).toBe("skill:skillBows0000001");
  });

  it("adds the weapon's modifiers after the pick: the same dice picked, Precision −1 and Impact +3", () => {
    const brawl = { kind: "weapon", key: AXE, with: "skill:skillBrawl00001" };
    const roll = requestForTrait("pi-character", system, brawl, equipment);
    // Brawling's pool and its Impact bonus.
    expect(roll.request).toEqual({ pool: [8, 4, 4], hindrance: "minor", precisionMod: 0, impactMod: 2 });
    const axe = namedEquipment("pi", equipment(AXE)!);
    expect(axe).toEqual({
      name: "Battle axe",
      adjustments: [
        { target: "precision", value: -1 },
        { target: "impact", value: 3 },
      ],
    });
    const request = roll.request;
    // Minorly hindered (Tired): the d4 of the second slot goes; the d8 and the other d4 show 6 and 3.
    const plain = rollPi(request, [6, 3]);
    const armed = rollPi(withConditions("pi", request, [axe!]) as pi.PiRequest, [6, 3]);
    expect(armed.pick.slots).toEqual(plain.pick.slots);
    expect(armed.precision).toBe(plain.precision - 1);
    expect(armed.impact).toBe(plain.impact + 3);
    expect([plain.precision, plain.impact, armed.precision, armed.impact]).toEqual([9, 5, 8, 8]);
  });

  it("adds a ticked piece of gear as the rules' example does: 6, 4, 2, pick 6 and 2, Impact −1 → 8 and 3", () => {
    const clumsy = {
      name: "Heavy gauntlets",
      type: "gear" as const,
      system: { ...newGear(), pi: { precision: 0, impact: -1 } },
    };
    const request: pi.PiRequest = { pool: [6, 6, 6], pick: [0, 2] };
    const unticked = rollPi(request, [6, 4, 2]);
    const ticked = rollPi(withConditions("pi", request, [namedEquipment("pi", clumsy)!]) as pi.PiRequest, [6, 4, 2]);
    expect([unticked.precision, unticked.impact]).toEqual([8, 4]);
    expect([ticked.precision, ticked.impact]).toEqual([8, 3]);
  });

  it("refuses a weapon the character does not have: no such id, gear, another character's item", () => {
    const other: EquipmentLookup = (id) => (id === "itemOther0000001" ? undefined : byId.get(id));
    for (const key of ["missing", ROPE, "itemOther0000001", "constructor"]) {
      expect(() => requestForTrait("pi-character", system, { kind: "weapon", key }, other), key).toThrow(
        expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
      );
    }
  });
});

describe("equipment adjusts Precision & Impact rolls only", () => {
  it("names a weapon's or gear's non-zero modifiers; none on the other engines' rolls", () => {
    expect(itemAdjustments("pi", equipment(ROPE)!)).toEqual([{ target: "precision", value: 1 }]);
    expect(namedEquipment("pi", { name: "Plain", type: "weapon", system: newWeapon() })).toBeNull();
    for (const engine of ["percentile", "action", "wild", "pool"] as const) {
      expect(itemAdjustments(engine, equipment(AXE)!), engine).toEqual([]);
    }
  });
});

describe("a percentile weapon attack", () => {
  const system = SAMPLES["percentile-character"];

  it("offers the character's skills, then its attributes; the weapon's multiplier is the called shot's base, untrained from Agility", () => {
    const roll = requestForTrait("percentile-character", system, { kind: "weapon", key: AXE }, equipment);
    expect(roll.engine).toBe("percentile");
    expect(roll.label).toEqual({ name: "Battle axe" });
    expect(roll.attack?.uses.map((u) => u.value)).toEqual([
      "skill:skillClimb000001",
      "skill:skillLore0000001",
      "attribute:body",
      "attribute:agility",
      "attribute:endurance",
      "attribute:reason",
      "attribute:intuition",
      "attribute:will",
    ]);
    expect(roll.attack?.use).toBe("attribute:agility");
    expect(roll.request).toEqual({ bonus: 0, penalty: 0, column: 9, damageMultiplier: 2 });
    const climbing = roll.attack?.uses.find((u) => u.value === "skill:skillClimb000001");
    expect(climbing?.request).toEqual({ bonus: 0, penalty: 0, column: 8, damageMultiplier: 2 });
  });

  it("a ×2 weapon and two voluntary penalty dice: a success raises the damage to ×4, a failure leaves ×2", () => {
    const roll = requestForTrait(
      "percentile-character",
      system,
      { kind: "weapon", key: AXE, with: "skill:skillLore0000001" },
      equipment,
    );
    const request = percentile.validate({ ...roll.request, voluntaryPenalty: 2 });
    // Tens 9, ones 5, penalty dice 7 and 8: the lowest tens is 7 → 75, a success at rating 14.
    const hit = shared.rollWith(percentile.engine, request, shared.fixedFaces([9, 5, 7, 8]));
    expect(hit.success).toBe(true);
    expect(hit.calledShot).toEqual({ requested: 2, applied: 2, base: 2, multiplier: 4 });
    // Tens 2, ones 5: 25 fails.
    const miss = shared.rollWith(percentile.engine, request, shared.fixedFaces([2, 5, 7, 8]));
    expect(miss.success).toBe(false);
    expect(miss.calledShot.multiplier).toBe(2);
  });

  it("refuses a weapon it does not have, and a choice it does not have", () => {
    expect(() => requestForTrait("percentile-character", system, { kind: "weapon", key: ROPE }, equipment)).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
    );
    expect(() =>
      requestForTrait("percentile-character", system, { kind: "weapon", key: AXE, with: "attribute:luck" }, equipment),
    ).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownAttackUse" }));
  });
});

describe("defaultUse", () => {
  const use = (trait: { kind: string; key: string }, name?: string): AttackUse => ({
    value: useValue(trait),
    trait,
    label: name === undefined ? { key: trait.key } : { name },
    request: {},
  });
  const swords = use({ kind: "skill", key: "a" }, "Swords");
  const lore = use({ kind: "skill", key: "b" }, "Lore");
  const body = use({ kind: "attribute", key: "body" });
  const agility = use({ kind: "attribute", key: "agility" });

  it("prefers a skill naming the weapon, then the untrained attributes, then the first attributes, then anything", () => {
    expect(defaultUse([lore, swords, body, agility], "Longsword", "attribute:agility")).toBe("skill:a");
    expect(defaultUse([lore, swords, body, agility], "Short bow", "attribute:agility")).toBe("attribute:agility");
    expect(defaultUse([lore, body], "Short bow", "attribute:agility")).toBe("attribute:body");
    expect(defaultUse([lore], "Club", "attribute:agility")).toBe("skill:b");
    expect(defaultUse([], "Club")).toBeNull();
  });

  it("matches words, not letters: a plural skill, a word inside a word, never a short word", () => {
    const bows = use({ kind: "skill", key: "c" }, "Bows");
    const of = use({ kind: "skill", key: "d" }, "Art of war");
    expect(defaultUse([of, bows, body], "Short bow")).toBe("skill:c");
    expect(defaultUse([of, body], "Staff of fire")).toBe("attribute:body");
  });
});

describe("a Wild Die weapon attack", () => {
  const system = SAMPLES["wild-character"];

  it("offers the character's skills, then its attributes; untrained, it starts from Agility's code", () => {
    const roll = requestForTrait("wild-character", system, { kind: "weapon", key: AXE }, equipment);
    expect(roll.engine).toBe("wild");
    expect(roll.label).toEqual({ name: "Battle axe" });
    expect(roll.attack?.weapon).toEqual({ id: AXE, name: "Battle axe" });
    expect(roll.attack?.uses.map((u) => u.value)).toEqual([
      "skill:skillDodge00001",
      "skill:skillRepair0001",
      "attribute:agility",
      "attribute:strength",
      "attribute:knowledge",
      "attribute:perception",
      "attribute:presence",
      "attribute:technical",
    ]);
    // No skill names the axe: Agility 3D+1, and the weapon's damage code (3D+2) is not in the attack.
    expect(roll.attack?.use).toBe("attribute:agility");
    expect(roll.request).toEqual({ dice: 3, pips: 1 });
    for (const use of roll.attack?.uses ?? []) {
      expect(use.request).toEqual(requestForTrait("wild-character", system, use.trait).request);
    }
  });

  it("starts from a skill naming the weapon (Axes for a Battle axe), and rolls the one a macro names in `with`", () => {
    const fighter = structuredClone(system);
    fighter.skills.skillAxes0000001 = { name: "Axes", attribute: "agility", code: "4D+2" };
    const roll = requestForTrait("wild-character", fighter, { kind: "weapon", key: AXE }, equipment);
    expect(roll.attack?.use).toBe("skill:skillAxes0000001");
    expect(roll.request).toEqual({ dice: 4, pips: 2 });
    const repair = { kind: "weapon", key: AXE, with: "skill:skillRepair0001" };
    expect(requestForTrait("wild-character", fighter, repair, equipment).request).toEqual({ dice: 5, pips: 2 });
  });

  it("leaves out a skill whose stored code cannot be read, rather than refusing the attack", () => {
    const broken = structuredClone(system);
    broken.skills.skillDodge00001!.code = "lots";
    const roll = requestForTrait("wild-character", broken, { kind: "weapon", key: BOW }, equipment);
    expect(roll.attack?.uses.map((u) => u.value)).not.toContain("skill:skillDodge00001");
    expect(roll.attack?.uses.map((u) => u.value)).toContain("skill:skillRepair0001");
  });

  it("refuses a weapon it does not have (gear, another character's, none), and a choice it does not have", () => {
    for (const key of ["missing", ROPE, "constructor"]) {
      expect(() => requestForTrait("wild-character", system, { kind: "weapon", key }, equipment), key).toThrow(
        expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
      );
    }
    for (const choice of ["skill:missing", "attribute:luck", "skill:toString"]) {
      expect(() =>
        requestForTrait("wild-character", system, { kind: "weapon", key: AXE, with: choice }, equipment),
      ).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownAttackUse" }));
    }
  });

  it("rolls as any roll of the skill: Character Points add Wild Dice, a Fate Point doubles the skill's dice", () => {
    const roll = requestForTrait("wild-character", system, { kind: "weapon", key: AXE }, equipment);
    const base = wild.validate(roll.request);
    expect(wild.shapeOf(wild.validate({ ...base, characterPoints: 2 }))).toMatchObject({ cpWild: 2 });
    expect(wild.shapeOf(wild.validate({ ...base, fatePoint: true }))).toMatchObject({ normal: 5 });
  });
});

describe("a dice-pool weapon attack", () => {
  const system = SAMPLES["pool-character"];

  it("offers each ability with every attribute (its own first), then each attribute alone, at the weapon's difficulty", () => {
    const roll = requestForTrait("pool-character", system, { kind: "weapon", key: BOW }, equipment);
    expect(roll.engine).toBe("pool");
    expect(roll.label).toEqual({ name: "Short bow" });
    const values = roll.attack?.uses.map((u) => u.value) ?? [];
    expect(values).toHaveLength(27);
    expect(values.slice(0, 3)).toEqual([
      "ability:abilityBrawl001+strength",
      "ability:abilityBrawl001+dexterity",
      "ability:abilityBrawl001+stamina",
    ]);
    expect(values.slice(9, 11)).toEqual(["ability:abilityOccult01+intelligence", "ability:abilityOccult01+strength"]);
    expect(values.slice(18)).toEqual([
      "attribute:strength",
      "attribute:dexterity",
      "attribute:stamina",
      "attribute:charisma",
      "attribute:manipulation",
      "attribute:appearance",
      "attribute:perception",
      "attribute:intelligence",
      "attribute:wits",
    ]);
    // Every choice is at the bow's difficulty 7, not the usual 6.
    expect(new Set(roll.attack?.uses.map((u) => u.request.difficulty))).toEqual(new Set([7]));
    // No ability names the bow: Dexterity alone, untrained.
    expect(roll.attack?.use).toBe("attribute:dexterity");
    expect(roll.request).toEqual({ pool: 4, difficulty: 7, cancellation: 0 });
  });

  it("names each pair Attribute + Ability, listed under the ability; the attributes alone under Untrained", () => {
    const roll = requestForTrait("pool-character", system, { kind: "weapon", key: AXE }, equipment);
    const text = (u: AttackUse) => traitLabelOf(u.label, localize);
    const [brawl, , , , , , , , , occult] = roll.attack?.uses ?? [];
    expect(text(brawl!)).toBe("Strength + Brawl");
    expect(brawl?.group).toEqual({ name: "Brawl" });
    expect(text(occult!)).toBe("Intelligence + Occult");
    const dexterity = roll.attack?.uses.find((u) => u.value === "attribute:dexterity");
    expect(text(dexterity!)).toBe("Dexterity");
    expect(dexterity?.group).toEqual({ key: UNTRAINED_GROUP_KEY });
    expect(localize(UNTRAINED_GROUP_KEY)).not.toBe(UNTRAINED_GROUP_KEY);
  });

  it("each pair's pool is the attribute's dots plus the ability's; five dots of the ability cancel a 1", () => {
    const roll = requestForTrait("pool-character", system, { kind: "weapon", key: AXE }, equipment);
    const request = (value: string) => roll.attack?.uses.find((u) => u.value === value)?.request;
    expect(request("ability:abilityBrawl001+dexterity")).toEqual({ pool: 6, difficulty: 6, cancellation: 0 });
    expect(request("ability:abilityOccult01+perception")).toEqual({ pool: 10, difficulty: 6, cancellation: 1 });
    expect(request("attribute:perception")).toEqual({ pool: 5, difficulty: 6, cancellation: 0 });
  });

  it("starts from an ability naming the weapon, with the attribute it is usually rolled with", () => {
    const archer = structuredClone(system);
    archer.abilities.abilityBows00001 = { name: "Bows", attribute: "perception", rating: 3 };
    const roll = requestForTrait("pool-character", archer, { kind: "weapon", key: BOW }, equipment);
    expect(roll.attack?.use).toBe("ability:abilityBows00001+perception");
    expect(roll.request).toEqual({ pool: 8, difficulty: 7, cancellation: 0 });
    const brawl = { kind: "weapon", key: BOW, with: "ability:abilityBrawl001+dexterity" };
    expect(requestForTrait("pool-character", archer, brawl, equipment).request).toEqual({
      pool: 6,
      difficulty: 7,
      cancellation: 0,
    });
  });

  it("the weapon's difficulty decides the successes: the same dice at 7 count one fewer than at 6", () => {
    const roll = requestForTrait("pool-character", system, { kind: "weapon", key: BOW }, equipment);
    const faces = [6, 7, 10, 1];
    const at7 = shared.rollWith(pool.engine, pool.validate(roll.request), shared.fixedFaces(faces));
    const at6 = shared.rollWith(
      pool.engine,
      pool.validate({ ...roll.request, difficulty: 6 }),
      shared.fixedFaces(faces),
    );
    expect([at7.successes, at7.net, at6.successes, at6.net]).toEqual([2, 1, 3, 2]);
  });

  it("refuses a weapon it does not have, and a pair it does not have", () => {
    for (const key of ["missing", ROPE, "__proto__"]) {
      expect(() => requestForTrait("pool-character", system, { kind: "weapon", key }, equipment), key).toThrow(
        expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
      );
    }
    for (const choice of ["ability:abilityBrawl001+luck", "ability:abilityBrawl001", "ability:missing+strength", ""]) {
      expect(() =>
        requestForTrait("pool-character", system, { kind: "weapon", key: AXE, with: choice }, equipment),
      ).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownAttackUse" }));
    }
  });
});
