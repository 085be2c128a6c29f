/**
 * `foundry.dice`: Roll and the term classes the system uses, emulating the documented lifecycle
 * (docs/foundry-notes.md §1–§2). Only this formula subset parses: integers, `NdF` with F a number or a
 * one-letter denomination registered in `CONFIG.Dice.terms`, the modifiers `x`, `cs`, `k`/`kh`/`kl`
 * (others parse but throw when evaluated), `[flavor]`, `+`/`-`, spaces and `@path` data references.
 */
import { currentUserId, env, warn } from "./state.ts";
import { snapshotStatics, strictClass, strictInstances } from "./strict.ts";
import { CORE_ROLL_TEMPLATE, CORE_TOOLTIP_TEMPLATE, renderTemplate } from "./templates.ts";
import { getProperty, mergeObject } from "./utils.ts";

/** One die result. [API13 foundry.dice.types.DiceTermResult; `hidden` is Dice So Nice's, docs/foundry-notes.md §2] */
export interface DiceTermResult {
  result: number;
  active: boolean;
  count?: number;
  success?: boolean;
  failure?: boolean;
  discarded?: boolean;
  rerolled?: boolean;
  exploded?: boolean;
  hidden?: boolean;
}

/** Free-form term options; `flavor` is the bracketed label. [docs/foundry-notes.md §2 "Flavor and labels"] */
export interface TermOptions {
  flavor?: string;
  [key: string]: unknown;
}

/** The data a term is built from, and what `toJSON` writes. [API14 RollTermData; API13 Die constructor] */
export interface TermData {
  class?: string;
  options?: TermOptions;
  evaluated?: boolean;
  number?: number;
  faces?: number;
  modifiers?: string[];
  results?: DiceTermResult[];
  operator?: string;
}

/** Options of `evaluate`. [API13 Roll#evaluate] */
export interface EvaluateOptions {
  minimize?: boolean;
  maximize?: boolean;
  allowStrings?: boolean;
  allowInteractive?: boolean;
}

/** A comparison used by modifiers such as `cs>=7`. [KB:dice-modifiers] */
export type Comparison = "=" | "<" | "<=" | ">" | ">=";

/** The serialised form of a Roll. [FI#8671 quotes Roll#toJSON] */
export interface RollData {
  class: string;
  options: Record<string, unknown>;
  dice: unknown[];
  formula: string;
  terms: TermData[];
  total: number | undefined;
  evaluated: boolean;
  data?: Record<string, unknown>;
}

/** Dice configuration read from `CONFIG.Dice`. [API13/API14 CONFIG.Dice] */
export interface DiceConfig {
  rolls: RollClass[];
  terms: Record<string, DiceTermClass>;
  termTypes: Record<string, RollTermClass>;
  types: DiceTermClass[];
  randomUniform: () => number;
  fulfillment: { defaultMethod: string; dice: Record<string, unknown>; methods: Record<string, unknown> };
  rollModes?: Record<string, { label: string; icon: string }>;
}

/** A class that builds terms from data. */
export type RollTermClass = (new (data?: TermData) => RollTerm) & { name: string; SERIALIZE_ATTRIBUTES: string[] };
/** A class that builds dice terms from data. */
export type DiceTermClass = (new (data?: TermData) => DiceTerm) & {
  name: string;
  DENOMINATION: string;
  SERIALIZE_ATTRIBUTES: string[];
};
/** A Roll class as registered in `CONFIG.Dice.rolls`. */
export type RollClass = (new (
  formula?: string,
  data?: Record<string, unknown>,
  options?: Record<string, unknown>,
) => Roll) & {
  name: string;
};

/** The installed `CONFIG.Dice`. */
export function diceConfig(): DiceConfig {
  return (env().globals.CONFIG as { Dice: DiceConfig }).Dice;
}

// ---------------------------------------------------------------------------------------------------------------------

/** The base of every term. [API13 foundry.dice.terms.RollTerm] */
class RollTerm {
  /** Attributes written by `toJSON` besides class, options and evaluated. [API13 Die "SERIALIZE_ATTRIBUTES"] */
  static SERIALIZE_ATTRIBUTES: string[] = [];

  /** Free-form options, persisted with the term. [docs/foundry-notes.md §1.3] */
  options: TermOptions;

  /** Whether the term has been evaluated. */
  _evaluated = false;

  constructor({ options = {} }: TermData = {}) {
    this.options = options;
  }

