/** The GM's dice report view (applications/report/report-view.ts): how a die's p-value reads. */
import { describe, expect, it } from "vitest";
import { diceReportView } from "../../src/applications/report/report-view.ts";
import { emptySession, type RollRecord } from "../../src/services/roll-record.ts";

/** A record of one session with these faces entered by hand, per die size. */
function record(manual: Record<string, number[]>): RollRecord {
  return { current: { ...emptySession(1), manual }, previous: null };
}

const dieOf = (manual: Record<string, number[]>, faces: number) =>
  diceReportView(record(manual), () => "", "en").current.dice.find((d) => d.faces === faces);

describe("a die's p-value in the dice report", () => {
  it("reads below one in a million as such, with one sign (a loaded d6: 28 sixes in 40)", () => {
    const die = dieOf({ "6": [2, 3, 2, 3, 2, 28] }, 6);
    expect(die?.flagged).toBe(true);
    expect(die?.p).toBe("<0.0001%");
  });

  it("never rounds a fair die's p-value up to a certain 100%", () => {
    const die = dieOf({ "10": [5, 6, 5, 5, 6, 5, 5, 5, 5, 5] }, 10);
    expect(die?.flagged).toBe(false);
    expect(die?.p).toBe(">99%");
  });

  it("shows two significant figures in between", () => {
    // 30 throws of a d6, tested exactly.
    const die = dieOf({ "6": [3, 7, 5, 4, 6, 5] }, 6);
    expect(die?.method).toBe("exact");
    expect(die?.p).toMatch(/^\d\d%$/);
  });

  it("says too few throws to tell below five throws per face, not a bare p-value (a d20 thrown 15 times)", () => {
    const counts = [1, 0, 2, 1, 0, 1, 1, 0, 0, 2, 1, 0, 1, 1, 0, 0, 1, 2, 0, 1];
    const die = dieOf({ "20": counts }, 20);
    // The exact test runs (p ≈ 0.93), but 15 throws cannot tell a fair d20 from a loaded one.
    expect(die?.method).toBe("exact");
    expect(die?.p).toBeNull();
    expect(die?.moreRolls).toBe(100 - 15);
    // One throw short of 5 per face on a d6 is still too few; at 30 it tells.
    expect(dieOf({ "6": [5, 5, 5, 5, 5, 4] }, 6)?.p).toBeNull();
    expect(dieOf({ "6": [5, 5, 5, 5, 5, 5] }, 6)?.p).not.toBeNull();
  });

  it("reports counts so uneven they are flagged at any count (a d6 thrown 12 times, all sixes)", () => {
    const die = dieOf({ "6": [0, 0, 0, 0, 0, 12] }, 6);
    expect(die?.flagged).toBe(true);
    expect(die?.p).toBe("<0.0001%");
    expect(die?.moreRolls).toBe(0);
  });
});
