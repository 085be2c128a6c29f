/**
 * What the lab page shows, built without Foundry and without the DOM, from the system's own pure
 * code: engine rolls (the engines' throw protocol with a seeded face source), chat card contexts
 * (the cards' views, as the Roll classes build them), roll dialog contexts (the dialogs' pure
 * modules, as `RollDialog` builds them), sheet contexts (the sheets' view functions, as the sheet
 * classes build them) and the sheets' checked updates. The page (`main.ts`) only renders and wires
 * these, and the tests check them directly.
 */
import { rarityOfOutcome } from "../src/engines/advice.ts";
import { buildDialogContext, type DialogContext } from "../src/applications/dialogs/context.ts";
import { DIALOG_ENGINES, DIALOG_ENGINE_IDS } from "../src/applications/dialogs/engines.ts";
import type { FormValues } from "../src/applications/dialogs/form-values.ts";
import { ROLL_HINT_KEYS } from "../src/applications/dialogs/skip.ts";
import { evaluateForm, type DialogEvaluation, type DialogSettings } from "../src/applications/dialogs/types.ts";
import {
  characterView,
  dotTarget,
  editDice,
  ViewKit,
  type CharacterView,
  type EquipmentEntry,
} from "../src/applications/sheets/views/index.ts";
import { itemSheetView, type ItemEffectData, type ItemSheetView } from "../src/applications/sheets/views/item.ts";
import {
  USE_ABILITY_FIELD,
  USE_ATTRIBUTE_FIELD,
  USE_FIELD,
  dialogAttackOf,
  type DialogAttack,
} from "../src/applications/dialogs/equipment.ts";
import {
  isItemType,
  itemAdjustments,
  namedEquipment,
  newGear,
  newWeapon,
  prepareItemUpdate,
  type ItemData,
} from "../src/data/item/pure.ts";
import {
  CHANGE_PREFIX,
  CONDITIONS,
  conditionNameKey,
  conditionsOf,
  namedConditions,
  type NamedCondition,
} from "../src/data/conditions/index.ts";
import { effectChangeKind } from "../src/helpers/compat.ts";
import {
  asCharacter,
  ENGINE_OF,
  isActorType,
  isNpcType,
  type ActorType,
  newEntry,
  prepareUpdate,
  requestForTrait,
  traitLabelOf,
  type CharacterSources,
  type CharacterType,
  type TraitRef,
} from "../src/data/actor/pure.ts";
import {
  CARD_TEMPLATES,
  CARD_VIEWS,
  ROLL_TOTALS,
  cardContextOf,
  conditionLines,
  readAttackLine,
  readDamageLine,
  type EngineCardContext,
} from "../src/dice/cards/index.ts";
import type { StoredCardState } from "../src/dice/cards/index.ts";
import { NEW_CARD_RECORD, recordOf, type ActionCardRecord } from "../src/dice/rolls/action-card.ts";
import type { PendingAssist, PointsRecord } from "../src/dice/rolls/points-card.ts";
import { dialogPointsOf, type DialogPoints } from "../src/services/points/views.ts";
import { gmPanelView, playerPanelView, type PanelCharacter } from "../src/applications/action-dice/views.ts";
import { actionControls } from "../src/applications/chat/action-controls.ts";
import { economyView, type EconomyRecord } from "../src/services/action-dice/economy-card.ts";
import { fateLossView } from "../src/services/points/fate-loss-card.ts";
import { formulaOf, groupSpecs } from "../src/dice/groups.ts";
import type { EngineError } from "../src/engines/index.ts";
import {
  action,
  percentile,
  pi,
  pool,
  shared,
  wild,
  type Engine,
  type EngineId,
  type Throw,
} from "../src/engines/index.ts";
import type { Visibility } from "../src/helpers/compat.ts";
import { errorMessage } from "../src/helpers/notify.ts";
import type { Localization } from "./i18n.ts";

/** The engines, in the order the page lists them. */
export const LAB_ENGINES: readonly EngineId[] = DIALOG_ENGINE_IDS;

/** Each engine's throw protocol. */
// The five engines have their own request and outcome types; the lab passes them along unchanged.
const ENGINES: Readonly<Record<EngineId, Engine<unknown, unknown, unknown>>> = Object.freeze({
  percentile: percentile.engine,
  action: action.engine,
  wild: wild.engine,
  pi: pi.engine,
  pool: pool.engine,
});

/** The largest seed (seeds are unsigned 32-bit integers). */
export const MAX_SEED = 0xffffffff;

/** A seed read from text: a whole number from 0 to {@link MAX_SEED}, or `null`. */
export function parseSeed(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed <= MAX_SEED ? seed : null;
}

/** A random seed from a uniform generator in [0, 1) (`Math.random` on the page). */
export function randomSeed(uniform: () => number): number {
  return Math.floor(uniform() * (MAX_SEED + 1));
}

// rolls and cards ---------------------------------------------------------------------------------

/** An engine roll made in the lab. */
export interface LabRoll {
  /** The engine. */
  readonly engine: EngineId;
  /** The validated request. */
  readonly request: unknown;
  /** Every throw, in the order the engine asked for them. */
  readonly throws: readonly Throw[];
  /** The engine outcome. */
  readonly outcome: unknown;
  /** The Foundry formula of the dice thrown. */
  readonly formula: string;
  /** The total the roll reports. */
  readonly total: number;
}

/**
 * Rolls a request: validates it, throws its dice from the face source until the engine's plan is
 * complete, and resolves it. The same steps as `shared.rollWith`, keeping the throws to show them.
 *
 * @param engine - The engine.
 * @param request - The request (validated here; a bad one throws its `EngineError`).
 * @param source - Where the faces come from (`shared.seededFaces(seed)` on the page).
 */
