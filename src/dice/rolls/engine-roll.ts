import { EngineError, type Engine, type EngineId, type Throw } from "../../engines/shared/core.ts";
import { dieDress } from "../appearance.ts";
import { hasDiceRoles } from "../../helpers/dice-so-nice.ts";
import { cardContextOf, readAttackLine, readDamageLine, type EngineCardContext } from "../cards/context.ts";
import { cardKey, rememberCard, renderedCard } from "../cards/rendered.ts";
import { formulaOf, groupSpecs } from "../groups.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import { SYSTEM_ID } from "../../constants.ts";

import OperatorTerm = foundry.dice.terms.OperatorTerm;
import Die = foundry.dice.terms.Die;

/** What an engine roll keeps in `roll.options` (JSON-safe, so it survives `toJSON` → `fromData`). */
export interface EngineRollOptions<Req, Out> {
  /** The engine that resolves the roll. */
  engine: EngineId;
  /** The validated engine request. */
  request: Req;
  /** The engine outcome, set once the roll is evaluated. */
  outcome?: Out;
}

/**
 * The options a roll stores besides the engine's own (engine, request, outcome): what a rebuilt roll
 * of the same card keeps (its ledger, the weapon of an attack, a damage line, an initiative's combatant).
 */
export function keptOptions(options: object): Record<string, unknown> {
  const { engine: _engine, request: _request, outcome: _outcome, ...kept } = options as Record<string, unknown>;
  return kept;
}

/**
 * Reads the throws of a roll back from its Foundry dice, in order: every result of every die term,
 * its size from the term and its role from the term's flavor.
 */
export function throwsOf(dice: readonly foundry.dice.terms.DiceTerm[]): Throw[] {
  const out: Throw[] = [];
  for (const term of dice) {
    const faces = term.faces ?? 0;
    const role = term.flavor;
    for (const r of term.results) out.push({ faces, role, value: r.result });
  }
  return out;
}

/**
 * Gives a die term its 3D look from its role (the term's flavor), when the role has one: its Dice So
 * Nice dice role (6.x), else its colorset (5.x, or no module). Both are stored with the roll.
 *
 * @param term - The die term.
 * @param gm - Whether the roll is the GM's own (its action dice are the GM's).
 */
function dress(term: foundry.dice.terms.DiceTerm, gm: boolean): void {
  const look = dieDress(term.flavor, gm, hasDiceRoles());
  if (look) Object.assign(term.options, look);
}

/**
 * Throws dice groups as Foundry rolls of their own, one per group, so the configured dice fulfilment
 * (manual entry through a `RollResolver` among them) is asked for every die when `allowInteractive`
 * [API13 Roll#evaluate `allowInteractive`; CONFIG.Dice.fulfillment]. Returns the evaluated die terms.
 */
async function throwGroups(
  groups: readonly { faces: number; role: string; number: number }[],
  allowInteractive: boolean,
  gm: boolean,
): Promise<foundry.dice.terms.DiceTerm[]> {
  const dice: foundry.dice.terms.DiceTerm[] = [];
  for (const g of groups) {
    const die = new Die({ number: g.number, faces: g.faces, options: { flavor: g.role } });
    dress(die, gm);
    await foundry.dice.Roll.fromTerms([die]).evaluate({ allowInteractive });
    dice.push(die);
  }
  return dice;
}

/**
 * The throws with the follow-up dice an asker supplied (faces thrown on the asker's client, sent with
 * a request): each missing die the engine plans takes the next supplied face, which must be of that
 * size and in range; a supplied die too many or too few is refused (`DiceNotSupplied`). The GM's
 * client never throws a die for a player.
 */
function withSupplied(
  engine: RollEngine<unknown, unknown>,
  request: unknown,
  thrown: readonly Throw[],
  supplied: readonly unknown[],
): Throw[] {
  const all = [...thrown];
  let next = 0;
  for (;;) {
    const missing = engine.plan(request, all);
    if (missing.length === 0) break;
    for (const spec of missing) {
      const given = supplied[next++] as Partial<Throw> | undefined;
      const value = given?.value;
      if (
        given?.faces !== spec.faces ||
        !Number.isInteger(value) ||
        (value as number) < 1 ||
        (value as number) > spec.faces
      )
        throw new EngineError("DiceNotSupplied");
      all.push({ ...spec, value: value as number });
    }
  }
  if (next !== supplied.length) throw new EngineError("DiceNotSupplied");
  return all;
}

/** The parts of an engine a roll uses (its odds are for dialogs, not for rolls). */
export type RollEngine<Req, Out> = Pick<Engine<Req, Out, unknown>, "id" | "validate" | "plan" | "resolve">;

