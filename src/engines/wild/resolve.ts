/**
 * Planning and resolving a `wild` roll. The first throws are the normal dice, the Wild Die and one
 * extra Wild Die per Character Point ({@link THROW_ORDER}). After that, throws come in rounds: each
 * round holds one throw for every chain (the Wild Die, then each extra Wild Die in order) whose
 * step list asks for more, until no chain does. The step lists are compiled once into lookup
 * tables (stage × face → step) read from the data by {@link nextStep}.
 */

import type { DieMark, DieResult, DieSpec, Throw } from "../shared/core.ts";
import { formatBonus, formatCode } from "./code.ts";
import { MAX_CHARACTER_POINTS, shapeOf, withDefaults, type WildRequest, type WildShape } from "./request.ts";
import {
  CHAIN_STAGES,
  CP_WILD_STEPS,
  THROW_ORDER,
  WILD_DIE_STEPS,
  WILD_FACES,
  nextStep,
  type ChainStage,
  type ChainStep,
  type WildLabel,
  type WildRole,
} from "./steps.ts";

/** One die of a `wild` outcome. */
export interface WildDieResult extends DieResult {
  /** The die's role. */
  readonly role: WildRole;
  /** What the die adds to the total: its face, its negated face, or 0 (a first 1 counting nothing). */
  readonly contribution: number;
  /** The chain stage of a Wild Die or extra Wild Die throw (absent for normal dice). */
  readonly stage?: ChainStage;
}

/** The outcome of a `wild` roll: everything its chat card shows. */
export interface WildOutcome {
  /** The engine id. */
  readonly engine: "wild";
  /** The character's die code as requested, e.g. `3D+1`. */
  readonly code: string;
  /** The outside bonus, e.g. `+2D+1`, or null when there is none. */
  readonly outsideCode: string | null;
  /** The dice and pips the request turned into (after a Fate Point). */
  readonly shape: WildShape;
  /** Character Points spent on the roll (extra Wild Dice). */
  readonly characterPoints: number;
  /** Whether a Fate Point was spent on the roll. */
  readonly fatePoint: boolean;
  /** The world setting in force: whether the first 1 of a critical failure counts as its face. */
  readonly firstOneCounts: boolean;
  /** Every die in throw order. */
  readonly dice: readonly WildDieResult[];
  /** Sum of the normal dice. */
  readonly normalTotal: number;
  /** Net contribution of the Wild Die's chain (its throws added, subtraction throws taken off). */
  readonly wildTotal: number;
  /** Sum of the extra Wild Dice's chains. */
  readonly cpTotal: number;
  /** Pips added (character pips, doubled by a Fate Point, plus outside pips). */
  readonly pips: number;
  /** The roll's total (not clamped: a catastrophic failure can bring it below zero). */
  readonly total: number;
  /** The Wild Die's first throw was a 6. */
  readonly criticalSuccess: boolean;
  /** The Wild Die's first throw was a 1. */
  readonly criticalFailure: boolean;
  /** The throw subtracted after a critical failure was a 6. */
  readonly catastrophicFailure: boolean;
  /** The labels earned, in throw order (keys under `ROLLING_BONES.Wild.Label.`). */
  readonly labels: readonly WildLabel[];
  /** The target number the total was judged against, or `null` when the roll had none. */
  readonly target: number | null;
  /** Whether the total reached the target (`total ≥ target`), or `null` without a target. */
  readonly success: boolean | null;
}

/** A step list compiled to a table: `next[stage * 7 + face]` is the index of the step that fires, or −1. */
interface Compiled {
  readonly steps: readonly ChainStep[];
  readonly next: Int8Array;
  /** The stage number each step leads to. */
  readonly stageOf: Int8Array;
  /** `triggerMarks[step * STAGES + stage]`: the marks the step gives the throw that fired it from that stage. */
  readonly triggerMarks: readonly (readonly DieMark[])[];
  /** `labels[step * STAGES + stage]`: the label the step earns when fired from that stage, if any. */
  readonly labels: readonly (WildLabel | undefined)[];
}

const FACES = WILD_FACES;
const STRIDE = FACES + 1;
const STAGES = CHAIN_STAGES.length;
const FIRST_STAGE = CHAIN_STAGES.indexOf("first");
const EMPTY: readonly DieMark[] = Object.freeze([]);

