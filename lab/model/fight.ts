/**
 * A fight in the lab (issue 35, "The lab plays a fight"), without Foundry and without the DOM: the
 * lab keeps its own copy of a world's fight — the fighters (an engine's sample characters and its
 * bestiary NPCs, each with health, wound, defeat and conditions), the chat cards of their attacks and
 * damage with each card's ledger, and the combat (initiative, round and turn) — and changes it only
 * through the pure code Foundry runs: a weapon's roll as its sheet starts it and its dialog posts it
 * (`requestForTrait`, the dialogs' `evaluateForm`, `withConditions`), the percentile targets' extra
 * tens dice, the active GM's verdict per target (`judgedTargets`), what an attack earned for its
 * damage (`attackResultOf`), each target's share (`targetDamage`), the harm model (`applyHarm`,
 * `undoHarm`, wounds and defeat), initiative (`initiativeRoll`) and the conditions' durations
 * (`hasExpired`, `remaining`). The lab's viewer is the table's GM: every figure is seen and a miss
 * may be forced, as the GM's card offers it.
 */
import type { DialogSettings } from "../../src/applications/dialogs/types.ts";
import { attackRollOptions } from "../../src/applications/dialogs/equipment.ts";
import { withTargetFigure } from "../../src/applications/dialogs/targets.ts";
import {
  conditionNameKey,
  conditionsOf,
  withConditions,
  type NamedCondition,
} from "../../src/data/conditions/index.ts";
import { woundStatusId } from "../../src/data/conditions/wounds.ts";
import { INITIATIVE_DEFAULTS, initiativeRoll } from "../../src/data/actor/initiative.ts";
import { ENGINE_OF } from "../../src/data/actor/constants.ts";
import { damageDice } from "../../src/data/item/damage.ts";
import { attackResultOf, type AttackResult } from "../../src/dice/cards/attack-result.ts";
import type { RollTarget } from "../../src/dice/cards/targets.ts";
import { judgedTargets, targetDiceRequest } from "../../src/dice/cards/verdicts.ts";
import {
  cardDamage,
  recordedTargets,
  targetDamage,
  verdictRule,
  type HarmEntry,
} from "../../src/services/harm/ledger.ts";
import { type EngineId, harm, shared } from "../../src/engines/index.ts";
import type { Localization } from "../i18n.ts";
import { dialogRequest, openDialog } from "./dialogs.ts";
import { rollEngine, type LabRoll } from "./rolls.ts";
import { applySheetAction, sampleConditions, sheetRoll, type SampleActor } from "./sheets.ts";

const { EngineError } = shared;

/** The lab's GM, who applies, forces and undoes. */
export const FIGHT_GM = Object.freeze({ id: "labUserGm0000001", name: "Gamemaster" });

/** A condition put on a fighter: its status, and for how long (`null`: until removed). */
export interface FightCondition {
  readonly status: string;
  readonly duration: {
    readonly value: number;
    readonly units: harm.DurationUnit;
    /** Where in the combat it was put on (`null`: outside combat). */
    readonly start: harm.CombatPosition | null;
  } | null;
}

/** One fighter: a sample character or a bestiary NPC, as its token and sheet stand in this fight. */
export interface Fighter {
  /** The fighter's id in this fight (two tokens of one NPC are two fighters). */
  readonly id: string;
  readonly actor: SampleActor;
  readonly health: harm.Health;
  readonly defeated: boolean;
  /** The wound the harm model left on it, or `null`. */
  readonly wound: harm.Wound | null;
  readonly conditions: readonly FightCondition[];
}

/** A card of the fight's chat log: a weapon attack, or its damage. */
export interface FightCard {
  readonly id: string;
  readonly kind: "attack" | "damage";
  /** The fighter who rolled it, and the weapon (item id). */
  readonly attacker: string;
  readonly weapon: string;
  /** The card's flavor (the weapon, or its damage). */
  readonly title: string;
  readonly roll: LabRoll;
  /** What the roll stores beside its outcome (`roll.options`): targets with verdicts, attack line, what the attack earned. */
  readonly stored: {
    readonly targets: readonly RollTarget[];
    readonly attack?: unknown;
    readonly conditions?: readonly NamedCondition[];
    readonly equipment?: readonly NamedCondition[];
    readonly damage?: { readonly actor: string; readonly weapon: string; readonly rolled: string };
    readonly fromAttack?: AttackResult;
  };
  /** The damage card rolled from this attack, once rolled. */
  readonly damageCard?: string;
  /** The card's damage ledger. */
  readonly ledger: readonly HarmEntry[];
}

