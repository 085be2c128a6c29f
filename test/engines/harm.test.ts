import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_WOUND_RULES,
  HEALTH_LEVELS,
  MAX_AMOUNT,
  MULTIPLIERS,
  applyHarm,
  fullHealAmount,
  hasExpired,
  healthLevel,
  levelsLost,
  readAmount,
  readDuration,
  readHealth,
  remaining,
  scaledAmount,
  stepAdjustments,
  undoHarm,
  woundOf,
  type HarmContext,
  type HarmState,
  type Multiplier,
  type WoundRules,
} from "../../src/engines/harm/index.ts";
import { EngineError, type EngineId } from "../../src/engines/shared/index.ts";

const ENGINES: readonly EngineId[] = ["percentile", "action", "wild", "pi", "pool"];
const THRESHOLDS: WoundRules = DEFAULT_WOUND_RULES;
const LEVELS: WoundRules = { penalties: true, healthLevels: true };
const OFF: WoundRules = { penalties: false, healthLevels: false };

/** Expects `fn` to throw an EngineError with the given key suffix. */
function expectEngineError(fn: () => unknown, code: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(EngineError);
  expect((caught as EngineError).key).toBe(`ROLLING_BONES.Error.${code}`);
}

function state(value: number, max: number, defeated = false, defeatedByHand = false): HarmState {
  return { health: { value, max }, defeated, defeatedByHand };
}

const ctx = (engine: EngineId = "action", rules: WoundRules = THRESHOLDS): HarmContext => ({ engine, rules });

describe("amounts and multipliers", () => {
  it("×½ rounds down, ×1 keeps, ×2 doubles, heal heals the amount", () => {
    expect([7, 8, 1, 0].map((a) => scaledAmount(a, "half"))).toEqual([3, 4, 0, 0]);
    expect(scaledAmount(7, "full")).toBe(7);
    expect(scaledAmount(7, "double")).toBe(14);
    expect(scaledAmount(7, "heal")).toBe(7);
  });

  it("refuses every amount that is not a whole number from 0 to the limit, naming the limit", () => {
    for (const bad of [Number.NaN, -1, 1.5, "5", MAX_AMOUNT + 1, Infinity, -Infinity, null, undefined, {}, [3], true]) {
      expectEngineError(() => readAmount(bad), "HarmAmount");
    }
    expect(readAmount(0)).toBe(0);
    expect(readAmount(MAX_AMOUNT)).toBe(MAX_AMOUNT);
    try {
      readAmount("<b>9</b>");
    } catch (error) {
      expect((error as EngineError).data).toEqual({ value: "<b>9</b>", max: MAX_AMOUNT });
    }
  });

  it("refuses a multiplier that is not one of the four, inherited names included", () => {
    for (const bad of ["triple", "constructor", "__proto__", "toString", "", 2, null, undefined]) {
      expectEngineError(() => applyHarm(state(10, 10), { amount: 3, multiplier: bad }, ctx()), "HarmMultiplier");
    }
  });

  it("refuses a stored health that does not read, and applies nothing", () => {
    for (const health of [
      { value: 11, max: 10 },
      { value: -1, max: 10 },
      { value: 5, max: 0 },
      { value: 2.5, max: 10 },
      { value: "5", max: 10 },
      null,
    ]) {
      expectEngineError(
        () =>
          applyHarm(
            { health: health as never, defeated: false, defeatedByHand: false },
            { amount: 1, multiplier: "full" },
            ctx(),
          ),
        "HealthInvalid",
      );
    }
  });
});

