/**
 * Judging an attack against a target's defence figure (docs/rules.md §6, issue 24 item 3), Foundry-free:
 * the active GM's client loads it with the judging (`services/targets.ts`); the cards only read the
 * verdicts stored (`targets.ts`).
 */
import { isRecord, type EngineId, type Throw } from "../../engines/shared/core.ts";
import { percentile, pool } from "../../engines/core.ts";
import { cardStateView, readCardRecord } from "../rolls/action-card.ts";
import { readTargets, type RollTarget, type Verdict } from "./targets.ts";

/** What a judgment reads of a roll: its engine, request, outcome, thrown dice and (action) card state. */
export interface JudgedRoll {
  readonly engine: EngineId;
  readonly request: unknown;
  readonly outcome: unknown;
  readonly throws: readonly Throw[];
  /** An action card's stored state (its activated botches and criticals decide before the DC does). */
  readonly card?: unknown;
}

/**
 * Whether a roll hits a target of the same engine with this defence figure (docs/rules.md §6): an action
 * total ≥ the DC (an activated botch misses and an activated critical hits, whatever the total); a
 * Wild Die total ≥ the target number; at least one net success when the same dice are read at the
 * target's difficulty (dice pool); Precision after modifiers ≥ the Precision needed; a percentile
 * success read at the target's own net ({@link percentileReading}).
 *
 * @param roll - The roll.
 * @param defence - The target's defence figure.
 */
export function judge(roll: JudgedRoll, defence: number): boolean {
  const o = isRecord(roll.outcome) ? roll.outcome : {};
  switch (roll.engine) {
    case "action": {
      const view = cardStateView(readCardRecord(roll.card));
      if (view.severities.some((s) => s.type !== "critical")) return false;
      if (view.severities.some((s) => s.type === "critical")) return true;
      return typeof o.total === "number" && o.total >= defence;
    }
    case "wild":
      return typeof o.total === "number" && o.total >= defence;
    case "pi":
      // A one-die attack misses (docs/rules.md §6: a one-die roll fails, §4).
      return o.singleDie !== true && typeof o.precision === "number" && o.precision >= defence;
    case "percentile":
      return percentileReading(roll, defence)?.success === true;
    case "pool": {
      // The same dice read at the target's difficulty (a hidden difficulty is revealed the same way).
      const request = { ...(roll.request as pool.PoolRequest), difficulty: defence };
      return pool.resolve(request, roll.throws).result === "success";
    }
  }
}

/**
 * The verdict on one target: none across engines (the GM judges), else hit or miss against its defence.
 *
 * @param roll - The roll.
 * @param target - The target's engine and defence figure.
 */
export function verdictOn(roll: JudgedRoll, target: { engine: EngineId | null; defence: number }): Verdict {
  if (target.engine !== roll.engine) return "none";
  // A percentile roll that threw fewer extra dice than this target's net needs cannot be read: the GM judges.
  if (roll.engine === "percentile" && percentileReading(roll, target.defence) === null) return "none";
  return judge(roll, target.defence) ? "hit" : "miss";
}

/**
 * How a target reads a percentile attack (docs/rules.md §6 "Percentile defence is always applied"): at its
 * own net (the roll's dice less the target's penalty dice, under the cap), from the extra tens dice
 * thrown for the targets. A roll from before that rule (no `extraDice` in its request) had its one
 * target's penalty dice thrown with it: its own reading stands. `null` when the roll threw too few
 * extra dice for this target's net.
 *
 * @param roll - The percentile roll.
 * @param defence - The target's penalty dice against attacks.
 */
export function percentileReading(roll: JudgedRoll, defence: number): percentile.TargetReading | null {
  const o = isRecord(roll.outcome) ? roll.outcome : {};
  const request = isRecord(roll.request) ? (roll.request as unknown as percentile.PercentileRequest) : null;
  if (request?.extraDice === undefined) {
    return typeof o.value === "number"
      ? { value: o.value, level: (o.level ?? null) as percentile.LevelId | null, success: o.success === true }
      : null;
  }
  return percentile.readAtNet(request, roll.throws, percentile.netAgainst(request, defence));
}