/** The combat: its turn order (fighter ids, highest initiative first), each one's initiative, where it stands. */
export interface FightCombat {
  readonly order: readonly string[];
  readonly initiative: Readonly<Record<string, number | null>>;
  readonly round: number;
  readonly turn: number;
}

/** A whole fight. */
export interface FightState {
  readonly engine: EngineId;
  readonly fighters: readonly Fighter[];
  readonly cards: readonly FightCard[];
  readonly combat: FightCombat | null;
  /** The next id's number. */
  readonly serial: number;
}

/** A change to a fight: the new fight (with what it says happened), or the error that refused it (nothing changed). */
export type FightUpdate =
  | { readonly ok: true; readonly state: FightState; readonly ended?: readonly string[] }
  | { readonly ok: false; readonly error: shared.EngineError };

/** The wound rules of the lab's world (the defaults: penalties on, dice-pool health as a figure). */
const RULES = harm.DEFAULT_WOUND_RULES;

function fail(error: unknown): FightUpdate {
  if (error instanceof EngineError) return { ok: false, error };
  throw error;
}

function nextId(state: FightState, prefix: string): [string, FightState] {
  return [`${prefix}${String(state.serial).padStart(4, "0")}`, { ...state, serial: state.serial + 1 }];
}

function fighterOf(state: FightState, id: string): Fighter {
  const fighter = state.fighters.find((f) => f.id === id);
  if (!fighter) throw new EngineError("HarmTargetGone", {});
  return fighter;
}

function withFighter(state: FightState, fighter: Fighter): FightState {
  return { ...state, fighters: state.fighters.map((f) => (f.id === fighter.id ? fighter : f)) };
}

function withCard(state: FightState, card: FightCard): FightState {
  return { ...state, cards: state.cards.map((c) => (c.id === card.id ? card : c)) };
}

/** The engine an actor of the roster rolls. */
export function engineOfActor(actor: SampleActor): EngineId {
  return ENGINE_OF[actor.type];
}

/** A fighter for an actor, at the health its data stores. */
function fighterFor(actor: SampleActor, id: string): Fighter {
  const stored = (actor.system as { health?: unknown }).health;
  const health = stored === undefined ? { ...harm.DEFAULT_HEALTH } : harm.readHealth(stored);
  return {
    id,
    actor: { ...actor, statuses: [], timed: [] },
    health,
    defeated: health.value === 0,
    wound: harm.woundOf(engineOfActor(actor), health, RULES),
    conditions: [],
  };
}

/**
 * A new fight in an engine: its sample characters against its first NPC of the roster.
 *
 * @param engine - The engine.
 * @param roster - The actors the lab knows (the sample characters and the bestiary).
 */
export function newFight(engine: EngineId, roster: readonly SampleActor[]): FightState {
  const own = roster.filter((a) => engineOfActor(a) === engine);
  const party = own.filter((a) => a.playerCharacter);
  const foe = own.find((a) => !a.playerCharacter);
  let state: FightState = { engine, fighters: [], cards: [], combat: null, serial: 1 };
  for (const actor of [...party, ...(foe ? [foe] : [])]) state = addFighterTo(state, actor);
  return state;
}

function addFighterTo(state: FightState, actor: SampleActor): FightState {
  const [id, next] = nextId(state, "fighter");
  const fighter = fighterFor(actor, id);
  const count = state.fighters.filter((f) => f.actor.id === actor.id).length;
  // A second token of one NPC is told apart by a number, as Foundry's token names may be.
  const named = count === 0 ? fighter : { ...fighter, actor: { ...fighter.actor, name: `${actor.name} ${count + 1}` } };
  // A fighter who joins a running combat has no initiative yet and takes its turn last (core sorts those last).
  const combat = next.combat
    ? { ...next.combat, order: [...next.combat.order, id], initiative: { ...next.combat.initiative, [id]: null } }
    : null;
  return { ...next, fighters: [...next.fighters, named], combat };
}

