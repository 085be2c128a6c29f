/**
 * A card's one ledger (issue 36): every line of what was done on a card, of each kind, read alike
 * from a card stored before cards were typed (the golden fixtures of today's cards) and from a typed
 * card of several rolls.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cardLedger } from "../../src/data/card/ledger.ts";
import { cardData, type StoredCard } from "../../src/data/card/parts.ts";
import { ROOT } from "../support/i18n.ts";

/** The stored messages of a golden fixture. */
function fixture(name: string): StoredCard[] {
  const stored = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/cards", `${name}.json`), "utf8")) as unknown;
  return (Array.isArray(stored) ? stored : [stored]) as StoredCard[];
}

/** What a test reads of a line. */
const brief = (m: StoredCard) =>
  cardLedger(m).map(({ kind, roll, type, by, undone }) => ({ kind, roll, type, by, undone }));

describe("a card's one ledger", () => {
  it("reads today's cards, stored before cards were typed: action dice, points and applications", () => {
    expect(brief(fixture("actionBotchEffect")[0]!)).toEqual([
      { kind: "actionDice", roll: 0, type: "botch", by: "bob", undone: false },
      { kind: "actionDice", roll: 0, type: "effect", by: "gm", undone: false },
    ]);
    expect(brief(fixture("percentileKarma")[0]!)).toEqual([
      { kind: "points", roll: 0, type: "karma", by: "labPlayerAlice00", undone: false },
    ]);
    const [damage, heal] = fixture("flow-harm");
    expect(brief(damage!)).toEqual([{ kind: "harm", roll: null, type: "full", by: "playerAlice00000", undone: false }]);
    expect(brief(heal!)[0]).toMatchObject({ kind: "harm", type: "heal" });
    // A roll with nothing done on it, and a message of no roll, have no lines.
    expect(cardLedger(fixture("flow-action")[0]!)).toEqual([]);
    expect(cardLedger({ type: "base", rolls: [] })).toEqual([]);
  });

  it("reads a typed card of several rolls in card order, then its applications; each line as its kind stores it", () => {
    const action = {
      options: {
        engine: "action",
        card: { ledger: [{ id: "a1", type: "augment", by: "u1", undone: true, dice: [] }] },
      },
    };
    const points = {
      options: { engine: "pi", points: { ledger: [{ id: "p1", type: "pick", by: "u2", undone: false }] } },
    };
    const parts = cardData({ harmLedger: { entries: [{ id: "h1", multiplier: "half", by: "u3", undone: false }] } })
      .system.parts;
    const card: StoredCard = {
      type: "card",
      // The card's rolls in its own order: the points roll (place 1) first.
      system: { parts: [{ kind: "roll", roll: 1 }, { kind: "roll", roll: 0 }, ...parts] },
      rolls: [JSON.stringify(action), points],
    };
    expect(brief(card)).toEqual([
      { kind: "points", roll: 1, type: "pick", by: "u2", undone: false },
      { kind: "actionDice", roll: 0, type: "augment", by: "u1", undone: true },
      { kind: "harm", roll: null, type: "half", by: "u3", undone: false },
    ]);
    expect(cardLedger(card)[1]?.entry).toEqual(action.options.card.ledger[0]);
  });

  it("leaves out what is malformed: a line without its id or its user, a roll that is not JSON", () => {
    const card: StoredCard = {
      type: "card",
      system: {
        parts: [
          { kind: "roll", roll: 0 },
          { kind: "roll", roll: 1 },
        ],
      },
      rolls: [
        {
          options: {
            engine: "wild",
            points: { ledger: [{ type: "fatePoint", by: "u1" }, { id: "x", type: 3, by: "u1" }, "line"] },
          },
        },
        "{not json",
      ],
    };
    expect(cardLedger(card)).toEqual([]);
  });
});