export function rollEngine(engine: EngineId, request: unknown, source: shared.FaceSource): LabRoll {
  const rules = ENGINES[engine];
  const valid = rules.validate(request);
  const throws = shared.throwAll(rules, valid, source);
  const outcome = rules.resolve(valid, throws);
  const total = (ROLL_TOTALS[engine] as (o: unknown) => number)(outcome);
  return { engine, request: valid, throws, outcome, formula: formulaOf(groupSpecs(throws)), total };
}

/** How a card is shown. */
export interface CardOptions {
  /** The flavor line (the trait rolled), if any. */
  readonly flavor?: string | null;
  /** Whether the viewer may not see the result (a blind roll, as a player sees it). */
  readonly isPrivate?: boolean;
  /** What the roll stores beside its outcome (an action card's state, a points ledger). */
  readonly stored?: StoredCardState;
  /** The conditions stored with the roll (`roll.options.conditions`), named on the card. */
  readonly conditions?: unknown;
  /** The equipment stored with the roll (`roll.options.equipment`), named on the card. */
  readonly equipment?: unknown;
  /** A weapon attack's line (`roll.options.attack`). */
  readonly attack?: unknown;
  /** How rare the result was (`roll.options.rarity`, as `services/rarity.ts` stores it), shown on the card. */
  readonly rarity?: unknown;
  /** The viewer's language (the rarity line's percentages). */
  readonly lang?: string;
}

/**
 * The context a roll's chat card renders with, as the engine's Roll class builds it.
 *
 * @param roll - The roll.
 * @param options - The flavor, privacy and stored card state.
 */
export function cardContext(roll: LabRoll, options: CardOptions = {}): EngineCardContext<unknown, unknown> {
  const view = CARD_VIEWS[roll.engine] as (outcome: unknown, stored?: StoredCardState) => object | null;
  return cardContextOf({
    engine: roll.engine,
    flavor: options.flavor,
    isPrivate: options.isPrivate === true,
    formula: roll.formula,
    total: roll.total,
    request: roll.request,
    outcome: roll.outcome,
    view: (outcome) => view(outcome, options.stored ?? {}),
    damage: readDamageLine(options.stored?.damage),
    fromAttack: options.stored?.fromAttack,
    targets: options.stored?.targets,
    conditions: options.conditions,
    equipment: options.equipment,
    attack: readAttackLine(options.attack),
    rarity: options.rarity,
    lang: options.lang,
  });
}

/**
 * The action dice the lab's roller holds for an open action card's advisor: one of each size, so
 * every augment (cascades included) is priced.
 */
export const LAB_HELD_DICE: readonly { readonly faces: number; readonly count: number }[] = [4, 6, 8, 10, 12].map(
  (faces) => ({ faces, count: 1 }),
);

/**
 * What a roll stores of its rarity when posted (`services/rarity.ts`): the chance of a result at
 * least this good and at least this bad, and its exact percentile.
 */
export function storedRarity(roll: LabRoll): { good: number; bad: number; percentile: number } {
  const r = rarityOfOutcome(roll.engine, roll.request, roll.outcome);
  return { good: r.atLeastAsGood, bad: r.atLeastAsBad, percentile: r.percentile };
}