/** Adds a fighter for an actor of the fight's engine. */
export function addFighter(state: FightState, actor: SampleActor): FightUpdate {
  if (engineOfActor(actor) !== state.engine)
    return fail(new EngineError("UnknownTrait", { kind: "actor", key: actor.name }));
  return { ok: true, state: addFighterTo(state, actor) };
}

// what moves a fighter's rolls -----------------------------------------------------------------------

/** The condition statuses a fighter carries (timed or not). */
function statusesOf(fighter: Fighter): string[] {
  return fighter.conditions.map((c) => c.status);
}

/** The fighter's actor as its sheet and rolls read it: its health, statuses and timed conditions now. */
export function fighterActor(fighter: Fighter): SampleActor {
  return {
    ...fighter.actor,
    system: { ...fighter.actor.system, health: { ...fighter.health } },
    statuses: statusesOf(fighter),
  };
}

/**
 * What moves a fighter's roll, as `conditionsFor` reads its effects: its conditions and equipped
 * items' effects, then its wound — left out of a damage roll (docs/rules.md §6, "Wound penalties move trait
 * rolls only").
 */
export function fighterConditions(fighter: Fighter, i18n: Localization, damage: boolean): NamedCondition[] {
  const own = sampleConditions(fighterActor(fighter), i18n);
  const wound = fighter.wound;
  if (damage || wound === null || wound.adjustments.length === 0) return own;
  return [...own, { name: i18n.localize(conditionNameKey(woundStatusId(wound.id))), adjustments: wound.adjustments }];
}

// attacks and damage -----------------------------------------------------------------------------------

/** The defence figure a fighter's data stores (`system.defence`), or `null`. */
function defenceOf(fighter: Fighter): number | null {
  const value = (fighter.actor.system as { defence?: unknown }).defence;
  return typeof value === "number" ? value : null;
}

/** A roll of a fighter's weapon (attack or damage) as its sheet starts it and its dialog posts it. */
function weaponRoll(
  fighter: Fighter,
  trait: { kind: "weapon" | "damage"; key: string },
  settings: DialogSettings,
  i18n: Localization,
  extra: Partial<DialogSettings>,
  from?: AttackResult,
) {
  const actor = fighterActor(fighter);
  const opened = sheetRoll(actor, trait, i18n, from);
  const conditions =
    opened.engine === "percentile" && trait.kind === "damage"
      ? []
      : fighterConditions(fighter, i18n, trait.kind === "damage");
  const character: Partial<DialogSettings> = { ...opened.settings, conditions, ...extra };
  const line = opened.damage ? { damage: { actor: fighter.actor.name, ...opened.damage } } : {};
  if (opened.direct) {
    const request = conditions.length > 0 ? withConditions(opened.engine, opened.request, conditions) : opened.request;
    return {
      engine: opened.engine,
      request,
      title: opened.title,
      conditions,
      equipment: [],
      attack: undefined,
      ...line,
    };
  }
  // A damage roll's dialog knows whether its own dice are rolled (`dialogSettingsFor`); an attack's
  // starts from its one target's figure (`startingRequest`).
  const ownDice = (opened.request as { ownDice?: unknown }).ownDice !== false;
  const rolled: Partial<DialogSettings> = opened.damage ? { ...character, damage: { ownDice } } : character;
  const initial = withTargetFigure(
    opened.engine,
    opened.request as Readonly<Record<string, unknown>>,
    rolled.targets ?? [],
  );
  const dialog = openDialog(opened.engine, settings, initial, opened.title, rolled);
  const evaluation = dialogRequest(dialog, settings, i18n.lang);
  if (!evaluation.ok) throw evaluation.errors[0]?.error ?? new EngineError("UnknownTrait", trait);
  const equipment = evaluation.equipment.named;
  const adjustments = [...equipment, ...conditions];
  const request =
    adjustments.length > 0 ? withConditions(opened.engine, evaluation.request, adjustments) : evaluation.request;
  const attack = attackRollOptions(dialog.values, { ...settings, ...rolled }).attack;
  return { engine: opened.engine, request, title: opened.title, conditions, equipment, attack, ...line };
}

