/**
 * Critical and botch effects that last, in the world (issue 35 point 7; the rule in `data/lasting.ts`):
 * the GM's draw of a table result that moves later rolls puts an Active Effect on each bearer; every
 * roll it moves uses it up by one (its owner's client, after the card is posted); the card's Undo of
 * the drawn entry takes each off (the active GM).
 *
 * Who may write what (issue 41's rule): the effects are made and taken off by a GM; the mark in their
 * flags names the card and entry they came from. A player who owns a bearer may change her own
 * bearer's effects by hand anyway, so an Undo that finds effects by that mark removes nothing she
 * could not remove herself, and never touches an actor she cannot write.
 */
import { SYSTEM_ID } from "../constants.ts";
import { ADJUSTABLE, CHANGE_PREFIX } from "../data/conditions/index.ts";
import {
  LASTING_FLAG,
  lastingAdjustments,
  lastingApplies,
  readLasting,
  type LastingMark,
  type LastingSpec,
  type RollCategory,
} from "../data/lasting.ts";
import { ENGINE_OF, rollingTypeOf } from "../data/actor/pure.ts";
import type { EngineId } from "../engines/core.ts";
import { effectChange, effectChanges, effectData, type EffectChangesHolder } from "../helpers/compat.ts";
import { lastingMarkOf } from "./conditions.ts";
import { readTargets } from "../dice/cards/targets.ts";

/** An effect as this module reads it. */
interface EffectLike extends EffectChangesHolder {
  readonly id: string | null;
  readonly flags?: unknown;
}

/** One use of a lasting effect a roll took: its bearer and the effect, with the uses it had. */
export interface LastingUse {
  readonly actor: Actor.Implementation;
  readonly effect: string;
  readonly uses: number;
}

/** The engine an actor rolls in, or `null` for one that is not the system's. */
function engineOf(actor: Actor.Implementation): EngineId | null {
  const type = rollingTypeOf(actor.type);
  return type ? ENGINE_OF[type] : null;
}

/** Whether an effect changes a roll of this engine (one of its changes names the engine's targets). */
function movesEngine(effect: EffectChangesHolder, engine: EngineId): boolean {
  const keys = new Set(Object.keys(ADJUSTABLE[engine]).map((t) => `${CHANGE_PREFIX}${t}`));
  return effectChanges(effect).some((c) => typeof c.key === "string" && keys.has(c.key));
}

/**
 * The lasting effects a roll of this kind uses up on its roller: those that move it and still have uses.
 *
 * @param actor - The roller.
 * @param engine - The roll's engine.
 * @param category - The kind of roll.
 */
export function lastingUses(actor: Actor.Implementation, engine: EngineId, category: RollCategory): LastingUse[] {
  const effects = actor.appliedEffects as unknown as readonly EffectLike[];
  return effects.flatMap((e) => {
    const mark = lastingMarkOf(e);
    if (!mark || mark.uses === null || mark.uses < 1 || !e.id) return [];
    if (!lastingApplies(mark.rolls, category) || !movesEngine(e, engine)) return [];
    return [{ actor, effect: e.id, uses: mark.uses }];
  });
}

/** Uses each up by one: the last use takes the effect off. Run by the roller's client after the card is posted. */
export async function useUpLasting(uses: readonly LastingUse[]): Promise<void> {
  for (const use of uses) {
    const effect = use.actor.effects.get(use.effect) as unknown as
      { update(d: object): Promise<unknown>; flags?: unknown } | undefined;
    if (!effect) continue;
    const mark = lastingMarkOf(effect);
    if (!mark || mark.uses === null) continue;
    if (mark.uses <= 1) await use.actor.deleteEmbeddedDocuments("ActiveEffect", [use.effect]);
    else await effect.update({ [`flags.${SYSTEM_ID}.${LASTING_FLAG}.uses`]: mark.uses - 1 });
  }
}

/**
 * The entry a lasting effect is marked with: the activation whose draw put it on, and the place of
 * the card's roll when it is not the message's first (so each roll of a card takes off its own).
 */
