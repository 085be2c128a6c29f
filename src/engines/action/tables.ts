/**
 * The tables of the `action` engine (docs/rules.md §2) as data: the die sizes action dice come in, the
 * player pool by character level, the Gamemaster's die by the players' highest die, and the
 * functions that read them (a player's pool, the GM's die and pool, and the pool of a player who
 * controls several characters).
 */

import { EngineError } from "../shared/core.ts";

/** Every die size an action die may have. */
export const ACTION_DIE_SIZES = Object.freeze([3, 4, 6, 8, 10, 12, 14, 16, 20, 24] as const);

/** A die size an action die may have. */
export type ActionDieSize = (typeof ACTION_DIE_SIZES)[number];

/** The die sizes a player's pool may have (the Gamemaster's dice go up to d24). */
export const PLAYER_DIE_SIZES = Object.freeze([3, 4, 6, 8, 10, 12, 14, 16] as const);

/** A die size a player's pool may have. */
export type PlayerDieSize = (typeof PLAYER_DIE_SIZES)[number];

/** Some dice of one size: `count` dice of `faces` sides. */
export interface PoolPart {
  /** The die size. */
  readonly faces: ActionDieSize;
  /** How many dice of that size. */
  readonly count: number;
}

/** One row of the player pool table: characters from `minLevel` to `maxLevel` get `count` dice of `faces`. */
export interface PlayerPoolRow {
  /** The lowest level of the row. */
  readonly minLevel: number;
  /** The highest level of the row. */
  readonly maxLevel: number;
  /** The die size. */
  readonly faces: PlayerDieSize;
  /** The number of dice. */
  readonly count: number;
}

/** The player pool table up to level 40; the row `0`–`0.5` holds characters below level 1. */
export const PLAYER_POOL_TABLE: readonly PlayerPoolRow[] = Object.freeze([
  { minLevel: 0, maxLevel: 0.5, faces: 3, count: 2 },
  { minLevel: 1, maxLevel: 5, faces: 4, count: 3 },
  { minLevel: 6, maxLevel: 10, faces: 6, count: 4 },
  { minLevel: 11, maxLevel: 15, faces: 8, count: 5 },
  { minLevel: 16, maxLevel: 20, faces: 10, count: 6 },
  { minLevel: 21, maxLevel: 25, faces: 12, count: 7 },
  { minLevel: 26, maxLevel: 30, faces: 14, count: 8 },
  { minLevel: 31, maxLevel: 35, faces: 16, count: 9 },
  { minLevel: 36, maxLevel: 40, faces: 16, count: 10 },
]);

/**
 * Beyond the table: from `fromLevel` on, the die stays `faces` and the count grows from
 * `baseCount` by one die for each full or begun `levelsPerDie` levels past `fromLevel − 1`.
 */
export const PLAYER_POOL_BEYOND = Object.freeze({
  fromLevel: 41,
  faces: 16,
  baseCount: 10,
  levelsPerDie: 5,
});

/** The highest character level the engine accepts. */
export const MAX_LEVEL = 999;

/** The Gamemaster's die size for each highest player die size. */
export const GM_DIE_BY_PLAYER_DIE: Readonly<Record<PlayerDieSize, ActionDieSize>> = Object.freeze({
  3: 6,
  4: 8,
  6: 10,
  8: 12,
  10: 14,
  12: 16,
  14: 20,
  16: 24,
});

/** How a player who controls several characters gets one pool (a world setting). */
export type MultiCharacterRule = "highest" | "balanced" | "divided";

/** Every multi-character rule, the default first. */
export const MULTI_CHARACTER_RULES: readonly MultiCharacterRule[] = Object.freeze(["highest", "balanced", "divided"]);

/**
 * Under the `balanced` rule, when the characters are four or more levels apart, the pool is either
 * the highest character's pool with one die `fewer`, or one die more than that pool but of the lowest
 * character's `smaller` die size.
 */
export type BalancedChoice = "fewer" | "smaller";

/** Levels at most this far apart count as "close" under the `balanced` rule. */
export const BALANCED_LEVEL_SPREAD = 3;

/** True when `faces` is a size an action die may have. */
export function isActionDieSize(faces: unknown): faces is ActionDieSize {
  return typeof faces === "number" && (ACTION_DIE_SIZES as readonly number[]).includes(faces);
}

/** True when `faces` is a size a player's pool may have. */
export function isPlayerDieSize(faces: unknown): faces is PlayerDieSize {
  return typeof faces === "number" && (PLAYER_DIE_SIZES as readonly number[]).includes(faces);
}

/**
 * Checks a character level: a whole number from 0 to {@link MAX_LEVEL}, or 0.5 (a "level ½"
 * character). Throws an {@link EngineError} `InvalidLevel` otherwise.
 *
 * @returns The level.
 */
export function requireLevel(level: unknown): number {
  const ok =
    typeof level === "number" && (level === 0.5 || (Number.isInteger(level) && level >= 0 && level <= MAX_LEVEL));
  if (!ok) throw new EngineError("InvalidLevel", { value: level, max: MAX_LEVEL });
  return level;
}

