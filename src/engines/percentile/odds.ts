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
import { damageOf, type PercentileDamageRequest } from "./damage.ts";

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

/** The rank of every value 1..100 among the ten values its ones digit can make (index 0 unused). */
const RANK: Uint8Array = (() => {
  const ranks = new Uint8Array(101);
  for (let value = 1; value <= 100; value++) ranks[value] = rankOf(value);
  return ranks;
})();

/** Scratch for {@link odds}: the chance of each rank, of each value and of each level (overwritten by every call). */
const RANK_CHANCE = new Float64Array(D10 + 1);
const VALUE_CHANCE = new Float64Array(101);
const LEVEL_CHANCE = new Float64Array(LEVEL_COUNT);

/**
 * Exact odds of a validated request: the value distribution after cancellation and the cap, and,
 * when the request carries a rating, the result-level distribution in its table column, the chance
 * of each level or better and the chance of success.
 *
 * Works on the ten rank chances directly (the same arithmetic as {@link valueDist} and
 * {@link levelDist}, summed in the same order, so the figures are the same to the last bit),
 * without a Map or a sort; levels are read by walking the column once, since a value's level never
 * falls as the value rises.
 *
 * @param req - A validated request.
 */
export function odds(req: PercentileRequest): PercentileOdds {
  validate(req); // a bad request is refused as a roll of it would be
  const { net, clamped } = diceCounts(req);
  const m = Math.abs(net) + 1;
  const q = RANK_CHANCE;
  for (let j = 1; j <= D10; j++) {
    q[j] = net >= 0 ? (j / D10) ** m - ((j - 1) / D10) ** m : ((D10 - j + 1) / D10) ** m - ((D10 - j) / D10) ** m;
  }
  const value: DistributionJSON = {};
  value[100] = 0; // the highest key first sizes the object's index store once (see denseToJSON)
  let mean = 0;
  for (let v = 1; v <= 100; v++) {
    const p = (q[RANK[v] as number] as number) / D10;
    VALUE_CHANCE[v] = p;
    value[v] = p;
    mean += v * p;
  }
  const mode = net > 0 ? ("bonus" as const) : net < 0 ? ("penalty" as const) : ("none" as const);
  if (req.column === undefined) {
    return {
      net,
      mode,
      clamped,
      value,
      mean,
      remainder: 0,
      column: null,
      levels: null,
      levelsAtLeast: null,
      success: null,
    };
  }
  const table = req.art ?? DEFAULT_ART;
  const column = artColumn(table, req.column);
  const ranges = (table.columns[column] as ArtColumn).ranges;
  const levels = LEVEL_CHANCE.fill(0);
  let level = 0;
  for (let v = 1; v <= 100; v++) {
    for (;;) {
      if (level >= LEVEL_COUNT) throw new RangeError(`levelInColumn: value ${v} is outside the column`);
      const range = ranges[level];
      if (range && v <= range[1]) break;
      level++;
    }
    levels[level] = (levels[level] as number) + (VALUE_CHANCE[v] as number);
  }
  const byId = {} as Record<LevelId, number>;
  const atLeast = {} as Record<LevelId, number>;
  let success = 0;
  for (let i = 0; i < LEVEL_COUNT; i++) {
    const id = LEVEL_IDS[i] as LevelId;
    const here = levels[i] as number;
    byId[id] = here;
    let s = 0;
    for (let k = i; k < LEVEL_COUNT; k++) s += levels[k] as number;
    atLeast[id] = s;
    if (isSuccessIndex(i)) success += here;
  }
  return { net, mode, clamped, value, mean, remainder: 0, column, levels: byId, levelsAtLeast: atLeast, success };
}

/** The exact distribution of a validated damage request's total. */
export function damageDist(request: PercentileDamageRequest): Dist {
  const dice = request.base.reduce((d, faces) => d.add(Dist.die(faces)), Dist.point(0));
  return dice.map((sum) => damageOf(sum, request.modifier ?? 0, request.multiplier ?? 1));
}
