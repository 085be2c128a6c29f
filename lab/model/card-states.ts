/**
 * The card states the lab shows: each a roll with the stored state of its card (dice spent, a result
 * declared, points used), so the page shows every state a card can be in.
 */
import type { StoredCardState } from "../../src/dice/cards/index.ts";
import type { ActionCardRecord } from "../../src/dice/rolls/action-card.ts";
import type { PointsRecord } from "../../src/dice/rolls/points-card.ts";
import { type EngineId, shared } from "../../src/engines/index.ts";
import { type LabRoll, rollEngine } from "./rolls.ts";

/** A fixed, interesting outcome of one engine, for the card states gallery. */
export interface CardState {
  /** A stable id (`data-state` on the page, and the key of its caption). */
  readonly id: string;
  /** The engine. */
  readonly engine: EngineId;
  /** The request. */
  readonly request: unknown;
  /** The faces thrown, in the order the engine asks for dice. */
  readonly faces: readonly number[];
  /** What the roll stores beside its outcome. */
  readonly stored?: StoredCardState;
  /** Shown as a player sees a blind roll. */
  readonly isPrivate?: boolean;
  /** The conditions that adjusted the roll (already applied to the request), named on the card. */
  readonly conditions?: unknown;
  /** The equipment that adjusted the roll (already applied to the request), named on the card. */
  readonly equipment?: unknown;
  /** A weapon attack's line: the weapon and what it was rolled with. */
  readonly attack?: unknown;
  /** The card's flavor line (the weapon or trait rolled). */
  readonly flavor?: string;
  /**
   * An attack with a weapon whose damage the engine rolls: the card offers the attacker's owner a
   * Roll damage button (the chat hook adds it in Foundry; the lab draws it as the owner sees it).
   */
  readonly offersDamage?: boolean;
}

/** A closed action card: an augment the roller used, the GM's botch activation, and the GM's declaration. */
const CLOSED_ACTION_CARD: ActionCardRecord = {
  owner: "alice",
  characterGeneration: false,
  subject: null,
  open: false,
  declared: null,
  ledger: [
    { id: "lab-augment", type: "augment", by: "alice", dice: [{ faces: 6, count: 1 }], undone: false },
    // The GM's die is one step above the highest player die (d6 → d10, RULES §2).
    { id: "lab-botch", type: "botch", by: "gm", dice: [{ faces: 10, count: 2 }], undone: false },
  ],
  applied: ["lab-augment", "lab-botch", "lab-close"],
  events: [{ id: "lab-close", type: "close", by: "gm", entry: null }],
  names: { alice: "Alice", gm: "Gamemaster" },
  sessions: { "lab-augment": 1, "lab-botch": 1 },
};

/** A declared result, then the roller's late use under the three-strike leniency (her second strike). */
const LATE_USE_CARD: ActionCardRecord = {
  owner: "alice",
  characterGeneration: false,
  subject: null,
  open: false,
  declared: null,
  ledger: [{ id: "lab-late", type: "augment", by: "alice", dice: [{ faces: 6, count: 1 }], undone: false, late: 2 }],
  applied: ["lab-close", "lab-late"],
  events: [{ id: "lab-close", type: "close", by: "gm", entry: null }],
  names: { alice: "Alice", gm: "Gamemaster" },
  sessions: { "lab-late": 1 },
};

/** A saving throw's critical, two dice, with the effect the roller chose (save for nothing). */
const SAVE_CRITICAL_CARD: ActionCardRecord = {
  owner: "alice",
  characterGeneration: false,
  subject: null,
  open: true,
  declared: null,
  ledger: [
    { id: "lab-crit", type: "critical", by: "alice", dice: [{ faces: 6, count: 2 }], undone: false },
    {
      id: "lab-effect",
      type: "effect",
      by: "alice",
      dice: [],
      undone: false,
      effect: { activation: "critical", id: "saveForNothing", note: "" },
    },
  ],
  applied: ["lab-crit", "lab-effect"],
  events: [],
  names: { alice: "Alice", gm: "Gamemaster" },
  sessions: { "lab-crit": 1, "lab-effect": 1 },
};