/**
 * A fighter attacks with a weapon: the roll as its dialog would post it with the targets listed (each
 * percentile target's extra tens dice thrown with it), thrown from the seed, each target judged as
 * the active GM judges it, on a new attack card.
 *
 * @param state - The fight.
 * @param attackerId - The attacking fighter.
 * @param weaponId - Its weapon (item id).
 * @param targetIds - The fighters it targets.
 * @param seed - The seed the dice come from.
 * @param settings - The world settings.
 * @param i18n - The localization.
 */
export function attack(
  state: FightState,
  attackerId: string,
  weaponId: string,
  targetIds: readonly string[],
  seed: number,
  settings: DialogSettings,
  i18n: Localization,
): FightUpdate {
  try {
    const attacker = fighterOf(state, attackerId);
    const targets = targetIds.filter((id) => id !== attackerId).map((id) => fighterOf(state, id));
    const stored: RollTarget[] = targets.map((t) => ({
      name: t.actor.name,
      token: null,
      actor: t.id,
      engine: engineOfActor(t.actor),
      verdict: "pending",
    }));
    const dialogTargets = targets.map((t, k) => ({
      name: t.actor.name,
      engine: engineOfActor(t.actor),
      defence: defenceOf(t),
      stored: stored[k] as RollTarget,
    }));
    const made = weaponRoll(attacker, { kind: "weapon", key: weaponId }, settings, i18n, {
      targets: dialogTargets,
    });
    // The percentile targets' extra tens dice, as the roll's posting adds them (the GM sees every figure).
    const request = targetDiceRequest(made.engine, made.request, stored, (t) => {
      const fighter = targets.find((f) => f.id === t.actor);
      return fighter ? (defenceOf(fighter) ?? 0) : null;
    });
    const roll = rollEngine(made.engine, request, shared.seededFaces(seed));
    const judged = judgedTargets(roll, stored, (t) => {
      const fighter = state.fighters.find((f) => f.id === t.actor);
      return fighter ? { engine: engineOfActor(fighter.actor), defence: defenceOf(fighter), shown: true } : null;
    });
    const [id, next] = nextId(state, "card");
    const card: FightCard = {
      id,
      kind: "attack",
      attacker: attackerId,
      weapon: weaponId,
      title: made.title,
      roll,
      stored: {
        targets: judged,
        ...(made.attack === undefined ? {} : { attack: made.attack }),
        conditions: made.conditions,
        equipment: made.equipment,
      },
      ledger: [],
    };
    return { ok: true, state: { ...next, cards: [...next.cards, card] } };
  } catch (error) {
    return fail(error);
  }
}

/** What an attack card earned for its damage (`attackResultOf` of its stored roll). */
export function earned(card: FightCard): AttackResult {
  return attackResultOf(card.roll.engine, { outcome: card.roll.outcome, targets: card.stored.targets });
}

/**
 * The damage an attack card offers its weapon's roll, as the chat hook draws the button for the GM:
 * `roll` after a hit (or where the card cannot judge one), `force` after a miss (a GM's forced roll);
 * `null` once rolled, or for an engine whose damage is the attack's own (Precision & Impact's Impact).
 */
export function damageOffer(card: FightCard): "roll" | "force" | null {
  if (card.kind !== "attack" || card.roll.engine === "pi" || card.damageCard !== undefined) return null;
  return earned(card).hit === false ? "force" : "roll";
}

/**
 * Rolls the damage of an attack card's weapon, carrying what the attack earned (extra dice, the hit's
 * multiplier) and its targets with their verdicts, on a new damage card.
 */
