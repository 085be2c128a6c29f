/**
 * The throw protocol of the `action` engine. The throws of a roll come in the order things happened:
 * the d20 first, then the re-rolls and augments in the order they were made (a re-roll whose
 * `after` is k comes after the k-th augment's whole cascade). Each augment is a cascade: a die
 * showing its maximum is thrown again, without limit, so `plan` asks for one die at a time.
 * Resolution runs the steps of {@link ACTION_STEPS} in that order.
 */

import type { DieMark, DieResult, DieSpec, Throw } from "../shared/core.ts";
import {
  CRITICAL_KINDS,
  D20_KINDS,
  withDefaults,
  type ActionKind,
  type ActionRequest,
  type ValidActionRequest,
  type ValidActionReroll,
} from "./request.ts";
import type { ActionDieSize } from "./tables.ts";

/** The role of the roll's first d20. */
export const D20_ROLE = "d20";

/** The role of each other die of a roll's own (a damage formula's d8, a d6 initiative). */
export const DIE_ROLE = "die";

/** The role of a die of the roll's own: `d20` for a d20, `die` for any other size. */
export function baseRole(faces: number): string {
  return faces === 20 ? D20_ROLE : DIE_ROLE;
}

/** The role of a die thrown to replace one of the roll's own dice (a re-roll). */
export const REROLL_ROLE = "reroll";

/** The role of an action die thrown to augment the roll (each throw of its cascade). */
export const ACTION_ROLE = "action";

/** A special botch needs the check to miss its DC by at least this much. */
export const SPECIAL_BOTCH_MARGIN = 5;

/** The face of a critical threat. */
export const CRITICAL_NATURAL = 20;

/**
 * The resolution steps, in order: the natural (the last d20 thrown, after every re-roll), the
 * natural's flags (potential botch, critical threat, and whether a re-roll protected the roll from
 * a botch), the augment cascades, the total, and the comparison with the DC. The flags read the
 * natural only: augments never change them.
 */
export const ACTION_STEPS = Object.freeze(["natural", "flags", "augments", "total", "dc"] as const);

/** One resolution step id. */
export type ActionStepId = (typeof ACTION_STEPS)[number];

/** Where one part of the roll sits in the list of throws. */
export interface ActionSegment {
  /** What the throws are: one of the roll's own dice as first thrown (`d20`), a re-roll of one, or an augment's cascade. */
  readonly type: "d20" | "reroll" | "augment";
  /** The re-roll or augment index in the request (the die's index among the roll's own dice for `d20`). */
  readonly index: number;
  /** The first throw of the part. */
  readonly start: number;
  /** One past the last throw of the part thrown so far. */
  readonly end: number;
}

/** The throws of a request read against its plan. */
export interface ActionWalk {
  /** Every part of the roll that has at least started, in throw order. */
  readonly segments: readonly ActionSegment[];
  /** The next die to throw, or `null` when the roll is complete. */
  readonly missing: DieSpec | null;
}

/** One augment as the card shows it. */
export interface AugmentResult {
  /** The die size. */
  readonly faces: ActionDieSize;
  /** The group number its dice carry (augment index + 1). */
  readonly group: number;
  /** Every face of its cascade, in order. */
  readonly throws: readonly number[];
  /** How many times it cascaded (throws showing the maximum). */
  readonly cascades: number;
  /** The sum of its throws. */
  readonly total: number;
  /** The earlier throws of this action die that re-rolls replaced (each a whole cascade), in order. */
  readonly replaced: readonly (readonly number[])[];
}

/** One die of the roll's own as it stands: its size, the face that counts, and the faces re-rolls replaced. */
export interface BaseDieResult {
  /** The die size. */
  readonly faces: number;
  /** The face that counts (the last thrown for this die). */
  readonly value: number;
  /** The faces re-rolls replaced, in order. */
  readonly replaced: readonly number[];
}

/** One re-roll as the card names it: which die of the roll's own, its size, the face replaced and the new face. */
export interface RerollResult {
  /** The die's index among the roll's own dice. */
  readonly die: number;
  /** Its size. */
  readonly faces: number;
  /** The face the re-roll replaced. */
  readonly from: number;
  /** The new face (it stands even when lower). */
  readonly to: number;
}

