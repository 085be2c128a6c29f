/**
 * Every known difference between Foundry v13 and v14 that the system touches, in one place, keyed on
 * `game.release.generation` (FOUNDRY-NOTES.md §13):
 * - v13 reads the chat visibility from the core `rollMode` setting and passes `{ rollMode }` to
 *   `ChatMessage.create`; v14 reads `messageMode` (the old key reads back null) and passes `{ messageMode }`.
 * - v13 mode ids are `publicroll`/`gmroll`/`blindroll`/`selfroll`; v14 uses `public`/`gm`/`blind`/`self`
 *   plus `ic`.
 * - v14 has a registry of chat commands (`ChatLog.CHAT_COMMANDS`); v13 has none, and a system reads
 *   its commands in the `chatMessage` hook.
 */
import { SYSTEM_ID } from "../constants.ts";

/** A chat visibility mode in the system's own terms, the same on both generations. */
export type Visibility = "public" | "gm" | "blind" | "self";

const V13_IDS: Record<Visibility, string> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** The running Foundry generation (13 or 14). */
export function generation(): number {
  return game.release?.generation ?? 13;
}

/**
 * Turns any generation's mode id (or ours) into a {@link Visibility}; unknown ids are public, and
 * v14's "in character" mode is public as far as dice are concerned.
 */
export function toVisibility(mode: string | null | undefined): Visibility {
  switch (mode) {
    case "gm":
    case "gmroll":
      return "gm";
    case "blind":
    case "blindroll":
      return "blind";
    case "self":
    case "selfroll":
      return "self";
    default:
      return "public";
  }
}

/** The mode the user has chosen in the chat controls. */
export function currentVisibility(): Visibility {
  // v14 renamed the core setting; fvtt-types (v13) does not know the new key.
  const key = generation() >= 14 ? "messageMode" : "rollMode";
  const settings = game.settings as unknown as { get(ns: string, key: string): unknown };
  return toVisibility(settings.get("core", key) as string | null);
}

/** The options `ChatMessage.create` takes to apply a visibility on the running generation. */
export function messageModeOptions(visibility: Visibility): { rollMode: string } | { messageMode: string } {
  return generation() >= 14 ? { messageMode: visibility } : { rollMode: V13_IDS[visibility] };
}

/**
 * The update that deletes one key of an object field (an entry of a `TypedObjectField`): v13 uses
 * the `-=key` syntax; v14 deprecates it for the `ForcedDeletion` operator (removed in v16).
 *
 * @param path - The object's path, e.g. `system.skills`.
 * @param key - The key to delete.
 * @returns The update data.
 */
