/**
 * The roll grammar shared by chat commands (`/pool 6 7`) and journal enrichers (`@RollPool[6|7]`).
 *
 * A command or an enricher names an engine and lists parameters, separated by spaces, commas or `|`
 * (letters in any case). Each parameter is a bare number, a short flag (`wp`, `fp`, `minor`) or a
 * `key=value` pair; every engine's forms are listed in {@link ROLL_USAGE}. Parsing is pure: it
 * builds the engine request, checks it with the engine's own `validate`, and throws an
 * {@link EngineError} naming a localization key for anything it does not understand. Nothing here
 * touches Foundry.
 */

import { action, EngineError, percentile, pi, pool, shared, wild } from "../engines/core.ts";
import {
  COMMAND_ENGINES,
  COMMAND_PATTERN,
  engineNamed,
  ENRICHER_ENGINES,
  type CommandEngine,
} from "./command-words.ts";

export {
  COMMAND_ENGINES,
  ENRICHER_ENGINES,
  ENRICHER_PATTERN,
  isRollCommand,
  type CommandEngine,
} from "./command-words.ts";

/** A parsed roll: the engine and the exact request to hand to it. */
export interface ParsedRoll {
  /** The engine to roll. */
  readonly engine: CommandEngine;
  /** The request, as the engine's `validate` accepts it. */
  readonly request: RequestOf<CommandEngine>;
}

/** The request type of each engine. */
export interface RequestByCommandEngine {
  percentile: percentile.PercentileRequest;
  action: action.ActionRequest;
  wild: wild.WildRequest;
  pi: pi.PiRequest;
  pool: pool.PoolRequest;
}

/** The request type of one engine. */
export type RequestOf<E extends CommandEngine> = RequestByCommandEngine[E];

/** The world settings a parsed request carries (so a command rolls as the world's dialogs do). */
export interface CommandSettings {
  /** Whether the 1 that starts a Wild Die critical failure counts as its face. */
  readonly wildFirstOneCounts: boolean;
  /** The cap on percentile extra dice after cancellation (0 = no cap); used unless `cap=` is given. */
  readonly percentileCap: number;
}

/**
 * The syntax of each engine's parameters, shown in error messages after the command word
 * (brackets mark optional parts; `|` separates alternatives).
 */
export const ROLL_USAGE: Readonly<Record<CommandEngine, string>> = Object.freeze({
  pool: "/pool <dice> [difficulty] [wp] [auto] [c1|c2]",
  percentile: "/pct [rating] [+N|bN] [-N|pN] [karma=N] [called=N] [mult=N] [cap=N]",
  wild: "/wild <ND+P> [+ND+P] [cpN|fp] [tnN]",
  pi: "/pi <dN …> [minor|major] [p+N] [i+N] [pgoal=N] [igoal=N]",
  action: "/action [+N] [dcN] [dN …] [check|attack|save|insight] [level=N] [botch=N]",
});

const INTEGER = /^[+-]?\d+$/;

/** The longest parameter text a command or a roll link may have (longer text is refused unread). */
export const MAX_COMMAND_LENGTH = 500;

/** The parameters of a command or an enricher, split into lower-case tokens. */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s,|]+/)
    .filter((t) => t !== "");
}

function badToken(engine: CommandEngine, token: string): EngineError {
  return new EngineError("CommandBadToken", { token, usage: ROLL_USAGE[engine] });
}

/** Reads an integer from a token's value part, or throws `CommandBadToken` naming the whole token. */
function intOf(engine: CommandEngine, token: string, text: string | undefined): number {
  if (text === undefined || !INTEGER.test(text)) throw badToken(engine, token);
  return Number(text);
}

/** A request under construction: each field may be set once. */
class Builder {
  readonly fields: Record<string, unknown> = {};

  constructor(readonly engine: CommandEngine) {}

  set(field: string, value: unknown, token: string): void {
    if (this.has(field)) throw new EngineError("CommandRepeated", { token, usage: ROLL_USAGE[this.engine] });
    this.fields[field] = value;
  }

  has(field: string): boolean {
    return Object.hasOwn(this.fields, field);
  }
}

/** Splits `key=value` (or `key:value`); a token without one has no value. */
function keyValue(token: string): [string, string | undefined] {
  const at = token.search(/[=:]/);
  return at < 0 ? [token, undefined] : [token.slice(0, at), token.slice(at + 1)];
}

