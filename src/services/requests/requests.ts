/**
 * GM roll requests on chat cards. The GM posts a request card naming characters, an engine, a trait
 * and the engine's target; a target the GM hides goes into a note only GMs receive, never into the
 * card. Each named character's owner rolls from the card with that character (the usual roll
 * dialog, so points can be spent as on any roll); the roll carries the request's id and the active
 * GM records it on the card (`gather.ts`). The GM judges hidden targets and reveals them when they
 * choose.
 */
import { cardData } from "../../data/card/parts.ts";
import { systemPath } from "../../constants.ts";
import { fixedTraitKey } from "../../data/actor/pure.ts";
import { EngineError, shared } from "../../engines/core.ts";
import { notify, reportError } from "../../helpers/notify.ts";
import { actionIdFor, requestGmAction } from "../gm-action.ts";
import { PoolRoll } from "../../dice/index.ts";
import { messageById, messageCreate, partWrite, rollWrite } from "../messages.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { runWrites, type WriteStep } from "../transaction.ts";
import {
  ANSWER_ACTION,
  ANSWERS_OPTION,
  DIFFICULTY_HIDDEN_OPTION,
  REQUEST_FLAG,
  SECRET_FLAG,
  type AnswerRequest,
  type AnswersOption,
  type RequestRecord,
  type RequestSecret,
} from "./names.ts";
import { requestRecordOf, secretTargetOf } from "./records.ts";
import { REQUEST_TRAITS, TYPE_OF, publicSpec, rollForSpec, validateSpec, type RollRequestSpec } from "./spec.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";

/** The template of a request card's fixed part (the per-viewer rows are added when it renders). */
export const REQUEST_CARD_TEMPLATE = systemPath("templates/chat/request-card.hbs");

/** The template of the GM-only note of a hidden target. */
export const REQUEST_SECRET_TEMPLATE = systemPath("templates/chat/request-secret.hbs");

/** The trait's display text: a fixed trait's localized name, or the entry name the GM typed. */
export function traitText(spec: Pick<RollRequestSpec, "engine" | "trait">): string {
  const { kind, key } = spec.trait;
  if (kind === REQUEST_TRAITS[spec.engine].named) return key;
  const group = kind === "attribute" ? "attributes" : kind === "ability" ? "abilities" : "saves";
  return game.i18n.localize(fixedTraitKey(TYPE_OF[spec.engine], group, key));
}

/** The actors a request for an engine may name: every character of its type. */
export function requestableActors(engine: RollRequestSpec["engine"]): Actor.Implementation[] {
  return game.actors.filter((a) => a.type === TYPE_OF[engine]);
}

/** The context of a request card's fixed part. */
function cardContext(spec: RollRequestSpec) {
  return {
    engine: spec.engine,
    engineName: game.i18n.localize(`ROLLING_BONES.Engine.${spec.engine}`),
    label: spec.label,
    trait: traitText(spec),
  };
}

/**
 * Posts a roll request (GM only). A hidden target is written to a note whispered to the GMs, then
 * the card; if the card cannot be posted the note is deleted again, so nothing is half-written.
 *
 * @param raw - The request (see {@link RollRequestSpec}); checked with `validateSpec`.
 * @returns The request card, or `null` when refused (one localized message says why).
 */
export async function postRollRequest(raw: unknown): Promise<ChatMessage.Implementation | null> {
  if (!game.user.isGM) {
    notify("error", game.i18n.localize("ROLLING_BONES.Error.GmOnly"));
    return null;
  }
  let spec: RollRequestSpec;
  try {
    const engine = shared.isRecord(raw) ? raw.engine : undefined;
    const known = shared.isOwnKey(TYPE_OF, engine) ? requestableActors(engine) : [];
    spec = validateSpec(raw, new Set(known.map((a) => a.id ?? "")));
  } catch (error) {
    reportError(error);
    return null;
  }
  const names = Object.fromEntries(spec.actors.map((id) => [id, game.actors.get(id)?.name ?? id]));
  const context = cardContext(spec);
  const gms: string[] = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  // The GM-only note of a hidden target first, then the card naming it; a failure undoes both.
  const note =
    spec.hidden && spec.target !== null
      ? messageCreate({
          author: game.user.id,
          whisper: gms,
          content: await renderSystemTemplate(REQUEST_SECRET_TEMPLATE, {
            engine: spec.engine,
            target: spec.target,
            label: spec.label || context.trait,
          }),
          ...cardData({ [SECRET_FLAG]: { target: spec.target } satisfies RequestSecret }),
        })
      : null;
  const content = await renderSystemTemplate(REQUEST_CARD_TEMPLATE, context);
  const card = messageCreate(() => {
    const record: RequestRecord = {
      spec: publicSpec(spec),
      names,
      answers: {},
      secretId: note?.created()?.id ?? null,
      revealed: null,
    };
    return {
      author: game.user.id,
      speaker: { alias: game.i18n.localize("ROLLING_BONES.Request.Speaker") },
      content,
      ...cardData({ [REQUEST_FLAG]: record }),
    };
  });
  try {
    await runWrites(note ? [note, card] : [card]);
  } catch (error) {
    reportError(error);
    return null;
  }
  return card.created();
}