/** The outcome of an `action` roll: everything a chat card shows, nothing left to recompute. */
export interface ActionOutcome {
  /** The engine id. */
  readonly engine: "action";
  /** The roll's kind. */
  readonly kind: ActionKind;
  /** Every die in throw order: the roll's own (`d20` / `die`), its re-rolls (`reroll`), the augment cascades (`action`). */
  readonly dice: DieResult[];
  /** The natural: the face of the last d20 thrown (for a roll of other dice, the sum of the faces that count). */
  readonly natural: number;
  /** The faces that re-rolls replaced, in order. */
  readonly replaced: readonly number[];
  /** The roll's own dice as they stand, in order. */
  readonly base: readonly BaseDieResult[];
  /** Each re-roll, in the order made, naming the die it replaced. */
  readonly rerolls: readonly RerollResult[];
  /** The modifier. */
  readonly modifier: number;
  /** The character level added (insight rolls; 0 otherwise). */
  readonly level: number;
  /** Each augment, in the order used. */
  readonly augments: readonly AugmentResult[];
  /** The sum of every augment. */
  readonly augmentTotal: number;
  /** natural + modifier + level + augments. */
  readonly total: number;
  /** The botch range (naturals 1 to it are potential botches). */
  readonly botchRange: number;
  /** True when the natural is in the botch range. */
  readonly potentialBotch: boolean;
  /** True when a d20 showing a potential botch was re-rolled: the roll's botch can no longer be activated. */
  readonly botchProtected: boolean;
  /** True when a botch can be activated on this roll (a potential botch that no re-roll protected). */
  readonly botchActivatable: boolean;
  /** True when the natural is 20 on a check, attack or saving throw. */
  readonly criticalThreat: boolean;
  /** The DC, or `null` when unknown. */
  readonly dc: number | null;
  /** Total ≥ DC, or `null` without a DC. */
  readonly success: boolean | null;
  /** Total − DC, or `null` without a DC. */
  readonly margin: number | null;
  /** True when the roll missed a known DC by {@link SPECIAL_BOTCH_MARGIN} or more (a GM special botch is possible). */
  readonly failedBy5: boolean;
  /** The action dice this roll took: one per augment and one per re-roll. */
  readonly diceUsed: number;
}

function bad(message: string): never {
  throw new RangeError(`action: ${message}`);
}

/** Reads throw `i`, checking it is a die of `faces` with `role` and a face that fits. */
function take(thrown: readonly Throw[], i: number, faces: number, role: string): number {
  const t = thrown[i] as Throw;
  if (t.faces !== faces || t.role !== role)
    bad(`throw ${i} is a ${t.role} d${t.faces}, the plan wants a ${role} d${faces}`);
  if (!Number.isInteger(t.value) || t.value < 1 || t.value > faces) bad(`throw ${i} shows ${t.value} on a d${faces}`);
  return t.value;
}

const SPECS = new Map<string, DieSpec>();

/** A frozen die spec, shared by every roll that asks for the same die. */
function specOf(faces: number, role: string): DieSpec {
  const key = `${role}:${faces}`;
  let spec = SPECS.get(key);
  if (spec === undefined) {
    spec = Object.freeze({ faces, role });
    SPECS.set(key, spec);
  }
  return spec;
}

function actionSpec(faces: number): DieSpec {
  return specOf(faces, ACTION_ROLE);
}

/** The segment types, by their code in a {@link Segments} record. */
const SEGMENT_TYPES: readonly ActionSegment["type"][] = Object.freeze(["d20", "reroll", "augment"]);
const D20_SEGMENT = 0;
const REROLL_SEGMENT = 1;
const AUGMENT_SEGMENT = 2;

/**
 * The parts of a roll as a flat record, four integers per part (type code, index, start, end):
 * what {@link scan} notes for `resolve` without an object per part. One record is reused by every
 * resolution (`resolve` is synchronous and never re-entered); it grows when a roll has more parts.
 */
interface Segments {
  count: number;
  data: Int32Array;
}

const SEGMENTS: Segments = { count: 0, data: new Int32Array(4 * 128) };

/** Appends a part to a record. */
function note(rec: Segments, type: number, index: number, start: number, end: number): void {
  let data = rec.data;
  const at = 4 * rec.count;
  if (at + 4 > data.length) {
    const grown = new Int32Array(2 * data.length);
    grown.set(data);
    rec.data = data = grown;
  }
  data[at] = type;
  data[at + 1] = index;
  data[at + 2] = start;
  data[at + 3] = end;
  rec.count++;
}

/**
 * Reads one action die's cascade from throw `start` (a die on its maximum face is thrown again),
 * noting it as a part of `type` and `index` when `segments` is given. Returns the throw after the
 * cascade, or -1 when it still misses a throw (the part thrown so far is noted).
 */
