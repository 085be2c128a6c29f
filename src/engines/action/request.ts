/**
 * Requests of the `action` engine: a d20 roll (check, attack, saving throw or insight roll) with
 * a modifier, an optional DC, a botch range, the action dice used to augment it and the action
 * dice spent to re-roll its d20. A request grows while its roll is open: each augment or re-roll
 * is appended, and the throw protocol asks for the dice it needs.
 */

import { EngineError, requireInt } from "../shared/core.ts";
import { ACTION_DIE_SIZES, MAX_LEVEL, isActionDieSize, type ActionDieSize } from "./tables.ts";

/**
 * What the roll is for. Critical threats exist for checks, attacks and saving throws only; a damage
 * or initiative roll has neither botch nor critical threat (the rules name them on d20 checks).
 */
export type ActionKind = "check" | "attack" | "save" | "insight" | "damage" | "initiative";

/** Every roll kind. */
export const ACTION_KINDS: readonly ActionKind[] = Object.freeze([
  "check",
  "attack",
  "save",
  "insight",
  "damage",
  "initiative",
]);

/** The kinds whose roll is one d20 with a botch range (the other kinds may roll any dice of their own). */
export const D20_KINDS: readonly ActionKind[] = Object.freeze(["check", "attack", "save", "insight"]);

/** The roll's own dice when a request names none: one d20. */
export const D20_BASE: readonly number[] = Object.freeze([20]);

/** The most dice of its own a roll may throw (a damage formula's dice). */
export const MAX_BASE_DICE = 20;

/** The largest die a roll of its own may throw. */
export const MAX_BASE_FACES = 100;

/** The kinds of roll on which a critical threat can be activated. */
export const CRITICAL_KINDS: readonly ActionKind[] = Object.freeze(["check", "attack", "save"]);

/** The largest botch range: a natural 1 to 4 can be a potential botch (weapons). */
export const MAX_BOTCH_RANGE = 4;

/** The largest modifier (in absolute value) a request may carry. */
export const MAX_MODIFIER = 999;

/** The largest DC a request may carry. */
export const MAX_DC = 999;

/** The most augments one roll may take. */
export const MAX_AUGMENTS = 50;

/** The most re-rolls one roll may take. */
export const MAX_REROLLS = 50;

/**
 * One re-roll, paid with one action die: of a single die of the roll's own (the d20 of a check, one
 * die of a damage formula), or of an action die used on the roll (`augment`). The new face replaces
 * that die even if it is lower; a re-rolled action die is thrown afresh, and its new throw and
 * whatever it cascades replace its old throw and cascade. `after` orders it among the augments: the
 * re-roll was made after that many augments had been used (0 when omitted: before any augment).
 */
export interface ActionReroll {
  /** The index of the die re-rolled among the roll's own dice (`base`); `"d20"` (older cards) is die 0. */
  readonly target: number | "d20";
  /** How many augments had been used when the re-roll was made; 0 when omitted. */
  readonly after?: number;
  /** The index of the augment whose action die is re-rolled (below `after`); absent for a die of the roll's own. */
  readonly augment?: number;
}

/** A roll request as a caller writes it; omitted fields take their defaults in {@link validate}. */
export interface ActionRequest {
  /** The roll's kind; `check` when omitted. */
  readonly kind?: ActionKind;
  /** The modifier added to the d20 (for an insight roll, the Reason, Intuition or Knowledge modifier); 0 when omitted. */
  readonly modifier?: number;
  /** The character level, added only to an insight roll; 0 when omitted (a level-½ character adds 0). */
  readonly level?: number;
  /** The DC, when the card may know it; `null` or omitted when unknown. */
  readonly dc?: number | null;
  /** Naturals 1 to `botchRange` are potential botches (1 to 4); 1 when omitted. */
  readonly botchRange?: number;
  /** The die size of each action die used to augment the roll, in the order used; none when omitted. */
  readonly augments?: readonly number[];
  /** The re-rolls, in the order made; none when omitted. */
  readonly rerolls?: readonly ActionReroll[];
  /** The sizes of the roll's own dice (a damage formula's); one d20 when omitted (and always for a d20 kind). */
  readonly base?: readonly number[];
}