describe("applying damage and healing", () => {
  it("damage lowers health, never below 0; healing raises it, never above the maximum", () => {
    expect(applyHarm(state(10, 10), { amount: 7, multiplier: "half" }, ctx())).toMatchObject({
      amount: 3,
      before: 10,
      after: 7,
    });
    expect(applyHarm(state(10, 10), { amount: 7, multiplier: "full" }, ctx())).toMatchObject({ amount: 7, after: 3 });
    expect(applyHarm(state(10, 10), { amount: 7, multiplier: "double" }, ctx())).toMatchObject({
      amount: 14,
      after: 0,
    });
    expect(applyHarm(state(4, 10), { amount: 9, multiplier: "heal" }, ctx())).toMatchObject({ amount: 9, after: 10 });
  });

  it("matches the rule for every health up to 24, every amount and every multiplier", () => {
    for (let max = 1; max <= 24; max++) {
      for (let value = 0; value <= max; value++) {
        for (let amount = 0; amount <= 2 * max + 2; amount++) {
          for (const multiplier of MULTIPLIERS) {
            const r = applyHarm(state(value, max), { amount, multiplier }, ctx());
            const scaled =
              multiplier === "half" ? Math.floor(amount / 2) : multiplier === "double" ? 2 * amount : amount;
            const expected = multiplier === "heal" ? Math.min(max, value + scaled) : Math.max(0, value - scaled);
            expect(r.after).toBe(expected);
            expect(r.defeated).toBe(expected === 0);
          }
        }
      }
    }
  });
});

describe("wounds", () => {
  it("thresholds: Wounded at half or less, Badly wounded at a quarter or less (rounded down)", () => {
    const at = (value: number, max: number) => woundOf("pool", { value, max }, THRESHOLDS)?.id ?? null;
    expect([10, 6, 5, 3, 2, 0].map((v) => at(v, 10))).toEqual([
      null,
      null,
      "wounded",
      "wounded",
      "badly-wounded",
      "badly-wounded",
    ]);
    // Maximum 7: half is 3, a quarter 1.
    expect([7, 4, 3, 2, 1, 0].map((v) => at(v, 7))).toEqual([
      null,
      null,
      "wounded",
      "wounded",
      "badly-wounded",
      "badly-wounded",
    ]);
    // Maximum 1: only 0 is wounded (badly).
    expect([1, 0].map((v) => at(v, 1))).toEqual([null, "badly-wounded"]);
  });

  it("matches the thresholds for every health up to 60", () => {
    for (let max = 1; max <= 60; max++) {
      for (let value = 0; value <= max; value++) {
        const w = woundOf("action", { value, max }, THRESHOLDS);
        if (4 * value <= max - (max % 4)) expect(w?.id).toBe("badly-wounded");
        else if (2 * value <= max - (max % 2)) expect(w?.id).toBe("wounded");
        else expect(w).toBeNull();
      }
    }
  });

  it("a step is one penalty die, −2 on the d20, −1D, a hindrance, −1 die; two steps twice (two hindrances make a major one)", () => {
    expect(ENGINES.map((e) => stepAdjustments(e, 1))).toEqual([
      [{ target: "penalty", value: 1 }],
      [{ target: "modifier", value: -2 }],
      [{ target: "dice", value: -1 }],
      [{ target: "hindrance", value: "minor" }],
      [{ target: "pool", value: -1 }],
    ]);
    expect(ENGINES.map((e) => stepAdjustments(e, 2))).toEqual([
      [{ target: "penalty", value: 2 }],
      [{ target: "modifier", value: -4 }],
      [{ target: "dice", value: -2 }],
      [{ target: "hindrance", value: "major" }],
      [{ target: "pool", value: -2 }],
    ]);
    expect(stepAdjustments("wild", 0)).toEqual([]);
  });

  it("Wounded is one step and Badly wounded two, of the actor's engine", () => {
    expect(woundOf("wild", { value: 5, max: 10 }, THRESHOLDS)).toEqual({
      id: "wounded",
      steps: 1,
      adjustments: [{ target: "dice", value: -1 }],
    });
    expect(woundOf("percentile", { value: 1, max: 10 }, THRESHOLDS)).toEqual({
      id: "badly-wounded",
      steps: 2,
      adjustments: [{ target: "penalty", value: 2 }],
    });
  });

  it("with wound penalties off no wound is carried, whatever the health", () => {
    for (const engine of ENGINES) expect(woundOf(engine, { value: 0, max: 10 }, OFF)).toBeNull();
    expect(woundOf("pool", { value: 1, max: 7 }, { penalties: false, healthLevels: true })).toBeNull();
  });

  it("the seven health levels at maximum 7: each point lost is one level with its dice penalty", () => {
    const rows = [7, 6, 5, 4, 3, 2, 1, 0].map((value) => {
      const w = woundOf("pool", { value, max: 7 }, LEVELS);
      return [value, w?.id ?? null, w?.adjustments ?? []];
    });
    expect(rows).toEqual([
      [7, null, []],
      [6, "level-bruised", []],
      [5, "level-hurt", [{ target: "pool", value: -1 }]],
      [4, "level-injured", [{ target: "pool", value: -1 }]],
      [3, "level-wounded", [{ target: "pool", value: -2 }]],
      [2, "level-mauled", [{ target: "pool", value: -2 }]],
      [1, "level-crippled", [{ target: "pool", value: -5 }]],
      [0, "level-incapacitated", []],
    ]);
    expect(HEALTH_LEVELS.map((l) => l.id)).toEqual([
      "bruised",
      "hurt",
      "injured",
      "wounded",
      "mauled",
      "crippled",
      "incapacitated",
    ]);
  });

  it("levels read in proportion at another maximum; only 0 is incapacitated; full health loses none", () => {
    for (let max = 1; max <= 50; max++) {
      expect(levelsLost({ value: max, max })).toBe(0);
      expect(healthLevel({ value: max, max })).toBeNull();
      expect(healthLevel({ value: 0, max })?.id).toBe("incapacitated");
      let previous = 0;
      for (let value = max - 1; value >= 1; value--) {
        const lost = levelsLost({ value, max });
        expect(lost).toBe(Math.floor(((max - value) * 7) / max));
        expect(lost).toBeLessThanOrEqual(6);
        expect(lost).toBeGreaterThanOrEqual(previous);
        previous = lost;
      }
    }
  });

  it("the levels are the dice pool's only: every other engine keeps the thresholds", () => {
    for (const engine of ENGINES.filter((e) => e !== "pool")) {
      expect(woundOf(engine, { value: 3, max: 7 }, LEVELS)?.id).toBe("wounded");
    }
  });
});

