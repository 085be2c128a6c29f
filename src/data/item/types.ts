/**
 * The shapes of each item's `system` data as plain TypeScript, free of Foundry types, so pure
 * functions (validation, figures, requests, migrations) and tests can use them. Each model file
 * checks at compile time that its schema produces exactly these shapes.
 */

/** An action-dice weapon: its attack modifier, botch range and damage formula. */
export interface WeaponAction {
  /** The modifier added to the attack's d20. */
  attack: number;
  /** Naturals 1 to this (1–4) are potential botches. */
  botchRange: number;
  /** The damage, as a dice formula such as `1d8+2` (empty when not known). */
  damage: string;
}

/**
 * How a weapon is used (docs/rules.md §6): in close combat (`melee`), thrown, or shot (`ranged`). The kind
 * decides which of the wielder's abilities an action-dice attack adds, and whether damage adds Strength.
 */
export type WeaponKind = "melee" | "thrown" | "ranged";

/** A Wild Die weapon: its damage die code and the skill it is usually used with. */
export interface WeaponWild {
  /** The damage die code such as `3D+1` (empty when not known). */
  damage: string;
  /** The name of the skill an attack with it is usually rolled with (empty: guessed from the weapon's name). */
  skill: string;
}

/** A Precision & Impact weapon: its modifiers after the pick and the skill it is usually used with. */
export interface WeaponPi extends PiModifiers {
  /** The name of the skill an attack with it is usually rolled with (empty: guessed from the weapon's name). */
  skill: string;
}

/** Precision & Impact modifiers of a piece of equipment, applied after the pick. */
export interface PiModifiers {
  /** Added to Precision. */
  precision: number;
  /** Added to Impact. */
  impact: number;
}

/** A percentile weapon: its damage formula, its base damage multiplier (raised by a called shot) and its usual skill. */
export interface WeaponPercentile {
  /** The damage formula (`1d8+1`), multiplied by the hit's multiplier (docs/rules.md §6); empty: no damage yet. */
  damage: string;
  /** The base damage multiplier, at least 1. */
  multiplier: number;
  /** The name of the skill an attack with it is usually rolled with (empty: guessed from the weapon's name). */
  skill: string;
}

/**
 * A dice-pool weapon: the difficulty of its attack, the dice its damage adds, and the Attribute +
 * Ability pair an attack with it is usually rolled with.
 */
export interface WeaponPool {
  /** The difficulty of an attack with it (usually 6). */
  difficulty: number;
  /** The damage dice it adds. */
  damage: number;
  /** The name of the Ability an attack is usually rolled with (empty: guessed from the weapon's name). */
  ability: string;
  /** The Attribute the Ability is paired with (empty: the Ability's own). */
  attribute: string;
}

/** The stored data of a weapon: one group of figures per engine (only the actor's engine's group is used). */
export interface WeaponSource {
  /** The schema version the data was written with. */
  schemaVersion: number;
  /** A description as plain text. */
  description: string;
  /**
   * Whether the holder has it equipped: the item's Active Effects apply to its holder only while it
   * is (a new item is equipped).
   */
  equipped: boolean;
  /** How it is used: melee, thrown or ranged. */
  kind: WeaponKind;
  /** Action dice figures. */
  action: WeaponAction;
  /** Wild Die figures. */
  wild: WeaponWild;
  /** Precision & Impact figures. */
  pi: WeaponPi;
  /** Percentile figures. */
  percentile: WeaponPercentile;
  /** Dice-pool figures. */
  pool: WeaponPool;
}

/** The Wild Die figures of gear: an equipment bonus. */
export interface GearWild {
  /** The bonus such as `+1D` or `+2` (empty for none). */
  bonus: string;
}

/** The stored data of a piece of gear. */
export interface GearSource {
  /** The schema version. */
  schemaVersion: number;
  /** A description as plain text. */
  description: string;
  /**
   * Whether the holder has it equipped: the item's Active Effects apply to its holder only while it
   * is (a new item is equipped).
   */
  equipped: boolean;
  /** How many the character carries. */
  quantity: number;
  /** Wild Die figures. */
  wild: GearWild;
  /** Precision & Impact figures. */
  pi: PiModifiers;
}

/** The stored data of any item, by type. */
export interface ItemSources {
  weapon: WeaponSource;
  gear: GearSource;
}
