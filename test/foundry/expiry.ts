/**
 * v14 core's own effect expiry, as the public pages describe it. On every combat move core raises its
 * expiry events (`turnEnd` for the turn that ended, `roundEnd` and `roundStart` when the round changes,
 * `turnStart`) [API14 CONST.ACTIVE_EFFECT_EXPIRY_EVENTS: combatStart, roundStart, turnStart, combatEnd,
 * roundEnd, turnEnd]; at each, an effect whose `duration.expiry` is that event and whose duration has
 * run out by core's count expires ("expiration occurs when both the end of the duration and the expiry
 * event are reached" [API14 EffectDurationData#expiry]); core then takes `CONFIG.ActiveEffect.expiryAction`,
 * by default `"update"`, which sets `duration.expired` and leaves the effect inactive ("An update action
 * will set the value of ActiveEffectDuration#expired" [API14 CONFIG.ActiveEffect]; docs/foundry-notes.md §13.2;
 * the module yeet-expired-effects sets `"delete"` because core only disables). Events that packages
 * define are left to them [API14 CONST.ACTIVE_EFFECT_EXPIRY_EVENTS]: such effects are never touched.
 *
 * Core's count is combat time, not the bearer's turns: a duration of N rounds has run out once N rounds
 * of the combat have passed since its start (round and turn), N turns once N turns have. Which client
 * applies it is not public: the active GM here (an update every client sees). Effects whose duration
 * started in another combat, or outside one, are not counted (the lenient reading: none of the system's
 * checks rests on it). Combat start and end are not raised (the double has no `combatStart`/`endCombat`).
 */
import { env, runAs } from "./state.ts";
import { users } from "./users.ts";

/** The core events. [API14 CONST.ACTIVE_EFFECT_EXPIRY_EVENTS] */
export const CORE_EXPIRY_EVENTS = Object.freeze([
  "combatStart",
  "roundStart",
  "turnStart",
  "combatEnd",
  "roundEnd",
  "turnEnd",
] as const);

/** A position in a combat. */
interface Position {
  readonly round: number;
  readonly turn: number | null;
}

/** What the expiry reads of an effect (the double's ActiveEffect). */
interface ExpiringEffect {
  readonly id: string;
  readonly duration: Record<string, unknown>;
  readonly start?: Record<string, unknown>;
  update(changes: Record<string, unknown>): Promise<unknown>;
}

/** The core events a move from one position to another raises, in order. */
export function eventsOfMove(from: Position, to: Position): string[] {
  const events: string[] = [];
  if (from.turn !== null && from.round >= 1) events.push("turnEnd");
  if (to.round > from.round) {
    if (from.round >= 1) events.push("roundEnd");
    events.push("roundStart");
  }
  events.push("turnStart");
  return events;
}

/** Whether an effect's duration has run out by core's count at a position (combat time since its start). */
export function runOutByCore(
  effect: Pick<ExpiringEffect, "duration" | "start">,
  combatId: string,
  at: Position,
  turnsPerRound: number,
): boolean {
  const { duration, start } = effect;
  const value = duration.value;
  if (typeof value !== "number" || !start || start.combat !== combatId) return false;
  const round = typeof start.round === "number" ? start.round : null;
  const turn = typeof start.turn === "number" ? start.turn : 0;
  if (round === null) return false;
  const elapsedTurns = (at.round - round) * turnsPerRound + ((at.turn ?? 0) - turn);
  if (duration.units === "turns") return elapsedTurns >= value;
  if (duration.units === "rounds") return elapsedTurns >= value * turnsPerRound;
  return false;
}

/**
 * Runs core's expiry after a combat moved (v14 only): the active GM applies the configured action to
 * every effect of the combatants' actors whose expiry is a core event raised by the move and whose
 * duration has run out by core's count. Returns the ids it expired.
 */
export async function coreExpiry(
  combat: { readonly id: string; readonly turns: readonly { readonly actor?: unknown }[] },
  from: Position,
  to: Position,
): Promise<string[]> {
  if (env().generation !== 14) return [];
  const gm = users().activeGM;
  if (!gm) return [];
  const config = (env().globals as { CONFIG: { ActiveEffect: { expiryAction?: unknown } } }).CONFIG.ActiveEffect;
  const action = config.expiryAction;
  if (action !== "update" && action !== "delete") return [];
  const raised = new Set(eventsOfMove(from, to));
  const done: string[] = [];
  const seen = new Set<unknown>();
  for (const { actor } of combat.turns) {
    if (!actor || seen.has(actor)) continue;
    seen.add(actor);
    const effects = (actor as { effects: { contents: ExpiringEffect[] } }).effects.contents;
    for (const effect of effects) {
      const expiry = effect.duration.expiry;
      if (typeof expiry !== "string" || !raised.has(expiry) || effect.duration.expired === true) continue;
      if (!(CORE_EXPIRY_EVENTS as readonly string[]).includes(expiry)) continue;
      if (!runOutByCore(effect, combat.id, to, Math.max(1, combat.turns.length))) continue;
      await runAs(gm.id, () =>
        action === "delete"
          ? (effect as unknown as { delete(): Promise<unknown> }).delete()
          : effect.update({ duration: { ...effect.duration, expired: true } }),
      );
      done.push(effect.id);
    }
  }
  env().coreExpired.push(...done);
  return done;
}
