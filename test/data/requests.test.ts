/**
 * From a character's trait to the engine request its roll starts from: each kind of trait of each
 * type gives the exact request, which the engine accepts; a missing trait or an unreadable stored
 * value gives a localized error.
 */
import { describe, expect, it } from "vitest";
import { action, percentile, pi, pool, wild } from "../../src/engines/index.ts";
import { traitFromDataset, TRAIT_KINDS, type CharacterType } from "../../src/data/actor/pure.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import { hasKey } from "../support/i18n.ts";
import { SAMPLE_EQUIPMENT, SAMPLES } from "./samples.ts";
import type { EquipmentLookup } from "../../src/data/actor/pure.ts";

/** The sample equipment by own id, as `actor.items.get` finds it. */
const equipment: EquipmentLookup = (id) => new Map(SAMPLE_EQUIPMENT.map((item) => [item.id, item])).get(id);

const VALIDATE = {
  // A percentile weapon's damage roll has its own request (kind `damage`).
  percentile: (r: never) => (percentile.isDamageRequest(r) ? percentile.validateDamage(r) : percentile.validate(r)),
  action: action.validate,
  wild: wild.validate,
  pi: pi.validate,
  pool: pool.validate,
};

describe("requestForTrait", () => {
  it.each<[CharacterType, { kind: string; key: string; with?: string }, string, unknown, object]>([
    [
      "percentile-character",
      { kind: "attribute", key: "reason" },
      "percentile",
      { bonus: 0, penalty: 0, column: 12 },
      { key: "ROLLING_BONES.Actor.percentile-character.FIELDS.attributes.reason.label" },
    ],
    [
      "percentile-character",
      { kind: "skill", key: "skillLore0000001" },
      "percentile",
      { bonus: 0, penalty: 0, column: 14 },
      { name: "Old lore" },
    ],
    [
      "action-character",
      { kind: "ability", key: "dexterity" },
      "action",
      { kind: "check", modifier: 3 },
      { key: "ROLLING_BONES.Actor.action-character.FIELDS.abilities.dexterity.label" },
    ],
    [
      "action-character",
      { kind: "save", key: "reflex" },
      "action",
      { kind: "save", modifier: 5 },
      { key: "ROLLING_BONES.Actor.action-character.FIELDS.saves.reflex.label" },
    ],
    [
      "action-character",
      { kind: "skill", key: "skillStealth0001" },
      "action",
      { kind: "check", modifier: 6 },
      { name: "Stealth" },
    ],
    [
      "wild-character",
      { kind: "attribute", key: "agility" },
      "wild",
      { dice: 3, pips: 1 },
      { key: "ROLLING_BONES.Actor.wild-character.FIELDS.attributes.agility.label" },
    ],
    ["wild-character", { kind: "skill", key: "skillRepair0001" }, "wild", { dice: 5, pips: 2 }, { name: "Repair" }],
    [
      "pi-character",
      { kind: "attribute", key: "power" },
      "pi",
      { pool: [8, 4], hindrance: "minor" },
      { key: "ROLLING_BONES.Actor.pi-character.FIELDS.attributes.power.label" },
    ],
    [
      "pi-character",
      { kind: "attribute", key: "power", with: "wits" },
      "pi",
      { pool: [8, 4, 10, 6], hindrance: "minor" },
      {
        key: "ROLLING_BONES.Actor.pi-character.FIELDS.attributes.power.label",
        withKey: "ROLLING_BONES.Actor.pi-character.FIELDS.attributes.wits.label",
      },
    ],
    [
      "pi-character",
      { kind: "skill", key: "skillBrawl00001" },
      "pi",
      { pool: [8, 4, 4], hindrance: "minor", precisionMod: 0, impactMod: 2 },
      { name: "Brawling" },
    ],
    [
      "pi-character",
      { kind: "skill", key: "skillAim0000001" },
      "pi",
      { pool: [4, 10, 6], hindrance: "minor", precisionMod: 1, impactMod: 0 },
      { name: "Aim" },
    ],
    [
      "pool-character",
      { kind: "attribute", key: "dexterity" },
      "pool",
      { pool: 4, difficulty: 6, cancellation: 0 },
      { key: "ROLLING_BONES.Actor.pool-character.FIELDS.attributes.dexterity.label" },
    ],
    [
      "pool-character",
      { kind: "ability", key: "abilityBrawl001" },
      "pool",
      { pool: 5, difficulty: 6, cancellation: 0 },
      { name: "Brawl" },
    ],
    [
      "pool-character",
      { kind: "ability", key: "abilityOccult01" },
      "pool",
      { pool: 8, difficulty: 6, cancellation: 1 },
      { name: "Occult" },
    ],
    [
      "pool-character",
      { kind: "ability", key: "abilityBrawl001", with: "dexterity" },
      "pool",
      { pool: 6, difficulty: 6, cancellation: 0 },
      { name: "Brawl" },
    ],
    [
      "pool-character",
      { kind: "tenPoint", key: "willpower" },
      "pool",
      { pool: 7, difficulty: 6, cancellation: 0 },
      { key: "ROLLING_BONES.Actor.pool-character.FIELDS.willpower.label" },
    ],
    [
      "pool-character",
      { kind: "tenPoint", key: "traitHumanity01" },
      "pool",
      { pool: 6, difficulty: 6, cancellation: 0 },
      { name: "Humanity" },
    ],
  ])("%s %o → %s %o", (type, trait, engine, request, label) => {
    const roll = requestForTrait(type, SAMPLES[type], trait);
    expect(roll).toEqual({ engine, request, label });
    expect(() => VALIDATE[roll.engine](roll.request as never)).not.toThrow();
  });

  it("picks the botch cancellation from the Ability's rating: two 1s ignored at the sixth dot", () => {
    const sample = SAMPLES["pool-character"];
    const sixth = {
      ...sample,
      abilities: { ...sample.abilities, abilityOccult01: { name: "Occult", attribute: "intelligence", rating: 6 } },
    } as typeof sample;
    const roll = requestForTrait("pool-character", sixth, { kind: "ability", key: "abilityOccult01" });
    // Intelligence 3 + Occult 6: nine dice, and 'at 6, two' 1s ignored for a botch (5 dots: one).
    expect(roll.request).toEqual({ pool: 9, difficulty: 6, cancellation: 2 });
  });

  it("rolls Willpower from the permanent rating, not the current points", () => {
    expect(
      requestForTrait("pool-character", SAMPLES["pool-character"], { kind: "tenPoint", key: "willpower" }).request,
    ).toMatchObject({ pool: 7 });
  });

  it.each<[CharacterType, { kind: string; key: string; with?: string }]>([
    ["percentile-character", { kind: "skill", key: "missing" }],
    ["percentile-character", { kind: "weapon", key: "skillClimb000001" }],
    ["action-character", { kind: "ability", key: "luck" }],
    ["action-character", { kind: "skill", key: "constructor" }],
    ["wild-character", { kind: "attribute", key: "toString" }],
    ["pi-character", { kind: "attribute", key: "power", with: "charm" }],
    ["pool-character", { kind: "ability", key: "abilityBrawl001", with: "luck" }],
    ["pool-character", { kind: "tenPoint", key: "missing" }],
  ])("%s %o is not a trait of the character", (type, trait) => {
    expect(() => requestForTrait(type, SAMPLES[type], trait)).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
    );
  });

  it("rolls an action character's weapon item as an attack: the wielder's ability, the weapon's modifier and botch range", () => {
    const roll = requestForTrait(
      "action-character",
      SAMPLES["action-character"],
      {
        kind: "weapon",
        key: "itemAxe000000001",
      },
      equipment,
    );
    // A melee weapon adds the wielder's Strength (+2) to its own +5 (docs/rules.md §6), each part named.
    const strength = "ROLLING_BONES.Actor.action-character.FIELDS.abilities.strength.label";
    expect(roll).toEqual({
      engine: "action",
      request: { kind: "attack", modifier: 7, botchRange: 2 },
      label: { name: "Battle axe" },
      parts: [
        { key: strength, value: 2 },
        { name: "Battle axe", value: 5 },
      ],
    });
    expect(() => action.validate(roll.request)).not.toThrow();
    // A ranged weapon adds Dexterity (+3) to its own +4.
    const bow = requestForTrait(
      "action-character",
      SAMPLES["action-character"],
      { kind: "weapon", key: "itemBow000000001" },
      equipment,
    );
    expect(bow.request).toEqual({ kind: "attack", modifier: 7, botchRange: 1 });
    expect(bow.parts).toEqual([
      { key: "ROLLING_BONES.Actor.action-character.FIELDS.abilities.dexterity.label", value: 3 },
      { name: "Short bow", value: 4 },
    ]);
  });

  it.each<[CharacterType, unknown, object]>([
    // A ranged weapon's damage adds no Strength in any engine (docs/rules.md §6).
    [
      "action-character",
      { kind: "damage", base: [6], modifier: 0 },
      { weapon: "Short bow", rolled: "1d6", direct: true },
    ],
    [
      "wild-character",
      // The bow's code as written, none of it the character's: no Fate Point can double it.
      { dice: 2, pips: 1, ownDice: false },
      { weapon: "Short bow", rolled: "2D+1", direct: false },
    ],
    [
      "pool-character",
      { pool: 2, difficulty: 6, cancellation: 0 },
      { weapon: "Short bow", rolled: "2", direct: false },
    ],
  ])("rolls a %s's ranged weapon damage without Strength", (type, request, damage) => {
    const roll = requestForTrait(type, SAMPLES[type], { kind: "damage", key: "itemBow000000001" }, equipment);
    expect(roll).toMatchObject({ request, damage });
  });

  it.each(["itemRope00000001", "missing", "constructor", "weaponAxe0000001"])(
    "refuses a weapon roll of %s (gear, no such item, an inherited name, a legacy entry id)",
    (key) => {
      const system = {
        ...SAMPLES["action-character"],
        weapons: { weaponAxe0000001: { name: "Axe", attack: 5, botchRange: 2, damage: "" } },
      };
      expect(() => requestForTrait("action-character", system, { kind: "weapon", key }, equipment)).toThrow(
        expect.objectContaining({ key: "ROLLING_BONES.Error.UnknownTrait" }),
      );
    },
  );

  it.each<[CharacterType, string, unknown, object]>([
    // The formula's dice and number; a damage roll goes straight to chat (action dice augment it there).
    // A melee weapon's damage adds the wielder's Strength (+2).
    [
      "action-character",
      "action",
      { kind: "damage", base: [10], modifier: 4 },
      { weapon: "Battle axe", rolled: "1d10+2 + 2", direct: true },
    ],
    // Strength 2D+2 is the character's (a Fate Point doubles it); the axe's 3D+2 comes from outside.
    [
      "wild-character",
      "wild",
      { dice: 2, pips: 2, outsideDice: 3, outsidePips: 2 },
      { weapon: "Battle axe", rolled: "2D+2 + 3D+2", direct: false },
    ],
    // Strength 3 plus the axe's 3 damage dice at the usual difficulty.
    [
      "pool-character",
      "pool",
      { pool: 6, difficulty: 6, cancellation: 0 },
      { weapon: "Battle axe", rolled: "3 + 3", direct: false },
    ],
    // The axe's 1d6+1 times its multiplier ×2 (docs/rules.md §6), no dialog.
    [
      "percentile-character",
      "percentile",
      { kind: "damage", base: [6], modifier: 1, multiplier: 2 },
      { weapon: "Battle axe", rolled: "1d6+1 × 2", direct: true },
    ],
  ])("rolls a %s's weapon damage", (type, engine, request, damage) => {
    const roll = requestForTrait(type, SAMPLES[type], { kind: "damage", key: "itemAxe000000001" }, equipment);
    expect(roll).toMatchObject({ engine, request, label: { name: "Battle axe" }, damage });
    expect(() => VALIDATE[roll.engine](roll.request as never)).not.toThrow();
  });

  it.each<[CharacterType, string, string]>([
    ["action-character", "itemRope00000001", "UnknownTrait"],
    ["wild-character", "constructor", "UnknownTrait"],
    ["pool-character", "missing", "UnknownTrait"],
    // The bow has no percentile damage formula yet: the message names it.
    ["percentile-character", "itemBow000000001", "NoDamageFormula"],
    ["pi-character", "itemAxe000000001", "UnknownTrait"],
  ])("refuses a %s damage roll of %s", (type, key, error) => {
    expect(() => requestForTrait(type, SAMPLES[type], { kind: "damage", key }, equipment)).toThrow(
      expect.objectContaining({ key: `ROLLING_BONES.Error.${error}` }),
    );
  });

  it("multiplies a percentile hit's damage by the hit's multiplier, and refuses one out of range", () => {
    const trait = { kind: "damage", key: "itemAxe000000001" } as const;
    const called = requestForTrait("percentile-character", SAMPLES["percentile-character"], trait, equipment, {
      multiplier: 4,
    });
    expect(called).toMatchObject({ request: { multiplier: 4 }, damage: { rolled: "1d6+1 × 4" } });
    for (const multiplier of [0, 1.5, 100]) {
      expect(() =>
        requestForTrait("percentile-character", SAMPLES["percentile-character"], trait, equipment, { multiplier }),
      ).toThrow(expect.objectContaining({ data: expect.objectContaining({ field: "multiplier" }) as unknown }));
    }
  });

  it("gives the engine's error for a stored code it cannot read", () => {
    const system = structuredClone(SAMPLES["wild-character"]);
    system.attributes.agility.code = "lots";
    expect(() => requestForTrait("wild-character", system, { kind: "attribute", key: "agility" })).toThrow(
      expect.objectContaining({ key: "ROLLING_BONES.Error.BadDieCode" }),
    );
  });

  it("has a localized message for every error it raises", () => {
    expect(hasKey("ROLLING_BONES.Error.BadDieCode")).toBe(true);
  });

  it("covers every trait kind of every type with at least one case above", () => {
    expect(Object.values(TRAIT_KINDS).flat().sort()).toEqual(
      [
        "ability",
        "ability",
        "damage",
        "damage",
        "damage",
        "attribute",
        "attribute",
        "attribute",
        "attribute",
        "save",
        "skill",
        "skill",
        "skill",
        "skill",
        "tenPoint",
        // Weapon attacks of every type but action dice: test/data/attacks.test.ts.
        "weapon",
        "weapon",
        "weapon",
        "weapon",
        "weapon",
      ].sort(),
    );
  });
});

describe("traitFromDataset", () => {
  it("reads kind, key and an optional second attribute", () => {
    expect(traitFromDataset({ kind: "skill", key: "abc" })).toEqual({ kind: "skill", key: "abc" });
    expect(traitFromDataset({ kind: "attribute", key: "power", with: "wits" })).toEqual({
      kind: "attribute",
      key: "power",
      with: "wits",
    });
    expect(traitFromDataset({ kind: "skill" })).toBeNull();
    expect(traitFromDataset({ key: "abc" })).toBeNull();
  });
});
