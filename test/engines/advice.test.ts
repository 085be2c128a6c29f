/**
 * The odds advice (issue 26) against brute force: every chance in a "what each choice buys" table,
 * every step of an open action card's advisor, every pick verdict, every rarity and every dial figure
 * equals the chance found by throwing every face through the engine's own `plan` and `resolve`
 * (test/engines/enumerate.ts), over requests drawn by seeded property tests.
 */
import { DIAL_TIE } from "../../src/engines/shared/advice.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  actionAdvice,
  oneIn,
  partyChance,
  percentileAdvice,
  piAdvice,
  poolAdvice,
  rarityOf,
  solveDial,
  wildAdvice,
  type ChoiceTable,
} from "../../src/engines/advice.ts";
import { action, percentile, pi, pool, shared, wild } from "../../src/engines/index.ts";
import { atLeast, atMost, enumerate, lawOf, meanOf } from "./enumerate.ts";

/** The reference sums up to 10^5 chances one by one: equal to the roundings of such a sum. */
const CLOSE = 1e-11;

function near(actual: number | null, expected: number, tolerance = CLOSE, label = ""): void {
  expect(actual, label).not.toBeNull();
  expect(Math.abs((actual as number) - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

/** The row of a table for a form value. */
function row(tables: readonly ChoiceTable[], resource: string, value: string) {
  const table = tables.find((t) => t.resource === resource);
  const found = table?.rows.find((r) => r.value === value);
  if (!found) throw new Error(`no row ${resource}=${value}`);
  return found;
}

describe("pool advice", () => {
  const success = (req: pool.PoolRequest) =>
    lawOf(pool.engine, pool.validate(req), (o) => (o.result === "success" ? 1 : o.result === "botch" ? -1 : 0)).law;

  it("prices Willpower and the automatic success as brute force does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2, max: 10 }),
        fc.constantFrom(0, 1, 2),
        fc.boolean(),
        (size, difficulty, cancellation, willpower) => {
          const req = pool.validate({ pool: size, difficulty, cancellation: cancellation, willpower });
          const tables = poolAdvice.choices(req, { willpower: null });
          for (const wp of [false, true]) {
            const law = success({ ...req, willpower: wp });
            const r = row(tables, "willpower", String(wp));
            expect(r.chosen).toBe(wp === willpower);
            near(r.verdict.chance, law.get(1) ?? 0);
            near(r.verdict.risk, law.get(-1) ?? 0);
            near(r.verdict.mean, meanOf(lawOf(pool.engine, { ...req, willpower: wp }, (o) => o.net).law));
          }
          const automatic = tables.find((t) => t.resource === "automatic");
          expect(automatic === undefined).toBe(size < difficulty);
          if (automatic) near(row(tables, "automatic", "true").verdict.chance, 1);
        },
      ),
      { numRuns: 60, seed: 2601 },
    );
  });

  it("offers Willpower only when it can be spent, and keeps the other choice off", () => {
    const tables = poolAdvice.choices({ pool: 6, difficulty: 6 }, { willpower: false });
    expect(tables.map((t) => t.resource)).toEqual(["automatic"]);
    expect(row(tables, "automatic", "false").chosen).toBe(true);
  });

  it("says how rare each result is, botches worse than failures", () => {
    const req = pool.validate({ pool: 3, difficulty: 7, cancellation: 1 });
    const { law } = lawOf(pool.engine, req, (o) => poolAdvice.resultScore(o));
    // The score brute force reads is checked against its meaning too.
    enumerate(pool.engine, req, (o) => {
      const score = poolAdvice.resultScore(o);
      if (o.result === "botch") expect(score).toBeLessThan(0);
      else if (o.result === "failure") expect(score).toBe(0);
      else expect(score).toBe(o.net);
      const r = poolAdvice.rarity(req, o);
      near(r.atLeastAsGood, atLeast(law, score));
      near(r.atLeastAsBad, atMost(law, score));
    });
  });

  it("gives the dial's chance at every difficulty", () => {
    for (const difficulty of poolAdvice.DIAL_TARGETS) {
      const law = success({ pool: 4, difficulty, cancellation: 0 });
      near(poolAdvice.chanceAt({ pool: 4, willpower: true }, difficulty), law.get(1) ?? 0);
    }
  });
});

