/**
 * The context every engine's chat card template receives, built without Foundry: the Roll classes
 * build it from their stored request and outcome, and the lab page builds it the same way from an
 * engine roll of its own.
 */
import { rarityOf } from "../../engines/shared/rarity.ts";
import { isRecord, type EngineId } from "../../engines/shared/core.ts";
import { formatPercent } from "../../helpers/format.ts";
import { readDamageFrom, type DamageFromAttack } from "./attack-result.ts";
import { targetLines, type TargetLine } from "./targets.ts";
import { formatSigned } from "../../helpers/numbers.ts";

/** A damage roll's line on its card: whose weapon, what it rolls (text a user typed), and the damage in words. */
export interface DamageLine {
  /** The character's name. */
  readonly actor: string;
  /** The weapon's name. */
  readonly weapon: string;
  /** What was rolled, as text (`1d8+2`, `3D + 2D`). */
  readonly rolled: string;
}

/** Reads a damage line stored with a roll (`roll.options.damage`); `null` when there is none or it is malformed. */
export function readDamageLine(raw: unknown): DamageLine | null {
  if (!isRecord(raw)) return null;
  const { actor, weapon, rolled } = raw;
  if (typeof actor !== "string" || typeof weapon !== "string" || typeof rolled !== "string") return null;
  return { actor, weapon, rolled };
}

/**
 * A weapon attack's line on its card (Precision & Impact, percentile): the weapon's name and what it
 * was rolled with (a skill's name, or attributes), both as text.
 */
export interface AttackLine {
  /** The weapon's name. */
  readonly weapon: string;
  /** The skill or attributes the attack was rolled with. */
  readonly use: string;
}

/** Reads an attack line stored with a roll (`roll.options.attack`); `null` when there is none or it is malformed. */
export function readAttackLine(raw: unknown): AttackLine | null {
  if (!isRecord(raw)) return null;
  const { weapon, use } = raw;
  if (typeof weapon !== "string" || typeof use !== "string") return null;
  return { weapon, use };
}

/** How rare a card's result was, as its line says it. */
export interface RarityLine {
  /** The chance of a result at least this good, and at least this bad, formatted. */
  readonly good: string;
  readonly bad: string;
  /** Which way the result is rare (1 in 20 or rarer), or `null`. */
  readonly rare: "good" | "bad" | null;
  /** N of "1 in N" for a rare result, else `null`. */
  readonly oneIn: number | null;
  /** The rare side's chance, formatted (empty when not rare). */
  readonly tail: string;
  /**
   * For a result that is not rare, the rarer of its two sides and that side's chance, formatted: one
   * line ("This bad or worse: 39 %") rather than two chances that together pass 100 %.
   */
  readonly common: { readonly side: "good" | "bad"; readonly chance: string } | null;
}

/**
 * The rarity line of a roll's stored rarity (`roll.options.rarity`, see `services/rarity.ts`);
 * `null` when there is none or it is malformed.
 *
 * @param raw - The stored rarity.
 * @param lang - The viewer's language.
 */
export function rarityLine(raw: unknown, lang: string): RarityLine | null {
  if (!isRecord(raw)) return null;
  const good = Number(raw.good);
  const bad = Number(raw.bad);
  if (![good, bad].every((p) => Number.isFinite(p) && p >= 0 && p <= 1)) return null;
  const r = rarityOf(good, bad);
  return {
    good: formatPercent(r.atLeastAsGood, lang),
    bad: formatPercent(r.atLeastAsBad, lang),
    rare: r.rare,
    oneIn: r.oneIn,
    tail: r.rare === null ? "" : formatPercent(r.tail, lang),
    common:
      r.rare !== null
        ? null
        : r.atLeastAsGood <= r.atLeastAsBad
          ? { side: "good", chance: formatPercent(r.atLeastAsGood, lang) }
          : { side: "bad", chance: formatPercent(r.atLeastAsBad, lang) },
  };
}

/** What every engine's chat card template receives. */
export interface EngineCardContext<Req, Out> {
  /** The engine id. */
  engine: EngineId;
  /** The message flavor, if any. */
  flavor: string | null;
  /** True when the viewer may not see the result: everything below is null. */
  isPrivate: boolean;
  /** The Foundry formula of the dice thrown. */
  formula: string | null;
  /** The roll total. */
  total: number | null;
  /** The validated request. */
  request: Req | null;
  /** The engine outcome. */
  outcome: Out | null;
  /** What the engine's card arranges from the outcome (dice split by role, chains); null when private. */
  view: object | null;
  /** A damage roll's line (whose weapon, what was rolled); null for other rolls and when private. */
  damage: DamageLine | null;
  /** What a damage roll carries from its attack (extra dice, a critical); null for other rolls and when private. */
  fromAttack: DamageFromAttack | null;
  /** The roll's targets, each with its verdict (and its figure where shown); empty when private or none. */
  targets: TargetLine[];
  /** A weapon attack's line (the weapon and what it was rolled with); null for other rolls and when private. */
  attack: AttackLine | null;
  /**
   * What adjusted the roll, by name: the equipment the roller chose (a weapon, ticked gear), then the
   * conditions (Active Effects); empty when private or none.
   */
  conditions: ConditionLine[];
  /** How rare the result was (when the world shows it and the roll stored it); null when private. */
  rarity: RarityLine | null;
}

