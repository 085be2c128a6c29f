/**
 * The session's roll record (issue 26): for each player, how their rolls sat against expectation
 * (how many, the mean exact percentile, the rarest roll), and every face entered by hand, by die
 * size, for the GM's dice report. The active GM's client adds each new engine roll that carries its
 * rarity (`services/rarity.ts`) to a hidden world setting, once per message; a new session starts a
 * new record and keeps the last one. The pure part (reading and adding) is Foundry-free.
 */
import { SYSTEM_ID } from "../constants.ts";
import { isRecord } from "../engines/shared/core.ts";
import { rollPlaces, storedCard } from "../data/card/parts.ts";
import { currentSession } from "./action-dice/store.ts";
import { SETTING_KEYS } from "../helpers/settings.ts";

/** One player's rolls in a session. */
export interface PlayerRolls {
  /** How many rolls were counted. */
  readonly rolls: number;
  /** The sum of their exact percentiles (the mean is this over `rolls`). */
  readonly percentileSum: number;
  /** The rarest roll: its smaller tail, which way it was rare, and its message. */
  readonly rarest: { readonly tail: number; readonly direction: "good" | "bad"; readonly message: string } | null;
}

/** A session's record. */
export interface SessionRolls {
  /** The session number (0 before the first session). */
  readonly session: number;
  /** Each player's rolls, by user id. */
  readonly players: Readonly<Record<string, PlayerRolls>>;
  /** How often each face was entered by hand, by die size: `counts[f − 1]` for face f. */
  readonly manual: Readonly<Record<string, readonly number[]>>;
  /** The messages counted (a message is counted once). */
  readonly seen: readonly string[];
}

/** What the hidden setting holds: this session's record and the one before. */
export interface RollRecord {
  readonly current: SessionRolls;
  readonly previous: SessionRolls | null;
}

/**
 * The die sizes the system throws (the action die and d20, the Wild Die's d6, the pools' d10, the
 * percentile dice, Precision & Impact's d4–d12): a face of any other size a message claims is not
 * counted, so a forged message cannot grow the record every client loads (issue 41, fault 5).
 */
export const RECORDED_SIZES: readonly number[] = Object.freeze([4, 6, 8, 10, 12, 20, 100]);

/** A stored rarity is three chances, each from 0 to 1; anything else is not counted. */
function chanceOk(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 1;
}

/** The most message ids a record remembers; past it the oldest are forgotten. */
export const MAX_SEEN = 2000;

/** An empty record for a session. */
export function emptySession(session: number): SessionRolls {
  return { session, players: {}, manual: {}, seen: [] };
}

/** What one roll adds to the record. */
export interface RecordedRoll {
  /** The message. */
  readonly message: string;
  /** The user who rolled. */
  readonly user: string;
  /** Its stored rarity (`roll.options.rarity`), or `null`. */
  readonly rarity: { readonly good: number; readonly bad: number; readonly percentile: number } | null;
  /** The faces thrown (size and face), and the sizes entered by hand. */
  readonly throws: readonly { readonly faces: number; readonly value: number }[];
  readonly manual: readonly number[];
}

/** Reads the stored setting, tolerating any shape (a fresh world's `{}` included). */
export function readRecord(raw: unknown, session: number): RollRecord {
  const valid = (s: unknown): s is SessionRolls =>
    isRecord(s) && typeof s.session === "number" && isRecord(s.players) && isRecord(s.manual) && Array.isArray(s.seen);
  if (!isRecord(raw) || !valid(raw.current)) return { current: emptySession(session), previous: null };
  return { current: cleaned(raw.current), previous: valid(raw.previous) ? cleaned(raw.previous) : null };
}

/**
 * A stored session with only what a GM's client could have counted: die sizes the system throws, each
 * with one whole count per face, and players whose figures are finite (a record written before the
 * bounds, or by hand, reaches the report with nothing non-finite).
 */
function cleaned(s: SessionRolls): SessionRolls {
  const manual: Record<string, readonly number[]> = {};
  for (const [size, counts] of Object.entries(s.manual)) {
    const faces = Number(size);
    const whole = Array.isArray(counts) && counts.every((c) => Number.isInteger(c) && c >= 0);
    if (RECORDED_SIZES.includes(faces) && whole && counts.length === faces) manual[size] = counts;
  }
  const players: Record<string, PlayerRolls> = {};
  for (const [id, p] of Object.entries(s.players)) {
    const ok = isRecord(p) && Number.isInteger(p.rolls) && Number.isFinite(p.percentileSum);
    const rarest = ok && isRecord(p.rarest) && chanceOk(Number(p.rarest.tail)) ? p.rarest : null;
    if (ok) players[id] = { ...p, rarest };
  }
  return { ...s, manual, players };
}

