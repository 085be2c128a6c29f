/** Issue 19 item 14: counted messages pick their plural form by the language, from the translation file. */
import { describe, expect, it } from "vitest";
import { pluralKey } from "../../src/helpers/plural.ts";
import { renderTemplate } from "../support/handlebars.ts";
import { hasKey } from "../support/i18n.ts";

const en = { lang: "en", has: hasKey };

describe("plural keys", () => {
  it("name the category of the count in the user's language", () => {
    expect(pluralKey("ROLLING_BONES.Wild.Card.Pips", 1, en)).toBe("ROLLING_BONES.Wild.Card.Pips.one");
    expect(pluralKey("ROLLING_BONES.Wild.Card.Pips", 2, en)).toBe("ROLLING_BONES.Wild.Card.Pips.other");
    expect(pluralKey("ROLLING_BONES.Wild.Card.Pips", 0, en)).toBe("ROLLING_BONES.Wild.Card.Pips.other");
  });

  it("fall back to the other form where a translation lacks the language's category", () => {
    // Polish has a "few" category (2–4); a translation that gives only one/other still reads.
    const pl = { lang: "pl", has: (key: string) => key.endsWith(".one") || key.endsWith(".other") };
    expect(pluralKey("X.Dice", 3, pl)).toBe("X.Dice.other");
    const full = { lang: "pl", has: () => true };
    expect(pluralKey("X.Dice", 3, full)).toBe("X.Dice.few");
  });

  it("reach the cards: +1 pip, 1 bonus die, 1 die of each kind cancelled", () => {
    const wild = renderTemplate("templates/chat/wild-card.hbs", {
      engine: "wild",
      isPrivate: false,
      outcome: { code: "2D+1", pips: 1, total: 7, dice: [] },
      view: { normal: [], wildChain: [], cpChains: [], points: { entries: [] }, headline: null, subtracted: 0 },
    });
    expect(wild).toContain("+1 pip<");
    const percentile = renderTemplate("templates/chat/percentile-card.hbs", {
      engine: "percentile",
      isPrivate: false,
      outcome: { cancelled: 1, karma: { dice: 1, cost: 3 }, dice: [], value: 42 },
      view: { tensCandidates: [], ones: null, points: { entries: [] } },
    });
    expect(percentile).toContain("1 die of each kind cancelled");
    expect(percentile).toContain("Karma: 1 bonus die for 3 karma");
  });
});
