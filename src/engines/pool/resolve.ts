/**
 * The throw protocol of the `pool` engine: which d10s to throw, and how the thrown faces become an
 * outcome. Resolution runs the steps of {@link POOL_STEPS} in that order over a small working
 * state, then reads the verdict off the state.
 */

import type { DieMark, DieResult, DieSpec, Throw } from "../shared/core.ts";
import { checked, type PoolRequest, type ValidPoolRequest } from "./request.ts";
import {
  MAX_POOL,
  POOL_DIE_FACES,
  POOL_DIE_ROLE,
  POOL_STEPS,
  botchDegree,
  isDifficultyWarning,
  successDegree,
  type PoolDegree,
  type PoolResult,
  type PoolStepId,
} from "./tables.ts";

/**
 * One pool die as a card shows it. Marks: `success` (at or above the difficulty), `one` (a 1),
 * `cancelled` (a success and the 1 that cancelled it, set aside as a pair), `ignored` (a 1 left
 * out of the botch decision by botch cancellation). A die with no mark scored nothing.
 */
export interface PoolDie extends DieResult {
  /** For a cancelled die, the index of the die it was paired with (the 1 or the success); else `null`. */
  readonly pairedWith: number | null;
}

/** The outcome of a `pool` roll: everything a chat card shows, nothing left to recompute. */
export interface PoolOutcome {
  /** The engine id. */
  readonly engine: "pool";
  /** Every die in throw order (empty for an automatic success). */
  readonly dice: PoolDie[];
  /** The number of dice in the pool. */
  readonly pool: number;
  /** The difficulty. */
  readonly difficulty: number;
  /** The botch cancellation that applied (0, 1 or 2). */
  readonly cancellation: number;
  /** True when one success was taken without rolling. */
  readonly automatic: boolean;
  /** True when a Willpower point was spent for one success. */
  readonly willpower: boolean;
  /** Dice at or above the difficulty, cancelled ones included. */
  readonly successes: number;
  /** Dice showing 1. */
  readonly ones: number;
  /** Successes cancelled by 1s (each took one 1 with it). */
  readonly cancelled: number;
  /** 1s left out of the botch decision by botch cancellation. */
  readonly ignored: number;
  /** Successes added without dice: 1 for Willpower or an automatic success, else 0. */
  readonly freeSuccesses: number;
  /** Net successes: rolled successes minus 1s (never below 0), plus the free success. */
  readonly net: number;
  /**
   * The botch level the dice showed: the 1s still counting after botch cancellation when no die
   * scored a success, else 0. It is the level of the botch when `result` is `botch`; when a
   * Willpower success turned the roll into a success it is the level that was averted.
   */
  readonly botchLevel: number;
  /** True when the dice botched but the Willpower success made the roll succeed. */
  readonly averted: boolean;
  /** How the roll ended. */
  readonly result: PoolResult;
  /** Present (true) on a damage roll: `net` is the harm dealt; it never botches and its 1s cancel nothing. */
  readonly damage?: true;
  /** Present (true) when a penalty left the pool with no dice: nothing was thrown and the roll failed. */
  readonly emptied?: true;
  /** The degree id: a success degree on success, a botch degree on a botch, `null` on a plain failure. */
  readonly degree: PoolDegree | null;
  /** True when the difficulty deserves the dialog's warning (difficulty 10). */
  readonly difficultyWarning: boolean;
}

/** What the steps found about one die, as bits; the die's marks are read off them at the end. */
const SUCCESS = 1;
const ONE = 2;
const CANCELLED = 4;
const IGNORED = 8;

/**
 * The marks of a die by its bits, in the order the steps give them (`success` or `one`, then
 * `cancelled`, then `ignored`). Shared and frozen: outcomes are plain data, and sharing the lists
 * saves an array per die.
 */
const MARKS_BY_BITS: readonly (readonly DieMark[])[] = (() => {
  const table: (readonly DieMark[])[] = [];
  for (let bits = 0; bits < 16; bits++) {
    const marks: DieMark[] = [];
    if (bits & SUCCESS) marks.push("success");
    if (bits & ONE) marks.push("one");
    if (bits & CANCELLED) marks.push("cancelled");
    if (bits & IGNORED) marks.push("ignored");
    table.push(Object.freeze(marks));
  }
  return Object.freeze(table);
})();

/** The one spec every pool die is thrown as (shared and frozen). */
const POOL_DIE: DieSpec = Object.freeze({ faces: POOL_DIE_FACES, role: POOL_DIE_ROLE });