describe("defeat", () => {
  it("at 0 the actor is defeated; healing above 0 lifts the mark", () => {
    const down = applyHarm(state(3, 10), { amount: 5, multiplier: "full" }, ctx());
    expect(down).toMatchObject({ after: 0, defeated: true, defeat: "add" });
    const up = applyHarm(state(0, 10, true), { amount: 1, multiplier: "heal" }, ctx());
    expect(up).toMatchObject({ after: 1, defeated: false, defeat: "remove" });
  });

  it("a mark the GM put on by hand stays through healing", () => {
    const r = applyHarm(state(0, 10, true, true), { amount: 10, multiplier: "heal" }, ctx());
    expect(r).toMatchObject({ after: 10, defeated: true, defeat: null });
  });

  it("nothing changes the mark while the actor stays above 0 or stays at 0", () => {
    expect(applyHarm(state(5, 10), { amount: 1, multiplier: "full" }, ctx()).defeat).toBeNull();
    expect(applyHarm(state(0, 10, true), { amount: 4, multiplier: "full" }, ctx()).defeat).toBeNull();
    // Healing 0 leaves a defeated actor at 0, still defeated.
    expect(applyHarm(state(0, 10, true), { amount: 0, multiplier: "heal" }, ctx())).toMatchObject({
      after: 0,
      defeated: true,
      defeat: null,
    });
  });
});

