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
    const die = dieOf({ "10": [4, 5, 3, 4, 6, 4, 5, 3, 4, 4] }, 10);
    expect(die?.flagged).toBe(false);
    expect(die?.p).toBe(">99%");
  });

  it("shows two significant figures in between", () => {
    // 15 throws of a d20, tested exactly: p ≈ 0.928.
    const die = dieOf({ "20": [1, 0, 2, 1, 0, 1, 1, 0, 0, 2, 1, 0, 1, 1, 0, 0, 1, 2, 0, 1] }, 20);
    expect(die?.method).toBe("exact");
    expect(die?.p).toBe("93%");
  });
});
