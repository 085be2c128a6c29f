/**
 * What an application writes on its target, Foundry-side: the health value, the wound condition the
 * harm model leaves (an Active Effect the system marks as its own), the defeated mark (Foundry's
 * defeated status; in a combat, the combatant defeated). Each write is a step with its undo
 * (`transaction.ts`), so an application is written whole or not at all. A mark the GM set by hand
 * (an effect without the system's harm flag) is never removed here.
 */

import { SYSTEM_ID } from "../../constants.ts";
import { ENGINE_OF, rollingTypeOf, withinMax } from "../../data/actor/pure.ts";
import { conditionNameKey } from "../../data/conditions/index.ts";
import { harmMarkOf, woundEffectData, woundStatusId, type MarkEffectData } from "../../data/conditions/wounds.ts";
import { EngineError, harm, type EngineId } from "../../engines/core.ts";
import { effectChange, effectData, statusEffectList } from "../../helpers/compat.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { WriteStep } from "../transaction.ts";

/** The option an update carries when the harm model made it (the health watcher leaves it alone). */
export const HARM_UPDATE_OPTION = "rollingBonesHarm";

/** The world's wound rules (docs/rules.md §6), from its settings. */
export function woundRules(): harm.WoundRules {
  return {
    penalties: game.settings.get(SYSTEM_ID, SETTING_KEYS.woundPenalties),
    healthLevels: game.settings.get(SYSTEM_ID, SETTING_KEYS.healthLevels),
  };
}

/** Foundry's defeated status id. [API13 CONFIG.specialStatusEffects.DEFEATED, "dead" by default] */
export function defeatedStatusId(): string {
  return CONFIG.specialStatusEffects.DEFEATED;
}

/** An embedded effect as the harm model reads it. */
interface EffectView {
  readonly id: string | null;
  readonly statuses: ReadonlySet<string>;
  readonly flags: unknown;
  toObject(): object;
}

/** The actor's own effects. */
function effectsOf(actor: Actor.Implementation): EffectView[] {
  // The effects collection holds ActiveEffect documents; only these fields are read.
  return actor.effects.contents;
}

/** The engine an actor rolls with, or `null` for an actor type that is not the system's. */
export function engineOf(actor: Actor.Implementation): EngineId | null {
  const type = rollingTypeOf(actor.type);
  return type === null ? null : ENGINE_OF[type];
}

/** An actor's health as the harm model reads it (kept within its maximum). */
export function healthOf(actor: Actor.Implementation): harm.Health {
  const stored = (actor.system as { health?: harm.Health }).health;
  return withinMax(stored ?? harm.DEFAULT_HEALTH);
}

/** An actor's state for an application: its health and the defeated mark (and whether the GM set it by hand). */
export function harmStateOf(actor: Actor.Implementation): harm.HarmState {
  const defeated = effectsOf(actor).filter((e) => e.statuses.has(defeatedStatusId()));
  return {
    health: healthOf(actor),
    defeated: defeated.length > 0,
    defeatedByHand: defeated.some((e) => harmMarkOf(e.flags) !== "defeat"),
  };
}

/** The harm model's context for an actor: its engine and the world's rules. */
export function harmContextOf(actor: Actor.Implementation): harm.HarmContext {
  const engine = engineOf(actor);
  if (engine === null) throw new EngineError("HarmNotAnActor", { name: actor.name });
  return { engine, rules: woundRules() };
}

/** A step that creates effects on an actor (their changes in the generation's shape, `effectData`); its undo deletes them. */
function createEffects(actor: Actor.Implementation, data: readonly MarkEffectData[]): WriteStep {
  let created: string[] = [];
  return {
    label: `Actor ${actor.name}`,
    apply: async () => {
      // The changes where the running generation keeps them (v13 `changes`, v14 `system.changes`).
      const shaped = data.map(({ changes, ...rest }) => effectData(rest, changes));
      const made = await actor.createEmbeddedDocuments("ActiveEffect", shaped);
      created = (made ?? []).map((e) => (e as { id: string | null }).id ?? "").filter((id) => id !== "");
    },
    revert: () => actor.deleteEmbeddedDocuments("ActiveEffect", created),
  };
}

/** A step that deletes effects from an actor; its undo creates them again from their data. */
function deleteEffects(actor: Actor.Implementation, effects: readonly EffectView[]): WriteStep {
  const data = effects.map((e) => {
    const { _id: _drop, ...rest } = e.toObject() as { _id?: string };
    return rest;
  });
  return {
    label: `Actor ${actor.name}`,
    apply: () =>
      actor.deleteEmbeddedDocuments(
        "ActiveEffect",
        effects.map((e) => e.id ?? ""),
      ),
    revert: () => actor.createEmbeddedDocuments("ActiveEffect", data as never),
  };
}

