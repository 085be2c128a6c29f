/**
 * Requests of the `pool` engine: how a pool is built from trait ratings, and how a roll request is
 * checked and completed with its defaults before anything is thrown.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import {
  DEFAULT_DIFFICULTY,
  MAX_DIFFICULTY,
  MAX_ABILITY_DOTS,
  MAX_DOTS,
  MAX_POOL,
  MAX_TEN_POINT,
  MIN_DIFFICULTY,
  botchCancellation,
  type BotchCancellation,
} from "./tables.ts";

/** A roll request as a caller writes it; omitted fields take their defaults in {@link validate}. */
export interface PoolRequest {
  /** The number of d10s, 1 to {@link MAX_POOL}. */
  readonly pool: number;
  /** The difficulty, 2 to 10; 6 when omitted. */
  readonly difficulty?: number;
  /** How many 1s are ignored when a botch is decided (0, 1 or 2); 0 when omitted. */
  readonly cancellation?: BotchCancellation;
  /** Whether a Willpower point is spent for one extra success that no 1 cancels; false when omitted. */
  readonly willpower?: boolean;
  /** Whether the roller takes one success without rolling (pool ≥ difficulty only); false when omitted. */
  readonly automatic?: boolean;
  /**
   * A damage roll (docs/rules.md §6): each success is one harm; it never botches and its 1s cancel
   * nothing. Absent (or false) for any other roll.
   */
  readonly damage?: boolean;
  /**
   * A penalty (a wound, a condition) left the pool with no dice (docs/rules.md §6): `pool` is then 0,
   * nothing is thrown and the roll fails (never a botch); it is not refused. Absent otherwise.
   */
  readonly emptied?: boolean;
}

/**
 * A checked request with every field present; `damage` is present (and `true`) only on a damage
 * roll, and `emptied` only on a pool a penalty emptied, so every other request reads exactly as before.
 */
export type ValidPoolRequest = Required<Omit<PoolRequest, "damage" | "emptied">> & {
  readonly damage?: true;
  readonly emptied?: true;
};

/** The trait ratings a pool is built from. */
export interface PoolTraits {
  /** The Attribute rating, 0–5. Required unless the pool rests on a 10-point trait. */
  readonly attribute?: number;
  /** The Ability rating, 0–6 (the sixth dot only ignores a second 1 for a botch); 0 (or omitted) means the Attribute is rolled alone. */
  readonly ability?: number;
  /** A 10-point trait rating (Willpower and the like), 0–10; such a pool takes no other trait. */
  readonly tenPointTrait?: number;
}

/** A pool built from trait ratings. */
export interface BuiltPool {
  /** The number of dice (may be 0 when every rating is 0; such a pool cannot be rolled). */
  readonly pool: number;
  /** The botch cancellation the Ability rating grants. */
  readonly cancellation: BotchCancellation;
  /** Which traits made the pool. */
  readonly source: "attributeAbility" | "attribute" | "tenPointTrait";
}

/**
 * Builds a pool from trait ratings: Attribute + Ability, the Attribute alone when the Ability has
 * no dots, or a 10-point trait alone. The Ability rating also sets the botch cancellation.
 *
 * @param traits - The ratings.
 * @returns The pool size, its botch cancellation and which traits made it.
 * @throws EngineError `NotInteger` or `OutOfRange` for a bad rating, `TenPointTraitAlone` when a
 *   10-point trait is combined with an Attribute or an Ability.
 */
export function buildPool(traits: PoolTraits): BuiltPool {
  if (traits.tenPointTrait !== undefined) {
    if (traits.attribute !== undefined || traits.ability !== undefined) throw new EngineError("TenPointTraitAlone");
    const pool = requireInt(traits.tenPointTrait, "tenPointTrait", 0, MAX_TEN_POINT);
    return { pool, cancellation: 0, source: "tenPointTrait" };
  }
  const attribute = requireInt(traits.attribute, "attribute", 0, MAX_DOTS);
  const ability = requireInt(traits.ability ?? 0, "ability", 0, MAX_ABILITY_DOTS);
  return {
    pool: attribute + ability,
    cancellation: botchCancellation(ability),
    source: ability === 0 ? "attribute" : "attributeAbility",
  };
}

/** A value as text for an error's data: a primitive as `String` writes it, anything else by its type. */
function showValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value === undefined || value === null) return String(value);
  return typeof value;
}