function compile(steps: readonly ChainStep[]): Compiled {
  const next = new Int8Array(CHAIN_STAGES.length * STRIDE).fill(-1);
  CHAIN_STAGES.forEach((stage, si) => {
    for (let face = 1; face <= WILD_FACES; face++) {
      const s = nextStep(steps, stage, face);
      if (s !== undefined) next[si * STRIDE + face] = steps.indexOf(s);
    }
  });
  const triggerMarks: (readonly DieMark[])[] = [];
  const labels: (WildLabel | undefined)[] = [];
  for (const s of steps) {
    for (const stage of CHAIN_STAGES) {
      triggerMarks.push(s.triggerMarks[stage] ?? EMPTY);
      labels.push(s.labels[stage]);
    }
  }
  return { steps, next, stageOf: Int8Array.from(steps, (s) => CHAIN_STAGES.indexOf(s.id)), triggerMarks, labels };
}

const WILD_TABLE = compile(WILD_DIE_STEPS);
const CP_TABLE = compile(CP_WILD_STEPS);
const SPECS: Readonly<Record<WildRole, DieSpec>> = Object.freeze({
  normal: Object.freeze({ faces: WILD_FACES, role: "normal" }),
  wild: Object.freeze({ faces: WILD_FACES, role: "wild" }),
  wildSubtract: Object.freeze({ faces: WILD_FACES, role: "wildSubtract" }),
  cpWild: Object.freeze({ faces: WILD_FACES, role: "cpWild" }),
});

/** Where each role's first throws start in the list of throws, following {@link THROW_ORDER}. */
interface Starts {
  readonly normal: number;
  readonly wild: number;
  readonly cpWild: number;
}

/** 1 when role `a` comes before role `b` in {@link THROW_ORDER}, else 0. */
function before(a: WildRole, b: WildRole): number {
  const i = THROW_ORDER.indexOf(a);
  return i >= 0 && i < THROW_ORDER.indexOf(b) ? 1 : 0;
}

// The order of the first throws, read once from THROW_ORDER.
const WILD_BEFORE_NORMAL = before("wild", "normal");
const CP_BEFORE_NORMAL = before("cpWild", "normal");
const NORMAL_BEFORE_WILD = before("normal", "wild");
const CP_BEFORE_WILD = before("cpWild", "wild");
const NORMAL_BEFORE_CP = before("normal", "cpWild");
const WILD_BEFORE_CP = before("wild", "cpWild");

/** Where each role's first throws start: the sizes of the roles before it in {@link THROW_ORDER}. */
function startsOf(normal: number, cp: number): Starts {
  return {
    normal: WILD_BEFORE_NORMAL + CP_BEFORE_NORMAL * cp,
    wild: NORMAL_BEFORE_WILD * normal + CP_BEFORE_WILD * cp,
    cpWild: NORMAL_BEFORE_CP * normal + WILD_BEFORE_CP,
  };
}

/** The role of the k-th first throw. */
function firstRole(k: number, s: Starts, normal: number): WildRole {
  if (k === s.wild) return "wild";
  return k >= s.normal && k < s.normal + normal ? "normal" : "cpWild";
}

function fail(t: Throw | undefined, role: WildRole, index: number): never {
  if (t === undefined) throw new RangeError(`wild: throw ${index} is missing`);
  if (t.faces !== FACES || t.role !== role) {
    throw new RangeError(`wild: throw ${index} is a d${t.faces} ${t.role}, expected a d${FACES} ${role}`);
  }
  throw new RangeError(`wild: throw ${index} shows ${t.value}, not a face of a d${FACES}`);
}

/** The face of a throw, after checking it is the die expected. */
function check(t: Throw | undefined, role: WildRole, index: number): number {
  if (t === undefined || t.faces !== FACES || t.role !== role) return fail(t, role, index);
  const v = t.value;
  if ((v | 0) !== v || v < 1 || v > FACES) return fail(t, role, index);
  return v;
}

/**
 * Per-throw records of a walk: the chain (−1 for a normal die) and the step that made it (−1 for a
 * first throw). The buffers are reused by every resolution (`resolve` is synchronous and never
 * re-entered) and grow when a roll has more throws than they hold; {@link records} clears them.
 */
interface Records {
  chain: Int32Array;
  step: Int32Array;
  /** What each throw adds to the total. */
  contribution: Int32Array;
  /** For a throw that fired a step, the index into its table's `triggerMarks` and `labels`; else −1. */
  trigger: Int32Array;
}

const RECORDS: Records = {
  chain: new Int32Array(64),
  step: new Int32Array(64),
  contribution: new Int32Array(64),
  trigger: new Int32Array(64),
};