describe("percentile advice", () => {
  const successLaw = (req: percentile.PercentileRequest) =>
    lawOf(percentile.engine, percentile.validate(req), (o) => (o.success === true ? 1 : 0)).law;

  it("prices karma dice, bonus and penalty dice and a called shot's penalty dice as brute force does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: -3, max: 12 }),
        fc.constantFrom(1, 2),
        (bonus, penalty, karma, column, cap) => {
          const req = percentile.validate({ bonus, penalty, column, cap, karmaDice: 0 });
          const tables = percentileAdvice.choices(req, { karma, calledShot: true, mode: "dice" });
          const karmaTable = tables.find((t) => t.resource === "karmaDice") as ChoiceTable;
          expect(karmaTable.rows.map((r) => r.amount)).toEqual(
            Array.from({ length: Math.min(3, Math.floor(karma / 2)) + 1 }, (_, i) => i),
          );
          for (const r of karmaTable.rows)
            near(r.verdict.chance, successLaw({ ...req, karmaDice: r.amount }).get(1) ?? 0);
          for (const r of tables.find((t) => t.resource === "bonus")?.rows ?? []) {
            near(r.verdict.chance, successLaw({ ...req, bonus: r.amount }).get(1) ?? 0);
          }
          for (const r of tables.find((t) => t.resource === "voluntaryPenalty")?.rows ?? []) {
            near(r.verdict.chance, successLaw({ ...req, voluntaryPenalty: r.amount }).get(1) ?? 0);
          }
          expect(row(tables, "penalty", String(penalty)).chosen).toBe(true);
        },
      ),
      { numRuns: 15, seed: 2602 },
    );
  });

  it("reads a column shift as dice, and keeps an assist's dice in every row", () => {
    // The form holds a shift of −1; an assist adds one bonus die to the request.
    const req = percentile.validate({ bonus: 1, penalty: 1, column: 8, cap: 2 });
    const tables = percentileAdvice.choices(req, {
      karma: null,
      calledShot: false,
      mode: "shift",
      entered: { bonus: 0, penalty: 1 },
    });
    const shift = tables.find((t) => t.resource === "shift") as ChoiceTable;
    expect(shift.rows.find((r) => r.chosen)?.amount).toBe(-1);
    for (const r of shift.rows) {
      const law = successLaw({ ...req, bonus: Math.max(0, r.amount) + 1, penalty: Math.max(0, -r.amount) });
      near(r.verdict.chance, law.get(1) ?? 0);
    }
  });

  it("gives the expected value without a rating", () => {
    const req = percentile.validate({ bonus: 1, penalty: 0 });
    const r = row(percentileAdvice.choices(req, { karma: 4, calledShot: false, mode: "dice" }), "karmaDice", "2");
    expect(r.verdict.chance).toBeNull();
    near(r.verdict.mean, meanOf(lawOf(percentile.engine, { ...req, karmaDice: 2 }, (o) => o.value).law));
  });

  it("says how rare every value is", () => {
    const req = percentile.validate({ bonus: 0, penalty: 2, column: 5 });
    const { law } = lawOf(percentile.engine, req, (o) => o.value);
    for (const value of [1, 9, 10, 37, 90, 99, 100]) {
      const r = percentileAdvice.rarity(req, value);
      near(r.atLeastAsGood, atLeast(law, value));
      near(r.atLeastAsBad, atMost(law, value));
    }
  });

  it("gives the dial's chance for every net of dice", () => {
    const targets = percentileAdvice.dialTargets(3);
    expect(targets).toEqual([3, 2, 1, 0, -1, -2, -3]);
    for (const net of targets) {
      const law = successLaw({ bonus: Math.max(0, net), penalty: Math.max(0, -net), column: 6, cap: 3 });
      near(percentileAdvice.chanceAt({ bonus: 0, penalty: 0, column: 6, cap: 3 }, net), law.get(1) ?? 0);
    }
  });
});

