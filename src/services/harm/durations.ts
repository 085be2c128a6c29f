/**
 * Conditions that expire (docs/rules.md §6): an Active Effect may last a number of rounds (the bearer's
 * own turns) or turns (anyone's), read from Foundry's duration fields of the running generation
 * (`compat.effectDurationOf`). When a combat moves on, the active GM removes the effects that ran out
 * (v13 core removes none; v14 core handles round starts and ends, a turn's end is the system's); the
 * sheet shows how much each has left, and the GM may end one early.
 */

import { SYSTEM_ID } from "../../constants.ts";
import { conditionNameKey } from "../../data/conditions/index.ts";
import { EngineError, harm } from "../../engines/core.ts";
import {
  effectChanges,
  type EffectChangesHolder,
  effectData,
  effectDurationOf,
  statusEffectList,
  timedEffectFields,
  type EffectStart,
} from "../../helpers/compat.ts";

/** The parts of a combat a duration is read against. [API13 Combat#round, #turn, #turns, #started] */
export interface CombatLike {
  readonly id: string | null;
  readonly round: number;
  readonly turn: number | null;
  readonly started: boolean;
  /** The combatants in turn order (the double's plain `game.combat` may give only `combatants`). */
  readonly turns?: readonly { readonly id?: string | null; readonly actorId: string | null }[];
  readonly combatants: Iterable<{ readonly id?: string | null; readonly actorId: string | null }>;
}

/** An effect as the durations read it. */
interface TimedEffectLike {
  readonly id: string | null;
  readonly name: string;
  readonly statuses?: Iterable<string>;
  readonly flags?: unknown;
  readonly duration?: unknown;
  readonly start?: unknown;
}

/** The combatants of a combat in turn order. */
function turnsOf(combat: CombatLike): readonly { readonly id?: string | null; readonly actorId: string | null }[] {
  return combat.turns ?? [...combat.combatants];
}

/** The combat's clock for an actor: where the combat is, its turns per round and the actor's turn; `null` outside a started combat. */
export function clockOf(combat: CombatLike | null | undefined, actorId: string): harm.CombatClock | null {
  if (!combat?.started) return null;
  const turns = turnsOf(combat);
  const bearer = turns.findIndex((c) => c.actorId === actorId);
  return {
    now: { round: combat.round, turn: combat.turn ?? 0 },
    turnsPerRound: Math.max(1, turns.length),
    bearerTurn: bearer >= 0 ? bearer : null,
  };
}

/** The active combat (`game.combat`), as the durations read it. */
function activeCombat(): CombatLike | null {
  // Only the fields read here; `game.combat` is null without an active combat.
  return game.combat ?? null;
}

/** The flag naming the combatant whose turn it was when a timed condition was put on. */
const START_COMBATANT_FLAG = "startCombatant";

/**
 * Where a condition started, in the combat's turn order as it is now: the stored turn is an index in
 * the order of that moment, so when initiatives were re-sorted since (a late initiative), the turn of
 * the combatant that was acting then (the system's flag) counts instead; the stored index otherwise.
 */
function startTurnNow(effect: TimedEffectLike, combat: CombatLike, stored: number): number {
  const flags = effect.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  const id = flags?.[SYSTEM_ID]?.[START_COMBATANT_FLAG];
  if (typeof id !== "string") return stored;
  const index = turnsOf(combat).findIndex((c) => c.id === id);
  return index >= 0 ? index : stored;
}

/** An effect's duration as the harm model counts it in a combat, or `null` (none, or started in another combat). */
function timedIn(effect: TimedEffectLike, combat: CombatLike): harm.TimedCondition | null {
  const duration = effectDurationOf(effect);
  if (!duration) return null;
  if (duration.start && duration.start.combat !== combat.id) return null;
  return {
    units: duration.units,
    value: duration.value,
    start: duration.start
      ? { round: duration.start.round, turn: startTurnNow(effect, combat, duration.start.turn) }
      : null,
  };
}

/** How much of an actor's timed effect is left in the active combat, in its units; `null` when it is not counted there. */
export function timeLeft(effect: TimedEffectLike, actorId: string): { value: number; units: harm.DurationUnit } | null {
  const combat = activeCombat();
  const clock = clockOf(combat, actorId);
  const duration = effectDurationOf(effect);
  if (!duration) return null;
  const timed = combat && clock ? timedIn(effect, combat) : null;
  const left = timed && clock ? harm.remaining(timed, clock) : null;
  return { value: left ?? duration.value, units: duration.units };
}