describe("undo", () => {
  it("restores exactly the value before and takes off what the application added", () => {
    const before = state(6, 10);
    const hit = applyHarm(before, { amount: 6, multiplier: "full" }, ctx("pi"));
    expect(hit).toMatchObject({ after: 0, defeat: "add", wound: { id: "badly-wounded" } });
    const undone = undoHarm(state(0, 10, true), hit, ctx("pi"));
    expect(undone).toMatchObject({ before: 0, after: 6, defeated: false, defeat: "remove", wound: null });
  });

  it("undoing a heal that lifted the mark puts it back", () => {
    const heal = applyHarm(state(0, 10, true), { amount: 4, multiplier: "heal" }, ctx());
    expect(undoHarm(state(4, 10), heal, ctx())).toMatchObject({ after: 0, defeated: true, defeat: "add" });
  });

  it("keeps a change made since: only the application's own change is taken back", () => {
    const hit = applyHarm(state(10, 10), { amount: 4, multiplier: "full" }, ctx());
    // Healed by 1 since: 7.
    expect(undoHarm(state(7, 10), hit, ctx()).after).toBe(10);
    // Hit for 2 more since: 4; undoing the first hit gives 8.
    expect(undoHarm(state(4, 10), hit, ctx()).after).toBe(8);
  });

  it("for any health, amount and multiplier, apply then undo returns to the state before", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.nat(),
        fc.integer({ min: 0, max: MAX_AMOUNT }),
        fc.constantFrom(...MULTIPLIERS),
        fc.constantFrom(...ENGINES),
        fc.boolean(),
        fc.boolean(),
        (max, v, amount, multiplier: Multiplier, engine, levels, byHand) => {
          const value = v % (max + 1);
          const rules = { penalties: true, healthLevels: levels };
          const defeated = value === 0 || byHand;
          const start = state(value, max, defeated, byHand);
          const applied = applyHarm(start, { amount, multiplier }, { engine, rules });
          const after = state(applied.after, max, applied.defeated, byHand);
          const undone = undoHarm(after, applied, { engine, rules });
          expect(undone.after).toBe(value);
          expect(undone.defeated).toBe(defeated);
          expect(undone.wound).toEqual(woundOf(engine, { value, max }, rules));
        },
      ),
    );
  });
});

describe("full healing", () => {
  it("is what the maximum lacks", () => {
    expect(fullHealAmount({ value: 3, max: 10 })).toBe(7);
    expect(fullHealAmount({ value: 10, max: 10 })).toBe(0);
    expectEngineError(() => fullHealAmount({ value: 3, max: 0 }), "HealthInvalid");
    expect(readHealth({ value: 0, max: 1 })).toEqual({ value: 0, max: 1 });
  });
});

