/**
 * How a weapon is used (issue 24, items 1 and 2; docs/rules.md §6), Foundry-free: the usual skill (or a
 * dice-pool Attribute + Ability pair) an attack starts from, the choice remembered from the weapon's
 * last attack, the dice-pool choice as two pickers showing the dice each gives, and the migration of
 * weapons stored before version 2 with nothing lost.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EquipmentLookup, type TraitRef } from "../../src/data/actor/pure.ts";
import { usualUse } from "../../src/data/actor/attacks.ts";
import { requestForTrait } from "../../src/data/actor/trait-rolls.ts";
import {
  chosenUse,
  equipmentFormValues,
  equipmentView,
  followUse,
  useOf,
  USE_ABILITY_FIELD,
  USE_ATTRIBUTE_FIELD,
  USE_FIELD,
} from "../../src/applications/dialogs/equipment.ts";
import { kindFromDamage, migrateGear, migrateWeapon, readLegacyDamage } from "../../src/data/migrations/index.ts";
import { planEquipment } from "../../src/data/migrations/equipment-v2.ts";
import { newWeapon, prepareItemUpdate, WEAPON_KINDS, type WeaponSource } from "../../src/data/item/pure.ts";
import { dialogAttackOf } from "../../src/applications/dialogs/attack-of.ts";
import { localize } from "../support/i18n.ts";
import { DEFAULT_DIALOG_SETTINGS } from "../../src/applications/dialogs/types.ts";
import { traitLabelOf } from "../../src/data/actor/pure.ts";
import { SAMPLES, weaponSystem, type WeaponFigures } from "./samples.ts";

const SPEAR = "itemSpear0000001";

/** A lookup holding one weapon (named "Spear": no sample skill names it) with the given figures. */
function holding(figures: WeaponFigures, lastUse?: string): EquipmentLookup {
  const item = { type: "weapon" as const, name: "Spear", system: weaponSystem(figures), lastUse };
  return (id) => (id === SPEAR ? item : undefined);
}

const attack = (with_?: string): TraitRef =>
  with_ ? { kind: "weapon", key: SPEAR, with: with_ } : { kind: "weapon", key: SPEAR };

describe("the usual skill a weapon names", () => {
  it.each([
    ["percentile-character", { percentile: { skill: "  old LORE " } }, "skill:skillLore0000001"],
    ["wild-character", { wild: { skill: "repair" } }, "skill:skillRepair0001"],
    ["pi-character", { pi: { skill: "Aim" } }, "skill:skillAim0000001"],
  ] as const)("starts a %s's attack from it, by name without case or spaces", (type, figures, use) => {
    const roll = requestForTrait(type, SAMPLES[type], attack(), holding(figures));
    expect(roll.attack?.use).toBe(use);
  });

  it("starts a dice-pool attack from the Ability with the Attribute named, or the Ability's own", () => {
    const system = SAMPLES["pool-character"];
    const own = requestForTrait("pool-character", system, attack(), holding({ pool: { ability: "occult" } }));
    expect(own.attack?.use).toBe("ability:abilityOccult01+intelligence");
    expect(own.request).toEqual({ pool: 8, difficulty: 6, cancellation: 1 });
    const paired = holding({ pool: { ability: "Occult", attribute: "wits", difficulty: 7 } });
    const roll = requestForTrait("pool-character", system, attack(), paired);
    expect(roll.attack?.use).toBe("ability:abilityOccult01+wits");
    expect(roll.request).toEqual({ pool: 7, difficulty: 7, cancellation: 1 });
  });

  it("falls back to the guess from the weapon's name, then untrained, when the character lacks the skill", () => {
    const roll = requestForTrait(
      "wild-character",
      SAMPLES["wild-character"],
      attack(),
      holding({ wild: { skill: "Spears" } }),
    );
    expect(roll.attack?.use).toBe("attribute:agility");
    expect(usualUse(roll.attack?.uses ?? [], { skill: "" })).toBeNull();
  });

  it("starts from the weapon's last choice before its usual skill, while the character still has it", () => {
    const type = "pi-character";
    const usual = { pi: { skill: "Aim" } };
    const remembered = requestForTrait(type, SAMPLES[type], attack(), holding(usual, "attribute:wits+resolve"));
    expect(remembered.attack?.use).toBe("attribute:wits+resolve");
    const gone = requestForTrait(type, SAMPLES[type], attack(), holding(usual, "skill:deleted00000001"));
    expect(gone.attack?.use).toBe("skill:skillAim0000001");
    // A choice named by a macro comes first of all.
    const named = requestForTrait(
      type,
      SAMPLES[type],
      attack("skill:skillBrawl00001"),
      holding(usual, "attribute:wits+resolve"),
    );
    expect(named.attack?.use).toBe("skill:skillBrawl00001");
  });
});

