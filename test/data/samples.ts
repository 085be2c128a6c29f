/**
 * Sample characters of each type (their `system` data as stored), filled in the way a player
 * would: used by the data tests and by the sheet screenshots.
 */
import type { CharacterSources, CharacterType } from "../../src/data/actor/pure.ts";
import type { EquipmentEntry } from "../../src/applications/sheets/views/equipment.ts";
import { newGear, newWeapon, type WeaponSource } from "../../src/data/item/pure.ts";

/** A sample stored `system` of each character type. */
export const SAMPLES: { [T in CharacterType]: CharacterSources[T] } = {
  "percentile-character": {
    health: { value: 12, max: 12 },
    schemaVersion: 2,
    defence: 0,
    attributes: {
      body: { rating: 6 },
      agility: { rating: 9 },
      endurance: { rating: 5 },
      reason: { rating: 12 },
      intuition: { rating: 7 },
      will: { rating: 4 },
    },
    skills: {
      skillClimb000001: { name: "Climbing", rating: 8 },
      skillLore0000001: { name: "Old lore", rating: 14 },
    },
    karma: 7,
  },
  "action-character": {
    health: { value: 9, max: 14 },
    schemaVersion: 2,
    defence: 14,
    level: 7,
    abilities: {
      strength: { mod: 2 },
      dexterity: { mod: 3 },
      constitution: { mod: 1 },
      reason: { mod: 0 },
      intuition: { mod: -1 },
      presence: { mod: 2 },
    },
    saves: { fortitude: { mod: 4 }, reflex: { mod: 5 }, will: { mod: 2 } },
    skills: { skillStealth0001: { name: "Stealth", mod: 6 } },
    // Weapons are Items (SAMPLE_EQUIPMENT).
    classDice: { faces: 8, count: 2 },
  },
  "wild-character": {
    health: { value: 10, max: 10 },
    schemaVersion: 2,
    defence: 12,
    attributes: {
      agility: { code: "3D+1" },
      strength: { code: "2D+2" },
      knowledge: { code: "2D" },
      perception: { code: "3D" },
      presence: { code: "2D+1" },
      technical: { code: "4D" },
    },
    skills: {
      skillDodge00001: { name: "Dodge", attribute: "agility", code: "5D" },
      skillRepair0001: { name: "Repair", attribute: "technical", code: "5D+2" },
    },
    characterPoints: 6,
    fatePoints: 5,
    session: { characterPoints: 2, fatePoints: 0 },
  },
  "pi-character": {
    health: { value: 8, max: 10 },
    schemaVersion: 2,
    defence: 7,
    attributes: {
      power: { dice: [8, 4] },
      quickness: { dice: [4] },
      wits: { dice: [10, 6] },
      resolve: { dice: [6] },
    },
    skills: {
      skillBrawl00001: { name: "Brawling", first: "power", second: "quickness", adds: "impact", bonus: 2 },
      skillAim0000001: { name: "Aim", first: "quickness", second: "wits", adds: "precision", bonus: 1 },
    },
    conditions: {
      condTired000001: { name: "Tired", hindrance: "minor", active: true },
      condBleeding001: { name: "Bleeding", hindrance: "major", active: false },
    },
  },
  "pool-character": {
    health: { value: 7, max: 7 },
    schemaVersion: 2,
    defence: 7,
    attributes: {
      strength: { rating: 3 },
      dexterity: { rating: 4 },
      stamina: { rating: 2 },
      charisma: { rating: 2 },
      manipulation: { rating: 1 },
      appearance: { rating: 3 },
      perception: { rating: 5 },
      intelligence: { rating: 3 },
      wits: { rating: 2 },
    },
    abilities: {
      abilityBrawl001: { name: "Brawl", attribute: "strength", rating: 2 },
      abilityOccult01: { name: "Occult", attribute: "intelligence", rating: 5 },
    },
    willpower: { permanent: 7, current: 4 },
    traits: { traitHumanity01: { name: "Humanity", permanent: 6, current: 6 } },
  },
};

/** Some of a weapon's figures: whole values, or some fields of a group. */
export type WeaponFigures = {
  [K in keyof WeaponSource]?: WeaponSource[K] extends object ? Partial<WeaponSource[K]> : WeaponSource[K];
};

/** A new weapon with the figures given (a group given in part keeps the new weapon's other fields). */
export function weaponSystem(figures: WeaponFigures = {}): WeaponSource {
  const base: Record<string, unknown> = { ...newWeapon() };
  for (const [key, value] of Object.entries(figures)) {
    const own = base[key];
    base[key] = typeof own === "object" && own !== null ? { ...own, ...(value as object) } : value;
  }
  return base as unknown as WeaponSource;
}

/** A sample weapon with every engine's figures filled in. */
function weapon(id: string, name: string, figures: WeaponFigures): EquipmentEntry {
  return { id, name, type: "weapon", system: weaponSystem(figures) };
}

/** Sample equipment a character carries (the same items serve every type; each shows its engine's figures). */
export const SAMPLE_EQUIPMENT: readonly EquipmentEntry[] = [
  weapon("itemAxe000000001", "Battle axe", {
    action: { attack: 5, botchRange: 2, damage: "1d10+2" },
    wild: { damage: "3D+2" },
    pi: { precision: -1, impact: 3 },
    percentile: { damage: "1d6+1", multiplier: 2 },
    pool: { difficulty: 6, damage: 3 },
  }),
  weapon("itemBow000000001", "Short bow", {
    kind: "ranged",
    action: { attack: 4, botchRange: 1, damage: "1d6" },
    wild: { damage: "2D+1" },
    pi: { precision: 1, impact: 1 },
    percentile: { multiplier: 1 },
    pool: { difficulty: 7, damage: 2 },
  }),
  {
    id: "itemRope00000001",
    name: "Climbing rope",
    type: "gear",
    system: { ...newGear(), quantity: 2, wild: { bonus: "+1D" }, pi: { precision: 1, impact: 0 } },
  },
];