describe("durations in rounds and turns", () => {
  const clock = (round: number, turn: number, bearerTurn: number | null = 1, turnsPerRound = 3) => ({
    now: { round, turn },
    turnsPerRound,
    bearerTurn,
  });

  it("one round put on before the bearer's turn ends at the end of the bearer's turn this round", () => {
    const c = { units: "rounds" as const, value: 1, start: { round: 1, turn: 0 } };
    expect(hasExpired(c, clock(1, 1))).toBe(false);
    expect(remaining(c, clock(1, 1))).toBe(1);
    expect(hasExpired(c, clock(1, 2))).toBe(true);
    expect(remaining(c, clock(1, 2))).toBe(0);
  });

  it("put on during or after the bearer's turn, one round lasts to the end of the bearer's next turn", () => {
    for (const startTurn of [1, 2]) {
      const c = { units: "rounds" as const, value: 1, start: { round: 1, turn: startTurn } };
      expect(hasExpired(c, clock(1, 2))).toBe(false);
      expect(hasExpired(c, clock(2, 0))).toBe(false);
      expect(remaining(c, clock(2, 1))).toBe(1);
      expect(hasExpired(c, clock(2, 1))).toBe(false);
      expect(hasExpired(c, clock(2, 2))).toBe(true);
    }
  });

  it("put on during the bearer's own turn, one round shows 1 round left, not 2 (issue 35 point 6)", () => {
    const c = { units: "rounds" as const, value: 1, start: { round: 1, turn: 1 } };
    expect(remaining(c, clock(1, 1))).toBe(1);
    expect(remaining(c, clock(2, 0))).toBe(1);
    expect(remaining(c, clock(2, 1))).toBe(1);
    expect(remaining(c, clock(2, 2))).toBe(0);
  });

  it("N rounds are N of the bearer's turns, counted down once per round", () => {
    const c = { units: "rounds" as const, value: 3, start: { round: 2, turn: 2 } };
    expect(
      [clock(2, 2), clock(3, 0), clock(3, 2), clock(4, 1), clock(5, 1), clock(5, 2)].map((k) => remaining(c, k)),
    ).toEqual([3, 3, 2, 2, 1, 0]);
  });

  it("turns count every combatant's turn, the turn under way first", () => {
    const c = { units: "turns" as const, value: 2, start: { round: 1, turn: 2 } };
    expect(remaining(c, clock(1, 2))).toBe(2);
    expect(remaining(c, clock(2, 0))).toBe(1);
    expect(hasExpired(c, clock(2, 0))).toBe(false);
    expect(hasExpired(c, clock(2, 1))).toBe(true);
  });

  it("put on outside combat, a duration counts from the first turn of the combat", () => {
    expect(remaining({ units: "turns", value: 2, start: null }, clock(1, 0))).toBe(2);
    expect(hasExpired({ units: "turns", value: 2, start: null }, clock(1, 2))).toBe(true);
    expect(remaining({ units: "rounds", value: 1, start: null }, clock(1, 0))).toBe(1);
    expect(hasExpired({ units: "rounds", value: 1, start: null }, clock(1, 2))).toBe(true);
  });

  it("a duration in rounds does not run out in a combat its bearer is not in", () => {
    const c = { units: "rounds" as const, value: 1, start: { round: 1, turn: 0 } };
    expect(hasExpired(c, clock(9, 2, null))).toBe(false);
    expect(remaining(c, clock(9, 2, null))).toBeNull();
  });

  it("matches a turn-by-turn count for every start, bearer, length and round size", () => {
    for (let T = 1; T <= 5; T++) {
      for (let bearer = 0; bearer < T; bearer++) {
        for (let value = 1; value <= 4; value++) {
          for (let r0 = 1; r0 <= 2; r0++) {
            for (let t0 = 0; t0 < T; t0++) {
              const rounds = { units: "rounds" as const, value, start: { round: r0, turn: t0 } };
              const turns = { units: "turns" as const, value, start: { round: r0, turn: t0 } };
              let bearerEnds = 0;
              let turnEnds = 0;
              // Just put on, all of it is left.
              expect(remaining(rounds, clock(r0, t0, bearer, T))).toBe(value);
              expect(remaining(turns, clock(r0, t0, bearer, T))).toBe(value);
              // Walk the combat turn by turn: when turn (r, t) ends, count it.
              for (let step = r0 * T + t0; step < (r0 + value + 2) * T; step++) {
                const r = Math.floor(step / T);
                const t = step % T;
                const ended = { r, t };
                turnEnds += 1;
                if (ended.t === bearer && (ended.r > r0 || ended.t > t0)) bearerEnds += 1;
                const next = clock(Math.floor((step + 1) / T), (step + 1) % T, bearer, T);
                expect(hasExpired(rounds, next)).toBe(bearerEnds >= value);
                expect(hasExpired(turns, next)).toBe(turnEnds >= value);
                // What is left is what still has to end: a 1-round condition shows 1 round, never 2.
                expect(remaining(rounds, next)).toBe(Math.max(0, value - bearerEnds));
                expect(remaining(turns, next)).toBe(Math.max(0, value - turnEnds));
              }
            }
          }
        }
      }
    }
  });

  it("refuses a duration that is not 1 to 99 rounds or turns", () => {
    for (const [v, u] of [
      [0, "rounds"],
      [100, "turns"],
      [1.5, "rounds"],
      ["2", "rounds"],
      [2, "minutes"],
      [Number.NaN, "turns"],
    ]) {
      expectEngineError(() => readDuration(v, u), "DurationInvalid");
    }
    expect(readDuration(3, "turns")).toEqual({ value: 3, units: "turns" });
  });
});