/** The timed effects on an actor with how much each has left (for the sheet). */
export function timedEffectsOf(
  actor: Actor.Implementation,
): { id: string; name: string; statuses: string[]; value: number; units: harm.DurationUnit }[] {
  const effects = actor.effects.contents as unknown as TimedEffectLike[];
  return effects.flatMap((e) => {
    const left = timeLeft(e, actor.id ?? "");
    return left && e.id ? [{ id: e.id, name: e.name, statuses: [...(e.statuses ?? [])], ...left }] : [];
  });
}

/**
 * Removes the timed effects that ran out on the combatants of a combat that moved on (run on the
 * active GM by the `updateCombat` hook). Each actor's expired effects go in one deletion.
 *
 * @returns How many effects were removed.
 */
export async function expireConditions(combat: CombatLike): Promise<number> {
  if (!game.users.activeGM?.isSelf || !combat.started) return 0;
  let removed = 0;
  const seen = new Set<string>();
  for (const c of turnsOf(combat)) {
    const actor = c.actorId ? game.actors.get(c.actorId) : undefined;
    if (!actor?.id || seen.has(actor.id)) continue;
    seen.add(actor.id);
    const clock = clockOf(combat, actor.id);
    if (!clock) continue;
    const effects = actor.effects.contents as unknown as TimedEffectLike[];
    const expired = effects.filter((e) => {
      const timed = timedIn(e, combat);
      return timed !== null && harm.hasExpired(timed, clock);
    });
    const ids = expired.map((e) => e.id ?? "").filter((id) => id !== "");
    if (ids.length === 0) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    removed += ids.length;
  }
  return removed;
}

/**
 * Puts a status condition on an actor for a number of rounds or turns (an owner or a GM): an effect
 * made from its status (name, icon, changes) with Foundry's duration fields, starting at the active
 * combat's current turn when the actor is in it, else counting from the first turn of its next combat.
 *
 * @param actor - The bearer.
 * @param statusId - The status (`CONFIG.statusEffects`), e.g. `rb-stunned`.
 * @param value - How many rounds or turns (1 to 99).
 * @param units - `rounds` (the bearer's turns) or `turns` (anyone's).
 * @throws EngineError `DurationInvalid`, `UnknownCondition`, or `NotOwner`.
 */
export async function addTimedCondition(
  actor: Actor.Implementation,
  statusId: unknown,
  value: unknown,
  units: unknown,
): Promise<void> {
  const duration = harm.readDuration(value, units);
  const status = statusEffectList().find((s) => s.id === statusId);
  if (!status) throw new EngineError("UnknownCondition", { name: statusId });
  if (!actor.isOwner) throw new EngineError("NotOwner", { name: actor.name });
  const combat = activeCombat();
  const clock = clockOf(combat, actor.id ?? "");
  const turns = combat ? turnsOf(combat) : [];
  const start: EffectStart | null =
    combat?.id && clock && clock.bearerTurn !== null
      ? {
          combat: combat.id,
          combatant: turns[clock.bearerTurn]?.id ?? null,
          round: clock.now.round,
          turn: clock.now.turn,
        }
      : null;
  const name = game.i18n.localize(typeof status.name === "string" ? status.name : conditionNameKey(status.id));
  const data = effectData(
    {
      name,
      img: typeof status.img === "string" ? status.img : "icons/svg/aura.svg",
      statuses: [status.id],
      // The combatant acting now, so a later re-sort of the turn order still finds where it started.
      flags: {
        [SYSTEM_ID]: {
          timed: true,
          ...(start && combat ? { [START_COMBATANT_FLAG]: turns[clock?.now.turn ?? -1]?.id ?? null } : {}),
        },
      },
      ...timedEffectFields(duration.units, duration.value, start),
    },
    // A status entry is ActiveEffect data; its changes where the generation keeps them.
    effectChanges(status as EffectChangesHolder),
  );
  await actor.createEmbeddedDocuments("ActiveEffect", [data as never]);
}
