/**
 * The world migration on the Foundry double: a world holding characters saved before equipment were
 * Items (version 0 and version 1 weapons, a character of another type, one already current) is
 * migrated on load by the active GM only, once: every weapon becomes an embedded Item with its
 * figures, the legacy entries are gone, the world setting records the version, and the GM is told.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ActorSpec, FoundryDouble, PackSpec } from "../foundry/index.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";
import { format, ROOT } from "../support/i18n.ts";
import { newWeapon } from "../../src/data/item/pure.ts";
import { SAMPLES } from "../data/samples.ts";

const OLD_V1 = "actorOldV1000001";
const OLD_V0 = "actorOldV0000001";
const WILD = "actorWild0000001";
const CURRENT = "actorCurrent0001";

function world(): ActorSpec[] {
  const action = SAMPLES["action-character"];
  return [
    {
      id: OLD_V1,
      name: "Bram",
      type: "action-character",
      system: {
        ...structuredClone(action),
        schemaVersion: 1,
        weapons: {
          weaponHammer0001: { name: "Warhammer", attack: 4, botchRange: 2, damage: "1d8+1" },
          weaponSling00001: { name: "Sling", attack: 2, botchRange: 1, damage: "1d4" },
        },
      },
      ownership: { [ALICE]: 3 },
    },
    {
      id: OLD_V0,
      name: "Lookout",
      type: "action-character",
      system: {
        ...structuredClone(action),
        schemaVersion: 0,
        weapons: { bow: { name: "Shortbow", attack: 3, botch: 3, damage: "1d6" } },
      },
    },
    {
      id: WILD,
      name: "Kes",
      type: "wild-character",
      system: { ...structuredClone(SAMPLES["wild-character"]), schemaVersion: 1 },
    },
    { id: CURRENT, name: "Ysolde", type: "action-character", system: { ...structuredClone(action) } },
  ];
}

interface ActorView {
  /** The prepared data model (derived data included). */
  system: Record<string, unknown>;
  /** The stored data, as the data model cleaned it. */
  _source: { system: Record<string, unknown> };
  items: { contents: { id: string; name: string; type: string; system: Record<string, unknown>; flags: object }[] };
}

function actor(double: FoundryDouble, id: string): ActorView {
  return double.game.actors.get(id) as unknown as ActorView;
}

describe("the world migration", () => {
  let double: FoundryDouble;
  afterEach(() => {
    double.uninstall();
    vi.restoreAllMocks();
  });

  it("moves every stored weapon to an Item, once, by the active GM, and says what it did", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    double = await bootSystem({ userId: GM, actors: world() });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");

    // A player's client does nothing (the active GM runs the migration).
    expect(await double.actAs(ALICE, () => migrateWorld())).toBeNull();
    expect(actor(double, OLD_V1).items.contents).toHaveLength(0);

    const report = await migrateWorld();
    expect(report).toEqual({ version: 2, actors: 2, items: 3, failed: [] });

    const bram = actor(double, OLD_V1);
    expect(bram.system.weapons).toBeUndefined();
    expect(bram.system.schemaVersion).toBe(2);
    expect(bram.items.contents.map((i) => [i.id, i.name, i.type, i.system])).toEqual([
      [
        "weaponHammer0001",
        "Warhammer",
        "weapon",
        { ...newWeapon(), action: { attack: 4, botchRange: 2, damage: "1d8+1" } },
      ],
      ["weaponSling00001", "Sling", "weapon", { ...newWeapon(), action: { attack: 2, botchRange: 1, damage: "1d4" } }],
    ]);
    // Everything else the character had is as it was.
    const { weapons: _w, schemaVersion: _v, ...rest } = bram._source.system;
    const { schemaVersion: _sv, ...sampleRest } = SAMPLES["action-character"];
    expect(rest).toEqual(sampleRest);

    const lookout = actor(double, OLD_V0);
    expect(lookout.items.contents).toHaveLength(1);
    expect(lookout.items.contents[0]).toMatchObject({
      name: "Shortbow",
      system: { action: { attack: 3, botchRange: 3, damage: "1d6" } },
      flags: { "rolling-bones": { legacyKey: "bow" } },
    });
    expect(lookout.system.weapons).toBeUndefined();

    // A character of another type, and one already current, get no items; the wild one is raised to version 2.
    expect(actor(double, WILD).items.contents).toHaveLength(0);
    expect(actor(double, WILD).system.schemaVersion).toBe(2);
    expect(actor(double, CURRENT).items.contents).toHaveLength(0);

    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(2);
    expect(double.notifications.map((n) => [n.type, n.message])).toEqual([
      ["info", format("ROLLING_BONES.Migration.Done", { items: "3", actors: "2" })],
    ]);

    // The next load does nothing: no second copy of any weapon.
    expect(await migrateWorld()).toBeNull();
    expect(actor(double, OLD_V1).items.contents).toHaveLength(2);
  });

  it("removes the legacy data from what the server stores, on a world that drops a deletion of a key the schema lacks; loaded again, nothing is left to migrate", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    double = await bootSystem({ userId: GM, actors: world() });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    await migrateWorld();
    await double.settle();
    // The server's data, and the world data a client loads, hold no legacy entries.
    for (const stored of double.storedActors()) expect(stored.system, stored.name).not.toHaveProperty("weapons");
    expect(double.game.data.actors.filter((a) => "weapons" in a.system)).toEqual([]);
    // Loaded again, with the version record lost: the migration finds nothing to move or delete.
    double.reload();
    await double.game.settings.set("rolling-bones", "worldSchemaVersion", 1);
    const updates: string[] = [];
    double.Hooks.on("updateActor", (a: { name: string }) => void updates.push(a.name));
    double.Hooks.on("createItem", (i: { name: string }) => void updates.push(i.name));
    expect(await migrateWorld()).toEqual({ version: 2, actors: 0, items: 0, failed: [] });
    await double.settle();
    expect(updates).toEqual([]);
    expect(double.warnings).toEqual([]);
  });

  it("leaves the version unrecorded and names the character when one fails; the next load finishes without copies", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const actors = world();
    // Bram already holds an item with his hammer's id: the moved hammer must get a fresh one.
    (actors[0] as ActorSpec).items = [{ _id: "weaponHammer0001", name: "Whetstone", type: "gear", system: {} }];
    double = await bootSystem({ userId: GM, actors });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    const bram = double.game.actors.get(OLD_V1) as unknown as { update: (c: object) => Promise<unknown> };
    // The items are created, then deleting the old entries fails once.
    const update = vi.spyOn(bram, "update").mockRejectedValueOnce(new Error("database refused"));
    const first = await migrateWorld();
    expect(first?.failed).toEqual(["Bram"]);
    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(0);
    expect(double.notifications.at(-1)).toMatchObject({
      type: "error",
      message: format("ROLLING_BONES.Migration.Failed", { names: "Bram" }),
    });
    update.mockRestore();

    const second = await migrateWorld();
    expect(second).toEqual({ version: 2, actors: 0, items: 0, failed: [] });
    const items = actor(double, OLD_V1).items.contents;
    expect(items.map((i) => i.name)).toEqual(["Whetstone", "Warhammer", "Sling"]);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    expect(items[1]?.id).not.toBe("weaponHammer0001");
    expect(actor(double, OLD_V1).system.weapons).toBeUndefined();
    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(2);
  });
});