/** The shared records, large enough for `n` throws, with the first `n` entries cleared. */
function records(n: number): Records {
  const r = RECORDS;
  if (r.chain.length < n) {
    const size = Math.max(n, 2 * r.chain.length);
    r.chain = new Int32Array(size);
    r.step = new Int32Array(size);
    r.contribution = new Int32Array(size);
    r.trigger = new Int32Array(size);
  }
  // One plain loop: for a handful of throws it is cheaper than four calls of `fill`.
  const { chain, step, contribution, trigger } = r;
  for (let k = 0; k < n; k++) {
    chain[k] = -1;
    step[k] = -1;
    contribution[k] = 0;
    trigger[k] = -1;
  }
  return r;
}

/** The most chains a roll can have: the Wild Die and one extra Wild Die per Character Point. */
const MAX_CHAINS = 1 + MAX_CHARACTER_POINTS;

/** Per chain, its current stage and the face of its latest throw (reused by every walk). */
const CHAIN_STAGE = new Int8Array(MAX_CHAINS);
const CHAIN_FACE = new Int8Array(MAX_CHAINS);

/** Per chain, the position of its latest throw (reused by every resolution). */
const CHAIN_LAST = new Int32Array(MAX_CHAINS);

/**
 * Replays the throw protocol over the throws so far and returns the dice still missing. With
 * records, it also notes each throw's chain and step.
 */
function walk(normal: number, cp: number, thrown: readonly Throw[], rec: Records | null): DieSpec[] {
  const missing: DieSpec[] = [];
  const initial = normal + 1 + cp;
  const len = thrown.length;
  const lim = len < initial ? len : initial;
  const starts = startsOf(normal, cp);
  for (let k = 0; k < lim; k++) check(thrown[k], firstRole(k, starts, normal), k);
  if (len < initial) {
    for (let k = len; k < initial; k++) missing.push(SPECS[firstRole(k, starts, normal)]);
    return missing;
  }
  const chains = 1 + cp;
  const stage = CHAIN_STAGE;
  const face = CHAIN_FACE;
  for (let c = 0; c < chains; c++) {
    const at = c === 0 ? starts.wild : starts.cpWild + c - 1;
    stage[c] = 0;
    face[c] = (thrown[at] as Throw).value;
    if (rec !== null) rec.chain[at] = c;
  }
  let pos = initial;
  for (;;) {
    let open = false;
    for (let c = 0; c < chains; c++) {
      const table = c === 0 ? WILD_TABLE : CP_TABLE;
      const si = table.next[(stage[c] as number) * STRIDE + (face[c] as number)] as number;
      if (si < 0) continue;
      open = true;
      const step = table.steps[si] as ChainStep;
      if (pos >= len) {
        missing.push(SPECS[step.role]);
        continue;
      }
      face[c] = check(thrown[pos], step.role, pos);
      stage[c] = table.stageOf[si] as number;
      if (rec !== null) {
        rec.chain[pos] = c;
        rec.step[pos] = si;
      }
      pos++;
    }
    if (!open || missing.length > 0) break;
  }
  if (pos < len) throw new RangeError(`wild: ${len - pos} throw(s) more than the roll asks for`);
  return missing;
}

/** The texts of die codes and outside bonuses already written, by dice and pips (strings are immutable). */
const CODE_TEXT = new Map<number, string>();
const BONUS_TEXT = new Map<number, string>();

/**
 * A key for a (dice, pips) pair, or −1 when the pair lies outside what is remembered (then the
 * text is written, and any error raised, every time).
 */
function codeKey(dice: number, pips: number): number {
  if ((dice | 0) !== dice || (pips | 0) !== pips || dice < 0 || dice > 1000 || pips < -500 || pips > 500) return -1;
  return dice * 1024 + pips + 512;
}

/**
 * A text function remembered per (dice, pips) in `memory`; values outside the key's range are
 * formatted every time (so their errors are raised every time).
 */
function remembered(memory: Map<number, string>, format: (dice: number, pips: number) => string) {
  return (dice: number, pips: number): string => {
    const key = codeKey(dice, pips);
    if (key < 0) return format(dice, pips);
    let text = memory.get(key);
    if (text === undefined) {
      text = format(dice, pips);
      memory.set(key, text);
    }
    return text;
  };
}

/** {@link formatCode}, remembered per (dice, pips). */
const codeText = remembered(CODE_TEXT, formatCode);

/** {@link formatBonus}, remembered per (dice, pips). */
const bonusText = remembered(BONUS_TEXT, formatBonus);

