import { describe, it, expect } from "vitest";
import {
  damageDist,
  damageEngine,
  isDamageRequest,
  planDamage,
  resolveDamage,
  validateDamage,
  type PercentileDamageRequest,
} from "../../src/engines/percentile/index.ts";
import { damageRarity } from "../../src/engines/percentile/advice.ts";
import { rarityOfOutcome } from "../../src/engines/advice.ts";
import { EngineError, fixedFaces, seededFaces, throwAll } from "../../src/engines/shared/index.ts";

/** Validates a request, throws the faces given in plan order and resolves. */
function roll(request: PercentileDamageRequest, faces: readonly number[]) {
  const req = validateDamage(request);
  return resolveDamage(req, throwAll(damageEngine, req, fixedFaces(faces)));
}

/** Every combination of faces of the dice, enumerated (the reference the exact law is checked against). */
function enumerate(base: readonly number[]): number[][] {
  return base.reduce<number[][]>((all, faces) => all.flatMap((f) => upTo(faces).map((v) => [...f, v])), [[]]);
}

function upTo(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

describe("percentile weapon damage (docs/rules.md §6: the weapon's damage × the hit's multiplier)", () => {
  it("sums the dice and the number, then multiplies", () => {
    const out = roll({ kind: "damage", base: [6, 4], modifier: 1, multiplier: 2 }, [5, 3]);
    expect(out).toMatchObject({ engine: "percentile", kind: "damage", sum: 8, modifier: 1, base: 9, total: 18 });
    expect(out.dice.map((d) => [d.faces, d.value])).toEqual([
      [6, 5],
      [4, 3],
    ]);
  });

  it("never goes below 0 before the multiplier (1d4 − 3 showing 1 is 0 damage, not −4)", () => {
    expect(roll({ kind: "damage", base: [4], modifier: -3, multiplier: 2 }, [1]).total).toBe(0);
    expect(roll({ kind: "damage", base: [4], modifier: -3, multiplier: 2 }, [4]).total).toBe(2);
  });

  it("fills in a number of 0 and a multiplier of 1", () => {
    expect(validateDamage({ kind: "damage", base: [8] })).toEqual({
      kind: "damage",
      base: [8],
      modifier: 0,
      multiplier: 1,
    });
  });

  it.each<[string, unknown, string]>([
    ["not a damage request", { base: [6] }, "BadRequest"],
    ["no dice", { kind: "damage", base: [] }, "OutOfRange"],
    ["21 dice", { kind: "damage", base: Array(21).fill(6) }, "OutOfRange"],
    ["a d1", { kind: "damage", base: [1] }, "OutOfRange"],
    ["a d6.5", { kind: "damage", base: [6.5] }, "NotInteger"],
    ["a number past 999", { kind: "damage", base: [6], modifier: 1000 }, "OutOfRange"],
    ["a multiplier of 0", { kind: "damage", base: [6], multiplier: 0 }, "OutOfRange"],
    ["a multiplier of 100", { kind: "damage", base: [6], multiplier: 100 }, "OutOfRange"],
  ])("refuses %s", (_, request, key) => {
    expect(() => validateDamage(request as PercentileDamageRequest)).toThrow(EngineError);
    expect(() => validateDamage(request as PercentileDamageRequest)).toThrow(
      expect.objectContaining({ key: `ROLLING_BONES.Error.${key}` }),
    );
  });

  it("plans every die at once and refuses throws that do not match", () => {
    const req = validateDamage({ kind: "damage", base: [6, 4] });
    expect(planDamage(req, [])).toEqual([
      { faces: 6, role: "damage" },
      { faces: 4, role: "damage" },
    ]);
    expect(planDamage(req, [{ faces: 6, role: "damage", value: 2 }])).toEqual([{ faces: 4, role: "damage" }]);
    expect(() => planDamage(req, [{ faces: 8, role: "damage", value: 2 }])).toThrow(RangeError);
    expect(() => resolveDamage(req, [{ faces: 6, role: "damage", value: 2 }])).toThrow(RangeError);
  });

  it("tells its request from a d% roll's", () => {
    expect(isDamageRequest({ kind: "damage", base: [6] })).toBe(true);
    expect(isDamageRequest({ bonus: 0, penalty: 0 })).toBe(false);
    expect(isDamageRequest(null)).toBe(false);
  });

  it.each<PercentileDamageRequest>([
    { kind: "damage", base: [6], modifier: 1, multiplier: 2 },
    { kind: "damage", base: [4, 4], modifier: -3, multiplier: 3 },
    { kind: "damage", base: [10, 6, 4], modifier: 0, multiplier: 1 },
  ])("has the exact law of every face combination (%o)", (request) => {
    const req = validateDamage(request);
    const combos = enumerate(req.base);
    const counts = new Map<number, number>();
    for (const faces of combos) {
      const total = roll(req, faces).total;
      counts.set(total, (counts.get(total) ?? 0) + 1);
    }
    const law = damageDist(req);
    for (const [total, n] of counts) expect(law.at(total)).toBeCloseTo(n / combos.length, 12);
    expect(law.mass()).toBeCloseTo(1, 12);
  });

  it("says how rare a damage total was, from the exact law", () => {
    const req = validateDamage({ kind: "damage", base: [6], modifier: 1, multiplier: 2 });
    // 1d6+1 ×2 is 4, 6, …, 14, each 1/6: 14 is the top (1/6 this good), 4 the bottom.
    const top = damageRarity(req, 14);
    const bottom = damageRarity(req, 4);
    expect([top.atLeastAsGood, top.atLeastAsBad, bottom.atLeastAsGood, bottom.atLeastAsBad]).toEqual(
      [1 / 6, 1, 1, 1 / 6].map((p): unknown => expect.closeTo(p, 12)),
    );
    const out = roll(req, [6]);
    expect(rarityOfOutcome("percentile", req, out)).toMatchObject({ atLeastAsGood: 1 / 6 });
  });

  it("replays a seeded throw exactly", () => {
    const req = validateDamage({ kind: "damage", base: [8, 8], modifier: 2, multiplier: 2 });
    const a = resolveDamage(req, throwAll(damageEngine, req, seededFaces(35)));
    const b = resolveDamage(req, throwAll(damageEngine, req, seededFaces(35)));
    expect(a).toEqual(b);
    expect(a.total).toBe((a.dice[0]!.value + a.dice[1]!.value + 2) * 2);
  });
});