/**
 * The record after a roll: a new session first moves the current record to `previous`; a message
 * already counted changes nothing.
 *
 * @param record - The record.
 * @param session - The current session number.
 * @param roll - The roll.
 * @returns The new record, or `null` when nothing changes.
 */
export function addRoll(record: RollRecord, session: number, roll: RecordedRoll): RollRecord | null {
  let { current, previous } = record;
  if (current.session !== session) {
    previous = current.seen.length > 0 ? current : previous;
    current = emptySession(session);
  }
  if (current.seen.includes(roll.message)) return current === record.current ? null : { current, previous };
  const players = { ...current.players };
  const rarity = roll.rarity;
  if (rarity !== null && [rarity.good, rarity.bad, rarity.percentile].every(chanceOk)) {
    const before = Object.hasOwn(players, roll.user) ? (players[roll.user] as PlayerRolls) : null;
    const { good, bad, percentile } = rarity;
    const tail = Math.min(good, bad);
    const rarest =
      before?.rarest && before.rarest.tail <= tail
        ? before.rarest
        : { tail, direction: good <= bad ? ("good" as const) : ("bad" as const), message: roll.message };
    players[roll.user] = {
      rolls: (before?.rolls ?? 0) + 1,
      percentileSum: (before?.percentileSum ?? 0) + percentile,
      rarest,
    };
  }
  const manual: Record<string, number[]> = {};
  for (const [size, counts] of Object.entries(current.manual)) manual[size] = [...counts];
  for (const t of roll.throws) {
    if (!RECORDED_SIZES.includes(t.faces) || !roll.manual.includes(t.faces)) continue;
    if (!Number.isInteger(t.value) || t.value < 1 || t.value > t.faces) continue;
    const counts = (manual[String(t.faces)] ??= new Array<number>(t.faces).fill(0));
    counts[t.value - 1] = (counts[t.value - 1] as number) + 1;
  }
  const seen = [...current.seen, roll.message].slice(-MAX_SEEN);
  return { current: { session: current.session, players, manual, seen }, previous };
}

/** The record as the hidden setting holds it. */
export function storedRecord(): RollRecord {
  return readRecord(game.settings.get(SYSTEM_ID, SETTING_KEYS.rollRecord), currentSession());
}

/** Writes waiting on each other, so two rolls arriving together are both kept. */
let queue: Promise<void> = Promise.resolve();

/**
 * The `createChatMessage` hook: on the active GM's client, adds a new engine roll's rarity and its
 * faces entered by hand to the session's record.
 *
 * @param message - The new message.
 */
export function onCreateRollMessage(message: ChatMessage.Implementation): void {
  if (!game.users.activeGM?.isSelf || !message.id) return;
  const id = message.id;
  // Each of the card's rolls counts once: its first under the message's id, another under its place too.
  const entries = rollPlaces(storedCard(message)).flatMap((place) => {
    const entry = recordedRoll(message, message.rolls[place], place === 0 ? id : `${id}#${place}`);
    return entry ? [entry] : [];
  });
  for (const entry of entries) {
    queue = queue
      .then(async () => {
        const next = addRoll(storedRecord(), currentSession(), entry);
        if (next) await game.settings.set(SYSTEM_ID, SETTING_KEYS.rollRecord, next as never);
      })
      .catch((error: unknown) => {
        console.error("Rolling Bones | the session's roll record could not be written", error);
      });
  }
}

/** What the record keeps of an engine roll (`null` for a roll of no engine, or with nothing to count). */
function recordedRoll(
  message: ChatMessage.Implementation,
  stored: foundry.dice.Roll | undefined,
  key: string,
): RecordedRoll | null {
  const roll = stored as { options?: unknown; dice?: readonly foundry.dice.terms.DiceTerm[] } | undefined;
  const options = roll?.options;
  if (!isRecord(options) || typeof options.engine !== "string") return null;
  const rarity = isRecord(options.rarity) ? options.rarity : null;
  const manual = Array.isArray(options.manual) ? options.manual.filter((f): f is number => typeof f === "number") : [];
  if (rarity === null && manual.length === 0) return null;
  const good = Number(rarity?.good);
  const bad = Number(rarity?.bad);
  const percentile = Number(rarity?.percentile);
  return {
    message: key,
    user: message.author?.id ?? "",
    // What a rarity may hold is checked where it is counted (`addRoll`).
    rarity: rarity === null ? null : { good, bad, percentile },
    throws: (roll?.dice ?? []).flatMap((d) => d.results.map((r) => ({ faces: d.faces ?? 0, value: r.result }))),
    manual,
  };
}

/** Resolves once the record's pending writes are done (tests, the Quench batch). */
export function recordWritten(): Promise<void> {
  return queue;
}
