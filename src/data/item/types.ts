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

/** A Wild Die weapon: its damage die code. */
export interface WeaponWild {
  /** The damage die code such as `3D+1` (empty when not known). */
  damage: string;
}

/** Precision & Impact modifiers of a piece of equipment, applied after the pick. */
export interface PiModifiers {
  /** Added to Precision. */
  precision: number;
  /** Added to Impact. */
  impact: number;
}

/** A percentile weapon: its base damage multiplier (raised by a called shot). */
export interface WeaponPercentile {
  /** The base damage multiplier, at least 1. */
  multiplier: number;
}

/** A dice-pool weapon: the difficulty of its attack and the dice its damage adds. */
export interface WeaponPool {
  /** The difficulty of an attack with it (usually 6). */
  difficulty: number;
  /** The damage dice it adds. */
  damage: number;
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
  /** Action dice figures. */
  action: WeaponAction;
  /** Wild Die figures. */
  wild: WeaponWild;
  /** Precision & Impact figures. */
  pi: PiModifiers;
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
