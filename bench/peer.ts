/**
 * Side by side with rpg-dice-roller (`@dice-roller/rpg-dice-roller`), in the same process and
 * interleaved: every round times our engine and each peer variant for one slice, in a rotating
 * order, so both see the same machine load; rates are per second of this process's CPU time. Both
 * sides draw from the same PRNG (mulberry32): ours through `seededFaces`, the peer's through its
 * `NumberGenerator`, whose engine is swapped for a mulberry32 engine. Both sides produce their full
 * result: our outcome object, the peer's roll object with its total read (which is when the peer
 * computes it).
 */

import { DiceRoll, NumberGenerator } from "@dice-roller/rpg-dice-roller";
import { action, pool, shared, wild } from "../src/engines/index.ts";
import { SEED } from "./throughput.ts";
import { median, rateOver } from "./timing.ts";

/** The target: our rate at least this many times the peer's. */
export const PEER_TARGET_RATIO = 2;

/**
 * A random-js style engine (`next()` gives a 32-bit integer) running mulberry32, as `seededUniform`
 * does, with the state kept as a signed 32-bit integer as ours is (no boxing per draw).
 */
function mulberry32Engine(seed: number): { next(): number } {
  let a = seed | 0;
  return {
    next(): number {
      a = (a + 0x6d2b79f5) | 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) | 0;
    },
  };
}

/** One comparison: our roll against the peer's closest notation. */
export interface Pair {
  /** Our engine in the comparison. */
  readonly engine: shared.EngineId;
  /** What is compared. */
  readonly name: string;
  /** Our request, described. */
  readonly ours: string;
  /** The peer's notation. */
  readonly notation: string;
  /** How the two differ in what they compute, for the report. */
  readonly note: string;
  /** One roll of ours. */
  readonly roll: () => unknown;
}

/** The comparisons. */
export function pairs(): Pair[] {
  const poolSource = shared.seededFaces(SEED);
  const bigSource = shared.seededFaces(SEED + 1);
  const actionSource = shared.seededFaces(SEED + 2);
  const wildSource = shared.seededFaces(SEED + 3);
  return [
    {
      engine: "pool",
      name: "pool, 6 dice",
      ours: "pool 6, difficulty 7",
      notation: "6d10>=7f=1",
      note: "ours also pairs each 1 with a success, decides botches and degrees",
      roll: () => shared.rollWith(pool.engine, { pool: 6, difficulty: 7 }, poolSource),
    },
    {
      engine: "pool",
      name: "pool, 15 dice",
      ours: "pool 15, difficulty 6",
      notation: "15d10>=6f=1",
      note: "as above",
      roll: () => shared.rollWith(pool.engine, { pool: 15, difficulty: 6 }, bigSource),
    },
    {
      engine: "action",
      name: "exploding d6 (with the d20)",
      ours: "action: d20 check + one d6 augment (cascade)",
      notation: "1d20+1d6!",
      note: "same dice; ours also reads botch/critical flags",
      roll: () => shared.rollWith(action.engine, { augments: [6] }, actionSource),
    },
    {
      engine: "action",
      name: "exploding d6 (peer without the d20)",
      ours: "action: d20 check + one d6 augment (cascade)",
      notation: "1d6!",
      note: "ours throws one d20 more than the peer",
      roll: () => shared.rollWith(action.engine, { augments: [6] }, actionSource),
    },
    {
      engine: "wild",
      name: "wild 4D+1",
      ours: "wild 4D+1",
      notation: "3d6+1d6!+1",
      note: "the peer has no critical failure on the Wild Die",
      roll: () => shared.rollWith(wild.engine, { dice: 4, pips: 1 }, wildSource),
    },
  ];
}

/** The median rates and ratios of one comparison. */
export interface PairResult {
  readonly pair: Pair;
  /** An example of the peer's output, e.g. `6d10>=7f=1: [5, 10*, 8*, 4, 2, 1_] = 1`. */
  readonly example: string;
  /** Our rolls per second of CPU time (median over rounds). */
  readonly ours: number;
  /** The peer's rolls per second re-rolling one parsed `DiceRoll` (`roll()` then `total`). */
  readonly peerReroll: number;
  /** The peer's rolls per second with `new DiceRoll(notation)` each time (parse, roll, `total`). */
  readonly peerNew: number;
  /** Median over rounds of ours / peer re-roll, each round's pair timed back to back. */
  readonly ratioReroll: number;
  /** Median over rounds of ours / peer new. */
  readonly ratioNew: number;
}

/**
 * Runs every comparison for `rounds` rounds; in each round ours, the peer's re-roll and the peer's
 * fresh roll are each timed for `sliceMs`, the order rotating from round to round.
 */
export function comparePeer(rounds = 15, sliceMs = 60): PairResult[] {
  NumberGenerator.generator.engine = mulberry32Engine(SEED);
  return pairs().map((pair) => {
    const parsed = new DiceRoll(pair.notation);
    const example = parsed.output;
    const contenders = [
      pair.roll,
      () => {
        parsed.roll();
        return parsed.total;
      },
      () => new DiceRoll(pair.notation).total,
    ];
    for (const fn of contenders) rateOver(fn, 30); // warm-up
    const rates: number[][] = [[], [], []];
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < contenders.length; k++) {
        const i = (k + r) % contenders.length;
        (rates[i] as number[]).push(rateOver(contenders[i] as () => unknown, sliceMs).cpu);
      }
    }
    const [ours, reroll, fresh] = rates as [number[], number[], number[]];
    return {
      pair,
      example,
      ours: median(ours),
      peerReroll: median(reroll),
      peerNew: median(fresh),
      ratioReroll: median(ours.map((o, r) => o / (reroll[r] as number))),
      ratioNew: median(ours.map((o, r) => o / (fresh[r] as number))),
    };
  });
}