/** A checked re-roll with its position filled in. */
export interface ValidActionReroll extends ActionReroll {
  /** The index of the die re-rolled among the roll's own dice. */
  readonly target: number;
  /** How many augments had been used when the re-roll was made. */
  readonly after: number;
}

/** A checked request with every field present. */
export interface ValidActionRequest extends ActionRequest {
  /** The roll's kind. */
  readonly kind: ActionKind;
  /** The modifier. */
  readonly modifier: number;
  /** The character level added to an insight roll (0 for other kinds). */
  readonly level: number;
  /** The DC, or `null` when unknown. */
  readonly dc: number | null;
  /** The botch range, 1 to 4. */
  readonly botchRange: number;
  /** The augment die sizes, in the order used. */
  readonly augments: readonly ActionDieSize[];
  /** The re-rolls, in the order made. */
  readonly rerolls: readonly ValidActionReroll[];
  /** The sizes of the roll's own dice. */
  readonly base: readonly number[];
}

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * Fills in the defaults of a request without checking it. Used by `plan`, `resolve` and `odds` on
 * a request that {@link validate} already accepted.
 */
export function withDefaults(request: ActionRequest): ValidActionRequest {
  if (isComplete(request)) return request;
  return {
    kind: request.kind ?? "check",
    modifier: request.modifier ?? 0,
    level: request.level ?? 0,
    dc: request.dc ?? null,
    botchRange: request.botchRange ?? 1,
    augments: (request.augments ?? EMPTY) as readonly ActionDieSize[],
    rerolls: (request.rerolls ?? EMPTY).map((r) => ({
      target: targetIndex(r.target),
      after: r.after ?? 0,
      ...(r.augment === undefined ? {} : { augment: r.augment }),
    })),
    base: request.base ?? D20_BASE,
  };
}

/** True when a request already has every field (as {@link validate} returns it). */
function isComplete(request: ActionRequest): request is ValidActionRequest {
  if (
    request.kind === undefined ||
    request.modifier === undefined ||
    request.level === undefined ||
    request.dc === undefined ||
    request.botchRange === undefined ||
    request.augments === undefined ||
    request.rerolls === undefined ||
    request.base === undefined
  ) {
    return false;
  }
  for (const r of request.rerolls) if (r.after === undefined || typeof r.target !== "number") return false;
  return true;
}

/** A re-roll target as a die index: older cards name the d20, which is die 0. */
function targetIndex(target: number | "d20"): number {
  return target === "d20" ? 0 : target;
}

/** Checks one augment die size; throws `NotInteger` or `DieSizeNotAllowed`. */
export function requireActionDie(faces: unknown, field: string): ActionDieSize {
  if (typeof faces !== "number" || !Number.isInteger(faces)) {
    throw new EngineError("NotInteger", { field, value: faces });
  }
  if (!isActionDieSize(faces)) {
    throw new EngineError("DieSizeNotAllowed", { faces, allowed: ACTION_DIE_SIZES.join(", ") });
  }
  return faces;
}

/**
 * Checks a request and fills in its defaults. Throws an {@link EngineError} for an unknown kind, a
 * modifier, level, DC or botch range that is not a whole number in range, a level on a roll that is
 * not an insight roll, an augment die size an action die cannot have, too many augments or
 * re-rolls, a re-roll of a die the roll does not have, re-rolls out of order, or dice of its own
 * (`base`) that are not 1 to {@link MAX_BASE_DICE} dice of 2 to {@link MAX_BASE_FACES} faces, or
 * anything but one d20 on a d20 kind.
 *
 * @returns The normalised request.
 */