function cascade(
  thrown: readonly Throw[],
  start: number,
  faces: number,
  segments: Segments | null,
  type: number,
  index: number,
): number {
  let i = start;
  for (;;) {
    if (i >= thrown.length) {
      if (i > start && segments !== null) note(segments, type, index, start, i);
      return -1;
    }
    const v = take(thrown, i, faces, ACTION_ROLE);
    i++;
    if (v !== faces) break;
  }
  if (segments !== null) note(segments, type, index, start, i);
  return i;
}

/** Reads the throws against the plan, noting the parts in `segments` when given; returns the missing die. */
function scan(req: ValidActionRequest, thrown: readonly Throw[], segments: Segments | null): DieSpec | null {
  if (segments !== null) segments.count = 0;
  const n = thrown.length;
  const { augments, rerolls, base } = req;
  let i = 0;
  for (; i < base.length; i++) {
    const faces = base[i] as number;
    if (i >= n) return specOf(faces, baseRole(faces));
    take(thrown, i, faces, baseRole(faces));
    if (segments !== null) note(segments, D20_SEGMENT, i, i, i + 1);
  }
  let r = 0;
  for (let k = 0; k <= augments.length; k++) {
    for (; r < rerolls.length && (rerolls[r] as ValidActionReroll).after === k; r++) {
      const reroll = rerolls[r] as ValidActionReroll;
      if (reroll.augment !== undefined) {
        // A re-rolled action die: thrown afresh, cascading as when first used.
        const faces = augments[reroll.augment] as number;
        const end = cascade(thrown, i, faces, segments, REROLL_SEGMENT, r);
        if (end < 0) return actionSpec(faces);
        i = end;
        continue;
      }
      const faces = base[reroll.target] as number;
      if (i >= n) return specOf(faces, REROLL_ROLE);
      take(thrown, i, faces, REROLL_ROLE);
      if (segments !== null) note(segments, REROLL_SEGMENT, r, i, i + 1);
      i++;
    }
    if (k === augments.length) break;
    const faces = augments[k] as number;
    const end = cascade(thrown, i, faces, segments, AUGMENT_SEGMENT, k);
    if (end < 0) return actionSpec(faces);
    i = end;
  }
  if (i < n) bad(`${n - i} throw(s) more than the plan asks for`);
  return null;
}

/**
 * Reads the throws of a validated request against its plan: where each part of the roll sits,
 * and which die is still missing. Throws a `RangeError` when a throw does not match the plan
 * (wrong size or role, a face out of range) or when there are more throws than the plan asks for.
 */
export function walk(request: ActionRequest, thrown: readonly Throw[]): ActionWalk {
  const missing = scan(withDefaults(request), thrown, SEGMENTS);
  const { count, data } = SEGMENTS;
  const segments: ActionSegment[] = [];
  for (let k = 0; k < count; k++) {
    const at = 4 * k;
    segments.push({
      type: SEGMENT_TYPES[data[at] as number] as ActionSegment["type"],
      index: data[at + 1] as number,
      start: data[at + 2] as number,
      end: data[at + 3] as number,
    });
  }
  return { segments, missing };
}

/**
 * The dice still missing for a validated request given the throws so far: the next single die
 * (the d20, a re-roll d20, or the next throw of an augment's cascade), or nothing when complete.
 */
export function plan(request: ActionRequest, thrown: readonly Throw[]): DieSpec[] {
  const missing = scan(withDefaults(request), thrown, null);
  return missing === null ? [] : [missing];
}

/** True when a natural is a potential botch for the botch range (on a d20 kind; see {@link botchRangeOf}). */
export function isPotentialBotch(natural: number, botchRange: number): boolean {
  return natural >= 1 && natural <= botchRange;
}

/** The botch range that applies to a roll: its own on a d20 kind, none (0) on damage or initiative. */
export function botchRangeOf(req: ValidActionRequest): number {
  return D20_KINDS.includes(req.kind) ? req.botchRange : 0;
}

/** True when a natural is a critical threat on a roll of this kind. */
export function isCriticalThreat(natural: number, kind: ActionKind): boolean {
  return natural === CRITICAL_NATURAL && CRITICAL_KINDS.includes(kind);
}

