/**
 * The system's settings, declared as one record and registered in `init`. Client settings belong to
 * one browser; world settings (rule variants) are set by the GM.
 */
import { SYSTEM_ID } from "../constants.ts";
import type { ArtTable } from "../engines/percentile/core.ts";
import type { ActionPoolState, BalancedChoice, ClassDicePool, MultiCharacterRule } from "../engines/action/index.ts";
import { DEFAULT_CP_SESSION_LIMIT, MAX_CHARACTER_POINTS } from "../engines/wild/core.ts";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "rolling-bones.skipDialogDefault": boolean;
    "rolling-bones.percentileMode": "dice" | "shift";
    "rolling-bones.percentileCap": number;
    "rolling-bones.wildFirstOneCounts": boolean;
    "rolling-bones.wildCpSessionLimit": number;
    "rolling-bones.actionRule": MultiCharacterRule;
    "rolling-bones.actionBalanced": BalancedChoice;
    /** A `StoredPool`, or `{}` before the first session (an object setting cannot be typed nullable). */
    "rolling-bones.actionGmPool": StoredPool | Record<string, never>;
    /** Each player's `StoredPool`, by user id (a world setting: only a GM writes it, docs/rules.md "Shared rules"). */
    "rolling-bones.actionPlayerPools": Record<string, StoredPool>;
    /** Each action character's `StoredClassPool`, by actor id (a world setting, like the players' pools). */
    "rolling-bones.actionClassPools": Record<string, StoredClassPool>;
    "rolling-bones.actionSession": number;
    "rolling-bones.actionLeniency": boolean;
    "rolling-bones.poolAutomatic": "ask" | "free";
    /** Each player's strikes under the three-strike leniency, by user id. */
    "rolling-bones.actionStrikes": Record<string, number>;
    /** What the GM took from the pools for each card spend this session, by entry id (`SpendLog`). */
    "rolling-bones.actionSpendLog": SpendLog | Record<string, never>;
    /** The GM's Action Results Table, or `{}` for the default table (an object setting cannot be typed nullable). */
    "rolling-bones.artTable": ArtTable | Record<string, never>;
    "rolling-bones.artNoticeShown": boolean;
    /** The Foundry build the GM was last told Token Action HUD Core's buttons may not respond on (0: never). */
    "rolling-bones.tahNoticeBuild": number;
    "rolling-bones.worldSchemaVersion": number;
    /** Where the GM's critical and botch tables are: "" for the system's compendium, a compendium id or a world folder's name. */
    "rolling-bones.effectTables": string;
    "rolling-bones.initiativePercentile": string;
    "rolling-bones.initiativeAction": string;
    "rolling-bones.initiativeWild": string;
    "rolling-bones.initiativePi": string;
    "rolling-bones.initiativePool": string;
    "rolling-bones.showRarity": boolean;
    /** The session's roll record (`services/roll-record.ts`), or `{}` before the first roll. */
    "rolling-bones.rollRecord": Record<string, unknown>;
    "rolling-bones.woundPenalties": boolean;
    "rolling-bones.healthLevels": boolean;
    "rolling-bones.applyToOthers": "ask" | "never";
  }
}

/**
 * One card spend as the GM applied it (issue 41, fault 2): the card's ledger lives in the card's roll,
 * which its author may rewrite; an undo gives dice back only as this record, which only a GM writes, says.
 */
export interface SpendRecord {
  /** The card (chat message) it was spent on. */
  readonly message: string;
  readonly type: string;
  readonly by: string;
  /** The dice taken, as `{ faces, count }` parts. */
  readonly dice: readonly { readonly faces: number; readonly count: number }[];
  /** The character whose class dice paid, or `null` for the user's pool. */
  readonly character: string | null;
  /** The strike a late use recorded, or `null`. */
  readonly late: number | null;
  /** The action id of the undo (or refund) that gave the dice back, or `null` while it stands. */
  readonly undoneBy: string | null;
}

/** The spends of one session, by ledger entry id (a new session starts an empty log). */
export interface SpendLog {
  readonly session: number;
  readonly spends: Record<string, SpendRecord>;
}

/** An action-dice pool as stored (in world settings): its session, its revision and the engine's pool state. */
export interface StoredPool {
  /** The session the pool was filled for. */
  readonly session: number;
  /** Grows by one with every write. */
  readonly rev: number;
  /** The pool. */
  readonly state: ActionPoolState;
}

/** A character's class dice as stored (in a world setting): its session, its revision and the engine's class pool. */
export interface StoredClassPool {
  /** The session the pool was filled for. */
  readonly session: number;
  /** Grows by one with every write. */
  readonly rev: number;
  /** The class dice. */
  readonly state: ClassDicePool;
}

