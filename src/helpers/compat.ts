/**
 * Every known difference between Foundry v13 and v14 that the system touches, in one place, keyed on
 * `game.release.generation` (docs/foundry-notes.md §13):
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

/** The running Foundry build (351, 369 …), or 0 when unknown. [API13 ReleaseData#build] */
export function releaseBuild(): number {
  const build = (game.release as { build?: unknown } | undefined)?.build;
  return typeof build === "number" ? build : 0;
}

/** The running Foundry version as it names itself (`13.351`), or the generation when it gives none. [API13 ReleaseData#version] */
export function releaseVersion(): string {
  const version = (game.release as { version?: unknown } | undefined)?.version;
  return typeof version === "string" && version !== "" ? version : String(generation());
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

/**
 * The visibility a caller's message options ask for (v13 `rollMode`, v14 `messageMode`, as core's
 * `Combat#rollInitiative` takes them in `messageOptions`), or `undefined` when they name none.
 * [API13 Combat#rollInitiative; API14 ChatMessage modes; docs/foundry-notes.md §13]
 */
export function visibilityOfMessageOptions(options: unknown): Visibility | undefined {
  if (typeof options !== "object" || options === null) return undefined;
  const { rollMode, messageMode } = options as { rollMode?: unknown; messageMode?: unknown };
  const mode = generation() >= 14 ? (messageMode ?? rollMode) : rollMode;
  return typeof mode === "string" && mode !== "roll" ? toVisibility(mode) : undefined;
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

/**
 * The update that replaces an object field whole with `value`, so keys the new value lacks leave the
 * stored data (even keys the schema no longer defines, which a deletion cannot reach: v14 drops a
 * `ForcedDeletion` of a key absent from the document's source, observed on 14.365,
 * victorharry/tormenta20-foundry MIGRACAO-V13-V14.md §7). v13 writes the `==key` forced replacement
 * (FI#11273; API13 foundry.utils.isDeletionKey); v14 the `ForcedReplacement` operator, which always
 * enters the update (same notes; API14 foundry.data.operators.ForcedReplacement).
 *
 * @param path - The field's path, e.g. `system`.
 * @param value - Its new value.
 * @returns The update data.
 */
export function replacementUpdate(path: string, value: object): Record<string, unknown> {
  if (generation() >= 14) {
    // v14 only; the v13 types do not know `foundry.data.operators`.
    const data = foundry.data as unknown as { operators: { ForcedReplacement: { create(v: object): unknown } } };
    return { [path]: data.operators.ForcedReplacement.create(value) };
  }
  const parts = path.split(".");
  const last = parts.pop() as string;
  return { [[...parts, `==${last}`].join(".")]: value };
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
 * v14's default priority of each change type the system uses. [API14 CONST.ACTIVE_EFFECT_CHANGE_TYPES:
 * add 20, override 50, https://foundryvtt.com/api/v14/variables/CONST.ACTIVE_EFFECT_CHANGE_TYPES.html]
 */
const V14_PRIORITIES: Readonly<Record<EffectChangeKind, number>> = { add: 20, override: 50 };

/**
 * An Active Effect change in the running generation's shape: v13 `{ key, value, mode, priority }`;
 * v14 `{ key, value, type, phase, priority }`, every change of Active Effects V2 having a type, a phase
 * and a priority (FI#13740). The system's changes adjust its own rolls, read by the system itself, so
 * they apply in the first phase. [API14 CONST.ACTIVE_EFFECT_CHANGE_PHASES: `initial`, `final`]
 *
 * @param key - The changed path.
 * @param value - The value, as text (v14 reads a text holding JSON as what it holds).
 * @param kind - How it combines.
 */
export function effectChange(key: string, value: string, kind: EffectChangeKind): Record<string, unknown> {
  if (generation() >= 14) return { key, value, type: kind, phase: "initial", priority: V14_PRIORITIES[kind] };
  return { key, value, mode: V13_EFFECT_MODES[kind], priority: null };
}

/**
 * The data of an Active Effect with these changes, in the running generation's shape: v13 keeps the
 * changes at the top level (`changes`); v14 in the effect's type data (`system.changes`), where the
 * top-level field is a deprecated shim (FI#13740 "Migrate ActiveEffect#changes to
 * ActiveEffect#system#changes"; API14 foundry.documents.ActiveEffect#system).
 *
 * @param data - The effect's other data (name, img, transfer…).
 * @param changes - The changes, each made by {@link effectChange}.
 */
export function effectData<D extends object>(data: D, changes: readonly unknown[]): D & Record<string, unknown> {
  if (generation() >= 14) return { ...data, system: { changes: [...changes] } };
  return { ...data, changes: [...changes] };
}

/** An Active Effect as {@link effectChanges} reads it: either generation's members. */
export interface EffectChangesHolder {
  /** v13: the changes (v14: a deprecated shim, never read there). */
  readonly changes?: unknown;
  /** v14: the type data holding the changes. */
  readonly system?: unknown;
}

/**
 * The changes of an Active Effect, read where the running generation keeps them (v13 `changes`, v14
 * `system.changes`); each is a plain record (v13: key, value, mode; v14: key, value, type, phase and
 * priority, the value text or what its JSON holds). [FI#13740; API13/API14 ActiveEffect]
 */
export function effectChanges(effect: EffectChangesHolder): readonly Record<string, unknown>[] {
  const list: unknown =
    generation() >= 14 ? (effect.system as { changes?: unknown } | null | undefined)?.changes : effect.changes;
  return Array.isArray(list)
    ? (list as unknown[]).filter((c): c is Record<string, unknown> => typeof c === "object" && c !== null)
    : [];
}

/**
 * v14's `CONFIG.statusEffects`, a record of status effects keyed by id; the compiler knows v13's array
 * only. [API14 CONFIG.statusEffects, https://foundryvtt.com/api/v14/variables/CONFIG.statusEffects.html]
 */
type StatusEffectRecord = Record<string, { readonly id: string } & Record<string, unknown>>;

/**
 * Registers status effects for the token HUD and `Actor#toggleStatusEffect`: v13 pushes them onto the
 * `CONFIG.statusEffects` array; v14 keeps a record keyed by id, where `push` does not exist (FI#13122;
 * a v14 system crashed at `init` with "statusEffects.push is not a function", Destroyed-Faith/
 * masterySystem CHANGELOG 0.9.199). An entry's changes are in the generation's shape: v14's
 * StatusEffectConfig is ActiveEffect data, so its changes go in `system.changes` (API14
 * CONFIG.StatusEffectConfig: `_StatusEffectConfig & Partial<ActiveEffectData>`).
 *
 * @param entries - Each status effect: its id, name (a localization key), icon and changes.
 */
export function registerStatusEffects(
  entries: readonly {
    readonly id: string;
    readonly name: string;
    readonly img: string;
    readonly changes: readonly unknown[];
  }[],
): void {
  const configs = entries.map(({ changes, ...rest }) => effectData(rest, changes));
  if (generation() >= 14) {
    const record = CONFIG.statusEffects as unknown as StatusEffectRecord;
    for (const config of configs) record[config.id] = config;
    return;
  }
  CONFIG.statusEffects.push(...(configs as unknown as typeof CONFIG.statusEffects));
}

/** The status effects registered, whatever the generation's container (v13 array, v14 record by id). */
export function statusEffectList(): readonly ({ readonly id: string } & Record<string, unknown>)[] {
  const config: unknown = CONFIG.statusEffects;
  return Array.isArray(config)
    ? (config as ({ id: string } & Record<string, unknown>)[])
    : Object.values(config as StatusEffectRecord);
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
export interface ChatCommandEntry {
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

/** A command of v14's chat-command registry by its name, or `undefined` (always on v13, which has none). */
export function chatCommandEntry(name: string): ChatCommandEntry | undefined {
  const registry = chatCommandRegistry();
  return registry && Object.hasOwn(registry, name) ? registry[name] : undefined;
}

/**
 * The keys an update changed at one level, a deleted key by its own name: v13 writes a deletion as a
 * `-=key` entry, v14 as the key with an operator for its value (API14 foundry.data.operators).
 *
 * @param changes - One level of an update's (expanded) data.
 */
export function changedKeys(changes: unknown): string[] {
  if (typeof changes !== "object" || changes === null) return [];
  return Object.keys(changes).map((key) => (key.startsWith("-=") || key.startsWith("==") ? key.slice(2) : key));
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
 * The expiry event of the system's timed conditions on v14. Who ends them: the system, never core.
 * Core ends an effect whose expiry is one of its own events (`turnEnd`, `roundEnd` …) on its own
 * count and, by default, only marks it expired and inactive; "other events can be defined by systems
 * and modules, with their handling also left to them" [API14 CONST.ACTIVE_EFFECT_EXPIRY_EVENTS,
 * https://foundryvtt.com/api/variables/CONST.ACTIVE_EFFECT_EXPIRY_EVENTS.html; CONFIG.ActiveEffect
 * `expiryEvents` ("additional expiry events registered by packages") and `expiryAction`,
 * https://foundryvtt.com/api/v14/variables/CONFIG.ActiveEffect.html]. docs/rules.md §6 counts a round as the
 * bearer's own turn, which core does not, so the conditions carry this event of the system's: core
 * neither disables them on its count nor ends them a second time, and the active GM removes them when
 * the system's count runs out (`services/harm/durations.ts`). v13 core ends no effect by itself.
 */
export const SYSTEM_EXPIRY_EVENT = `${SYSTEM_ID}.turnEnd`;

/**
 * Registers {@link SYSTEM_EXPIRY_EVENT} with core on v14 (`CONFIG.ActiveEffect.expiryEvents`, its key
 * and label), so an effect may name it; nothing on v13, whose effects have no expiry event.
 */
export function registerExpiryEvent(label: string): void {
  if (generation() < 14) return;
  // v14's `CONFIG.ActiveEffect.expiryEvents` (a record of id → label); fvtt-types stops at v13.
  const config = CONFIG.ActiveEffect as unknown as { expiryEvents?: Record<string, string> };
  config.expiryEvents ??= {};
  config.expiryEvents[SYSTEM_EXPIRY_EVENT] = label;
}

/**
 * The duration fields of a new effect lasting a number of rounds or turns, in the running
 * generation's shape. v13: `duration.rounds` or `duration.turns` with `combat`, `startRound`,
 * `startTurn` [API13 EffectDurationData]. v14: `duration.value` and `units` with the system's own
 * expiry event ({@link SYSTEM_EXPIRY_EVENT}: the system, not core, ends it), and where it started in
 * `start` [API14 ActiveEffectDuration, EffectStartData].
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
      duration: { value, units, expiry: SYSTEM_EXPIRY_EVENT },
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

/** Whether an effect is one of the system's timed conditions (its `timed` flag). */
function systemTimed(effect: { readonly flags?: unknown }): boolean {
  const flags =
    typeof effect.flags === "object" && effect.flags !== null ? (effect.flags as Record<string, unknown>) : {};
  const own = flags[SYSTEM_ID];
  return typeof own === "object" && own !== null && (own as Record<string, unknown>).timed === true;
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
  readonly flags?: unknown;
}): EffectDuration | null {
  const { duration } = effect;
  if (generation() >= 14) {
    const units = textIn(duration, "units");
    const value = numberIn(duration, "value");
    if ((units !== "rounds" && units !== "turns") || value === null || value < 1) return null;
    const expiry = textIn(duration, "expiry");
    // The system's event; `turnEnd` only on a condition an earlier version made (flagged `timed`),
    // which core may also mark expired: the system still removes it on its own count.
    if (expiry !== SYSTEM_EXPIRY_EVENT && !(expiry === "turnEnd" && systemTimed(effect))) return null;
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

/** A context-menu entry in the system's own terms, the same on both generations. */
export interface MenuEntry {
  /** The label (a localization key, as core localizes it). */
  readonly label: string;
  /** The icon's HTML, e.g. `<i class="fa-solid fa-heart"></i>`. */
  readonly icon: string;
  /** Whether the entry shows for this element (the message's or document's row). */
  readonly visible?: (target: HTMLElement) => boolean;
  /** What choosing it does. */
  readonly onClick: (target: HTMLElement) => unknown;
}

/**
 * A context-menu entry (e.g. for the `getChatMessageContextOptions` hook) in the running generation's
 * names: v13 name, icon, condition(li) and callback(li); v14 label, icon, visible(target) and
 * onClick(event, target), where the v13 names log a deprecation and go in v16 (docs/foundry-notes.md
 * §13.1; API13 ContextMenuEntry; API14 ContextMenuEntry).
 */
export function contextMenuEntry(entry: MenuEntry): Record<string, unknown> {
  const { label, icon, visible, onClick } = entry;
  if (generation() >= 14) {
    return {
      label,
      icon,
      ...(visible ? { visible: (target: HTMLElement) => visible(target) } : {}),
      onClick: (_event: Event | null, target: HTMLElement) => onClick(target),
    };
  }
  return {
    name: label,
    icon,
    ...(visible ? { condition: (li: HTMLElement) => visible(li) } : {}),
    callback: (li: HTMLElement) => onClick(li),
  };
}
