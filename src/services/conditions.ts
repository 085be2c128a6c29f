/** The conditions on an actor that adjust its rolls, read from its applied Active Effects (`data/conditions`). */

import { namedConditions, type EffectLike, type NamedCondition } from "../data/conditions/index.ts";
import type { EngineId } from "../engines/index.ts";
import { effectChangeKind, effectChanges, type EffectChangesHolder } from "../helpers/compat.ts";

/**
 * The conditions among an actor's applied effects (active ones, its own and its items') that adjust
 * a roll of an engine, each named. [API13 Actor#appliedEffects]
 *
 * @param engine - The roll's engine.
 * @param actor - The actor who rolls.
 */
export function conditionsFor(engine: EngineId, actor: Actor.Implementation): NamedCondition[] {
  // An effect's changes are `changes` in v13 and `system.changes` in v14 (compat reads either).
  const effects = actor.appliedEffects as unknown as readonly (EffectChangesHolder & Omit<EffectLike, "changes">)[];
  return namedConditions(
    engine,
    effects.map((e) => ({
      name: e.name,
      disabled: e.disabled === true,
      changes: effectChanges(e) as EffectLike["changes"],
    })),
    effectChangeKind,
  );
}