describe("wild advice", () => {
  // Chains are cut below 1e-11; what is cut bounds the error.
  const CUT = 1e-11;
  const law = (req: wild.WildRequest) => lawOf(wild.engine, wild.validate(req), (o) => o.total, { cut: CUT });

  it("prices Character Points and a Fate Point as brute force does", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: -1, max: 2 }),
        fc.integer({ min: 2, max: 16 }),
        (dice, pips, target) => {
          const req = wild.validate({ dice, pips, target });
          const tables = wildAdvice.choices(req, { characterPoints: 1, fatePoints: 1 });
          for (const r of (tables.find((t) => t.resource === "characterPoints") as ChoiceTable).rows) {
            const { law: l, lost } = law({ ...req, characterPoints: r.amount });
            near(r.verdict.chance, atLeast(l, target), 10 * lost + CLOSE);
          }
          const { law: fate, lost } = law({ ...req, fatePoint: true });
          near(row(tables, "fatePoint", "true").verdict.chance, atLeast(fate, target), 10 * lost + CLOSE);
        },
      ),
      { numRuns: 8, seed: 2603 },
    );
  });

  it("offers what is left: no Fate Point once it is spent", () => {
    const tables = wildAdvice.choices({ dice: 3, characterPoints: 1 }, { characterPoints: 3, fatePoints: 0 });
    expect(tables.map((t) => t.resource)).toEqual(["characterPoints"]);
    expect(tables[0]?.rows.map((r) => [r.amount, r.chosen])).toEqual([
      [0, false],
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it("says how rare a total is, and gives the dial's chance", () => {
    const req = wild.validate({ dice: 2, characterPoints: 1 });
    const { law: l, lost } = law(req);
    for (const total of [-10, 0, 3, 7, 12, 20, 30]) {
      const r = wildAdvice.rarity(req, total);
      near(r.atLeastAsGood, atLeast(l, total), 10 * lost + CLOSE);
      near(r.atLeastAsBad, atMost(l, total), 10 * lost + CLOSE);
    }
    const plain = law({ dice: 2 });
    for (const t of wildAdvice.dialTargets([{ dice: 2 }]).filter((t) => t % 3 === 0)) {
      near(wildAdvice.chanceAt({ dice: 2 }, t), atLeast(plain.law, t), 10 * plain.lost + CLOSE);
    }
  });
});

describe("Precision & Impact advice", () => {
  /** Whether some pick of the thrown faces meets the goal: every pair tried, written from the rules. */
  function meets(o: pi.PiOutcome, needP: number | null, needI: number | null): boolean {
    const faces = o.dice.filter((d) => !d.marks.includes("removed")).map((d) => d.value);
    if (faces.length === 1) {
      return (
        o.impactMod > 0 &&
        (needI === null || o.impactMod >= needI) &&
        (needP === null || (faces[0] as number) + o.precisionMod >= needP)
      );
    }
    for (let i = 0; i < faces.length; i++) {
      for (let j = i + 1; j < faces.length; j++) {
        const a = faces[i] as number;
        const b = faces[j] as number;
        if (
          (needP === null || a + b + o.precisionMod >= needP) &&
          (needI === null || Math.abs(a - b) + o.impactMod >= needI)
        )
          return true;
      }
    }
    return false;
  }

  it("prices each hindrance as brute force does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(4, 6, 8), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 2, max: 14 }),
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
        fc.integer({ min: -1, max: 1 }),
        (poolDice, needP, needI, mod) => {
          const req = pi.validate({ pool: poolDice, precisionGoal: needP, impactGoal: needI, precisionMod: mod });
          for (const r of (piAdvice.choices(req)[0] as ChoiceTable).rows) {
            const variant = { ...req, hindrance: r.value as pi.Hindrance };
            let p = 0;
            enumerate(pi.engine, variant, (o, q) => {
              if (meets(o, needP, needI)) p += q;
            });
            near(r.verdict.chance, p);
          }
        },
      ),
      { numRuns: 40, seed: 2604 },
    );
  });

  it("judges every pick on a card against the goal", () => {
    const req = pi.validate({ pool: [8, 6, 6, 4], precisionGoal: 9, impactGoal: 2, impactMod: 1 });
    enumerate(pi.engine, req, (o) => {
      const verdicts = piAdvice.pickVerdicts(o);
      const faces = o.dice.map((d) => d.value);
      const pairs = new Set<string>();
      for (let i = 0; i < faces.length; i++)
        for (let j = i + 1; j < faces.length; j++) {
          const hi = Math.max(faces[i] as number, faces[j] as number);
          const lo = Math.min(faces[i] as number, faces[j] as number);
          pairs.add(`${hi}:${lo}`);
        }
      expect(verdicts.map((v) => `${v.faces[0]}:${v.faces[1]}`).sort()).toEqual([...pairs].sort());
      for (const v of verdicts) {
        expect(v.precision).toBe(v.faces[0] + v.faces[1]);
        expect(v.impact).toBe(v.faces[0] - v.faces[1] + 1);
        expect(v.met).toBe(v.precision >= 9 && v.impact >= 2);
      }
      expect(verdicts.filter((v) => v.inUse)).toHaveLength(1);
      expect(verdicts.some((v) => v.met)).toBe(meets(o, 9, 2));
    });
  });

  it("says how rare the dice were and gives the dial's chance", () => {
    const req = pi.validate({ pool: [10, 6, 4], precisionMod: 2 });
    const { law } = lawOf(pi.engine, req, (o) => o.bestPrecision.precision);
    enumerate(pi.engine, req, (o) => {
      const r = piAdvice.rarity(req, o);
      near(r.atLeastAsGood, atLeast(law, o.bestPrecision.precision));
      near(r.atLeastAsBad, atMost(law, o.bestPrecision.precision));
    });
    for (const t of piAdvice.dialTargets([req])) near(piAdvice.chanceAt(req, t), atLeast(law, t));
  });
});