describe("a dice-pool attack's two pickers", () => {
  const system = SAMPLES["pool-character"];
  const roll = requestForTrait("pool-character", system, attack(), holding({ pool: { ability: "Brawl" } }));
  const label = (l: Parameters<typeof traitLabelOf>[0]) => traitLabelOf(l, localize);
  const dialog = dialogAttackOf(roll.attack!, [], label);
  const settings = { attack: dialog };

  it("offers each Attribute and each Ability with the dice it gives, starting from the weapon's pair", () => {
    expect(dialog.pickers?.attributes.map((o) => [o.value, o.dice])).toEqual([
      ["strength", 3],
      ["dexterity", 4],
      ["stamina", 2],
      ["charisma", 2],
      ["manipulation", 1],
      ["appearance", 3],
      ["perception", 5],
      ["intelligence", 3],
      ["wits", 2],
    ]);
    expect(dialog.pickers?.abilities.map((o) => [o.value, o.text, o.dice])).toEqual([
      ["abilityBrawl001", "Brawl", 2],
      ["abilityOccult01", "Occult", 5],
    ]);
    const values = equipmentFormValues(settings);
    expect(values).toMatchObject({ [USE_ATTRIBUTE_FIELD]: "strength", [USE_ABILITY_FIELD]: "abilityBrawl001" });
    const view = equipmentView(values, settings, "en").attack?.pickers;
    expect(view?.attributes.filter((o) => o.selected).map((o) => o.value)).toEqual(["strength"]);
    expect(view?.abilities.filter((o) => o.selected).map((o) => o.value)).toEqual(["abilityBrawl001"]);
    expect(view?.noAbility).toBe(false);
  });

  it("makes the pair the two pickers name, or the Attribute alone with no Ability", () => {
    expect(useOf({ [USE_ATTRIBUTE_FIELD]: "wits", [USE_ABILITY_FIELD]: "abilityOccult01" })).toBe(
      "ability:abilityOccult01+wits",
    );
    expect(useOf({ [USE_ATTRIBUTE_FIELD]: "dexterity", [USE_ABILITY_FIELD]: "" })).toBe("attribute:dexterity");
    expect(useOf({ [USE_FIELD]: "attribute:wits" })).toBe("attribute:wits");
    expect(chosenUse({ [USE_ATTRIBUTE_FIELD]: "dexterity", [USE_ABILITY_FIELD]: "" }, settings)?.request).toEqual({
      pool: 4,
      difficulty: 6,
      cancellation: 0,
    });
  });

  it("refills the pool when a picker changes, and refuses a pair the character does not have", () => {
    const before = equipmentFormValues(settings);
    const after = { ...before, [USE_ABILITY_FIELD]: "abilityOccult01" };
    const fill = (request: unknown) => ({ pool: String((request as { pool: number }).pool) });
    expect(followUse(after, before, settings, fill)).toMatchObject({
      pool: "8",
      [USE_FIELD]: "ability:abilityOccult01+strength",
    });
    expect(followUse(before, before, settings, fill)).toBe(before);
    let refused: unknown = null;
    try {
      chosenUse({ ...before, [USE_ABILITY_FIELD]: "constructor" }, settings);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ key: "ROLLING_BONES.Error.UnknownAttackUse", data: { field: "use" } });
  });
});

describe("an actor's defence figure", () => {
  it("is refused outside its engine's range, with one message naming it", async () => {
    const { prepareUpdate } = await import("../../src/data/actor/pure.ts");
    const bad = prepareUpdate("pool-character", SAMPLES["pool-character"], { "system.defence": 11 });
    expect(bad.ok ? null : bad.error.key).toBe("ROLLING_BONES.Error.OutOfRange");
    expect(prepareUpdate("pool-character", SAMPLES["pool-character"], { "system.defence": "8" })).toMatchObject({
      ok: true,
      changes: { "system.defence": 8 },
    });
    const text = prepareUpdate("action-character", SAMPLES["action-character"], { "system.defence": "high" });
    expect(text.ok).toBe(false);
    expect(prepareUpdate("wild-character", SAMPLES["wild-character"], { "system.defence": 0 }).ok).toBe(false);
  });
});

