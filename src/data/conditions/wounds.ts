/**
 * The wound conditions (docs/rules.md §6), Foundry-free: *Wounded* and *Badly wounded* for every engine,
 * and the dice pool's health levels. Each is an Active Effect whose changes name what it moves under
 * the conditions' key prefix, so rolls read it as any condition and the card names it.
 *
 * The two thresholds are also status effects (the token HUD offers them; a GM may set one by hand):
 * their changes hold one or two steps for every engine at once, and each engine's roll reads only its
 * own targets. A wound the system puts on an actor carries its engine's steps only, and a flag that
 * marks it as the system's (so a wound the GM set by hand is never taken off by an application).
 */

import { harm, type EngineId } from "../../engines/core.ts";
import type { EffectChangeKind } from "../../helpers/compat.ts";
import { CHANGE_PREFIX, conditionNameKey, hudActorTypes } from "./keys.ts";

/** The flag (under the system's scope) that marks an effect put on by the harm model: its kind. */
export const HARM_FLAG = "harm";

/** What the harm model puts on an actor: a wound, or the defeated mark. */
export type HarmMark = "wound" | "defeat";

/** The status id of a wound (`rb-wounded`, `rb-level-hurt`). */
export function woundStatusId(wound: harm.WoundId): string {
  return `rb-${wound}`;
}

const ENGINES: readonly EngineId[] = ["percentile", "action", "wild", "pi", "pool"];

/** The icon of each wound status. */
function woundImg(id: harm.WoundId): string {
  if (id === "badly-wounded") return "icons/svg/degen.svg";
  return "icons/svg/blood.svg";
}

/** A change in the running generation's shape (`compat.effectChange`). */
type ChangeMaker = (key: string, value: string, kind: EffectChangeKind) => unknown;

/** The changes of a wound's adjustments. */
function changesOf(adjustments: readonly harm.WoundAdjustment[], change: ChangeMaker): unknown[] {
  return adjustments.map((a) =>
    typeof a.value === "string"
      ? change(`${CHANGE_PREFIX}${a.target}`, a.value, "override")
      : change(`${CHANGE_PREFIX}${a.target}`, String(a.value), "add"),
  );
}

/**
 * The two threshold wounds as status effects for `CONFIG.statusEffects`: each with one or two
 * steps for every engine (each engine's roll reads its own targets only), offered on the token HUD
 * of every engine's characters and NPCs.
 *
 * @param change - Builds a change (`compat.effectChange`).
 */
export function woundStatusEffects(change: ChangeMaker) {
  return harm.THRESHOLD_WOUNDS.map((id) => {
    const steps = id === "wounded" ? 1 : 2;
    return {
      id: woundStatusId(id),
      name: conditionNameKey(woundStatusId(id)),
      img: woundImg(id),
      hud: { actorTypes: ENGINES.flatMap((engine) => hudActorTypes(engine)) },
      changes: changesOf(
        ENGINES.flatMap((engine) => harm.stepAdjustments(engine, steps)),
        change,
      ),
    };
  });
}

/** The creation data of an effect the harm model puts on an actor. */
export interface MarkEffectData {
  name: string;
  img: string;
  statuses: string[];
  changes: unknown[];
  flags: Record<string, Record<string, unknown>>;
}

/**
 * The effect that puts a wound on an actor: its name (localized by the caller), icon, status, its
 * engine's adjustments, and the harm flag.
 *
 * @param wound - The wound (with the adjustments of the actor's engine).
 * @param name - The wound's name, localized.
 * @param change - Builds a change (`compat.effectChange`).
 */
export function woundEffectData(wound: harm.Wound, name: string, change: ChangeMaker): MarkEffectData {
  return {
    name,
    img: woundImg(wound.id),
    statuses: [woundStatusId(wound.id)],
    changes: changesOf(wound.adjustments, change),
    flags: { "rolling-bones": { [HARM_FLAG]: "wound" } },
  };
}

/** Which harm mark an effect is (read from its flags), or `null` for any effect the harm model did not put on. */
export function harmMarkOf(flags: unknown): HarmMark | null {
  if (typeof flags !== "object" || flags === null) return null;
  const ours = (flags as Record<string, unknown>)["rolling-bones"];
  if (typeof ours !== "object" || ours === null) return null;
  const mark = (ours as Record<string, unknown>)[HARM_FLAG];
  return mark === "wound" || mark === "defeat" ? mark : null;
}