function parsePool(tokens: readonly string[]): pool.PoolRequest {
  const b = new Builder("pool");
  for (const token of tokens) {
    const [key, value] = keyValue(token);
    const dc = /^(?:dc|diff)(\d+)$/.exec(token);
    const cancel = /^c(\d)$/.exec(token);
    if (value === undefined && INTEGER.test(token)) b.set(b.has("pool") ? "difficulty" : "pool", Number(token), token);
    else if (dc) b.set("difficulty", Number(dc[1]), token);
    else if (["dc", "diff", "difficulty"].includes(key) && value !== undefined) {
      b.set("difficulty", intOf("pool", token, value), token);
    } else if (cancel) b.set("cancellation", Number(cancel[1]), token);
    else if (key === "cancel" && value !== undefined) b.set("cancellation", intOf("pool", token, value), token);
    else if (token === "wp" || token === "willpower") b.set("willpower", true, token);
    else if (token === "auto" || token === "automatic") b.set("automatic", true, token);
    else throw badToken("pool", token);
  }
  if (!b.has("pool")) throw new EngineError("CommandMissing", { usage: ROLL_USAGE.pool });
  return b.fields as unknown as pool.PoolRequest;
}

function parsePercentile(tokens: readonly string[], settings: CommandSettings): percentile.PercentileRequest {
  const b = new Builder("percentile");
  const keys: Readonly<Record<string, string>> = {
    bonus: "bonus",
    penalty: "penalty",
    cap: "cap",
    karma: "karmaDice",
    called: "voluntaryPenalty",
    mult: "damageMultiplier",
    rating: "column",
    col: "column",
  };
  for (const token of tokens) {
    const [key, value] = keyValue(token);
    const short = /^([bp])(\d+)$/.exec(token);
    const named = value === undefined ? undefined : shared.ownValue(keys, key);
    if (value === undefined && /^\+\d+$/.test(token)) b.set("bonus", Number(token), token);
    else if (value === undefined && /^-\d+$/.test(token)) b.set("penalty", -Number(token), token);
    else if (value === undefined && /^\d+$/.test(token)) b.set("column", Number(token), token);
    else if (short) b.set(short[1] === "b" ? "bonus" : "penalty", Number(short[2]), token);
    else if (named !== undefined) b.set(named, intOf("percentile", token, value), token);
    else throw badToken("percentile", token);
  }
  return { bonus: 0, penalty: 0, cap: settings.percentileCap, ...b.fields };
}

function parseWild(tokens: readonly string[], settings: CommandSettings): wild.WildRequest {
  const b = new Builder("wild");
  for (const token of tokens) {
    const [key, value] = keyValue(token);
    const cp = /^cp(\d+)$/.exec(token);
    const tn = /^tn(\d+)$/.exec(token);
    if (!b.has("dice") && /^\d+d([+-]\d+)?$/.test(token)) {
      const code = wild.parseCode(token);
      b.set("dice", code.dice, token);
      b.fields.pips = code.pips;
    } else if (/^[+-]/.test(token) && b.has("dice")) {
      const bonus = wild.parseBonus(token);
      b.set("outsideDice", bonus.dice, token);
      b.fields.outsidePips = bonus.pips;
    } else if (cp) b.set("characterPoints", Number(cp[1]), token);
    else if (key === "cp" && value !== undefined) b.set("characterPoints", intOf("wild", token, value), token);
    else if (token === "fp") b.set("fatePoint", true, token);
    else if (tn) b.set("target", Number(tn[1]), token);
    else if ((key === "tn" || key === "target") && value !== undefined)
      b.set("target", intOf("wild", token, value), token);
    else throw badToken("wild", token);
  }
  if (!b.has("dice")) throw new EngineError("CommandMissing", { usage: ROLL_USAGE.wild });
  return { ...b.fields, firstOneCounts: settings.wildFirstOneCounts } as unknown as wild.WildRequest;
}

function parsePi(tokens: readonly string[]): pi.PiRequest {
  const b = new Builder("pi");
  const dice: number[] = [];
  for (const token of tokens) {
    const [key, value] = keyValue(token);
    const die = /^(\d*)d(\d+)$/.exec(token);
    const mod = /^([pi])([+-]\d+)$/.exec(token);
    if (die) {
      const count = die[1] === "" ? 1 : Number(die[1]);
      if (count < 1 || count > pi.MAX_POOL_DICE) throw badToken("pi", token);
      for (let k = 0; k < count; k++) dice.push(Number(die[2]));
    } else if (token === "minor" || token === "major" || token === "none") b.set("hindrance", token, token);
    else if (mod) b.set(mod[1] === "p" ? "precisionMod" : "impactMod", Number(mod[2]), token);
    else if ((key === "prec" || key === "precision") && value !== undefined) {
      b.set("precisionMod", intOf("pi", token, value), token);
    } else if ((key === "imp" || key === "impact") && value !== undefined) {
      b.set("impactMod", intOf("pi", token, value), token);
    } else if (key === "pgoal" && value !== undefined) b.set("precisionGoal", intOf("pi", token, value), token);
    else if (key === "igoal" && value !== undefined) b.set("impactGoal", intOf("pi", token, value), token);
    else throw badToken("pi", token);
  }
  if (dice.length === 0) throw new EngineError("CommandMissing", { usage: ROLL_USAGE.pi });
  return { pool: dice, ...b.fields };
}