  /**
   * Rebuilds a term from its JSON: the class is looked up by name in `CONFIG.Dice.termTypes`, then
   * among the classes of `CONFIG.Dice.terms`, falling back to Die. [docs/foundry-notes.md §2, unverified order]
   */
  static fromData(data: TermData): RollTerm {
    const config = diceConfig();
    const name = data.class ?? "";
    const cls: RollTermClass =
      config.termTypes[name] ?? Object.values(config.terms).find((c) => c.name === name) ?? StrictDie;
    const term = new cls(data);
    term._evaluated = data.evaluated ?? true;
    return term;
  }

  /** The term without its flavor. */
  get expression(): string {
    return "";
  }

  /** The term as written in a formula, flavor included. */
  get formula(): string {
    return this.flavor ? `${this.expression}[${this.flavor}]` : this.expression;
  }

  /** The flavor text, from `options.flavor`. [docs/foundry-notes.md §2] */
  get flavor(): string {
    return this.options.flavor ?? "";
  }

  /** Whether the term always gives the same total. */
  get isDeterministic(): boolean {
    return true;
  }

  /** The term's value once evaluated. */
  get total(): number | string | undefined {
    return undefined;
  }

  /** Evaluates the term once; a second call throws. [API13 RollTerm#evaluate] */
  evaluate(options: EvaluateOptions = {}): this | Promise<this> {
    if (this._evaluated) {
      throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    }
    this._evaluated = true;
    return this._evaluate(options);
  }

  protected _evaluate(_options: EvaluateOptions): this | Promise<this> {
    return this;
  }

  /** `{class, options, evaluated}` plus the class's SERIALIZE_ATTRIBUTES. [API14 RollTermData; API13 Die] */
  toJSON(): TermData {
    const cls = this.constructor as RollTermClass;
    const data: Record<string, unknown> = { class: cls.name, options: this.options, evaluated: this._evaluated };
    for (const attr of cls.SERIALIZE_ATTRIBUTES) data[attr] = (this as unknown as Record<string, unknown>)[attr];
    return data;
  }
}

/** A number. [API13 foundry.dice.terms.NumericTerm] */
class NumericTerm extends RollTerm {
  static override SERIALIZE_ATTRIBUTES = ["number"];

  number: number;

  constructor({ number = 0, options }: TermData = {}) {
    super({ options });
    this.number = number;
  }

  override get expression(): string {
    return String(this.number);
  }

  override get total(): number {
    return this.number;
  }
}

/** `+` or `-`. [API13 foundry.dice.terms.OperatorTerm] */
class OperatorTerm extends RollTerm {
  static override SERIALIZE_ATTRIBUTES = ["operator"];

  operator: string;

  constructor({ operator = "+", options }: TermData = {}) {
    super({ options });
    this.operator = operator;
  }

  override get expression(): string {
    return ` ${this.operator} `;
  }

  override get formula(): string {
    return this.expression;
  }

  override get total(): string {
    return this.operator;
  }
}

/** A set of dice. [API13 foundry.dice.terms.DiceTerm; docs/foundry-notes.md §2] */
class DiceTerm extends RollTerm {
  /** The letter after `d` in a formula; `d` itself means "faces given as a number". */
  static DENOMINATION = "";

  /** Modifier command → method name (or function) applied in formula order. [API13 Die MODIFIERS] */
  static MODIFIERS: Record<string, string | ((this: DiceTerm, modifier: string) => unknown)> = {};

  static override SERIALIZE_ATTRIBUTES = ["number", "faces", "modifiers", "results"];

  _number: number;
  _faces: number;
  modifiers: string[];
  results: DiceTermResult[];

  /** `new Die({number = 1, faces, modifiers = [], results = [], options = {}})`. [docs/foundry-notes.md §2; default faces 6 uncertain] */
  constructor({ number = 1, faces = 6, modifiers = [], results = [], options }: TermData = {}) {
    super({ options });
    this._number = number;
    this._faces = faces;
    this.modifiers = modifiers;
    this.results = results;
  }

  /** How many dice to throw. */
  get number(): number {
    return this._number;
  }

  set number(value: number) {
    this._number = value;
  }

  /** Faces per die. */
  get faces(): number {
    return this._faces;
  }

  set faces(value: number) {
    this._faces = value;
  }

  /** `d<faces>` for the `d` denomination, else `d<DENOMINATION>`. [docs/foundry-notes.md §9 DSN type mapping] */
  get denomination(): string {
    const denom = (this.constructor as DiceTermClass).DENOMINATION;
    return denom === "d" ? `d${this.faces}` : `d${denom}`;
  }