/**
 * An adjustment's source as a card names it (equipment or a condition), its name (text) and each
 * adjustment (a label key and a value as text).
 */
export interface ConditionLine {
  /** Whether a piece of equipment or a condition made the adjustment. */
  readonly source: "equipment" | "condition";
  readonly name: string;
  readonly parts: readonly { readonly key: string; readonly value: string }[];
  /** The item a condition's effect comes from (its name, as typed), or `null` for one on the character. */
  readonly from: string | null;
}

/** A stored adjustment as a card reads it back (see `data/conditions`). */
interface StoredCondition {
  readonly name: string;
  readonly adjustments: readonly { readonly target: string; readonly value: number | string }[];
  readonly source?: unknown;
}

function isStoredCondition(value: unknown): value is StoredCondition {
  const c = value as Partial<StoredCondition> | null;
  return (
    typeof c === "object" &&
    c !== null &&
    typeof c.name === "string" &&
    Array.isArray(c.adjustments) &&
    c.adjustments.every(
      (a: unknown) =>
        typeof a === "object" &&
        a !== null &&
        typeof (a as { target?: unknown }).target === "string" &&
        ["number", "string"].includes(typeof (a as { value?: unknown }).value),
    )
  );
}

/**
 * The card lines of the conditions (or equipment) stored with a roll (`roll.options.conditions`,
 * `roll.options.equipment`): each one's name and adjustments (`Impact -1`, `Penalty dice +1`, a
 * hindrance by its name). Anything that is not a stored adjustment is left out.
 *
 * @param stored - The stored list.
 * @param source - Whether it is the roll's equipment or its conditions.
 * @param lang - The viewer's language (the adjustments' signed numbers are written in it).
 */
export function conditionLines(stored: unknown, source: ConditionLine["source"], lang: string): ConditionLine[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(isStoredCondition).map((c) => ({
    source,
    name: c.name,
    from: typeof c.source === "string" ? c.source : null,
    parts: c.adjustments.map((a) =>
      typeof a.value === "string"
        ? { key: `ROLLING_BONES.Pi.Hindrance.${a.value}`, value: "" }
        : { key: `ROLLING_BONES.Condition.Target.${a.target}`, value: formatSigned(a.value, lang) },
    ),
  }));
}

/** What a card context is built from. */
export interface CardContextInput<Req, Out> {
  /** The engine id. */
  readonly engine: EngineId;
  /** The message flavor, if any. */
  readonly flavor?: string | null | undefined;
  /** Whether the viewer may not see the result (a blind roll shows players nothing but that a roll was made). */
  readonly isPrivate: boolean;
  /** The Foundry formula of the dice thrown. */
  readonly formula: string;
  /** The roll total, once evaluated. */
  readonly total: number | null;
  /** The validated request. */
  readonly request: Req;
  /** The engine outcome, once evaluated. */
  readonly outcome: Out | null | undefined;
  /** Arranges the outcome for the engine's template (see each engine's card view). */
  readonly view: (outcome: Out, lang: string) => object | null;
  /** A damage roll's line, when the roll is a weapon's damage. */
  readonly damage?: DamageLine | null;
  /** What a damage roll stored of its attack (`roll.options.fromAttack`), if anything. */
  readonly fromAttack?: unknown;
  /** The targets stored with the roll (`roll.options.targets`), if any. */
  readonly targets?: unknown;
  /** The conditions stored with the roll (`roll.options.conditions`), if any. */
  readonly conditions?: unknown;
  /** The equipment stored with the roll (`roll.options.equipment`), if any. */
  readonly equipment?: unknown;
  /** A weapon attack's line, when the roll is a Precision & Impact or percentile weapon attack. */
  readonly attack?: AttackLine | null;
  /** The roll's stored rarity (`roll.options.rarity`), when the world shows it. */
  readonly rarity?: unknown;
  /** The viewer's language (the rarity line's percentages); English when absent. */
  readonly lang?: string;
}

/**
 * The chat card's context: the request and outcome, and whether the viewer may see the result.
 * A private card carries nothing but the engine and the flavor.
 *
 * @param input - The roll's engine, request, outcome, formula, total and view.
 * @returns The context the engine's card template renders with.
 */
export function cardContextOf<Req, Out>(input: CardContextInput<Req, Out>): EngineCardContext<Req, Out> {
  const { isPrivate, outcome } = input;
  const lang = input.lang ?? "en";
  return {
    engine: input.engine,
    flavor: input.flavor ?? null,
    isPrivate,
    formula: isPrivate ? null : input.formula,
    total: isPrivate ? null : input.total,
    request: isPrivate ? null : input.request,
    outcome: isPrivate ? null : (outcome ?? null),
    view: isPrivate || !outcome ? null : input.view(outcome, lang),
    damage: isPrivate ? null : (input.damage ?? null),
    fromAttack: isPrivate ? null : readDamageFrom(input.fromAttack),
    targets: isPrivate ? [] : targetLines(input.targets),
    attack: isPrivate ? null : (input.attack ?? null),
    conditions: isPrivate
      ? []
      : [...conditionLines(input.equipment, "equipment", lang), ...conditionLines(input.conditions, "condition", lang)],
    rarity: isPrivate ? null : rarityLine(input.rarity, lang),
  };
}
