/**
 * World version 3: what only the GM grants moves to storage only a GM can write (docs/rules.md "Shared
 * rules"). Before it, each player's action-dice pool (with its awards, forfeit and failed insight)
 * sat in that player's User flags (`flags.rolling-bones.actionPool`) and each character's class bonus
 * dice in its Actor flags (`flags.rolling-bones.classDicePool`); a player can write both. Now they are
 * two world settings keyed by user id and actor id.
 *
 * The plan is pure: it reads the legacy flags and the settings as they are, and says what the
 * settings become and which flags may then be removed. Nothing recognised is lost: a legacy pool is
 * moved unless the setting already holds the same pool or a newer one (a later session, or a later
 * revision of the same session), and its flag is removed only once the setting holds it or something
 * newer. A legacy flag that is not a pool of its holder is neither moved nor removed: it is reported.
 */

import { isActionDieSize } from "../../engines/action/core.ts";
import { isObject, type Source } from "./helpers.ts";

/** The world version this migration produces. */
export const WORLD_VERSION = 3;

/** The User flag key a player's pool had before version 3. */
export const LEGACY_POOL_FLAG = "actionPool";

/** The Actor flag key a character's class dice had before version 3. */
export const LEGACY_CLASS_POOL_FLAG = "classDicePool";

/** A document that may hold a legacy flag: its id, its name (for the report) and the flag's value. */
export interface LegacyHolder {
  readonly id: string;
  readonly name: string;
  /** The flag as stored (`undefined` when the document has none). */
  readonly flag: unknown;
}

/** A legacy flag the plan leaves where it is. */
export interface KeptFlag {
  readonly kind: "user" | "actor";
  readonly id: string;
  readonly name: string;
}

/** What moving the pools means. */
export interface PoolMovePlan {
  /** The players' pools setting after the move (every entry it held, plus what moved). */
  readonly players: Record<string, Source>;
  /** The class dice setting after the move. */
  readonly classes: Record<string, Source>;
  /** How many legacy pools the settings take (not counting those they already held). */
  readonly moved: number;
  /** Users whose legacy flag is to be removed once the settings are written. */
  readonly clearUsers: readonly string[];
  /** Actors whose legacy flag is to be removed once the settings are written. */
  readonly clearActors: readonly string[];
  /** Legacy flags that are not a pool of their holder: left in place and reported. */
  readonly kept: readonly KeptFlag[];
}

/** A whole number ≥ 0. */
function count(value: unknown): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}

/** Whether a value is a list of dice parts (`{ faces, count }` of action die sizes). */
function diceParts(value: unknown): boolean {
  return Array.isArray(value) && value.every((p) => isObject(p) && isActionDieSize(p.faces) && count(p.count));
}

/** Whether a value is a list of text. */
function texts(value: unknown): boolean {
  return Array.isArray(value) && value.every((t) => typeof t === "string");
}

/** The session and revision a stored pool carries, when it has the shape the system writes. */
function storedShape(value: unknown): value is { session: number; rev: number; state: Source } {
  return isObject(value) && count(value.session) && count(value.rev) && isObject(value.state);
}

/** Whether a value is a player's stored pool, as the system wrote it, for the user `id`. */
export function isPlayerPoolOf(value: unknown, id: string): boolean {
  if (!storedShape(value)) return false;
  const s = value.state;
  return (
    s.userId === id &&
    s.gm === false &&
    isActionDieSize(s.dieFaces) &&
    diceParts(s.dice) &&
    count(s.spent) &&
    typeof s.luckyBreak === "boolean" &&
    (s.forfeited === undefined || typeof s.forfeited === "boolean") &&
    texts(s.failedInsight) &&
    texts(s.applied)
  );
}

/** Whether a value is a character's stored class dice, as the system wrote them, for the actor `id`. */
export function isClassPoolOf(value: unknown, id: string): boolean {
  if (!storedShape(value)) return false;
  const s = value.state;
  return s.actorId === id && isActionDieSize(s.faces) && count(s.left) && count(s.spent);
}

/** Whether stored pool `a` is the same as or newer than `b` (a later session, else a later revision). */
function notOlder(a: { session: number; rev: number }, b: { session: number; rev: number }): boolean {
  return a.session > b.session || (a.session === b.session && a.rev >= b.rev);
}

/** A stored record's own entries, copied (anything else reads as an empty record). */
function entries(record: unknown): Map<string, unknown> {
  return new Map(isObject(record) ? Object.entries(record) : []);
}

/**
 * Plans one kind of move (players' pools or class dice): the setting after it, what moved, which
 * holders' flags go, which stay.
 */
function planKind(
  kind: KeptFlag["kind"],
  holders: readonly LegacyHolder[],
  setting: unknown,
  valid: (value: unknown, id: string) => boolean,
): { record: Record<string, Source>; moved: number; clear: string[]; kept: KeptFlag[] } {
  const record = entries(setting);
  let moved = 0;
  const clear: string[] = [];
  const kept: KeptFlag[] = [];
  for (const { id, name, flag } of holders) {
    if (flag === undefined || flag === null) continue;
    if (!valid(flag, id)) {
      kept.push({ kind, id, name });
      continue;
    }
    const legacy = flag as { session: number; rev: number };
    const held = record.get(id);
    if (!valid(held, id) || !notOlder(held as { session: number; rev: number }, legacy)) {
      record.set(id, structuredClone(flag));
      moved += 1;
    }
    clear.push(id);
  }
  // Own properties only: an id can never reach the record's prototype.
  return { record: Object.fromEntries(record) as Record<string, Source>, moved, clear, kept };
}

/**
 * Plans moving the legacy pools of the given users and actors into the two world settings.
 *
 * @param users - Every user, with its legacy pool flag.
 * @param actors - Every action character, with its legacy class dice flag.
 * @param settings - The two settings as stored now.
 */
export function planPoolMove(
  users: readonly LegacyHolder[],
  actors: readonly LegacyHolder[],
  settings: { readonly players: unknown; readonly classes: unknown },
): PoolMovePlan {
  const players = planKind("user", users, settings.players, isPlayerPoolOf);
  const classes = planKind("actor", actors, settings.classes, isClassPoolOf);
  return {
    players: players.record,
    classes: classes.record,
    moved: players.moved + classes.moved,
    clearUsers: players.clear,
    clearActors: classes.clear,
    kept: [...players.kept, ...classes.kept],
  };
}