/** A botch activated by another player, its effect still the GM's to decide. */
const BOTCH_PENDING_CARD: ActionCardRecord = {
  ...SAVE_CRITICAL_CARD,
  ledger: [{ id: "lab-botch", type: "botch", by: "bob", dice: [{ faces: 6, count: 1 }], undone: false }],
  applied: ["lab-botch"],
  names: { alice: "Alice", bob: "Bob" },
  sessions: { "lab-botch": 1 },
};

/** The same botch with the GM's words recorded. */
const BOTCH_EFFECT_CARD: ActionCardRecord = {
  ...BOTCH_PENDING_CARD,
  ledger: [
    ...BOTCH_PENDING_CARD.ledger,
    {
      id: "lab-botch-effect",
      type: "effect",
      by: "gm",
      dice: [],
      undone: false,
      effect: { activation: "botch", id: "ownWords", note: "The bowstring snaps; the next shot waits a round." },
    },
  ],
  applied: ["lab-botch", "lab-botch-effect"],
  names: { alice: "Alice", bob: "Bob", gm: "Gamemaster" },
  sessions: { "lab-botch": 1, "lab-botch-effect": 1 },
};

/**
 * A check's critical, two dice, whose effect the GM drew from the system's table for a parry at that
 * severity (the compendium's second result: packs/_source/effect-tables).
 */
const PARRY_TABLE_CARD: ActionCardRecord = {
  ...SAVE_CRITICAL_CARD,
  ledger: [
    { id: "lab-crit", type: "critical", by: "alice", dice: [{ faces: 6, count: 2 }], undone: false },
    {
      id: "lab-drawn",
      type: "effect",
      by: "gm",
      dice: [],
      undone: false,
      effect: {
        activation: "critical",
        id: "tableDraw",
        note: "Critical · Parry · 2 dice: A disarm: the attacker's weapon lands at your feet.",
      },
    },
  ],
  applied: ["lab-crit", "lab-drawn"],
  sessions: { "lab-crit": 1, "lab-drawn": 1 },
};

/** The points ledger of a percentile roll with one bonus die bought with karma. */
const KARMA_LEDGER: PointsRecord = {
  actorId: "labActorYsolde01",
  spendId: "lab-karma",
  ledger: [
    {
      id: "lab-karma",
      type: "karma",
      by: "labPlayerAlice00",
      undone: false,
      undoneBy: null,
      actorId: "labActorYsolde01",
      dice: 1,
      cost: 2,
    },
  ],
  applied: ["lab-karma"],
  names: { labPlayerAlice00: "Alice", labActorYsolde01: "Ysolde Marr" },
};

