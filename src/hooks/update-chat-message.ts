import { answersOf } from "../services/requests/answers.ts";
import { judgeTargetsLater } from "./judge-targets.ts";

/** The chat log's re-render of one message, as far as this hook needs it. */
interface ChatLogLike {
  updateMessage(message: ChatMessage.Implementation, notify?: boolean): unknown;
}

/**
 * The `updateChatMessage` hook: a changed roll card is judged again against its targets (on the active
 * GM's client); and when a roll made for a GM roll request changes (an action die added, a re-roll, a
 * pick), its request card is drawn again on this client, so the result and verdict it shows follow the roll.
 *
 * @param message - The updated message.
 */
export function onUpdateChatMessage(message: ChatMessage.Implementation): void {
  // A changed roll (an action die added, a botch activated) is judged again against its targets (the active GM).
  judgeTargetsLater(message);
  const answers = answersOf(message);
  if (!answers) return;
  const card = game.messages.get(answers.request);
  // The chat log (ui.chat) re-renders a message in place; it is absent before the UI is ready.
  const log = (ui as unknown as { chat?: ChatLogLike }).chat;
  if (card && log) void log.updateMessage(card);
}