/**
 * A dice-pool attack's extra successes on one target (docs/rules.md §6): its net successes − 1 when the
 * same dice are read at that target's difficulty, never below 0.
 *
 * @param roll - The dice-pool roll.
 * @param defence - The target's difficulty.
 */
export function poolExtra(roll: JudgedRoll, defence: number): number {
  const request = { ...(roll.request as pool.PoolRequest), difficulty: defence };
  return Math.max(0, pool.resolve(request, roll.throws).net - 1);
}

/** A target's actor as the judging reads it. */
export interface JudgedActor {
  /** The engine it rolls, or `null` (not one of the system's actors). */
  readonly engine: EngineId | null;
  /** Its defence figure, or `null` when none is stored. */
  readonly defence: number | null;
  /** Whether every viewer of the card may see that figure (a character, or NPCs shown by the world). */
  readonly shown: boolean;
}

/**
 * A card's targets judged (docs/rules.md §6): each one of the roll's engine hit or missed against its
 * actor's defence figure (a percentile target at its own net, a dice-pool hit with its own extra
 * successes), another engine's named without a verdict; the figure (and a percentile target's
 * reading) kept only where every viewer may see it. The active GM's judging (`services/targets.ts`)
 * and the lab's fight both run it.
 *
 * @param roll - The attack roll.
 * @param targets - Its stored targets.
 * @param actorOf - The actor a target names, or `null` (none, or gone).
 */
export function judgedTargets(
  roll: JudgedRoll,
  targets: readonly RollTarget[],
  actorOf: (target: RollTarget) => JudgedActor | null,
): RollTarget[] {
  return targets.map((target) => {
    const actor = actorOf(target);
    const defence = actor?.defence ?? null;
    const engine = actor?.engine ?? target.engine;
    if (defence === null) return { ...target, verdict: "none" as const };
    const verdict = verdictOn(roll, { engine, defence });
    const { defence: _hidden, reading: _read, extra: _extra, ...own } = target;
    // A dice-pool hit carries its own extra successes to the damage (docs/rules.md §6), hidden figure or not.
    const rest = engine === "pool" && verdict === "hit" ? { ...own, extra: poolExtra(roll, defence) } : own;
    if (actor?.shown !== true || engine !== roll.engine) return { ...rest, engine, verdict };
    // A percentile target's own reading (value and level at its net) is shown with its figure (docs/rules.md §6).
    const read = engine === "percentile" && verdict !== "none" ? percentileReading(roll, defence) : null;
    return {
      ...rest,
      engine,
      verdict,
      defence,
      ...(read ? { reading: { value: read.value, level: read.level } } : {}),
    };
  });
}

/**
 * A percentile attack's request with the extra tens dice its targets need (docs/rules.md §6 "Percentile
 * defence is always applied"): one throw serves every percentile target, each reading it at its own
 * net; a target whose figure the user may not see (`null`) makes the roll throw up to the cap, so the
 * count gives nothing away. Any other request (another engine's, a damage roll's, one with no
 * percentile target, or one the engine refuses, which the roll itself then reports) is returned
 * unchanged. The roll's posting (`services/targets.ts` `withTargetDice`) and the lab's fight use it.
 *
 * @param engine - The roll's engine.
 * @param request - The request as it will be rolled (conditions and equipment applied).
 * @param stored - The targets stored with the roll (`rollOptions.targets`).
 * @param defenceOf - A target's penalty dice as the user may see them, `null` where hidden.
 */
export function targetDiceRequest(
  engine: EngineId,
  request: unknown,
  stored: unknown,
  defenceOf: (target: RollTarget) => number | null,
): unknown {
  if (engine !== "percentile" || !isRecord(request) || percentile.isDamageRequest(request)) return request;
  const targets = readTargets(stored).filter((t) => t.engine === "percentile");
  if (targets.length === 0) return request;
  let valid: percentile.PercentileRequest;
  try {
    valid = percentile.validate(request as unknown as percentile.PercentileRequest);
  } catch {
    return request;
  }
  return { ...request, extraDice: percentile.extraDiceFor(valid, targets.map(defenceOf)) };
}
