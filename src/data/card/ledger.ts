/**
 * A card's one ledger: every line of what was done on a card, of each kind, in one list — the action
 * dice used, spent and activated on an action roll, the points spent and choices made on a
 * percentile, Wild Die, dice-pool or Precision & Impact roll, and the damage and healing applied from
 * the card. Each kind keeps its lines where its owner writes them (a roll's own lines with the roll,
 * `roll.options.card` and `roll.options.points`, so the roll re-reads them when it is rebuilt; the
 * card's applications in its `harmLedger` part); this reads them all the same way, from a typed card
 * and a message stored before cards were typed alike. Pure: the lab and the unit tests read stored
 * messages with it.
 */
import { isRecord } from "../../engines/shared/core.ts";
import { cardParts, partData, type StoredCard } from "./parts.ts";

/** The kinds of ledger line. */
export type CardLedgerKind = "actionDice" | "points" | "harm";

/** One line of a card's ledger. */
export interface CardLedgerLine {
  /** Its kind, which says what `entry` is. */
  readonly kind: CardLedgerKind;
  /** The place of its roll in the message's rolls; `null` for a line of the whole card (an application). */
  readonly roll: number | null;
  /** Its id (the action id that made it). */
  readonly id: string;
  /**
   * What it records: an action-dice line's type (`augment`, `reroll`, `botch` …), a points line's
   * (`karma`, `characterPoints`, `pick` …), an application's multiplier (`half`, `full`, `double`, `heal`).
   */
  readonly type: string;
  /** The user who did it. */
  readonly by: string;
  /** Whether it has been undone. */
  readonly undone: boolean;
  /** The line as its kind stores it (`LedgerEntry`, `PointsEntry`, `HarmEntry`). */
  readonly entry: Readonly<Record<string, unknown>>;
}

/** A stored roll's options (a roll document's, or its JSON as a message's source stores it). */
function optionsOf(roll: unknown): Record<string, unknown> {
  let data: unknown = roll;
  if (typeof roll === "string") {
    try {
      data = JSON.parse(roll) as unknown;
    } catch {
      return {};
    }
  }
  return isRecord(data) && isRecord(data.options) ? data.options : {};
}

/** The lines of a stored list, each with the fields every line has; anything malformed left out. */
function linesOf(
  raw: unknown,
  kind: CardLedgerKind,
  roll: number | null,
  type: (entry: Record<string, unknown>) => unknown,
): CardLedgerLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown): CardLedgerLine[] => {
    if (!isRecord(entry) || typeof entry.id !== "string" || typeof entry.by !== "string") return [];
    const named = type(entry);
    if (typeof named !== "string") return [];
    return [{ kind, roll, id: entry.id, type: named, by: entry.by, undone: entry.undone === true, entry }];
  });
}

/** The lines a card's roll keeps: an action roll's action-dice lines, a points roll's points lines. */
function rollLines(roll: unknown, place: number): CardLedgerLine[] {
  const options = optionsOf(roll);
  if (options.engine === "action") {
    return isRecord(options.card) ? linesOf(options.card.ledger, "actionDice", place, (e) => e.type) : [];
  }
  return isRecord(options.points) ? linesOf(options.points.ledger, "points", place, (e) => e.type) : [];
}

/**
 * The card's ledger: each of its rolls' lines in card order, then the applications made from the
 * card; within a kind, in the order they were made.
 */
export function cardLedger(message: StoredCard): CardLedgerLine[] {
  const rolls = message.rolls ?? [];
  const own = cardParts(message).flatMap((part) =>
    part.kind === "roll" ? rollLines(rolls[part.roll], part.roll) : [],
  );
  const harm = partData(message, "harmLedger");
  return [...own, ...(isRecord(harm) ? linesOf(harm.entries, "harm", null, (e) => e.multiplier) : [])];
}