/** Every system setting's key. */
export const SETTING_KEYS = Object.freeze({
  /** Client: a roll control rolls at once and Shift opens the dialog (instead of the other way round). */
  skipDialogDefault: "skipDialogDefault",
  /** World: the percentile dialog takes bonus/penalty dice (`dice`) or a column shift (`shift`). */
  percentileMode: "percentileMode",
  /** World: the cap on percentile extra dice after cancellation (0 = no cap). */
  percentileCap: "percentileCap",
  /** World: whether the 1 that starts a Wild Die critical failure counts as its face. */
  wildFirstOneCounts: "wildFirstOneCounts",
  /** World: the Character Points a wild-die character may spend per session (5 by default). */
  wildCpSessionLimit: "wildCpSessionLimit",
  /** World: how one pool is made for a player with several action characters (highest, balanced, divided). */
  actionRule: "actionRule",
  /** World: under the balanced rule, which reduced pool a player gets when the levels are far apart. */
  actionBalanced: "actionBalanced",
  /** World, hidden: the GM's action-dice pool for the session (written by the active GM only). */
  actionGmPool: "actionGmPool",
  /**
   * World, hidden: every player's action-dice pool by user id (written by the active GM only; a world
   * setting, because a player may write her own User flags and the actors she owns).
   */
  actionPlayerPools: "actionPlayerPools",
  /** World, hidden: every action character's class bonus dice by actor id (written by the active GM only). */
  actionClassPools: "actionClassPools",
  /** World, hidden: the number of the current action-dice session (0 before the first). */
  actionSession: "actionSession",
  /** World: who decides a dice-pool automatic success: the GM approves each (`ask`, the rules) or the roller takes it (`free`). */
  poolAutomatic: "poolAutomatic",
  /** World: the three-strike leniency for novice players (late uses of action dice; off by default). */
  actionLeniency: "actionLeniency",
  /** World, hidden: each player's strikes under the leniency (written by the active GM only). */
  actionStrikes: "actionStrikes",
  /** World, hidden: what each card spend of this session took, as the GM applied it (written by the active GM only). */
  actionSpendLog: "actionSpendLog",
  /** World, hidden: the GM's Action Results Table (`{}`: the default table); edited through its settings menu. */
  artTable: "artTable",
  /** World, hidden: whether the GM was told once that the default table can be replaced. */
  artNoticeShown: "artNoticeShown",
  /** World, hidden: the build the GM was told of Token Action HUD Core's unresponsive buttons on (issue 41). */
  tahNoticeBuild: "tahNoticeBuild",
  /** World, hidden: the schema version the world's documents were migrated to (0: never). */
  worldSchemaVersion: "worldSchemaVersion",
  /** World: the trait each character type rolls initiative from (no rule text gives a formula). */
  initiativePercentile: "initiativePercentile",
  initiativeAction: "initiativeAction",
  initiativeWild: "initiativeWild",
  initiativePi: "initiativePi",
  initiativePool: "initiativePool",
  /** World: whether each card says how rare its result was (on by default). */
  showRarity: "showRarity",
  /** World, hidden: the session's roll record, for the GM's dice report (written by the active GM only). */
  rollRecord: "rollRecord",
  /** World: where the critical and botch tables are drawn from ("" the system's compendium; a compendium id; a folder of world tables). */
  effectTables: "effectTables",
  /** World: wounds at half and a quarter of health put their penalties on rolls (docs/rules.md §6; on by default). */
  woundPenalties: "woundPenalties",
  /** World: dice-pool actors read their health as the seven named health levels (off by default). */
  healthLevels: "healthLevels",
  /** World: a player applies damage to others' tokens by asking the active GM (`ask`, the default) or not at all (`never`). */
  applyToOthers: "applyToOthers",
} as const);

/**
 * Registers every system setting (called from the `init` hook).
 *
 * @param onActionPoolsChange - Runs on every client when the players' pools or the class dice change
 *   (the `init` hook passes what redraws the open sheets that show them).
 */
