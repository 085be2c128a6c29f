/**
 * One vocabulary on die chips (issue 19 item 5): a chip names only what sets its die apart, in the
 * system's words for natural results, and the card views hand every die through it.
 */
import { describe, expect, it } from "vitest";
import { chipOf, percentileCardView, piCardView, poolCardView, wildCardView } from "../../src/dice/cards/index.ts";
import * as engines from "../../src/engines/index.ts";
import type { DieResult } from "../../src/engines/shared/index.ts";

const die = (marks: string[], extra: Partial<DieResult> = {}) => ({
  index: 0,
  faces: 20,
  value: 1,
  role: "d20",
  marks,
  ...extra,
});

/** An engine's outcome for a request and fixed faces, through the shared throw protocol. */
function resolve(id: "percentile" | "wild" | "pi" | "pool", request: unknown, faces: number[]): never {
  const engine = engines[id].engine as engines.Engine<unknown, unknown, unknown>;
  return engines.shared.rollWith(engine, request, engines.shared.fixedFaces(faces)) as never;
}

describe("die chips", () => {
  it("name an action d20's natural results in the system's words, never Kept, Fumble or Critical", () => {
    expect(chipOf("action", die(["kept", "fumble"])).words).toEqual(["potentialBotch"]);
    expect(chipOf("action", die(["kept", "critical"], { value: 20 })).words).toEqual(["criticalThreat"]);
    expect(chipOf("action", die(["kept", "exploded"], { faces: 6, value: 6 })).words).toEqual(["exploded"]);
    expect(chipOf("action", die(["rerolled"])).words).toEqual(["rerolled"]);
  });

  it("call the Wild Die's first 1 a critical failure, and its first 6 only exploded", () => {
    expect(chipOf("wild", die(["fumble"], { faces: 6 })).words).toEqual(["criticalFailure"]);
    expect(chipOf("wild", die(["critical", "exploded"], { faces: 6, value: 6 })).words).toEqual(["exploded"]);
  });

  it("leave the words a face already says off a pool die, and keep success, cancelled and ignored", () => {
    expect(chipOf("pool", die(["one"], { faces: 10 })).words).toEqual([]);
    expect(chipOf("pool", die(["one", "ignored"], { faces: 10 })).words).toEqual(["ignored"]);
    expect(chipOf("pool", die(["success", "cancelled"], { faces: 10, value: 8 })).words).toEqual([
      "success",
      "cancelled",
    ]);
  });

  it("name a kept die only where the group asks, and show a label or the value as the face", () => {
    expect(chipOf("percentile", die(["kept"])).words).toEqual([]);
    expect(chipOf("percentile", die(["kept"])).marks).toEqual([]);
    expect(chipOf("percentile", die(["kept"]), { keptShown: true }).words).toEqual(["kept"]);
    expect(chipOf("wild", { ...die(["subtracted"], { faces: 6, value: 3 }), label: "−3" }).face).toBe("−3");
    expect(chipOf("pi", die(["removed"], { faces: 4, value: 0 })).unthrown).toBe(true);
  });
});

describe("card views hand every die through the chips", () => {
  it("percentile: the kept tens die is named among bonus dice, the ones die never", () => {
    const bonus = percentileCardView(resolve("percentile", { bonus: 1, penalty: 0 }, [6, 9, 8]));
    expect(bonus.tensCandidates.map((c) => c.words)).toEqual([["replaced"], ["kept"]]);
    expect(bonus.ones?.words).toEqual([]);
    const plain = percentileCardView(resolve("percentile", { bonus: 0, penalty: 0 }, [6, 9]));
    expect(plain.tensCandidates.map((c) => c.words)).toEqual([[]]);
  });

  it("wild: the first 1 says critical failure, the subtracted throw its sign", () => {
    const view = wildCardView(resolve("wild", { dice: 1 }, [1, 6, 3]), "en");
    expect(view.wildChain.map((c) => [c.face, c.words])).toEqual([
      ["1", ["criticalFailure"]],
      ["−6", ["subtracted"]],
      ["−3", ["subtracted"]],
    ]);
  });

  it("pi and pool: chosen and removed dice, a cancelled success; nothing on a plain die, no One beside a 1", () => {
    const pi = piCardView(resolve("pi", { pool: [8, 4, 6], hindrance: "minor" }, [5, 2]));
    expect(pi.dice.map((c) => c.words)).toEqual([["chosen"], ["removed"], ["chosen"]]);
    const pool = poolCardView(resolve("pool", { pool: 3, difficulty: 6 }, [7, 2, 1]));
    // the 1 and the 7 cancel each other; the 1's face says it is a 1, so "One" is not repeated
    expect(pool.dice.map((c) => c.words)).toEqual([["success", "cancelled"], [], ["cancelled"]]);
  });
});
