/**
 * The character migrations as pure functions: one realistic older shape per type becomes the
 * current shape; current data, partial update data and unknown shapes are left alone; each
 * migration returns the object it was given.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  migrateActionCharacter,
  migratePercentileCharacter,
  migratePiCharacter,
  migratePoolCharacter,
  migrateWildCharacter,
  type Source,
} from "../../src/data/migrations/index.ts";
import { planEquipment } from "../../src/data/migrations/equipment-v2.ts";
import { newWeapon } from "../../src/data/item/pure.ts";
import { MAX_NAME_LENGTH, SCHEMA_VERSION } from "../../src/data/actor/pure.ts";
import { SAMPLES } from "./samples.ts";

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

  it("moves nothing for other types or a character without entries; an entry that is not a weapon stays, reported", () => {
    expect(planEquipment("wild-character", { weapons: { a: { name: "x" } } }, [], ids())).toEqual({
      items: [],
      removedKeys: [],
      skipped: [],
    });
    expect(planEquipment("action-character", SAMPLES["action-character"] as unknown as Source, [], ids())).toEqual({
      items: [],
      removedKeys: [],
      skipped: [],
    });
    const odd = planEquipment("action-character", { weapons: { broken: 7 } }, [], ids());
    expect(odd).toEqual({ items: [], removedKeys: [], skipped: [{ key: "broken", name: "" }] });
  });

  it("a weapon with garbage figures is left and reported; the others move; a __proto__ key moves as an own entry", () => {
    const weapons = JSON.parse(
      JSON.stringify({
        weaponGood000001: { name: "Axe", attack: 2, botchRange: 1, damage: "1d8" },
        weaponBad0000001: { name: "Junk", attack: "lots", botchRange: 9, damage: "a lot" },
        weaponNoName0001: { attack: 1 },
      }).replace("weaponNoName0001", "__proto__"),
    ) as Source;
    const plan = planEquipment("action-character", { schemaVersion: 1, weapons }, [], ids());
    expect(plan.items.map((i) => i.name)).toEqual(["Axe"]);
    expect(plan.removedKeys).toEqual(["weaponGood000001"]);
    expect(plan.skipped).toEqual([
      { key: "weaponBad0000001", name: "Junk" },
      { key: "__proto__", name: "" },
    ]);
    const named = JSON.parse('{"__proto__": {"name": "Sling", "botch": 2}}') as Source;
    const sling = planEquipment("action-character", { weapons: named }, [], ids());
    expect(sling.items.map((i) => [i.name, i.system.action.botchRange, i.flags["rolling-bones"].legacyKey])).toEqual([
      ["Sling", 2, "__proto__"],
    ]);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });

  it("property: any legacy weapons plan into moved and left entries, every key exactly once", () => {
    const entry = fc.oneof(
      fc.record(
        {
          name: fc.oneof(fc.string({ maxLength: 12 }), fc.anything()),
          attack: fc.oneof(fc.integer({ min: -30, max: 30 }), fc.anything()),
          botchRange: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.anything()),
          damage: fc.oneof(fc.constantFrom("1d8", "2d6+1", "", "a lot"), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    const key = fc.oneof(fc.string({ maxLength: 16 }), fc.constantFrom("__proto__", "constructor", "weaponAxe0000001"));
    fc.assert(
      fc.property(fc.dictionary(key, entry, { maxKeys: 6 }), (raw) => {
        const weapons = JSON.parse(JSON.stringify(raw)) as Source;
        const plan = planEquipment("action-character", { weapons }, [], ids());
        const keys = Object.keys(weapons);
        expect([...plan.removedKeys, ...plan.skipped.map((s) => s.key)].sort()).toEqual([...keys].sort());
        expect(plan.items.map((i) => i.flags["rolling-bones"].legacyKey)).toEqual(plan.removedKeys);
        for (const item of plan.items) expect(item.name.trim()).not.toBe("");
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("raises the version only of characters holding no entries (the world migration moves the rest)", () => {
    expect(migrateActionCharacter({ schemaVersion: 1, weapons: {} })).toEqual({ schemaVersion: 2, weapons: {} });
    const holding = { schemaVersion: 1, weapons: { a: { name: "Axe", botchRange: 1 } } };
    expect(migrateActionCharacter(structuredClone(holding))).toEqual(holding);
    expect(migrateWildCharacter({ schemaVersion: 1 })).toEqual({ schemaVersion: 2 });
  });
});

describe("entries keyed by their names get ids (a version 0 'Sleight of hand')", () => {
  const KEY = /^[A-Za-z0-9]{1,32}$/;

  it("percentile skills, dice-pool abilities and traits: new ids from the names, the names and ratings kept, in order", () => {
    // Parsed as stored data is: "__proto__" an own key of the skills.
    const percentile = migratePercentileCharacter(
      JSON.parse('{"schemaVersion":0,"skills":{"Sleight of hand":4,"climb":2,"__proto__":1}}') as Source,
    );
    const skills = percentile.skills as Record<string, { name: string; rating: number }>;
    expect(Object.keys(skills).every((k) => KEY.test(k))).toBe(true);
    expect(Object.values(skills)).toEqual([
      { name: "Sleight of hand", rating: 4 },
      { name: "climb", rating: 2 },
      { name: "__proto__", rating: 1 },
    ]);
    expect(Object.keys(skills)[1]).toBe("climb");
    expect(Object.getPrototypeOf(skills)).toBe(Object.prototype);
    const pool = migratePoolCharacter({ schemaVersion: 0, abilities: { "Dark lore": 3 }, traits: { "True Faith": 2 } });
    expect(Object.values(pool.abilities as object)).toEqual([{ name: "Dark lore", rating: 3 }]);
    expect(Object.values(pool.traits as object)).toEqual([{ name: "True Faith", permanent: 2, current: 2 }]);
    expect(Object.keys(pool.abilities as object).every((k) => KEY.test(k))).toBe(true);
  });

  it("the same name gets the same id on every load (migrateData runs until the data is saved); a change saved under it since is kept", () => {
    const once = migratePercentileCharacter({ schemaVersion: 0, skills: { "Sleight of hand": 4 } });
    const again = migratePercentileCharacter({ schemaVersion: 0, skills: { "Sleight of hand": 4 } });
    expect(once).toEqual(again);
    const id = Object.keys(once.skills)[0]!;
    // Foundry merged a later change of the rating into the stored data, under the new id.
    const changed = migratePercentileCharacter({ skills: { "Sleight of hand": 4, [id]: { rating: 5 } } });
    expect(changed.skills).toEqual({ [id]: { name: "Sleight of hand", rating: 5 } });
    // Two names, two ids.
    const twice = { skills: { "Sleight of hand": 4, " Sleight of hand": 3 } };
    expect(Object.keys(migratePercentileCharacter(twice).skills as object)).toHaveLength(2);
  });

  it("a version 0 name longer than a name may be is cut to the longest, so the character stays valid (issue 41 fault 8)", () => {
    const long = `Sleight of hand and ${"very ".repeat(20)}quick fingers`;
    expect(long.length).toBeGreaterThan(MAX_NAME_LENGTH);
    const percentile = migratePercentileCharacter({ schemaVersion: 0, skills: { [long]: 4 } });
    const pool = migratePoolCharacter({ schemaVersion: 0, abilities: { [long]: 3 }, traits: { [long]: 2 } });
    for (const entries of [percentile.skills, pool.abilities, pool.traits]) {
      const [entry] = Object.values(entries as unknown as Record<string, { name: string }>);
      // The schema's rule for a name (`textField`: at most MAX_NAME_LENGTH characters): the sheet opens.
      expect(entry?.name).toBe(long.slice(0, MAX_NAME_LENGTH));
    }
  });

  it("an update's deletion of an entry (-=key) is left for Foundry", () => {
    expect(migratePercentileCharacter({ skills: { "-=Sleight of hand": null } })).toEqual({
      skills: { "-=Sleight of hand": null },
    });
  });

  it("property: any version 0 character of a type with named entries migrates to valid keys with every entry kept", () => {
    // Any name (an update's `-=key` and `==key` name stored keys, and are left for Foundry), up to the longest a name may be.
    const name = fc.string({ maxLength: MAX_NAME_LENGTH }).filter((n) => !/^(?:-=|==)/.test(n));
    const names = fc.dictionary(name, fc.integer({ min: 0, max: 5 }), { maxKeys: 8 });
    fc.assert(
      fc.property(names, names, names, (skills, abilities, traits) => {
        const percentile = migratePercentileCharacter({ schemaVersion: 0, skills: structuredClone(skills) });
        const pool = migratePoolCharacter({
          schemaVersion: 0,
          abilities: structuredClone(abilities),
          traits: structuredClone(traits),
        });
        const check = (before: Record<string, number>, after: unknown, value: (n: number) => object) => {
          const entries = Object.entries(after as Record<string, { name: string }>);
          expect(entries.map(([k]) => KEY.test(k)).every(Boolean)).toBe(true);
          expect(new Set(entries.map(([k]) => k)).size).toBe(Object.keys(before).length);
          // Each entry keeps its name (a name already an id keeps its key too) and its figure.
          expect(entries.map(([, v]) => v)).toEqual(Object.entries(before).map(([name, n]) => ({ name, ...value(n) })));
        };
        check(skills, percentile.skills, (n) => ({ rating: n }));
        check(abilities, pool.abilities, (n) => ({ rating: n }));
        check(traits, pool.traits, (n) => ({ permanent: n, current: n }));
      }),
      { numRuns: 200, seed: 6 },
    );
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
