/**
 * Where each of a card's rolls is drawn in a rendered message. Core draws a roll message's rolls, in
 * order, as its content, after any content of its own (docs/foundry-notes.md §3); each of our rolls
 * draws one `section.rb-card`. So a card's roll sections are the last top-level card sections of the
 * message's content, one per roll of the message. A view draws each roll's controls into that roll's
 * section, and a pressed control is the roll's whose section holds it: a card with several rolls
 * (two sides of a contest, a group) keeps each roll's controls to that roll.
 */
import { rollPlaces, storedCard } from "../../data/card/parts.ts";

/** The top-level card sections of a rendered message's content. */
function cardSections(html: HTMLElement): HTMLElement[] {
  const content = html.querySelector<HTMLElement>(".message-content") ?? html;
  return [...content.children].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el.matches("section.rb-card"),
  );
}

/** One of a card's rolls as drawn: its place in the message's rolls and its section. */
export interface RollSection {
  readonly place: number;
  readonly section: HTMLElement;
}

/**
 * The name a roll's controls build their element ids from: the message's id for its first roll, with
 * the roll's place after it for any other (two rolls of one card never share an id).
 */
export function rollKey(messageId: string, place: number): string {
  return place === 0 ? messageId : `${messageId}-${place}`;
}

/** The card's rolls that are drawn in `html`, each with its section, in card order. */
export function rollSections(message: ChatMessage.Implementation, html: HTMLElement): RollSection[] {
  const sections = cardSections(html);
  const first = sections.length - message.rolls.length;
  if (first < 0) return [];
  return rollPlaces(storedCard(message)).flatMap((place) => {
    const section = sections[first + place];
    return section ? [{ place, section }] : [];
  });
}

/**
 * The card's roll whose section holds `element` (a pressed control), or the card's first roll when
 * none does (a control drawn outside every roll's section).
 */
export function rollSectionOf(
  message: ChatMessage.Implementation,
  html: HTMLElement,
  element: Element,
): RollSection | null {
  const drawn = rollSections(message, html);
  return drawn.find(({ section }) => section.contains(element)) ?? drawn[0] ?? null;
}
