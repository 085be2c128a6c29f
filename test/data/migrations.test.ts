/**
 * The character migrations as pure functions: one realistic older shape per type becomes the
 * current shape; current data, partial update data and unknown shapes are left alone; each
 * migration returns the object it was given.
 */
import { describe, expect, it } from "vitest";
import {
  migrateActionCharacter,
  migratePercentileCharacter,
  migratePiCharacter,
  migratePoolCharacter,
  migrateWildCharacter,
  planEquipment,
  type Source,
} from "../../src/data/migrations/index.ts";
import { newWeapon } from "../../src/data/item/pure.ts";
import { SCHEMA_VERSION } from "../../src/data/actor/pure.ts";
import { SAMPLES } from "./samples.ts";
import fc from "fast-check";

const MIGRATIONS = {
  "percentile-character": migratePercentileCharacter,
  "action-character": migrateActionCharacter,
  "wild-character": migrateWildCharacter,
  "pi-character": migratePiCharacter,
  "pool-character": migratePoolCharacter,
} as const;

describe("older shapes become the current shape", () => {
  it("percentile: bare ratings, skills as name → rating, karma as { value }", () => {
    const old: Source = {
      schemaVersion: 0,
      attributes: { body: 6, agility: { rating: 9 } },
      skills: { climbing: 8 },
      karma: { value: 7 },
    };
    expect(migratePercentileCharacter(old)).toEqual({
      schemaVersion: SCHEMA_VERSION,
      attributes: { body: { rating: 6 }, agility: { rating: 9 } },
      skills: { climbing: { name: "climbing", rating: 8 } },
      karma: 7,
    });
  });

  it("action: bare modifiers, and a weapon's botch as botchRange", () => {
    const old: Source = {
      abilities: { strength: 2, dexterity: { mod: 3 } },
      saves: { reflex: 5 },
      weapons: { axe: { name: "Axe", attack: 5, botch: 2, damage: "1d10" } },
    };
    expect(migrateActionCharacter(old)).toEqual({
      abilities: { strength: { mod: 2 }, dexterity: { mod: 3 } },
      saves: { reflex: { mod: 5 } },
      weapons: { axe: { name: "Axe", attack: 5, botchRange: 2, damage: "1d10" } },
    });
  });

  it("action: a weapon holding both keys keeps botchRange and drops the old key", () => {
    const old: Source = { weapons: { axe: { name: "Axe", botch: 4, botchRange: 2 } } };
    expect(migrateActionCharacter(old)).toEqual({ weapons: { axe: { name: "Axe", botchRange: 2 } } });
  });

  it("wild: traits as { dice, pips } or as a bare code become { code }", () => {
    const old: Source = {
      attributes: {
        agility: { dice: 3, pips: 1 },
        strength: { dice: 2 },
        technical: "4D",
        knowledge: { dice: 2, pips: -1 },
      },
      skills: { dodge: { name: "Dodge", attribute: "agility", dice: 5, pips: 0 } },
    };
    expect(migrateWildCharacter(old)).toEqual({
      attributes: {
        agility: { code: "3D+1" },
        strength: { code: "2D" },
        technical: { code: "4D" },
        knowledge: { code: "2D-1" },
      },
      skills: { dodge: { name: "Dodge", attribute: "agility", code: "5D" } },
    });
  });

  it("pi: an attribute pool as text or as a bare list becomes { dice }", () => {
    const old: Source = { attributes: { power: "d8/d4", quickness: "d4", wits: [10, 6], resolve: "D6, d6" } };
    expect(migratePiCharacter(old)).toEqual({
      attributes: {
        power: { dice: [8, 4] },
        quickness: { dice: [4] },
        wits: { dice: [10, 6] },
        resolve: { dice: [6, 6] },
      },
    });
  });

  it("pi: text that is not a pool is left for the schema to refuse", () => {
    const old: Source = { attributes: { power: "strong" } };
    expect(migratePiCharacter(old)).toEqual({ attributes: { power: "strong" } });
  });

  it("pool: bare dots, Willpower as one number, 10-point traits as numbers", () => {
    const old: Source = {
      schemaVersion: 0,
      attributes: { strength: 3 },
      abilities: { brawl: 2 },
      willpower: 6,
      traits: { humanity: 7 },
    };
    expect(migratePoolCharacter(old)).toEqual({
      schemaVersion: SCHEMA_VERSION,
      attributes: { strength: { rating: 3 } },
      abilities: { brawl: { name: "brawl", rating: 2 } },
      willpower: { permanent: 6, current: 6 },
      traits: { humanity: { name: "humanity", permanent: 7, current: 7 } },
    });
  });
});