/** The defeated status's effect data, marked as the harm model's. [API13 ActiveEffect.fromStatusEffect: name, img, statuses] */
function defeatedEffectData(): Omit<MarkEffectData, "changes"> {
  const id = defeatedStatusId();
  const status = statusEffectList().find((s) => s.id === id);
  const name = typeof status?.name === "string" ? status.name : "ROLLING_BONES.Harm.Defeated";
  return {
    name: game.i18n.localize(name),
    img: typeof status?.img === "string" ? status.img : "icons/svg/skull.svg",
    statuses: [id],
    // Shown over the whole token, as core shows the defeated status. [API13 ActiveEffect flags.core.overlay]
    flags: { core: { overlay: true }, [SYSTEM_ID]: { harm: "defeat" } },
  };
}

/** The combatants standing for an actor (or one of its tokens) in the world's combats. */
function combatantsOf(actor: Actor.Implementation, token?: string): Combatant.Implementation[] {
  const out: Combatant.Implementation[] = [];
  for (const combat of game.combats) {
    for (const c of combat.combatants) {
      if (token !== undefined ? c.tokenId === token : c.actorId === actor.id) out.push(c);
    }
  }
  return out;
}

/** A step that marks combatants defeated or not; its undo puts back what each was. */
function combatantsWrite(combatants: readonly Combatant.Implementation[], defeated: boolean): WriteStep {
  const before = combatants.map((c) => c.defeated);
  const ids = combatants.map((c) => c.id).join();
  return {
    label: `Combatant ${ids}`,
    apply: async () => {
      for (const c of combatants) await c.update({ defeated });
    },
    revert: async () => {
      for (const [k, c] of combatants.entries()) await c.update({ defeated: before[k] ?? false });
    },
  };
}

/**
 * The writes that bring an actor to a harm result: its health value, its wound condition, its
 * defeated mark and its combatants.
 *
 * @param actor - The target.
 * @param result - What the harm model computed.
 * @param token - The token the target stands for, when it is one (its combatant is the token's).
 */
export function markWrites(actor: Actor.Implementation, result: harm.HarmResult, token?: string): WriteStep[] {
  const steps: WriteStep[] = [];
  if (result.after !== result.before) {
    // A system option Foundry passes on to the update hooks untouched; the v13 types know only core options.
    const options = { [HARM_UPDATE_OPTION]: true } as never;
    steps.push({
      label: `Actor ${actor.name}`,
      // A flat path the v13 types do not know on the union of actor types.
      apply: () => actor.update({ "system.health.value": result.after } as never, options),
      revert: () => actor.update({ "system.health.value": result.before } as never, options),
    });
  }
  const effects = effectsOf(actor);
  const ours = effects.filter((e) => harmMarkOf(e.flags) === "wound");
  const wanted = result.wound ? woundStatusId(result.wound.id) : null;
  const kept = wanted !== null && ours.length === 1 && ours[0]?.statuses.has(wanted) === true;
  if (!kept) {
    if (ours.length > 0) steps.push(deleteEffects(actor, ours));
    if (result.wound && wanted !== null) {
      const name = game.i18n.localize(conditionNameKey(wanted));
      steps.push(createEffects(actor, [woundEffectData(result.wound, name, effectChange)]));
    }
  }
  if (result.defeat === "add") steps.push(createEffects(actor, [{ ...defeatedEffectData(), changes: [] }]));
  if (result.defeat === "remove") {
    steps.push(
      deleteEffects(
        actor,
        effects.filter((e) => harmMarkOf(e.flags) === "defeat"),
      ),
    );
  }
  if (result.defeat !== null) {
    const combatants = combatantsOf(actor, token).filter((c) => c.defeated !== (result.defeat === "add"));
    if (combatants.length > 0) steps.push(combatantsWrite(combatants, result.defeat === "add"));
  }
  return steps;
}

/**
 * The writes that bring an actor's wound and defeated mark in line with its health as it stands (a
 * GM typed the value on the sheet or the token's bar, a macro wrote it): as an application of 0.
 *
 * @param actor - The actor.
 */
export function syncWrites(actor: Actor.Implementation): WriteStep[] {
  const result = harm.applyHarm(harmStateOf(actor), { amount: 0, multiplier: "full" }, harmContextOf(actor));
  return markWrites(actor, result);
}
