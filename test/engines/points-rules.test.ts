/**
 * The rule checks the points service relies on, added to the engines: Willpower once per turn (pool)
 * and the dice pending assists give a leader (percentile).
 */
import { describe, expect, it } from "vitest";
import { percentile, pool } from "../../src/engines/index.ts";
import { EngineError } from "../../src/engines/shared/index.ts";

function code(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof EngineError) return error.key.replace("ROLLING_BONES.Error.", "");
    throw error;
  }
}

describe("pool: Willpower once per turn", () => {
  it("spends one current point and records the turn", () => {
    expect(pool.checkWillpower({ current: 3, spentInTurn: null }, "c:1")).toEqual({ remaining: 2, turn: "c:1" });
  });

  it("outside combat (no turn) only the current points limit it", () => {
    expect(pool.checkWillpower({ current: 1, spentInTurn: "c:1" }, null)).toEqual({ remaining: 0, turn: null });
  });

  it("refuses a second point in the same turn, allows the next turn", () => {
    expect(code(() => pool.checkWillpower({ current: 3, spentInTurn: "c:1" }, "c:1"))).toBe("WillpowerUsedThisTurn");
    expect(pool.checkWillpower({ current: 3, spentInTurn: "c:1" }, "c:2").remaining).toBe(2);
    expect(pool.WILLPOWER_PER_TURN).toBe(1);
  });

  it("refuses without current Willpower, and a bad rating by name", () => {
    expect(code(() => pool.checkWillpower({ current: 0, spentInTurn: null }, null))).toBe("NoWillpower");
    expect(code(() => pool.checkWillpower({ current: 11, spentInTurn: null }, null))).toBe("OutOfRange");
    expect(code(() => pool.checkWillpower({ current: 1.5, spentInTurn: null }, null))).toBe("NotInteger");
  });

  it("tells whether a point could be spent now", () => {
    expect(pool.willpowerAvailable({ current: 2, spentInTurn: "c:4" }, "c:4")).toBe(false);
    expect(pool.willpowerAvailable({ current: 2, spentInTurn: "c:4" }, "c:5")).toBe(true);
    expect(pool.willpowerAvailable({ current: 0, spentInTurn: null }, null)).toBe(false);
  });
});

describe("percentile: assist dice", () => {
  it("one bonus die per helping assist, one penalty die per hindering one, nothing for none", () => {
    expect(percentile.assistDice([])).toEqual({ bonus: 0, penalty: 0 });
    expect(percentile.assistDice(["bonus", "bonus", "penalty", "none"])).toEqual({ bonus: 2, penalty: 1 });
  });

  it("agrees with the assist effect of every result level", () => {
    for (const level of percentile.LEVEL_IDS) {
      const dice = percentile.assistDice([percentile.assistEffect(level)]);
      const i = percentile.levelIndex(level);
      expect(dice.bonus).toBe(i >= percentile.levelIndex("good") ? 1 : 0);
      expect(dice.penalty).toBe(i <= percentile.levelIndex("inferior") ? 1 : 0);
    }
  });

  it("refuses an unknown effect by name", () => {
    expect(code(() => percentile.assistDice(["lots"]))).toBe("UnknownAssistEffect");
  });
});
