/**
 * Pure validation of character data. The predicates back the schemas' `validate` options (so
 * Foundry rejects a bad value however it arrives), and {@link prepareUpdate} checks a sheet's
 * change set before it is sent, so a bad value gets one clear, localized message (an
 * {@link EngineError}) and nothing changes. Every limit comes from `constants.ts`, which takes the
 * rules' limits from the engines.
 */

import { action, harm, shared, wild } from "../../engines/core.ts";
import {
  ACTION_CLASS_DIE_SIZES,
  ACTION_MAX_CLASS_DICE,
  ACTION_MAX_MODIFIER,
  MAX_NAME_LENGTH,
  MAX_POINTS,
  NPC_MAX_NOTES,
  PERCENTILE_MAX_RATING,
  PI_DIE_SIZES,
  PI_MAX_ATTRIBUTE_DICE,
  PI_MAX_MODIFIER,
  POOL_MAX_ABILITY_DOTS,
  POOL_MAX_DOTS,
  POOL_MAX_TEN_POINT,
  WILD_FATE_POINTS_PER_SESSION,
  type CharacterType,
} from "./constants.ts";
import { DEFENCE } from "./defence.ts";

const { EngineError } = shared;

export {
  checkChanges,
  ID,
  int,
  maxText,
  reachesPrototype,
  rule,
  succeeds,
  versionRule,
  type Check,
  type IntCheck,
  type PreparedUpdate,
  type Rule,
} from "../fields/rules.ts";
import {
  checkChanges,
  ID,
  int,
  maxText,
  rule,
  succeeds,
  versionRule,
  type PreparedUpdate,
  type Rule,
} from "../fields/rules.ts";

/** Whether a value is a die code the wild engine reads (`3D+1`, `1D`, `12D-2`). */
export function isDieCode(value: unknown): boolean {
  return succeeds(() => wild.parseCode(value));
}

/** Whether a value is a character level the action engine accepts (0, ½ or a whole number). */
export function isActionLevel(value: unknown): boolean {
  return succeeds(() => action.requireLevel(value));
}

/** Whether a value is a die size a Precision & Impact pool may hold. */
export function isPiDieSize(value: unknown): boolean {
  return typeof value === "number" && PI_DIE_SIZES.includes(value);
}

/** Whether a value is a valid attribute pool: a list of allowed die sizes, at most the attribute limit. */
export function isPiAttributePool(value: unknown): boolean {
  return succeeds(() => requirePiPool(value));
}

/** Whether a value is a die size class bonus dice may have. */
export function isClassDieSize(value: unknown): boolean {
  return typeof value === "number" && ACTION_CLASS_DIE_SIZES.includes(value);
}

/**
 * Checks an attribute pool of the Precision & Impact engine.
 *
 * @throws EngineError `PiPoolNotList`, `PiPoolTooLarge`, `NotInteger` or `PiDieSize`.
 */
export function requirePiPool(value: unknown): number[] {
  if (!Array.isArray(value)) throw new EngineError("PiPoolNotList", { value: value });
  const list: readonly unknown[] = value;
  if (list.length > PI_MAX_ATTRIBUTE_DICE) {
    throw new EngineError("PiPoolTooLarge", { pool: list.length, max: PI_MAX_ATTRIBUTE_DICE });
  }
  return list.map((faces, k) => {
    if (typeof faces !== "number" || !Number.isInteger(faces)) {
      throw new EngineError("NotInteger", { field: `dice[${k}]`, value: faces });
    }
    if (!PI_DIE_SIZES.includes(faces))
      throw new EngineError("PiDieSize", { value: faces, allowed: PI_DIE_SIZES.join(", d") });
    return faces;
  });
}

/** The text every character type stores: its entries' names, and an NPC's notes. */
const TEXT_RULES: readonly Rule[] = [
  rule(`\\w+\\.${ID}\\.name`, maxText(MAX_NAME_LENGTH, true)),
  rule("notes", maxText(NPC_MAX_NOTES, false)),
];

/** The rule of a character type's defence figure, in its engine's range (docs/rules.md §6). */
function defenceRule(engine: keyof typeof DEFENCE): Rule {
  const { min, max } = DEFENCE[engine];
  return rule("defence", int("defence", min, max));
}