/**
 * The base of the five engine rolls. A subclass names its engine and chat template; this class
 * throws the dice the engine plans as real Foundry dice (so manual dice entry and 3D dice modules
 * see every throw), keeps asking the engine for follow-up dice (cascades, the Wild Die chain) until
 * the plan is complete, then stores the engine's request and outcome in `options`. No rule logic
 * lives here.
 */
export abstract class EngineRoll<Req = unknown, Out = unknown> extends foundry.dice.Roll {
  /** The engine the subclass resolves with. */
  static ENGINE: RollEngine<unknown, unknown>;

  /**
   * Builds an unevaluated roll for a request: validates it (an `EngineError` is thrown for a bad
   * request, before anything is thrown or posted) and makes the formula of the dice the engine plans.
   */
  static fromRequest<T extends EngineRoll>(
    // `never` for data and options: any Roll constructor accepts these (the options are cast below).
    this: {
      ENGINE: RollEngine<unknown, unknown>;
      new (formula: string, data: Record<string, never>, options: never): T;
    },
    request: unknown,
  ): T {
    const valid = this.ENGINE.validate(request);
    const formula = formulaOf(groupSpecs(this.ENGINE.plan(valid, [])));
    const options: EngineRollOptions<unknown, unknown> = { engine: this.ENGINE.id, request: valid };
    return new this(formula, {}, options as never);
  }

  /**
   * Builds an evaluated roll of a request from throws already made, then throws for real whatever the
   * engine's plan still misses (a new augment's cascade, a re-roll). The known faces are set on the
   * parsed dice before evaluation, and Foundry keeps pre-set results and rolls only the missing ones
   * (docs/foundry-notes.md §2), so no known die is thrown again. Used to write a grown (or, after an undo,
   * shrunk) open roll back to its message; `extra` options (JSON-safe) are stored with the roll.
   *
   * @returns The roll and the Foundry dice thrown now (for 3D dice to animate), in throw order.
   */
  static async fromThrows<T extends EngineRoll>(
    this: {
      ENGINE: RollEngine<unknown, unknown>;
      new (formula: string, data: Record<string, never>, options: never): T;
    },
    request: unknown,
    thrown: readonly Throw[],
    extra: Record<string, unknown> = {},
    supplied?: readonly unknown[],
  ): Promise<{ roll: T; fresh: foundry.dice.terms.DiceTerm[] }> {
    const valid = this.ENGINE.validate(request);
    const known = supplied === undefined ? thrown : withSupplied(this.ENGINE, valid, thrown, supplied);
    const groups = groupSpecs(known);
    const options: EngineRollOptions<unknown, unknown> = { ...extra, engine: this.ENGINE.id, request: valid };
    const roll = new this(formulaOf(groups), {}, options as never);
    let at = 0;
    for (const die of roll.dice) {
      const count = die.number ?? 0;
      die.results = known.slice(at, at + count).map((t) => ({ result: t.value, active: true }));
      at += count;
    }
    // Known faces need no prompt; without supplied dice, those still missing are thrown here by
    // throwMissing with Foundry's defaults (non-interactive).
    await roll.evaluate({ allowInteractive: false });
    return { roll, fresh: roll.dice.slice(groupSpecs(thrown).length) };
  }

  /**
   * Throws on this client, through the dice fulfilment, every follow-up die the engine still plans
   * after `thrown` (an action die and its cascade, a re-rolled d20, …): each group is a Foundry roll
   * of its own evaluated with `allowInteractive`, so a user who enters dice by hand is asked for each
   * one. The faces go to the active GM with the request, which checks them ({@link fromThrows}).
   */
  static async throwFollowUps(
    this: { ENGINE: RollEngine<unknown, unknown> },
    request: unknown,
    thrown: readonly Throw[],
    allowInteractive = true,
  ): Promise<Throw[]> {
    const valid = this.ENGINE.validate(request);
    const all = [...thrown];
    for (;;) {
      const missing = this.ENGINE.plan(valid, all);
      if (missing.length === 0) return all.slice(thrown.length);
      // Thrown on the asker's client: the GM's own dice when the asker is a GM.
      for (const die of await throwGroups(groupSpecs(missing), allowInteractive, game.user?.isGM === true))
        all.push(...throwsOf([die]));
    }
  }

  // ---------------------------------------------------------------------------------------------

  constructor(formula: string, data?: foundry.dice.Roll["data"], options?: foundry.dice.Roll["options"]) {
    super(formula, data, options);
    // Runs again when Foundry rebuilds the roll from a message; setting the same values is harmless.
    for (const term of this.dice) dress(term, this.gmDice);
  }

  /**
   * Whether the roll's dice are the GM's own (its action dice then come from the GM's pool and look
   * like the GM's in 3D). Only the action engine has such dice.
   */
  protected get gmDice(): boolean {
    return false;
  }

  /** The engine this roll resolves with. */
  protected get engine(): RollEngine<Req, Out> {
    return (this.constructor as typeof EngineRoll).ENGINE as RollEngine<Req, Out>;
  }