/**
 * The action dice a player gets for one character of the given level.
 *
 * @param level - A character level (0, 0.5 or a whole number up to {@link MAX_LEVEL}).
 * @returns The die size and count.
 */
export function playerPool(level: number): PoolPart & { readonly faces: PlayerDieSize } {
  requireLevel(level);
  for (const row of PLAYER_POOL_TABLE) {
    if (level >= row.minLevel && level <= row.maxLevel) return { faces: row.faces, count: row.count };
  }
  const beyond = PLAYER_POOL_BEYOND;
  const extra = Math.ceil((level - (beyond.fromLevel - 1)) / beyond.levelsPerDie);
  return { faces: beyond.faces, count: beyond.baseCount + extra };
}

/**
 * The Gamemaster's die size: one step above the highest die size among the players' pools.
 *
 * @param playerDieFaces - The die sizes of every player's pool (at least one).
 */
export function gmDie(playerDieFaces: readonly number[]): ActionDieSize {
  if (playerDieFaces.length === 0) throw new EngineError("NoPlayers");
  let highest: PlayerDieSize = 3;
  for (const faces of playerDieFaces) {
    if (!isPlayerDieSize(faces)) {
      throw new EngineError("DieSizeNotAllowed", { faces: faces, allowed: PLAYER_DIE_SIZES.join(", ") });
    }
    if (faces > highest) highest = faces;
  }
  return GM_DIE_BY_PLAYER_DIE[highest];
}

/** The total number of dice in a pool given as parts. */
export function poolCount(pool: readonly PoolPart[]): number {
  let n = 0;
  for (const part of pool) n += part.count;
  return n;
}

/**
 * The Gamemaster's pool at the start of a session: the number of players plus the largest number
 * of dice in any one player's pool, all of the GM die size ({@link gmDie}).
 *
 * @param playerPools - One pool per player (not the GM), each a single part or a list of parts.
 */
export function gmPool(playerPools: readonly (PoolPart | readonly PoolPart[])[]): PoolPart {
  const faces: number[] = [];
  let largest = 0;
  for (const entry of playerPools) {
    const parts: readonly PoolPart[] = Array.isArray(entry) ? entry : [entry as PoolPart];
    for (const part of parts) {
      if (!Number.isInteger(part.count) || part.count < 0) {
        throw new EngineError("NotInteger", { field: "count", value: part.count });
      }
      faces.push(part.faces);
    }
    largest = Math.max(largest, poolCount(parts));
  }
  return { faces: gmDie(faces), count: playerPools.length + largest };
}

/** Sorts parts by die size (largest first), merges equal sizes and drops empty parts. */
export function normalizePool(parts: readonly PoolPart[]): PoolPart[] {
  const counts = new Map<ActionDieSize, number>();
  for (const part of parts) if (part.count > 0) counts.set(part.faces, (counts.get(part.faces) ?? 0) + part.count);
  return [...counts.entries()].sort((a, b) => b[0] - a[0]).map(([faces, count]) => ({ faces, count }));
}

/**
 * The one pool of a player who controls characters of the given levels.
 *
 * - `highest`: the pool of the highest-level character.
 * - `balanced`: the highest character's pool when the levels are at most
 *   {@link BALANCED_LEVEL_SPREAD} apart; otherwise, by `choice`, that pool with one die `fewer`,
 *   or (`smaller`) one die more than it but of the lowest character's die size. When both
 *   characters use the same die size, `smaller` would add a die of the same size, which the rules
 *   never allow, so it gives the `fewer` pool.
 * - `divided`: each character's pool count divided by the number of characters, rounded down,
 *   each of its own die size; if that leaves no die at all, one die of the highest character's size.
 *
 * With one character every rule gives that character's pool.
 *
 * @returns The pool as parts, largest die size first.
 */
export function poolForCharacters(
  levels: readonly number[],
  rule: MultiCharacterRule = "highest",
  choice: BalancedChoice = "fewer",
): PoolPart[] {
  if (levels.length === 0) throw new EngineError("NoCharacters");
  if (!MULTI_CHARACTER_RULES.includes(rule)) throw new EngineError("UnknownRule", { rule: rule });
  if (choice !== "fewer" && choice !== "smaller") throw new EngineError("UnknownRule", { rule: choice });
  let high = -1;
  let low = Infinity;
  for (const level of levels) {
    requireLevel(level);
    high = Math.max(high, level);
    low = Math.min(low, level);
  }
  const top = playerPool(high);
  if (levels.length === 1 || rule === "highest") return [top];
  if (rule === "balanced") {
    if (high - low <= BALANCED_LEVEL_SPREAD) return [top];
    const bottom = playerPool(low);
    if (choice === "smaller" && bottom.faces !== top.faces) return [{ faces: bottom.faces, count: top.count + 1 }];
    return [{ faces: top.faces, count: top.count - 1 }];
  }
  const parts = levels.map((level) => {
    const own = playerPool(level);
    return { faces: own.faces, count: Math.floor(own.count / levels.length) };
  });
  const pool = normalizePool(parts);
  return pool.length > 0 ? pool : [{ faces: top.faces, count: 1 }];
}
