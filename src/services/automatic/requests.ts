/**
 * The roller's and the GM's side of an automatic success that needs the GM's approval (docs/rules.md §5:
 * the Storyteller's call; a world setting lets rollers take it freely instead). A player's roll that
 * takes an automatic success is not posted: its request goes to the GMs as a card, and nothing is
 * rolled or spent until a GM approves it there (the card controls `automaticApprove`, `automaticRefuse`).
 */
import { keptOptions } from "../../dice/index.ts";
import { EngineError, shared } from "../../engines/core.ts";
import { notify, reportError } from "../../helpers/notify.ts";
import { actionIdFor, requestGmAction } from "../gm-action.ts";
import { partOf } from "../../data/card/parts.ts";
import { namedMessage } from "../messages.ts";
import type { PreparedRoll } from "../prepared-roll.ts";
import {
  AUTOMATIC_ASK_ACTION,
  AUTOMATIC_DECIDE_ACTION,
  AUTOMATIC_FLAG,
  type AskRequest,
  type DecideRequest,
} from "./names.ts";

/** How long the asker waits for the request card to reach its own chat log after the GM posted it. */
const CARD_WAIT = 2_000;

/** The message once it is in this client's chat log (the GM's write reaches every client in turn). */
async function arrived(id: string): Promise<ChatMessage.Implementation | null> {
  const deadline = Date.now() + CARD_WAIT;
  for (;;) {
    const message = game.messages.get(id);
    if (message || Date.now() >= deadline) return message ?? null;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Sends a prepared automatic success to the GMs instead of posting it: the active GM checks it and
 * posts the request card (whispered to the GMs and this user). Nothing is rolled or spent.
 *
 * @returns The request card, or `null` when refused (the user was told why).
 */
export async function askAutomatic(prepared: PreparedRoll): Promise<ChatMessage.Implementation | null> {
  const { roll, visibility, options } = prepared;
  const speaker = options.speaker ?? ChatMessage.getSpeaker();
  const data: AskRequest = {
    request: roll.request as AskRequest["request"],
    options: keptOptions(roll.options),
    speaker: {
      scene: speaker.scene ?? null,
      actor: speaker.actor ?? null,
      token: speaker.token ?? null,
      alias: speaker.alias ?? game.user.name,
    },
    flavor: options.flavor ?? null,
    visibility,
  };
  const reply = (await requestGmAction(AUTOMATIC_ASK_ACTION, data)) as { messageId: string } | null;
  if (reply === null) return null;
  notify("info", game.i18n.localize("ROLLING_BONES.Automatic.Asked"));
  return arrived(reply.messageId);
}

/**
 * A GM answers a player's request for an automatic success: approve posts it as the player's card,
 * refuse posts nothing. A double click answers once.
 *
 * @param message - The request card.
 * @param approve - Approve (`true`) or refuse (`false`).
 */
export async function decideAutomatic(given: ChatMessage.Implementation, approve: boolean): Promise<boolean> {
  const message = namedMessage(given);
  if (!message?.id) return false;
  const request: DecideRequest = { messageId: message.id, approve: approve === true };
  // One id for both answers: whichever arrives first is the answer, the other a repeat of it.
  const id = actionIdFor(message.id, "automaticDecide", game.user.id);
  const reply = (await requestGmAction(AUTOMATIC_DECIDE_ACTION, request, id)) as { rollId?: unknown } | null;
  if (reply === null) return false;
  // The answer given first under this id stands: an approval posted a roll, a refusal none. The other
  // answer sent after it did nothing, and the user is told which answer stands.
  const approved = typeof reply.rollId === "string";
  if (approved === request.approve) return true;
  reportError(new EngineError(approved ? "AutomaticWasApproved" : "AutomaticWasRefused"));
  return false;
}

/** A GM approves a request for an automatic success. */
export function approveAutomatic(message: ChatMessage.Implementation): Promise<boolean> {
  return decideAutomatic(message, true);
}

/** A GM refuses a request for an automatic success (nothing is posted or spent). */
export function refuseAutomatic(message: ChatMessage.Implementation): Promise<boolean> {
  return decideAutomatic(message, false);
}

/** Whether a message is a request card for an automatic success (it has no roll of its own). */
export function isAutomaticRequest(message: ChatMessage.Implementation): boolean {
  // A system flag; the v13 types know no system flag keys.
  const value: unknown = partOf(message, AUTOMATIC_FLAG);
  return shared.isRecord(value);
}
