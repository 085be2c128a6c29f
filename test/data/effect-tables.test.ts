/**
 * Critical and botch tables, pure: which table an activation draws from, a table's slot read from its
 * flag (own entries only), the note a drawn result leaves, and the check the pack build runs.
 */
import { describe, expect, it } from "vitest";
import {
  drawnNote,
  resultText,
  severityBand,
  slotOfFlag,
  TABLE_SLOTS,
  tableKindsFor,
  tableProblems,
  type TableSource,
} from "../../src/data/effect-tables.ts";
import { MAX_EFFECT_NOTE } from "../../src/engines/action/index.ts";

const sound = (): TableSource => ({
  name: "Critical · Check · 1 die",
  formula: "1d4",
  flags: { "rolling-bones": { effectTable: { activation: "critical", kind: "check", severity: 1 } } },
  results: [1, 2, 3, 4].map((i) => ({ type: "text", range: [i, i], weight: 1, name: "", description: `Result ${i}` })),
});

describe("which table an activation draws from", () => {
  it("offers a check's critical or botch the check, defence and parry tables, others their own, the special botch its one", () => {
    expect(tableKindsFor("critical", "check")).toEqual(["check", "defence", "parry"]);
    expect(tableKindsFor("botch", "attack")).toEqual(["attack"]);
    expect(tableKindsFor("critical", "save")).toEqual(["save"]);
    expect(tableKindsFor("specialBotch", "attack")).toEqual(["any"]);
    for (const kind of ["insight", "damage", "initiative"] as const)
      expect(tableKindsFor("critical", kind)).toEqual([]);
  });

  it("bands the dice spent: 1, 2, then 3 or more", () => {
    expect([1, 2, 3, 4, 9].map(severityBand)).toEqual([1, 2, 3, 3, 3]);
  });

  it("has 33 slots: critical and botch for five kinds at three severities, and the special botch's three", () => {
    expect(TABLE_SLOTS).toHaveLength(33);
    expect(TABLE_SLOTS.filter((s) => s.activation === "specialBotch").map((s) => s.kind)).toEqual([
      "any",
      "any",
      "any",
    ]);
  });

  it("reads a slot from a flag's own entries only", () => {
    expect(slotOfFlag({ activation: "botch", kind: "parry", severity: 2 })).toEqual({
      activation: "botch",
      kind: "parry",
      severity: 2,
    });
    const inherited = Object.create({ activation: "botch", kind: "parry", severity: 2 }) as object;
    for (const flag of [
      inherited,
      { activation: "botch", kind: "parry", severity: 4 },
      { activation: "critical", kind: "any", severity: 1 },
      "botch",
      null,
    ])
      expect(slotOfFlag(flag)).toBeNull();
  });
});

describe("the note a drawn result leaves", () => {
  it("reads the result as text: markup dropped, entities decoded, spaces collapsed", () => {
    expect(resultText("<p>Strike <b>twice</b> &amp; grin&nbsp;&#33;</p>\n<p>Again</p>")).toBe(
      "Strike twice & grin ! Again",
    );
  });

  it("names its table and keeps to a card's longest note, marking a cut", () => {
    expect(drawnNote(" Crits ", "Double damage.")).toBe("Crits: Double damage.");
    const long = drawnNote("Crits", "x".repeat(400));
    expect(long).toHaveLength(MAX_EFFECT_NOTE);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("the pack build's check of a table", () => {
  it("passes a sound table", () => {
    expect(tableProblems(sound())).toEqual([]);
  });

  it("finds a missing slot flag, a formula not 1dN, gaps, overlaps, empty and too-long results", () => {
    expect(tableProblems({ ...sound(), flags: {} })).toEqual(["its flag names no table slot"]);
    expect(tableProblems({ ...sound(), formula: "2d6" })).toEqual(["formula 2d6 is not 1dN"]);
    const results = sound().results!;
    expect(tableProblems({ ...sound(), results: results.slice(0, 3) })).toEqual(["face 4 is covered 0 times"]);
    expect(tableProblems({ ...sound(), results: [...results, { ...results[0]!, range: [1, 1] }] })).toEqual([
      "face 1 is covered 2 times",
    ]);
    expect(
      tableProblems({ ...sound(), results: [{ ...results[0]!, description: "<p> </p>" }, ...results.slice(1)] }),
    ).toEqual(["result 0 has no text"]);
    expect(
      tableProblems({ ...sound(), results: [{ ...results[0]!, description: "y".repeat(300) }, ...results.slice(1)] }),
    ).toEqual(["result 0 is too long for a card's note"]);
    expect(tableProblems({ ...sound(), results: [{ ...results[0]!, range: [0, 1] }, ...results.slice(1)] })).toEqual([
      "result 0 covers 0, outside 1–4",
    ]);
  });
});
