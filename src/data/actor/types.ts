/**
 * The shapes of each character's `system` data as plain TypeScript, free of Foundry types, so pure
 * functions (derived data, requests, sheet views, migrations) and tests can use them. Each model
 * file checks at compile time that its schema produces exactly these shapes.
 */

import type { Health } from "../../engines/harm/index.ts";
import type {
  ActionAbility,
  ActionSave,
  PercentileAttribute,
  PiAttribute,
  PiConditionHindrance,
  PiSkillTarget,
  PoolAttribute,
  WildAttribute,
} from "./constants.ts";

/** Entries keyed by id, as a `TypedObjectField` stores them. */
export type Entries<T> = Record<string, T>;

// percentile ------------------------------------------------------------------------------------

/** A percentile trait: its rating picks the Action Results Table column. */
export interface PercentileTrait {
  /** The rating (table column). */
  rating: number;
}

/** A percentile skill: a named trait. */
export interface PercentileSkill extends PercentileTrait {
  /** The skill's name as the user wrote it. */
  name: string;
}

/** The stored data of a percentile character. */
export interface PercentileCharacterSource {
  /** Health (docs/rules.md §6). */
  health: Health;
  /** The schema version the data was written with. */
  schemaVersion: number;
  /** The fixed attributes. */
  attributes: Record<PercentileAttribute, PercentileTrait>;
  /** The skills, keyed by id. */
  skills: Entries<PercentileSkill>;
  /** Karma, spent two per bought bonus die. */
  karma: number;
  /** The defence figure attacks against it are rolled against (docs/rules.md §6; `defence.ts`). */
  defence: number;
}

// action ----------------------------------------------------------------------------------------

/** A d20 modifier. */
export interface ActionModifier {
  /** The modifier added to the d20. */
  mod: number;
}

/** An action skill: a named d20 check modifier. */
export interface ActionSkill extends ActionModifier {
  /** The skill's name. */
  name: string;
}

/** A weapon entry of an action character before version 2 (now a `weapon` Item); the migrations read it. */
export interface ActionWeapon {
  /** The weapon's name. */
  name: string;
  /** The attack modifier added to the d20. */
  attack: number;
  /** Naturals 1 to this (1–4) are potential botches. */
  botchRange: number;
  /** The damage, as free text shown on the sheet. */
  damage: string;
}

/** Bonus action dice from a class feature, tracked on the character. */
export interface ActionClassDice {
  /** The die size. */
  faces: number;
  /** How many such dice the character holds now. */
  count: number;
}

/** The stored data of an action character. */
export interface ActionCharacterSource {
  /** Health (docs/rules.md §6). */
  health: Health;
  /** The schema version. */
  schemaVersion: number;
  /** The character level: 0, ½ or a whole number. */
  level: number;
  /** The fixed abilities' check modifiers. */
  abilities: Record<ActionAbility, ActionModifier>;
  /** The fixed saving throws' modifiers. */
  saves: Record<ActionSave, ActionModifier>;
  /** The skills, keyed by id. */
  skills: Entries<ActionSkill>;
  /** Class bonus dice. */
  classDice: ActionClassDice;
  /** The defence figure attacks against it are rolled against (docs/rules.md §6; `defence.ts`). */
  defence: number;
}

/** The action dice derived from the level. */
export interface ActionDiceView {
  /** The die size of the character's action dice. */
  faces: number;
  /** How many action dice the character's level gives. */
  count: number;
  /** The Gamemaster's die size when this is the highest player die. */
  gmFaces: number;
}

/** An action character's derived data. */
export interface ActionCharacterDerived {
  /** The action dice the level gives (null when the stored level is not valid). */
  actionDice: ActionDiceView | null;
}

// wild ------------------------------------------------------------------------------------------

/** A wild trait: a die code such as `3D+1`. */
export interface WildTrait {
  /** The die code. */
  code: string;
}

/** A wild skill: a named die code under an attribute. */
export interface WildSkill extends WildTrait {
  /** The skill's name. */
  name: string;
  /** The attribute the skill belongs to. */
  attribute: WildAttribute;
}

/** Points spent in the current session. */
export interface WildSessionUsage {
  /** Character Points spent this session. */
  characterPoints: number;
  /** Fate Points spent this session. */
  fatePoints: number;
}