function parseAction(tokens: readonly string[]): action.ActionRequest {
  const b = new Builder("action");
  const augments: number[] = [];
  for (const token of tokens) {
    const [key, value] = keyValue(token);
    const dc = /^dc(\d+)$/.exec(token);
    const die = /^d(\d+)$/.exec(token);
    if (value === undefined && INTEGER.test(token)) b.set("modifier", Number(token), token);
    else if (dc) b.set("dc", Number(dc[1]), token);
    else if (key === "dc" && value !== undefined) b.set("dc", intOf("action", token, value), token);
    else if (die) augments.push(Number(die[1]));
    else if ((action.ACTION_KINDS as readonly string[]).includes(token)) b.set("kind", token, token);
    else if ((key === "level" || key === "lvl") && value !== undefined) {
      b.set("level", intOf("action", token, value), token);
    } else if (key === "botch" && value !== undefined) b.set("botchRange", intOf("action", token, value), token);
    else throw badToken("action", token);
  }
  return augments.length > 0 ? { ...b.fields, augments } : b.fields;
}

/**
 * Reads an engine's parameters into its request and checks it with the engine.
 *
 * @param engine - The engine to roll.
 * @param text - The parameters (e.g. `6 7 wp` or `6|7|wp`).
 * @param settings - The world settings the request carries.
 * @returns The request, exactly as it will be handed to the engine.
 * @throws EngineError `CommandTooLong` (over {@link MAX_COMMAND_LENGTH} characters),
 *   `CommandBadToken` (a parameter not understood), `CommandRepeated` (a value
 *   given twice), `CommandMissing` (a required value left out), or any error of the engine's
 *   `validate` (a value out of range, a die size not allowed…).
 */
export function parseRollArgs(
  engine: CommandEngine,
  text: string,
  settings: CommandSettings,
): RequestOf<CommandEngine> {
  if (text.length > MAX_COMMAND_LENGTH) {
    throw new EngineError("CommandTooLong", { length: text.length, max: MAX_COMMAND_LENGTH });
  }
  const tokens = tokenize(text);
  switch (engine) {
    case "pool": {
      const request = parsePool(tokens);
      pool.validate(request);
      return request;
    }
    case "percentile": {
      const request = parsePercentile(tokens, settings);
      percentile.validate(request);
      return request;
    }
    case "wild": {
      const request = parseWild(tokens, settings);
      wild.validate(request);
      return request;
    }
    case "pi": {
      const request = parsePi(tokens);
      pi.validate(request);
      return request;
    }
    case "action": {
      const request = parseAction(tokens);
      action.validate(request);
      return request;
    }
  }
}

/**
 * Reads a chat message as a roll command.
 *
 * @param message - The text the user sent.
 * @param settings - The world settings the request carries.
 * @returns The engine and request, or `null` when the message is not one of the roll commands
 *   (e.g. `/roll 1d20`, `/actiondice` or plain text).
 * @throws EngineError when it is a roll command whose parameters are malformed (see {@link parseRollArgs}).
 */
export function parseChatCommand(message: string, settings: CommandSettings): ParsedRoll | null {
  const match = COMMAND_PATTERN.exec(message);
  if (!match) return null;
  const engine = engineNamed(COMMAND_ENGINES, match[1] ?? "");
  if (engine === undefined) return null;
  return { engine, request: parseRollArgs(engine, match[2] ?? "", settings) };
}

/**
 * Reads an enricher's engine name and parameters (the groups of {@link ENRICHER_PATTERN}).
 *
 * @param name - The engine name after `@Roll` (`Pool`, `Percentile`, `Pct`, `Wild`, `Pi`, `Action`).
 * @param params - The text between the brackets, e.g. `6|7`.
 * @param settings - The world settings the request carries.
 * @returns The engine and request.
 * @throws EngineError `CommandUnknownEngine` for another name, or any error of {@link parseRollArgs}.
 */
export function parseEnricher(name: string, params: string, settings: CommandSettings): ParsedRoll {
  const engine = engineNamed(ENRICHER_ENGINES, name);
  if (engine === undefined) throw new EngineError("CommandUnknownEngine", { name });
  return { engine, request: parseRollArgs(engine, params, settings) };
}