/** What rolling a named character's answer to a request needs: the character, the roll and its options. */
export interface RequestRoll {
  readonly actor: Actor.Implementation;
  /** The dialog's title: the request's label, else the trait's name. */
  readonly title: string;
  /** The engine and request of the character's trait with the request's public target. */
  readonly roll: ReturnType<typeof rollForSpec>;
  /** The options the roll carries (the request it answers; a hidden pool difficulty). */
  readonly rollOptions: Record<string, unknown>;
}

/**
 * Checks that the current user may roll a named character's answer to a request (an owner of the
 * character, once) and builds that roll: the request's trait of the character with the request's
 * public target. The roll dialog is the application's (`applications/requests/roll.ts`).
 *
 * @throws EngineError - When the request or the character is missing, not the user's, or answered.
 */
export function requestRoll(messageId: string, actorId: string): RequestRoll {
  const message = messageById(messageId);
  const record = requestRecordOf(message);
  if (!record) throw new EngineError("RequestMissing");
  if (!record.spec.actors.includes(actorId)) throw new EngineError("RequestCharacter", { id: actorId });
  const actor = game.actors.get(actorId);
  if (!actor) throw new EngineError("RequestCharacter", { id: actorId });
  if (!actor.isOwner) throw new EngineError("RequestNotYours", { name: actor.name });
  if (record.answers[actorId]) throw new EngineError("RequestAnswered", { name: actor.name });
  const answers: AnswersOption = { request: messageId, actor: actorId };
  // A hidden pool difficulty: the card shows the faces only, until the GM reveals it.
  const hiddenPool = record.spec.engine === "pool" && record.secretId !== null && record.revealed === null;
  return {
    actor,
    title: record.spec.label || traitText(record.spec),
    roll: rollForSpec(record.spec, actor.system),
    rollOptions: { [ANSWERS_OPTION]: answers, ...(hiddenPool ? { [DIFFICULTY_HIDDEN_OPTION]: true } : {}) },
  };
}

/**
 * Asks the active GM to record a roll on its request card. With no GM online the player is told
 * the result will be added when a GM connects (the GM's client gathers missed results on start).
 */
export async function sendAnswer(answer: AnswerRequest): Promise<boolean> {
  if (!game.users.activeGM) {
    notify("info", game.i18n.localize("ROLLING_BONES.Request.GatherLater"));
    return false;
  }
  const id = actionIdFor("answer", answer.request, answer.actor, answer.message);
  return (await requestGmAction(ANSWER_ACTION, answer, id)) !== null;
}

/**
 * Reveals a request's hidden target to everyone (GM only): the card then judges every result
 * openly, and pool rolls made while the difficulty was hidden are read at it (their cards then show
 * which dice succeeded). Revealing twice changes nothing.
 */
export async function revealRequest(messageId: string): Promise<boolean> {
  try {
    if (!game.user.isGM) throw new EngineError("GmOnly");
    const message = messageById(messageId);
    const record = requestRecordOf(message);
    if (!record) throw new EngineError("RequestMissing");
    if (record.revealed !== null || record.spec.target !== null) return true;
    const target = secretTargetOf(record);
    if (target === null) throw new EngineError("RequestSecretMissing");
    // Pool rolls made while the difficulty was hidden are read again at it (same faces), and the
    // card is revealed with them, all or nothing.
    const steps: WriteStep[] = [];
    for (const answer of Object.values(record.answers)) {
      const result = game.messages.get(answer.messageId);
      const place = result ? rollPlace(storedCard(result)) : null;
      const roll = result && place !== null ? result.rolls[place] : undefined;
      if (!result || place === null || !(roll instanceof PoolRoll) || !roll.difficultyHidden) continue;
      const {
        engine: _e,
        request: _r,
        outcome: _o,
        [DIFFICULTY_HIDDEN_OPTION]: _h,
        ...kept
      } = roll.options as Record<string, unknown>;
      const judged = await PoolRoll.fromThrows({ ...roll.request, difficulty: target }, roll.throws, kept, []);
      steps.push(rollWrite(result, place, judged.roll));
    }
    steps.push(partWrite(message, REQUEST_FLAG, { ...record, revealed: target }));
    await runWrites(steps);
    return true;
  } catch (error) {
    reportError(error);
    return false;
  }
}
