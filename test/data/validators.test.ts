/**
 * Validation of character data as pure functions: the predicates behind the schemas' `validate`
 * options, and `prepareUpdate`, which checks a sheet's change set (one localized error, nothing
 * sent) and keeps current points within permanent ratings.
 */
import { describe, expect, it } from "vitest";
import {
  changesSessionCounters,
  isActionLevel,
  isClassDieSize,
  isDieCode,
  isPiAttributePool,
  isPiDieSize,
  prepareUpdate,
  raisesFatePoints,
  type CharacterType,
} from "../../src/data/actor/pure.ts";
import { hasKey } from "../support/i18n.ts";
import { SAMPLES } from "./samples.ts";

describe("predicates", () => {
  it.each(["3D+1", "1D", "12d-2", " 2D + 2 "])("%s is a die code", (code) => expect(isDieCode(code)).toBe(true));
  it.each(["", "3", "D+1", "0D", "3D+1.5", "3d6", 3, null])("%o is not a die code", (code) =>
    expect(isDieCode(code)).toBe(false),
  );

  it.each([0, 0.5, 1, 7, 999])("level %d is valid", (level) => expect(isActionLevel(level)).toBe(true));
  it.each([-1, 1.5, 1000, "3", null])("level %o is not", (level) => expect(isActionLevel(level)).toBe(false));

  it("accepts die sizes d4 to d12 in a pool of at most ten dice", () => {
    expect([4, 6, 8, 10, 12].every(isPiDieSize)).toBe(true);
    expect([2, 3, 5, 20, "8"].some(isPiDieSize)).toBe(false);
    expect(isPiAttributePool([8, 4])).toBe(true);
    expect(isPiAttributePool([])).toBe(true);
    expect(isPiAttributePool([8, 3])).toBe(false);
    expect(isPiAttributePool(new Array(11).fill(6))).toBe(false);
    expect(isPiAttributePool("d8/d4")).toBe(false);
  });

  it("accepts the player die sizes for class bonus dice", () => {
    expect([3, 4, 6, 8, 10, 12, 14, 16].every(isClassDieSize)).toBe(true);
    expect([2, 5, 20, 24].some(isClassDieSize)).toBe(false);
  });
});

/** The error key `prepareUpdate` gives, or `ok`. */
function outcome(type: CharacterType, changes: Record<string, unknown>, source: unknown = SAMPLES[type]): string {
  const prepared = prepareUpdate(type, source, changes);
  return prepared.ok ? "ok" : prepared.error.key;
}

describe("prepareUpdate refuses an invalid change with the engine's localized error", () => {
  it.each<[CharacterType, Record<string, unknown>, string]>([
    ["percentile-character", { "system.attributes.body.rating": 12 }, "ok"],
    ["percentile-character", { "system.attributes.body.rating": -1 }, "OutOfRange"],
    ["percentile-character", { "system.skills.skillClimb000001.rating": 2.5 }, "NotInteger"],
    ["percentile-character", { "system.karma": null }, "NotInteger"],
    ["action-character", { "system.level": 0.5 }, "ok"],
    ["action-character", { "system.level": 2.5 }, "InvalidLevel"],
    ["action-character", { "system.abilities.strength.mod": 1000 }, "OutOfRange"],
    ["action-character", { "system.classDice.count": 21 }, "OutOfRange"],
    ["action-character", { "system.classDice.count": "3" }, "ok"],
    ["action-character", { "system.classDice.faces": 5 }, "DieSizeNotAllowed"],
    ["action-character", { "system.classDice.faces": "12" }, "ok"],
    ["wild-character", { "system.attributes.agility.code": "4D+2" }, "ok"],
    ["wild-character", { "system.attributes.agility.code": "four dice" }, "BadDieCode"],
    ["wild-character", { "system.skills.skillDodge00001.code": "0D" }, "BadDieCode"],
    ["wild-character", { "system.fatePoints": -1 }, "OutOfRange"],
    ["wild-character", { "system.session.fatePoints": 2 }, "OutOfRange"],
    ["pi-character", { "system.attributes.power.dice": [12, 4] }, "ok"],
    ["pi-character", { "system.attributes.power.dice": [7] }, "PiDieSize"],
    ["pi-character", { "system.attributes.power.dice": new Array(11).fill(4) }, "PiPoolTooLarge"],
    ["pi-character", { "system.skills.skillBrawl00001.bonus": 101 }, "OutOfRange"],
    ["pool-character", { "system.attributes.strength.rating": 5 }, "ok"],
    ["pool-character", { "system.attributes.strength.rating": 6 }, "OutOfRange"],
    ["pool-character", { "system.abilities.abilityBrawl001.rating": -1 }, "OutOfRange"],
    // An Ability may have the sixth dot the rules give an effect (two 1s ignored for a botch), no seventh.
    ["pool-character", { "system.abilities.abilityBrawl001.rating": 6 }, "ok"],
    ["pool-character", { "system.abilities.abilityBrawl001.rating": 7 }, "OutOfRange"],
    ["pool-character", { "system.willpower.permanent": 11 }, "OutOfRange"],
    // Text the schema limits (names, an NPC's notes): refused before the data model refuses it.
    ["wild-character", { "system.skills.skillDodge00001.name": "x".repeat(80) }, "ok"],
    ["wild-character", { "system.skills.skillDodge00001.name": ` ${"x".repeat(80)} ` }, "ok"],
    ["wild-character", { "system.skills.skillDodge00001.name": "x".repeat(81) }, "NoteTooLong"],
    ["pool-character", { "system.traits.traitHumanity01.name": "y".repeat(81) }, "NoteTooLong"],
    ["pi-character", { "system.notes": "z".repeat(4001) }, "NoteTooLong"],
  ])("%s %o → %s", (type, changes, expected) => {
    const key = outcome(type, changes);
    expect(key === "ok" ? key : key.replace("ROLLING_BONES.Error.", "")).toBe(expected);
    if (key !== "ok") expect(hasKey(key), `${key} is in en.json`).toBe(true);
  });

  it("passes keys outside system and system keys without a rule", () => {
    const prepared = prepareUpdate("wild-character", SAMPLES["wild-character"], {
      name: "Ada",
      "system.skills.skillDodge00001.name": "Evade",
    });
    expect(prepared).toEqual({ ok: true, changes: { name: "Ada", "system.skills.skillDodge00001.name": "Evade" } });
  });

  it("reads a number written as text for a numeric field as that number", () => {
    const prepared = prepareUpdate("action-character", SAMPLES["action-character"], {
      "system.classDice.count": "3",
    });
    expect(prepared).toEqual({ ok: true, changes: { "system.classDice.count": 3 } });
  });

  it("names the field in the error data", () => {
    const prepared = prepareUpdate("pool-character", SAMPLES["pool-character"], { "system.attributes.wits.rating": 9 });
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) expect(prepared.error.data).toEqual({ field: "dots", value: 9, min: 0, max: 5 });
  });
});

