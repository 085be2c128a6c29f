/**
 * Fixed figures of the character data models: the actor types, the fixed attribute keys of each
 * type, the limits every schema and validator shares, and the current schema version. Limits that
 * are rules come from the engines, so a sheet can never store what an engine would refuse.
 */

import { action, percentile, pi, pool, wild } from "../../engines/core.ts";

/** The version of every character schema; bump it with a migration in `src/data/migrations/`. */
export const SCHEMA_VERSION = 2;

/** The five character actor types, one per engine, in the order the engines are listed. */
export const CHARACTER_TYPES = Object.freeze([
  "percentile-character",
  "action-character",
  "wild-character",
  "pi-character",
  "pool-character",
] as const);

/** A character actor type. */
export type CharacterType = (typeof CHARACTER_TYPES)[number];

/** The engine each character type rolls. */
export const ENGINE_OF = Object.freeze({
  "percentile-character": "percentile",
  "action-character": "action",
  "wild-character": "wild",
  "pi-character": "pi",
  "pool-character": "pool",
} as const satisfies Record<CharacterType, string>);

/** An engine a character rolls. */
export type CharacterEngine = (typeof ENGINE_OF)[CharacterType];

/** Whether a string names a character type. */
export function isCharacterType(type: unknown): type is CharacterType {
  return typeof type === "string" && (CHARACTER_TYPES as readonly string[]).includes(type);
}

/** The longest name a user may give a skill, weapon, condition or trait (`data/fields`). */
export { MAX_ENTRIES, MAX_NAME_LENGTH } from "../fields/limits.ts";

/** The longest name a sheet gives a character or an item (`data/fields/rules.ts`). */
export { MAX_DOCUMENT_NAME } from "../fields/rules.ts";

/** The largest point total (karma, Character Points, Fate Points) a sheet may hold. */
export const MAX_POINTS = 9999;

// percentile ------------------------------------------------------------------------------------

/** The fixed attributes of a percentile character. */
export const PERCENTILE_ATTRIBUTES = Object.freeze([
  "body",
  "agility",
  "endurance",
  "reason",
  "intuition",
  "will",
] as const);

/** The largest rating (Action Results Table column) a percentile trait may have. */
export const PERCENTILE_MAX_RATING = percentile.MAX_RATING;

// action ----------------------------------------------------------------------------------------

/** The fixed abilities of an action character, each with a d20 check modifier. */
export const ACTION_ABILITIES = Object.freeze([
  "strength",
  "dexterity",
  "constitution",
  "reason",
  "intuition",
  "presence",
] as const);

/** The fixed saving throws of an action character. */
export const ACTION_SAVES = Object.freeze(["fortitude", "reflex", "will"] as const);

/** The largest d20 modifier (either sign) a sheet may hold; the engine's own limit. */
export const ACTION_MAX_MODIFIER = action.MAX_MODIFIER;

/** The highest character level; the engine's own limit. */
export const ACTION_MAX_LEVEL = action.MAX_LEVEL;

/** The widest botch range a weapon may have (natural 1 to 4). */
export const ACTION_MAX_BOTCH_RANGE = action.MAX_BOTCH_RANGE;

/** The die sizes class bonus dice may have (those of a player's pool). */
export const ACTION_CLASS_DIE_SIZES: readonly number[] = action.PLAYER_DIE_SIZES;

/** The most class bonus dice a character may hold. */
export const ACTION_MAX_CLASS_DICE = 20;

// wild ------------------------------------------------------------------------------------------

/** The fixed attributes of a wild-die character. */
export const WILD_ATTRIBUTES = Object.freeze([
  "agility",
  "strength",
  "knowledge",
  "perception",
  "presence",
  "technical",
] as const);

/** Fate Points a new character holds (the engine's starting value). */
export const WILD_STARTING_FATE_POINTS = wild.STARTING_FATE_POINTS;

/** Fate Points a character may spend in one session (the engine's value). */
export const WILD_FATE_POINTS_PER_SESSION = wild.FATE_POINTS_PER_SESSION;

/** Character Points a character may spend in one session unless the GM sets another limit. */
export const WILD_CP_SESSION_LIMIT = wild.DEFAULT_CP_SESSION_LIMIT;

/** The die code a new attribute or skill starts with. */
export const WILD_DEFAULT_CODE = "2D";

// pi --------------------------------------------------------------------------------------------

/** The fixed attributes of a Precision & Impact character, each a small pool of dice. */
export const PI_ATTRIBUTES = Object.freeze(["power", "quickness", "wits", "resolve"] as const);

/** The die sizes an attribute pool may hold (the engine's sizes). */
export const PI_DIE_SIZES: readonly number[] = pi.DIE_SIZES;

/** The most dice one attribute pool may hold (two attributes stay within the engine's combined limit). */
export const PI_MAX_ATTRIBUTE_DICE = Math.floor(pi.MAX_POOL_DICE / 2);

/** The largest Precision or Impact bonus (either sign) a skill may give; the engine's limit. */
export const PI_MAX_MODIFIER = pi.MAX_MODIFIER;

