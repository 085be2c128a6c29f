/**
 * Rendered chat cards, kept by everything a card shows, so a card whose roll has not changed is
 * not rendered again: Foundry renders a message's rolls each time it renders the message (the log,
 * its pop-out, the log redrawn), and a card is a template with dozens of helper
 * calls. A spend changes the roll's stored state and so the key: that card renders afresh. Pure
 * (no Foundry): the Roll classes and the chat bench use it alike.
 */
import { putBounded } from "../../engines/shared/memo.ts";

/** The most rendered cards kept (a long log's worth); past it the oldest goes. About 2.5 KB of markup and 1 KB of key each. */
export const RENDERED_CARDS_KEPT = 1000;

/** Card markup by {@link cardKey}. */
const rendered = new Map<string, string>();

/** Everything a card's markup depends on. */
export interface CardRenderInput {
  /** The card template's path. */
  readonly template: string;
  /** The language the card is written in. */
  readonly lang: string;
  /** The message flavor. */
  readonly flavor: string | null | undefined;
  /** Whether the viewer may not see the result. */
  readonly isPrivate: boolean;
  /** The roll's formula and total. */
  readonly formula: string;
  readonly total: number | null | undefined;
  /** The roll's stored options (engine, request, outcome, the card's ledgers; JSON-safe). */
  readonly options: unknown;
}

/** The key of a card: its inputs as JSON (the options are stored as JSON, so they serialise). */
export function cardKey(input: CardRenderInput): string {
  return JSON.stringify([
    input.template,
    input.lang,
    input.flavor ?? null,
    input.isPrivate,
    input.formula,
    input.total ?? null,
    input.options,
  ]);
}

/** The markup rendered before for a key, if it is still kept. */
export function renderedCard(key: string): string | undefined {
  return rendered.get(key);
}

/** Keeps the markup of a key and returns it. */
export function rememberCard(key: string, html: string): string {
  return putBounded(rendered, key, html, RENDERED_CARDS_KEPT);
}
