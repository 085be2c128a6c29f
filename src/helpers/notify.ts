import { ERROR_PREFIX, EngineError, SHOWN_KINDS, shownKindKey } from "../engines/shared/core.ts";
import { artErrorData, isArtError } from "./art-errors.ts";
import { escapeHTML } from "./html.ts";

/** The part of `game.i18n` that error messages read (the lab passes its own localization). */
export interface ErrorLocalizer {
  has(key: string): boolean;
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/**
 * The label of a request field named in an error: `difficulty` → "Difficulty", `pool[2]` → "Pool (3)".
 * Unknown names are shown as they are.
 */
export function fieldLabel(field: string, i18n: ErrorLocalizer = game.i18n): string {
  const [, base = field, index] = /^([A-Za-z]+)(?:\[(\d+)\])?/.exec(field) ?? [];
  const key = `ROLLING_BONES.Field.${base}`;
  if (!i18n.has(key)) return field;
  const label = i18n.localize(key);
  return index === undefined ? label : `${label} (${Number(index) + 1})`;
}

/**
 * The localized text of an engine error, with a named request field shown by its label (and an
 * Action Results Table error's place and level in words).
 *
 * @param error - The engine error.
 * @param i18n - The localization to read (Foundry's `game.i18n` unless given).
 */
export function errorMessage(error: EngineError, i18n: ErrorLocalizer = game.i18n): string {
  // An Action Results Table error names its place and level in words, not the file's path and ids.
  if (isArtError(error)) return i18n.format(error.key, artErrorData(error, i18n));
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(error.data)) data[k] = String(v);
  // A value the error names by its kind ("a list"), in words; a name that was no text, as such.
  for (const [k, v] of Object.entries(data)) {
    if (!SHOWN_KEYS.has(v)) continue;
    data[k] = i18n.localize(k === "name" ? `${ERROR_PREFIX}Shown.name` : v);
  }
  if (data.field) data.field = fieldLabel(data.field, i18n);
  // A kind of roll by its name ("Saving throw"), a user by their name: never an id.
  if (data.kind && ROLL_KIND_ERRORS.has(error.key) && i18n.has(`${KIND_PREFIX}${data.kind}`)) {
    data.kind = i18n.localize(`${KIND_PREFIX}${data.kind}`);
  }
  if (data.user) data.user = worldName(data.user) ?? i18n.localize("ROLLING_BONES.Error.UnknownName");
  // An engine by its name ("Wild Die (D6)"), never its id; a value that names no engine stays as given.
  if (data.engine && i18n.has(`ROLLING_BONES.Engine.${data.engine}`)) {
    data.engine = i18n.localize(`ROLLING_BONES.Engine.${data.engine}`);
  }
  return i18n.format(error.key, data);
}

/** The keys `shownValue` gives for a value it names by its kind. */
const SHOWN_KEYS: ReadonlySet<string> = new Set(SHOWN_KINDS.map(shownKindKey));

/** The localization prefix of the kinds of action roll. */
const KIND_PREFIX = "ROLLING_BONES.Action.Kind.";

/** The errors whose `kind` is a kind of action roll (a trait's kind is another thing). */
const ROLL_KIND_ERRORS: ReadonlySet<string> = new Set(
  ["CriticalKind", "LevelOnlyForInsight", "BaseDiceKind", "SpecialBotchKind"].map(
    (code) => `ROLLING_BONES.Error.${code}`,
  ),
);

/** A user's or an actor's name in the world by its id, or `null` (always outside Foundry, as in the lab). */
function worldName(id: string): string | null {
  // The lab and the tests' pure renders have no `game`; Foundry always has one.
  const world = (globalThis as { game?: Partial<Pick<typeof game, "users" | "actors">> }).game;
  return world?.users?.get(id)?.name ?? world?.actors?.get(id)?.name ?? null;
}

/**
 * Shows a bad request to the user as one clear, localized error notification and returns true; any
 * other error is not ours to explain and is re-thrown.
 */
export function reportError(error: unknown): true {
  if (error instanceof EngineError) {
    notify("error", errorMessage(error));
    return true;
  }
  throw error;
}

/**
 * Reports any failure of work nobody awaits (a hook's work on the active GM): an engine error as its
 * message, anything else logged and shown once as `what` failed, never rethrown, so no rejection is
 * left unhandled (issue 41, fault 6).
 *
 * @param what - The localization key naming the work, shown with the cause.
 */
export function reportBackgroundError(what: string): (error: unknown) => void {
  return (error) => {
    if (error instanceof EngineError) {
      notify("error", errorMessage(error));
      return;
    }
    console.error("Rolling Bones |", error);
    const cause = error instanceof Error ? error.message : String(error);
    notify("error", game.i18n.format(what, { cause }));
  };
}

/** The kinds of notification the system shows. */
export type NoticeType = "info" | "warn" | "error";

/**
 * Shows a notification whose message is text: Foundry renders a notification's message as HTML
 * (only cleaned of scripts, see its `NotificationOptions.clean`), and our messages carry names,
 * labels and reasons a user typed, so the text is escaped and shows as typed. Every notification
 * of the system goes through here.
 *
 * @param type - The notification kind.
 * @param message - The localized text.
 */
export function notify(type: NoticeType, message: string): void {
  ui.notifications?.[type](escapeHTML(message));
}