export function rollDamage(
  state: FightState,
  cardId: string,
  seed: number,
  settings: DialogSettings,
  i18n: Localization,
): FightUpdate {
  try {
    const from = state.cards.find((c) => c.id === cardId);
    if (!from || damageOffer(from) === null) throw new EngineError("HarmNoDamage", {});
    const attacker = fighterOf(state, from.attacker);
    const result = earned(from);
    const made = weaponRoll(attacker, { kind: "damage", key: from.weapon }, settings, i18n, {}, result);
    const roll = rollEngine(made.engine, made.request, shared.seededFaces(seed));
    const [id, next] = nextId(state, "card");
    const card: FightCard = {
      id,
      kind: "damage",
      attacker: from.attacker,
      weapon: from.weapon,
      title: made.title,
      roll,
      stored: {
        targets: from.stored.targets,
        ...(made.damage ? { damage: made.damage } : {}),
        fromAttack: result,
        conditions: made.conditions,
      },
      ledger: [],
    };
    return {
      ok: true,
      state: {
        ...withCard(next, { ...from, damageCard: id }),
        cards: [...withCard(next, { ...from, damageCard: id }).cards, card],
      },
    };
  } catch (error) {
    return fail(error);
  }
}

/** A card's first roll as the harm services read it (`harm-panel.ts` `cardRoll`). */
export function harmRoll(card: FightCard) {
  const options: Record<string, unknown> = {
    ...card.stored,
    engine: card.roll.engine,
    outcome: card.roll.outcome,
  };
  return { engine: card.roll.engine, options, total: card.roll.total };
}

/** The damage a card names (none for a card that names none: an attack of an engine that rolls damage). */
export function damageOf(card: FightCard): number | null {
  return cardDamage(harmRoll(card))?.amount ?? null;
}

/** A ledger entry for an application the harm model computed. */
export function ledgerEntry(
  id: string,
  target: { ref: HarmEntry["target"]; name: string },
  result: harm.HarmResult,
  by: { id: string; name: string },
  forced = false,
): HarmEntry {
  return {
    id,
    target: target.ref,
    name: target.name,
    multiplier: result.multiplier ?? "full",
    amount: result.amount,
    before: result.before,
    after: result.after,
    max: result.max,
    wound: result.wound ? woundStatusId(result.wound.id) : null,
    defeat: result.defeat,
    by: by.id,
    byName: by.name,
    undone: false,
    ...(forced ? { forced: true as const } : {}),
  };
}

/** A fighter after a harm result: its health, wound and defeat. */
function harmed(fighter: Fighter, result: harm.HarmResult): Fighter {
  return {
    ...fighter,
    health: { value: result.after, max: result.max },
    wound: result.wound,
    defeated: result.defeated,
  };
}

/**
 * Applies a card's damage to one of its recorded targets, as the active GM applies it: the target's
 * own share, ×½, ×1, ×2 or healed; on a missed target only as the GM's forced application (the
 * ledger line says so), which the lab's GM may make.
 */
export function applyFromCard(
  state: FightState,
  cardId: string,
  targetId: string,
  multiplier: unknown,
  as: { id: string; name: string; gm: boolean } = { ...FIGHT_GM, gm: true },
): FightUpdate {
  try {
    const card = state.cards.find((c) => c.id === cardId);
    if (!card) throw new EngineError("HarmNoDamage", {});
    const roll = harmRoll(card);
    const damage = cardDamage(roll);
    if (!damage) throw new EngineError("HarmNoDamage", {});
    const recorded = recordedTargets(card.stored.targets).find((t) => t.ref.actor === targetId);
    const target = fighterOf(state, targetId);
    const rule = verdictRule(recorded?.verdict ?? null);
    if (rule !== "open" && !as.gm) throw new EngineError("HarmMissed", { name: target.actor.name });
    const amount = recorded ? (targetDamage(roll, recorded) ?? damage.amount) : damage.amount;
    const result = harm.applyHarm(
      { health: target.health, defeated: target.defeated, defeatedByHand: false },
      { amount, multiplier },
      { engine: engineOfActor(target.actor), rules: RULES },
    );
    const [id, next] = nextId(state, "harm");
    const entry = ledgerEntry(
      id,
      { ref: { actor: targetId }, name: target.actor.name },
      result,
      as,
      rule === "gmForces",
    );
    return {
      ok: true,
      state: withCard(withFighter(next, harmed(target, result)), { ...card, ledger: [...card.ledger, entry] }),
    };
  } catch (error) {
    return fail(error);
  }
}

