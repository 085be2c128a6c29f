/**
 * The points ledger of a percentile, wild, pool or pi card, as its roll stores it
 * (`roll.options.points`, JSON-safe): which character rolled, and every spend and choice made on the
 * roll (karma, an assist received or given, Character Points, a Fate Point, Willpower, a pick), who
 * made it and whether the GM undid it. A reloaded message renders the same ledger. Pure functions
 * only; the privileged actions that write it live in `services/points/`.
 */
import { isRecord } from "../../engines/shared/core.ts";

/** What an assist does to the leader's next roll. */
export type PendingAssistEffect = "bonus" | "penalty";

/** An assist waiting for the leader's next roll (kept in the leader's actor flags). */
export interface PendingAssist {
  /** The assist's id (the action id that attached it). */
  readonly id: string;
  /** One bonus or one penalty die. */
  readonly effect: PendingAssistEffect;
  /** The assistant's result level id. */
  readonly level: string;
  /** The assistant's card (message id). */
  readonly from: string;
  /** The user who attached it. */
  readonly by: string;
  /** The assistant's name as it was when attached (the speaking character, else the user). */
  readonly assistant: string;
}

/** What every ledger entry carries. */
interface EntryBase {
  /** The entry's id (letters, digits, `-`). */
  readonly id: string;
  /** The user who made the spend or choice. */
  readonly by: string;
  /** True once the GM undid it. */
  readonly undone: boolean;
  /** The GM who undid it. */
  readonly undoneBy: string | null;
}

/** Karma paid for bought bonus dice. */
export interface KarmaEntry extends EntryBase {
  readonly type: "karma";
  readonly actorId: string;
  readonly dice: number;
  readonly cost: number;
}

/** An assist the roll received (consumed from the leader's pending assists). */
export interface AssistReceivedEntry extends EntryBase {
  readonly type: "assistReceived";
  /** The leader (the rolling character). */
  readonly actorId: string;
  readonly assist: PendingAssist;
}

/** An assist this roll gave a leader's next roll. */
export interface AssistGivenEntry extends EntryBase {
  readonly type: "assistGiven";
  /** The leader. */
  readonly actorId: string;
  readonly assist: PendingAssist;
}

/** Character Points paid for extra Wild Dice. */
export interface CharacterPointsEntry extends EntryBase {
  readonly type: "characterPoints";
  readonly actorId: string;
  readonly points: number;
  /** The session the points counted against. */
  readonly session: number;
}

/** A Fate Point paid to double the character's dice. */
export interface FatePointEntry extends EntryBase {
  readonly type: "fatePoint";
  readonly actorId: string;
  /** The session the point counted against. */
  readonly session: number;
}

/** A Willpower point paid for one automatic success. */
export interface WillpowerEntry extends EntryBase {
  readonly type: "willpower";
  readonly actorId: string;
  /** The turn it was spent in (combat and round), or `null` outside combat. */
  readonly turn: string | null;
}

/** A pick of two dice on a Precision & Impact card. */
export interface PickEntry extends EntryBase {
  readonly type: "pick";
  /** The slots picked. */
  readonly pick: readonly [number, number];
  /** The pick before it (`null`: the default best pick for Precision). */
  readonly previous: readonly [number, number] | null;
}

/** One ledger entry. */
export type PointsEntry =
  | KarmaEntry
  | AssistReceivedEntry
  | AssistGivenEntry
  | CharacterPointsEntry
  | FatePointEntry
  | WillpowerEntry
  | PickEntry;

/** The kinds of entry. */
export type PointsEntryType = PointsEntry["type"];

/** The entries that took points from a character when the roll was made (a spend). */
export const SPEND_TYPES: readonly PointsEntryType[] = Object.freeze([
  "karma",
  "assistReceived",
  "characterPoints",
  "fatePoint",
  "willpower",
]);

/** What `roll.options.points` holds. */
export interface PointsRecord {
  /** The character who rolled (`null` for a roll without one). */
  readonly actorId: string | null;
  /** The spend made before the roll (its action id), or `null`. */
  readonly spendId: string | null;
  /** Every spend and choice, in order. */
  readonly ledger: readonly PointsEntry[];
  /** The ids of every action applied to the card (a repeated id changes nothing). */
  readonly applied: readonly string[];
  /** Names of the users and characters the ledger mentions, as they were when written. */
  readonly names: Readonly<Record<string, string>>;
}

