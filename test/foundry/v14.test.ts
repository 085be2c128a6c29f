/**
 * The test world's v13 and v14 modes, each in its own generation's shapes (issue 23): status effects
 * (array / record by id), Active Effects (top-level `changes` / `system.changes` with type, phase and
 * priority, the shim that warns), deletion and replacement (`-=`/`==` keys / operators; a deletion of
 * a key the source does not hold is dropped), updates diffed against the requester's copy, and the
 * record of deprecations the system's own code causes.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type FoundryDouble, installWorld, WORLD_USERS } from "./index.ts";
import { fromSystemCode, takeSystemWarnings, warn } from "./state.ts";

const { GM, ALICE } = WORLD_USERS;
const AYLA = "actorAyla0000001";

let double: FoundryDouble;
afterEach(() => double.uninstall());

/** Loosely typed globals (fvtt-types describes the real ones). */
const g = globalThis as unknown as {
  CONFIG: { statusEffects: unknown };
  foundry: {
    data: { operators?: { ForcedDeletion: { create(): unknown }; ForcedReplacement: { create(v: unknown): unknown } } };
  };
};

interface LooseActor {
  system: Record<string, unknown>;
  effects: { contents: { changes: unknown; system: { changes?: unknown } }[] };
  update(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect(id: string): Promise<unknown>;
  createEmbeddedDocuments(name: string, data: object[]): Promise<unknown[]>;
}

function world(generation: 13 | 14, effects: object[] = []): LooseActor {
  double = installWorld({
    generation,
    userId: ALICE,
    actors: [
      {
        id: AYLA,
        name: "Ayla",
        type: "pool-character",
        system: { skills: { a: 1 }, legacy: { old: true } },
        ownership: { [ALICE]: 3 },
        effects: effects as never,
      },
    ],
  });
  return double.game.actors.get(AYLA) as unknown as LooseActor;
}

describe("status effects", () => {
  it("are an array on v13 and a record by id on v14, and toggling one makes its effect in that shape", async () => {
    let actor = world(13);
    expect(Array.isArray(g.CONFIG.statusEffects)).toBe(true);
    (g.CONFIG.statusEffects as object[]).push({
      id: "tired",
      name: "Tired",
      img: "i.svg",
      changes: [{ key: "a", value: "1", mode: 2 }],
    });
    await actor.toggleStatusEffect("tired");
    expect(double.storedActors()[0]?.effects?.[0]?.changes).toEqual([
      { key: "a", value: "1", mode: 2, priority: null },
    ]);
    double.uninstall();

    actor = world(14);
    expect(Array.isArray(g.CONFIG.statusEffects)).toBe(false);
    expect(() => (g.CONFIG.statusEffects as unknown[]).push({})).toThrow(TypeError);
    (g.CONFIG.statusEffects as Record<string, object>).tired = {
      id: "tired",
      name: "Tired",
      img: "i.svg",
      system: { changes: [{ key: "a", value: "1", type: "add" }] },
    };
    await actor.toggleStatusEffect("tired");
    const stored = double.storedActors()[0]?.effects?.[0];
    expect(stored?.system?.changes).toEqual([{ key: "a", value: 1, type: "add", phase: "initial", priority: 20 }]);
    expect(stored).not.toHaveProperty("changes");
    expect(double.warnings).toEqual([]);
  });
});

describe("Active Effects", () => {
  it("on v14 keep changes in system.changes; reading the top-level changes warns; v13-shaped creation data is migrated with a warning", async () => {
    const actor = world(14, [{ _id: "effect0000000001", name: "Old", changes: [{ key: "k", value: "-2", mode: 5 }] }]);
    // A v13 world's stored effect loads migrated, silently.
    const [loaded] = actor.effects.contents;
    expect(loaded?.system.changes).toEqual([{ key: "k", value: -2, type: "override", phase: "initial", priority: 50 }]);
    expect(double.warnings).toEqual([]);
    expect(loaded?.changes).toEqual(loaded?.system.changes);
    expect(double.warnings).toEqual([expect.stringContaining("ActiveEffect#changes is deprecated")]);
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "New", changes: [{ key: "k", value: "x", mode: 2 }] },
    ]);
    expect(double.warnings).toHaveLength(3);
    await expect(
      actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Bad", system: { changes: [{ key: "k", value: 1 }] } }]),
    ).rejects.toThrow(/system\.changes\.0\.type: may not be undefined/);
  });

  it("on v13 keep changes at the top level, values as text, with no type data", () => {
    const actor = world(13, [{ _id: "effect0000000001", name: "Old", changes: [{ key: "k", value: -2, mode: 2 }] }]);
    const [loaded] = actor.effects.contents;
    expect(loaded?.changes).toEqual([{ key: "k", value: "-2", mode: 2, priority: null }]);
    expect(loaded?.system).toEqual({});
    expect(double.warnings).toEqual([]);
  });
});

