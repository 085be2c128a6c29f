/**
 * The session's roll record keeps only what the system could have thrown (issue 41, fault 5): a
 * message claiming a hand-entered d20000 or a forged rarity adds nothing to the record every client
 * loads, a record stored before the bounds reaches the report with nothing non-finite, and the
 * fairness test of a die of many faces answers instead of overflowing the stack.
 */
import { describe, expect, it } from "vitest";
import { exactMultinomialP, fairnessOfCounts } from "../../src/engines/shared/fairness.ts";
import { addRoll, emptySession, readRecord, type RecordedRoll } from "../../src/services/roll-record.ts";

const EMPTY = { current: emptySession(1), previous: null };

function roll(over: Partial<RecordedRoll>): RecordedRoll {
  return { message: "message000000001", user: "playerAlice00000", rarity: null, throws: [], manual: [], ...over };
}

describe("the roll record's bounds", () => {
  it("counts a hand-entered d20 and leaves out a d20000 and a face off the die", () => {
    const next = addRoll(EMPTY, 1, {
      ...roll({}),
      throws: [
        { faces: 20, value: 17 },
        { faces: 20000, value: 1 },
        { faces: 20, value: 21 },
        { faces: 20, value: 2.5 },
      ],
      manual: [20, 20000],
    })!;
    expect(Object.keys(next.current.manual)).toEqual(["20"]);
    expect(next.current.manual["20"]![16]).toBe(1);
    expect(next.current.manual["20"]!.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it("leaves out a rarity that is not three chances from 0 to 1", () => {
    for (const rarity of [
      { good: 1e308, bad: 0.5, percentile: 0.5 },
      { good: -1, bad: 0.5, percentile: 0.5 },
      { good: 0.5, bad: 0.5, percentile: 2 },
    ]) {
      const next = addRoll(EMPTY, 1, roll({ rarity }))!;
      expect(next.current.players).toEqual({});
    }
    const next = addRoll(EMPTY, 1, roll({ rarity: { good: 0.05, bad: 1, percentile: 0.975 } }))!;
    expect(next.current.players["playerAlice00000"]).toEqual({
      rolls: 1,
      percentileSum: 0.975,
      rarest: { tail: 0.05, direction: "good", message: "message000000001" },
    });
  });

  it("reads a stored record without sizes the system never throws and without non-finite figures", () => {
    const stored = {
      current: {
        session: 1,
        players: {
          a: { rolls: 2, percentileSum: 1.2, rarest: null },
          b: { rolls: 1, percentileSum: Infinity, rarest: null },
          c: { rolls: 1, percentileSum: 0.4, rarest: { tail: Number.NaN, direction: "good", message: "m" } },
        },
        manual: { "20000": [1, ...new Array<number>(19999).fill(0)], "6": [1, 0, 0, 0, 0, 2], "8": [1] },
        seen: ["m"],
      },
      previous: null,
    };
    const record = readRecord(stored, 1);
    expect(Object.keys(record.current.manual)).toEqual(["6"]);
    expect(Object.keys(record.current.players).sort()).toEqual(["a", "c"]);
    expect(record.current.players.c?.rarest).toBeNull();
  });

  it("tests a die of 20,000 faces without overflowing the stack, and still matches the exact small cases", () => {
    const counts = new Array<number>(20000).fill(0);
    counts[0] = 1;
    expect(exactMultinomialP(counts)).toBe(1);
    expect(() => fairnessOfCounts(counts)).not.toThrow();
    // Two d2 throws on one face: 2 of the 4 sequences are that uneven; one on each: every sequence is.
    expect(exactMultinomialP([2, 0])).toBeCloseTo(1 / 2, 12);
    expect(exactMultinomialP([1, 1])).toBeCloseTo(1, 12);
    // Three d3 throws all on one face: 3 of the 27 sequences are that uneven.
    expect(exactMultinomialP([3, 0, 0])).toBeCloseTo(3 / 27, 12);
  });
});
