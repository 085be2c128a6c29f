/**
 * Critical and botch effects that last (issue 35 point 7), pure: what a table result's flag may say,
 * what a step is in each engine, which rolls it moves; and every shipped table result that names a
 * lasting effect reads as one.
 */
import { describe, expect, it } from "vitest";
import {
  lastingAdjustments,
  lastingApplies,
  readLasting,
  readLastingMark,
  rollCategory,
} from "../../src/data/lasting.ts";
import { systemTables } from "../support/effect-tables.ts";

describe("a lasting effect's flag", () => {
  it("reads who, which rolls, how many steps and for how many rolls; anything else stays prose", () => {
    expect(readLasting({ on: "target", rolls: "attack", steps: -1, uses: 1 })).toEqual({
      on: "target",
      rolls: "attack",
      steps: -1,
      uses: 1,
    });
    expect(readLasting({ on: "roller", rolls: "any", steps: -1, uses: null })?.uses).toBeNull();
    for (const bad of [
      null,
      [],
      { on: "ally", rolls: "any", steps: -1 },
      { on: "roller", rolls: "damage", steps: -1 },
      { on: "roller", rolls: "any", steps: 0 },
      { on: "roller", rolls: "any", steps: -4 },
      { on: "roller", rolls: "any", steps: 1.5 },
      { on: "roller", rolls: "any", steps: -1, uses: 0 },
      { on: "roller", rolls: "any", steps: -1, uses: "2" },
    ])
      expect(readLasting(bad), JSON.stringify(bad)).toBeNull();
    expect(readLastingMark({ card: "c", entry: "critical", rolls: "check", uses: 0 })?.uses).toBe(0);
    expect(readLastingMark({ card: "c", rolls: "check", uses: 1 })).toBeNull();
  });

  it("a step is each engine's own: a penalty as a wound's, a bonus the other way (none in Precision & Impact)", () => {
    expect(lastingAdjustments("action", -1)).toEqual([{ target: "modifier", value: -2 }]);
    expect(lastingAdjustments("action", 1)).toEqual([{ target: "modifier", value: 2 }]);
    expect(lastingAdjustments("percentile", -1)).toEqual([{ target: "penalty", value: 1 }]);
    expect(lastingAdjustments("percentile", 2)).toEqual([{ target: "bonus", value: 2 }]);
    expect(lastingAdjustments("wild", -1)).toEqual([{ target: "dice", value: -1 }]);
    expect(lastingAdjustments("pool", 1)).toEqual([{ target: "pool", value: 1 }]);
    expect(lastingAdjustments("pi", -1)).toEqual([{ target: "hindrance", value: "minor" }]);
    expect(lastingAdjustments("pi", 1)).toEqual([]);
  });

  it("moves the rolls it names, any trait roll for 'any', never a damage roll", () => {
    expect(rollCategory({ damage: false, attack: true })).toBe("attack");
    expect(rollCategory({ damage: false, attack: false, kind: "save" })).toBe("save");
    expect(rollCategory({ damage: false, attack: false, kind: "initiative" })).toBe("check");
    expect(rollCategory({ damage: true, attack: true })).toBe("damage");
    expect(lastingApplies("attack", "attack")).toBe(true);
    expect(lastingApplies("attack", "check")).toBe(false);
    expect(lastingApplies("any", "save")).toBe(true);
    expect(lastingApplies("any", "damage")).toBe(false);
  });

  it("every shipped result that names a lasting effect reads as one, and its text says what it moves", () => {
    const flagged = systemTables().flatMap((t) =>
      t.results.flatMap((r) => {
        const raw = (r as { flags?: Record<string, Record<string, unknown>> }).flags?.["rolling-bones"]?.lasting;
        return raw === undefined ? [] : [{ table: t.name, text: r.description ?? "", spec: readLasting(raw) }];
      }),
    );
    expect(flagged.length).toBeGreaterThanOrEqual(10);
    for (const f of flagged) {
      expect(f.spec, f.table).not.toBeNull();
      expect(f.text, f.table).toMatch(/step|hindered/);
    }
  });
});
