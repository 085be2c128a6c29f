/**
 * 3D dice: every throw is a Foundry die (so Dice So Nice animates cascades and chains), each role
 * that should look different carries its colorset in the stored roll, and the colorsets are
 * registered when Dice So Nice announces itself.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, mixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

async function rolled(engine: "percentile" | "action" | "wild", request: unknown, uniform: () => number) {
  double.CONFIG.Dice.randomUniform = uniform;
  const { ROLL_FACTORIES } = await import("../../src/dice/index.ts");
  const roll = ROLL_FACTORIES[engine](request);
  await roll.evaluate();
  return roll;
}

const looks = (roll: { dice: { flavor: string; faces?: number | null | undefined; options: object; results: { result: number }[] }[] }) =>
  roll.dice.map((d) => ({
    role: d.flavor,
    faces: d.faces,
    throws: d.results.length,
    colorset: (d.options as { appearance?: { colorset: string } }).appearance?.colorset ?? null,
  }));

describe("Dice So Nice", () => {
  it("gives bonus dice their own colorset and leaves the tens and ones dice alone", async () => {
    double = await bootSystem({ userId: ALICE });
    const roll = await rolled("percentile", { bonus: 2, penalty: 0 }, fixedFaces(10, [3, 4, 5, 6]));
    expect(looks(roll)).toEqual([
      { role: "tens", faces: 10, throws: 1, colorset: null },
      { role: "ones", faces: 10, throws: 1, colorset: null },
      { role: "bonus", faces: 10, throws: 2, colorset: "rolling-bones-bonus" },
    ]);
  });

  it("puts every cascade throw of a d24 action die in the roll's dice, coloured as action dice", async () => {
    double = await bootSystem({ userId: ALICE });
    const roll = await rolled("action", { augments: [24] }, mixedFaces([[12, 20], [24, 24], [24, 24], [5, 24]]));
    const action = looks(roll).filter((d) => d.role === "action");
    expect(action.reduce((n, d) => n + d.throws, 0)).toBe(3);
    expect(action.every((d) => d.faces === 24 && d.colorset === "rolling-bones-action")).toBe(true);
  });

  it("keeps the Wild Die's colorset after a reload", async () => {
    double = await bootSystem({ userId: ALICE });
    double.CONFIG.Dice.randomUniform = fixedFaces(6, [2, 6, 4]);
    const { rollToChat } = await import("../../src/services/roll.ts");
    const message = await rollToChat("wild", { dice: 2 }, { visibility: "public" });
    double.reload();
    const roll = double.game.messages.get(message?.id ?? "")!.rolls[0]!;
    const wild = looks(roll).filter((d) => d.role === "wild");
    expect(wild.length).toBeGreaterThan(0);
    expect(wild.every((d) => d.colorset === "rolling-bones-wild")).toBe(true);
  });

  it("registers the system and one colorset per distinct role when Dice So Nice is ready", async () => {
    double = await bootSystem({ userId: ALICE });
    const { onDiceSoNiceReady } = await import("../../src/hooks/dice-so-nice-ready.ts");
    const { ROLE_COLORSET } = await import("../../src/dice/appearance.ts");
    const systems: { id: string }[] = [];
    const colorsets: { name: string; description: string }[] = [];
    const presets: string[] = [];
    onDiceSoNiceReady({
      addSystem: (s) => void systems.push(s),
      addColorset: (c) => void colorsets.push(c as { name: string; description: string }),
      addDicePreset: (p, shape) => void presets.push(`${p.type}:${shape}:${p.labels.length}`),
    });
    // the formula terms' dice (d + denomination) get a 3D shape with one label per face
    const { TERM_CLASSES } = await import("../../src/dice/index.ts");
    expect(presets.sort()).toEqual(
      TERM_CLASSES.map((t) => `d${t.DENOMINATION}:d${new t({}).faces}:${new t({}).faces}`).sort(),
    );
    expect(systems.map((s) => s.id)).toEqual(["rolling-bones"]);
    expect(colorsets.map((c) => c.name).sort()).toEqual([...new Set(Object.values(ROLE_COLORSET))].sort());
    expect(colorsets.every((c) => !c.description.startsWith("ROLLING_BONES."))).toBe(true);
  });
});