  /** `<number><denomination><modifiers>`, e.g. `5d10cs>=7`. */
  override get expression(): string {
    return `${this.number}${this.denomination}${this.modifiers.join("")}`;
  }

  override get isDeterministic(): boolean {
    return false;
  }

  /** The sum of active results, each counting as its `count` when set. [docs/foundry-notes.md §2 "cs re-casts results to 1/0 through count"] */
  override get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.reduce((sum, r) => (r.active ? sum + (r.count ?? r.result) : sum), 0);
  }

  /** The active result values. */
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  /** Rolls the missing results up to `number`, then applies the modifiers. [docs/foundry-notes.md §1.6 core loop] */
  protected override async _evaluate(options: EvaluateOptions): Promise<this> {
    if (this.number > 999) throw new Error("You may not evaluate a DiceTerm with more than 999 requested results");
    for (let n = this.results.length; n < this.number; n++) await this.roll(options);
    await this._evaluateModifiers();
    return this;
  }

  /** Adds one result: `_roll` (manual fulfilment) first, then `randomFace()`. [docs/foundry-notes.md §1.6] */
  async roll({ minimize = false, maximize = false, ...options }: EvaluateOptions = {}): Promise<DiceTermResult> {
    let value = await this._roll(options);
    if (minimize) value = Math.min(1, this.faces);
    else if (maximize) value = this.faces;
    else value ??= this.randomFace();
    const result: DiceTermResult = { result: value, active: true };
    this.results.push(result);
    return result;
  }

  /**
   * Manual or external fulfilment [docs/foundry-notes.md §1.6, async uncertain]: when the rolling client
   * enters dice by hand (`double.installManualDice`) and the evaluation allows it (`Roll#evaluate`'s
   * `allowInteractive`, default `true` [API13 Roll#evaluate; foundryvtt issue #10941]), the client's
   * resolver answers the die and the ask is recorded; otherwise `undefined` (a digital die). A term
   * evaluated outside a Roll is not asked [the stricter reading: the `RollResolver` belongs to a Roll,
   * API13 Roll#_resolver].
   */
  async _roll(options: EvaluateOptions = {}): Promise<number | undefined> {
    await Promise.resolve();
    const e = env();
    const userId = currentUserId();
    // A non-interactive fulfilment method set as the default answers the dice of a Roll through its
    // handler, `(term, options) => number | void` (void: a digital die). [API13 CONFIG.Dice.fulfillment
    // defaultMethod; DiceFulfillmentMethod `interactive`, `handler`; the Quench batch checks it]
    const { defaultMethod, methods } = diceConfig().fulfillment;
    const method = (defaultMethod && Object.hasOwn(methods, defaultMethod) ? methods[defaultMethod] : undefined) as
      { interactive?: boolean; handler?: (term: unknown, o: unknown) => unknown } | undefined;
    if (
      options.allowInteractive !== undefined &&
      method &&
      !method.interactive &&
      typeof method.handler === "function"
    ) {
      const value: unknown = await method.handler(this, options);
      if (typeof value === "number") return value;
    }
    const answer = e.manualDice.get(userId);
    if (!answer || options.allowInteractive !== true) return undefined;
    const value = answer(this.faces);
    e.manualAsked.push({ userId, faces: this.faces, value });
    return value;
  }

  /**
   * One face from `CONFIG.Dice.randomUniform`, mapped as `ceil((1 - u) * faces)`. Public sources: CoC7's
   * dev dice (`Math.ceil((1 - CONFIG.Dice.randomUniform()) * 10)`) and harness code describing v12
   * dice the same way [uncertain for v13/v14].
   */
  randomFace(): number {
    const u = diceConfig().randomUniform();
    if (!(u >= 0 && u < 1)) throw new Error(`Foundry double: CONFIG.Dice.randomUniform returned ${u}, outside [0, 1)`);
    return Math.ceil((1 - u) * this.faces);
  }

  /** Applies each modifier in written order through `MODIFIERS`. [docs/foundry-notes.md §2] */
  async _evaluateModifiers(): Promise<void> {
    const cls = this.constructor as typeof DiceTerm;
    for (const modifier of this.modifiers) {
      const command = /^[a-z]+/i.exec(modifier)?.[0].toLowerCase() ?? "";
      const handler = cls.MODIFIERS[command];
      const fn = typeof handler === "string" ? (this as unknown as Record<string, unknown>)[handler] : handler;
      if (typeof fn !== "function") {
        throw new Error(`Foundry double: the "${modifier}" modifier is not emulated for ${cls.name}`);
      }
      const out = await (fn as (this: DiceTerm, m: string) => unknown).call(this, modifier);
      if (out === false) throw new Error(`Foundry double: ${cls.name} did not match the "${modifier}" modifier`);
    }
  }

  /** Compares a result with a target. [KB:dice-modifiers comparisons] */
  static compareResult(result: number, comparison: Comparison = "=", target = 0): boolean {
    switch (comparison) {
      case "=":
        return result === target;
      case "<":
        return result < target;
      case "<=":
        return result <= target;
      case ">":
        return result > target;
      case ">=":
        return result >= target;
    }
  }

  /** The label shown for a result in the tooltip. [API13 DiceTerm#getResultLabel] */
  getResultLabel(result: DiceTermResult): string {
    return String(result.result);
  }

  /** CSS classes for a result in the tooltip (stand-in list). [API13 DiceTerm#getResultCSS] */
  getResultCSS(result: DiceTermResult): (string | null)[] {
    return [
      "die",
      `d${this.faces}`,
      result.success ? "success" : null,
      result.failure ? "failure" : null,
      result.rerolled ? "rerolled" : null,
      result.exploded ? "exploded" : null,
      result.discarded ? "discarded" : null,
      result.result === 1 ? "min" : null,
      result.result === this.faces ? "max" : null,
    ];
  }

  /** The data the tooltip template shows for this term. [docs/foundry-notes.md §1.4; 5E chat-message.mjs] */
  getTooltipData(): {
    formula: string;
    total: number | undefined;
    faces: number;
    flavor: string;
    rolls: { result: string; classes: string }[];
  } {
    return {
      formula: this.expression,
      total: this.total,
      faces: this.faces,
      flavor: this.flavor,
      rolls: this.results.map((r) => ({
        result: this.getResultLabel(r),
        classes: this.getResultCSS(r).filter(Boolean).join(" "),
      })),
    };
  }
}