/** The template file of an engine's card, relative to the repository root. */
export function cardTemplateFile(engine: EngineId): string {
  return CARD_TEMPLATES[engine].replace(/^systems\/[^/]+\//, "");
}

/** The faces of a roll as text, e.g. `d20: 14 · d6: 6, 6, 2`: runs of one die size joined. */
export function facesText(throws: readonly Throw[]): string {
  const runs: { faces: number; values: number[] }[] = [];
  for (const t of throws) {
    const last = runs.at(-1);
    if (last && last.faces === t.faces) last.values.push(t.value);
    else runs.push({ faces: t.faces, values: [t.value] });
  }
  return runs.map((r) => `d${r.faces}: ${r.values.join(", ")}`).join(" · ");
}

// card states -------------------------------------------------------------------------------------

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
      effect: { activation: "critical", id: "tableDraw", note: "Critical · Parry · 2 dice: A disarm: the attacker's weapon lands at your feet." },
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

/** One engine's dialog as the page holds it. */
export interface DialogState {
  /** The engine. */
  readonly engine: EngineId;
  /** The form values (the visibility picker's value apart). */
  readonly values: FormValues;
  /** The chosen visibility. */
  readonly visibility: Visibility;
  /** The window title and card flavor (a sheet's trait), or `null` for the engine's name. */
  readonly title: string | null;
  /** Whether the odds panel's optional details are open. */
  readonly showMore: boolean;
  /** What the rolling character brings beside the world settings (an action character's level and dice held). */
  readonly character?: Partial<DialogSettings>;
}

/**
 * A fresh dialog for an engine, filled from a request as a sheet would open it.
 *
 * @param engine - The engine.
 * @param settings - The world settings.
 * @param initial - The request to start from (absent: the dialog's defaults).
 * @param title - The title (a trait's name), or `null`.
 */
export function openDialog(
  engine: EngineId,
  settings: DialogSettings,
  initial?: unknown,
  title: string | null = null,
  character: Partial<DialogSettings> = {},
): DialogState {
  const values = DIALOG_ENGINES[engine].requestToForm(initial as never, { ...settings, ...character });
  return { engine, values, visibility: "public", title, showMore: false, character };
}

/**
 * The request each engine's dialog starts from on the page, as a sheet would open it: a typical
 * trait of each engine's characters, so every dialog shows odds at once.
 */
export const STARTING_REQUESTS: Readonly<Record<EngineId, unknown>> = Object.freeze({
  percentile: { bonus: 0, penalty: 0, column: 9 },
  action: { kind: "check", modifier: 3, dc: 15 },
  wild: { dice: 4, pips: 1, target: 10 },
  pi: { pool: [8, 6, 4], precisionGoal: 8, impactGoal: 2 },
  pool: { pool: 5, difficulty: 6 },
});

/** The prefix of a lab dialog's control ids. */
export function dialogIdPrefix(engine: EngineId): string {
  return `lab-${engine}-dialog`;
}

/**
 * The context of a dialog's parts, as `RollDialog#_prepareContext` builds it.
 *
 * @param state - The dialog.
 * @param settings - The world settings.
 * @param i18n - The localization (errors name their field by its label, as in Foundry).
 */
export function dialogContext(state: DialogState, settings: DialogSettings, i18n: Localization): DialogContext {
  return buildDialogContext({
    engine: state.engine,
    values: state.values,
    settings: { ...settings, ...state.character },
    lang: i18n.lang,
    idPrefix: dialogIdPrefix(state.engine),
    visibility: state.visibility,
    showMore: state.showMore,
    localizeError: (error: EngineError) => errorMessage(error, i18n),
  });
}

/** The request a dialog's Roll posts, or the error that keeps Roll disabled. */
export function dialogRequest(
  state: DialogState,
  settings: DialogSettings,
  lang: string,
): DialogEvaluation<unknown, unknown> {
  return evaluateForm(DIALOG_ENGINES[state.engine], state.values, { ...settings, ...state.character }, lang);
}

/**
 * A dialog's values carried over to changed world settings: its request refilled under the new
 * settings (a percentile dialog switches between dice and shift inputs), or the defaults when its
 * input is not a valid request.
 */
export function carryDialog(
  state: DialogState,
  before: DialogSettings,
  after: DialogSettings,
  lang: string,
): DialogState {
  const evaluation = dialogRequest(state, before, lang);
  const initial = evaluation.ok ? evaluation.request : undefined;
  const values = DIALOG_ENGINES[state.engine].requestToForm(initial as never, { ...after, ...state.character });
  // A weapon attack's choice and the gear ticked stay as the player left them (the request is theirs).
  const attackFields: readonly string[] = [USE_FIELD, USE_ATTRIBUTE_FIELD, USE_ABILITY_FIELD];
  const kept = Object.entries(state.values).filter(([key]) => attackFields.includes(key) || key.startsWith("gear-"));
  return {
    ...state,
    values: evaluation.ok ? { ...values, ...Object.fromEntries(kept) } : values,
  };
}

// sheets ------------------------------------------------------------------------------------------

/** A sample character: a stored actor's name, type and `system` data. */
export interface SampleActor {
  readonly id: string;
  readonly name: string;
  /** The character type it rolls as (an NPC's engine's character type). */
  readonly type: CharacterType;
  /** Its own actor type (a character type, or an NPC type). */
  readonly actorType: ActorType;
  readonly system: CharacterSources[CharacterType];
  /** Whether its token is linked to it (a player character) rather than standing for many (an NPC). */
  readonly playerCharacter: boolean;
  /** Its weapons and gear (embedded Items), each with its Active Effects. */
  readonly items: readonly LabItem[];
  /** The ids of the status conditions applied to it (its token's status effects in Foundry). */
  readonly statuses: readonly string[];
}

/** An embedded item of a sample character, as its sheet and its own sheet read it. */
export type LabItem = EquipmentEntry & { readonly img: string; readonly effects: readonly ItemEffectData[] };

/** The weapons and gear among a stored actor's embedded items, in their sort order, with their effects. */
function labItems(items: unknown): LabItem[] {
  if (!Array.isArray(items)) return [];
  const sorted = [...(items as { sort?: unknown }[])].sort((a, b) => (Number(a.sort) || 0) - (Number(b.sort) || 0));
  return sorted.flatMap((raw): LabItem[] => {
    const i = raw as {
      _id?: unknown;
      name?: unknown;
      type?: unknown;
      img?: unknown;
      system?: unknown;
      effects?: unknown;
    };
    if (typeof i._id !== "string" || typeof i.name !== "string" || !isItemType(i.type)) return [];
    const effects = (Array.isArray(i.effects) ? i.effects : []).map((e: Record<string, unknown>) => ({
      id: typeof e._id === "string" ? e._id : "",
      name: typeof e.name === "string" ? e.name : "",
      disabled: e.disabled === true,
      transfer: e.transfer === true,
      changes: (Array.isArray(e.changes) ? e.changes : []) as ItemEffectData["changes"],
    }));
    const data = { type: i.type, system: i.system } as ItemData;
    return [{ ...data, id: i._id, name: i.name, img: typeof i.img === "string" ? i.img : "", effects }];
  });
}

/**
 * The sample characters among stored actor documents (a compendium's sources): those of a character
 * type, each engine's in turn, player characters (linked tokens) before the others.
 *
 * @param documents - Parsed actor documents.
 */
export function sampleActors(documents: readonly unknown[]): SampleActor[] {
  const out: SampleActor[] = [];
  for (const doc of documents) {
    const d = doc as {
      _id?: unknown;
      name?: unknown;
      type?: unknown;
      system?: unknown;
      prototypeToken?: unknown;
      items?: unknown;
    };
    const character = asCharacter(d.type, d.system);
    if (!character || !isActorType(d.type) || typeof d._id !== "string" || typeof d.name !== "string") continue;
    if (typeof d.system !== "object" || d.system === null) continue;
    const token = d.prototypeToken as { actorLink?: unknown } | undefined;
    out.push({
      id: d._id,
      name: d.name,
      type: character.type,
      actorType: d.type,
      system: character.system,
      playerCharacter: token?.actorLink === true,
      items: labItems(d.items),
      statuses: labStatuses(ENGINE_OF[character.type]),
    });
  }
  const order = (a: SampleActor) => LAB_ENGINES.findIndex((e) => a.type.startsWith(`${e}-`));
  return out.sort(
    (a, b) =>
      order(a) - order(b) ||
      Number(b.playerCharacter) - Number(a.playerCharacter) ||
      a.name.localeCompare(b.name, "en"),
  );
}

/** A neutral portrait (Foundry's default icons are not part of the system). */
export const LAB_PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#c9b48f"/><circle cx="32" cy="24" r="12" fill="#7a5c3a"/><rect x="14" y="40" width="36" height="20" rx="10" fill="#7a5c3a"/></svg>',
  );

