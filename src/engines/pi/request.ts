/**
 * The Precision & Impact request: which dice the combined pool holds, which hindrance applies, the
 * two modifiers and an optional pick. Validation turns a bad request into an {@link EngineError}
 * before anything is thrown; the hindrance helpers say which die a hindrance takes away.
 */

import { EngineError, requireInt } from "../shared/core.ts";

/** The die sizes a pool may hold (the usual polyhedral dice from d4 to d12). */
export const DIE_SIZES: readonly number[] = Object.freeze([4, 6, 8, 10, 12]);

/** `IS_DIE_SIZE[faces]` is 1 for every size of {@link DIE_SIZES}: a table lookup instead of a search per die. */
const IS_DIE_SIZE: Uint8Array = (() => {
  const table = new Uint8Array(Math.max(...DIE_SIZES) + 1);
  for (const faces of DIE_SIZES) table[faces] = 1;
  return table;
})();

/** The most dice one combined pool may hold, a guard against absurd requests. */
export const MAX_POOL_DICE = 20;

/** The largest modifier, up or down, accepted for Precision or Impact. */
export const MAX_MODIFIER = 100;

/** The largest Precision or Impact a goal may ask for. */
export const MAX_GOAL = 999;

/**
 * The hindrance that applies to a roll, as a key: `none`, `minor` (the die with the fewest faces
 * is taken out before rolling) or `major` (the die with the most faces is taken out).
 */
export type Hindrance = "none" | "minor" | "major";

/** Every hindrance key, mildest first. */
export const HINDRANCES: readonly Hindrance[] = Object.freeze(["none", "minor", "major"]);

/**
 * A Precision & Impact roll request. Pool positions (0-based indices into `pool`) are called
 * slots; a pick names two slots.
 */
export interface PiRequest {
  /** The die sizes of the combined pool of the two attributes, e.g. `[8, 4, 4]`. */
  readonly pool: readonly number[];
  /**
   * The one hindrance that applies (default `none`). Several hindering effects are first folded
   * into one with {@link combineHindrances}.
   */
  readonly hindrance?: Hindrance;
  /** Added to the Precision after the pick (default 0). */
  readonly precisionMod?: number;
  /** Added to the Impact after the pick (default 0). */
  readonly impactMod?: number;
  /**
   * The two slots the owner picked. Without it the roll uses the best pick for Precision. It may
   * not name a slot outside the pool, the slot the hindrance removes, or the same slot twice.
   */
  readonly pick?: readonly [number, number];
  /** The Precision the roll needs (modifier included), or `null`/absent for none. */
  readonly precisionGoal?: number | null;
  /** The Impact the roll needs (modifier included), or `null`/absent for none. */
  readonly impactGoal?: number | null;
}

/**
 * Folds every hindering effect on a roll into the one hindrance that applies: none stays none,
 * a single effect keeps its kind, and two or more effects of any kind make the roll majorly
 * hindered.
 *
 * @param effects - One key per hindering effect (`none` entries are ignored).
 * @returns The hindrance that applies.
 */
export function combineHindrances(effects: readonly Hindrance[]): Hindrance {
  const real = effects.filter((h) => h !== "none");
  if (real.length === 0) return "none";
  if (real.length === 1) return real[0] as Hindrance;
  return "major";
}

/**
 * The slot a hindrance removes before rolling: for `minor` a die with the fewest faces, for
 * `major` a die with the most faces. When several dice tie, the last of them in pool order goes.
 *
 * @returns The removed slot, or `null` when nothing is removed (no hindrance or an empty pool).
 */
export function removedSlot(pool: readonly number[], hindrance: Hindrance): number | null {
  if (hindrance === "none" || pool.length === 0) return null;
  let slot = 0;
  for (let i = 1; i < pool.length; i++) {
    const faces = pool[i] as number;
    const best = pool[slot] as number;
    if (hindrance === "minor" ? faces <= best : faces >= best) slot = i;
  }
  return slot;
}

/**
 * The slots that are actually thrown, in throw order (pool order without the removed slot).
 */
export function thrownSlots(pool: readonly number[], hindrance: Hindrance): number[] {
  const removed = removedSlot(pool, hindrance);
  const slots: number[] = [];
  for (let i = 0; i < pool.length; i++) if (i !== removed) slots.push(i);
  return slots;
}