// ------------------------------------------------------------------------------------------------
// Every sample actor, in the world and in the world's own compendium

interface SourceActor {
  _id: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
  items: { _id: string; name: string; type: string; system: Record<string, unknown>; sort?: number }[];
}

/** The compendium's sample actors, as committed. */
function sampleActors(): SourceActor[] {
  const dir = path.join(ROOT, "packs/_source/actors");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as SourceActor);
}

/** A sample as a version 1 world stored it: an action character's weapons as entries inside it, its gear as Items. */
function legacyOf(a: SourceActor): ActorSpec {
  const weapons = a.type === "action-character" ? a.items.filter((i) => i.type === "weapon") : [];
  const entries = Object.fromEntries(
    weapons.map((w) => [w._id, { name: w.name, ...(w.system.action as Record<string, unknown>) }]),
  );
  return {
    id: a._id,
    name: a.name,
    type: a.type,
    system: { ...structuredClone(a.system), schemaVersion: 1, ...(weapons.length ? { weapons: entries } : {}) },
    items: a.items.filter((i) => !weapons.includes(i)).map((i) => structuredClone(i)),
  };
}

describe("every sample actor", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("migrates from version 1 with nothing lost, in the world and in the world's own compendium; other packs are left alone", async () => {
    const samples = sampleActors();
    const legacy = samples.map(legacyOf);
    expect(legacy.filter((a) => a.system.weapons).length).toBeGreaterThan(0);
    const packs: PackSpec[] = [
      { collection: "world.npcs", packageType: "world", actors: structuredClone(legacy) },
      { collection: "world.archive", packageType: "world", locked: true, actors: structuredClone(legacy) },
      { collection: "rolling-bones.actors", packageType: "system", actors: structuredClone(legacy) },
    ];
    double = await bootSystem({ userId: GM, actors: legacy, packs });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    const report = await migrateWorld();
    const moved = samples.flatMap((a) =>
      a.type === "action-character" ? a.items.filter((i) => i.type === "weapon") : [],
    );
    expect(report).toEqual({ version: 2, actors: 2, items: 2 * moved.length, failed: [] });

    const migratedIn = async (where: string): Promise<ActorView[]> =>
      where === "world"
        ? samples.map((a) => actor(double, a._id))
        : Promise.all(
            samples.map(async (a) => (await double.game.packs.get(where)!.getDocument(a._id)) as unknown as ActorView),
          );
    for (const where of ["world", "world.npcs"]) {
      const migrated = await migratedIn(where);
      for (const [k, sample] of samples.entries()) {
        const got = migrated[k] as ActorView;
        // The character's own data is the sample's, at version 2, without legacy entries.
        expect(got._source.system, `${where} ${sample.name}`).toEqual({ ...sample.system, schemaVersion: 2 });
        // Every item is there, each weapon with every action figure and its name (its id kept).
        const byId = new Map(got.items.contents.map((i) => [i.id, i]));
        expect(byId.size, `${where} ${sample.name}`).toBe(sample.items.length);
        for (const item of sample.items) {
          const found = byId.get(item._id);
          expect(found?.name, `${where} ${item.name}`).toBe(item.name);
          expect(found?.type).toBe(item.type);
          expect((found?.system as { action?: unknown }).action).toEqual(item.system.action);
        }
      }
    }
    for (const untouched of ["world.archive", "rolling-bones.actors"]) {
      // What the pack stores (its index reads the stored fields, unmigrated).
      const index = await double.game.packs.get(untouched)!.getIndex({ fields: ["system"] });
      for (const a of legacy) {
        const stored = index.find((entry) => entry._id === a.id)?.system;
        expect(stored, `${untouched} ${a.name}`).toEqual(a.system);
      }
    }
  });
});
