/**
 * 3D dice without dice roles (no Dice So Nice, or its 5.x line on v13): every throw is a Foundry die
 * (so Dice So Nice animates cascades and chains), each role that should look different carries its
 * colorset in the stored roll, and the colorsets are registered when Dice So Nice announces itself.
 * (Dice So Nice 6.x's dice roles: dice-roles.test.ts.)
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, mixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem, GM } from "../support/system.ts";

let double: FoundryDouble;
afterEach(() => double.uninstall());

async function rolled(engine: "percentile" | "action" | "wild", request: unknown, uniform: () => number) {
  double.CONFIG.Dice.randomUniform = uniform;
  const { ROLL_FACTORIES } = await import("../../src/dice/index.ts");
  const roll = ROLL_FACTORIES[engine](request);
  await roll.evaluate();
  return roll;
}

const looks = (roll: {
  dice: { flavor: string; faces?: number | null | undefined; options: object; results: { result: number }[] }[];
}) =>
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
    const roll = await rolled(
      "action",
      { augments: [24] },
      mixedFaces([
        [12, 20],
        [24, 24],
        [24, 24],
        [5, 24],
      ]),
    );
    const action = looks(roll).filter((d) => d.role === "action");
    expect(action.reduce((n, d) => n + d.throws, 0)).toBe(3);
    expect(action.every((d) => d.faces === 24 && d.colorset === "rolling-bones-action")).toBe(true);
  });

  it("gives the GM's own action dice the GM's colorset", async () => {
    double = await bootSystem({ userId: GM });
    const roll = await rolled(
      "action",
      { augments: [8] },
      mixedFaces([
        [12, 20],
        [5, 8],
      ]),
    );
    expect(
      looks(roll)
        .filter((d) => d.role === "action")
        .map((d) => d.colorset),
    ).toEqual(["rolling-bones-gm-action"]);
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

  it("registers the system, one colorset per look and the terms' presets, and no roles, on Dice So Nice 5.x", async () => {
    double = await bootSystem({ userId: ALICE });
    const { onDiceSoNiceReady } = await import("../../src/hooks/dice-so-nice-ready.ts");
    const { COLORSETS } = await import("../../src/dice/appearance.ts");
    double.Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
    const dsn = double.installDiceSoNice({ version: 5 });
    // the formula terms' dice (d + denomination) get a 3D shape with one label per face
    const { TERM_CLASSES } = await import("../../src/dice/index.ts");
    expect(dsn.presets.map((p) => `${p.type}:${p.shape}:${p.labels}`).sort()).toEqual(
      TERM_CLASSES.map((t) => `d${t.DENOMINATION}:d${new t({}).faces}:${new t({}).faces}`).sort(),
    );
    expect(dsn.systems.map((s) => s.id)).toEqual(["rolling-bones"]);
    expect([...dsn.colorsets.keys()].sort()).toEqual(COLORSETS.map((c) => c.name).sort());
    expect([...dsn.colorsets.values()].every((c) => !String(c.description).startsWith("ROLLING_BONES."))).toBe(true);
    expect(dsn.roles.size).toBe(0);
  });
});
