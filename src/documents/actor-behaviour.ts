/**
 * What the system's Actor class does (`actor.ts`), loaded with the first call: each is a thin call
 * into the service that does the work, with the same checks, refusals and GM round trips as the
 * sheet's buttons and `game.system.api`.
 */
import type { TraitRef } from "../data/actor/pure.ts";
import { reportError } from "../helpers/notify.ts";
import { addTimedCondition } from "../services/harm/durations.ts";
import type { ApplyResult } from "../services/harm/index.ts";
import { applyDamage as applyHarm, healActors, type ApplyDamageOptions } from "../services/harm/requests.ts";
import type { ActorPoints } from "../services/points/ledger.ts";
import { actorPoints } from "../services/points/store.ts";
import { rollTraitOf } from "../applications/sheets/roll-trait.ts";

/** Rolls one of its traits as its sheet's roll button does (the dialog, or at once with the fast-roll key). */
export function rollTrait(actor: Actor.Implementation, trait: TraitRef, event?: Event): Promise<void> {
  // The actor itself, not the world's of its id: an unlinked token's own actor rolls its own traits.
  return rollTraitOf(actor, trait, event);
}

/** Attacks with one of its weapons (an item id), as the sheet's attack button does. */
export function rollAttack(actor: Actor.Implementation, weaponId: string, event?: Event): Promise<void> {
  return rollTrait(actor, { kind: "weapon", key: weaponId }, event);
}

/** Takes damage (or healing): `services/harm/requests.ts` `applyDamage` for this one target. */
export async function applyDamage(
  actor: Actor.Implementation,
  amount: number,
  options?: ApplyDamageOptions,
): Promise<ApplyResult[] | null> {
  // One target: an application refused (the user told why) is a refusal, as a bad request is.
  const made = await applyHarm([actor], amount, options);
  return made === null || made.length === 0 ? null : made;
}

/** The GM heals it by an amount, or fully with `null`. */
export function heal(actor: Actor.Implementation, amount: number | null): Promise<string | null> {
  return healActors([actor], amount);
}

/** Puts a timed condition on it; `false` (after one message) when refused. */
export async function addCondition(
  actor: Actor.Implementation,
  statusId: string,
  value: number,
  units: "rounds" | "turns",
): Promise<boolean> {
  try {
    await addTimedCondition(actor, statusId, value, units);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}

/** Its points as the GM's records hold them. */
export function points(actor: Actor.Implementation): Promise<ActorPoints> {
  return Promise.resolve(actorPoints(actor));
}