describe("deleting and replacing keys", () => {
  it("v14 drops a ForcedDeletion of a key the source does not hold, replaces with ForcedReplacement, refuses -= and ==", async () => {
    const actor = world(14);
    const { ForcedDeletion, ForcedReplacement } = g.foundry.data.operators!;
    // `legacy` is stored, but the actor type has no model here: it is in the source and deleted.
    await actor.update({ "system.legacy.old": ForcedDeletion.create(), "system.gone": ForcedDeletion.create() });
    expect(double.storedActors()[0]?.system).toEqual({ skills: { a: 1 }, legacy: {} });
    await actor.update({ "system.skills": ForcedReplacement.create({ b: 2 }) });
    expect(double.storedActors()[0]?.system.skills).toEqual({ b: 2 });
    await expect(actor.update({ "system.==skills": {} })).rejects.toThrow(/legacy syntax/);
  });

  it("v13 deletes with -= and replaces with ==; a deletion of a key the source does not hold is dropped", async () => {
    const actor = world(13);
    await actor.update({ "system.legacy.-=old": null, "system.-=gone": null });
    await actor.update({ "system.==skills": { b: 2 } });
    expect(double.storedActors()[0]?.system).toEqual({ skills: { b: 2 }, legacy: {} });
    expect(g.foundry.data.operators).toBeUndefined();
  });
});

describe("updates are diffed against the requester's copy", () => {
  it.each([13, 14] as const)(
    "v%i: a write of the same values is no update: no hook, nothing sent",
    async (generation) => {
      const actor = world(generation);
      const seen: string[] = [];
      double.Hooks.on("preUpdateActor", () => void seen.push("pre"));
      double.Hooks.on("updateActor", () => void seen.push(double.game.user.id));
      await actor.update({ "system.skills.a": 1, name: "Ayla" });
      await double.settle();
      expect(seen).toEqual([]);
      await actor.update({ "system.skills.a": 2, name: "Ayla" });
      await double.settle();
      expect(seen.filter((s) => s === "pre")).toHaveLength(1);
      expect(seen).toContain(GM);
      // A flag set to what it holds is no update either.
      await double.game.users.get(ALICE)?.setFlag("rolling-bones", "n", 1);
      await double.settle();
      const before = double.game.users.get(ALICE)?.flags;
      double.Hooks.on("updateUser", () => void seen.push("user"));
      await double.game.users.get(ALICE)?.setFlag("rolling-bones", "n", 1);
      await double.settle();
      expect(seen).not.toContain("user");
      expect(double.game.users.get(ALICE)?.flags).toEqual(before);
    },
  );
});

describe("deprecations the system's own code causes", () => {
  it("are kept for the after-each check only when the call stack passes through src/", () => {
    world(14);
    warn("from the test itself");
    expect(takeSystemWarnings()).toEqual([]);
    expect(double.warnings).toEqual(["from the test itself"]);
    const frame = (file: string) => `Error\n    at warn (/w/test/foundry/state.ts:1:1)\n    at run (${file}:3:9)`;
    expect(fromSystemCode(frame("/w/src/services/roll.ts"))).toBe(true);
    expect(fromSystemCode(frame("/w/test/services/roll.test.ts"))).toBe(false);
    expect(fromSystemCode(frame("/w/node_modules/x/src/a.ts"))).toBe(false);
  });
});

describe("v14 core's own effect expiry (expiry.ts)", () => {
  it("raises turnEnd, then roundEnd and roundStart on a new round, then turnStart", async () => {
    const { eventsOfMove } = await import("./expiry.ts");
    expect(eventsOfMove({ round: 1, turn: 0 }, { round: 1, turn: 1 })).toEqual(["turnEnd", "turnStart"]);
    expect(eventsOfMove({ round: 1, turn: 2 }, { round: 2, turn: 0 })).toEqual([
      "turnEnd",
      "roundEnd",
      "roundStart",
      "turnStart",
    ]);
    expect(eventsOfMove({ round: 0, turn: null }, { round: 1, turn: 0 })).toEqual(["roundStart", "turnStart"]);
  });

  it("takes a core event or one a package registered as an effect's expiry, nothing else (the stricter reading)", async () => {
    const actor = world(14);
    const cfg = g.CONFIG as unknown as { ActiveEffect: { expiryEvents: Record<string, string> } };
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Core", duration: { value: 1, units: "rounds", expiry: "turnEnd" } },
    ]);
    await expect(
      actor.createEmbeddedDocuments("ActiveEffect", [
        { name: "Mine", duration: { value: 1, units: "rounds", expiry: "pkg.end" } },
      ]),
    ).rejects.toThrow(/duration\.expiry/);
    cfg.ActiveEffect.expiryEvents["pkg.end"] = "The package's end";
    await actor.createEmbeddedDocuments("ActiveEffect", [
      { name: "Mine", duration: { value: 1, units: "rounds", expiry: "pkg.end" } },
    ]);
    expect(double.storedActors()[0]?.effects?.map((e) => e.name)).toEqual(["Core", "Mine"]);
    double.uninstall();
    world(13);
    expect(
      (g.CONFIG as unknown as { ActiveEffect: { expiryEvents?: unknown } }).ActiveEffect.expiryEvents,
    ).toBeUndefined();
  });

  it("counts combat time since the start, in the combat it started in only", async () => {
    const { runOutByCore } = await import("./expiry.ts");
    const effect = (units: string, value: number, combat = "c1") => ({
      duration: { units, value },
      start: { combat, round: 1, turn: 1 },
    });
    expect(runOutByCore(effect("turns", 2), "c1", { round: 1, turn: 2 }, 3)).toBe(false);
    expect(runOutByCore(effect("turns", 2), "c1", { round: 2, turn: 0 }, 3)).toBe(true);
    expect(runOutByCore(effect("rounds", 1), "c1", { round: 2, turn: 0 }, 3)).toBe(false);
    expect(runOutByCore(effect("rounds", 1), "c1", { round: 2, turn: 1 }, 3)).toBe(true);
    expect(runOutByCore(effect("rounds", 1, "c2"), "c1", { round: 9, turn: 1 }, 3)).toBe(false);
  });
});