/** What a character sheet's parts render. */
export interface SheetContext {
  readonly header: { name: string; img: string; nameId: string; typeLabel: string };
  readonly view: CharacterView;
  readonly editable: boolean;
}

/**
 * The context of a character sheet, as `RollingBonesCharacterSheet#_prepareContext` builds it.
 *
 * @param actor - The character.
 * @param editable - Whether the viewer may edit it.
 * @param i18n - The localization.
 */
export function sheetContext(actor: SampleActor, editable: boolean, i18n: Localization): SheetContext {
  const idPrefix = `lab-sheet-${actor.id}`;
  return {
    header: {
      name: actor.name,
      img: LAB_PORTRAIT,
      nameId: `${idPrefix}-name`,
      typeLabel: i18n.localize(`ROLLING_BONES.Actor.${actor.actorType}.label`),
    },
    view: characterView(actor.type, actor.system, i18n, {
      editable,
      idPrefix,
      rollHintKey: ROLL_HINT_KEYS.dialog,
      rollHintKeys: "Shift",
      equipment: actor.items,
      conditions: conditionsOf(ENGINE_OF[actor.type]).map((c) => ({
        id: c.id,
        name: i18n.localize(conditionNameKey(c.id)),
        active: actor.statuses.includes(c.id),
      })),
      // The other effects on the sample's rolls (its equipped items'), with where each comes from.
      effects: conditionLines(sampleConditions(actor, i18n).filter((c) => c.source !== undefined)),
      ...(isNpcType(actor.actorType)
        ? {
            npc: {
              notes: noteText((actor.system as { notes?: unknown }).notes),
              labelKey: `ROLLING_BONES.Actor.${actor.actorType}.FIELDS.notes.label`,
            },
          }
        : {}),
    }),
    editable,
  };
}

/** The context of an item's own sheet, as `RollingBonesItemSheet#_prepareContext` builds it. */
export interface ItemSheetContext {
  readonly header: { name: string; img: string; nameId: string; typeLabel: string };
  readonly view: ItemSheetView;
  readonly editable: boolean;
}

/**
 * The context of the sheet of one of a sample character's items: the figures of the character's
 * engine, its description and its effects.
 */
export function itemSheetContext(
  actor: SampleActor,
  item: LabItem,
  editable: boolean,
  i18n: Localization,
): ItemSheetContext {
  const idPrefix = `lab-item-${item.id}`;
  const kit = new ViewKit(i18n, { editable, idPrefix, rollHintKey: "" });
  return {
    header: {
      name: item.name,
      img: LAB_PORTRAIT,
      nameId: `${idPrefix}-name`,
      typeLabel: i18n.localize(`ROLLING_BONES.Item.${item.type}.label`),
    },
    view: itemSheetView(item, ENGINE_OF[actor.type], kit, item.effects),
    editable,
  };
}

/** A sample character with one item equipped or taken off. */
export function withItemToggled(actor: SampleActor, itemId: string): SampleActor {
  const items = actor.items.map((i) =>
    i.id === itemId ? ({ ...i, system: { ...i.system, equipped: !i.system.equipped } } as LabItem) : i,
  );
  return { ...actor, items };
}

/**
 * A sample character with a status condition applied or removed, as the sheet's condition toggle
 * does (`toggleStatusEffect`); a status that is not one of its engine's conditions changes nothing.
 */
export function withStatusToggled(actor: SampleActor, status: string): SampleActor {
  if (!conditionsOf(ENGINE_OF[actor.type]).some((c) => c.id === status)) return actor;
  const statuses = actor.statuses.includes(status)
    ? actor.statuses.filter((s) => s !== status)
    : [...actor.statuses, status];
  return { ...actor, statuses };
}

/**
 * A sample character with a new item of a type, as the sheet's Add button creates it: the type's
 * starting data under the name given (a type that is not an item type changes nothing).
 */
export function withItemCreated(actor: SampleActor, type: string, id: string, name: string): SampleActor {
  if (!isItemType(type)) return actor;
  const data = (type === "weapon" ? { type, system: newWeapon() } : { type, system: newGear() }) as ItemData;
  return { ...actor, items: [...actor.items, { ...data, id, name, img: "", effects: [] }] };
}

/** A sample character without one of its items. */
export function withItemDeleted(actor: SampleActor, itemId: string): SampleActor {
  return { ...actor, items: actor.items.filter((i) => i.id !== itemId) };
}