const COMPARISON = "(<=|>=|<|>|=)?";

function parseComparison(modifier: string, command: string): { comparison?: Comparison; value?: number } | null {
  const match = new RegExp(`^${command}${COMPARISON}(\\d+)?$`, "i").exec(modifier);
  if (!match) return null;
  return {
    comparison: match[1] as Comparison | undefined,
    value: match[2] === undefined ? undefined : Number(match[2]),
  };
}

/** An ordinary die with numeric faces. [API13 foundry.dice.terms.Die] */
class Die extends DiceTerm {
  static override DENOMINATION = "d";

  /** The emulated subset of Die.MODIFIERS. [API13 Die; KB:dice-modifiers] */
  static override MODIFIERS: Record<string, string | ((this: DiceTerm, modifier: string) => unknown)> = {
    x: "explode",
    cs: "countSuccess",
    k: "keep",
    kh: "keep",
    kl: "keep",
  };

  /**
   * `x`, `xN` (explode on N) or `x<cmp>N`: each active result that matches adds one die, and new dice
   * may explode again. `5d10x10` explodes on 10 [KB:dice-modifiers]. Guard: more than 100 explosions
   * on one term throws, like Foundry's recursion guard [brief; limit and wording uncertain].
   */
  async explode(modifier: string): Promise<false | undefined> {
    const parsed = parseComparison(modifier, "x");
    if (!parsed) return false;
    const comparison = parsed.comparison ?? "=";
    const target = parsed.value ?? this.faces;
    let checked = 0;
    let exploded = 0;
    while (checked < this.results.length) {
      const r = this.results[checked++] as DiceTermResult;
      if (!r.active || !DiceTerm.compareResult(r.result, comparison, target)) continue;
      r.exploded = true;
      if (++exploded > 100) throw new Error("Maximum recursion depth for exploding dice roll exceeded");
      await this.roll();
    }
    return undefined;
  }

  /**
   * `cs<cmp>N`: each active result counts 1 (and is flagged `success`) when it matches, else 0.
   * [KB:dice-modifiers; docs/foundry-notes.md §2; a bare `csN` compares with `=` (uncertain)]
   */
  countSuccess(modifier: string): false | undefined {
    const parsed = parseComparison(modifier, "cs");
    if (parsed?.value === undefined) return false;
    for (const r of this.results) {
      if (!r.active) continue;
      if (DiceTerm.compareResult(r.result, parsed.comparison ?? "=", parsed.value)) {
        r.success = true;
        r.count = 1;
      } else r.count = 0;
    }
    return undefined;
  }