export function validate(request: ActionRequest): ValidActionRequest {
  if (typeof request !== "object" || request === null) throw new EngineError("BadRequest");
  const kind = request.kind ?? "check";
  if (!ACTION_KINDS.includes(kind)) throw new EngineError("UnknownKind", { kind: kind });
  const modifier = requireInt(request.modifier ?? 0, "modifier", -MAX_MODIFIER, MAX_MODIFIER);
  const level = requireInt(request.level ?? 0, "level", 0, MAX_LEVEL);
  if (level !== 0 && kind !== "insight") throw new EngineError("LevelOnlyForInsight", { kind });
  const dc = request.dc === undefined || request.dc === null ? null : requireInt(request.dc, "dc", 0, MAX_DC);
  const botchRange = requireInt(request.botchRange ?? 1, "botchRange", 1, MAX_BOTCH_RANGE);

  const rawAugments: unknown = request.augments ?? EMPTY;
  if (!Array.isArray(rawAugments)) throw new EngineError("NotAList", { field: "augments" });
  if (rawAugments.length > MAX_AUGMENTS) {
    throw new EngineError("OutOfRange", { field: "augments", value: rawAugments.length, min: 0, max: MAX_AUGMENTS });
  }
  // The field name is only built when a size is refused. An indexed loop rather than `map` with
  // a closure: this runs on every roll.
  const augmentList: readonly unknown[] = rawAugments;
  const augments = new Array<ActionDieSize>(augmentList.length);
  for (let i = 0; i < augmentList.length; i++) {
    const faces = augmentList[i];
    augments[i] =
      typeof faces === "number" && isActionDieSize(faces) ? faces : requireActionDie(faces, `augments[${i}]`);
  }

  const base = validBase(request.base, kind);

  const rawRerolls: unknown = request.rerolls ?? EMPTY;
  if (!Array.isArray(rawRerolls)) throw new EngineError("NotAList", { field: "rerolls" });
  if (rawRerolls.length > MAX_REROLLS) {
    throw new EngineError("OutOfRange", { field: "rerolls", value: rawRerolls.length, min: 0, max: MAX_REROLLS });
  }
  let previous = 0;
  const rerollList: readonly unknown[] = rawRerolls;
  const rerolls = new Array<ValidActionReroll>(rerollList.length);
  for (let i = 0; i < rerollList.length; i++) {
    const raw = rerollList[i];
    const reroll = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<ActionReroll>;
    const target = reroll.target === "d20" ? 0 : reroll.target;
    if (typeof target !== "number" || !Number.isInteger(target) || target < 0 || target >= base.length) {
      throw new EngineError("UnknownRerollTarget", { target: String(reroll.target) });
    }
    const after = requireInt(reroll.after ?? 0, `rerolls[${i}].after`, 0, augments.length);
    if (after < previous) throw new EngineError("RerollOrder", { index: i });
    previous = after;
    if (reroll.augment === undefined) rerolls[i] = { target, after };
    else {
      // Only an action die already used when the re-roll was made.
      const augment = reroll.augment;
      if (typeof augment !== "number" || !Number.isInteger(augment) || augment < 0 || augment >= after) {
        throw new EngineError("UnknownRerollTarget", { target: String(augment) });
      }
      rerolls[i] = { target, after, augment };
    }
  }

  return { kind, modifier, level, dc, botchRange, augments, rerolls, base };
}

/** Checks the roll's own dice: one d20 on a d20 kind; otherwise 1 to 20 dice of 2 to 100 faces. */
function validBase(raw: unknown, kind: ActionKind): readonly number[] {
  if (raw === undefined) return D20_BASE;
  if (!Array.isArray(raw)) throw new EngineError("NotAList", { field: "base" });
  const list: readonly unknown[] = raw;
  if (list.length < 1 || list.length > MAX_BASE_DICE) {
    throw new EngineError("OutOfRange", { field: "base", value: list.length, min: 1, max: MAX_BASE_DICE });
  }
  const base = list.map((faces, i) => requireInt(faces, `base[${i}]`, 2, MAX_BASE_FACES));
  if (D20_KINDS.includes(kind) && (base.length !== 1 || base[0] !== 20)) {
    throw new EngineError("BaseDiceKind", { kind });
  }
  return base.length === 1 && base[0] === 20 ? D20_BASE : base;
}