/** The stored data of a wild-die character. */
export interface WildCharacterSource {
  /** Health (docs/rules.md §6). */
  health: Health;
  /** The schema version. */
  schemaVersion: number;
  /** The fixed attributes. */
  attributes: Record<WildAttribute, WildTrait>;
  /** The skills, keyed by id. */
  skills: Entries<WildSkill>;
  /** Character Points held. */
  characterPoints: number;
  /** Fate Points held. */
  fatePoints: number;
  /** Points spent this session. */
  session: WildSessionUsage;
  /** The defence figure attacks against it are rolled against (docs/rules.md §6; `defence.ts`). */
  defence: number;
}

/** What is left to spend this session. */
export interface WildSessionLeft {
  /** Character Points the session still allows (not more than the sheet holds). */
  characterPoints: number;
  /** Fate Points the session still allows (not more than the sheet holds). */
  fatePoints: number;
}

/** A wild character's derived data. */
export interface WildCharacterDerived {
  /** What may still be spent this session. */
  sessionLeft: WildSessionLeft;
}

// pi --------------------------------------------------------------------------------------------

/** A Precision & Impact attribute: a small pool of dice. */
export interface PiAttributePool {
  /** The die sizes, e.g. `[8, 4]`. */
  dice: number[];
}

/** A Precision & Impact skill: two attributes rolled together, plus a bonus to Precision or Impact. */
export interface PiSkill {
  /** The skill's name. */
  name: string;
  /** The first attribute rolled. */
  first: PiAttribute;
  /** The second attribute rolled. */
  second: PiAttribute;
  /** What the skill's bonus adds to. */
  adds: PiSkillTarget;
  /** The bonus. */
  bonus: number;
}

/** A condition that hinders rolls while active. */
export interface PiCondition {
  /** The condition's name. */
  name: string;
  /** How badly it hinders. */
  hindrance: PiConditionHindrance;
  /** Whether it applies now. */
  active: boolean;
}

/** The stored data of a Precision & Impact character. */
export interface PiCharacterSource {
  /** Health (docs/rules.md §6). */
  health: Health;
  /** The schema version. */
  schemaVersion: number;
  /** The fixed attributes. */
  attributes: Record<PiAttribute, PiAttributePool>;
  /** The skills, keyed by id. */
  skills: Entries<PiSkill>;
  /** The conditions, keyed by id. */
  conditions: Entries<PiCondition>;
  /** The defence figure attacks against it are rolled against (docs/rules.md §6; `defence.ts`). */
  defence: number;
}

/** A Precision & Impact character's derived data. */
export interface PiCharacterDerived {
  /** The one hindrance the active conditions impose. */
  hindrance: "none" | "minor" | "major";
}

// pool ------------------------------------------------------------------------------------------

/** A 0–5 dot trait. */
export interface PoolDots {
  /** The rating in dots. */
  rating: number;
}

/** A dice-pool ability: a named 0–6 dot trait (the sixth dot for botch cancellation) rolled with an attribute. */
export interface PoolAbility extends PoolDots {
  /** The ability's name. */
  name: string;
  /** The attribute it is usually rolled with. */
  attribute: PoolAttribute;
}

/** A 10-point trait: permanent dots and current squares. */
export interface PoolTenPoint {
  /** The permanent rating (rolled). */
  permanent: number;
  /** The current points (spent); never above the permanent rating once derived. */
  current: number;
}

/** A named 10-point trait other than Willpower. */
export interface PoolNamedTenPoint extends PoolTenPoint {
  /** The trait's name. */
  name: string;
}

/** The stored data of a dice-pool character. */
export interface PoolCharacterSource {
  /** Health (docs/rules.md §6). */
  health: Health;
  /** The schema version. */
  schemaVersion: number;
  /** The fixed attributes. */
  attributes: Record<PoolAttribute, PoolDots>;
  /** The abilities, keyed by id. */
  abilities: Entries<PoolAbility>;
  /** Willpower. */
  willpower: PoolTenPoint;
  /** Other 10-point traits, keyed by id. */
  traits: Entries<PoolNamedTenPoint>;
  /** The defence figure attacks against it are rolled against (docs/rules.md §6; `defence.ts`). */
  defence: number;
}

/** The stored data of any character, by type. */
export interface CharacterSources {
  "percentile-character": PercentileCharacterSource;
  "action-character": ActionCharacterSource;
  "wild-character": WildCharacterSource;
  "pi-character": PiCharacterSource;
  "pool-character": PoolCharacterSource;
}

/** The prepared data of any character (stored plus derived), by type. */
export interface CharacterSystems {
  "percentile-character": PercentileCharacterSource;
  "action-character": ActionCharacterSource & ActionCharacterDerived;
  "wild-character": WildCharacterSource & WildCharacterDerived;
  "pi-character": PiCharacterSource & PiCharacterDerived;
  "pool-character": PoolCharacterSource;
}