/** Reads an optional boolean field, or throws `NotBoolean`. */
function optionalBoolean(value: unknown, field: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw new EngineError("NotBoolean", { field, value: showValue(value) });
  return value;
}

/**
 * True when a request is already complete and valid: every field present, as {@link validate}
 * returns it. Allocates nothing.
 */
function isComplete(request: PoolRequest): request is ValidPoolRequest {
  if (typeof request !== "object" || request === null) return false;
  const { pool, difficulty, cancellation, willpower, automatic, damage } = request;
  return (
    (damage === undefined || damage === true) &&
    typeof pool === "number" &&
    Number.isInteger(pool) &&
    pool >= 1 &&
    pool <= MAX_POOL &&
    typeof difficulty === "number" &&
    Number.isInteger(difficulty) &&
    difficulty >= MIN_DIFFICULTY &&
    difficulty <= MAX_DIFFICULTY &&
    (cancellation === 0 || cancellation === 1 || cancellation === 2) &&
    typeof willpower === "boolean" &&
    typeof automatic === "boolean" &&
    !(automatic && (willpower || pool < difficulty))
  );
}

/**
 * The request as {@link validate} would return it, without copying a request that is already
 * complete and valid (as `plan` and `resolve` receive it from the throw protocol): such a request
 * is returned as it is; any other goes through {@link validate}, with its defaults and its errors.
 *
 * @param request - The request to check.
 * @returns A request with every field present, equal to `validate(request)`.
 * @throws EngineError as {@link validate}.
 */
export function checked(request: PoolRequest): ValidPoolRequest {
  return isComplete(request) ? request : validate(request);
}

/**
 * Checks a request and fills in its defaults. Calling it on its own result returns an equal
 * request.
 *
 * @param request - The request to check.
 * @returns The request with every field present.
 * @throws EngineError `BadRequest` (not an object), `NotInteger` (pool, difficulty or cancellation
 *   not an integer, NaN included), `PoolTooSmall` (pool below 1), `PoolTooLarge` (pool above
 *   {@link MAX_POOL}), `DifficultyRange` (difficulty outside 2–10), `OutOfRange` (cancellation
 *   outside 0–2), `NotBoolean`, `AutomaticNotAllowed` (automatic success with a pool smaller
 *   than the difficulty), `AutomaticWithWillpower` (Willpower spent on a roll that is not rolled).
 */
export function validate(request: PoolRequest): ValidPoolRequest {
  if (typeof request !== "object" || request === null) throw new EngineError("BadRequest");
  const { pool, difficulty = DEFAULT_DIFFICULTY, cancellation = 0 } = request;
  if (typeof pool !== "number" || !Number.isInteger(pool)) {
    throw new EngineError("NotInteger", { field: "pool", value: pool });
  }
  const emptied = optionalBoolean(request.emptied, "emptied");
  if (emptied && pool !== 0) throw new EngineError("OutOfRange", { field: "pool", value: pool, min: 0, max: 0 });
  if (pool < 1 && !emptied) throw new EngineError("PoolTooSmall", { pool });
  if (pool > MAX_POOL) throw new EngineError("PoolTooLarge", { pool, max: MAX_POOL });
  if (typeof difficulty !== "number" || !Number.isInteger(difficulty)) {
    throw new EngineError("NotInteger", { field: "difficulty", value: difficulty });
  }
  if (difficulty < MIN_DIFFICULTY || difficulty > MAX_DIFFICULTY) {
    throw new EngineError("DifficultyRange", { difficulty, min: MIN_DIFFICULTY, max: MAX_DIFFICULTY });
  }
  const cancel = requireInt(cancellation, "cancellation", 0, 2) as BotchCancellation;
  // A pool a penalty emptied throws nothing and fails: no Willpower success, no automatic success.
  const willpower = optionalBoolean(request.willpower, "willpower") && !emptied;
  const automatic = optionalBoolean(request.automatic, "automatic") && !emptied;
  if (automatic && pool < difficulty) throw new EngineError("AutomaticNotAllowed", { pool, difficulty });
  if (automatic && willpower) throw new EngineError("AutomaticWithWillpower");
  const damage = optionalBoolean(request.damage, "damage");
  return {
    pool,
    difficulty,
    cancellation: cancel,
    willpower,
    automatic,
    ...(damage ? { damage } : {}),
    ...(emptied ? { emptied } : {}),
  };
}
