/** The lab page's model, lab/model/rolls.ts: the lab's rolls are the engines' own (`shared.rollWith` with the same seed), and its cards the Roll classes' cards. */
import { describe, expect, it } from "vitest";
import * as engines from "../../../src/engines/index.ts";
import { shared } from "../../../src/engines/index.ts";
import { LAB_ENGINES, STARTING_REQUESTS, facesText, parseSeed, randomSeed, rollEngine } from "../../../lab/model.ts";

describe("lab rolls", () => {
  it.each([...LAB_ENGINES])("%s: a seeded roll is the engine's own seeded roll", (engine) => {
    for (let seed = 1; seed <= 25; seed++) {
      const roll = rollEngine(engine, STARTING_REQUESTS[engine], shared.seededFaces(seed));
      const rules = engines[engine].engine as shared.Engine<unknown, unknown, unknown>;
      const reference = shared.rollWith(rules, STARTING_REQUESTS[engine], shared.seededFaces(seed));
      expect(roll.outcome).toEqual(reference);
      expect(roll.throws.length).toBeGreaterThan(0);
    }
  });

  it("reads seeds as unsigned 32-bit whole numbers and draws them in range", () => {
    expect(parseSeed(" 42 ")).toBe(42);
    expect(parseSeed("4294967295")).toBe(4294967295);
    expect(parseSeed("4294967296")).toBeNull();
    expect(parseSeed("-1")).toBeNull();
    expect(parseSeed("1.5")).toBeNull();
    expect(parseSeed("")).toBeNull();
    expect(randomSeed(() => 0)).toBe(0);
    expect(randomSeed(() => 0.999999999999)).toBe(4294967295);
  });

  it("writes the faces thrown by die size", () => {
    expect(
      facesText([
        { faces: 20, role: "d20", value: 1 },
        { faces: 6, role: "action", value: 6 },
        { faces: 6, role: "action", value: 2 },
      ]),
    ).toBe("d20: 1 · d6: 6, 2");
  });
});
