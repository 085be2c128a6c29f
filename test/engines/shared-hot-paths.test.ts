/**
 * The shortcuts the hot paths take must not change what the engines return: the seeded face
 * source gives the same faces as the generic one, the buffers `resolve` reuses carry nothing from
 * one roll into the next, and what is shared between outcomes is frozen or immutable.
 */

import { describe, expect, it } from "vitest";
import * as action from "../../src/engines/action/index.ts";
import * as percentile from "../../src/engines/percentile/index.ts";
import * as pi from "../../src/engines/pi/index.ts";
import * as pool from "../../src/engines/pool/index.ts";
import {
  fixedFaces,
  rollWith,
  seededFaces,
  seededUniform,
  throwAll,
  uniformFaces,
  type Throw,
} from "../../src/engines/shared/index.ts";
import * as wild from "../../src/engines/wild/index.ts";

/** Pool throws showing the given faces. */
function d10s(...faces: number[]): Throw[] {
  return faces.map((value) => ({ faces: 10, role: "pool", value }));
}

describe("seeded faces", () => {
  it("keep the mulberry32 sequence (values recorded before the state became a signed integer)", () => {
    const u = seededUniform(42);
    expect([u(), u(), u(), u()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693,
    ]);
    const f = seededFaces(20240601);
    expect(Array.from({ length: 12 }, () => f.next(10))).toEqual([4, 1, 7, 3, 5, 3, 9, 1, 10, 9, 7, 4]);
    const g = seededFaces(-7);
    expect([6, 20, 3, 100, 2, 12].map((x) => g.next(x))).toEqual([3, 7, 2, 49, 1, 1]);
  });

  it("give exactly the faces of uniformFaces(seededUniform(seed)) for any die size", () => {
    for (const seed of [0, 1, -1, 2 ** 31, 2 ** 32 + 7, 20240601]) {
      const a = seededFaces(seed);
      const b = uniformFaces(seededUniform(seed));
      for (let i = 0; i < 5000; i++) {
        const faces = [2, 3, 6, 10, 20, 100, 10000][i % 7] as number;
        expect(a.next(faces)).toBe(b.next(faces));
      }
    }
  });
});

describe("engine objects", () => {
  it("are frozen and list the same keys in the same order", () => {
    const engines = [percentile.engine, action.engine, wild.engine, pi.engine, pool.engine];
    for (const engine of engines) {
      expect(Object.isFrozen(engine)).toBe(true);
      expect(Object.keys(engine)).toEqual(["id", "validate", "plan", "resolve", "odds"]);
    }
  });
});

describe("reused working buffers", () => {
  it("pool: a roll without cancellations after one with them pairs nothing, and earlier outcomes stay as they were", () => {
    const req = pool.validate({ pool: 4, difficulty: 6, cancellation: 1 });
    const first = pool.resolve(req, d10s(1, 8, 1, 9));
    const snapshot = JSON.stringify(first);
    const second = pool.resolve(req, d10s(2, 3, 4, 5));
    expect(second.dice.map((d) => d.pairedWith)).toEqual([null, null, null, null]);
    expect(second.dice.map((d) => d.marks)).toEqual([[], [], [], []]);
    const third = pool.resolve(pool.validate({ pool: 2, difficulty: 6, cancellation: 1 }), d10s(1, 1));
    expect(third.dice.map((d) => d.marks)).toEqual([["one", "ignored"], ["one"]]);
    expect(JSON.stringify(first)).toBe(snapshot);
    expect(first.dice.map((d) => d.pairedWith)).toEqual([1, 0, 3, 2]);
  });

  it("pool: plan and resolve accept an incomplete request as validate would complete it", () => {
    expect(pool.resolve({ pool: 2 }, d10s(6, 1))).toEqual(pool.resolve(pool.validate({ pool: 2 }), d10s(6, 1)));
    expect(() => pool.resolve({ pool: 0 }, [])).toThrow(/PoolTooSmall/);
    expect(() => pool.plan({ pool: 2, difficulty: 11 }, [])).toThrow(/DifficultyRange/);
  });

  it("wild: a short roll after a long one reads only its own throws", () => {
    const long = rollWith(
      wild.engine,
      { dice: 6, characterPoints: 5 },
      fixedFaces([...Array<number>(11).fill(6), ...Array<number>(200).fill(2)]),
    );
    const short = wild.resolve(
      wild.validate({ dice: 1 }),
      throwAll(wild.engine, wild.validate({ dice: 1 }), fixedFaces([4])),
    );
    expect(long.total).toBeGreaterThan(60);
    expect(short.dice).toEqual([
      { index: 0, faces: 6, value: 4, role: "wild", marks: [], contribution: 4, group: 1, stage: "first" },
    ]);
    expect(short.labels).toEqual([]);
    expect(short.total).toBe(4);
  });

  it("wild: outcomes share no mutable object (the die code text is a string, the shape is per roll)", () => {
    const req = wild.validate({ dice: 3, pips: 2 });
    const a = wild.resolve(req, throwAll(wild.engine, req, fixedFaces([2, 3, 4])));
    const b = wild.resolve(req, throwAll(wild.engine, req, fixedFaces([2, 3, 4])));
    expect(a.code).toBe("3D+2");
    expect(a).toEqual(b);
    expect(a.shape).not.toBe(b.shape);
    expect(a.dice).not.toBe(b.dice);
  });

  it("action: walk still reports the parts as objects after a resolve reused the record", () => {
    const req = action.validate({ augments: [4, 6], rerolls: [{ target: "d20", after: 1 }] });
    const thrown = throwAll(action.engine, req, fixedFaces([1, 4, 2, 17, 3]));
    action.resolve(req, thrown);
    expect(action.walk(req, thrown).segments).toEqual([
      { type: "d20", index: 0, start: 0, end: 1 },
      { type: "augment", index: 0, start: 1, end: 3 },
      { type: "reroll", index: 0, start: 3, end: 4 },
      { type: "augment", index: 1, start: 4, end: 5 },
    ]);
    const out = action.resolve(req, thrown);
    expect(out.natural).toBe(17);
    expect(out.replaced).toEqual([1]);
    expect(out.augments.map((a) => a.throws)).toEqual([[4, 2], [3]]);
  });

  it("pi: plan's die specs are shared and frozen, so no caller can change them", () => {
    const req = pi.validate({ pool: [8, 6, 8] });
    const [a, b, c] = pi.plan(req, []);
    expect(a).toBe(c);
    expect(b).toEqual({ faces: 6, role: "pool" });
    expect(Object.isFrozen(a)).toBe(true);
  });

  it("percentile: plan after a roll with other dice counts asks for this request's dice", () => {
    const many = percentile.validate({ bonus: 3, penalty: 0 });
    const none = percentile.validate({ bonus: 1, penalty: 1 });
    expect(percentile.plan(many, [])).toHaveLength(5);
    expect(percentile.plan(none, [])).toHaveLength(2);
    expect(percentile.diceCounts(many).net).toBe(3);
    expect(percentile.diceCounts(none)).toEqual({
      bonus: 1,
      penalty: 1,
      cancelled: 1,
      net: 0,
      clamped: null,
      voluntaryApplied: 0,
    });
  });
});
