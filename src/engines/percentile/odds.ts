/**
 * Exact odds of a percentile roll. For each ones digit (ten equally likely cases) the tens digit
 * comes from the best (bonus) or worst (penalty) of m = |net| + 1 independent candidates, so the
 * chance of each value is a difference of powers: P(max ≤ the j-th smallest value) = (j/10)^m.
 * No face is enumerated and nothing is sampled; there are no explosions, so the remainder is 0.
 */

import { Dist, type DistributionJSON } from "../shared/index.ts";
import { DEFAULT_ART, artColumn, levelInColumn, type ArtColumn, type ArtTable } from "./art.ts";
import { LEVEL_COUNT, LEVEL_IDS, isSuccessIndex, type LevelId } from "./levels.ts";
import { validate, type Clamp, type PercentileRequest } from "./request.ts";
import { D10, diceCounts, type ExtraMode } from "./resolve.ts";

/** What a roll dialog shows for a request. */
export interface PercentileOdds {
  /** The signed number of extra dice that will be thrown (positive: bonus, negative: penalty). */
  readonly net: number;
  /** Which kind of extra dice will be thrown. */
  readonly mode: ExtraMode;
  /** How the cap changes the request, or `null` when it does not. */
  readonly clamped: Clamp | null;
  /** The value distribution, "1".."100" → probability. */
  readonly value: DistributionJSON;
  /** The expected value. */
  readonly mean: number;
  /** Mass not represented; always 0 here (no explosions). */
  readonly remainder: number;
  /** The table column read, or `null` without a rating. */
  readonly column: number | null;
  /** The chance of each result level, in level order, or `null` without a rating. */
  readonly levels: Readonly<Record<LevelId, number>> | null;
  /** The chance of each result level or better, in level order, or `null` without a rating. */
  readonly levelsAtLeast: Readonly<Record<LevelId, number>> | null;
  /** The chance of a success, or `null` without a rating. */
  readonly success: number | null;
}

/**
 * The exact distribution of the final value for a signed net of extra dice (positive: bonus,
 * negative: penalty, 0: a plain d%).
 *
 * @param net - The signed number of extra dice actually thrown.
 */
export function valueDist(net: number): Dist {
  const m = Math.abs(net) + 1;
  // q[j]: chance that the kept candidate is the j-th smallest of the ten values (j = 1..10).
  const q = new Array<number>(D10 + 1).fill(0);
  for (let j = 1; j <= D10; j++) {
    q[j] = net >= 0 ? (j / D10) ** m - ((j - 1) / D10) ** m : ((D10 - j + 1) / D10) ** m - ((D10 - j) / D10) ** m;
  }
  const p = new Map<number, number>();
  for (let value = 1; value <= 100; value++) p.set(value, (q[rankOf(value)] as number) / D10);
  return new Dist(p);
}

/**
 * The rank (1 = lowest) of a value among the ten values its ones digit can make. With a ones digit
 * of 1–9 the values ascend with the tens digit; with a ones digit of 0 they are 10, 20, …, 90 and
 * then 100 ("00") on top.
 */
function rankOf(value: number): number {
  if (value === 100) return D10;
  return value % D10 === 0 ? value / D10 : Math.floor(value / D10) + 1;
}

/**
 * The chance of each result level (by position, worst first) for a value distribution read in one
 * column of a checked table.
 *
 * @param table - A checked table.
 * @param rating - The actor's rating, which picks the column.
 * @param values - A distribution over values 1..100.
 */
export function levelDist(table: ArtTable, rating: number, values: Dist): number[] {
  const column = table.columns[artColumn(table, rating)] as ArtColumn;
  const out = new Array<number>(LEVEL_COUNT).fill(0);
  for (const [value, q] of values.p) {
    const i = levelInColumn(column, value);
    out[i] = (out[i] as number) + q;
  }
  return out;
}

/** A per-level array as a record keyed by level id, in level order. */
function byLevel(values: readonly number[]): Record<LevelId, number> {
  const out = {} as Record<LevelId, number>;
  LEVEL_IDS.forEach((id, i) => (out[id] = values[i] as number));
  return out;
}

/**
 * Exact odds of a validated request: the value distribution after cancellation and the cap, and,
 * when the request carries a rating, the result-level distribution in its table column, the chance
 * of each level or better and the chance of success.
 *
 * @param req - A validated request.
 */
export function odds(req: PercentileRequest): PercentileOdds {
  validate(req); // a bad request is refused as a roll of it would be
  const { net, clamped } = diceCounts(req);
  const dist = valueDist(net);
  const base = {
    net,
    mode: net > 0 ? ("bonus" as const) : net < 0 ? ("penalty" as const) : ("none" as const),
    clamped,
    value: dist.toJSON(),
    mean: dist.mean(),
    remainder: dist.remainder,
  };
  if (req.column === undefined) return { ...base, column: null, levels: null, levelsAtLeast: null, success: null };
  const table = req.art ?? DEFAULT_ART;
  const levels = levelDist(table, req.column, dist);
  const atLeast = levels.map((_, i) => levels.slice(i).reduce((s, q) => s + q, 0));
  return {
    ...base,
    column: artColumn(table, req.column),
    levels: byLevel(levels),
    levelsAtLeast: byLevel(atLeast),
    success: levels.reduce((s, q, i) => (isSuccessIndex(i) ? s + q : s), 0),
  };
}