describe("every migration", () => {
  it.each(Object.keys(MIGRATIONS) as (keyof typeof MIGRATIONS)[])("%s leaves current data unchanged", (type) => {
    const current = structuredClone(SAMPLES[type]) as unknown as Source;
    expect(MIGRATIONS[type](current)).toEqual(SAMPLES[type]);
  });

  it.each(Object.keys(MIGRATIONS) as (keyof typeof MIGRATIONS)[])("%s returns the object it was given", (type) => {
    const source: Source = structuredClone(SAMPLES[type]) as unknown as Source;
    expect(MIGRATIONS[type](source)).toBe(source);
  });

  it.each(Object.keys(MIGRATIONS) as (keyof typeof MIGRATIONS)[])("%s copes with partial and empty data", (type) => {
    expect(MIGRATIONS[type]({})).toEqual({});
    expect(MIGRATIONS[type]({ attributes: null, skills: [] })).toEqual({ attributes: null, skills: [] });
    // A partial update does not carry the version, and none is added.
    expect(MIGRATIONS[type]({ name: "x" })).toEqual({ name: "x" });
  });

  it.each(Object.keys(MIGRATIONS) as (keyof typeof MIGRATIONS)[])("%s is idempotent", (type) => {
    const old: Source = { schemaVersion: 0, attributes: { a: 3 }, willpower: 4, karma: { value: 1 } };
    const once = structuredClone(MIGRATIONS[type](structuredClone(old)));
    expect(MIGRATIONS[type](structuredClone(once))).toEqual(once);
  });

  it("never lowers a newer stored version", () => {
    expect(migratePoolCharacter({ schemaVersion: SCHEMA_VERSION + 3, health: { value: 2, max: 5 } })).toEqual({
      schemaVersion: SCHEMA_VERSION + 3,
      health: { value: 2, max: 5 },
    });
  });
});

describe("version 2: equipment entries become Items", () => {
  const ids = () => {
    let n = 0;
    return () => `newItemId${String(++n).padStart(7, "0")}`;
  };

  it("moves a version 1 character's weapons to weapon Items with every field kept, in order", () => {
    const v1: Source = {
      schemaVersion: 1,
      weapons: {
        weaponAxe0000001: { name: "Battle axe", attack: 5, botchRange: 2, damage: "1d10+2" },
        weaponBow0000001: { name: "Short bow", attack: -1, botchRange: 4, damage: "" },
      },
    };
    const before = structuredClone(v1);
    const plan = planEquipment("action-character", v1, [], ids());
    expect(v1).toEqual(before);
    expect(plan.removedKeys).toEqual(["weaponAxe0000001", "weaponBow0000001"]);
    expect(plan.items).toEqual([
      {
        _id: "weaponAxe0000001",
        name: "Battle axe",
        type: "weapon",
        sort: 100000,
        system: { ...newWeapon(), action: { attack: 5, botchRange: 2, damage: "1d10+2" } },
        flags: { "rolling-bones": { legacyKey: "weaponAxe0000001" } },
      },
      {
        _id: "weaponBow0000001",
        name: "Short bow",
        type: "weapon",
        sort: 200000,
        system: { ...newWeapon(), action: { attack: -1, botchRange: 4, damage: "" } },
        flags: { "rolling-bones": { legacyKey: "weaponBow0000001" } },
      },
    ]);
  });

  it("reads a version 0 weapon (botch for botchRange) through the version 1 step first", () => {
    const v0: Source = { schemaVersion: 0, weapons: { axe: { name: "Axe", attack: 3, botch: 3, damage: "2d4" } } };
    const [item] = planEquipment("action-character", v0, [], ids()).items;
    expect(item?.system.action).toEqual({ attack: 3, botchRange: 3, damage: "2d4" });
    expect(item?.name).toBe("Axe");
    // "axe" is not a document id: the item gets a new one, and keeps the old key in a flag.
    expect(item?._id).toBe("newItemId0000001");
    expect(item?.flags["rolling-bones"].legacyKey).toBe("axe");
  });

  it("gives a fresh id when the entry's id is taken by an item, and defaults for values an entry lacked", () => {
    const source: Source = { weapons: { weaponAxe0000001: { name: "Axe" } } };
    const plan = planEquipment("action-character", source, [{ id: "weaponAxe0000001" }], ids());
    expect(plan.items[0]?._id).toBe("newItemId0000001");
    expect(plan.items[0]?.system).toEqual(newWeapon());
  });

  it("does not move again an entry an interrupted run already moved; it only deletes it", () => {
    const source: Source = { weapons: { weaponAxe0000001: { name: "Axe" }, weaponBow0000001: { name: "Bow" } } };
    const plan = planEquipment(
      "action-character",
      source,
      [{ id: "newItem000000001", legacyKey: "weaponAxe0000001" }],
      ids(),
    );
    expect(plan.items.map((i) => i.name)).toEqual(["Bow"]);
    expect(plan.removedKeys).toEqual(["weaponAxe0000001", "weaponBow0000001"]);
  });

  it("moves nothing for other types, a character without entries, or entries that are not objects", () => {
    expect(planEquipment("wild-character", { weapons: { a: { name: "x" } } }, [], ids())).toEqual({
      items: [],
      removedKeys: [],
    });
    expect(planEquipment("action-character", SAMPLES["action-character"] as unknown as Source, [], ids())).toEqual({
      items: [],
      removedKeys: [],
    });
    const odd = planEquipment("action-character", { weapons: { broken: 7 } }, [], ids());
    expect(odd).toEqual({ items: [], removedKeys: ["broken"] });
  });

  it("raises the version only of characters holding no entries (the world migration moves the rest)", () => {
    expect(migrateActionCharacter({ schemaVersion: 1, weapons: {} })).toEqual({ schemaVersion: 2, weapons: {} });
    const holding = { schemaVersion: 1, weapons: { a: { name: "Axe", botchRange: 1 } } };
    expect(migrateActionCharacter(structuredClone(holding))).toEqual(holding);
    expect(migrateWildCharacter({ schemaVersion: 1 })).toEqual({ schemaVersion: 2 });
  });
});