/**
 * Checks that a pick names two different slots that are thrown. Used by {@link validate} and
 * again by `resolve` (a card may send a new pick for an existing roll).
 *
 * @throws EngineError `NotInteger`, `PiPickShape`, `PiPickNeedsTwoDice`, `PiPickMissing`,
 *   `PiPickSame` or `PiPickRemoved`.
 */
export function checkPick(pool: readonly number[], hindrance: Hindrance, pick: unknown): readonly [number, number] {
  if (!Array.isArray(pick) || pick.length !== 2) {
    throw new EngineError("PiPickShape", { value: JSON.stringify(pick) });
  }
  const removed = removedSlot(pool, hindrance);
  const thrown = pool.length - (removed === null ? 0 : 1);
  if (thrown < 2) throw new EngineError("PiPickNeedsTwoDice", { dice: thrown });
  const slots = pick.map((value: unknown, k: number) => {
    if (typeof value !== "number" || !Number.isInteger(value)) {
      throw new EngineError("NotInteger", { field: `pick[${k}]`, value: value });
    }
    if (value < 0 || value >= pool.length) throw new EngineError("PiPickMissing", { slot: value, size: pool.length });
    if (value === removed) throw new EngineError("PiPickRemoved", { slot: value });
    return value;
  });
  const [a, b] = slots as [number, number];
  if (a === b) throw new EngineError("PiPickSame", { slot: a });
  return [a, b];
}

/**
 * Checks a request and fills in its defaults (`hindrance: "none"`, both modifiers 0). The pick,
 * when given, is kept as given; without one, the roll uses the best pick for Precision.
 *
 * @returns The normalised request.
 * @throws EngineError `PiPoolNotList`, `PoolTooSmall`, `PiPoolTooLarge`, `NotInteger`, `PiDieSize`,
 *   `PiHindrance`, `PiHindranceEmptiesPool`, `OutOfRange` (modifiers) or one of the pick errors of
 *   {@link checkPick}.
 */
export function validate(request: PiRequest): PiRequest {
  if (typeof request !== "object" || request === null) throw new EngineError("BadRequest");
  const raw: unknown = request.pool;
  if (!Array.isArray(raw)) throw new EngineError("PiPoolNotList", { value: raw });
  const list: readonly unknown[] = raw;
  if (list.length === 0) throw new EngineError("PoolTooSmall", { pool: 0 });
  if (list.length > MAX_POOL_DICE) throw new EngineError("PiPoolTooLarge", { pool: list.length, max: MAX_POOL_DICE });
  // An indexed loop rather than `map` with a closure: this runs on every roll.
  const pool = new Array<number>(list.length);
  for (let k = 0; k < list.length; k++) {
    const faces = list[k];
    if (typeof faces !== "number" || !Number.isInteger(faces)) {
      throw new EngineError("NotInteger", { field: `pool[${k}]`, value: faces });
    }
    if (faces < 0 || IS_DIE_SIZE[faces] !== 1)
      throw new EngineError("PiDieSize", { value: faces, allowed: DIE_SIZES.join(", ") });
    pool[k] = faces;
  }
  const hindrance: unknown = request.hindrance ?? "none";
  if (typeof hindrance !== "string" || !(HINDRANCES as readonly string[]).includes(hindrance)) {
    throw new EngineError("PiHindrance", { value: hindrance });
  }
  const h = hindrance as Hindrance;
  if (h !== "none" && pool.length === 1) throw new EngineError("PiHindranceEmptiesPool", { hindrance: h });
  const precisionMod = requireInt(request.precisionMod ?? 0, "precisionMod", -MAX_MODIFIER, MAX_MODIFIER);
  const impactMod = requireInt(request.impactMod ?? 0, "impactMod", -MAX_MODIFIER, MAX_MODIFIER);
  const goal = (value: unknown, field: string): number | null =>
    value === undefined || value === null ? null : requireInt(value, field, -MAX_MODIFIER, MAX_GOAL);
  const precisionGoal = goal(request.precisionGoal, "precisionGoal");
  const impactGoal = goal(request.impactGoal, "impactGoal");
  // Goals are kept only when asked for, so a request without one reads as it always did.
  const out: PiRequest = {
    pool,
    hindrance: h,
    precisionMod,
    impactMod,
    ...(precisionGoal === null ? {} : { precisionGoal }),
    ...(impactGoal === null ? {} : { impactGoal }),
  };
  if (request.pick === undefined) return out;
  return { ...out, pick: checkPick(pool, h, request.pick) };
}
