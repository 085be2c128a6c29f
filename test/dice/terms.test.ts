/**
 * The formula terms typed in chat (`/roll 3dw+1`, `[[6dsdc8]]`, `[[dpb2]]`): plain Foundry rolls whose
 * engine term throws its follow-up dice and totals as the engine says. Also the pure formula parsers.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixedFaces, type FoundryDouble } from "../foundry/index.ts";
import { ALICE, bootSystem } from "../support/system.ts";
import {
  parseModifiers,
  percentileRequestFromFormula,
  poolRequestFromFormula,
  wildRequestFromFormula,
} from "../../src/dice/terms/formula.ts";

let double: FoundryDouble | undefined;
afterEach(() => {
  double?.uninstall();
  double = undefined;
});

interface PlainRoll {
  total: number;
  dice: {
    faces: number;
    results: { result: number; count?: number; active: boolean; success?: boolean; failure?: boolean }[];
  }[];
  evaluate(): Promise<PlainRoll>;
  toJSON(): object;
}
const RollClass = () =>
  (globalThis as unknown as { Roll: (new (formula: string) => PlainRoll) & { fromData(d: object): PlainRoll } }).Roll;

async function roll(formula: string, uniform: () => number): Promise<PlainRoll> {
  double = await bootSystem({ userId: ALICE });
  double.CONFIG.Dice.randomUniform = uniform;
  return new (RollClass())(formula).evaluate();
}

describe("formula terms", () => {
  it("3dw+1 with the Wild Die 6→6→3 totals 22 and throws every chain die as a d6", async () => {
    const r = await roll("3dw+1", fixedFaces(6, [4, 2, 6, 6, 3]));
    expect(r.total).toBe(22);
    expect(r.dice[0]!.results.map((x) => x.result)).toEqual([4, 2, 6, 6, 3]);
  });

  it("1dw with the Wild Die 1, 6, 3 subtracts (catastrophic): total −8", async () => {
    const r = await roll("1dw", fixedFaces(6, [1, 6, 3]));
    expect(r.total).toBe(1 - 6 - 3);
    expect(r.dice[0]!.results.map((x) => x.count)).toEqual([1, -6, -3]);
  });

  it("2dwfp doubles the dice (4 thrown, one Wild Die)", async () => {
    const r = await roll("2dwfp", fixedFaces(6, [2, 3, 4, 5]));
    expect(r.dice[0]!.results).toHaveLength(4);
    expect(r.total).toBe(14);
  });

  it("6dsdc8 counts net successes (8, 1, 9, 3, 10, 1 → 3 successes − 2 ones = 1)", async () => {
    const r = await roll("6dsdc8", fixedFaces(10, [8, 1, 9, 3, 10, 1]));
    expect(r.total).toBe(1);
    expect(r.dice[0]!.results.filter((x) => x.failure).length).toBe(2);
  });

  it("dpb1: T6 O9 bonus 8 → 89, the replaced tens die discarded", async () => {
    const r = await roll("dpb1", fixedFaces(10, [6, 9, 8]));
    expect(r.total).toBe(89);
    expect(r.dice[0]!.results.map((x) => x.active)).toEqual([false, true, true]);
  });

  it("dp with 10, 10 reads 00 = 100", async () => {
    expect((await roll("dp", fixedFaces(10, [10, 10]))).total).toBe(100);
  });

  it("a reloaded formula roll keeps its total and its term class", async () => {
    const r = await roll("4dwcp1", fixedFaces(6, [2, 3, 4, 5, 6, 1]));
    const again = RollClass().fromData(JSON.parse(JSON.stringify(r.toJSON())) as object);
    expect(again.total).toBe(r.total);
    expect(again.dice[0]!.constructor.name).toBe("WildDie");
  });

  it("a malformed engine formula fails with a localized message before any follow-up die", async () => {
    await expect(roll("0dw", fixedFaces(6, []))).rejects.toThrow(/^(?!ROLLING_BONES).+/);
    await expect(roll("6dsdc11", fixedFaces(10, [1, 2, 3, 4, 5, 6]))).rejects.toThrow(/difficulty/i);
    await expect(roll("3dwzz", fixedFaces(6, [1, 2, 3]))).rejects.toThrow(/zz/);
  });
});

describe("formula parsers", () => {
  it("read modifiers into requests", () => {
    expect(wildRequestFromFormula(3, ["cp2"], true)).toEqual({
      dice: 3,
      characterPoints: 2,
      fatePoint: false,
      firstOneCounts: true,
    });
    expect(wildRequestFromFormula(3, ["fp"], false)).toMatchObject({ fatePoint: true, firstOneCounts: false });
    expect(poolRequestFromFormula(6, ["dc8c1"])).toEqual({ pool: 6, difficulty: 8, cancellation: 1 });
    expect(percentileRequestFromFormula(1, ["b2p1"], 5)).toEqual({ bonus: 2, penalty: 1, cap: 5 });
  });

  it("refuse unknown, repeated or malformed modifiers with a key naming them", () => {
    const key = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (
          (e as { key?: string; data?: { modifier?: string } }).key +
          ":" +
          (e as { data?: { modifier?: string } }).data?.modifier
        );
      }
      return "no error";
    };
    expect(key(() => wildRequestFromFormula(3, ["xx"], true))).toBe("ROLLING_BONES.Error.BadFormulaModifier:xx");
    expect(key(() => wildRequestFromFormula(3, ["cp"], true))).toBe("ROLLING_BONES.Error.BadFormulaModifier:cp");
    expect(key(() => wildRequestFromFormula(3, ["fp2"], true))).toBe("ROLLING_BONES.Error.BadFormulaModifier:fp2");
    expect(key(() => poolRequestFromFormula(3, ["dc6dc7"]))).toBe("ROLLING_BONES.Error.BadFormulaModifier:dc7");
    expect(key(() => percentileRequestFromFormula(2, [], 5))).toBe("ROLLING_BONES.Error.BadFormulaCount:undefined");
    expect(parseModifiers(["cp2fp"], "dw").map((c) => c.key)).toEqual(["cp", "fp"]);
  });
});