/**
 * The dice still to throw for a validated request, given the throws so far.
 *
 * @returns The missing dice (all six-sided), empty when the roll is complete.
 * @throws RangeError when the throws so far do not match what the roll asks for.
 */
export function plan(request: WildRequest, thrown: readonly Throw[]): DieSpec[] {
  const shape = shapeOf(request);
  return walk(shape.normal, shape.cpWild, thrown, null);
}

/**
 * Resolves a validated request from its complete list of throws.
 *
 * @returns The outcome, plain JSON.
 * @throws RangeError when a throw is missing, extra, of the wrong kind, or shows an impossible face.
 */
export function resolve(request: WildRequest, thrown: readonly Throw[]): WildOutcome {
  const req = withDefaults(request);
  const shape = shapeOf(req);
  const n = thrown.length;
  const rec = records(n);
  const missing = walk(shape.normal, shape.cpWild, thrown, rec);
  if (missing.length > 0) throw new RangeError(`wild: ${missing.length} throw(s) still missing`);
  const { chain, step: stepOf, contribution, trigger } = rec;
  const last = CHAIN_LAST;
  for (let c = 0; c <= shape.cpWild; c++) last[c] = 0;
  const labels: WildLabel[] = [];
  let criticalSuccess = false;
  let criticalFailure = false;
  let catastrophicFailure = false;
  for (let k = 0; k < n; k++) {
    const t = thrown[k] as Throw;
    const c = chain[k] as number;
    const si = stepOf[k] as number;
    if (c < 0 || si < 0) {
      contribution[k] = t.value;
      if (c >= 0) last[c] = k;
      continue;
    }
    const table = c === 0 ? WILD_TABLE : CP_TABLE;
    const step = table.steps[si] as ChainStep;
    contribution[k] = step.sign * t.value;
    const prev = last[c] as number;
    const prevSi = stepOf[prev] as number;
    const at = si * STAGES + (prevSi < 0 ? FIRST_STAGE : (table.stageOf[prevSi] as number));
    trigger[prev] = at;
    const label = table.labels[at];
    if (label !== undefined) {
      labels.push(label);
      if (label === "criticalSuccess") criticalSuccess = true;
      else if (label === "criticalFailure") criticalFailure = true;
      else catastrophicFailure = true;
    }
    if (step.triggerCountsBySetting && !req.firstOneCounts) contribution[prev] = 0;
    last[c] = k;
  }
  let normalTotal = 0;
  let wildTotal = 0;
  let cpTotal = 0;
  // Sized once and filled by index: cheaper than growing it die by die.
  const dice = new Array<WildDieResult>(n);
  for (let k = 0; k < n; k++) {
    const t = thrown[k] as Throw;
    const c = chain[k] as number;
    const v = contribution[k] as number;
    if (c < 0) {
      normalTotal += v;
      dice[k] = { index: k, faces: FACES, value: t.value, role: "normal", marks: EMPTY, contribution: v };
      continue;
    }
    if (c === 0) wildTotal += v;
    else cpTotal += v;
    const si = stepOf[k] as number;
    const table = c === 0 ? WILD_TABLE : CP_TABLE;
    const step = si < 0 ? undefined : table.steps[si];
    const own = step === undefined ? EMPTY : step.marks;
    const at = trigger[k] as number;
    const trig = at < 0 ? EMPTY : (table.triggerMarks[at] as readonly DieMark[]);
    dice[k] = {
      index: k,
      faces: FACES,
      value: t.value,
      role: t.role as WildRole,
      marks: own.length === 0 ? trig : trig.length === 0 ? own : [...own, ...trig],
      contribution: v,
      group: c + 1,
      stage: step === undefined ? "first" : step.id,
    };
  }
  const total = normalTotal + wildTotal + cpTotal + shape.pips;
  return {
    engine: "wild",
    code: codeText(req.dice, req.pips),
    outsideCode: req.outsideDice > 0 || req.outsidePips !== 0 ? bonusText(req.outsideDice, req.outsidePips) : null,
    shape,
    characterPoints: req.characterPoints,
    fatePoint: req.fatePoint,
    firstOneCounts: req.firstOneCounts,
    dice,
    normalTotal,
    wildTotal,
    cpTotal,
    pips: shape.pips,
    total,
    criticalSuccess,
    criticalFailure,
    catastrophicFailure,
    labels,
    target: req.target,
    success: req.target === null ? null : total >= req.target,
  };
}
