/**
 * Conditions: Active Effects that change the rolls of the actor they sit on, Foundry-free. The rule
 * texts name few: in Precision & Impact a status such as exhaustion lowers Impact after the pick,
 * and a condition may hinder the pool (minorly or majorly; several hindrances make a major one);
 * in the percentile rules a hardship (darkness, numb hands) is a penalty die. docs/rules.md §6 gives every
 * engine conditions that mean something in it: the other engines' own (a shaken fighter's −2 on the
 * d20, a stunned one's −1D, an impaired one's die less) are this system's, explained in the rules
 * journal; each moves only its engine's rolls.
 *
 * A condition is a status effect (`CONFIG.statusEffects`, offered on the token HUD and toggled from
 * the sheet) whose changes name what they move with keys under {@link CHANGE_PREFIX}. Any Active
 * Effect with such changes counts, whatever made it (a GM's own effect, an item's): a roll reads
 * the actor's applied effects, adds their adjustments to its request, and its card names each.
 */

import type { EngineId } from "../../engines/core.ts";
import { pi } from "../../engines/core.ts";
import type { EffectChangeKind } from "../../helpers/compat.ts";
import { CHANGE_PREFIX, conditionNameKey, hudActorTypes } from "./keys.ts";
import { woundStatusEffects } from "./wounds.ts";

export { CHANGE_PREFIX, conditionNameKey, hudActorTypes };

/** What a change may adjust, per engine: the request field it adds to (or, for a hindrance, sets). */
export const ADJUSTABLE = Object.freeze({
  pi: { precision: "precisionMod", impact: "impactMod", hindrance: "hindrance" },
  percentile: { bonus: "bonus", penalty: "penalty" },
  action: { modifier: "modifier" },
  pool: { pool: "pool", difficulty: "difficulty" },
  wild: { dice: "dice", outsideDice: "outsideDice", outsidePips: "outsidePips" },
} as const satisfies Record<EngineId, Record<string, string>>);

/**
 * The lowest value a target can be adjusted to, where the rules set one: a Wild Die roll keeps at
 * least its one die, the Wild Die (docs/rules.md §6: "−1D, never below 1D").
 */
const FLOORS: Readonly<Partial<Record<EngineId, Readonly<Record<string, number>>>>> = Object.freeze({
  wild: { dice: 1 },
});

/** One of the system's conditions, as its status effect is declared. */
export interface ConditionSpec {
  /** The status id. */
  readonly id: string;
  /** The engine whose rolls it changes. */
  readonly engine: EngineId;
  /** The icon. */
  readonly img: string;
  /** What it adjusts and by how much (a hindrance by name). */
  readonly changes: readonly { readonly target: string; readonly value: string; readonly kind: EffectChangeKind }[];
}

/** The system's conditions (status effects), in the order the token HUD and the sheets offer them. */
export const CONDITIONS: readonly ConditionSpec[] = Object.freeze([
  {
    id: "rb-exhausted",
    engine: "pi",
    img: "icons/svg/downgrade.svg",
    changes: [{ target: "impact", value: "-1", kind: "add" }],
  },
  {
    id: "rb-minor-hindrance",
    engine: "pi",
    img: "icons/svg/net.svg",
    changes: [{ target: "hindrance", value: "minor", kind: "override" }],
  },
  {
    id: "rb-major-hindrance",
    engine: "pi",
    img: "icons/svg/paralysis.svg",
    changes: [{ target: "hindrance", value: "major", kind: "override" }],
  },
  {
    id: "rb-hampered",
    engine: "percentile",
    img: "icons/svg/blind.svg",
    changes: [{ target: "penalty", value: "1", kind: "add" }],
  },
  {
    id: "rb-shaken",
    engine: "action",
    img: "icons/svg/terror.svg",
    changes: [{ target: "modifier", value: "-2", kind: "add" }],
  },
  {
    id: "rb-stunned",
    engine: "wild",
    img: "icons/svg/daze.svg",
    changes: [{ target: "dice", value: "-1", kind: "add" }],
  },
  {
    id: "rb-impaired",
    engine: "pool",
    img: "icons/svg/bones.svg",
    changes: [{ target: "pool", value: "-1", kind: "add" }],
  },
]);

/** The conditions that change an engine's rolls. */
export function conditionsOf(engine: EngineId): ConditionSpec[] {
  return CONDITIONS.filter((c) => c.engine === engine);
}

/**
 * The status effects to add to `CONFIG.statusEffects`: id, name (a key Foundry localizes), icon,
 * the actor types whose token HUD offers it, and the changes in the running generation's shape.
 *
 * @param change - Builds a change (`compat.effectChange`).
 */
export function conditionStatusEffects(change: (key: string, value: string, kind: EffectChangeKind) => unknown) {
  const own = CONDITIONS.map((c) => ({
    id: c.id,
    name: conditionNameKey(c.id),
    img: c.img,
    hud: { actorTypes: hudActorTypes(c.engine) },
    changes: c.changes.map((ch) => change(`${CHANGE_PREFIX}${ch.target}`, ch.value, ch.kind)),
  }));
  // The wounds of every engine follow (data/conditions/wounds.ts).
  return [...own, ...woundStatusEffects(change)];
}