/**
 * Applies an item sheet's flat changes (`name`, `system.…`) to a copy of one of a character's items,
 * through the item sheet's own check (`prepareItemUpdate`): a refused change returns its error and
 * changes nothing.
 */
export function applyItemChanges(
  actor: SampleActor,
  itemId: string,
  changes: Readonly<Record<string, unknown>>,
): SheetUpdate {
  const item = actor.items.find((i) => i.id === itemId);
  if (!item) return { ok: true, actor };
  const prepared = prepareItemUpdate(item.type, changes);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  const next = structuredClone({ name: item.name, system: item.system }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(prepared.changes)) {
    if (key === "name" || key.startsWith("system.")) setPath(next, key, value);
  }
  const changed = { ...item, name: String(next.name), system: next.system } as LabItem;
  return { ok: true, actor: { ...actor, items: actor.items.map((i) => (i.id === itemId ? changed : i)) } };
}

/** An NPC's notes as text (empty when missing). */
function noteText(notes: unknown): string {
  return typeof notes === "string" ? notes : "";
}

/** The body template of a character type, relative to the repository root. */
export function sheetBodyFile(type: CharacterType): string {
  return `templates/sheets/${type}/body.hbs`;
}

/**
 * What a roll dialog shows of a sample character's points, as `readDialogSettings` reads them:
 * karma and the assist waiting (percentile), what is left this session (Wild Die), Willpower (pool).
 */
export function samplePoints(actor: SampleActor): DialogPoints | null {
  return dialogPointsOf(
    {
      id: actor.id,
      name: actor.name,
      type: actor.actorType,
      system: actor.system,
      assists: actor.id === LAB_YSOLDE.id ? [LAB_PENDING_ASSIST] : [],
      willpowerTurn: null,
      spends: [],
    },
    { cpSessionLimit: wild.DEFAULT_CP_SESSION_LIMIT, turn: null },
  );
}

/** The status condition the lab shows active on a sample character of an engine at first (a Precision & Impact one is Exhausted). */
const LAB_ACTIVE_STATUS: Readonly<Partial<Record<EngineId, string>>> = Object.freeze({ pi: "rb-exhausted" });

/** The statuses a sample character of an engine starts with. */
function labStatuses(engine: EngineId): string[] {
  const status = LAB_ACTIVE_STATUS[engine];
  return status ? [status] : [];
}

/**
 * The conditions and effects on a sample character's rolls, as `readDialogSettings` reads an actor's
 * applied effects: the statuses applied to it, then each equipped item's transferring effects,
 * named with the item they come from.
 */
export function sampleConditions(actor: SampleActor, i18n: Localization): NamedCondition[] {
  const engine = ENGINE_OF[actor.type];
  const statusEffects = CONDITIONS.filter((spec) => actor.statuses.includes(spec.id)).map((spec) => ({
    name: i18n.localize(conditionNameKey(spec.id)),
    changes: spec.changes.map((c) => ({ key: `${CHANGE_PREFIX}${c.target}`, value: c.value, type: c.kind })),
  }));
  const itemEffects = actor.items
    .filter((item) => item.system.equipped)
    .flatMap((item) => item.effects.filter((e) => e.transfer).map((e) => ({ ...e, source: item.name })));
  return namedConditions(engine, [...statusEffects, ...itemEffects], effectChangeKind);
}

/** A sheet's roll: the engine's dialog opened from a trait, as `rollTrait` opens it. */
export interface SheetRoll {
  readonly engine: EngineId;
  readonly request: unknown;
  readonly title: string;
  /**
   * What the dialog starts from beside the request: an action character's level and the dice its
   * session pool holds; a weapon attack's choices; the gear the character may tick; another
   * character's points.
   */
  readonly settings: Pick<DialogSettings, "actionDice" | "attack" | "gear" | "points" | "conditions" | "npc">;
  /** Whether the roll goes straight to chat without a dialog (an action-dice weapon's damage). */
  readonly direct: boolean;
}

/**
 * The roll a sheet's roll button starts.
 *
 * @param actor - The character.
 * @param trait - The trait the button names.
 * @param i18n - The localization (for the trait's label).
 * @throws EngineError when the character has no such trait or a stored value cannot be rolled.
 */
export function sheetRoll(actor: SampleActor, trait: TraitRef, i18n: Localization): SheetRoll {
  const byId = new Map(actor.items.map((item) => [item.id, item]));
  const roll = requestForTrait(actor.type, actor.system, trait, (id) => byId.get(id));
  const label = traitLabelOf(roll.label, (key) => i18n.localize(key));
  const title = roll.damage ? i18n.format("ROLLING_BONES.Damage.Roll", { name: label }) : label;
  const engine = ENGINE_OF[actor.type];
  // The gear the character may tick, and a weapon attack's choices, as `rollTrait` and the dialog read them.
  const gear = actor.items.flatMap((item) => {
    const named = item.type === "gear" ? namedEquipment(engine, item) : null;
    return named ? [{ id: item.id, ...named }] : [];
  });
  const weapon = roll.attack ? byId.get(roll.attack.weapon.id) : undefined;
  const attack: DialogAttack | null = roll.attack
    ? dialogAttackOf(roll.attack, weapon ? itemAdjustments(engine, weapon) : [], (l) =>
        traitLabelOf(l, (key) => i18n.localize(key)),
      )
    : null;
  const npc = isNpcType(actor.actorType);
  const points = npc ? null : samplePoints(actor);
  const conditions = sampleConditions(actor, i18n);
  let settings: SheetRoll["settings"] = {
    ...(points ? { points } : {}),
    ...(gear.length > 0 ? { gear } : {}),
    ...(attack ? { attack } : {}),
    ...(conditions.length > 0 ? { conditions } : {}),
    ...(npc ? { npc } : {}),
  };
  if (actor.actorType === "action-npc") {
    // An NPC's roll takes the GM's pool: the pool a session start gives the GM at Bram's table (RULES §2).
    const gm = tableSession().gm;
    settings = { ...settings, actionDice: { level: null, faces: null, held: [gm], gm: true } };
  } else if (actor.type === "action-character") {
    // The sample player holds the pool a session start gives the character's level (RULES §2).
    const level = (actor.system as CharacterSources["action-character"]).level;
    const start = action.playerPool(level);
    settings = {
      ...settings,
      actionDice: { level, faces: start.faces, held: [{ faces: start.faces, count: start.count }] },
    };
  }
  return { engine: roll.engine, request: roll.request, title, settings, direct: roll.damage?.direct === true };
}

