/**
 * Plan and resolution of a percentile roll. The rule runs as an ordered list of steps
 * ({@link PERCENTILE_STEPS}): cancel bonus against penalty dice, apply the cap, throw, let an extra
 * die replace the tens die, read the value, read it on the table, apply the called shot. `plan`
 * runs the steps before the throw to know which dice to ask for; `resolve` runs them all.
 */

import type { DieMark, DieResult, DieSpec, Throw } from "../shared/core.ts";
import { DEFAULT_ART, lookupLevel, successFrom, type ArtColumn, type ArtReading } from "./art.ts";
import { assistEffectAt, type AssistEffect, type LevelId } from "./levels.ts";
import { DEFAULT_CAP, calledShotMultiplier, karmaCost, type Clamp, type PercentileRequest } from "./request.ts";

/** The faces of every percentile die. */
export const D10 = 10;

/**
 * The role keys of the dice: the two percentile dice, the roll's own extra dice, and the extra tens
 * dice an attack throws beyond them for its targets (`extra`, read only by the targets that need them).
 */
export type PercentileRole = "tens" | "ones" | "bonus" | "penalty" | "extra";

/** Which kind of extra dice a roll throws, if any. */
export type ExtraMode = "bonus" | "penalty" | "none";

/** The ids of the resolution steps. */
export type PercentileStepId =
  "cancel" | "cap" | "throw" | "replace-tens" | "read-value" | "read-table" | "called-shot";

/**
 * The order of the rule, as data: bonus and penalty dice cancel one for one before the cap is
 * applied to what is left; the dice are thrown; the best (bonus) or worst (penalty) candidate
 * becomes the tens die; the value is read; then the table; then the called-shot multiplier, which
 * needs the success.
 */
export const PERCENTILE_STEPS: readonly PercentileStepId[] = Object.freeze([
  "cancel",
  "cap",
  "throw",
  "replace-tens",
  "read-value",
  "read-table",
  "called-shot",
]);

/** A die of a percentile outcome: the shared die view plus its 0–9 reading. */
export interface PercentileDie extends DieResult {
  /** The role of the die. */
  readonly role: PercentileRole;
  /** The digit the die reads, 0–9 (a d10 showing 10 reads 0). */
  readonly reading: number;
}

/** The called-shot part of an outcome. */
export interface CalledShot {
  /** The voluntary penalty dice taken. */
  readonly requested: number;
  /** How many of them changed the dice thrown (those lost to the cap do not count). */
  readonly applied: number;
  /** The weapon's base damage multiplier. */
  readonly base: number;
  /** The damage multiplier: raised by `applied` on a success, the base otherwise. */
  readonly multiplier: number;
}

/** The outcome of a percentile roll: everything a chat card shows, nothing for it to recompute. */
export interface PercentileOutcome {
  /** The engine id. */
  readonly engine: "percentile";
  /** Every die in throw order: tens, ones, then the extra dice. */
  readonly dice: readonly PercentileDie[];
  /** Bonus dice before cancellation (circumstances plus karma-bought dice). */
  readonly bonus: number;
  /** Penalty dice before cancellation (circumstances plus voluntary dice). */
  readonly penalty: number;
  /** How many bonus dice cancelled as many penalty dice (so this many of each were not thrown). */
  readonly cancelled: number;
  /** The signed number of extra dice thrown: positive for bonus dice, negative for penalty dice. */
  readonly net: number;
  /** Which kind of extra dice was thrown. */
  readonly mode: ExtraMode;
  /** How the cap changed the net, or `null` when it did not. */
  readonly clamped: Clamp | null;
  /** The index (in `dice`) of the extra die that replaced the tens die, or `null` when none did. */
  readonly tensFrom: number | null;
  /** The tens digit used, 0–9. */
  readonly tens: number;
  /** The ones digit, 0–9. */
  readonly ones: number;
  /** The value the tens and ones dice alone would give, 1..100. */
  readonly original: number;
  /** The final value, 1..100 (100 is "00"). */
  readonly value: number;
  /** The rating that picked the table column, or `null` when none was given. */
  readonly rating: number | null;
  /** The position of the table column read, or `null` without a rating. */
  readonly column: number | null;
  /** The result level id, or `null` without a rating. */
  readonly level: LevelId | null;
  /**
   * The level the tens and ones dice alone would have given, when an extra die replaced the tens die
   * and a rating was given (what a penalty die knocked down, or a bonus die raised); else `null`.
   */
  readonly originalLevel: LevelId | null;
  /** The lowest value read as a success in the column read, or `null` without a rating or when none succeeds. */
  readonly successFrom: number | null;
  /** The result level's position (0 = worst), or `null` without a rating. */
  readonly levelIndex: number | null;
  /** Whether the result is a success, or `null` without a rating. */
  readonly success: boolean | null;
  /** What this result gives a leader if the roller was assisting, or `null` without a rating. */
  readonly assist: AssistEffect | null;
  /** The karma-bought dice and their cost. */
  readonly karma: { readonly dice: number; readonly cost: number };
  /** The called shot (all zero but the multiplier when no voluntary penalty dice were taken). */
  readonly calledShot: CalledShot;
}