export function registerSettings(onActionPoolsChange: () => void = () => undefined): void {
  game.settings.register(SYSTEM_ID, SETTING_KEYS.skipDialogDefault, {
    name: "ROLLING_BONES.Settings.skipDialogDefault.name",
    hint: "ROLLING_BONES.Settings.skipDialogDefault.hint",
    scope: "client",
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.percentileMode, {
    name: "ROLLING_BONES.Settings.percentileMode.name",
    hint: "ROLLING_BONES.Settings.percentileMode.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      dice: "ROLLING_BONES.Settings.percentileMode.dice",
      shift: "ROLLING_BONES.Settings.percentileMode.shift",
    },
    default: "dice",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.percentileCap, {
    name: "ROLLING_BONES.Settings.percentileCap.name",
    hint: "ROLLING_BONES.Settings.percentileCap.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: 20, step: 1 },
    default: 5,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.wildFirstOneCounts, {
    name: "ROLLING_BONES.Settings.wildFirstOneCounts.name",
    hint: "ROLLING_BONES.Settings.wildFirstOneCounts.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.wildCpSessionLimit, {
    name: "ROLLING_BONES.Settings.wildCpSessionLimit.name",
    hint: "ROLLING_BONES.Settings.wildCpSessionLimit.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: MAX_CHARACTER_POINTS, step: 1 },
    default: DEFAULT_CP_SESSION_LIMIT,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionRule, {
    name: "ROLLING_BONES.Settings.actionRule.name",
    hint: "ROLLING_BONES.Settings.actionRule.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      highest: "ROLLING_BONES.Action.Rule.highest",
      balanced: "ROLLING_BONES.Action.Rule.balanced",
      divided: "ROLLING_BONES.Action.Rule.divided",
    },
    default: "highest",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionBalanced, {
    name: "ROLLING_BONES.Settings.actionBalanced.name",
    hint: "ROLLING_BONES.Settings.actionBalanced.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      fewer: "ROLLING_BONES.Action.Balanced.fewer",
      smaller: "ROLLING_BONES.Action.Balanced.smaller",
    },
    default: "fewer",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionGmPool, {
    name: "ROLLING_BONES.Settings.actionGmPool.name",
    hint: "ROLLING_BONES.Settings.actionGmPool.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  for (const key of [SETTING_KEYS.actionPlayerPools, SETTING_KEYS.actionClassPools]) {
    game.settings.register(SYSTEM_ID, key, {
      name: `ROLLING_BONES.Settings.${key}.name`,
      hint: `ROLLING_BONES.Settings.${key}.hint`,
      scope: "world",
      config: false,
      type: Object,
      default: {},
      // Open sheets of action characters show the pools: they are drawn again on every client.
      onChange: onActionPoolsChange,
    });
  }
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionSession, {
    name: "ROLLING_BONES.Settings.actionSession.name",
    hint: "ROLLING_BONES.Settings.actionSession.hint",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
    // The sheets show the session too: a start that writes no pool (no player owns an action character)
    // changes only this setting, and a write of a pool's same value would redraw nothing (issue 23, fault 10).
    onChange: onActionPoolsChange,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.poolAutomatic, {
    name: "ROLLING_BONES.Settings.poolAutomatic.name",
    hint: "ROLLING_BONES.Settings.poolAutomatic.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      ask: "ROLLING_BONES.Settings.poolAutomatic.ask",
      free: "ROLLING_BONES.Settings.poolAutomatic.free",
    },
    default: "ask",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionLeniency, {
    name: "ROLLING_BONES.Settings.actionLeniency.name",
    hint: "ROLLING_BONES.Settings.actionLeniency.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionStrikes, {
    name: "ROLLING_BONES.Settings.actionStrikes.name",
    hint: "ROLLING_BONES.Settings.actionStrikes.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.actionSpendLog, {
    name: "ROLLING_BONES.Settings.actionSpendLog.name",
    hint: "ROLLING_BONES.Settings.actionSpendLog.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.artTable, {
    name: "ROLLING_BONES.Settings.artTable.name",
    hint: "ROLLING_BONES.Settings.artTable.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.artNoticeShown, {
    name: "ROLLING_BONES.Settings.artNoticeShown.name",
    hint: "ROLLING_BONES.Settings.artNoticeShown.hint",
    scope: "world",
    config: false,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.tahNoticeBuild, {
    name: "ROLLING_BONES.Settings.tahNoticeBuild.name",
    hint: "ROLLING_BONES.Settings.tahNoticeBuild.hint",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.showRarity, {
    name: "ROLLING_BONES.Settings.showRarity.name",
    hint: "ROLLING_BONES.Settings.showRarity.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.rollRecord, {
    name: "ROLLING_BONES.Settings.rollRecord.name",
    hint: "ROLLING_BONES.Settings.rollRecord.hint",
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.woundPenalties, {
    name: "ROLLING_BONES.Settings.woundPenalties.name",
    hint: "ROLLING_BONES.Settings.woundPenalties.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.healthLevels, {
    name: "ROLLING_BONES.Settings.healthLevels.name",
    hint: "ROLLING_BONES.Settings.healthLevels.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.applyToOthers, {
    name: "ROLLING_BONES.Settings.applyToOthers.name",
    hint: "ROLLING_BONES.Settings.applyToOthers.hint",
    scope: "world",
    config: true,
    type: String,
    choices: {
      ask: "ROLLING_BONES.Settings.applyToOthers.ask",
      never: "ROLLING_BONES.Settings.applyToOthers.never",
    },
    default: "ask",
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.worldSchemaVersion, {
    name: "ROLLING_BONES.Settings.worldSchemaVersion.name",
    hint: "ROLLING_BONES.Settings.worldSchemaVersion.hint",
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
  game.settings.register(SYSTEM_ID, SETTING_KEYS.effectTables, {
    name: "ROLLING_BONES.Settings.effectTables.name",
    hint: "ROLLING_BONES.Settings.effectTables.hint",
    scope: "world",
    config: true,
    type: String,
    default: "",
  });
}
