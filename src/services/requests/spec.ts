/**
 * GM roll requests, the pure part: what a request asks for (an engine, a trait every named
 * character has, and the engine's target), how it is checked, how a named character's roll request
 * is built from it, and how a result is judged against the target. Foundry-free, so it is tested
 * exactly; `requests.ts` and `gather.ts` put it on chat cards.
 */
import { EngineError, shared } from "../../engines/core.ts";
import type { ActionOutcome } from "../../engines/action/core.ts";
import type { PercentileOutcome } from "../../engines/percentile/core.ts";
import type { PiOutcome } from "../../engines/pi/core.ts";
import type { PoolOutcome } from "../../engines/pool/core.ts";
import type { WildOutcome } from "../../engines/wild/core.ts";
import {
  ACTION_ABILITIES,
  ACTION_SAVES,
  ENGINE_OF,
  MAX_NAME_LENGTH,
  PERCENTILE_ATTRIBUTES,
  PI_ATTRIBUTES,
  POOL_ATTRIBUTES,
  WILD_ATTRIBUTES,
  type CharacterEngine,
  type CharacterType,
  type TraitRef,
  type TraitRoll,
} from "../../data/actor/pure.ts";
import { requestForTrait } from "../../data/actor/trait-rolls.ts";

/** The character type that rolls each engine. */
export const TYPE_OF: Readonly<Record<CharacterEngine, CharacterType>> = Object.freeze(
  Object.fromEntries(Object.entries(ENGINE_OF).map(([type, engine]) => [engine, type])) as Record<
    CharacterEngine,
    CharacterType
  >,
);

/** The engines a request can ask for. */
export const REQUEST_ENGINES: readonly CharacterEngine[] = Object.freeze([
  "percentile",
  "action",
  "wild",
  "pi",
  "pool",
]);

/**
 * The traits a request can name, per engine: fixed traits by key (every character of the type has
 * them) and one kind of entry by name (a skill, or a dice-pool ability), found on each character.
 */
export const REQUEST_TRAITS = Object.freeze({
  percentile: { fixed: { attribute: PERCENTILE_ATTRIBUTES }, named: "skill" },
  action: { fixed: { ability: ACTION_ABILITIES, save: ACTION_SAVES }, named: "skill" },
  wild: { fixed: { attribute: WILD_ATTRIBUTES }, named: "skill" },
  pi: { fixed: { attribute: PI_ATTRIBUTES }, named: "skill" },
  pool: { fixed: { attribute: POOL_ATTRIBUTES }, named: "ability" },
} as const satisfies Record<CharacterEngine, { fixed: Record<string, readonly string[]>; named: string }>);

/**
 * What each engine's target means: the action DC, the wild difficulty number, the pi Precision
 * needed, the dice-pool difficulty; percentile has none (its level comes from the results table).
 * Every target can stay hidden. A hidden pool difficulty decides which dice succeed, so a pool
 * roll made for it shows its faces only, and the GM's reveal reads them at that difficulty.
 */
export const TARGETS = Object.freeze({
  percentile: null,
  action: { min: 1, max: 99, hideable: true },
  wild: { min: 1, max: 99, hideable: true },
  pi: { min: 1, max: 99, hideable: true },
  pool: { min: 2, max: 10, hideable: true },
} as const satisfies Record<CharacterEngine, { min: number; max: number; hideable: boolean } | null>);

/** The most bonus or penalty dice a percentile request can add. */
export const MAX_REQUEST_NET = 5;

/** The most characters one request can name. */
export const MAX_REQUEST_CHARACTERS = 20;

/** A trait as a request names it: a fixed key (`{ kind: "ability", key: "str" }`) or an entry's name. */
export interface RequestTrait {
  /** A fixed kind of {@link REQUEST_TRAITS} or its `named` kind. */
  readonly kind: string;
  /** The fixed key, or the entry's name as typed by the GM (matched without regard to case). */
  readonly key: string;
}

/** What a GM asks for. */
export interface RollRequestSpec {
  readonly engine: CharacterEngine;
  /** What the roll is for, as the GM wrote it ("Climb the wall"); may be empty. */
  readonly label: string;
  readonly trait: RequestTrait;
  /** The engine's target (see {@link TARGETS}), or `null` for none. */
  readonly target: number | null;
  /** True when the target is hidden from the players until the GM reveals it. */
  readonly hidden: boolean;
  /** Percentile only: bonus dice (positive) or penalty dice (negative) the situation gives. */
  readonly net: number;
  /** The actors asked to roll. */
  readonly actors: readonly string[];
}

/** A request as it is stored on the card players see: the spec without a hidden target. */
export type PublicSpec = RollRequestSpec;

/**
 * Checks a request as a GM composed it (or a journal link or macro gave it).
 *
 * @param raw - The request (any JSON).
 * @param knownActors - The ids of the actors of the engine's character type that may be named.
 * @returns The request, normalized.
 * @throws EngineError `RequestEngine`, `RequestTrait`, `RequestTarget`, `RequestHidden`,
 *   `RequestNoCharacters`, `RequestCharacter`, `NotInteger` or `OutOfRange`.
 */