/** The working state the steps fill in, in order. */
interface Work {
  req: PercentileRequest;
  readonly thrown: readonly Throw[];
  bonus: number;
  penalty: number;
  cancelled: number;
  requested: number;
  net: number;
  /** Every extra die thrown: |net|, or more for an attack's targets (`extraDice`). */
  extra: number;
  voluntaryApplied: number;
  readings: number[];
  tensFrom: number;
  value: number;
  original: number;
  reading: ArtReading | null;
  originalReading: ArtReading | null;
  successFrom: number | null;
  multiplier: number;
}

/** The digit a d10 face reads: 10 reads 0. */
export function readingOf(face: number): number {
  return face % D10;
}

/**
 * The value of a tens digit and a ones digit: `10·tens + ones`, except that two zeros ("00") make
 * 100, the top result.
 */
export function percentileValue(tens: number, ones: number): number {
  return tens === 0 && ones === 0 ? 100 : 10 * tens + ones;
}

/** Limits a signed net to the cap (0 = no cap). */
function clampNet(net: number, cap: number): number {
  return cap === 0 ? net : Math.max(-cap, Math.min(cap, net));
}

/** The steps' implementations, keyed by id; run in the order of {@link PERCENTILE_STEPS}. */
const STEP_RUNNERS: Readonly<Record<PercentileStepId, (w: Work) => void>> = {
  cancel(w) {
    w.bonus = w.req.bonus + (w.req.karmaDice ?? 0);
    w.penalty = w.req.penalty + (w.req.voluntaryPenalty ?? 0);
    w.cancelled = Math.min(w.bonus, w.penalty);
    w.requested = w.bonus - w.penalty;
  },
  cap(w) {
    const cap = w.req.cap ?? DEFAULT_CAP;
    w.net = clampNet(w.requested, cap);
    w.extra = Math.max(Math.abs(w.net), w.req.extraDice ?? 0);
    // Voluntary dice count only as far as they moved the dice thrown.
    w.voluntaryApplied = clampNet(w.requested + (w.req.voluntaryPenalty ?? 0), cap) - w.net;
  },
  throw(w) {
    const expected = diceFor(w.net, w.extra);
    const thrown = w.thrown;
    if (thrown.length !== expected.length) {
      throw new RangeError(`percentile: expected ${expected.length} dice, got ${thrown.length}`);
    }
    checkThrows(expected, thrown);
    const readings = new Array<number>(thrown.length);
    for (let i = 0; i < thrown.length; i++) readings[i] = readingOf((thrown[i] as Throw).value);
    w.readings = readings;
  },
  "replace-tens"(w) {
    const r = w.readings;
    const ones = r[1] as number;
    const sign = w.net > 0 ? 1 : -1; // bonus: keep the highest value; penalty: the lowest
    let best = 0;
    let bestScore = sign * percentileValue(r[0] as number, ones);
    // Only the roll's own extra dice; those thrown beyond them are its targets'.
    const own = 2 + Math.abs(w.net);
    for (let i = 2; i < own; i++) {
      const score = sign * percentileValue(r[i] as number, ones);
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    w.tensFrom = best;
  },
  "read-value"(w) {
    const r = w.readings;
    w.original = percentileValue(r[0] as number, r[1] as number);
    w.value = percentileValue(r[w.tensFrom] as number, r[1] as number);
  },
  "read-table"(w) {
    const rating = w.req.column;
    if (rating === undefined) return;
    const art = w.req.art ?? DEFAULT_ART;
    w.reading = lookupLevel(art, rating, w.value);
    w.successFrom = successFrom(art.columns[w.reading.column] as ArtColumn);
    if (w.tensFrom !== 0) w.originalReading = lookupLevel(art, rating, w.original);
  },
  "called-shot"(w) {
    w.multiplier = calledShotMultiplier(w.req.damageMultiplier ?? 1, w.voluntaryApplied, w.reading?.success === true);
  },
};

/** One step's implementation. */
type Runner = (w: Work) => void;

/** The runners of every step, in the order of {@link PERCENTILE_STEPS}, looked up once rather than per roll. */
const RUNNERS: readonly Runner[] = PERCENTILE_STEPS.map((id) => STEP_RUNNERS[id]);

/** A fresh working state. */
function start(req: PercentileRequest, thrown: readonly Throw[]): Work {
  return {
    req,
    thrown,
    bonus: 0,
    penalty: 0,
    cancelled: 0,
    requested: 0,
    net: 0,
    extra: 0,
    voluntaryApplied: 0,
    readings: [],
    tensFrom: 0,
    value: 0,
    original: 0,
    reading: null,
    originalReading: null,
    successFrom: null,
    multiplier: 1,
  };
}

/** The runners of the steps before the throw, which decide the dice. */
const BEFORE_THROW: readonly Runner[] = RUNNERS.slice(0, PERCENTILE_STEPS.indexOf("throw"));

/** The dice of each signed net (and count of extra dice) already built, shared and frozen. */
const DICE_BY_NET = new Map<string, readonly DieSpec[]>();

/**
 * Every die of a roll with the given signed net, in throw order (a shared, frozen list): the tens
 * and ones dice, |net| dice of the roll's own kind, then the extra tens dice thrown for targets.
 *
 * @param net - The roll's signed net.
 * @param extra - Every extra die thrown (at least |net|).
 */
function diceFor(net: number, extra: number): readonly DieSpec[] {
  const key = `${net}:${extra}`;
  let dice = DICE_BY_NET.get(key);
  if (!dice) {
    const list: DieSpec[] = [
      { faces: D10, role: "tens" },
      { faces: D10, role: "ones" },
    ];
    const role: PercentileRole = net > 0 ? "bonus" : "penalty";
    for (let i = Math.abs(net); i > 0; i--) list.push({ faces: D10, role });
    for (let i = extra - Math.abs(net); i > 0; i--) list.push({ faces: D10, role: "extra" });
    dice = Object.freeze(list.map((d) => Object.freeze(d)));
    DICE_BY_NET.set(key, dice);
  }
  return dice;
}

/** Checks that throws match the expected dice, position by position. */
function checkThrows(expected: readonly DieSpec[], thrown: readonly Throw[]): void {
  for (let i = 0; i < thrown.length; i++) {
    const t = thrown[i] as Throw;
    const e = expected[i];
    if (!e || t.faces !== e.faces || t.role !== e.role) {
      throw new RangeError(
        `percentile: throw ${i} is a d${t.faces} ${t.role}, expected ${e ? `a d${e.faces} ${e.role}` : "none"}`,
      );
    }
    if (!Number.isInteger(t.value) || t.value < 1 || t.value > t.faces) {
      throw new RangeError(`percentile: throw ${i} shows ${t.value}, not a face of a d${t.faces}`);
    }
  }
}

/** The dice counts of a request, decided by the steps before the throw. */
export interface DiceCounts {
  /** Bonus dice before cancellation (circumstances plus karma-bought dice). */
  readonly bonus: number;
  /** Penalty dice before cancellation (circumstances plus voluntary dice). */
  readonly penalty: number;
  /** How many dice of each kind cancelled out. */
  readonly cancelled: number;
  /** The signed number of extra dice thrown (positive: bonus, negative: penalty). */
  readonly net: number;
  /** How the cap changed the net, or `null` when it did not. */
  readonly clamped: Clamp | null;
  /** The voluntary penalty dice that changed the dice thrown. */
  readonly voluntaryApplied: number;
}

/** The counts of a working state once the steps before the throw have run. */
function countsOf(w: Work): DiceCounts {
  return {
    bonus: w.bonus,
    penalty: w.penalty,
    cancelled: w.cancelled,
    net: w.net,
    clamped: w.net === w.requested ? null : { requested: w.requested, applied: w.net },
    voluntaryApplied: w.voluntaryApplied,
  };
}

/**
 * The dice counts of a validated request: cancellation, then the cap (0 = no cap), as the steps
 * before the throw decide them.
 */
export function diceCounts(req: PercentileRequest): DiceCounts {
  return countsOf(countDice(req));
}

/**
 * The working state {@link countDice} reuses: `plan` runs before every throw and only needs the
 * counts, so it fills this one object instead of a new one each time (the steps are synchronous
 * and are never re-entered). {@link resolve} keeps a fresh state of its own.
 */
const COUNT_WORK: Work = start(Object.freeze({ bonus: 0, penalty: 0 }), []);

/** A working state once the steps before the throw have run (the shared {@link COUNT_WORK}, overwritten by the next call). */
function countDice(req: PercentileRequest): Work {
  const w = COUNT_WORK;
  w.req = req;
  for (let i = 0; i < BEFORE_THROW.length; i++) (BEFORE_THROW[i] as Runner)(w);
  return w;
}

/**
 * The dice still missing for a validated request: the tens die, the ones die and |net| extra d10s
 * of one kind, all in one batch (there are no follow-up throws).
 *
 * @param req - A validated request.
 * @param thrown - The throws so far, which must match the start of the plan.
 * @returns The missing dice; empty when the roll is complete.
 * @throws RangeError when the throws do not match the plan.
 */
export function plan(req: PercentileRequest, thrown: readonly Throw[]): DieSpec[] {
  const counted = countDice(req);
  const expected = diceFor(counted.net, counted.extra);
  if (thrown.length > expected.length) {
    throw new RangeError(`percentile: expected ${expected.length} dice, got ${thrown.length}`);
  }
  checkThrows(expected, thrown);
  const missing = new Array<DieSpec>(expected.length - thrown.length);
  for (let i = thrown.length; i < expected.length; i++) missing[i - thrown.length] = expected[i] as DieSpec;
  return missing;
}

/** Shared, frozen mark lists (outcomes are plain data; sharing them saves an array per die). */
const KEPT: readonly DieMark[] = Object.freeze(["kept"]);
const REPLACED: readonly DieMark[] = Object.freeze(["replaced"]);
const NO_MARKS: readonly DieMark[] = Object.freeze([]);

/** The marks of die `i` given the index of the die used as the tens digit (a shared, frozen list). */
function marksOf(i: number, tensFrom: number): readonly DieMark[] {
  if (i === 1 || i === tensFrom) return KEPT;
  return i === 0 ? REPLACED : NO_MARKS;
}

/**
 * Resolves a validated request from its complete throws. The ones die is never replaced. With
 * bonus dice, among the tens die and the bonus dice the one giving the highest value with the ones
 * digit becomes the tens die; with penalty dice, the one giving the lowest. On a tie the original
 * tens die stays, then the earliest extra die wins. Reading "00" as 100 inside that comparison keeps
 * a bonus die from ever lowering the value and a penalty die from ever raising it.
 *
 * @param req - A validated request.
 * @param thrown - The complete throws, in the order {@link plan} asked for them.
 * @returns A plain, JSON-serialisable outcome.
 * @throws RangeError when the throws do not match the plan.
 */
export function resolve(req: PercentileRequest, thrown: readonly Throw[]): PercentileOutcome {
  const w = start(req, thrown);
  for (let i = 0; i < RUNNERS.length; i++) (RUNNERS[i] as Runner)(w);
  const dice = new Array<PercentileDie>(thrown.length);
  for (let index = 0; index < thrown.length; index++) {
    const t = thrown[index] as Throw;
    dice[index] = {
      index,
      faces: t.faces,
      value: t.value,
      role: t.role as PercentileRole,
      reading: w.readings[index] as number,
      marks: marksOf(index, w.tensFrom),
    };
  }
  const reading = w.reading;
  const karmaDice = req.karmaDice ?? 0;
  return {
    engine: "percentile",
    dice,
    bonus: w.bonus,
    penalty: w.penalty,
    cancelled: w.cancelled,
    net: w.net,
    mode: w.net > 0 ? "bonus" : w.net < 0 ? "penalty" : "none",
    clamped: w.net === w.requested ? null : { requested: w.requested, applied: w.net },
    tensFrom: w.tensFrom === 0 ? null : w.tensFrom,
    tens: w.readings[w.tensFrom] as number,
    ones: w.readings[1] as number,
    original: w.original,
    value: w.value,
    rating: req.column ?? null,
    column: reading ? reading.column : null,
    level: reading ? reading.level : null,
    originalLevel: w.originalReading ? w.originalReading.level : null,
    successFrom: w.successFrom,
    levelIndex: reading ? reading.index : null,
    success: reading ? reading.success : null,
    assist: reading ? assistEffectAt(reading.index) : null,
    karma: { dice: karmaDice, cost: karmaCost(karmaDice) },
    calledShot: {
      requested: req.voluntaryPenalty ?? 0,
      applied: w.voluntaryApplied,
      base: req.damageMultiplier ?? 1,
      multiplier: w.multiplier,
    },
  };
}

/** How one target reads an attack (docs/rules.md §6): the value at its own net, and its level and success. */
export interface TargetReading {
  /** The value, 1..100. */
  readonly value: number;
  /** The result level, or `null` without a rating. */
  readonly level: LevelId | null;
  /** Whether it is a success, or `null` without a rating. */
  readonly success: boolean | null;
}

/**
 * Reads an attack's throws at a target's own net (docs/rules.md §6 "Percentile defence is always
 * applied"): the best of the tens die and the first `net` extra dice for a bonus, the worst of them
 * and the first |net| for a penalty, in the order thrown (so each target's chance is exactly the
 * one-target chance), then the table at the roll's rating.
 *
 * @param req - The attack's validated request.
 * @param thrown - Its complete throws.
 * @param net - The target's signed net ({@link netAgainst}).
 * @returns The reading, or `null` when the roll threw fewer extra dice than the net needs.
 */
export function readAtNet(req: PercentileRequest, thrown: readonly Throw[], net: number): TargetReading | null {
  if (thrown.length < 2 || Math.abs(net) > thrown.length - 2) return null;
  const r = thrown.map((t) => readingOf(t.value));
  const ones = r[1] as number;
  const sign = net > 0 ? 1 : -1;
  let value = percentileValue(r[0] as number, ones);
  for (let i = 2; i < 2 + Math.abs(net); i++) {
    const candidate = percentileValue(r[i] as number, ones);
    if (sign * candidate > sign * value) value = candidate;
  }
  if (req.column === undefined) return { value, level: null, success: null };
  const reading = lookupLevel(req.art ?? DEFAULT_ART, req.column, value);
  return { value, level: reading.level, success: reading.success };
}
