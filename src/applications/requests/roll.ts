/**
 * A named character's answer to a GM roll request, rolled from the request card: the request's trait
 * of that character, with the request's public target, in the usual roll dialog (Shift rolls at
 * once), so points can be spent as on any roll. The checks and the roll are the service's
 * (`services/requests/requests.ts` `requestRoll`); the active GM then records the roll on the card.
 */
import { reportError } from "../../helpers/notify.ts";
import { requestRoll, sendAnswer, type RequestRoll } from "../../services/requests/requests.ts";
import { openRollDialog } from "../dialogs/open.ts";
import { isAutomaticRequest } from "../../services/automatic/index.ts";

/**
 * Rolls a named character's answer to a request. Only an owner of the character may roll it, once;
 * the roll is then recorded on the card by the active GM (or, with no GM online, when a GM connects).
 *
 * @returns The posted roll, or `null` when refused or cancelled.
 */
export async function rollForRequest(
  messageId: string,
  actorId: string,
  event?: Event | null,
): Promise<ChatMessage.Implementation | null> {
  let asked: RequestRoll;
  try {
    asked = requestRoll(messageId, actorId);
  } catch (error) {
    reportError(error);
    return null;
  }
  const { actor, title, roll, rollOptions } = asked;
  const posted = await openRollDialog(roll.engine, {
    actor,
    title,
    initial: roll.request as never,
    event: event ?? null,
    rollOptions,
  });
  if (!posted?.id) return posted;
  // An automatic success asked of the GM is a request card, not the roll: the GM records the roll on approval.
  if (isAutomaticRequest(posted)) return posted;
  await sendAnswer({ request: messageId, actor: actorId, message: posted.id });
  return posted;
}