export function validateSpec(raw: unknown, knownActors: ReadonlySet<string>): RollRequestSpec {
  const r: Partial<Record<keyof RollRequestSpec, unknown>> = shared.isRecord(raw) ? raw : {};
  const engine = r.engine;
  if (!shared.isOwnKey(REQUEST_TRAITS, engine)) throw new EngineError("RequestEngine", { engine });
  const label = typeof r.label === "string" ? r.label.trim().slice(0, MAX_NAME_LENGTH) : "";
  const traits = REQUEST_TRAITS[engine];
  const t: Partial<Record<keyof RequestTrait, unknown>> = shared.isRecord(r.trait) ? r.trait : {};
  const kind = typeof t.kind === "string" ? t.kind : "";
  const key = typeof t.key === "string" ? t.key.trim() : "";
  const fixed = shared.ownValue<readonly string[]>(traits.fixed, kind);
  const traitOk = fixed
    ? fixed.includes(key)
    : kind === traits.named && key.length > 0 && key.length <= MAX_NAME_LENGTH;
  if (!traitOk) throw new EngineError("RequestTrait", { kind, key });
  const range = TARGETS[engine];
  let target: number | null = null;
  if (r.target !== null && r.target !== undefined && r.target !== "") {
    if (range === null) throw new EngineError("RequestTarget", { engine });
    target = shared.requireInt(r.target, "target", range.min, range.max);
  }
  const hidden = r.hidden === true;
  if (hidden && (target === null || range === null || !range.hideable))
    throw new EngineError("RequestHidden", { engine });
  const net = engine === "percentile" ? shared.requireInt(r.net ?? 0, "net", -MAX_REQUEST_NET, MAX_REQUEST_NET) : 0;
  const actors: unknown[] = Array.isArray(r.actors) ? [...new Set(r.actors)] : [];
  if (actors.length === 0) throw new EngineError("RequestNoCharacters");
  if (actors.length > MAX_REQUEST_CHARACTERS)
    throw new EngineError("OutOfRange", { field: "actors", value: actors.length, min: 1, max: MAX_REQUEST_CHARACTERS });
  const stranger = actors.find((id) => typeof id !== "string" || !knownActors.has(id));
  if (stranger !== undefined) throw new EngineError("RequestCharacter", { id: stranger });
  return { engine, label, trait: { kind, key }, target, hidden, net, actors: actors as string[] };
}

/** The request players may see: a hidden target is left out. */
export function publicSpec(spec: RollRequestSpec): PublicSpec {
  return spec.hidden ? { ...spec, target: null } : spec;
}

/**
 * The trait reference of a character for a request's trait: a fixed trait as it is, a named one
 * found among the character's entries by name (ignoring case and surrounding space).
 *
 * @throws EngineError `UnknownTrait` when the character has no entry of that name.
 */
export function traitRefFor(spec: Pick<RollRequestSpec, "engine" | "trait">, system: unknown): TraitRef {
  const { kind, key } = spec.trait;
  if (kind !== REQUEST_TRAITS[spec.engine].named) return { kind, key };
  const group = kind === "skill" ? "skills" : "abilities";
  const entries = ((system as Record<string, unknown> | null)?.[group] ?? {}) as Record<string, { name?: unknown }>;
  const wanted = key.trim().toLocaleLowerCase();
  const found = Object.entries(entries).find(
    ([, e]) => typeof e.name === "string" && e.name.trim().toLocaleLowerCase() === wanted,
  );
  if (!found) throw new EngineError("UnknownTrait", { kind, key });
  return { kind, key: found[0] };
}

/**
 * The roll a named character makes for a request: the trait's request with the request's public
 * target (the action DC, the Wild Die target number, the Precision needed, the pool difficulty) or
 * percentile dice added, so the roll's own card judges it. A hidden target is not
 * added: the player's card shows the roll, the GM judges it.
 */
export function rollForSpec(spec: PublicSpec, system: unknown): TraitRoll {
  const type = TYPE_OF[spec.engine];
  const roll = requestForTrait(type, system as never, traitRefFor(spec, system));
  const request = roll.request as unknown as Record<string, unknown>;
  let extra: Record<string, unknown> = {};
  if (spec.engine === "action" && spec.target !== null) extra = { dc: spec.target };
  if (spec.engine === "pool" && spec.target !== null) extra = { difficulty: spec.target };
  if (spec.engine === "wild" && spec.target !== null) extra = { target: spec.target };
  if (spec.engine === "pi" && spec.target !== null) extra = { precisionGoal: spec.target };
  if (spec.engine === "percentile") extra = { bonus: Math.max(0, spec.net), penalty: Math.max(0, -spec.net) };
  return { ...roll, request: { ...request, ...extra } };
}

/** A result judged against a request. */
export interface Judgement {
  /** The number the result is read by (action and wild totals, pi Precision, pool net successes, the d% value). */
  readonly score: number;
  /** `success`, `failure`, `botch`, or `null` when there is nothing to judge by. */
  readonly verdict: "success" | "failure" | "botch" | null;
  /** The percentile result level's id, when the roll has one. */
  readonly level: string | null;
}

