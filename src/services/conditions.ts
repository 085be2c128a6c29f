/** The conditions on an actor that adjust its rolls, read from its applied Active Effects (`data/conditions`). */

import { CONDITIONS, namedConditions, type EffectLike, type NamedCondition } from "../data/conditions/index.ts";
import { woundStatusId } from "../data/conditions/wounds.ts";
import { harm, type EngineId } from "../engines/core.ts";
import { SYSTEM_ID } from "../constants.ts";
import {
  LASTING_FLAG,
  lastingApplies,
  readLastingMark,
  type LastingMark,
  type RollCategory,
} from "../data/lasting-mark.ts";
import { effectChangeKind, effectChanges, type EffectChangesHolder } from "../helpers/compat.ts";

/**
 * The conditions among an actor's applied effects (active ones, its own and its items') that adjust
 * a roll of an engine, each named. [API13 Actor#appliedEffects]
 *
 * @param engine - The roll's engine.
 * @param actor - The actor who rolls.
 * @param withoutStatuses - Leave out the system's own status conditions (a sheet lists those as toggles).
 * @param damage - The roll is a damage roll: wounds, which move trait rolls only (docs/rules.md §6,
 *   "Wound penalties move trait rolls only"), are left out, whoever set them.
 * @param category - The kind of roll: a critical's or botch's lasting effect that moves other rolls
 *   only is left out (`data/lasting.ts`); every effect when absent (the sheet's list).
 */
export function conditionsFor(
  engine: EngineId,
  actor: Actor.Implementation,
  withoutStatuses = false,
  damage = false,
  category?: RollCategory,
): NamedCondition[] {
  // An effect's changes are `changes` in v13 and `system.changes` in v14 (compat reads either).
  const all = actor.appliedEffects as unknown as readonly (EffectChangesHolder &
    Omit<EffectLike, "changes"> & {
      readonly parent?: unknown;
      readonly statuses?: ReadonlySet<string>;
      readonly flags?: unknown;
    })[];
  const statusIds = new Set(CONDITIONS.map((c) => c.id));
  const wounds = new Set(harm.WOUND_IDS.map(woundStatusId));
  const effects = all.filter((e) => {
    const statuses = [...(e.statuses ?? [])];
    if (withoutStatuses && statuses.some((id) => statusIds.has(id))) return false;
    const mark = lastingMarkOf(e);
    if (mark && category !== undefined && (!lastingApplies(mark.rolls, category) || mark.uses === 0)) return false;
    return !(damage && statuses.some((id) => wounds.has(id)));
  });
  return namedConditions(
    engine,
    effects.map((e) => ({
      name: e.name,
      disabled: e.disabled === true,
      changes: effectChanges(e) as EffectLike["changes"],
      // Where it comes from: the item that carries it (its parent), or the character itself. [API13 ActiveEffect#parent]
      ...sourceOf(e.parent),
    })),
    effectChangeKind,
  );
}

/** An effect's lasting mark (a critical's or botch's effect that lasts), or `null`. */
export function lastingMarkOf(effect: { readonly flags?: unknown }): LastingMark | null {
  const flags = effect.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  return readLastingMark(flags?.[SYSTEM_ID]?.[LASTING_FLAG]);
}

/** The source of an effect: `{ source }` naming the item it sits on, or nothing for one on the actor. */
function sourceOf(parent: unknown): { source?: string } {
  if (typeof parent !== "object" || parent === null) return {};
  const { documentName, name } = parent as { documentName?: unknown; name?: unknown };
  return documentName === "Item" && typeof name === "string" ? { source: name } : {};
}
