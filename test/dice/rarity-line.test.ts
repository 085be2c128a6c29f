/** The card's rarity line (issue 35 point 10): a common result names only its rarer side, never two chances that pass 100 % together. */
import { describe, expect, it } from "vitest";
import { rarityLine } from "../../src/dice/cards/context.ts";

describe("the rarity line of a common result", () => {
  it("says the rarer side only: 65 % good and 61 % bad reads 'this bad or worse 61 %'", () => {
    expect(rarityLine({ good: 0.65, bad: 0.61, percentile: 0.4 }, "en")).toMatchObject({
      rare: null,
      common: { side: "bad", chance: "61%" },
    });
    expect(rarityLine({ good: 0.3, bad: 0.8, percentile: 0.7 }, "en")?.common).toEqual({ side: "good", chance: "30%" });
  });

  it("names no common side for a rare result, and nothing for a malformed one", () => {
    expect(rarityLine({ good: 0.01, bad: 1, percentile: 0.99 }, "en")).toMatchObject({ rare: "good", common: null });
    expect(rarityLine({ good: Number.NaN, bad: 0.5 }, "en")).toBeNull();
  });
});
