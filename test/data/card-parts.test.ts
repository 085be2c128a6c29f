/**
 * The card model (issue 36): a card is a list of parts. A typed card keeps them in `system.parts`; a
 * message stored before cards were typed reads as the parts it carries (one roll part per roll, one
 * part per system flag), so every card a world holds today reads the same way — checked on each
 * golden fixture of today's cards (`test/fixtures/cards`).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  cardData,
  cardParts,
  CARD_TYPE,
  DATA_PART_KINDS,
  partData,
  rollPlace,
  rollPlaces,
  storedParts,
  type StoredCard,
} from "../../src/data/card/parts.ts";
import { withPart } from "../../src/data/card/write.ts";
import { ROOT } from "../support/i18n.ts";

const DIR = path.join(ROOT, "test/fixtures/cards");

/** Every stored message of the golden fixtures, by file and place. */
function fixtureMessages(): [string, StoredCard & { flags?: Record<string, Record<string, unknown>> }][] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .flatMap((file) => {
      const stored = JSON.parse(readFileSync(path.join(DIR, file), "utf8")) as unknown;
      const list = (Array.isArray(stored) ? stored : [stored]) as (StoredCard & {
        flags?: Record<string, Record<string, unknown>>;
      })[];
      return list.map((m, i) => [`${file}#${i}`, m] as [string, typeof m]);
    });
}

describe("an older message reads as the parts it carries", () => {
  const messages = fixtureMessages();

  it("the fixtures hold every kind of card of today, each an untyped message", () => {
    expect(messages.length).toBeGreaterThan(40);
    const kinds = new Set(messages.flatMap(([, m]) => Object.keys(m.flags?.["rolling-bones"] ?? {})));
    expect([...kinds].sort()).toEqual([...DATA_PART_KINDS].sort());
    expect(messages.every(([, m]) => m.type === "base")).toBe(true);
  });

  it.each(fixtureMessages())("%s: a roll part per roll, then a part per system flag", (_name, message) => {
    const flags = message.flags?.["rolling-bones"] ?? {};
    const expected = [
      ...(message.rolls ?? []).map((_r, roll) => ({ kind: "roll", roll })),
      ...DATA_PART_KINDS.filter((k) => Object.hasOwn(flags, k)).map((kind) => ({ kind, data: flags[kind] })),
    ];
    expect(cardParts(message)).toEqual(expected);
    for (const kind of DATA_PART_KINDS) expect(partData(message, kind)).toEqual(flags[kind]);
  });

  it("a flag of another scope, a flag the model does not know or a null flag is no part", () => {
    const message = {
      type: "base",
      flags: { other: { economy: 1 }, "rolling-bones": { lastUse: "x", fateLoss: null } },
    };
    expect(cardParts(message)).toEqual([]);
    expect(partData(message, "economy")).toBeUndefined();
  });
});

describe("a typed card", () => {
  const ledger = { entries: [{ id: "a" }] };

  it("is created with a roll part per roll, then its data parts in the model's order", () => {
    const data = cardData({ harmRecord: "heal", harmLedger: ledger }, 2);
    expect(data).toEqual({
      type: CARD_TYPE,
      system: {
        parts: [
          { kind: "roll", roll: 0 },
          { kind: "roll", roll: 1 },
          { kind: "harmLedger", data: ledger },
          { kind: "harmRecord", data: "heal" },
        ],
      },
    });
    const card = { ...data, rolls: [{}, {}] };
    expect(partData(card, "harmLedger")).toEqual(ledger);
    expect(partData(card, "harmRecord")).toBe("heal");
    expect(partData(card, "economy")).toBeUndefined();
  });

  it("reads the same as the older message that carries the same data", () => {
    const typed = { ...cardData({ rollRequest: { spec: 1 } }, 1), rolls: [{}] };
    const older = { type: "base", rolls: [{}], flags: { "rolling-bones": { rollRequest: { spec: 1 } } } };
    expect(cardParts(typed)).toEqual(cardParts(older));
  });

  it("reads its parts only from system.parts: a flag set by a macro beside them is no part", () => {
    const card = { ...cardData({}, 1), rolls: [{}], flags: { "rolling-bones": { harmLedger: ledger } } };
    expect(partData(card, "harmLedger")).toBeUndefined();
  });

  it("leaves out a malformed part, an unknown kind and a roll part the message has no roll for", () => {
    const system = {
      parts: [
        { kind: "roll", roll: 0 },
        { kind: "roll", roll: 1 },
        { kind: "roll", roll: -1 },
        { kind: "roll", roll: 0.5 },
        { kind: "harmLedger" },
        { kind: "toString", data: 1 },
        { kind: "__proto__", data: 1 },
        "economy",
        null,
        { kind: "economy", data: { kind: "award" } },
      ],
    };
    expect(cardParts({ type: CARD_TYPE, system, rolls: [{}] })).toEqual([
      { kind: "roll", roll: 0 },
      { kind: "economy", data: { kind: "award" } },
    ]);
    expect(storedParts(system.parts)).toHaveLength(3);
    expect(storedParts("parts")).toEqual([]);
  });

  it("sets a part in place, adds one after the others, and removes one with null", () => {
    const parts = cardData({ harmLedger: ledger, harmRecord: "damage" }, 1).system.parts;
    expect(withPart(parts, "harmLedger", { entries: [] })).toEqual([
      { kind: "roll", roll: 0 },
      { kind: "harmLedger", data: { entries: [] } },
      { kind: "harmRecord", data: "damage" },
    ]);
    expect(withPart(parts, "economy", { kind: "take" }).at(-1)).toEqual({ kind: "economy", data: { kind: "take" } });
    expect(withPart(parts, "harmLedger", null)).toEqual([
      { kind: "roll", roll: 0 },
      { kind: "harmRecord", data: "damage" },
    ]);
    // The list given is left as it was.
    expect(parts).toHaveLength(3);
  });

  it("names a card's rolls by their places: a typed card's roll parts, an older message's every roll", () => {
    const rolls = [{}, {}, {}];
    // A typed card holding the message's second and third rolls (its first roll is no roll of the card).
    const typed: StoredCard = {
      type: CARD_TYPE,
      system: {
        parts: [
          { kind: "roll", roll: 2 },
          { kind: "economy", data: {} },
          { kind: "roll", roll: 1 },
          { kind: "roll", roll: 5 },
        ],
      },
      rolls,
    };
    expect(rollPlaces(typed)).toEqual([2, 1]);
    expect(rollPlace(typed)).toBe(2);
    expect(rollPlace(typed, 1)).toBe(1);
    expect(rollPlace(typed, 0)).toBeNull();
    expect(rollPlace(typed, 5)).toBeNull();
    const older: StoredCard = { type: "base", rolls };
    expect(rollPlaces(older)).toEqual([0, 1, 2]);
    expect(rollPlace(older)).toBe(0);
    expect(rollPlace(older, 3)).toBeNull();
    expect(rollPlace({ type: "base", rolls: [] })).toBeNull();
  });
});