/**
 * Judges an evaluated roll's outcome for a request. `target` is the real target (the GM's, even
 * when hidden from players); `null` leaves action, wild and pi results unjudged.
 */
export function judge(engine: CharacterEngine, outcome: unknown, target: number | null): Judgement {
  const against = (score: number): Judgement => ({
    score,
    verdict: target === null ? null : score >= target ? "success" : "failure",
    level: null,
  });
  switch (engine) {
    case "action":
      return against((outcome as ActionOutcome).total);
    case "wild":
      return against((outcome as WildOutcome).total);
    case "pi": {
      // The request's target is the Precision needed; an Impact the roll's own goal asks for, and the
      // one-die rule, count too.
      const o = outcome as PiOutcome;
      const judged = against(o.precision);
      const impactMissed =
        o.failed || (o.goal?.impact !== null && o.goal?.impact !== undefined && o.impact < o.goal.impact);
      return judged.verdict === "success" && impactMissed ? { ...judged, verdict: "failure" } : judged;
    }
    case "pool": {
      const o = outcome as PoolOutcome;
      return { score: o.net, verdict: o.result === "botch" ? "botch" : o.net > 0 ? "success" : "failure", level: null };
    }
    case "percentile": {
      const o = outcome as PercentileOutcome;
      return {
        score: o.value,
        verdict: o.success === null ? null : o.success ? "success" : "failure",
        level: o.level,
      };
    }
  }
}

/** A request as a journal link gives it: everything but the characters (the GM picks them). */
export type RequestDraft = Omit<RollRequestSpec, "actors">;

/** The longest request text a link may have (longer text is refused unread). */
export const MAX_REQUEST_TEXT = 500;

/** Engine names a request link accepts. */
const LINK_ENGINES: Readonly<Record<string, CharacterEngine>> = Object.freeze({
  percentile: "percentile",
  pct: "percentile",
  action: "action",
  wild: "wild",
  pi: "pi",
  pool: "pool",
});

/**
 * Reads a request link's text, e.g. `action save:reflex target=15 hidden` or
 * `pool ability:"Stealth" target=7` or `pct attribute:agility net=-1`: the engine, a trait
 * `kind:key` (quote a name with spaces), `target=N`, `net=±N` (percentile) and `hidden`, in any order
 * after the engine.
 *
 * @throws EngineError `RequestTooLong` (over {@link MAX_REQUEST_TEXT} characters), `RequestEngine`,
 *   `RequestToken`, or what {@link validateSpec} refuses.
 */
export function parseRequestText(text: string, label = ""): RequestDraft {
  if (text.length > MAX_REQUEST_TEXT) {
    throw new EngineError("RequestTooLong", { length: text.length, max: MAX_REQUEST_TEXT });
  }
  const tokens = (text.match(/"[^"]*"|[^\s"]+(?:"[^"]*")?/g) ?? []).map((t) => t.trim()).filter((t) => t !== "");
  const [first = "", ...rest] = tokens;
  const engine = shared.ownValue(LINK_ENGINES, first.toLowerCase());
  if (engine === undefined) throw new EngineError("RequestEngine", { engine: first });
  const draft: Record<string, unknown> = { engine, label, hidden: false, trait: null, target: null, net: 0 };
  for (const token of rest) {
    const unquoted = token.replace(/"/g, "");
    const number = (value: string) => (/^[+-]?\d+$/.test(value) ? Number(value) : value);
    if (token.toLowerCase() === "hidden") draft.hidden = true;
    else if (/^target=/i.test(token)) draft.target = number(unquoted.slice(7));
    else if (/^net=/i.test(token)) draft.net = number(unquoted.slice(4));
    else if (/^\w+:/.test(token)) {
      const at = unquoted.indexOf(":");
      draft.trait = { kind: unquoted.slice(0, at), key: unquoted.slice(at + 1) };
    } else throw new EngineError("RequestToken", { token });
  }
  return checkDraft(draft);
}

/**
 * Checks a draft a macro or a link gives the composer: everything {@link validateSpec} checks but the
 * characters. A draft without an engine asks for an action roll; one without a trait for the
 * engine's first fixed trait (`trait: null` is refused).
 *
 * @throws EngineError `BadRequest` for a draft that is not an object, or what `validateSpec` refuses.
 */
export function checkDraft(raw: unknown = {}): RequestDraft {
  if (!shared.isRecord(raw)) throw new EngineError("BadRequest");
  const engine = raw.engine ?? "action";
  if (!shared.isOwnKey(REQUEST_TRAITS, engine)) throw new EngineError("RequestEngine", { engine });
  const [kind = "", keys = []] = Object.entries<readonly string[]>(REQUEST_TRAITS[engine].fixed)[0] ?? [];
  const trait = raw.trait === undefined ? { kind, key: keys[0] } : raw.trait;
  const { actors: _none, ...checked } = validateSpec({ ...raw, engine, trait, actors: ["-"] }, new Set(["-"]));
  return checked;
}
