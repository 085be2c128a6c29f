/**
 * The odds tables of the rules journal, computed from the engines' exact `odds()` when the packs
 * are built, so the journal can never disagree with the rules the code applies. A journal page
 * holds a placeholder such as `<!-- rb-odds pool -->`; {@link fillOddsPlaceholders} replaces it
 * with the table of that id, wrapped in `<div class="rb-odds" data-rb-odds="pool">`, and
 * {@link restoreOddsPlaceholders} turns such a block back into its placeholder when a compiled pack
 * is extracted, so the committed sources keep the placeholders.
 *
 * Run by `scripts/packs.mjs` through tsx; imported by the tests.
 */

import { readFileSync } from "node:fs";
import { action, percentile, pi, pool, wild } from "../src/engines/index.ts";

/** The ids a placeholder may name, one per generated table. */
export const ODDS_IDS = Object.freeze([
  "percentile",
  "percentile-art",
  "action",
  "action-pools",
  "action-gm",
  "wild",
  "pi",
  "pool",
  "pool-botch",
] as const);

/** One generated table's id. */
export type OddsId = (typeof ODDS_IDS)[number];

/** A generated table: a caption, column headings, rows of cell texts and an optional note below. */
export interface OddsTable {
  /** The table's id (its placeholder names it). */
  readonly id: OddsId;
  /** What the table shows. */
  readonly caption: string;
  /** The column headings. */
  readonly head: readonly string[];
  /** The rows; the first cell of each row is its heading. */
  readonly rows: readonly (readonly string[])[];
  /** Sentences shown under the table (generated from the same numbers). */
  readonly note?: string;
}

/** A placeholder in a page's HTML: `<!-- rb-odds <id> -->`. */
export const PLACEHOLDER = /<!--\s*rb-odds\s+([a-z-]+)\s*-->/g;

/** A generated block in compiled HTML (what a placeholder became). */
const GENERATED = /<div class="rb-odds" data-rb-odds="([a-z-]+)">[\s\S]*?<\/div>/g;

/**
 * A probability as the journal prints it: a percentage with one decimal (`12.3%`); below 0.05% it
 * is written `<0.1%` unless it is exactly 0.
 *
 * @param p - A probability, 0 to 1.
 */
export function percent(p: number): string {
  if (p > 0 && p < 0.0005) return "<0.1%";
  return `${(p * 100).toFixed(1)}%`;
}

/**
 * An average as the journal prints it, with two decimals; negative values keep their sign.
 *
 * @param x - The value.
 */
export function average(x: number): string {
  return x.toFixed(2);
}

/** The sum of a distribution's probabilities over the values that pass a test. */
function mass(dist: Readonly<Record<string, number>>, keep: (value: number) => boolean): number {
  let s = 0;
  for (const [value, p] of Object.entries(dist)) if (keep(Number(value))) s += p;
  return s;
}

/** The net extra dice shown in the percentile table, penalty first. */
export const PERCENTILE_NETS: readonly number[] = Object.freeze([-2, -1, 0, 1, 2]);

/** How a signed net reads: "2 penalty dice", "none", "1 bonus die". */
function netText(net: number): string {
  if (net === 0) return "none";
  const n = Math.abs(net);
  return `${n} ${net > 0 ? "bonus" : "penalty"} ${n === 1 ? "die" : "dice"}`;
}

function percentileTable(): OddsTable {
  const rows = PERCENTILE_NETS.map((net) => {
    const o = percentile.odds(percentile.validate({ bonus: Math.max(0, net), penalty: Math.max(0, -net) }));
    return [
      netText(net),
      average(o.mean),
      percent(mass(o.value, (v) => v >= 50)),
      percent(mass(o.value, (v) => v >= 90)),
    ];
  });
  return {
    id: "percentile",
    caption: "Percentile value by extra dice left after cancelling",
    head: ["Extra dice", "Average value", "Value 50 or more", "Value 90 or more"],
    rows,
  };
}

/** The English names of the result levels, worst first, read from `lang/en.json` (the journal is English). */
export function levelNames(): string[] {
  const en = JSON.parse(readFileSync(new URL("../lang/en.json", import.meta.url), "utf8")) as {
    ROLLING_BONES: { Percentile: { Level: Record<string, string> } };
  };
  return percentile.LEVEL_IDS.map((id) => en.ROLLING_BONES.Percentile.Level[id] ?? id);
}