describe("prepareUpdate keeps current points within the permanent rating", () => {
  const source = SAMPLES["pool-character"];

  it("lowers current Willpower with a lower permanent rating", () => {
    expect(prepareUpdate("pool-character", source, { "system.willpower.permanent": 3 })).toEqual({
      ok: true,
      changes: { "system.willpower.permanent": 3, "system.willpower.current": 3 },
    });
  });

  it("keeps current Willpower when the permanent rating stays above it", () => {
    expect(prepareUpdate("pool-character", source, { "system.willpower.permanent": 9 })).toEqual({
      ok: true,
      changes: { "system.willpower.permanent": 9 },
    });
  });

  it("caps current points asked above the permanent rating", () => {
    expect(prepareUpdate("pool-character", source, { "system.traits.traitHumanity01.current": 9 })).toEqual({
      ok: true,
      changes: { "system.traits.traitHumanity01.current": 6 },
    });
  });

  it("uses both new values when a form sends both", () => {
    expect(
      prepareUpdate("pool-character", source, { "system.willpower.permanent": 2, "system.willpower.current": 5 }),
    ).toEqual({ ok: true, changes: { "system.willpower.permanent": 2, "system.willpower.current": 2 } });
  });
});

describe("changesSessionCounters: this session's Character and Fate Points are the rolls' to count", () => {
  const current = { characterPoints: 2, fatePoints: 1 };

  it("sees a reset written nested, as a document update carries it, or with flat keys", () => {
    expect(changesSessionCounters(current, { system: { session: { characterPoints: 0 } } })).toBe(true);
    expect(changesSessionCounters(current, { "system.session.fatePoints": 0 })).toBe(true);
    expect(changesSessionCounters(current, { system: { session: { characterPoints: 2, fatePoints: 0 } } })).toBe(true);
  });

  it("lets through updates that leave the counters as they are or do not touch them", () => {
    expect(changesSessionCounters(current, { system: { session: { characterPoints: 2, fatePoints: 1 } } })).toBe(false);
    expect(changesSessionCounters(current, { system: { characterPoints: 9 } })).toBe(false);
    expect(changesSessionCounters(current, { name: "Renamed" })).toBe(false);
    expect(changesSessionCounters(current, null)).toBe(false);
  });
});

describe("raisesFatePoints: a player cannot raise the Fate Points held (docs/rules.md §3)", () => {
  it("sees a raise written nested or flat, and anything that is not a number", () => {
    expect(raisesFatePoints(2, { system: { fatePoints: 3 } })).toBe(true);
    expect(raisesFatePoints(2, { "system.fatePoints": 5 })).toBe(true);
    expect(raisesFatePoints(2, { "system.fatePoints": "9" })).toBe(true);
    expect(raisesFatePoints(undefined, { "system.fatePoints": 1 })).toBe(true);
  });

  it("lets through a lower or equal total, and updates that do not touch it", () => {
    expect(raisesFatePoints(2, { system: { fatePoints: 1 } })).toBe(false);
    expect(raisesFatePoints(2, { "system.fatePoints": 2 })).toBe(false);
    expect(raisesFatePoints(2, { system: { characterPoints: 9 } })).toBe(false);
    expect(raisesFatePoints(2, { name: "Renamed" })).toBe(false);
    expect(raisesFatePoints(2, null)).toBe(false);
  });
});