/** Undoes a ledger line: its target loses the line's own change (`undoHarm`), the line is marked undone. */
export function undoEntry(state: FightState, cardId: string, entryId: string): FightUpdate {
  try {
    const card = state.cards.find((c) => c.id === cardId);
    const entry = card?.ledger.find((e) => e.id === entryId && !e.undone);
    if (!card || !entry) throw new EngineError("HarmNothingToUndo", {});
    const target = fighterOf(state, entry.target.actor);
    const result = harm.undoHarm({ health: target.health, defeated: target.defeated, defeatedByHand: false }, entry, {
      engine: engineOfActor(target.actor),
      rules: RULES,
    });
    const ledger = card.ledger.map((e) => (e.id === entryId ? { ...e, undone: true, undoneBy: FIGHT_GM.id } : e));
    return { ok: true, state: withCard(withFighter(state, harmed(target, result)), { ...card, ledger }) };
  } catch (error) {
    return fail(error);
  }
}

// combat -------------------------------------------------------------------------------------------------

/** Throws a plain dice formula (`1d10+4`) from a face source: its total. */
function formulaTotal(formula: string, source: shared.FaceSource): number {
  const { base, modifier } = damageDice(formula, formula);
  return base.reduce((sum, faces) => sum + source.next(faces), modifier);
}

/** A fighter's initiative from a face source, as its type rolls it (the default trait of each type). */
function initiativeOf(fighter: Fighter, source: shared.FaceSource): number {
  const type = fighter.actor.type;
  const roll = initiativeRoll(type, fighter.actor.system as never, INITIATIVE_DEFAULTS[type]);
  if (roll.engine === null) return formulaTotal(roll.formula, source);
  return rollEngine(roll.engine, roll.request, source).total;
}

/**
 * Begins combat: every fighter rolls initiative from the seed, the order runs from the highest (ties
 * by name, as core sorts), and the first turn is round 1's first.
 */
export function beginCombat(state: FightState, seed: number): FightUpdate {
  try {
    const source = shared.seededFaces(seed);
    const rolled = state.fighters.map((f) => ({ f, total: initiativeOf(f, source) }));
    const sorted = [...rolled].sort((a, b) => b.total - a.total || a.f.actor.name.localeCompare(b.f.actor.name, "en"));
    const combat: FightCombat = {
      order: sorted.map((r) => r.f.id),
      initiative: Object.fromEntries(rolled.map((r) => [r.f.id, r.total])),
      round: 1,
      turn: 0,
    };
    return { ok: true, state: { ...state, combat } };
  } catch (error) {
    return fail(error);
  }
}

/** Ends combat: a timed condition still running stays until removed by hand, as a GM ends it. */
export function endCombat(state: FightState): FightUpdate {
  return { ok: true, state: { ...state, combat: null } };
}

/** The combat clock a fighter's conditions are read against. */
function clockOf(combat: FightCombat, fighterId: string): harm.CombatClock {
  const turn = combat.order.indexOf(fighterId);
  return {
    now: { round: combat.round, turn: combat.turn },
    turnsPerRound: Math.max(1, combat.order.length),
    bearerTurn: turn < 0 ? null : turn,
  };
}

/** A timed condition as the duration rules read it. */
function timedOf(condition: FightCondition): harm.TimedCondition | null {
  return condition.duration
    ? { units: condition.duration.units, value: condition.duration.value, start: condition.duration.start }
    : null;
}

/**
 * How much of a condition is left, in its units: its whole duration outside combat, else what the
 * combat leaves of it (`remaining`); `null` for one that lasts until removed.
 */
export function timeLeft(state: FightState, fighterId: string, condition: FightCondition): number | null {
  const timed = timedOf(condition);
  if (!timed) return null;
  if (!state.combat) return timed.value;
  return harm.remaining(timed, clockOf(state.combat, fighterId));
}