describe("health on every actor", () => {
  const TYPES = Object.keys(MIGRATIONS) as (keyof typeof MIGRATIONS)[];

  it("adds nothing to an actor stored before health (its schema gives the default), and keeps the health stored", () => {
    expect(migrateWildCharacter({ schemaVersion: 1, characterPoints: 3 })).toEqual({
      schemaVersion: 2,
      characterPoints: 3,
    });
    expect(migrateWildCharacter({ schemaVersion: 2, health: { value: 3, max: 12 } })).toEqual({
      schemaVersion: 2,
      health: { value: 3, max: 12 },
    });
  });

  it("an update's partial data never carries a health it did not name (the stored health stays)", () => {
    // The world migration raises the version with a partial update: it must not reset health.
    expect(migrateActionCharacter({ schemaVersion: 2 })).toEqual({ schemaVersion: 2 });
    expect(migratePoolCharacter({ health: { max: 9 } })).toEqual({ health: { max: 9 } });
  });

  it("reads a bare number where health is stored as the value; the maximum stored stays", () => {
    expect(migratePoolCharacter({ health: 4 })).toEqual({ health: { value: 4 } });
    expect(migrateWildCharacter({ schemaVersion: 2, health: 14.7 })).toEqual({
      schemaVersion: 2,
      health: { value: 14 },
    });
    expect(migrateWildCharacter({ health: -3 })).toEqual({ health: { value: 0 } });
  });

  it("for any source of any older version, migrating changes nothing but the older shapes, and is idempotent", () => {
    const key = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((k) => !["health", "schemaVersion", "__proto__"].includes(k));
    const leaf = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));
    const extra = fc.dictionary(key, fc.oneof(leaf, fc.dictionary(key, leaf, { maxKeys: 3 })), { maxKeys: 4 });
    const health = fc.option(
      fc
        .integer({ min: 1, max: 500 })
        .chain((max) => fc.record({ value: fc.integer({ min: 0, max }), max: fc.constant(max) })),
      { nil: undefined },
    );
    const RESHAPED = ["attributes", "skills", "abilities", "saves", "weapons", "traits", "willpower", "karma"];
    fc.assert(
      fc.property(
        fc.constantFrom(...TYPES),
        fc.integer({ min: 0, max: 2 }),
        extra,
        health,
        (type, version, more, h) => {
          const { health: _sample, ...sample } = structuredClone(SAMPLES[type]) as unknown as Source;
          const stored: Source = {
            ...sample,
            ...more,
            schemaVersion: version,
            ...(h === undefined ? {} : { health: h }),
          };
          const once = MIGRATIONS[type](structuredClone(stored));
          expect(once.health).toEqual(h);
          expect(Object.keys(once).sort()).toEqual(Object.keys(stored).sort());
          for (const k of Object.keys(more)) if (!RESHAPED.includes(k)) expect(once[k]).toEqual(more[k]);
          expect(MIGRATIONS[type](structuredClone(once))).toEqual(once);
        },
      ),
    );
  });
});