  /**
   * `k`/`khN` keeps the N highest (default 1), `klN` the N lowest; the others become
   * `{active: false, discarded: true}`. [KB:dice-modifiers; docs/foundry-notes.md §2; tie order uncertain: earlier dice kept]
   */
  keep(modifier: string): false | undefined {
    const match = /^k([hl])?(\d+)?$/i.exec(modifier);
    if (!match) return false;
    const lowest = match[1]?.toLowerCase() === "l";
    const n = match[2] === undefined ? 1 : Number(match[2]);
    const active = this.results.filter((r) => r.active);
    const ordered = [...active].sort((a, b) => (lowest ? a.result - b.result : b.result - a.result));
    for (const r of ordered.slice(n)) {
      r.active = false;
      r.discarded = true;
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------------------------------

/** Options of `Roll#toMessage`. [docs/foundry-notes.md §1.5 (v13); §13 and Black Flag `cls.create(..., {messageMode})` (v14)] */
export interface ToMessageOptions {
  rollMode?: string;
  messageMode?: string;
  create?: boolean;
}

/** Options of `Roll#render`. [docs/foundry-notes.md §1.4] */
export interface RenderOptions {
  flavor?: string;
  template?: string;
  isPrivate?: boolean;
  [key: string]: unknown;
}

/** The base chat render context. [docs/foundry-notes.md §1.4 "formula, flavor, user, tooltip, total"] */
export interface ChatRenderContext {
  formula: string;
  flavor: string | null;
  user: string;
  tooltip: string;
  total: number | string | undefined;
  [key: string]: unknown;
}

interface MessageClassLike {
  new (data: Record<string, unknown>): {
    toObject(): Record<string, unknown>;
    applyRollMode(mode: string): unknown;
    applyMode(mode: string): unknown;
  };
  create(data: Record<string, unknown>, options: Record<string, unknown>): Promise<unknown>;
}

interface GlobalsLike {
  CONFIG: { ChatMessage: { documentClass: MessageClassLike }; sounds: { dice: string } };
  game: { settings: { get(ns: string, key: string): unknown } };
}

/** The v14 names of the v13 roll modes. [docs/foundry-notes.md §13] */
export const LEGACY_TO_MESSAGE_MODE: Readonly<Record<string, string>> = Object.freeze({
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
  roll: "",
});

/** A formula and its terms. [API13 foundry.dice.Roll; docs/foundry-notes.md §1] */
class Roll {
  /** The template `render` uses. [docs/foundry-notes.md §1.4] */
  static CHAT_TEMPLATE = CORE_ROLL_TEMPLATE;
  /** The template `getTooltip` uses; assigning it changes every roll. [docs/foundry-notes.md §1.4] */
  static TOOLTIP_TEMPLATE = CORE_TOOLTIP_TEMPLATE;

  /** The data `@path` references were read from; not serialised. [FI#8671] */
  data: Record<string, unknown>;
  /** Free-form options; serialised. [docs/foundry-notes.md §1.3] */
  options: Record<string, unknown>;
  /** The parsed terms. */
  terms: RollTerm[];
  /** Dice from nested rolls (always empty in this subset). */
  _dice: DiceTerm[] = [];
  /** The normalised formula. */
  _formula = "";
  /** Whether the roll has been evaluated ("once evaluated the Roll is immutable"). [API13 Roll] */
  _evaluated = false;
  /** The total once evaluated. */
  _total: number | undefined = undefined;

  /** `new Roll(formula = "", data = {}, options = {})`. [API13 Roll] */
  constructor(formula = "", data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.data = data;
    this.options = options;
    this.terms = (this.constructor as typeof Roll).parse(formula, data);
    this.resetFormula();
  }

  /** A roll of the first class in `CONFIG.Dice.rolls`. [docs/foundry-notes.md §1.2 "Roll.create builds CONFIG.Dice.rolls[0]"] */
  static create(formula = "", data: Record<string, unknown> = {}, options: Record<string, unknown> = {}): Roll {
    const cls = diceConfig().rolls[0] as RollClass;
    return new cls(formula, data, options);
  }

  /**
   * Replaces `@path` references with values from `data`. Unmatched references are left as written
   * (`missing` replaces them). [API13 Roll.replaceFormulaData]
   */
  static replaceFormulaData(
    formula: string,
    data: Record<string, unknown>,
    { missing }: { missing?: string; warn?: boolean } = {},
  ): string {
    return formula.replace(/@([a-z.0-9_-]+)/gi, (match, path: string) => {
      const value = getProperty(data, path);
      if (value === undefined || value === null) return missing ?? match;
      if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return String(value);
      return JSON.stringify(value);
    });
  }

  /**
   * Parses a formula of the emulated subset into terms. Anything else throws, as Foundry does for an
   * unparsable formula. Deviation: an unresolved `@path` throws here, where Foundry fails only at
   * evaluation (unresolved StringTerm).
   */
  static parse(formula: string, data: Record<string, unknown> = {}): RollTerm[] {
    const text = this.replaceFormulaData(formula, data);
    const config = diceConfig();
    const terms: RollTerm[] = [];
    const fail = (at: number): never => {
      throw new Error(`Foundry double: unable to parse roll formula "${text}" at "${text.slice(at)}"`);
    };
    const dice = /^(\d*)d(\d+|[a-zA-Z])((?:[a-zA-Z]+(?:<=|>=|<|>|=)?\d*)*)(?:\[([^\]]*)\])?/;
    const number = /^([+-]?\d+(?:\.\d+)?)(?:\[([^\]]*)\])?/;
    let i = 0;
    let expectOperand = true;
    const skip = () => {
      while (i < text.length && /\s/.test(text[i] as string)) i++;
    };
    skip();
    while (i < text.length) {
      const rest = text.slice(i);
      if (expectOperand) {
        const d = dice.exec(rest);
        if (d) {
          const [all, count, faces, mods, flavor] = d as unknown as [
            string,
            string,
            string,
            string,
            string | undefined,
          ];
          const numeric = /^\d+$/.test(faces);
          const cls = numeric ? config.terms.d : config.terms[faces];
          if (!cls) throw new Error(`Foundry double: no dice term is registered for "d${faces}" in CONFIG.Dice.terms`);
          const modifiers = [...mods.matchAll(/[a-zA-Z]+(?:<=|>=|<|>|=)?\d*/g)].map((m) => m[0]);
          terms.push(
            new cls({
              number: count === "" ? 1 : Number(count),
              ...(numeric ? { faces: Number(faces) } : {}),
              modifiers,
              options: flavor === undefined ? {} : { flavor },
            }),
          );
          i += all.length;
        } else {
          const n = number.exec(rest);
          if (!n) fail(i);
          const [all, value, flavor] = n as unknown as [string, string, string | undefined];
          terms.push(new NumericTerm({ number: Number(value), options: flavor === undefined ? {} : { flavor } }));
          i += all.length;
        }
        expectOperand = false;
      } else {
        const op = text[i];
        if (op !== "+" && op !== "-") fail(i);
        terms.push(new OperatorTerm({ operator: op }));
        i += 1;
        expectOperand = true;
      }
      skip();
    }
    if (expectOperand && terms.length > 0) fail(i);
    return terms;
  }

  /** The formula of a list of terms. [API13 Roll.getFormula] */
  static getFormula(terms: RollTerm[]): string {
    return terms.map((t) => t.formula).join("");
  }

  /**
   * A roll from terms; all evaluated (the roll is then evaluated) or none. The roll is built with
   * `new this(formula, {}, options)` before its terms are replaced. [docs/foundry-notes.md §2, unverified]
   */
  static fromTerms(terms: RollTerm[], options: Record<string, unknown> = {}): Roll {
    const all = terms.every((t) => t._evaluated);
    const none = !terms.some((t) => t._evaluated);
    if (!(all || none)) {
      throw new Error(
        "You can only call Roll.fromTerms with an array of terms which are either all evaluated, or none evaluated",
      );
    }
    const roll = new this(this.getFormula(terms), {}, options);
    roll.terms = terms;
    roll._evaluated = all && terms.length > 0;
    if (roll._evaluated) roll._total = roll._evaluateTotal();
    return roll;
  }

  /**
   * Rebuilds a roll from `toJSON` data: the class is found by name in `CONFIG.Dice.rolls` (unknown →
   * throws), constructed again with `new cls(formula, {}, options)` — the constructor runs again — and
   * then given the saved terms, total and evaluated state. [docs/foundry-notes.md §1.2–1.3; FI#7668; error text unverified]
   */
  static fromData(data: RollData): Roll {
    let cls = this as RollClass;
    if (data.class) {
      const found = diceConfig().rolls.find((c) => c.name === data.class);
      if (!found) throw new Error(`Unable to recreate ${data.class} instance from provided data`);
      cls = found;
    }
    const roll = new cls(data.formula, data.data ?? {}, data.options);
    roll.terms = data.terms.map((t) => RollTerm.fromData(t));
    roll._evaluated = data.evaluated ?? true;
    if (roll._evaluated) roll._total = data.total;
    return roll;
  }

  /** `fromData(JSON.parse(json))`. [docs/foundry-notes.md §1.3] */
  static fromJSON(json: string): Roll {
    return this.fromData(JSON.parse(json) as RollData);
  }

  /** The normalised formula. */
  get formula(): string {
    return this._formula;
  }

  /** Every DiceTerm of the roll. [API13 Roll#dice] */
  get dice(): DiceTerm[] {
    return this._dice.concat(this.terms.filter((t): t is DiceTerm => t instanceof DiceTerm));
  }

  /** The total, `undefined` until evaluated. [API13 Roll#total] */
  get total(): number | undefined {
    return this._evaluated ? this._total : undefined;
  }

  /** The equation of term results, e.g. `7 + 5`. [API13 Roll#result; spacing uncertain] */
  get result(): string {
    return this.terms.map((t) => (t instanceof OperatorTerm ? t.expression : String(t.total ?? ""))).join("");
  }

  /** Whether every term is deterministic. [API13 Roll#isDeterministic] */
  get isDeterministic(): boolean {
    return this.terms.every((t) => t.isDeterministic);
  }

  /** Recomputes `formula` from the terms. [API13 Roll#resetFormula] */
  resetFormula(): string {
    this._formula = (this.constructor as typeof Roll).getFormula(this.terms);
    return this._formula;
  }

  /**
   * Evaluates the roll; always async; a second call throws because the roll is immutable. Calls
   * `_evaluate(options)`, which subclasses override (calling super first). [API13 Roll#evaluate; FI#9774; docs/foundry-notes.md §1.1]
   */
  async evaluate({
    minimize = false,
    maximize = false,
    allowStrings = false,
    allowInteractive = true,
  }: EvaluateOptions = {}): Promise<this> {
    if (this._evaluated) {
      throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    }
    this._evaluated = true;
    return this._evaluate({ minimize, maximize, allowStrings, allowInteractive });
  }

  /** Evaluates each term in order, then sets `_total` from `_evaluateTotal()`. [docs/foundry-notes.md §1.1] */
  protected async _evaluate(options: EvaluateOptions = {}): Promise<this> {
    for (const term of this.terms) {
      if (!term._evaluated) await term.evaluate(options);
    }
    this._total = this._evaluateTotal();
    return this;
  }

  /**
   * Synchronous evaluation for deterministic formulas; with `strict: false` dice count as 0.
   * [FI#9774; docs/foundry-notes.md §1.1]
   */
  evaluateSync({ strict = true }: EvaluateOptions & { strict?: boolean } = {}): this {
    if (this._evaluated) {
      throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    }
    if (strict && !this.isDeterministic) {
      throw new Error("This Roll contains non-deterministic terms and cannot be evaluated synchronously");
    }
    this._evaluated = true;
    for (const term of this.terms) {
      if (term instanceof DiceTerm) term._evaluated = true;
      else if (!term._evaluated) void term.evaluate();
    }
    this._total = this._evaluateTotal();
    return this;
  }

  /** Adds and subtracts the term totals. */
  protected _evaluateTotal(): number {
    let total = 0;
    let sign = 1;
    for (const term of this.terms) {
      if (term instanceof OperatorTerm) {
        sign = term.operator === "-" ? -1 : 1;
        continue;
      }
      const value = Number(term.total);
      if (Number.isNaN(value)) throw new Error(`Foundry double: term "${term.formula}" has no numeric total`);
      total += sign * value;
      sign = 1;
    }
    return total;
  }

  /** `{class, options, dice, formula, terms, total, evaluated}`; `data` is not written. [FI#8671; docs/foundry-notes.md §1.3] */
  toJSON(): RollData {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: this._dice,
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /** Renders TOOLTIP_TEMPLATE with each die's `getTooltipData()`. [docs/foundry-notes.md §1.4] */
  async getTooltip(): Promise<string> {
    const parts = this.dice.map((d) => d.getTooltipData());
    return renderTemplate((this.constructor as typeof Roll).TOOLTIP_TEMPLATE, { parts });
  }

  /** Builds the chat render context; private rolls hide formula, tooltip and total. [FI#11650; docs/foundry-notes.md §1.4] */
  protected async _prepareChatRenderContext({
    flavor,
    isPrivate = false,
  }: RenderOptions = {}): Promise<ChatRenderContext> {
    return {
      formula: isPrivate ? "???" : this._formula,
      flavor: isPrivate ? null : (flavor ?? (this.options.flavor as string | undefined) ?? null),
      user: currentUserId(),
      tooltip: isPrivate ? "" : await this.getTooltip(),
      total: isPrivate ? "?" : this.total === undefined ? undefined : Math.round(this.total * 100) / 100,
    };
  }

  /**
   * Renders the roll with `template` (default CHAT_TEMPLATE) after `_prepareChatRenderContext`;
   * evaluates first if needed. [docs/foundry-notes.md §1.4 (signature in DH dhRoll.mjs)]
   */
  async render({ flavor, template, isPrivate = false, ...options }: RenderOptions = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate({ allowInteractive: !isPrivate });
    const context = await this._prepareChatRenderContext({ flavor, isPrivate, ...options });
    return renderTemplate(template ?? (this.constructor as typeof Roll).CHAT_TEMPLATE, context);
  }

  /**
   * Posts the roll as a chat message, or returns the message data with `create: false`. v13: `rollMode`
   * (`"roll"` means the current setting, default `core.rollMode`); v14: `messageMode` (default
   * `core.messageMode`; `rollMode` is mapped with a deprecation warning, uncertain). Evaluates with
   * `allowInteractive` off for blind rolls. [docs/foundry-notes.md §1.5, §13]
   */
  async toMessage(
    messageData: Record<string, unknown> = {},
    { rollMode, messageMode, create = true }: ToMessageOptions = {},
  ): Promise<unknown> {
    const e = env();
    const g = e.globals as unknown as GlobalsLike;
    let mode: string;
    if (e.generation === 13) {
      mode = (rollMode === "roll" ? undefined : rollMode) || String(g.game.settings.get("core", "rollMode"));
    } else {
      if (messageMode === undefined && rollMode !== undefined) {
        warn(`Roll#toMessage: the rollMode option is deprecated in v14; use messageMode`);
        messageMode = LEGACY_TO_MESSAGE_MODE[rollMode] ?? rollMode;
      }
      mode = messageMode || String(g.game.settings.get("core", "messageMode"));
    }
    const blind = e.generation === 13 ? mode === "blindroll" : mode === "blind";
    if (!this._evaluated) await this.evaluate({ allowInteractive: !blind });
    const defaults: Record<string, unknown> = { author: currentUserId(), sound: g.CONFIG.sounds.dice };
    const data = mergeObject(defaults, messageData, { inplace: false });
    data.rolls = [this];
    const cls = g.CONFIG.ChatMessage.documentClass;
    const msg = new cls(data);
    if (create) return cls.create(msg.toObject(), e.generation === 13 ? { rollMode: mode } : { messageMode: mode });
    if (e.generation === 13) msg.applyRollMode(mode);
    else msg.applyMode(mode);
    return msg.toObject();
  }
}

// ---------------------------------------------------------------------------------------------------------------------

for (const cls of [RollTerm, Roll]) strictInstances(cls);

const CLASSES = [RollTerm, NumericTerm, OperatorTerm, DiceTerm, Die, Roll] as const;
const restorers = CLASSES.map((cls) => snapshotStatics(cls));

/** Undoes static assignments made to the double's dice classes (called by `uninstall`). */
export function restoreDiceStatics(): void {
  for (const restore of restorers) restore();
}

const StrictRollTerm = strictClass(RollTerm);
const StrictNumericTerm = strictClass(NumericTerm);
const StrictOperatorTerm = strictClass(OperatorTerm);
const StrictDiceTerm = strictClass(DiceTerm);
const StrictDie = strictClass(Die);
const StrictRoll = strictClass(Roll);

export {
  StrictRollTerm as RollTerm,
  StrictNumericTerm as NumericTerm,
  StrictOperatorTerm as OperatorTerm,
  StrictDiceTerm as DiceTerm,
  StrictDie as Die,
  StrictRoll as Roll,
};

/** Instance types of the double's dice classes. */
export type {
  RollTerm as RollTermInstance,
  NumericTerm as NumericTermInstance,
  OperatorTerm as OperatorTermInstance,
  DiceTerm as DiceTermInstance,
  Die as DieInstance,
  Roll as RollInstance,
};
