/**
 * Weapon attacks of Precision & Impact and percentile characters, Foundry-free (issue 16): the
 * request an attack starts from (a skill or attributes the player chooses; the percentile weapon's
 * multiplier as the called shot's base), the weapon's and gear's modifiers added after the pick as
 * named adjustments, and an unknown or foreign item refused.
 */
import { describe, expect, it } from "vitest";
import { percentile, pi, shared } from "../../src/engines/index.ts";
import {
  defaultUse,
  requestForTrait,
  useValue,
  type AttackUse,
  type EquipmentLookup,
} from "../../src/data/actor/pure.ts";
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