/** An Active Effect as a roll reads it. */
export interface EffectLike {
  readonly name: string;
  readonly disabled?: boolean;
  /** The name of the item the effect comes from; absent for an effect on the actor itself. */
  readonly source?: string;
  readonly changes: readonly {
    readonly key: string;
    readonly value: unknown;
    readonly mode?: unknown;
    readonly type?: unknown;
  }[];
}

/** One adjustment a condition makes to a roll. */
export interface Adjustment {
  /** What it adjusts (a key of {@link ADJUSTABLE} for the engine). */
  readonly target: string;
  /** A number added, or a hindrance set. */
  readonly value: number | pi.Hindrance;
}

/**
 * A condition as a roll's card names it: the effect's name, what it adjusted, and where it comes
 * from (the name of the item that carries it; absent for an effect on the character itself).
 */
export interface NamedCondition {
  readonly name: string;
  readonly adjustments: readonly Adjustment[];
  readonly source?: string;
}

/**
 * The conditions among an actor's applied effects that adjust a roll of an engine, each with what
 * it adjusts. A change of another engine's target, of an unknown target, of a kind other than add
 * (numbers) or override (a hindrance), or with a value that does not read, is ignored.
 *
 * @param engine - The roll's engine.
 * @param effects - The actor's applied (active) effects.
 * @param kindOf - Reads a change's kind from either generation's shape (`compat.effectChangeKind`).
 */
export function namedConditions(
  engine: EngineId,
  effects: readonly EffectLike[],
  kindOf: (change: { mode?: unknown; type?: unknown }) => EffectChangeKind | null,
): NamedCondition[] {
  const targets: Readonly<Record<string, string>> = ADJUSTABLE[engine];
  const named: NamedCondition[] = [];
  // Each effect as the system read it (its changes already taken from where its generation keeps them).
  for (const view of effects) {
    if (view.disabled === true) continue;
    const adjustments: Adjustment[] = [];
    for (const change of view.changes) {
      if (!change.key.startsWith(CHANGE_PREFIX)) continue;
      const target = change.key.slice(CHANGE_PREFIX.length);
      if (!Object.hasOwn(targets, target)) continue;
      const kind = kindOf(change);
      const text = String(change.value).trim();
      if (target === "hindrance") {
        if (kind === "override" && (text === "minor" || text === "major")) adjustments.push({ target, value: text });
        continue;
      }
      const value = Number(text);
      if (kind === "add" && text !== "" && Number.isInteger(value)) adjustments.push({ target, value });
    }
    if (adjustments.length > 0) {
      named.push({ name: view.name, adjustments, ...(view.source === undefined ? {} : { source: view.source }) });
    }
  }
  return named;
}

/**
 * A request with the conditions' adjustments made: numbers added to the request's own (a missing
 * figure counts as 0), hindrances folded with the request's own into one (two or more make a
 * major one). The engine then checks the result as any request.
 *
 * @param engine - The roll's engine.
 * @param request - The request as the roller made it.
 * @param conditions - The conditions that apply.
 */
export function withConditions(engine: EngineId, request: unknown, conditions: readonly NamedCondition[]): unknown {
  if (conditions.length === 0 || typeof request !== "object" || request === null) return request;
  const targets: Readonly<Record<string, string>> = ADJUSTABLE[engine];
  const out: Record<string, unknown> = { ...(request as Record<string, unknown>) };
  const hindrances: pi.Hindrance[] = [];
  for (const { adjustments } of conditions) {
    for (const { target, value } of adjustments) {
      const field = targets[target] as string;
      if (typeof value === "string") hindrances.push(value);
      else out[field] = (typeof out[field] === "number" ? out[field] : 0) + value;
    }
  }
  if (hindrances.length > 0) {
    const own = typeof out.hindrance === "string" ? (out.hindrance as pi.Hindrance) : "none";
    out.hindrance = pi.combineHindrances([own, ...hindrances]);
  }
  for (const [field, floor] of Object.entries(FLOORS[engine] ?? {})) {
    if (typeof out[field] === "number" && out[field] < floor) out[field] = floor;
  }
  // A penalty that leaves a dice pool with no dice makes the roll a failure, not a refusal (docs/rules.md §6).
  if (engine === "pool" && typeof out.pool === "number" && out.pool < 1) {
    out.pool = 0;
    out.emptied = true;
  }
  return out;
}

/**
 * Whether the system holds back an Active Effect because of the document it sits on: an effect an
 * item carries applies to the item's holder only while the item is equipped. Anything else (an
 * actor's own effect, an item without the field) is never held back here.
 *
 * @param parent - The effect's parent document (`ActiveEffect#parent`).
 */
export function suppressedByItem(parent: unknown): boolean {
  if (typeof parent !== "object" || parent === null) return false;
  const { documentName, system } = parent as { documentName?: unknown; system?: unknown };
  if (documentName !== "Item" || typeof system !== "object" || system === null) return false;
  return (system as { equipped?: unknown }).equipped === false;
}