/** The card states gallery: a few outcomes per engine that show each card's rules at work. */
export const CARD_STATES: readonly CardState[] = Object.freeze([
  { id: "percentileBonus", engine: "percentile", request: { bonus: 3, penalty: 1, column: 9 }, faces: [6, 9, 8, 2] },
  { id: "percentilePenalty", engine: "percentile", request: { bonus: 0, penalty: 2, column: 9 }, faces: [6, 7, 8, 3] },
  { id: "percentileDoubleZero", engine: "percentile", request: { bonus: 0, penalty: 0, column: 9 }, faces: [10, 10] },
  {
    id: "percentileKarma",
    engine: "percentile",
    request: { bonus: 0, penalty: 0, karmaDice: 1, column: 9 },
    faces: [3, 4, 7],
    stored: { points: KARMA_LEDGER },
  },
  {
    id: "percentileWeaponCalledShot",
    engine: "percentile",
    flavor: "Short bow",
    // The bow's ×2 is the called shot's base; two voluntary penalty dice raise it to ×4 on a success.
    request: { bonus: 0, penalty: 0, column: 12, voluntaryPenalty: 2, damageMultiplier: 2 },
    faces: [9, 5, 7, 8],
    attack: { weapon: "Short bow", use: "Bows" },
  },
  { id: "actionCascade", engine: "action", request: { modifier: 3, dc: 15, augments: [6] }, faces: [1, 6, 6, 2] },
  { id: "actionCritical", engine: "action", request: { modifier: 2, dc: 12 }, faces: [20] },
  {
    id: "actionClosed",
    engine: "action",
    request: { modifier: 3, dc: 15, augments: [6] },
    faces: [1, 6, 6, 2],
    stored: { card: CLOSED_ACTION_CARD },
  },
  {
    id: "actionLateUse",
    engine: "action",
    request: { modifier: 2, dc: 15, augments: [6] },
    faces: [11, 4],
    stored: { card: LATE_USE_CARD },
  },
  {
    id: "actionSaveCriticalEffect",
    engine: "action",
    request: { kind: "save", modifier: 2 },
    faces: [20],
    stored: { card: SAVE_CRITICAL_CARD },
  },
  {
    id: "actionCriticalTableDraw",
    engine: "action",
    request: { kind: "check", modifier: 4, dc: 15 },
    faces: [20],
    stored: { card: PARRY_TABLE_CARD },
  },
  {
    id: "actionBotchPending",
    engine: "action",
    request: { kind: "attack", modifier: 2 },
    faces: [1],
    stored: { card: BOTCH_PENDING_CARD },
  },
  {
    id: "actionBotchEffect",
    engine: "action",
    request: { kind: "attack", modifier: 2 },
    faces: [1],
    stored: { card: BOTCH_EFFECT_CARD },
  },
  {
    id: "actionDamage",
    engine: "action",
    request: { kind: "damage", base: [6, 6], modifier: 1, augments: [4], rerolls: [{ target: 1, after: 0 }] },
    faces: [5, 1, 4, 3],
    stored: { damage: { actor: "Ayla", weapon: "Longsword", rolled: "2d6+1" } },
  },
  {
    id: "actionInitiative",
    engine: "action",
    request: { kind: "initiative", modifier: 2, augments: [4] },
    faces: [13, 3],
  },
  {
    id: "wildDamageFate",
    engine: "wild",
    request: { dice: 2, pips: 1, outsideDice: 3, fatePoint: true },
    faces: [4, 3, 5, 2, 6, 1, 3],
    stored: { damage: { actor: "Wil", weapon: "Axe", rolled: "2D+1 + 3D" } },
  },
  {
    id: "poolDamage",
    engine: "pool",
    request: { pool: 5, difficulty: 6 },
    faces: [8, 6, 2, 9, 4],
    stored: { damage: { actor: "Vex", weapon: "Club", rolled: "3 + 2" } },
  },
  { id: "wildExplodes", engine: "wild", request: { dice: 4, pips: 2 }, faces: [3, 5, 2, 6, 6, 4] },
  {
    id: "wildCriticalFailure",
    engine: "wild",
    request: { dice: 3, pips: 1, characterPoints: 1 },
    faces: [4, 2, 1, 6, 3, 6, 5],
  },
  {
    id: "piHindered",
    engine: "pi",
    request: { pool: [8, 4, 6, 4], hindrance: "minor", impactMod: 1 },
    faces: [5, 3, 2],
  },
  {
    id: "piExhausted",
    engine: "pi",
    // The Exhausted condition's Impact -1 is in the request, as a roll for the character applies it.
    request: { pool: [8, 6, 4], impactMod: -1 },
    faces: [7, 5, 1],
    conditions: [{ name: "Exhausted", adjustments: [{ target: "impact", value: -1 }] }],
  },
  {
    id: "piWeaponAttack",
    engine: "pi",
    flavor: "Longsword",
    // Fencing (d8 d6 d4 d4, Precision +1) with the Longsword's Impact +2 and the ticked Lockpicks'
    // Precision +2 in the request, as a roll from the weapon's row applies them after the pick.
    request: { pool: [8, 6, 4, 4], precisionMod: 3, impactMod: 2 },
    faces: [6, 5, 2, 1],
    equipment: [
      { name: "Longsword", adjustments: [{ target: "impact", value: 2 }] },
      { name: "Lockpicks", adjustments: [{ target: "precision", value: 2 }] },
    ],
    attack: { weapon: "Longsword", use: "Fencing" },
  },
  { id: "piSingleDie", engine: "pi", request: { pool: [6], impactMod: -2 }, faces: [2] },
  {
    id: "wildWeaponAttack",
    engine: "wild",
    flavor: "Old pistol",
    // Blaster 5D with a Character Point against a target number: the skill's dice, the Wild Die
    // exploding once, and the point's extra Wild Die; the pistol's 4D+1 is its damage, not in the attack.
    request: { dice: 5, pips: 0, characterPoints: 1, target: 20 },
    faces: [4, 2, 5, 3, 6, 2, 4],
    attack: { weapon: "Old pistol", use: "Blaster" },
    offersDamage: true,
  },
  { id: "wildTargetMet", engine: "wild", request: { dice: 3, pips: 1, target: 10 }, faces: [4, 3, 2] },
  { id: "wildTargetMissed", engine: "wild", request: { dice: 3, target: 9 }, faces: [5, 4, 1, 3] },
  { id: "piGoalMissed", engine: "pi", request: { pool: [8, 6, 4], impactGoal: 3 }, faces: [5, 3, 2] },
  {
    id: "piGoalRepicked",
    engine: "pi",
    request: { pool: [8, 6, 4], precisionGoal: 6, impactGoal: 3, pick: [0, 2] },
    faces: [5, 3, 2],
  },
  { id: "poolBotch", engine: "pool", request: { pool: 6, difficulty: 8, cancellation: 1 }, faces: [1, 1, 3, 5, 7, 2] },
  {
    id: "poolSixthDot",
    engine: "pool",
    request: { pool: 9, difficulty: 8, cancellation: 2 },
    faces: [1, 4, 3, 5, 7, 2, 1, 6, 3],
  },
  {
    id: "poolWillpower",
    engine: "pool",
    request: { pool: 5, difficulty: 6, willpower: true },
    faces: [10, 6, 1, 4, 9],
  },
  {
    id: "poolDifficultyHidden",
    engine: "pool",
    request: { pool: 5, difficulty: 6 },
    faces: [8, 7, 1, 9, 3],
    stored: { difficultyHidden: true },
  },
  { id: "poolAutomatic", engine: "pool", request: { pool: 6, difficulty: 4, automatic: true }, faces: [] },
  {
    id: "poolWeaponAttack",
    engine: "pool",
    flavor: "Longsword",
    // Dexterity 3 + Melee 3 at the sword's difficulty 7, with a point of Willpower: 7, 9 and 10
    // succeed (the 6 would at the usual 6), the 1 cancels one, Willpower adds one.
    request: { pool: 6, difficulty: 7, willpower: true },
    faces: [7, 6, 9, 1, 10, 3],
    attack: { weapon: "Longsword", use: "Dexterity + Melee" },
    offersDamage: true,
  },
  {
    id: "poolTargetedAttack",
    engine: "pool",
    flavor: "Longsword",
    // Dexterity 3 + Melee 2 at the sword's 6 on three targets, as a player sees the card where the
    // world hides NPC figures: 6, 7 and 8 succeed and the 1 cancels one (a hit on the Thug's 6); at the
    // Brute's 8 only the 8 succeeds, and the 1 cancels it (a miss); the Raider rolls the Wild Die.
    request: { pool: 5, difficulty: 6 },
    faces: [6, 7, 8, 1, 2],
    attack: { weapon: "Longsword", use: "Dexterity + Melee" },
    stored: {
      targets: [
        { name: "Thug", token: null, actor: null, engine: "pool", verdict: "hit" },
        { name: "Brute", token: null, actor: null, engine: "pool", verdict: "miss" },
        { name: "Raider", token: null, actor: null, engine: "wild", verdict: "none" },
      ],
    },
    offersDamage: true,
  },
  {
    id: "actionTargetedAttack",
    engine: "action",
    flavor: "Warhammer",
    // d20 12 + 3 Strength + 1 Warhammer against a target whose DC the world shows players: 16 ≥ 14, a hit.
    request: { kind: "attack", modifier: 4, botchRange: 2 },
    faces: [12],
    stored: {
      parts: [
        { key: "ROLLING_BONES.Actor.action-character.FIELDS.abilities.strength.label", value: 3 },
        { name: "Warhammer", value: 1 },
      ],
      targets: [{ name: "Bandit Lookout", token: null, actor: null, engine: "action", verdict: "hit", defence: 14 }],
    },
    offersDamage: true,
  },
  { id: "poolBlind", engine: "pool", request: { pool: 3 }, faces: [7, 8, 9], isPrivate: true },
] satisfies CardState[]);

/** The localization key of a card state's caption. */
export function cardStateCaption(state: CardState): string {
  return `ROLLING_BONES.Lab.State.${state.id}`;
}

/** Rolls a card state with its fixed faces. */
export function rollCardState(state: CardState): LabRoll {
  return rollEngine(state.engine, state.request, shared.fixedFaces(state.faces));
}

// dialogs -----------------------------------------------------------------------------------------