/** Moves the combat to a position and ends the conditions that ran out there (their names, for the status line). */
function movedTo(state: FightState, combat: FightCombat, i18n: Localization): FightUpdate {
  const ended: string[] = [];
  const fighters = state.fighters.map((f) => {
    const kept = f.conditions.filter((c) => {
      const timed = timedOf(c);
      const over = timed !== null && harm.hasExpired(timed, clockOf(combat, f.id));
      if (over)
        ended.push(
          i18n.format("ROLLING_BONES.Lab.Fight.Ended", {
            name: i18n.localize(conditionNameKey(c.status)),
            who: f.actor.name,
          }),
        );
      return !over;
    });
    return kept.length === f.conditions.length ? f : { ...f, conditions: kept };
  });
  return { ok: true, state: { ...state, fighters, combat }, ended };
}

/** The next turn (after the last, the next round's first), ending what ran out. */
export function nextTurn(state: FightState, i18n: Localization): FightUpdate {
  const combat = state.combat;
  if (!combat) return { ok: true, state };
  const last = combat.turn + 1 >= combat.order.length;
  return movedTo(
    state,
    { ...combat, round: last ? combat.round + 1 : combat.round, turn: last ? 0 : combat.turn + 1 },
    i18n,
  );
}

/** The next round's first turn, ending what ran out. */
export function nextRound(state: FightState, i18n: Localization): FightUpdate {
  const combat = state.combat;
  if (!combat) return { ok: true, state };
  return movedTo(state, { ...combat, round: combat.round + 1, turn: 0 }, i18n);
}

/** The fighter whose turn it is, or `null` outside combat. */
export function currentFighter(state: FightState): string | null {
  return state.combat ? (state.combat.order[state.combat.turn] ?? null) : null;
}

// conditions ---------------------------------------------------------------------------------------------

/**
 * Puts a condition of the fight's engine on a fighter: until removed (`units` empty), or for a number
 * of rounds (the bearer's turns) or turns (anyone's) counted from now (`readDuration` refuses anything
 * else, and nothing is put on). Put on again, it takes the new duration.
 */
export function addCondition(
  state: FightState,
  fighterId: string,
  status: string,
  duration: { readonly units: "" | harm.DurationUnit; readonly value: number },
): FightUpdate {
  try {
    const fighter = fighterOf(state, fighterId);
    if (!conditionsOf(engineOfActor(fighter.actor)).some((c) => c.id === status)) {
      throw new EngineError("UnknownTrait", { kind: "condition", key: status });
    }
    const timed =
      duration.units === ""
        ? null
        : {
            ...harm.readDuration(duration.value, duration.units),
            start: state.combat ? { round: state.combat.round, turn: state.combat.turn } : null,
          };
    const conditions = [...fighter.conditions.filter((c) => c.status !== status), { status, duration: timed }];
    return { ok: true, state: withFighter(state, { ...fighter, conditions }) };
  } catch (error) {
    return fail(error);
  }
}

/** Takes a condition off a fighter (the sheet's Remove, or a GM's End now). */
export function removeCondition(state: FightState, fighterId: string, status: string): FightUpdate {
  try {
    const fighter = fighterOf(state, fighterId);
    return {
      ok: true,
      state: withFighter(state, { ...fighter, conditions: fighter.conditions.filter((c) => c.status !== status) }),
    };
  } catch (error) {
    return fail(error);
  }
}

/**
 * A change typed on a fighter's sheet (its defence figure, its maximum health, a point it holds),
 * through the sheet's own checks (`applySheetAction`): a refused change changes nothing. A new
 * maximum keeps the health within it, and the wound follows.
 */
export function changeSheet(
  state: FightState,
  fighterId: string,
  changes: Readonly<Record<string, unknown>>,
): FightUpdate {
  try {
    const fighter = fighterOf(state, fighterId);
    const update = applySheetAction(fighterActor(fighter), { action: "change", changes });
    if (!update.ok) return { ok: false, error: update.error };
    const stored = harm.readHealth((update.actor.system as { health?: unknown }).health ?? fighter.health);
    const health = { value: Math.min(stored.value, stored.max), max: stored.max };
    const engine = engineOfActor(fighter.actor);
    const next: Fighter = {
      ...fighter,
      actor: { ...fighter.actor, name: update.actor.name, system: update.actor.system },
      health,
      wound: harm.woundOf(engine, health, RULES),
      defeated: fighter.defeated || health.value === 0,
    };
    return { ok: true, state: withFighter(state, next) };
  } catch (error) {
    return fail(error);
  }
}