export function lastingEntry(activation: string, place = 0): string {
  return place === 0 ? activation : `${activation}@${place}`;
}

/** The actors a drawn result lands on: the card's roller, or each target the card's roll recorded. */
async function bearersOf(
  message: ChatMessage.Implementation,
  spec: LastingSpec,
  place: number,
): Promise<Actor.Implementation[]> {
  if (spec.on === "roller") {
    // The speaker's actor: a token's own actor for an unlinked NPC. [API13 ChatMessage.getSpeakerActor]
    // The card's author may rewrite its speaker: the roller counts only while the author owns it.
    const actor = ChatMessage.getSpeakerActor(message.speaker);
    const author = message.author;
    return actor && author && actor.testUserPermission(author, "OWNER") ? [actor] : [];
  }
  const targets = readTargets((message.rolls[place]?.options as { targets?: unknown } | undefined)?.targets);
  // The harm service finds a target's actor (a token's own for an unlinked NPC); it loads with the first draw.
  const { resolveTarget, targetOf } = await import("./harm/apply.ts");
  return targets.flatMap((t) => {
    try {
      return [
        resolveTarget(targetOf({ ...(t.token ? { token: t.token } : {}), ...(t.actor ? { actor: t.actor } : {}) })),
      ];
    } catch {
      return [];
    }
  });
}

/**
 * Puts a drawn result's lasting effect on its bearers (a GM, after the card recorded the draw): one
 * Active Effect each, its change in the bearer's own engine, named with the result, marked with the
 * card and entry.
 *
 * @param message - The card.
 * @param entry - The ledger entry of the draw.
 * @param lasting - The result's `lasting` flag.
 * @param name - The effect's name (the result as the card records it).
 * @param place - The place of the card's roll in the message's rolls (whose targets bear it).
 * @returns How many effects were made.
 */
export async function putOnLasting(
  message: ChatMessage.Implementation,
  entry: string,
  lasting: unknown,
  name: string,
  place = 0,
): Promise<number> {
  const spec = readLasting(lasting);
  if (!spec || !game.user.isGM) return 0;
  let made = 0;
  for (const actor of await bearersOf(message, spec, place)) {
    const engine = engineOf(actor);
    const adjustments = engine ? lastingAdjustments(engine, spec.steps) : [];
    if (adjustments.length === 0) continue;
    const mark: LastingMark = { card: message.id ?? "", entry, rolls: spec.rolls, uses: spec.uses };
    const changes = adjustments.map((a) =>
      typeof a.value === "string"
        ? effectChange(`${CHANGE_PREFIX}${a.target}`, a.value, "override")
        : effectChange(`${CHANGE_PREFIX}${a.target}`, String(a.value), "add"),
    );
    const data = effectData(
      {
        name,
        img: spec.steps < 0 ? "icons/svg/downgrade.svg" : "icons/svg/upgrade.svg",
        flags: { [SYSTEM_ID]: { [LASTING_FLAG]: mark } },
      },
      changes,
    );
    await actor.createEmbeddedDocuments("ActiveEffect", [data as never]);
    made += 1;
  }
  return made;
}

/** Every actor a lasting effect may sit on: the world's, and the tokens' own (unlinked NPCs). */
function everyActor(): Actor.Implementation[] {
  const tokens = game.scenes.contents.flatMap((scene) =>
    scene.tokens.contents.flatMap((t) => (t.actorLink || !t.actor ? [] : [t.actor])),
  );
  return [...game.actors.contents, ...tokens];
}

/** Takes off the lasting effects a card's entry put on (the active GM, on the card's Undo of that entry). */
export async function takeOffLasting(card: string, entry: string): Promise<number> {
  let removed = 0;
  for (const actor of everyActor()) {
    const ids = (actor.effects.contents as unknown as EffectLike[])
      .filter((e) => {
        const mark = lastingMarkOf(e);
        return mark?.card === card && mark.entry === entry;
      })
      .flatMap((e) => (e.id ? [e.id] : []));
    if (ids.length === 0) continue;
    await actor.deleteEmbeddedDocuments("ActiveEffect", ids);
    removed += ids.length;
  }
  return removed;
}
