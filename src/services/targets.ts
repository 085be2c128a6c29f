/**
 * Targets on rolls (docs/rules.md §6, issue 24 item 3). A roll made while its user targets tokens records
 * them (names as text, token and actor references, each target's engine; `dice/cards/targets.ts`),
 * never their defence figures: the active GM judges each target against its defence figure when the
 * card is posted and whenever it changes (an action die added, a botch activated), and writes the
 * verdicts on the card, with a target's figure only where every viewer may see it (a player's
 * character, or an NPC in a world that shows NPC figures to players). So a hidden figure never reaches
 * a player's client, neither in the card's markup nor in the message data.
 */
import { ENGINE_OF, isNpcType, rollingTypeOf } from "../data/actor/pure.ts";
import { npcDefencesShown } from "../data/settings/targets.ts";
import { readTargets, type DialogTarget, type RollTarget } from "../dice/cards/targets.ts";
import { judgedTargets, targetDiceRequest, type JudgedActor } from "../dice/cards/verdicts.ts";
import { EngineRoll } from "../dice/index.ts";
import type { EngineId } from "../engines/core.ts";
import { rollPlaces, storedCard } from "../data/card/parts.ts";

/** A token the user targets, as the system reads it. [API13 foundry.documents.User#targets; foundry.canvas.placeables.Token] */
interface TargetedToken {
  readonly name?: string;
  readonly document?: { readonly uuid?: string; readonly name?: string } | null;
  readonly actor?: { readonly id?: string | null; readonly type?: string; readonly system?: unknown } | null;
}

/** The engine an actor rolls, or `null`. */
function engineOf(type: unknown): EngineId | null {
  const rolling = rollingTypeOf(type);
  return rolling ? ENGINE_OF[rolling] : null;
}

/** An actor's defence figure as stored, or `null`. */
function defenceOf(actor: TargetedToken["actor"]): number | null {
  const value = (actor?.system as { defence?: unknown } | undefined)?.defence;
  return typeof value === "number" ? value : null;
}

/** Whether a user may see a target actor's defence figure: a GM always; a player for a character, or where the world shows NPC figures. */
export function maySeeDefence(actorType: unknown, user: { readonly isGM: boolean }): boolean {
  return user.isGM || !isNpcType(actorType) || npcDefencesShown();
}

/**
 * The tokens the current user targets, as a roll records them and its dialog shows them (a figure the
 * user may not see is `null`). [API13 User#targets: a set of the Token placeables the user targets]
 */
export function currentTargets(): DialogTarget[] {
  const targets = (game.user as unknown as { targets?: Iterable<TargetedToken> }).targets;
  if (!targets) return [];
  return [...targets].map((token) => {
    const name = token.document?.name ?? token.name ?? "";
    const engine = engineOf(token.actor?.type);
    const stored: RollTarget = {
      name,
      token: token.document?.uuid ?? null,
      actor: token.actor?.id ?? null,
      engine,
      verdict: "pending",
    };
    const defence = maySeeDefence(token.actor?.type, game.user) ? defenceOf(token.actor) : null;
    return { name, engine, defence, stored };
  });
}

/** The actor a stored target names: the world's actor (a token of an unlinked actor is read through its actor). */
function targetActor(target: RollTarget): TargetedToken["actor"] {
  return target.actor ? (game.actors.get(target.actor) ?? null) : null;
}

/** The world's actor a stored target names (a token of an unlinked actor is read through its actor), as the judging reads it. */
function judgedActor(target: RollTarget): JudgedActor | null {
  const actor = targetActor(target);
  if (!actor) return null;
  return {
    engine: engineOf(actor.type),
    defence: defenceOf(actor),
    shown: !isNpcType(actor.type) || npcDefencesShown(),
  };
}

/** A roll's targets judged again, or `null` when it names none, is a damage roll, or they are right already. */
function rejudged(roll: foundry.dice.Roll | undefined): unknown[] | null {
  if (!(roll instanceof EngineRoll) || roll.outcome === undefined) return null;
  const options = roll.options as { targets?: unknown; damage?: unknown; card?: unknown };
  const targets = readTargets(options.targets);
  if (targets.length === 0 || options.damage !== undefined) return null;
  const engine = (roll.constructor as typeof EngineRoll).ENGINE.id;
  const next = judgedTargets(
    { engine, request: roll.request, outcome: roll.outcome, throws: roll.throws, card: options.card },
    targets,
    judgedActor,
  );
  return JSON.stringify(next) === JSON.stringify(targets) ? null : next;
}

/**
 * Judges the targets of each of a card's rolls and writes the verdicts (runs on the active GM's
 * client, from the `createChatMessage` and `updateChatMessage` hooks). A roll without targets, a
 * damage roll (its targets are the attack's, judged there) or a roll whose verdicts are already
 * right is left alone; a card none of whose rolls changed is not written.
 *
 * @returns Whether the card was written.
 */
export async function judgeTargets(message: ChatMessage.Implementation): Promise<boolean> {
  if (!game.users.activeGM?.isSelf) return false;
  const places = new Set(rollPlaces(storedCard(message)));
  const judged = message.rolls.map((roll, place) => (places.has(place) ? rejudged(roll) : null));
  if (judged.every((next) => next === null)) return false;
  const rolls = message.rolls.map((r, place) => {
    const json = r.toJSON() as { options?: Record<string, unknown> };
    const next = judged[place];
    return next ? { ...json, options: { ...json.options, targets: next } } : json;
  });
  await message.update({ rolls } as never);
  return true;
}

/**
 * A percentile attack's request with the extra tens dice its targets need (docs/rules.md §6 "Percentile
 * defence is always applied"): one throw serves every percentile target, each reading it at its own
 * net; a target whose figure the user may not see makes the roll throw up to the cap, so the count
 * gives nothing away. Any other request (another engine's, a damage roll's, one with no percentile
 * target, or one the engine refuses, which the roll itself then reports) is returned unchanged.
 *
 * @param engine - The roll's engine.
 * @param request - The request as it will be rolled (conditions and equipment applied).
 * @param stored - The targets stored with the roll (`rollOptions.targets`).
 */
export function withTargetDice(engine: EngineId, request: unknown, stored: unknown): unknown {
  return targetDiceRequest(engine, request, stored, (t) => {
    const actor = t.actor ? (game.actors.get(t.actor) ?? null) : null;
    return actor && maySeeDefence(actor.type, game.user) ? (defenceOf(actor) ?? 0) : null;
  });
}
