/**
 * The words of the roll grammar (`helpers/chat-commands.ts`): the chat command words, the enricher
 * names and patterns, and whether a message is a roll command. Small and loaded at startup, so the
 * `chatMessage` hook and the enrichers can recognise a roll command or link at once; the grammar
 * that reads the parameters loads on first use.
 */
import { ownValue } from "../engines/shared/own.ts";

/** The engines a command or enricher can roll. */
export type CommandEngine = "percentile" | "action" | "wild" | "pi" | "pool";

/** The chat command words and the engine each rolls (`/pct` and `/percentile` are the same). */
export const COMMAND_ENGINES: Readonly<Record<string, CommandEngine>> = Object.freeze({
  pool: "pool",
  pct: "percentile",
  percentile: "percentile",
  wild: "wild",
  pi: "pi",
  action: "action",
});

/** The enricher names (after `@Roll`) and the engine each rolls. */
export const ENRICHER_ENGINES: Readonly<Record<string, CommandEngine>> = Object.freeze({
  pool: "pool",
  pct: "percentile",
  percentile: "percentile",
  wild: "wild",
  pi: "pi",
  action: "action",
});

/**
 * The enricher pattern: `@Roll<Engine>[parameters]{label}` (the label is optional). Group 1 is the
 * engine name, group 2 the parameters, group 3 the label.
 */
export const ENRICHER_PATTERN = /@Roll(Pool|Percentile|Pct|Wild|Pi|Action)\[([^\]]*)\](?:\{([^}]*)\})?/gi;

/** The engine a command word or enricher name stands for (own entries only, in any case). */
export function engineNamed(table: Readonly<Record<string, CommandEngine>>, word: string): CommandEngine | undefined {
  return ownValue(table, word.toLowerCase());
}

/** A slash command: group 1 is the command word, group 2 the parameters. */
export const COMMAND_PATTERN = /^\s*\/([a-z]+)(?:\s+([\s\S]*))?$/i;

/**
 * Whether a chat message is one of the roll commands (well-formed or not), so that the world's
 * settings need only be read for those.
 */
export function isRollCommand(message: string): boolean {
  const word = COMMAND_PATTERN.exec(message)?.[1];
  return word !== undefined && engineNamed(COMMAND_ENGINES, word) !== undefined;
}
