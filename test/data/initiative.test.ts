/**
 * The initiative roll each character type makes (pure): the trait the world setting names (the type's
 * default when it names none of its traits, own keys only), and the roll it gives. A Wild Die
 * character rolls a Wild Die roll of the trait's code (docs/rules.md §3, issue 29 item 13).
 */
import { describe, expect, it } from "vitest";
import { initiativeRoll, INITIATIVE_DEFAULTS } from "../../src/data/actor/initiative.ts";

/** A Wild Die character's system with the given attribute codes (the rest of the sheet is not read). */
function wildSystem(codes: Record<string, string>) {
  const attributes = Object.fromEntries(Object.entries(codes).map(([k, code]) => [k, { code }]));
  return { attributes } as never;
}

describe("Wild Die initiative", () => {
  it("is a Wild Die roll of the chosen attribute's dice and pips, not a plain sum", () => {
    const system = wildSystem({ perception: "3D+1", dexterity: "4D-2", knowledge: "1D" });
    expect(initiativeRoll("wild-character", system, "perception")).toEqual({
      engine: "wild",
      trait: "perception",
      request: { dice: 3, pips: 1 },
    });
    expect(initiativeRoll("wild-character", system, "dexterity")).toEqual({
      engine: "wild",
      trait: "dexterity",
      request: { dice: 4, pips: -2 },
    });
    // With 1D, that one die is the Wild Die.
    expect(initiativeRoll("wild-character", system, "knowledge")).toEqual({
      engine: "wild",
      trait: "knowledge",
      request: { dice: 1, pips: 0 },
    });
  });

  it("takes the type's default attribute when the setting names none of its own (inherited names included)", () => {
    expect(INITIATIVE_DEFAULTS["wild-character"]).toBe("perception");
    const system = wildSystem({ perception: "2D+2" });
    for (const chosen of ["", "strength", "__proto__", "constructor"]) {
      expect(initiativeRoll("wild-character", system, chosen)).toEqual({
        engine: "wild",
        trait: "perception",
        request: { dice: 2, pips: 2 },
      });
    }
  });

  it("leaves the other types as they were: plain formulas, and an action-dice roll", () => {
    const percentile = { attributes: { agility: { rating: 57 } } } as never;
    expect(initiativeRoll("percentile-character", percentile, "agility")).toEqual({
      engine: null,
      trait: "agility",
      formula: "1d10 + 5",
    });
    const action = { abilities: { dexterity: { mod: -1 } } } as never;
    expect(initiativeRoll("action-character", action, "dexterity")).toEqual({
      engine: "action",
      trait: "dexterity",
      request: { kind: "initiative", modifier: -1 },
    });
  });

  it("names the trait it rolls, so the card can say which attribute set the initiative", () => {
    const pi = { attributes: { quickness: { dice: [6, 8] }, wits: { dice: [10] } } } as never;
    expect(initiativeRoll("pi-character", pi, "wits")).toEqual({ engine: null, trait: "wits", formula: "1d10" });
    expect(initiativeRoll("pi-character", pi, "toString")).toEqual({
      engine: null,
      trait: "quickness",
      formula: "1d6 + 1d8",
    });
    const pool = { attributes: { dexterity: { rating: 3 }, wits: { rating: 2 } } } as never;
    expect(initiativeRoll("pool-character", pool, "wits")).toMatchObject({ trait: "wits", formula: "1d10 + 2" });
  });
});