/** What a skill adds to. */
export const PI_SKILL_TARGETS = Object.freeze(["precision", "impact"] as const);

/** The hindrance a condition imposes while active. */
export const PI_CONDITION_HINDRANCES = Object.freeze(["minor", "major"] as const);

// pool ------------------------------------------------------------------------------------------

/** The fixed attributes of a dice-pool character, three physical, three social, three mental. */
export const POOL_ATTRIBUTES = Object.freeze([
  "strength",
  "dexterity",
  "stamina",
  "charisma",
  "manipulation",
  "appearance",
  "perception",
  "intelligence",
  "wits",
] as const);

/** The most dots an Attribute may have (the engine's limit). */
export const POOL_MAX_DOTS = pool.MAX_DOTS;

/** The most dots an Ability may have: the rules give a sixth dot an effect (the engine's limit). */
export const POOL_MAX_ABILITY_DOTS = pool.MAX_ABILITY_DOTS;

/** The most dots Willpower or another 10-point trait may have (the engine's limit). */
export const POOL_MAX_TEN_POINT = pool.MAX_TEN_POINT;

/** A percentile attribute key. */
export type PercentileAttribute = (typeof PERCENTILE_ATTRIBUTES)[number];
/** An action ability key. */
export type ActionAbility = (typeof ACTION_ABILITIES)[number];
/** An action saving throw key. */
export type ActionSave = (typeof ACTION_SAVES)[number];
/** A wild attribute key. */
export type WildAttribute = (typeof WILD_ATTRIBUTES)[number];
/** A Precision & Impact attribute key. */
export type PiAttribute = (typeof PI_ATTRIBUTES)[number];
/** What a Precision & Impact skill adds to. */
export type PiSkillTarget = (typeof PI_SKILL_TARGETS)[number];
/** The hindrance of a Precision & Impact condition. */
export type PiConditionHindrance = (typeof PI_CONDITION_HINDRANCES)[number];
/** A dice-pool attribute key. */
export type PoolAttribute = (typeof POOL_ATTRIBUTES)[number];

/** The localization key naming each character type (for `CONFIG.Actor.typeLabels`). */
export const TYPE_LABELS: Readonly<Record<CharacterType, string>> = Object.freeze(
  Object.fromEntries(CHARACTER_TYPES.map((type) => [type, `ROLLING_BONES.Actor.${type}.label`])) as Record<
    CharacterType,
    string
  >,
);

// non-player characters -------------------------------------------------------------------------

/**
 * The five NPC actor types, one per engine, in the engines' order. An NPC rolls as the character
 * type of its engine (same ratings, same requests) but holds none of a player's points or pools.
 */
export const NPC_TYPES = Object.freeze(["percentile-npc", "action-npc", "wild-npc", "pi-npc", "pool-npc"] as const);

/** An NPC actor type. */
export type NpcType = (typeof NPC_TYPES)[number];

/** Every actor type of the system: the characters, then the NPCs. */
export type ActorType = CharacterType | NpcType;

/** The character type each NPC type rolls as. */
export const CHARACTER_OF_NPC = Object.freeze({
  "percentile-npc": "percentile-character",
  "action-npc": "action-character",
  "wild-npc": "wild-character",
  "pi-npc": "pi-character",
  "pool-npc": "pool-character",
} as const satisfies Record<NpcType, CharacterType>);

/**
 * The fields of a character that its NPC type leaves out: a player's points and pools (karma,
 * Character and Fate Points with their session counters, the level that sizes the action dice and
 * the class dice, Willpower and the other spendable 10-point traits).
 */
export const NPC_OMITTED = Object.freeze({
  "percentile-character": ["karma"],
  "action-character": ["level", "classDice"],
  "wild-character": ["characterPoints", "fatePoints", "session"],
  "pi-character": [],
  "pool-character": ["willpower", "traits"],
} as const satisfies Record<CharacterType, readonly string[]>);

/** The longest notes a GM may keep on an NPC. */
export const NPC_MAX_NOTES = 4000;

/** Whether a string names an NPC type. */
export function isNpcType(type: unknown): type is NpcType {
  return typeof type === "string" && (NPC_TYPES as readonly string[]).includes(type);
}

/** Whether a string names one of the system's actor types (character or NPC). */
export function isActorType(type: unknown): type is ActorType {
  return isCharacterType(type) || isNpcType(type);
}

/** The character type an actor type rolls as (itself for a character); `null` for a type not ours. */
export function rollingTypeOf(type: unknown): CharacterType | null {
  if (isCharacterType(type)) return type;
  return isNpcType(type) ? CHARACTER_OF_NPC[type] : null;
}

/** The localization key naming each NPC type (for `CONFIG.Actor.typeLabels`). */
export const NPC_TYPE_LABELS: Readonly<Record<NpcType, string>> = Object.freeze(
  Object.fromEntries(NPC_TYPES.map((type) => [type, `ROLLING_BONES.Actor.${type}.label`])) as Record<NpcType, string>,
);