/** The rules of every actor type's health (docs/rules.md §6): the value from 0, the maximum from 1. */
const HEALTH_RULES: readonly Rule[] = [
  rule("health\\.value", int("healthValue", 0, harm.MAX_HEALTH)),
  rule("health\\.max", int("healthMax", 1, harm.MAX_HEALTH)),
];

/** The rules of each character type, one per editable leaf of its schema that holds a number or a code. */
export const UPDATE_RULES: Readonly<Record<CharacterType, readonly Rule[]>> = Object.freeze({
  "percentile-character": [
    versionRule,
    defenceRule("percentile"),
    rule(`attributes\\.\\w+\\.rating`, int("rating", 0, PERCENTILE_MAX_RATING)),
    rule(`skills\\.${ID}\\.rating`, int("rating", 0, PERCENTILE_MAX_RATING)),
    rule("karma", int("karma", 0, MAX_POINTS)),
  ],
  "action-character": [
    versionRule,
    defenceRule("action"),
    rule("level", (value) => void action.requireLevel(value), true),
    rule(`(?:abilities|saves)\\.\\w+\\.mod`, int("mod", -ACTION_MAX_MODIFIER, ACTION_MAX_MODIFIER)),
    rule(`skills\\.${ID}\\.mod`, int("mod", -ACTION_MAX_MODIFIER, ACTION_MAX_MODIFIER)),
    rule("classDice\\.count", int("classDice", 0, ACTION_MAX_CLASS_DICE)),
    rule(
      "classDice\\.faces",
      (value) => {
        if (!isClassDieSize(value)) {
          throw new EngineError("DieSizeNotAllowed", {
            faces: String(value),
            allowed: ACTION_CLASS_DIE_SIZES.join(", "),
          });
        }
      },
      true,
    ),
  ],
  "wild-character": [
    versionRule,
    defenceRule("wild"),
    rule(`attributes\\.\\w+\\.code`, (value) => void wild.parseCode(value)),
    rule(`skills\\.${ID}\\.code`, (value) => void wild.parseCode(value)),
    rule("characterPoints", int("characterPoints", 0, MAX_POINTS)),
    rule("fatePoints", int("fatePoints", 0, MAX_POINTS)),
    rule("session\\.characterPoints", int("characterPointsUsed", 0, MAX_POINTS)),
    rule("session\\.fatePoints", int("fatePointsUsed", 0, WILD_FATE_POINTS_PER_SESSION)),
  ],
  "pi-character": [
    versionRule,
    defenceRule("pi"),
    rule(`attributes\\.\\w+\\.dice`, (value) => void requirePiPool(value)),
    rule(`skills\\.${ID}\\.bonus`, int("skillBonus", -PI_MAX_MODIFIER, PI_MAX_MODIFIER)),
  ],
  "pool-character": [
    versionRule,
    defenceRule("pool"),
    rule(`attributes\\.\\w+\\.rating`, int("dots", 0, POOL_MAX_DOTS)),
    rule(`abilities\\.${ID}\\.rating`, int("dots", 0, POOL_MAX_ABILITY_DOTS)),
    rule(`(?:willpower|traits\\.${ID})\\.permanent`, int("permanent", 0, POOL_MAX_TEN_POINT)),
    rule(`(?:willpower|traits\\.${ID})\\.current`, int("current", 0, POOL_MAX_TEN_POINT)),
  ],
});

/**
 * Checks a flat change set (`{"system.karma": 3, "name": "Ada"}`, as a sheet form submits it)
 * against the rules of a character type, and completes it where one change implies another:
 * lowering a 10-point trait's permanent rating below its current points lowers the current points
 * too (current never exceeds permanent), and lowering the maximum health below the health left
 * lowers what is left.
 *
 * Keys outside `system` pass through unchecked (Foundry checks them); `system` keys without a rule
 * (names, choices, flags) are left to the schema. A number written as text for a numeric field (a
 * select's value) is read as that number.
 *
 * @param type - The character type.
 * @param source - The actor's current stored `system` data (to complete dependent changes).
 * @param changes - The flat changes.
 * @returns The changes to send, or the first error found.
 */