/** A value range of the table as text: `71–80`, or a dash when no value gives the level. */
export function rangeText(range: percentile.ArtRange | null | undefined): string {
  if (!range) return "—";
  const show = (v: number) => (v === percentile.MAX_VALUE ? "00" : String(v).padStart(2, "0"));
  return range[0] === range[1] ? show(range[0]) : `${show(range[0])}–${show(range[1])}`;
}

function percentileArtTable(): OddsTable {
  const table = percentile.DEFAULT_ART;
  const names = levelNames();
  const rows = percentile.LEVEL_IDS.map((_, i) => [
    names[i] as string,
    ...table.columns.map((column) => rangeText(column.ranges[i])),
  ]).reverse();
  return {
    id: "percentile-art",
    caption: "The default Action Results Table: the values that give each level, by rating",
    head: ["Level", ...table.columns.map((c) => (c.min === c.max ? `Rating ${c.min}` : `Rating ${c.min}–${c.max}`))],
    rows,
  };
}

/** The action die sizes of the cascade table: every player die, then the GM's larger dice. */
export const ACTION_TABLE_DICE: readonly number[] = Object.freeze([3, 4, 6, 8, 10, 12, 14, 16, 20, 24]);

/** The total the action table gives the chance of reaching. */
export const ACTION_TABLE_TARGET = 10;

function actionTable(): OddsTable {
  const rows = ACTION_TABLE_DICE.map((faces) => {
    const o = action.cascadeOdds(faces);
    return [
      `d${faces}`,
      percent(o.pCascade),
      average(o.mean),
      percent(action.cascadeAtLeast(faces, ACTION_TABLE_TARGET)),
    ];
  });
  return {
    id: "action",
    caption: "One cascading action die",
    head: ["Die", "Cascades at least once", "Average total", `Total ${ACTION_TABLE_TARGET} or more`],
    rows,
  };
}

/** The levels past 40 the pool table lists as examples of the open-ended rule. */
export const ACTION_BEYOND_LEVELS: readonly number[] = Object.freeze([41, 46, 51]);

function levelRange(min: number, max: number): string {
  if (min === 0) return "below 1 (0 or ½)";
  return `${min}–${max}`;
}

function actionPoolsTable(): OddsTable {
  const rows = action.PLAYER_POOL_TABLE.map((row) => [
    levelRange(row.minLevel, row.maxLevel),
    `d${row.faces}`,
    String(row.count),
  ]);
  const beyond = action.PLAYER_POOL_BEYOND;
  for (const level of ACTION_BEYOND_LEVELS) {
    const p = action.playerPool(level);
    rows.push([levelRange(level, level + beyond.levelsPerDie - 1), `d${p.faces}`, String(p.count)]);
  }
  return {
    id: "action-pools",
    caption: "A player's action dice by character level",
    head: ["Character level", "Die", "Dice per session"],
    rows,
    note:
      `Past level ${beyond.fromLevel - 1} the die stays a d${beyond.faces} and the pool gains one die ` +
      `for every ${beyond.levelsPerDie} levels or part of ${beyond.levelsPerDie} levels.`,
  };
}

function actionGmTable(): OddsTable {
  const rows = action.PLAYER_DIE_SIZES.map((faces) => [`d${faces}`, `d${action.GM_DIE_BY_PLAYER_DIE[faces]}`]);
  return {
    id: "action-gm",
    caption: "The GM's die size",
    head: ["Largest player die", "GM die"],
    rows,
  };
}

/** The die codes (number of dice, no pips) of the wild table. */
export const WILD_TABLE_DICE: readonly number[] = Object.freeze([1, 2, 3, 4, 5]);

