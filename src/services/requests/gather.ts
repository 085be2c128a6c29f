/**
 * The GM side of roll requests: recording a character's roll on its request card. Runs on the
 * active GM (the `requestAnswer` privileged action, and once when the GM's client starts, for rolls
 * made while no GM was online). Everything is checked against the messages themselves: the roll's
 * author is the asker, the roll carries this request and character, the asker owns the character,
 * the roll is of the request's engine and spoken by that character, and the character has not
 * answered yet. The first valid roll of each character counts; recording it again is a no-op.
 */
import { EngineRoll } from "../../dice/index.ts";
import { EngineError, shared } from "../../engines/core.ts";
import type { ActionContext } from "../gm-action.ts";
import { messageById, partWrite, rollAt } from "../messages.ts";
import { answersOf } from "./answers.ts";
import { REQUEST_FLAG, type AnswerRequest, type RequestRecord } from "./names.ts";

export { answersOf } from "./answers.ts";
import { requestRecordOf } from "./records.ts";

/** Checks an answer; returns the request card and its record, or throws the refusal. */
function check(
  asker: User.Implementation,
  data: AnswerRequest,
): { card: ChatMessage.Implementation; record: RequestRecord; repeated: boolean } {
  const card = messageById(data.request);
  const record = requestRecordOf(card);
  if (!record) throw new EngineError("RequestMissing");
  const actorId = shared.textOf(data.actor);
  const actor = game.actors.get(actorId);
  if (!actor || !record.spec.actors.includes(actorId)) throw new EngineError("RequestCharacter", { id: actorId });
  const result = messageById(data.message);
  if (result.author?.id !== asker.id) throw new EngineError("ForgedRequest");
  const answers = answersOf(result);
  const roll = rollAt(result);
  const engine = roll instanceof EngineRoll ? (roll.constructor as typeof EngineRoll).ENGINE.id : null;
  if (
    answers?.request !== card.id ||
    answers.actor !== actorId ||
    engine !== record.spec.engine ||
    result.speaker?.actor !== actorId ||
    !(roll instanceof EngineRoll) ||
    roll.outcome === undefined
  )
    throw new EngineError("RequestWrongRoll");
  if (!asker.isGM && !actor.testUserPermission(asker, "OWNER"))
    throw new EngineError("RequestNotYours", { name: actor.name });
  const earlier = record.answers[actorId];
  if (earlier) {
    if (earlier.messageId === result.id) return { card, record, repeated: true };
    throw new EngineError("RequestAnswered", { name: actor.name });
  }
  return { card, record, repeated: false };
}

/**
 * Records a character's roll on its request card (the privileged action; the asker is the roller).
 *
 * @returns Whether it had been recorded already.
 */
export async function runAnswer(
  { asker }: Pick<ActionContext, "asker">,
  data: AnswerRequest,
): Promise<{ repeated: boolean }> {
  const { card, record, repeated } = check(asker, data);
  if (repeated) return { repeated };
  const answer = { messageId: shared.textOf(data.message), userId: asker.id ?? "" };
  await partWrite(card, REQUEST_FLAG, {
    ...record,
    answers: { ...record.answers, [shared.textOf(data.actor)]: answer },
  }).apply();
  return { repeated: false };
}

/**
 * Records every roll made for a request that its card does not show yet (rolls made while no GM
 * was online). Runs on the active GM's client when it starts; invalid ones are skipped.
 *
 * @returns How many were recorded.
 */
export async function gatherMissedAnswers(): Promise<number> {
  let recorded = 0;
  for (const message of game.messages) {
    const answers = answersOf(message);
    const author = message.author;
    if (!answers || !author || !message.id) continue;
    try {
      const result = await runAnswer({ asker: author }, { ...answers, message: message.id });
      if (!result.repeated) recorded++;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
    }
  }
  return recorded;
}
