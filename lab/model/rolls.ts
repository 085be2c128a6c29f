/**
 * Engine rolls as the lab throws them (the engines' throw protocol with a seeded face source), and
 * the chat card contexts built from them as the Roll classes build them.
 */
import { rarityOfOutcome } from "../../src/engines/advice.ts";
import { DIALOG_ENGINE_IDS } from "../../src/applications/dialogs/engines.ts";
import {
  CARD_TEMPLATES,
  CARD_VIEWS,
  type EngineCardContext,
  ROLL_TOTALS,
  type StoredCardState,
  cardContextOf,
  percentileDamageCardView,
  readAttackLine,
  readDamageLine,
} from "../../src/dice/cards/index.ts";
import { formulaOf, groupSpecs } from "../../src/dice/groups.ts";
import {
  type Engine,
  type EngineId,
  type Throw,
  action,
  percentile,
  pi,
  pool,
  shared,
  wild,
} from "../../src/engines/index.ts";

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
  // A percentile weapon's damage has its own request and roll (as `ROLL_FACTORIES` picks it).
  const damage = isPercentileDamage(engine, request);
  const rules = damage ? (percentile.damageEngine as Engine<unknown, unknown, unknown>) : ENGINES[engine];
  const valid = rules.validate(request);
  const throws = shared.throwAll(rules, valid, source);
  const outcome = rules.resolve(valid, throws);
  const total = damage
    ? (outcome as percentile.PercentileDamageOutcome).total
    : (ROLL_TOTALS[engine] as (o: unknown) => number)(outcome);
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
  const view = isPercentileDamage(roll.engine, roll.request)
    ? (outcome: unknown, _stored: StoredCardState, lang: string) =>
        percentileDamageCardView(outcome as percentile.PercentileDamageOutcome, lang)
    : (CARD_VIEWS[roll.engine] as (outcome: unknown, stored: StoredCardState, lang: string) => object | null);
  return cardContextOf({
    engine: roll.engine,
    flavor: options.flavor,
    isPrivate: options.isPrivate === true,
    formula: roll.formula,
    total: roll.total,
    request: roll.request,
    outcome: roll.outcome,
    view: (outcome, lang) => view(outcome, options.stored ?? {}, lang),
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

/** The template file of an engine's card (a percentile weapon's damage has its own), relative to the repository root. */
export function cardTemplateFile(engine: EngineId, request?: unknown): string {
  if (isPercentileDamage(engine, request)) return "templates/chat/percentile-damage-card.hbs";
  return CARD_TEMPLATES[engine].replace(/^systems\/[^/]+\//, "");
}

/** Whether a roll is a percentile weapon's damage (its request's kind). */
function isPercentileDamage(engine: EngineId, request: unknown): boolean {
  return engine === "percentile" && percentile.isDamageRequest(request);
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

/** The lab's roll of an action card as its state stands (the card's throws, outcome and total). */
export function actionRoll(card: action.ActionCardState): LabRoll {
  const outcome = action.cardOutcome(card);
  return {
    engine: "action",
    request: card.request,
    throws: card.thrown,
    outcome,
    formula: formulaOf(groupSpecs(card.thrown)),
    total: outcome ? ROLL_TOTALS.action(outcome) : 0,
  };
}