function wildTable(): OddsTable {
  const rows = WILD_TABLE_DICE.map((dice) => {
    const counts = wild.odds(wild.validate({ dice }));
    const nothing = wild.odds(wild.validate({ dice, firstOneCounts: false }));
    return [
      `${dice}D`,
      average(counts.mean),
      average(nothing.mean),
      percent(mass(counts.total, (v) => v < 1)),
      percent(counts.criticalFailure),
      percent(counts.catastrophicFailure),
    ];
  });
  return {
    id: "wild",
    caption: "Wild Die rolls with no pips, Character Points or Fate Point",
    head: [
      "Die code",
      "Average total",
      "Average total (first 1 counts nothing)",
      "Total below 1",
      "Critical failure",
      "Catastrophic failure",
    ],
    rows,
  };
}

/** The pools of the Precision & Impact table: a lone die, then pairs and larger mixed pools. */
export const PI_TABLE_POOLS: readonly (readonly number[])[] = Object.freeze([
  [8],
  [4, 4],
  [6, 4],
  [8, 4],
  [8, 4, 4],
  [8, 6, 4],
  [10, 6, 4],
  [12, 8, 6, 4],
]);

/** A pool as text: `d8 + d4 + d4`. */
export function poolText(dice: readonly number[]): string {
  return dice.map((f) => `d${f}`).join(" + ");
}

function piTable(): OddsTable {
  const rows = PI_TABLE_POOLS.map((dice) => {
    const o = pi.odds(pi.validate({ pool: [...dice] }));
    return [
      poolText(dice),
      average(o.bestPrecision.meanPrecision),
      average(o.bestPrecision.meanImpact),
      average(o.bestImpact.meanImpact),
      percent(o.autoFail),
    ];
  });
  return {
    id: "pi",
    caption: "Precision & Impact averages with no hindrance or modifiers",
    head: [
      "Pool",
      "Precision (best-Precision pick)",
      "Impact (best-Precision pick)",
      "Impact (best-Impact pick)",
      "Fails on its own",
    ],
    rows,
  };
}

/** The pool sizes of the success table. */
export const POOL_TABLE_SIZES: readonly number[] = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

/** The difficulties of the success table. */
export const POOL_TABLE_DIFFICULTIES: readonly number[] = Object.freeze([6, 8]);

function poolTable(): OddsTable {
  const rows = POOL_TABLE_SIZES.map((size) => {
    const cells = [String(size)];
    for (const difficulty of POOL_TABLE_DIFFICULTIES) {
      const o = pool.odds({ pool: size, difficulty });
      cells.push(percent(o.pSuccess), percent(o.pBotch));
    }
    return cells;
  });
  return {
    id: "pool",
    caption: "Success and botch chances (no botch cancellation, no Willpower)",
    head: [
      "Dice",
      ...POOL_TABLE_DIFFICULTIES.flatMap((d) => [`Success at difficulty ${d}`, `Botch at difficulty ${d}`]),
    ],
    rows,
  };
}

/** The difficulties of the botch table. */
export const BOTCH_TABLE_DIFFICULTIES: readonly number[] = Object.freeze([6, 7, 8, 9, 10]);

/** The pool sizes of the botch table. */
export const BOTCH_TABLE_SIZES: readonly number[] = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8]);

/** The largest pool searched for the worst botch chance at a difficulty. */
const BOTCH_SEARCH_MAX = 30;

/**
 * The pool size with the highest botch chance at a difficulty (no cancellation), and that chance;
 * the smallest such pool on a tie.
 *
 * @param difficulty - The difficulty, 2 to 10.
 */
export function worstBotchPool(difficulty: number): { pool: number; chance: number } {
  let best = { pool: 1, chance: pool.botchChance(1, difficulty) };
  for (let n = 2; n <= BOTCH_SEARCH_MAX; n++) {
    const chance = pool.botchChance(n, difficulty);
    if (chance > best.chance) best = { pool: n, chance };
  }
  return best;
}

function poolBotchTable(): OddsTable {
  const rows = BOTCH_TABLE_DIFFICULTIES.map((difficulty) => [
    String(difficulty),
    ...BOTCH_TABLE_SIZES.map((n) => percent(pool.botchChance(n, difficulty))),
  ]);
  const sentences = BOTCH_TABLE_DIFFICULTIES.map((difficulty) => {
    const worst = worstBotchPool(difficulty);
    if (worst.pool === 1) {
      return `At difficulty ${difficulty} a single die botches most often (${percent(worst.chance)}); every extra die lowers the chance.`;
    }
    return `At difficulty ${difficulty} the botch chance rises until ${worst.pool} dice (${percent(worst.chance)}) and falls after that.`;
  });
  return {
    id: "pool-botch",
    caption: "Botch chance by difficulty and pool size (no botch cancellation)",
    head: ["Difficulty", ...BOTCH_TABLE_SIZES.map((n) => `${n} ${n === 1 ? "die" : "dice"}`)],
    rows,
    note: sentences.join(" "),
  };
}