/**
 * Per die, the bits ({@link SUCCESS}, {@link ONE}, {@link CANCELLED}, {@link IGNORED}) the steps
 * set. One buffer reused by every resolution: `resolve` is synchronous and never re-entered, and it
 * clears the first `n` entries before the steps run.
 */
const BITS = new Uint8Array(MAX_POOL);

/**
 * Per die, the index of the die it was paired with by a cancellation, or −1. Reused like
 * {@link BITS}; only read when the working state's `paired` is true, and cleared by the step that
 * sets it.
 */
const PAIRED = new Int8Array(MAX_POOL);

/** The working state the resolution steps read and write. */
interface StepState {
  readonly req: ValidPoolRequest;
  readonly thrown: readonly Throw[];
  /** Per die, the bits the steps set ({@link BITS}). */
  readonly bits: Uint8Array;
  /** True once a cancellation has paired dice (then {@link PAIRED} holds the pairs of the first `n` dice). */
  paired: boolean;
  /** How many dice are successes. */
  successes: number;
  /** How many dice show 1. */
  ones: number;
  /** The running count of successes: each step adds or removes as the rules say. */
  net: number;
  cancelled: number;
  ignored: number;
  botchLevel: number;
  freeSuccesses: number;
}

/** One resolution step. */
type Step = (state: StepState) => void;

/** The resolution steps by id; {@link POOL_STEPS} decides their order. */
const STEPS: Readonly<Record<PoolStepId, Step>> = {
  /** Each die at or above the difficulty is a success (a 10 always is); each 1 is marked. */
  successes(state) {
    const { difficulty } = state.req;
    const { thrown, bits } = state;
    let successes = 0;
    let ones = 0;
    for (let i = 0; i < thrown.length; i++) {
      const v = (thrown[i] as Throw).value;
      if (v >= difficulty) {
        bits[i] = SUCCESS;
        successes++;
      } else if (v === 1) {
        bits[i] = ONE;
        ones++;
      }
    }
    state.successes = successes;
    state.ones = ones;
    state.net += successes;
  },
  /**
   * Each 1 cancels one success counted so far, and the net count never drops below 0. The 1s are
   * taken in throw order and the dice successes from the lowest face up (ties in throw order), so
   * the successes left standing are the highest ones. Running after the Willpower step would let a
   * 1 cancel the Willpower success; {@link POOL_STEPS} puts this step first so that cannot happen.
   */
  ruleOfOne(state) {
    // A damage roll's 1s cancel nothing (docs/rules.md §6).
    if (state.req.damage === true) return;
    const cancel = Math.min(state.net, state.ones);
    state.net -= cancel;
    const n = Math.min(cancel, state.successes);
    if (n === 0) return;
    const { thrown, bits } = state;
    const paired = PAIRED;
    for (let i = 0; i < thrown.length; i++) paired[i] = -1;
    let k = 0;
    let one = -1; // the 1 that cancels next: the next die showing 1 in throw order
    for (let face = state.req.difficulty; face <= POOL_DIE_FACES && k < n; face++) {
      for (let success = 0; success < thrown.length; success++) {
        if ((thrown[success] as Throw).value !== face || !((bits[success] as number) & SUCCESS)) continue;
        do one++;
        while (!((bits[one] as number) & ONE));
        bits[one] = (bits[one] as number) | CANCELLED;
        bits[success] = (bits[success] as number) | CANCELLED;
        paired[one] = success;
        paired[success] = one;
        if (++k === n) break;
      }
    }
    state.paired = true;
    state.cancelled = n;
  },
  /**
   * With no success on any die, the 1s make a botch; botch cancellation leaves out up to that many
   * 1s (the first in throw order). If nothing is left, the roll is a plain failure.
   */
  botchCancellation(state) {
    // A damage roll never botches (docs/rules.md §6).
    if (state.req.damage === true) return;
    const ones = state.ones;
    if (state.successes > 0 || ones === 0) return;
    state.ignored = Math.min(state.req.cancellation, ones);
    const bits = state.bits;
    for (let i = 0, k = 0; k < state.ignored; i++) {
      const b = bits[i] as number;
      if (!(b & ONE)) continue;
      bits[i] = b | IGNORED;
      k++;
    }
    state.botchLevel = ones - state.ignored;
  },
  /** A spent Willpower point adds one success after the 1s have done their work, so none cancels it. */
  willpower(state) {
    if (!state.req.willpower) return;
    state.freeSuccesses += 1;
    state.net += 1;
  },
};