/** A sheet action, as the sheet's buttons name them (`data-action` and its data). */
export type SheetAction =
  | { readonly action: "change"; readonly changes: Readonly<Record<string, unknown>> }
  | { readonly action: "setDots"; readonly path: string; readonly value: number }
  | { readonly action: "addEntry"; readonly collection: string; readonly id: string }
  | { readonly action: "removeEntry"; readonly collection: string; readonly id: string }
  | { readonly action: "cycleDie" | "removeDie" | "addDie"; readonly path: string; readonly index: number };

/** The result of a sheet action: the changed character, or the error that refused it (nothing changed). */
export type SheetUpdate =
  { readonly ok: true; readonly actor: SampleActor } | { readonly ok: false; readonly error: EngineError };

function getPath(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split(".");
  const last = parts.pop() as string;
  let node = root;
  for (const part of parts) {
    const next = node[part];
    if (typeof next !== "object" || next === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[last] = value;
}

/** Applies checked flat changes (`name`, `system.…`) to a copy of the character. */
function applyChanges(actor: SampleActor, changes: Readonly<Record<string, unknown>>): SheetUpdate {
  const prepared = prepareUpdate(actor.type, actor.system, changes);
  if (!prepared.ok) return { ok: false, error: prepared.error };
  const next = structuredClone({ name: actor.name, system: actor.system }) as Record<string, unknown>;
  for (const [key, value] of Object.entries(prepared.changes)) setPath(next, key, value);
  return { ok: true, actor: { ...actor, name: String(next.name), system: next.system as SampleActor["system"] } };
}

/**
 * Applies a sheet action to a character, through the same pure checks the sheet class runs
 * (`prepareUpdate`, `dotTarget`, `newEntry`, `editDice`): a refused change returns its error and
 * changes nothing.
 *
 * @param actor - The character.
 * @param action - What was pressed or changed.
 */
export function applySheetAction(actor: SampleActor, action: SheetAction): SheetUpdate {
  const root = { system: actor.system };
  switch (action.action) {
    case "change":
      return applyChanges(actor, action.changes);
    case "setDots": {
      const current = getPath(root, action.path);
      if (!action.path.startsWith("system.") || typeof current !== "number") return { ok: true, actor };
      return applyChanges(actor, { [action.path]: dotTarget(current, action.value) });
    }
    case "addEntry": {
      const data = newEntry(actor.type, action.collection);
      if (!data) return { ok: true, actor };
      return applyChanges(actor, { [`system.${action.collection}.${action.id}`]: data });
    }
    case "removeEntry": {
      if (newEntry(actor.type, action.collection) === null) return { ok: true, actor };
      const system = structuredClone(actor.system) as unknown as Record<string, Record<string, unknown>>;
      const collection = system[action.collection];
      if (collection) delete collection[action.id];
      return { ok: true, actor: { ...actor, system: system as unknown as SampleActor["system"] } };
    }
    default: {
      const dice = getPath(root, action.path);
      if (!action.path.startsWith("system.") || !Array.isArray(dice)) return { ok: true, actor };
      const next = editDice(dice as number[], { action: action.action, index: action.index });
      return next ? applyChanges(actor, { [action.path]: next }) : { ok: true, actor };
    }
  }
}

// action dice at the table ------------------------------------------------------------------------

/** The users of the lab's action-dice table, and their names. */
export const TABLE_USERS = Object.freeze({
  gm: "labGamemaster000",
  alice: "labPlayerAlice00",
  bob: "labPlayerBob00000",
});
const TABLE_NAMES: Readonly<Record<string, string>> = Object.freeze({
  [TABLE_USERS.gm]: "Gamemaster",
  [TABLE_USERS.alice]: "Alice",
  [TABLE_USERS.bob]: "Bob",
});

/** Ysolde Marr, the sample percentile character, as the actors compendium holds her. */
export const LAB_YSOLDE = Object.freeze({ id: "rbActorPercent01", name: "Ysolde Marr" });

/**
 * The assist waiting for Ysolde's next roll: Bob's Great result gives it a bonus die (the card
 * controls section shows Bob's card; a roll from Ysolde's sheet adds the die and lists the assist).
 */
export const LAB_PENDING_ASSIST: PendingAssist = Object.freeze({
  id: "lab-assist",
  effect: "bonus",
  level: "great",
  from: "lab-percentileAssist",
  by: TABLE_USERS.bob,
  assistant: "Bob",
});

/** Bram Tallow, Alice's character, as the actors compendium holds him. */
export const TABLE_BRAM = Object.freeze({
  id: "rbActorAction001",
  name: "Bram Tallow",
  level: 6,
  classDice: Object.freeze({ faces: 6, count: 1 }),
});

/** The level of Bob's character at the table (not one of the sample characters). */
export const TABLE_BOB_LEVEL = 3;

/** The name of Bob's character at the table. */
const TABLE_BOB_CHARACTER = "Corin Ashdown";

/** The pools session 3 started with at the table: from the level table (RULES §2), as the GM's Start session fills them. */
export function tableSession(): action.SessionDice {
  return action.sessionDice({
    gm: TABLE_USERS.gm,
    players: [
      { userId: TABLE_USERS.alice, levels: [TABLE_BRAM.level] },
      { userId: TABLE_USERS.bob, levels: [TABLE_BOB_LEVEL] },
    ],
  });
}

/** A specimen of the action-dice table: a template and its context, under a caption. */
export interface TableSpecimen {
  /** A stable id (`data-table` on the page; its caption's key is `ROLLING_BONES.Lab.Table.<id>`). */
  readonly id: string;
  /** Chat messages (a card and the controls under it) or an application window (a panel). */
  readonly kind: "message" | "window";
  /** The localization key of a window's title. */
  readonly title?: string;
  /** The templates and contexts shown, in order. */
  readonly parts: readonly { readonly file: string; readonly context: object }[];
}

/**
 * What the action-dice economy looks like at a table in session 3: Alice's open check (a natural 1,
 * so a potential botch) with the controls Alice, Bob and the GM each see under it, the chat card of
 * the session start, and the GM's and Alice's action-dice panels. Built by the same pure views the
 * chat hooks and the panels use, from the engine's own card and pool states.
 */
export function tableSpecimens(i18n?: Pick<Localization, "localize" | "lang">): TableSpecimen[] {
  const { gm, alice, bob } = TABLE_USERS;
  // The session started with the pools the level table gives Bram (Alice's) and Bob's character;
  // since then Alice has used two of her dice and the GM one, the GM awarded Bob a die (and took one
  // himself), then spent two on his secret agenda: the panels hold what these events leave.
  const session = tableSession();
  const sessionDice = (userId: string) => session.players[userId] ?? [];
  const aliceDice = sessionDice(alice).map((p) => ({ ...p, count: p.count - 2 }));
  const bobDice = sessionDice(bob).map((p, i) => (i === 0 ? { ...p, count: p.count + 1 } : p));
  const gmDice = [{ faces: session.gm.faces, count: session.gm.count - 1 + 1 - 2 }];
  const pools = {
    [gm]: action.newPool(gm, gmDice, { gm: true }),
    [alice]: action.newPool(alice, aliceDice),
    [bob]: action.newPool(bob, bobDice),
  };
  const fresh = action.newCard({ kind: "check", modifier: 3, dc: 15 }, alice);
  const card = action.attachThrows(fresh, 0, [{ faces: 20, role: "d20", value: 1 }]);
  const outcome = action.cardOutcome(card);
  const roll: LabRoll = {
    engine: "action",
    request: card.request,
    throws: card.thrown,
    outcome,
    formula: formulaOf(groupSpecs(card.thrown)),
    total: outcome ? ROLL_TOTALS.action(outcome) : 0,
  };
  const record = recordOf(card, NEW_CARD_RECORD, null, TABLE_NAMES);
  const cardPart = {
    file: cardTemplateFile("action"),
    context: cardContext(roll, { flavor: "Stealth", stored: { card: record } }),
  };
  const controls = (viewer: string, viewerIsGM: boolean) => ({
    file: "templates/chat/action-controls.hbs",
    context: actionControls({ viewer, viewerIsGM, card, pools, messageId: `lab-${viewer}` }),
  });
  // Bram's attack: a natural 20 (a critical threat), with his own class die left this session.
  const bramId = TABLE_BRAM.id;
  const attack = action.newCard({ kind: "attack", modifier: 5, dc: 14 }, alice);
  const threat = { ...action.attachThrows(attack, 0, [{ faces: 20, role: "d20", value: 20 }]), character: bramId };
  const threatOutcome = action.cardOutcome(threat);
  const threatRoll: LabRoll = {
    engine: "action",
    request: threat.request,
    throws: threat.thrown,
    outcome: threatOutcome,
    formula: formulaOf(groupSpecs(threat.thrown)),
    total: threatOutcome ? ROLL_TOTALS.action(threatOutcome) : 0,
  };
  const classPart = {
    file: "templates/chat/action-controls.hbs",
    context: actionControls({
      viewer: alice,
      viewerIsGM: false,
      card: threat,
      pools,
      messageId: "lab-class",
      classDice: {
        name: TABLE_BRAM.name,
        pool: action.newClassPool(bramId, TABLE_BRAM.classDice.faces, TABLE_BRAM.classDice.count),
      },
    }),
  };
  const bram: PanelCharacter = { name: TABLE_BRAM.name, level: TABLE_BRAM.level, classDice: null };
  const bobCharacter: PanelCharacter = { name: TABLE_BOB_CHARACTER, level: TABLE_BOB_LEVEL, classDice: null };
  // The same check after the GM declared the result, under the three-strike leniency (Alice has one strike).
  const lateUses = { allowed: true, strikes: { [alice]: 1 } };
  const declared = action.applyCardAction({ card, pools }, { type: "close", id: "lab-close", by: gm }).card;
  const declaredPart = {
    file: cardTemplateFile("action"),
    context: cardContext(roll, {
      flavor: "Stealth",
      stored: {
        card: recordOf(declared, NEW_CARD_RECORD, { id: "lab-close", type: "close", by: gm, entry: null }, TABLE_NAMES),
      },
    }),
  };
  // Bob's awards forfeited this session for table talk: the record his card and the GM panel read.
  const forfeit: EconomyRecord = {
    kind: "forfeit",
    session: 3,
    entry: {
      id: "lab-forfeit",
      type: "forfeit",
      by: gm,
      subject: null,
      reason: "Phone out and film quotes all through the ambush",
      villain: null,
      changes: [{ userId: bob, added: [], removed: [], spent: 0, luckyBreak: false, forfeited: true }],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  // The GM awards Bob a die for a reason: a player's award is a die of their pool's size, and the GM takes one of the GM's.
  const award: EconomyRecord = {
    kind: "award",
    session: 3,
    entry: {
      id: "lab-award",
      type: "award",
      by: gm,
      subject: null,
      reason: "Pieced the smuggler's ledger together",
      villain: null,
      changes: [
        { userId: bob, added: [{ faces: bobDice[0]?.faces ?? 4, count: 1 }], removed: [], spent: 0, luckyBreak: false },
        { userId: gm, added: [{ faces: session.gm.faces, count: 1 }], removed: [], spent: 0, luckyBreak: false },
      ],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  // The GM's secret agenda: two GM dice spent for a villain's insight.
  const agenda: EconomyRecord = {
    kind: "insight",
    session: 3,
    entry: {
      id: "lab-agenda",
      type: "insight",
      by: gm,
      subject: "the heroes' route north",
      reason: null,
      villain: "Baron Vex",
      changes: [
        { userId: gm, added: [], removed: [{ faces: session.gm.faces, count: 2 }], spent: 2, luckyBreak: false },
      ],
      undone: false,
      undoId: null,
    },
    pools: [],
    undoneBy: null,
    names: TABLE_NAMES,
  };
  return [
    { id: "roller", kind: "message", parts: [cardPart, controls(alice, false)] },
    { id: "other", kind: "message", parts: [cardPart, controls(bob, false)] },
    { id: "gm", kind: "message", parts: [cardPart, controls(gm, true)] },
    {
      id: "lateUse",
      kind: "message",
      parts: [
        declaredPart,
        {
          file: "templates/chat/action-controls.hbs",
          context: actionControls({
            viewer: alice,
            viewerIsGM: false,
            card: declared,
            pools,
            messageId: "lab-late",
            lateUses,
          }),
        },
      ],
    },
    {
      id: "classDice",
      kind: "message",
      parts: [
        {
          file: cardTemplateFile("action"),
          context: cardContext(threatRoll, {
            flavor: "Battle axe",
            stored: { card: recordOf(threat, NEW_CARD_RECORD, null, TABLE_NAMES) },
          }),
        },
        classPart,
      ],
    },
    {
      id: "session",
      kind: "message",
      parts: [
        {
          file: "templates/chat/action-economy-card.hbs",
          context: economyView({
            kind: "session",
            session: 3,
            entry: null,
            pools: [
              { userId: gm, gm: true, dice: [session.gm] },
              { userId: alice, gm: false, dice: sessionDice(alice) },
              { userId: bob, gm: false, dice: sessionDice(bob) },
            ],
            undoneBy: null,
            names: TABLE_NAMES,
          }),
        },
      ],
    },
    {
      id: "awardReason",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(award) }],
    },
    {
      id: "forfeit",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(forfeit) }],
    },
    {
      id: "secretAgenda",
      kind: "message",
      parts: [{ file: "templates/chat/action-economy-card.hbs", context: economyView(agenda) }],
    },
    {
      id: "fateLoss",
      kind: "message",
      parts: [
        {
          file: "templates/chat/fate-loss-card.hbs",
          context: fateLossView({
            id: "lab-fate",
            actorId: "labActorKestrel1",
            reason: "Left the wounded guard behind",
            by: gm,
            left: 3,
            undoneBy: null,
            undoId: null,
            names: { ...TABLE_NAMES, labActorKestrel1: "Kestrel Vane" },
          }),
        },
      ],
    },
    {
      id: "gmPanel",
      kind: "window",
      title: "ROLLING_BONES.ActionDice.Panel.GmTitle",
      parts: [
        {
          file: "templates/action-dice/gm-panel.hbs",
          context: gmPanelView({
            session: 3,
            rule: "highest",
            gm: pools[gm] ?? null,
            gmUserId: gm,
            players: [
              { id: alice, name: "Alice", active: true, pool: pools[alice] ?? null, characters: [bram] },
              {
                id: bob,
                name: "Bob",
                active: false,
                pool: pools[bob] ? { ...pools[bob], forfeited: true } : null,
                characters: [bobCharacter],
              },
            ],
            lateUses,
            ledger: [
              { ...award, messageId: "lab-award-card" },
              { ...agenda, messageId: "lab-agenda-card" },
              { ...forfeit, messageId: "lab-forfeit-card" },
            ],
          }),
        },
      ],
    },
    {
      id: "playerPanel",
      kind: "window",
      title: "ROLLING_BONES.ActionDice.Player.Title",
      parts: [
        {
          file: "templates/action-dice/player-panel.hbs",
          context: playerPanelView({
            session: 3,
            pool: pools[alice] ?? null,
            character: bram,
            insightOptions: [
              // The insight options' labels, localized as the player's panel localizes them (the key without a language).
              ...(["reason", "intuition"] as const).map((key, i) => ({
                key,
                label: i18n?.localize(`ROLLING_BONES.ActionDice.Insight.${key}`) ?? `ROLLING_BONES.ActionDice.Insight.${key}`,
                modifier: -i,
              })),
            ],
            idPrefix: "lab-player-panel",
            lang: i18n?.lang ?? "en",
          }),
        },
      ],
    },
  ];
}
