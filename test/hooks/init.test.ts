/**
 * The system starts in both generations (issue 23): `init` registers everything on a v13 world and
 * on a v14 world, each in its own shapes. On a v14 world `CONFIG.statusEffects` is a record keyed by
 * id, where the `push` main used crashed `init` ("CONFIG.statusEffects.push is not a function") and
 * left every registration after it undone (effect class, item models, combat, sheets, settings,
 * queries, GM actions, chat commands).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FoundryDouble } from "../foundry/index.ts";
import { bootSystem } from "../support/system.ts";
import { CONDITIONS as SPECS } from "../../src/data/conditions/index.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

const CONDITIONS = SPECS.map((c) => c.id);

/** Loosely typed `CONFIG` (fvtt-types describes v13 only). */
function config(): Record<string, unknown> & {
  statusEffects: unknown;
  ActiveEffect: { documentClass: { name: string } };
  Combat: { documentClass: { name: string } };
  Item: { dataModels: Record<string, unknown> };
  queries: Record<string, unknown>;
} {
  return double.CONFIG as never;
}

describe("init", () => {
  it.each([13, 14] as const)("registers everything on a v%i world, status effects in its shape", async (generation) => {
    double = await bootSystem({ generation });
    const statuses = config().statusEffects;
    if (generation === 13) {
      expect((statuses as { id: string }[]).map((s) => s.id)).toEqual(CONDITIONS);
      expect((statuses as { changes: unknown[] }[])[0]?.changes).toEqual([
        { key: "flags.rolling-bones.roll.impact", value: "-1", mode: 2, priority: null },
      ]);
    } else {
      expect(Array.isArray(statuses)).toBe(false);
      const record = statuses as Record<string, { id: string; changes?: unknown; system: { changes: unknown } }>;
      expect(Object.keys(record)).toEqual(CONDITIONS);
      expect(record["rb-exhausted"]?.id).toBe("rb-exhausted");
      expect(record["rb-exhausted"]).not.toHaveProperty("changes");
      expect(record["rb-exhausted"]?.system.changes).toEqual([
        { key: "flags.rolling-bones.roll.impact", value: "-1", type: "add", phase: "initial", priority: 20 },
      ]);
    }
    // What comes after the status effects in `init` is registered too.
    expect(config().ActiveEffect.documentClass.name).toBe("RollingBonesActiveEffect");
    expect(Object.keys(config().Item.dataModels)).toEqual(expect.arrayContaining(["weapon", "gear"]));
    expect(config().queries["rolling-bones.action"]).toBeTypeOf("function");
    expect(double.sheetRegistrations.length).toBeGreaterThan(0);
    expect(double.game.settings.settings.size).toBeGreaterThan(5);
    expect(double.warnings).toEqual([]);
  });
});