describe("action advice", () => {
  const successLaw = (req: action.ActionRequest, thrown: readonly shared.Throw[] = [], cut = 1e-13) =>
    lawOf(action.engine, action.validate(req), (o) => (o.success === true ? 1 : 0), { thrown, cut });

  it("prices each number of action dice before the roll as brute force does", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 4, 6),
        fc.integer({ min: -2, max: 5 }),
        fc.integer({ min: 8, max: 30 }),
        (faces, modifier, dc) => {
          const req = action.validate({ modifier, dc });
          const table = actionAdvice.choices(req, faces, 2)[0] as ChoiceTable;
          expect(table.rows.map((r) => r.amount)).toEqual([0, 1, 2]);
          for (const r of table.rows) {
            const { law, lost } = successLaw({ ...req, augments: new Array(r.amount).fill(faces) });
            near(r.verdict.chance, law.get(1) ?? 0, lost + CLOSE);
          }
        },
      ),
      { numRuns: 15, seed: 2605 },
    );
  });

  it("on an open card, prices augmenting with each die held and re-rolling, as continuing the roll does", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 5, max: 32 }), (seed, dc) => {
        const req = action.validate({ modifier: 2, dc, augments: [4] });
        const thrown = shared.throwAll(action.engine, req, shared.seededFaces(seed));
        const outcome = action.resolve(req, thrown);
        const advice = actionAdvice.cardAdvice(outcome, [
          { faces: 4, count: 2 },
          { faces: 8, count: 1 },
          { faces: 12, count: 0 },
        ]);
        expect(advice.steps.map((s) => s.id)).toEqual(["augment-4", "augment-8", "reroll-0"]);
        for (const step of advice.steps) {
          // The step as the card would make it: the same throws, then one more augment or a re-roll.
          const next =
            step.kind === "augment"
              ? { ...req, augments: [...req.augments, step.faces as action.ActionDieSize] }
              : { ...req, rerolls: [{ target: step.die as number, after: req.augments.length }] };
          const { law, lost } = successLaw(next, thrown);
          near(step.chance, law.get(1) ?? 0, lost + CLOSE, step.id);
          const totals = lawOf(action.engine, action.validate(next), (o) => o.total, { thrown, cut: 1e-13 }).law;
          near(step.spread.mean, meanOf(totals), 1e-9, step.id);
          // The spread's quantiles: the smallest totals t with P(new total ≤ t) ≥ 10%, 50% and 90%.
          for (const [q, t] of [
            [0.1, step.spread.low],
            [0.5, step.spread.median],
            [0.9, step.spread.high],
          ] as const) {
            expect(atMost(totals, t), `${step.id} q${q}`).toBeGreaterThanOrEqual(q - 1e-9);
            expect(atMost(totals, t - 1), `${step.id} q${q}`).toBeLessThan(q - 1e-9);
          }
        }
        expect(advice.met).toBe(outcome.total >= dc);
        if (advice.met) expect(advice.best).toBeNull();
        else {
          const top = Math.max(...advice.steps.map((s) => s.chance as number));
          expect(advice.best === null).toBe(top === 0);
          if (advice.best !== null) expect(advice.steps.find((s) => s.id === advice.best)?.chance).toBe(top);
        }
      }),
      { numRuns: 30, seed: 2606 },
    );
  });

  it("re-rolls the lowest die of each size of a damage roll", () => {
    const req = action.validate({ kind: "damage", base: [6, 6, 8] });
    const outcome = action.resolve(req, [
      { faces: 6, role: "die", value: 5 },
      { faces: 6, role: "die", value: 2 },
      { faces: 8, role: "die", value: 3 },
    ]);
    const advice = actionAdvice.cardAdvice(outcome, [{ faces: 6, count: 1 }]);
    expect(advice.steps.map((s) => [s.id, s.showing])).toEqual([
      ["augment-6", null],
      ["reroll-1", 2],
      ["reroll-2", 3],
    ]);
    expect(advice.steps.every((s) => s.chance === null)).toBe(true);
  });

  it("with the DC hidden, gives no chance and marks no step, the same for every DC the GM may hold", () => {
    const thrown = [{ faces: 20, role: "d20", value: 9 }];
    const hidden = actionAdvice.cardAdvice(action.resolve(action.validate({ modifier: 3 }), thrown), [
      { faces: 6, count: 3 },
    ]);
    expect(hidden.dc).toBeNull();
    expect(hidden.best).toBeNull();
    expect(hidden.steps.every((s) => s.chance === null)).toBe(true);
    // The advice has nothing the DC could change: it is computed from a card that does not carry it.
    expect(JSON.stringify(hidden)).not.toMatch(/"chance":\d/);
  });

  it("says how rare the roll's own dice were, as first thrown", () => {
    const req = action.validate({ kind: "damage", base: [6, 6] });
    const { law } = lawOf(action.engine, req, (o) => o.total);
    for (const [a, b] of [
      [1, 1],
      [3, 4],
      [6, 5],
    ] as const) {
      const o = action.resolve(req, [
        { faces: 6, role: "die", value: a },
        { faces: 6, role: "die", value: b },
      ]);
      const r = actionAdvice.rarity(o);
      near(r.atLeastAsGood, atLeast(law, a + b));
      near(r.atLeastAsBad, atMost(law, a + b));
    }
  });

  it("gives the dial's chance at every DC", () => {
    const req = action.validate({ modifier: 4 });
    const targets = actionAdvice.dialTargets([req, action.validate({ modifier: 1 })]);
    // One past the best total (20 + 4), where the chance is 0.
    expect(targets.at(-1)).toBe(25);
    for (const dc of targets) near(actionAdvice.chanceAt(req, dc), successLaw({ ...req, dc }).law.get(1) ?? 0);
  });
});