export function deletionUpdate(path: string, key: string): Record<string, unknown> {
  if (generation() >= 14) {
    // v14 only; the v13 types do not know `foundry.data.operators`.
    const data = foundry.data as unknown as { operators: { ForcedDeletion: { create(): unknown } } };
    return { [`${path}.${key}`]: data.operators.ForcedDeletion.create() };
  }
  return { [`${path}.-=${key}`]: null };
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The text a user typed in the chat box. v13 hands the `chatMessage` hook the typed text; v14's chat
 * input is a rich-text editor, so the hook receives its HTML (`<p>/pool 6 7</p>`): paragraphs and
 * line breaks become new lines, other markup is dropped and entities are decoded.
 *
 * @param message - What the `chatMessage` hook received.
 * @returns The plain text.
 */
export function chatInputText(message: string): string {
  if (!message.trimStart().startsWith("<") || generation() < 14) return message;
  return message
    .replace(/<br\s*\/?>|<\/p>\s*<p[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

/** How an Active Effect change combines with the figure it changes (the two kinds the system's conditions use). */
export type EffectChangeKind = "add" | "override";

/**
 * v13 numbers an Active Effect change's mode (`CONST.ACTIVE_EFFECT_MODES`: ADD 2, OVERRIDE 5);
 * v14's Active Effects name a change's type by a string (`CONST.ACTIVE_EFFECT_CHANGE_TYPES`:
 * `add`, `override`; a change is `{ key, type, value, phase, priority }`). [API13
 * CONST.ACTIVE_EFFECT_MODES; API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES and ActiveEffectChangeData,
 * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html]
 */
const V13_EFFECT_MODES: Readonly<Record<EffectChangeKind, number>> = { add: 2, override: 5 };

/**
 * An Active Effect change in the running generation's shape.
 *
 * @param key - The changed path.
 * @param value - The value, as text (both generations store a change's value as a string).
 * @param kind - How it combines.
 */
export function effectChange(key: string, value: string, kind: EffectChangeKind): Record<string, unknown> {
  if (generation() >= 14) return { key, value, type: kind };
  return { key, value, mode: V13_EFFECT_MODES[kind], priority: null };
}

/**
 * How a stored change combines, read from either generation's shape (a v13 numeric mode, or a v14
 * type name); `null` for any other kind (multiply, upgrade, custom…), which the system's conditions never use.
 */
export function effectChangeKind(change: {
  readonly mode?: unknown;
  readonly type?: unknown;
}): EffectChangeKind | null {
  if (change.type === "add" || change.mode === V13_EFFECT_MODES.add) return "add";
  if (change.type === "override" || change.mode === V13_EFFECT_MODES.override) return "override";
  return null;
}

/**
 * A v14 chat command: the pattern the typed text is matched against and what runs it, in the context
 * of the chat log, with the command's name, the match, the chat data and the creation options;
 * `false` means no chat message is posted for it. [API14 foundry.ChatCommandCallback; public v14
 * code registers `{ rgx, fn }` under its own key, e.g. Pokerole-Software-Development/foundry-pokerole
 * module/pokerole.mjs, verified 14.364]
 */
interface ChatCommandEntry {
  rgx: RegExp;
  fn: (command: string, match: unknown, chatData: object, createOptions: object) => Promise<false | void>;
}

/** v14's chat-command registry, or `null` on v13 (and on a v14 build without one). */
function chatCommandRegistry(): Record<string, ChatCommandEntry> | null {
  if (generation() < 14) return null;
  // The v13 types do not know the v14 registry.
  const tabs = (foundry.applications as unknown as { sidebar?: { tabs?: { ChatLog?: { CHAT_COMMANDS?: unknown } } } })
    .sidebar?.tabs;
  const registry = tabs?.ChatLog?.CHAT_COMMANDS;
  return typeof registry === "object" && registry !== null ? (registry as Record<string, ChatCommandEntry>) : null;
}

/** The full text a command's match stands for (a multi-line command's first line set). */
function matchedText(match: unknown): string {
  const first: unknown = Array.isArray(match) ? match[0] : match;
  const text: unknown = Array.isArray(first) ? first[0] : first;
  return typeof text === "string" ? text : "";
}

let commandsRegistered = false;

/**
 * Registers the system's slash commands with v14's chat-command registry: each command word
 * (`/pool …`) is matched at the start of the text, as typed or as the editor's paragraph, and `run`
 * gets the plain text. Nothing is registered on v13 (the `chatMessage` hook reads the commands).
 *
 * @param words - The command words, without the slash.
 * @param run - Runs a command typed as this text; `true` when it was one of ours (no message is posted).
 * @returns Whether the registry took the commands.
 */
export function registerChatCommands(words: readonly string[], run: (text: string) => boolean): boolean {
  const registry = chatCommandRegistry();
  commandsRegistered = registry !== null;
  if (!registry) return false;
  for (const word of words) {
    registry[`${SYSTEM_ID}.${word}`] = {
      rgx: new RegExp(`^\\s*(?:<p>)?\\s*/${word}(?=\\s|<|$)[\\s\\S]*$`, "i"),
      fn: (_command, match) => Promise.resolve(run(chatInputText(matchedText(match))) ? false : undefined),
    };
  }
  return true;
}

/** Whether v14's registry runs the system's commands (so the `chatMessage` hook leaves them alone). */
export function chatCommandsRegistered(): boolean {
  return commandsRegistered && chatCommandRegistry() !== null;
}

/** A combat position a timed effect starts at (as the harm model reads it), with the combat and the bearer's combatant. */
export interface EffectStart {
  readonly combat: string;
  readonly combatant: string | null;
  readonly round: number;
  readonly turn: number;
}

/** A timed effect's duration as the system reads it from either generation's shape. */
export interface EffectDuration {
  readonly units: "rounds" | "turns";
  readonly value: number;
  /** The combat it started in and where, or `null` (put on outside combat). */
  readonly start: EffectStart | null;
}

/**
 * The duration fields of a new effect lasting a number of rounds or turns, in the running
 * generation's shape. v13: `duration.rounds` or `duration.turns` with `combat`, `startRound`,
 * `startTurn` [API13 EffectDurationData]. v14: `duration.value` and `units` with the expiry event
 * `turnEnd`, which the system handles (core handles round starts and ends), and where it started in
 * `start` [API14 ActiveEffectDuration, EffectStartData, CONST.ACTIVE_EFFECT_EXPIRY_EVENTS; the
 * system's turn-end job: MetaMorphic-Digital/torgeternity#668, foundryvtt/crucible#607].
 *
 * @param units - Rounds or turns.
 * @param value - How many.
 * @param start - Where it starts, or `null` outside combat.
 */
export function timedEffectFields(
  units: "rounds" | "turns",
  value: number,
  start: EffectStart | null,
): Record<string, unknown> {
  if (generation() >= 14) {
    return {
      duration: { value, units, expiry: "turnEnd" },
      start: start
        ? { combat: start.combat, combatant: start.combatant, round: start.round, turn: start.turn }
        : { combat: null, combatant: null, round: null, turn: null },
    };
  }
  return {
    duration: {
      [units]: value,
      ...(start ? { combat: start.combat, startRound: start.round, startTurn: start.turn } : {}),
    },
  };
}

/** A number field of a record, or `null`. */
function numberIn(record: unknown, key: string): number | null {
  const value = typeof record === "object" && record !== null ? (record as Record<string, unknown>)[key] : undefined;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A text field of a record, or `null`. */
function textIn(record: unknown, key: string): string | null {
  const value = typeof record === "object" && record !== null ? (record as Record<string, unknown>)[key] : undefined;
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * An effect's duration in rounds or turns, read from the running generation's shape; `null` for an
 * effect without one the system counts (none, a duration in time, both rounds and turns on v13, a
 * v14 duration whose expiry core handles).
 *
 * @param effect - The effect's `duration` (and on v14 its `start`).
 */
export function effectDurationOf(effect: {
  readonly duration?: unknown;
  readonly start?: unknown;
}): EffectDuration | null {
  const { duration } = effect;
  if (generation() >= 14) {
    const units = textIn(duration, "units");
    const value = numberIn(duration, "value");
    if ((units !== "rounds" && units !== "turns") || value === null || value < 1) return null;
    if (textIn(duration, "expiry") !== "turnEnd") return null;
    const combat = textIn(effect.start, "combat");
    const round = numberIn(effect.start, "round");
    const turn = numberIn(effect.start, "turn");
    const start =
      combat && round !== null && turn !== null
        ? { combat, combatant: textIn(effect.start, "combatant"), round, turn }
        : null;
    return { units, value, start };
  }
  const rounds = numberIn(duration, "rounds") ?? 0;
  const turns = numberIn(duration, "turns") ?? 0;
  if (rounds > 0 === turns > 0) return null;
  const combat = textIn(duration, "combat");
  const round = numberIn(duration, "startRound");
  const turn = numberIn(duration, "startTurn");
  const start = combat && round !== null && turn !== null ? { combat, combatant: null, round, turn } : null;
  return rounds > 0 ? { units: "rounds", value: rounds, start } : { units: "turns", value: turns, start };
}