/** The steps' functions in the order of {@link POOL_STEPS}, looked up once rather than per roll. */
const PIPELINE: readonly Step[] = POOL_STEPS.map((id) => STEPS[id]);

/** Checks that the throws are d10s with faces 1–10; throws a RangeError otherwise. */
function checkThrows(thrown: readonly Throw[]): void {
  for (let i = 0; i < thrown.length; i++) {
    const t = thrown[i] as Throw;
    if (t.faces !== POOL_DIE_FACES) throw new RangeError(`pool: throw ${i} is a d${t.faces}, expected a d10`);
    const v = t.value;
    if (!Number.isInteger(v) || v < 1 || v > POOL_DIE_FACES) {
      throw new RangeError(`pool: throw ${i} shows ${v}, expected 1..10`);
    }
  }
}

/**
 * The dice still to throw: one d10 per pool die, none for an automatic success.
 *
 * @param request - The request (checked again here).
 * @param thrown - The throws so far.
 * @returns The missing dice, empty when the roll is complete.
 * @throws RangeError when the throws are not d10s or are more than the pool.
 */
export function plan(request: PoolRequest, thrown: readonly Throw[]): DieSpec[] {
  const req = checked(request);
  checkThrows(thrown);
  const needed = req.automatic ? 0 : req.pool;
  if (thrown.length > needed) throw new RangeError(`pool: ${thrown.length} throws for ${needed} dice`);
  const missing = new Array<DieSpec>(needed - thrown.length);
  for (let i = 0; i < missing.length; i++) missing[i] = POOL_DIE;
  return missing;
}

/**
 * Resolves a roll from its throws by running {@link POOL_STEPS} in order.
 *
 * @param request - The request (checked again here).
 * @param thrown - Exactly the throws {@link plan} asked for.
 * @returns The outcome.
 * @throws RangeError when the throws do not match the plan.
 */
export function resolve(request: PoolRequest, thrown: readonly Throw[]): PoolOutcome {
  const req = checked(request);
  checkThrows(thrown);
  const needed = req.automatic ? 0 : req.pool;
  if (thrown.length !== needed) throw new RangeError(`pool: ${thrown.length} throws for ${needed} dice`);
  const n = thrown.length;
  const bits = BITS;
  for (let i = 0; i < n; i++) bits[i] = 0; // a plain loop: cheaper than `fill` for a handful of dice
  const state: StepState = {
    req,
    thrown,
    bits,
    paired: false,
    successes: 0,
    ones: 0,
    net: req.automatic ? 1 : 0,
    cancelled: 0,
    ignored: 0,
    botchLevel: 0,
    freeSuccesses: req.automatic ? 1 : 0,
  };
  for (let s = 0; s < PIPELINE.length; s++) (PIPELINE[s] as Step)(state);

  const net = state.net;
  const result: PoolResult = net > 0 ? "success" : state.botchLevel > 0 ? "botch" : "failure";
  const paired = state.paired;
  // Sized once and filled by index: cheaper than growing it die by die.
  const dice = new Array<PoolDie>(n);
  for (let index = 0; index < n; index++) {
    const t = thrown[index] as Throw;
    const with_ = paired ? (PAIRED[index] as number) : -1;
    dice[index] = {
      index,
      faces: t.faces,
      value: t.value,
      role: t.role,
      marks: MARKS_BY_BITS[bits[index] as number] as readonly DieMark[],
      pairedWith: with_ < 0 ? null : with_,
    };
  }
  return {
    engine: "pool",
    dice,
    pool: req.pool,
    difficulty: req.difficulty,
    cancellation: req.cancellation,
    automatic: req.automatic,
    willpower: req.willpower,
    successes: state.successes,
    ones: state.ones,
    cancelled: state.cancelled,
    ignored: state.ignored,
    freeSuccesses: state.freeSuccesses,
    net,
    botchLevel: state.botchLevel,
    averted: state.botchLevel > 0 && result !== "botch",
    result,
    degree: result === "success" ? successDegree(net) : result === "botch" ? botchDegree(state.botchLevel) : null,
    difficultyWarning: isDifficultyWarning(req.difficulty),
    ...(req.damage === true ? { damage: true as const } : {}),
    ...(req.emptied === true ? { emptied: true as const } : {}),
  };
}
