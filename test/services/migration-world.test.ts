// @vitest-environment happy-dom
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
import { ALICE, BOB, bootSystem, GM } from "../support/system.ts";
import { format, localize, ROOT } from "../support/i18n.ts";
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
    expect(report).toEqual({ version: 3, actors: 2, items: 3, failed: [], pools: 0, kept: [], skipped: [] });

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

    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(3);
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
    expect(await migrateWorld()).toEqual({
      version: 3,
      actors: 0,
      items: 0,
      failed: [],
      pools: 0,
      kept: [],
      skipped: [],
    });
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
    expect(second).toEqual({ version: 3, actors: 0, items: 0, failed: [], pools: 0, kept: [], skipped: [] });
    const items = actor(double, OLD_V1).items.contents;
    expect(items.map((i) => i.name)).toEqual(["Whetstone", "Warhammer", "Sling"]);
    expect(new Set(items.map((i) => i.id)).size).toBe(3);
    expect(items[1]?.id).not.toBe("weaponHammer0001");
    expect(actor(double, OLD_V1).system.weapons).toBeUndefined();
    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(3);
  });
});

describe("a legacy weapon no weapon Item could hold", () => {
  let double: FoundryDouble;
  afterEach(() => {
    double.uninstall();
    vi.restoreAllMocks();
  });

  it("is left inside its character and reported once; the other weapons move and the world's version is recorded", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const action = SAMPLES["action-character"];
    double = await bootSystem({
      userId: GM,
      actors: [
        {
          id: OLD_V1,
          name: "Bram",
          type: "action-character",
          system: {
            ...structuredClone(action),
            schemaVersion: 1,
            weapons: {
              weaponHammer0001: { name: "Warhammer", attack: 4, botchRange: 2, damage: "1d8+1" },
              weaponJunk000001: { name: "Junk", attack: "lots", botchRange: 9, damage: "a lot" },
            },
          },
        },
      ],
    });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    const names = [format("ROLLING_BONES.Migration.SkippedWeapon", { actor: "Bram", name: "Junk" })];
    expect(await migrateWorld()).toMatchObject({ version: 3, items: 1, failed: [], skipped: names });
    expect(actor(double, OLD_V1).items.contents.map((i) => i.name)).toEqual(["Warhammer"]);
    // The weapon that did not move stays in the stored data. (The moved one's deletion names a key the
    // schema no longer has, which this world drops as v14 does, helpers/compat.ts: its Item names it as
    // `legacyKey`, so it is never moved again.)
    const stored = double.storedActors().find((a) => a.id === OLD_V1)?.system.weapons as Record<string, unknown>;
    expect(stored.weaponJunk000001).toEqual({ name: "Junk", attack: "lots", botchRange: 9, damage: "a lot" });
    expect(double.game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(3);
    expect(double.notifications.map((n) => [n.type, n.message])).toEqual([
      ["info", format("ROLLING_BONES.Migration.Done", { items: "1", actors: "1" })],
      ["warn", format("ROLLING_BONES.Migration.WeaponsSkipped", { names: names.join(", ") })],
    ]);
    // The next load does nothing, and says nothing.
    expect(await migrateWorld()).toBeNull();
    expect(double.notifications).toHaveLength(2);
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
    expect(report).toEqual({
      version: 3,
      actors: 2,
      items: 2 * moved.length,
      failed: [],
      pools: 0,
      kept: [],
      skipped: [],
    });

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

// ------------------------------------------------------------------------------------------------
// Version 3: the pools leave the players' reach

describe("the action-dice pools move to world settings (version 3)", () => {
  let double: FoundryDouble;
  afterEach(() => {
    double.uninstall();
    vi.restoreAllMocks();
  });

  const AYLA = "actorAyla0000001";
  const legacyPool = {
    session: 2,
    rev: 5,
    state: {
      userId: ALICE,
      gm: false,
      dieFaces: 4,
      dice: [{ faces: 4, count: 2 }],
      spent: 1,
      luckyBreak: false,
      forfeited: true,
      failedInsight: ["the vault"],
      applied: ["a1"],
    },
  };
  const legacyClass = { session: 2, rev: 3, state: { actorId: AYLA, faces: 8, left: 1, spent: 1 } };

  it("moves a version 2 world's pools and class dice with nothing lost, removes the flags, reports what stays, once", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const action = SAMPLES["action-character"];
    double = await bootSystem({
      userId: GM,
      actors: [
        {
          id: AYLA,
          name: "Ayla",
          type: "action-character",
          system: { ...structuredClone(action), classDice: { faces: 8, count: 2 } },
          ownership: { [ALICE]: 3 },
          flags: { "rolling-bones": { classDicePool: legacyClass } },
        },
      ],
    });
    const game = double.game;
    await game.settings.set("rolling-bones", "worldSchemaVersion", 2);
    await game.settings.set("rolling-bones", "actionSession", 2);
    await game.users.get(ALICE)!.setFlag("rolling-bones", "actionPool", legacyPool);
    // Bob's flag is not a pool of his (garbage a macro left): it stays where it is, and the GM is told.
    await game.users.get(BOB)!.setFlag("rolling-bones", "actionPool", { dice: 99 });
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    const report = await migrateWorld();
    expect(report).toEqual({
      version: 3,
      actors: 0,
      items: 0,
      failed: [],
      pools: 2,
      kept: [format("ROLLING_BONES.Migration.KeptPool", { name: "Bob" })],
      skipped: [],
    });
    expect(game.settings.get("rolling-bones", "actionPlayerPools")).toEqual({ [ALICE]: legacyPool });
    expect(game.settings.get("rolling-bones", "actionClassPools")).toEqual({ [AYLA]: legacyClass });
    expect(game.users.get(ALICE)!.getFlag("rolling-bones", "actionPool")).toBeUndefined();
    expect(game.actors.get(AYLA)!.getFlag("rolling-bones", "classDicePool")).toBeUndefined();
    expect(game.users.get(BOB)!.getFlag("rolling-bones", "actionPool")).toEqual({ dice: 99 });
    expect(game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(3);
    expect(double.notifications.map((n) => [n.type, n.message])).toEqual([
      ["info", format("ROLLING_BONES.Migration.PoolsMoved", { count: "2" })],
      [
        "warn",
        format("ROLLING_BONES.Migration.PoolsKept", {
          names: format("ROLLING_BONES.Migration.KeptPool", { name: "Bob" }),
        }),
      ],
    ]);
    // The system reads the moved pools: Alice's 2d4 with her forfeit, Ayla's one class die.
    const service = await import("../../src/services/action-dice/index.ts");
    expect(service.sessionPoolOf(game.users.get(ALICE) as never)?.state).toMatchObject({
      dice: [{ faces: 4, count: 2 }],
      forfeited: true,
    });
    expect(service.classPoolNow(game.actors.get(AYLA) as never)?.state.left).toBe(1);
    // Said once: the next load does nothing.
    expect(await migrateWorld()).toBeNull();
    expect(double.notifications).toHaveLength(2);
  });

  it("when writing the settings fails, no flag is removed and the next load moves them", async () => {
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    double = await bootSystem({ userId: GM });
    const game = double.game;
    await game.settings.set("rolling-bones", "worldSchemaVersion", 2);
    await game.users.get(ALICE)!.setFlag("rolling-bones", "actionPool", legacyPool);
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    const set = game.settings.set.bind(game.settings);
    const spy = vi
      .spyOn(game.settings, "set")
      .mockImplementationOnce(() => Promise.reject(new Error("database refused")));
    const first = await migrateWorld();
    expect(first?.failed).toEqual([localize("ROLLING_BONES.Migration.PoolsName")]);
    expect(game.users.get(ALICE)!.getFlag("rolling-bones", "actionPool")).toEqual(legacyPool);
    expect(game.settings.get("rolling-bones", "worldSchemaVersion")).toBe(2);
    spy.mockImplementation(set);
    expect((await migrateWorld())?.pools).toBe(1);
    expect(game.settings.get("rolling-bones", "actionPlayerPools")).toEqual({ [ALICE]: legacyPool });
    expect(game.users.get(ALICE)!.getFlag("rolling-bones", "actionPool")).toBeUndefined();
  });
});

describe("a version 0 character whose entries are keyed by their names", () => {
  let double: FoundryDouble;
  afterEach(() => {
    double.uninstall();
    vi.restoreAllMocks();
  });

  it("loads with ids for its skills, abilities and traits (names kept), and can be changed and saved", async () => {
    double = await bootSystem({
      userId: GM,
      actors: [
        {
          id: "actorOldPerc0001",
          name: "Ysolde",
          type: "percentile-character",
          system: { schemaVersion: 0, skills: { "Sleight of hand": 4, Climb: 2 } },
          ownership: { [ALICE]: 3 },
        },
        {
          id: "actorOldPool0001",
          name: "Silas",
          type: "pool-character",
          system: { schemaVersion: 0, abilities: { "Dark lore": 3 }, traits: { "True Faith": 2 } },
          ownership: { [ALICE]: 3 },
        },
      ],
    });
    const ysolde = actor(double, "actorOldPerc0001");
    const skills = ysolde.system.skills as Record<string, { name: string; rating: number }>;
    expect(Object.values(skills).map((s) => [s.name, s.rating])).toEqual([
      ["Sleight of hand", 4],
      ["Climb", 2],
    ]);
    expect(Object.keys(skills).every((k) => /^[A-Za-z0-9]{1,32}$/.test(k))).toBe(true);
    const silas = actor(double, "actorOldPool0001");
    expect(Object.values(silas.system.abilities as object)).toMatchObject([{ name: "Dark lore", rating: 3 }]);
    expect(Object.values(silas.system.traits as object)).toMatchObject([{ name: "True Faith", permanent: 2 }]);
    // Her owner changes a rating before the world migration ran: the change is kept over the old entry.
    const id = Object.keys(skills)[0]!;
    const update = (changes: object) =>
      double.actAs(ALICE, () =>
        (double.game.actors.get("actorOldPerc0001") as unknown as { update(c: object): Promise<unknown> }).update(
          changes,
        ),
      );
    await update({ [`system.skills.${id}.rating`]: 5 });
    await double.settle();
    expect((actor(double, "actorOldPerc0001").system.skills as Record<string, unknown>)[id]).toEqual({
      name: "Sleight of hand",
      rating: 5,
    });
    // The world migration stores every entry under its id; a skill deleted then stays deleted.
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    expect((await migrateWorld())?.failed).toEqual([]);
    const storedSkills = () =>
      double.storedActors().find((a) => a.id === "actorOldPerc0001")?.system.skills as Record<string, unknown>;
    expect(Object.keys(storedSkills())).toEqual([id, "Climb"]);
    expect(storedSkills()[id]).toEqual({ name: "Sleight of hand", rating: 5 });
    const { deletionUpdate } = await import("../../src/helpers/compat.ts");
    await update(deletionUpdate("system.skills", id));
    await double.settle();
    expect(Object.values(storedSkills())).toEqual([{ name: "Climb", rating: 2 }]);
    expect(Object.values(actor(double, "actorOldPerc0001").system.skills as object)).toEqual([
      { name: "Climb", rating: 2 },
    ]);
  });
});

describe("a version 0 name longer than a name may be (issue 41 fault 8)", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("loads with the name cut to the longest, its sheet opens, and the world migration stores it", async () => {
    const long = `Sleight of hand and ${"very ".repeat(20)}quick fingers`;
    double = await bootSystem({
      userId: GM,
      actors: [
        {
          id: "actorOldPerc0002",
          name: "Ysolde",
          type: "percentile-character",
          system: { schemaVersion: 0, skills: { [long]: 4 } },
          ownership: { [ALICE]: 3 },
        },
      ],
    });
    const skills = actor(double, "actorOldPerc0002").system.skills as Record<string, { name: string; rating: number }>;
    // Cut to 80 characters; the schema trims what is left.
    expect(Object.values(skills)).toEqual([{ name: long.slice(0, 80).trim(), rating: 4 }]);
    const sheet = double.actAs(
      ALICE,
      () =>
        double.game.actors.get("actorOldPerc0002")!.sheet as {
          render(f: boolean): Promise<unknown>;
          element: HTMLElement | null;
        },
    );
    await double.actAs(ALICE, () => sheet.render(true));
    await double.settle();
    expect(sheet.element?.textContent ?? "").toContain("Sleight of hand");
    // Closed before the migration writes, so no render of it outlives the test.
    await double.actAs(ALICE, () => (sheet as unknown as { close(): Promise<unknown> }).close());
    await double.settle();
    const { migrateWorld } = await import("../../src/data/migrations/world.ts");
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    expect((await migrateWorld())?.failed).toEqual([]);
    await double.settle();
  });
});

describe("health on actors stored before it existed", () => {
  let double: FoundryDouble;
  afterEach(() => double.uninstall());

  it("every type, stored at versions 1 and 2 without health, reads the default health and keeps the rest", async () => {
    const types = Object.keys(SAMPLES) as (keyof typeof SAMPLES)[];
    const stored = types.flatMap((type) =>
      [1, 2].map((version) => {
        const { health: _health, ...rest } = structuredClone(SAMPLES[type]) as unknown as Record<string, unknown>;
        return {
          id: `old${type.slice(0, 4)}V${version}`.padEnd(16, "0"),
          name: type,
          type,
          system: { ...rest, schemaVersion: version },
        };
      }),
    );
    double = await bootSystem({ userId: GM, actors: stored });
    for (const old of stored) {
      const got = actor(double, old.id);
      expect(got.system.health, old.id).toEqual({ value: 10, max: 10 });
      const { schemaVersion: _v, ...kept } = old.system;
      const { health, schemaVersion: _w, ...rest } = got._source.system;
      expect(health).toEqual({ value: 10, max: 10 });
      expect(rest, old.id).toEqual(kept);
    }
  });
});