describe("weapon item figures", () => {
  it("refuses a kind that is not melee, thrown or ranged, an unknown Attribute and a name too long", () => {
    for (const kind of WEAPON_KINDS) expect(prepareItemUpdate("weapon", { "system.kind": kind }).ok).toBe(true);
    const bad = prepareItemUpdate("weapon", { "system.kind": "siege" });
    expect(bad.ok ? null : bad.error.key).toBe("ROLLING_BONES.Error.UnknownWeaponKind");
    const attribute = prepareItemUpdate("weapon", { "system.pool.attribute": "luck" });
    expect(attribute.ok ? null : attribute.error.key).toBe("ROLLING_BONES.Error.UnknownPoolAttribute");
    expect(prepareItemUpdate("weapon", { "system.pool.attribute": "" }).ok).toBe(true);
    const long = prepareItemUpdate("weapon", { "system.wild.skill": "x".repeat(81) });
    expect(long.ok ? null : long.error.key).toBe("ROLLING_BONES.Error.NoteTooLong");
    expect(prepareItemUpdate("weapon", { "system.pool.ability": "Melee" }).ok).toBe(true);
  });
});

/** A version 1 weapon's `system`, as stored before issue 24 (no kind, no usual skills). */
function weaponV1(): Record<string, unknown> {
  const { kind: _kind, ...rest } = newWeapon();
  const strip = (group: object, key: string) => Object.fromEntries(Object.entries(group).filter(([k]) => k !== key));
  return {
    ...rest,
    schemaVersion: 1,
    wild: strip(rest.wild, "skill"),
    pi: strip(rest.pi, "skill"),
    percentile: strip(rest.percentile, "skill"),
    pool: { difficulty: rest.pool.difficulty, damage: rest.pool.damage },
  };
}

describe("migrating weapons to version 2", () => {
  it("reads the kind from the damage figures where they name it, else melee", () => {
    expect(kindFromDamage(["1d6 thrown"])).toBe("thrown");
    expect(kindFromDamage(["", "4D (ranged)"])).toBe("ranged");
    expect(kindFromDamage(["1d8", "3D+1", 7, null])).toBeNull();
    expect(migrateWeapon(weaponV1()).kind).toBe("melee");
  });

  it("splits a legacy damage text into its formula, its kind and the rest", () => {
    expect(readLegacyDamage("1d6+2 thrown")).toEqual({ formula: "1d6+2", kind: "thrown", rest: "" });
    expect(readLegacyDamage("2d6 (pistol, ranged)")).toEqual({ formula: "2d6", kind: "ranged", rest: "pistol" });
    expect(readLegacyDamage("as the club")).toEqual({ formula: "", kind: null, rest: "as the club" });
  });

  it("moves a character's legacy weapon with free-text damage: the formula, its kind, the text kept in the description", () => {
    const plan = planEquipment(
      "action-character",
      {
        schemaVersion: 1,
        weapons: { knife: { name: "Knife", attack: 2, botchRange: 1, damage: "1d4+1 thrown, silvered" } },
      },
      [],
      () => "newItemId0000001",
    );
    const system = plan.items[0]?.system;
    expect(system?.kind).toBe("thrown");
    expect(system?.action).toEqual({ attack: 2, botchRange: 1, damage: "1d4+1" });
    expect(system?.description).toBe("1d4+1 thrown, silvered");
    const plain = planEquipment(
      "action-character",
      { weapons: { axe: { name: "Axe", damage: "1d8" } } },
      [],
      () => "x",
    );
    expect(plain.items[0]?.system.kind).toBe("melee");
    expect(plain.items[0]?.system.description).toBe("");
  });

  it("keeps every stored value of a version 1 weapon, is idempotent, and leaves partial data and version 2 alone", () => {
    const text = fc.string({ maxLength: 12 });
    const weapon = fc.record({
      description: text,
      equipped: fc.boolean(),
      action: fc.record({
        attack: fc.integer({ min: -20, max: 20 }),
        botchRange: fc.integer({ min: 1, max: 4 }),
        damage: text,
      }),
      wild: fc.record({ damage: text }),
      pi: fc.record({ precision: fc.integer({ min: -5, max: 5 }), impact: fc.integer({ min: -5, max: 5 }) }),
      percentile: fc.record({ multiplier: fc.integer({ min: 1, max: 5 }) }),
      pool: fc.record({ difficulty: fc.integer({ min: 2, max: 10 }), damage: fc.integer({ min: 0, max: 9 }) }),
    });
    fc.assert(
      fc.property(weapon, (stored) => {
        const before = { ...structuredClone(stored), schemaVersion: 1 };
        const after: Record<string, unknown> = migrateWeapon(structuredClone(before));
        // Nothing lost: every stored value is still there, as it was.
        expect(after).toMatchObject({ ...before, schemaVersion: 2 });
        expect(WEAPON_KINDS).toContain(after.kind);
        // Idempotent, and a migrated (or version 2) weapon is not changed again.
        expect(migrateWeapon(structuredClone(after))).toEqual(after);
        // Partial update data carries no version and is left as it is.
        const partial = { action: stored.action };
        expect(migrateWeapon(structuredClone(partial))).toEqual(partial);
      }),
    );
    const current: WeaponSource = { ...newWeapon(), kind: "ranged" };
    expect(migrateWeapon(structuredClone(current) as unknown as Record<string, unknown>)).toEqual(current);
    expect(migrateGear({ schemaVersion: 1, quantity: 2 })).toEqual({ schemaVersion: 2, quantity: 2 });
  });
});

