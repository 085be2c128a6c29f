/** The conditions on an actor that adjust its rolls, read from its applied Active Effects (`data/conditions`). */

import { namedConditions, type EffectLike, type NamedCondition } from "../data/conditions/index.ts";
import type { EngineId } from "../engines/index.ts";
import { effectChangeKind } from "../helpers/compat.ts";

/**
 * The conditions among an actor's applied effects (active ones, its own and its items') that adjust
 * a roll of an engine, each named. [API13 Actor#appliedEffects]
 *
 * @param engine - The roll's engine.
 * @param actor - The actor who rolls.
 */
export function conditionsFor(engine: EngineId, actor: Actor.Implementation): NamedCondition[] {
  // An effect's changes are `{ key, value, mode }` in v13 and `{ key, value, type }` in v14; read either.
  const effects = actor.appliedEffects as unknown as readonly EffectLike[];
  return namedConditions(
    engine,
    effects.map((e) => ({ name: e.name, disabled: e.disabled === true, changes: e.changes })),
    effectChangeKind,
  );
}
