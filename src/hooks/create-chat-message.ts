import { onCreateRollMessage } from "../services/roll-record.ts";
import { judgeTargetsLater } from "./judge-targets.ts";

/**
 * The `createChatMessage` hook: on the active GM's client, a new roll card that names targets gets a
 * verdict for each (services/targets.ts), and a new engine roll goes into the session's roll record
 * (how rare it was, the faces entered by hand) for the GM's dice report (`services/roll-record.ts`).
 * [API13 hookEvents.createDocument]
 *
 * @param message - The new message.
 */
export function onCreateChatMessage(message: ChatMessage.Implementation): void {
  judgeTargetsLater(message);
  onCreateRollMessage(message);
}
