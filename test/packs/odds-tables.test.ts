/**
 * The odds placeholders of the rules journal: filling replaces each placeholder with its table and
 * nothing else, extracting turns the tables back into the same placeholders, an unknown id stops
 * the build, and the number formats say what they print.
 */
import { describe, expect, it } from "vitest";
import {
  ODDS_IDS,
  average,
  fillJournal,
  fillOddsPlaceholders,
  oddsTables,
  percent,
  renderOddsTable,
  restoreJournal,
  restoreOddsPlaceholders,
  worstBotchPool,
} from "../../scripts/odds-tables.ts";
import { pool } from "../../src/engines/index.ts";

const tables = oddsTables();

describe("odds placeholders", () => {
  it("replaces each placeholder with its table and leaves the rest of the page alone", () => {
    const html = "<p>Before</p><!-- rb-odds pool --><p>Between</p><!--rb-odds wild--><p>After</p>";
    const { html: out, replaced } = fillOddsPlaceholders(html, tables);
    expect(replaced).toEqual(["pool", "wild"]);
    expect(out).toBe(
      `<p>Before</p>${renderOddsTable(tables.pool)}<p>Between</p>${renderOddsTable(tables.wild)}<p>After</p>`,
    );
    expect(out).not.toContain("<!--");
  });

  it("turns generated tables back into placeholders, so extracting restores the sources", () => {
    const html = ODDS_IDS.map((id) => `<h2>${id}</h2><!-- rb-odds ${id} -->`).join("");
    const filled = fillOddsPlaceholders(html, tables).html;
    expect(restoreOddsPlaceholders(filled)).toBe(html);
  });

  it("fills and restores the text pages of a journal source in place, skipping other pages", () => {
    const doc = {
      pages: [
        { type: "text", text: { content: "<p>x</p><!-- rb-odds action -->" } },
        { type: "image", text: { content: "<!-- rb-odds pool -->" } },
      ],
    };
    expect(fillJournal(doc, tables)).toEqual(["action"]);
    expect(doc.pages[0]?.text.content).toContain('data-rb-odds="action"');
    expect(doc.pages[1]?.text.content).toBe("<!-- rb-odds pool -->");
    restoreJournal(doc);
    expect(doc.pages[0]?.text.content).toBe("<p>x</p><!-- rb-odds action -->");
  });

  it("refuses an unknown placeholder id", () => {
    expect(() => fillOddsPlaceholders("<!-- rb-odds dice -->", tables)).toThrow(/rb-odds dice/);
  });

  it("escapes the text it writes", () => {
    const html = renderOddsTable({ id: "pool", caption: "a < b & c", head: ["x"], rows: [["<y>"]] });
    expect(html).toContain("<caption>a &lt; b &amp; c</caption>");
    expect(html).toContain('<th scope="row">&lt;y&gt;</th>');
  });
});

describe("number formats", () => {
  it("prints probabilities as percentages with one decimal, tiny ones as <0.1%", () => {
    expect(percent(0.5)).toBe("50.0%");
    expect(percent(0.12345)).toBe("12.3%");
    expect(percent(0)).toBe("0.0%");
    expect(percent(0.0004)).toBe("<0.1%");
    expect(percent(1)).toBe("100.0%");
  });

  it("prints averages with two decimals, sign kept", () => {
    expect(average(3.5)).toBe("3.50");
    expect(average(-0.125)).toBe("-0.13");
  });
});

describe("the botch summary", () => {
  it("finds the pool that botches most at each difficulty", () => {
    expect(worstBotchPool(6)).toEqual({ pool: 1, chance: pool.botchChance(1, 6) });
    expect(worstBotchPool(7).pool).toBe(2);
    for (const difficulty of [6, 7, 8, 9, 10]) {
      const worst = worstBotchPool(difficulty);
      for (let n = 1; n <= 30; n++) expect(pool.botchChance(n, difficulty)).toBeLessThanOrEqual(worst.chance);
    }
  });

  it("says in the pool table's note where the botch chance peaks", () => {
    const note = tables["pool-botch"].note ?? "";
    expect(note).toContain("At difficulty 6 a single die botches most often");
    expect(note).toContain(`At difficulty 10 the botch chance rises until ${worstBotchPool(10).pool} dice`);
  });
});
