/** Which GM roll request a roll answers, read from the roll's options (every client). */
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { ANSWERS_OPTION, type AnswersOption } from "./names.ts";

/** The request a card's (first) roll says it answers, or `null`. */
export function answersOf(message: ChatMessage.Implementation): AnswersOption | null {
  const place = rollPlace(storedCard(message));
  const roll = place === null ? undefined : message.rolls[place];
  const option = (roll?.options as Record<string, unknown> | undefined)?.[ANSWERS_OPTION];
  if (typeof option !== "object" || option === null) return null;
  const o = option as Partial<AnswersOption>;
  return typeof o.request === "string" && typeof o.actor === "string" ? { request: o.request, actor: o.actor } : null;
}