export function prepareUpdate(
  type: CharacterType,
  source: unknown,
  changes: Readonly<Record<string, unknown>>,
): PreparedUpdate {
  const checked = checkChanges([...UPDATE_RULES[type], ...HEALTH_RULES, ...TEXT_RULES], changes);
  if (checked.ok && type === "pool-character") clampTenPointChanges(source, checked.changes);
  if (checked.ok) clampHealthChanges(source, checked.changes);
  return checked;
}

const TEN_POINT = new RegExp(`^system\\.(willpower|traits\\.${ID})\\.(permanent|current)$`);

/** Keeps each changed 10-point trait's current points at or below its permanent rating. */
function clampTenPointChanges(source: unknown, changes: Record<string, unknown>): void {
  const touched = new Set<string>();
  for (const key of Object.keys(changes)) {
    const match = TEN_POINT.exec(key);
    if (match) touched.add(match[1] as string);
  }
  for (const trait of touched) {
    const stored = readPath(source, trait);
    const permanentKey = `system.${trait}.permanent`;
    const currentKey = `system.${trait}.current`;
    const permanent = numberOr(changes[permanentKey], numberOr(stored?.permanent, 0));
    const current = numberOr(changes[currentKey], numberOr(stored?.current, 0));
    if (current > permanent) changes[currentKey] = permanent;
  }
}

/** Keeps the health left at or below a changed maximum. */
function clampHealthChanges(source: unknown, changes: Record<string, unknown>): void {
  if (!Object.hasOwn(changes, "system.health.max") && !Object.hasOwn(changes, "system.health.value")) return;
  const stored = readPath(source, "health");
  const max = numberOr(changes["system.health.max"], numberOr(stored?.max, harm.DEFAULT_HEALTH.max));
  const value = numberOr(changes["system.health.value"], numberOr(stored?.value, max));
  if (value > max) changes["system.health.value"] = max;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function readPath(source: unknown, path: string): Record<string, unknown> | undefined {
  let node: unknown = source;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "object" && node !== null ? (node as Record<string, unknown>) : undefined;
}

/** This session's counters on a wild-die character: only the rolls that spend (applied by the GM) and a GM change them. */
const SESSION_COUNTERS = ["characterPoints", "fatePoints"] as const;

/**
 * Whether an update (a document's candidate changes, nested as `{ system: { session: … } }` or with
 * flat `system.session.…` keys) would set one of this session's counters to another value than
 * `current`. A player who could do that would reset the per-session limits; the data model refuses
 * such an update unless a GM makes it.
 *
 * @param current - The counters as stored.
 * @param changes - The update's changes.
 */
export function changesSessionCounters(current: Readonly<Record<string, unknown>>, changes: unknown): boolean {
  if (typeof changes !== "object" || changes === null) return false;
  const flat = changes as Readonly<Record<string, unknown>>;
  const nested = readPath(flat, "system.session");
  return SESSION_COUNTERS.some((key) => {
    const flatKey = `system.session.${key}`;
    const changed = Object.hasOwn(flat, flatKey)
      ? flat[flatKey]
      : nested && Object.hasOwn(nested, key)
        ? nested[key]
        : undefined;
    return changed !== undefined && changed !== current[key];
  });
}

/**
 * Whether an update (nested as `{ system: { fatePoints } }` or with the flat `system.fatePoints` key)
 * would raise a character's Fate Points above `current`. docs/rules.md §3: a player cannot raise its own
 * total (the GM takes points away and gives them back); spending lowers it.
 *
 * @param current - The Fate Points stored now.
 * @param changes - The update's changes.
 */
export function raisesFatePoints(current: unknown, changes: unknown): boolean {
  if (typeof changes !== "object" || changes === null) return false;
  const flat = changes as Readonly<Record<string, unknown>>;
  const nested = readPath(flat, "system");
  const next = Object.hasOwn(flat, "system.fatePoints")
    ? flat["system.fatePoints"]
    : nested && Object.hasOwn(nested, "fatePoints")
      ? nested.fatePoints
      : undefined;
  if (next === undefined) return false;
  const held = typeof current === "number" ? current : 0;
  // A value that is not a number is the data model's to refuse; anything else above the total raises it.
  return typeof next !== "number" || next > held;
}