/** A card without a ledger. */
export const EMPTY_POINTS_RECORD: PointsRecord = Object.freeze({
  actorId: null,
  spendId: null,
  ledger: Object.freeze([]),
  applied: Object.freeze([]),
  names: Object.freeze({}),
});

/** Reads a stored record, filling in what a partial (or missing) record leaves out. */
export function readPointsRecord(raw: unknown): PointsRecord {
  if (!isRecord(raw)) return EMPTY_POINTS_RECORD;
  return {
    actorId: typeof raw.actorId === "string" && raw.actorId !== "" ? raw.actorId : null,
    spendId: typeof raw.spendId === "string" && raw.spendId !== "" ? raw.spendId : null,
    ledger: Array.isArray(raw.ledger) ? (raw.ledger as PointsEntry[]) : [],
    applied: Array.isArray(raw.applied) ? (raw.applied as string[]).map(String) : [],
    names: isRecord(raw.names) ? (raw.names as Record<string, string>) : {},
  };
}

/** The dice of a pick as text, e.g. `d8 (5) + d4 (2)`, from the card's dice by slot. */
export function pickText(
  pick: readonly number[] | null,
  dice: readonly { readonly slot: number; readonly faces: number; readonly value: number }[],
): string {
  if (pick === null) return "";
  return pick
    .map((slot) => {
      const die = dice.find((d) => d.slot === slot);
      return die ? `d${die.faces} (${die.value})` : `#${slot + 1}`;
    })
    .join(" + ");
}

/** One ledger line as a card shows it. */
export interface PointsLineView {
  readonly id: string;
  readonly type: PointsEntryType;
  /** The localization key of the line (formatted with `count`, `actor`, `detail`). */
  readonly label: string;
  /** The number the line names (dice, points). */
  readonly count: number;
  /** The character the line is about. */
  readonly actor: string;
  /** A text that needs no translation (a pick's dice). */
  readonly detail: string;
  /** The user who made it. */
  readonly who: string;
  readonly undone: boolean;
  /** The GM who undid it, once undone. */
  readonly undoneBy: string | null;
}

/** The ledger as the card template shows it. */
export interface PointsLedgerView {
  readonly lines: readonly PointsLineView[];
}

/** The localization key of each kind of line (assists by effect). */
function labelOf(entry: PointsEntry): string {
  switch (entry.type) {
    case "assistReceived":
    case "assistGiven":
      return `ROLLING_BONES.Points.Ledger.${entry.type}.${entry.assist.effect}`;
    default:
      return `ROLLING_BONES.Points.Ledger.${entry.type}`;
  }
}

/** The number a line names. */
function countOf(entry: PointsEntry): number {
  switch (entry.type) {
    case "karma":
      return entry.cost;
    case "characterPoints":
      return entry.points;
    case "fatePoint":
    case "willpower":
    case "assistReceived":
    case "assistGiven":
      return 1;
    case "pick":
      return 2;
  }
}

/**
 * Arranges a record for the card template. `dice` (a pi card's dice) turns picks into text; names
 * come from the record (an unknown id shows as it is).
 */
export function pointsLedgerView(
  record: PointsRecord,
  dice: readonly { readonly slot: number; readonly faces: number; readonly value: number }[] = [],
): PointsLedgerView {
  const name = (id: string | null) => (id === null ? "" : (record.names[id] ?? id));
  return {
    lines: record.ledger.map((entry) => ({
      id: entry.id,
      type: entry.type,
      label: labelOf(entry),
      count: countOf(entry),
      actor:
        entry.type === "pick" ? "" : entry.type === "assistReceived" ? entry.assist.assistant : name(entry.actorId),
      detail: entry.type === "pick" ? pickText(entry.pick, dice) : entry.type === "karma" ? String(entry.dice) : "",
      who: name(entry.by),
      undone: entry.undone,
      undoneBy: entry.undone ? name(entry.undoneBy) : null,
    })),
  };
}
