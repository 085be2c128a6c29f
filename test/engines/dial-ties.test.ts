/** The difficulty dial compares chances exactly (issue 35 point 10): a tie is met, and a chance is never shown rounded across the wanted one. */
import { describe, expect, it } from "vitest";
import { action } from "../../src/engines/index.ts";
import { solveDial } from "../../src/engines/advice.ts";
import { formatChanceAgainst } from "../../src/helpers/format.ts";

describe("the dial on exact ties", () => {
  it("meets a wanted ½ with P(d20 + 2 ≥ 13) = ½ (it sums to 0.49999999999999994), not one step easier", () => {
    const at = (dc: number) => [action.odds({ kind: "check", modifier: 2, dc }).pSuccess ?? 0];
    expect(at(13)[0]).toBeLessThan(0.5);
    const solved = solveDial([10, 11, 12, 13, 14, 15], at, 0, 0.5);
    expect(solved.target).toBe(13);
    expect(solved.harder?.target).toBe(14);
  });

  it("writes 59.95 % beside a wanted 60 % as 59.95 %, not 60 %, and a plain chance as before", () => {
    expect(formatChanceAgainst(0.5995, 0.6, "en")).toBe("59.95%");
    expect(formatChanceAgainst(0.6004, 0.6, "en")).toBe("60%");
    expect(formatChanceAgainst(0.55, 0.6, "en")).toBe("55%");
    expect(formatChanceAgainst(0.5, 0.5, "en")).toBe("50%");
  });
});