  /** The roll's total from the engine outcome (the number Foundry shows as the roll's total). */
  protected abstract totalOf(outcome: Out): number;

  // ---------------------------------------------------------------------------------------------

  /** The engine state stored in `options` (fvtt-types types options as core RollOptions). */
  get engineOptions(): EngineRollOptions<Req, Out> {
    return this.options as unknown as EngineRollOptions<Req, Out>;
  }

  /** The validated request. */
  get request(): Req {
    return this.engineOptions.request;
  }

  /** The engine outcome; undefined until the roll is evaluated. */
  get outcome(): Out | undefined {
    return this.engineOptions.outcome;
  }

  /** Every throw so far, read from the Foundry dice. */
  get throws(): Throw[] {
    return throwsOf(this.dice);
  }

  /**
   * Throws what the engine still misses as new Foundry dice, group by group, and appends them to the
   * roll. Used after the first evaluation for follow-up throws (the Wild Die chain, extra tens dice,
   * cascades), through the dice fulfilment as the roll itself was.
   */
  protected async throwMissing(allowInteractive: boolean): Promise<void> {
    for (;;) {
      const missing = this.engine.plan(this.request, this.throws);
      if (missing.length === 0) return;
      for (const die of await throwGroups(groupSpecs(missing), allowInteractive, this.gmDice)) {
        const plus = new OperatorTerm({ operator: "+" });
        await plus.evaluate();
        this.terms.push(plus, die);
      }
    }
  }

  /** Resolves the complete throws with the engine, stores the outcome and sets the total. */
  protected settle(): Out {
    const outcome = this.engine.resolve(this.request, this.throws);
    this.engineOptions.outcome = outcome;
    this._total = this.totalOf(outcome);
    return outcome;
  }

  /**
   * The chat card's context: the stored request and outcome, and whether the viewer may see the
   * result (a blind roll shows players nothing but that a roll was made).
   */
  cardContext({
    flavor,
    isPrivate,
    showRarity = false,
    lang = "en",
  }: {
    flavor?: string | undefined;
    isPrivate: boolean;
    showRarity?: boolean;
    lang?: string;
  }): EngineCardContext<Req, Out> {
    return cardContextOf({
      engine: this.engineOptions.engine,
      flavor,
      isPrivate,
      formula: this.formula,
      total: this.total ?? null,
      request: this.request,
      outcome: this.outcome,
      view: (outcome) => this.cardView(outcome, lang),
      damage: readDamageLine((this.options as { damage?: unknown }).damage),
      fromAttack: (this.options as { fromAttack?: unknown }).fromAttack,
      targets: (this.options as { targets?: unknown }).targets,
      conditions: (this.options as { conditions?: unknown }).conditions,
      equipment: (this.options as { equipment?: unknown }).equipment,
      attack: readAttackLine((this.options as { attack?: unknown }).attack),
      rarity: showRarity ? (this.options as { rarity?: unknown }).rarity : null,
      lang,
    });
  }

  /**
   * Arranges an outcome for the card template: each engine's pure card view (`src/dice/cards/`), of
   * the outcome and the state stored with the roll; no rule logic. Engines whose card needs no
   * arrangement keep the default.
   *
   * @param _outcome - The outcome.
   * @param _lang - The viewer's language (the card's signed numbers are written in it).
   */
  protected cardView(_outcome: Out, _lang: string): object | null {
    return null;
  }

  /**
   * Renders the engine's chat card from the stored outcome (evaluating first if needed); a card
   * already rendered with the same inputs is returned as it was (see `cards/rendered.ts`).
   */
  override async render(options: Parameters<foundry.dice.Roll["render"]>[0] = {}): Promise<string> {
    const {
      flavor,
      template = (this.constructor as typeof foundry.dice.Roll).CHAT_TEMPLATE,
      isPrivate = false,
    } = options;
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const lang = game.i18n.lang;
    const showRarity = game.settings.get(SYSTEM_ID, SETTING_KEYS.showRarity);
    // An unchanged card (same stored roll, flavor, viewer visibility, language, rarity line) renders once.
    const key = cardKey({
      template,
      lang,
      flavor,
      isPrivate,
      formula: this.formula,
      total: this.total,
      options: showRarity ? this.options : { ...this.options, rarity: null },
    });
    return (
      renderedCard(key) ??
      rememberCard(
        key,
        await renderSystemTemplate(template, { ...this.cardContext({ flavor, isPrivate, showRarity, lang }) }),
      )
    );
  }

  protected override async _evaluate(
    options?: Parameters<foundry.dice.Roll["_evaluate"]>[0],
  ): Promise<foundry.dice.Roll.Evaluated<this>> {
    const evaluated = await super._evaluate(options);
    await this.throwMissing(options?.allowInteractive ?? true);
    this.resetFormula();
    this.settle();
    return evaluated;
  }
}
