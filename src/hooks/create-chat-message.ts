import { judgeTargetsLater } from "./judge-targets.ts";

/**
 * The `createChatMessage` hook: on the active GM's client, a new roll card that names targets gets a
 * verdict for each (services/targets.ts). [API13 hookEvents.createDocument]
 *
 * @param message - The new message.
 */
export function onCreateChatMessage(message: ChatMessage.Implementation): void {
  judgeTargetsLater(message);
}