describe("shared advice", () => {
  it("gives a party's chances as the sum over every pattern of success", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (chances) => {
        let one = 0;
        let all = 0;
        for (let mask = 0; mask < 2 ** chances.length; mask++) {
          let p = 1;
          chances.forEach((c, i) => (p *= mask & (1 << i) ? c : 1 - c));
          if (mask !== 0) one += p;
          if (mask === 2 ** chances.length - 1) all += p;
        }
        const party = partyChance(chances);
        near(party.atLeastOne, one, 1e-12);
        near(party.all, all, 1e-12);
      }),
      { seed: 2607 },
    );
  });

  it("solves for the hardest target still giving the chance, as a scan does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom<"atLeastOne" | "all" | 0>("atLeastOne", "all", 0),
        (raw, wanted, who) => {
          // Chances that never rise with the target: each character's sorted, highest first.
          const width = Math.min(...raw.map((r) => r.length));
          const columns = Array.from({ length: width }, (_, c) => raw.map((r) => r[c] as number).sort((a, b) => b - a));
          const targets = raw.map((_, i) => 10 + i);
          const at = (t: number) => columns.map((col) => col[t - 10] as number);
          const score = (t: number) =>
            who === "atLeastOne"
              ? partyChance(at(t)).atLeastOne
              : who === "all"
                ? partyChance(at(t)).all
                : (at(t)[0] as number);
          const solved = solveDial(targets, at, who, wanted);
          const ok = targets.filter((t) => score(t) >= wanted - DIAL_TIE);
          expect(solved.target).toBe(ok.length === 0 ? null : Math.max(...ok));
          if (solved.target !== null) expect(solved.chance).toBe(score(solved.target));
        },
      ),
      { seed: 2608 },
    );
  });

  it("labels only rare results, with 1 in N", () => {
    expect(rarityOf(0.3, 0.75).rare).toBeNull();
    expect(rarityOf(0.025, 0.98)).toMatchObject({ rare: "good", oneIn: 40 });
    expect(rarityOf(0.999, 0.004)).toMatchObject({ rare: "bad", oneIn: 250 });
    expect(oneIn(1 / 1337)).toBe(1300);
    // A d20's 20: 1 in 20, percentile 97.5%.
    const r = rarityOf(0.05, 1);
    expect(r.oneIn).toBe(20);
    near(r.percentile, 0.975);
  });
});