/** Every generated table by id. */
export function oddsTables(): Record<OddsId, OddsTable> {
  return {
    percentile: percentileTable(),
    "percentile-art": percentileArtTable(),
    action: actionTable(),
    "action-pools": actionPoolsTable(),
    "action-gm": actionGmTable(),
    wild: wildTable(),
    pi: piTable(),
    pool: poolTable(),
    "pool-botch": poolBotchTable(),
  };
}

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A table as the HTML a journal page holds: a `<div class="rb-odds" data-rb-odds="<id>">` around
 * a captioned `<table>` (column headings in `<thead>`, each row headed by its first cell) and the
 * note, if any, as a paragraph.
 *
 * @param table - The table.
 */
export function renderOddsTable(table: OddsTable): string {
  const head = table.head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("");
  const body = table.rows
    .map((row) => {
      const [first = "", ...rest] = row;
      return `<tr><th scope="row">${escapeHtml(first)}</th>${rest.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`;
    })
    .join("");
  const note = table.note ? `<p>${escapeHtml(table.note)}</p>` : "";
  return (
    `<div class="rb-odds" data-rb-odds="${table.id}">` +
    `<table><caption>${escapeHtml(table.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>` +
    `${note}</div>`
  );
}

/** Whether a string names a generated table. */
export function isOddsId(id: string): id is OddsId {
  return (ODDS_IDS as readonly string[]).includes(id);
}

/**
 * Replaces every placeholder in a page's HTML with its generated table.
 *
 * @param html - The page's HTML.
 * @param tables - The tables (computed once per build).
 * @returns The HTML with the tables in, and the ids replaced, in order.
 * @throws Error naming an unknown placeholder id.
 */
export function fillOddsPlaceholders(
  html: string,
  tables: Readonly<Record<OddsId, OddsTable>> = oddsTables(),
): { html: string; replaced: OddsId[] } {
  const replaced: OddsId[] = [];
  const out = html.replace(PLACEHOLDER, (_match, id: string) => {
    if (!isOddsId(id)) throw new Error(`unknown odds placeholder "rb-odds ${id}"`);
    replaced.push(id);
    return renderOddsTable(tables[id]);
  });
  return { html: out, replaced };
}

/**
 * Turns every generated block back into its placeholder (for extracting a compiled pack).
 *
 * @param html - HTML holding generated tables.
 */
export function restoreOddsPlaceholders(html: string): string {
  return html.replace(GENERATED, (_match, id: string) => `<!-- rb-odds ${id} -->`);
}

/** A JournalEntry source as the pack build sees it (pages embedded). */
interface JournalSource {
  pages?: { type?: string; text?: { content?: string } }[];
}

/**
 * Fills the placeholders of every text page of a JournalEntry source, in place.
 *
 * @param doc - The JournalEntry source.
 * @param tables - The tables (computed once per build).
 * @returns The ids replaced, in page order.
 */
export function fillJournal(doc: JournalSource, tables: Readonly<Record<OddsId, OddsTable>>): OddsId[] {
  const replaced: OddsId[] = [];
  for (const page of doc.pages ?? []) {
    const content = page.text?.content;
    if (page.type !== "text" || typeof content !== "string" || !page.text) continue;
    const filled = fillOddsPlaceholders(content, tables);
    page.text.content = filled.html;
    replaced.push(...filled.replaced);
  }
  return replaced;
}

/**
 * Restores the placeholders of every text page of a JournalEntry source, in place.
 *
 * @param doc - The JournalEntry source.
 */
export function restoreJournal(doc: JournalSource): void {
  for (const page of doc.pages ?? []) {
    const content = page.text?.content;
    if (page.type !== "text" || typeof content !== "string" || !page.text) continue;
    page.text.content = restoreOddsPlaceholders(content);
  }
}