describe("damage with the wielder's Strength, as its dialog's odds read it", () => {
  it("a dice-pool melee weapon: Strength + the weapon's dice + the attack's extra successes, each success one harm", async () => {
    const { poolDialog } = await import("../../src/applications/dialogs/pool-roll-dialog.ts");
    const { pool } = await import("../../src/engines/index.ts");
    const system = { ...SAMPLES["pool-character"] };
    // Strength 3 + the sword's 2 damage dice + 1 extra success: 6 dice at difficulty 6, half the faces hit.
    const roll = requestForTrait(
      "pool-character",
      system,
      { kind: "damage", key: SPEAR },
      holding({ pool: { damage: 2 } }),
      {
        extraDice: 1,
      },
    );
    expect(roll.request).toEqual({ pool: 6, difficulty: 6, cancellation: 0, damage: true });
    const values = poolDialog.requestToForm(
      roll.request as Parameters<typeof poolDialog.requestToForm>[0],
      DEFAULT_DIALOG_SETTINGS,
    );
    const request = poolDialog.formToRequest(values, DEFAULT_DIALOG_SETTINGS);
    const odds = poolDialog.oddsView(request, null, "en");
    expect(odds.headline[0]?.p).toBe(1 - 1 / 64);
    expect(odds.headline[0]?.p).toBe(pool.odds({ pool: 6, damage: true }).pSuccess);
    // A ranged weapon adds no Strength: its 2 dice and the extra success alone.
    const ranged = requestForTrait(
      "pool-character",
      system,
      { kind: "damage", key: SPEAR },
      holding({ kind: "ranged", pool: { damage: 2 } }),
      { extraDice: 1 },
    );
    expect(ranged.request).toMatchObject({ pool: 3, damage: true });
    // A bad number of extra dice is refused by name.
    expect(() =>
      requestForTrait("pool-character", system, { kind: "damage", key: SPEAR }, holding({ pool: { damage: 2 } }), {
        extraDice: -1,
      }),
    ).toThrow(expect.objectContaining({ key: "ROLLING_BONES.Error.OutOfRange" }) as Error);
  });

  it("a Wild Die melee weapon: the Strength code is the character's dice, the weapon's code outside, as the odds read them", async () => {
    const { wildDialog } = await import("../../src/applications/dialogs/wild-roll-dialog.ts");
    const { wild } = await import("../../src/engines/index.ts");
    const roll = requestForTrait(
      "wild-character",
      SAMPLES["wild-character"],
      { kind: "damage", key: SPEAR },
      holding({ wild: { damage: "3D" } }),
    );
    // Strength 2D+2 and the spear's 3D.
    expect(roll.request).toEqual({ dice: 2, pips: 2, outsideDice: 3, outsidePips: 0 });
    const values = {
      ...wildDialog.requestToForm(roll.request, DEFAULT_DIALOG_SETTINGS),
      target: "15",
    };
    const request = wildDialog.formToRequest(values, DEFAULT_DIALOG_SETTINGS);
    const odds = wildDialog.oddsView(request, wildDialog.formToExtras(values), "en");
    expect(odds.success?.p).toBe(
      wild.chanceAtLeast(wild.odds({ dice: 2, pips: 2, outsideDice: 3, outsidePips: 0 }), 15),
    );
  });
});
