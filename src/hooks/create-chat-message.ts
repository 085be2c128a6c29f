import { onCreateRollMessage } from "../services/roll-record.ts";

/**
 * The `createChatMessage` hook (fires on every client when a message is created): on the active GM's
 * client, a new engine roll goes into the session's roll record (how rare it was, the faces entered
 * by hand) for the GM's dice report (`services/roll-record.ts`).
 *
 * @param message - The new message.
 */
export function onCreateChatMessage(message: ChatMessage.Implementation): void {
  onCreateRollMessage(message);
}