/** The working state the resolution steps read and write. */
interface StepState {
  readonly req: ValidActionRequest;
  readonly thrown: readonly Throw[];
  /** The parts of the roll, noted by {@link scan}: four integers each (type code, index, start, end). */
  readonly segments: Int32Array;
  /** How many parts {@link StepState.segments} holds. */
  readonly parts: number;
  natural: number;
  replaced: number[];
  /** The face that counts for each die of the roll's own. */
  current: number[];
  /** The faces re-rolls replaced, for each die of the roll's own. */
  replacedOf: number[][];
  /** Each re-roll as the card names it. */
  rerolls: RerollResult[];
  potentialBotch: boolean;
  botchProtected: boolean;
  criticalThreat: boolean;
  augments: AugmentResult[];
  augmentTotal: number;
  total: number;
  success: boolean | null;
  margin: number | null;
  failedBy5: boolean;
}

const STEP_RUNNERS: Readonly<Record<ActionStepId, (s: StepState) => void>> = {
  natural(s) {
    const { current, replacedOf } = s;
    const seg = s.segments;
    for (let at = 0; at < 4 * s.parts; at += 4) {
      const type = seg[at] as number;
      if (type === AUGMENT_SEGMENT) continue;
      const value = (s.thrown[seg[at + 2] as number] as Throw).value;
      if (type === D20_SEGMENT) {
        current.push(value);
        replacedOf.push([]);
        continue;
      }
      const reroll = s.req.rerolls[seg[at + 1] as number] as ValidActionReroll;
      if (reroll.augment !== undefined) continue;
      const die = reroll.target;
      s.replaced.push(current[die] as number);
      s.rerolls.push({ die, faces: s.req.base[die] as number, from: current[die] as number, to: value });
      (replacedOf[die] as number[]).push(current[die] as number);
      current[die] = value;
    }
    let natural = 0;
    for (let j = 0; j < current.length; j++) natural += current[j] as number;
    s.natural = natural;
  },
  flags(s) {
    const range = botchRangeOf(s.req);
    s.potentialBotch = isPotentialBotch(s.natural, range);
    let protectedByReroll = false;
    for (let i = 0; i < s.replaced.length && !protectedByReroll; i++) {
      protectedByReroll = isPotentialBotch(s.replaced[i] as number, range);
    }
    s.botchProtected = protectedByReroll;
    s.criticalThreat = isCriticalThreat(s.natural, s.req.kind);
  },
  augments(s) {
    const seg = s.segments;
    // An augment's segment comes before any re-roll of it; the latest throw of each augment counts.
    for (let at = 0; at < 4 * s.parts; at += 4) {
      const type = seg[at];
      const index = seg[at + 1] as number;
      let k = index;
      if (type === REROLL_SEGMENT) {
        const augment = (s.req.rerolls[index] as ValidActionReroll).augment;
        if (augment === undefined) continue;
        k = augment;
      } else if (type !== AUGMENT_SEGMENT) continue;
      const end = seg[at + 3] as number;
      const faces = s.req.augments[k] as ActionDieSize;
      const throws: number[] = [];
      let total = 0;
      for (let i = seg[at + 2] as number; i < end; i++) {
        const v = (s.thrown[i] as Throw).value;
        throws.push(v);
        total += v;
      }
      const earlier = s.augments[k];
      const replaced = earlier === undefined ? [] : [...earlier.replaced, earlier.throws];
      s.augments[k] = { faces, group: k + 1, throws, cascades: throws.length - 1, total, replaced };
    }
    for (const a of s.augments) s.augmentTotal += a.total;
  },
  total(s) {
    s.total = s.natural + s.req.modifier + (s.req.kind === "insight" ? s.req.level : 0) + s.augmentTotal;
  },
  dc(s) {
    const dc = s.req.dc;
    if (dc === null) return;
    s.margin = s.total - dc;
    s.success = s.margin >= 0;
    s.failedBy5 = s.margin <= -SPECIAL_BOTCH_MARGIN;
  },
};

/** One resolution step. */
type Runner = (s: StepState) => void;

/** The runners in the order of {@link ACTION_STEPS}, looked up once rather than per roll. */
const RUNNERS: readonly Runner[] = ACTION_STEPS.map((id) => STEP_RUNNERS[id]);

/** Shared, frozen mark lists (outcomes are plain data; sharing them saves an array per die). */
const KEPT: readonly DieMark[] = Object.freeze(["kept"]);
const KEPT_EXPLODED: readonly DieMark[] = Object.freeze(["kept", "exploded"]);
/** The marks of the d20 that stands, by (critical threat ? 1 : 0) + (potential botch ? 2 : 0). */
const LAST_D20_MARKS: readonly (readonly DieMark[])[] = Object.freeze([
  KEPT,
  Object.freeze<DieMark[]>(["kept", "critical"]),
  Object.freeze<DieMark[]>(["kept", "fumble"]),
  Object.freeze<DieMark[]>(["kept", "critical", "fumble"]),
]);
const REROLLED: readonly DieMark[] = Object.freeze(["rerolled"]);

/** The die view of every throw, with roles, marks and augment groups. */
function dieResults(s: StepState): DieResult[] {
  const { segments: seg, parts, thrown } = s;
  // The throw that counts for each die of the roll's own: its first throw, then each re-roll of it.
  const lastOf = new Array<number>(s.current.length).fill(0);
  for (let at = 0; at < 4 * parts; at += 4) {
    const type = seg[at] as number;
    if (type === AUGMENT_SEGMENT) continue;
    const reroll = type === D20_SEGMENT ? undefined : (s.req.rerolls[seg[at + 1] as number] as ValidActionReroll);
    if (reroll?.augment !== undefined) continue;
    lastOf[reroll === undefined ? (seg[at + 1] as number) : reroll.target] = seg[at + 2] as number;
  }
  // The segment that counts for each action die: its first cascade, then each re-roll of it.
  const cascadeOf = new Array<number>(s.req.augments.length).fill(-1);
  const actionDieOf = (at: number): number => {
    if (seg[at] === AUGMENT_SEGMENT) return seg[at + 1] as number;
    if (seg[at] !== REROLL_SEGMENT) return -1;
    return (s.req.rerolls[seg[at + 1] as number] as ValidActionReroll).augment ?? -1;
  };
  for (let at = 0; at < 4 * parts; at += 4) {
    const k = actionDieOf(at);
    if (k >= 0) cascadeOf[k] = at;
  }
  const kept = LAST_D20_MARKS[(s.criticalThreat ? 1 : 0) + (s.potentialBotch ? 2 : 0)] as readonly DieMark[];
  const dice: DieResult[] = [];
  for (let at = 0; at < 4 * parts; at += 4) {
    const k = actionDieOf(at);
    const augment = k >= 0;
    const group = k + 1;
    const end = seg[at + 3] as number;
    for (let i = seg[at + 2] as number; i < end; i++) {
      const t = thrown[i] as Throw;
      if (augment) {
        const marks = cascadeOf[k] !== at ? REROLLED : t.value === t.faces ? KEPT_EXPLODED : KEPT;
        dice.push({ index: i, faces: t.faces, value: t.value, role: t.role, marks, group });
      } else {
        dice.push({
          index: i,
          faces: t.faces,
          value: t.value,
          role: t.role,
          marks: lastOf.includes(i) ? (s.current.length === 1 ? kept : KEPT) : REROLLED,
        });
      }
    }
  }
  return dice;
}

/**
 * The outcome of a validated request from its complete list of throws. Throws a `RangeError` when
 * the throws do not match the plan or the roll is not complete.
 */
export function resolve(request: ActionRequest, thrown: readonly Throw[]): ActionOutcome {
  const req = withDefaults(request);
  const missing = scan(req, thrown, SEGMENTS);
  if (missing !== null) bad(`the roll is not complete: a ${missing.role} d${missing.faces} is missing`);
  const s: StepState = {
    req,
    thrown,
    segments: SEGMENTS.data,
    parts: SEGMENTS.count,
    natural: 0,
    replaced: [],
    current: [],
    replacedOf: [],
    rerolls: [],
    potentialBotch: false,
    botchProtected: false,
    criticalThreat: false,
    augments: [],
    augmentTotal: 0,
    total: 0,
    success: null,
    margin: null,
    failedBy5: false,
  };
  for (let i = 0; i < RUNNERS.length; i++) (RUNNERS[i] as Runner)(s);
  return {
    engine: "action",
    kind: req.kind,
    dice: dieResults(s),
    natural: s.natural,
    replaced: s.replaced,
    rerolls: s.rerolls,
    base: s.current.map((value, j) => ({ faces: req.base[j] as number, value, replaced: s.replacedOf[j] as number[] })),
    modifier: req.modifier,
    level: req.kind === "insight" ? req.level : 0,
    augments: s.augments,
    augmentTotal: s.augmentTotal,
    total: s.total,
    botchRange: botchRangeOf(req),
    potentialBotch: s.potentialBotch,
    botchProtected: s.botchProtected,
    botchActivatable: s.potentialBotch && !s.botchProtected,
    criticalThreat: s.criticalThreat,
    dc: req.dc,
    success: s.success,
    margin: s.margin,
    failedBy5: s.failedBy5,
    diceUsed: req.augments.length + req.rerolls.length,
  };
}
