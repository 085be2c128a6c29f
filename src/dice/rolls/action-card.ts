/**
 * The state of an action card as its roll stores it (`roll.options.card`, JSON-safe): who controls
 * the roll, whether its result is still open, the ledger of every die used or spent on it, and the
 * GM's closing, undo and refund events. The request and the throws are the roll's own, so the
 * engine's card state is rebuilt from the roll and this record, and a reloaded message renders the
 * same card. Pure functions only.
 */
import {
  MAX_STRIKES,
  type ActionCardState,
  type LedgerEntry,
  type SpendType,
  type ValidActionRequest,
  type Verdict,
} from "../../engines/action/core.ts";
import type { PoolPart } from "../../engines/action/core.ts";
import { isRecord, type Throw } from "../../engines/shared/core.ts";

/** A GM event on a card that is not a spend: declaring the result, undoing or refunding an entry. */
export interface CardEvent {
  /** The action id. */
  readonly id: string;
  /** What happened. */
  readonly type: "close" | "undo" | "refund";
  /** The user who did it. */
  readonly by: string;
  /** The ledger entry undone or refunded, else `null`. */
  readonly entry: string | null;
}

/** What `roll.options.card` holds. */
export interface ActionCardRecord {
  /** The user who controls the rolling character; `null` until first written (the message author then). */
  readonly owner: string | null;
  /** True for a character-generation roll (no action dice). */
  readonly characterGeneration: boolean;
  /** The insight subject of an insight roll, else `null`. */
  readonly subject: string | null;
  /** True until the GM declares the result. */
  readonly open: boolean;
  /** The result as declared at closing (from the DC, or the GM's word on a secret DC), else `null`. */
  readonly declared: Verdict | null;
  /** Every spend, in order. */
  readonly ledger: readonly LedgerEntry[];
  /** Ids of every action applied to the card. */
  readonly applied: readonly string[];
  /** Closing, undo and refund events, in order. */
  readonly events: readonly CardEvent[];
  /** The names of the users the ledger and events mention, as they were when written. */
  readonly names: Readonly<Record<string, string>>;
  /** The session each ledger entry was made in, by entry id (an entry of an earlier session is not undone). */
  readonly sessions: Readonly<Record<string, number>>;
}

/** A fresh card's record. */
export const NEW_CARD_RECORD: ActionCardRecord = Object.freeze({
  owner: null,
  characterGeneration: false,
  subject: null,
  open: true,
  declared: null,
  ledger: Object.freeze([]),
  applied: Object.freeze([]),
  events: Object.freeze([]),
  names: Object.freeze({}),
  sessions: Object.freeze({}),
});

/** Reads a stored record, filling what a partial record (e.g. set at roll time) leaves out. */
export function readCardRecord(raw: unknown): ActionCardRecord {
  if (!isRecord(raw)) return NEW_CARD_RECORD;
  const list = <T>(v: unknown): readonly T[] => (Array.isArray(v) ? (v as T[]) : []);
  const map = <T>(v: unknown): Readonly<Record<string, T>> => (isRecord(v) ? (v as Record<string, T>) : {});
  return {
    owner: typeof raw.owner === "string" ? raw.owner : null,
    characterGeneration: raw.characterGeneration === true,
    subject: typeof raw.subject === "string" && raw.subject.length > 0 ? raw.subject : null,
    open: raw.open !== false,
    declared: raw.declared === "success" || raw.declared === "failure" ? raw.declared : null,
    ledger: list<LedgerEntry>(raw.ledger),
    applied: list<string>(raw.applied),
    events: list<CardEvent>(raw.events),
    names: map<string>(raw.names),
    sessions: map<number>(raw.sessions),
  };
}

/** The engine's card state from a record, the owner (the record's, else the message author), the request and the throws. */
export function cardStateOf(
  record: ActionCardRecord,
  author: string,
  request: ValidActionRequest,
  thrown: readonly Throw[],
): ActionCardState {
  return {
    owner: record.owner ?? author,
    characterGeneration: record.characterGeneration,
    subject: record.subject,
    open: record.open,
    declared: record.declared,
    request,
    thrown,
    ledger: record.ledger,
    applied: record.applied,
  };
}

/**
 * The record of an engine card state, keeping the earlier events, names and entry sessions, and
 * adding the new event, names, and the session of entries new to the ledger.
 */
export function recordOf(
  state: ActionCardState,
  previous: ActionCardRecord,
  event: CardEvent | null,
  names: Readonly<Record<string, string>>,
  session = 0,
): ActionCardRecord {
  const sessions: Record<string, number> = { ...previous.sessions };
  for (const entry of state.ledger) if (!Object.hasOwn(sessions, entry.id)) sessions[entry.id] = session;
  return {
    owner: state.owner,
    characterGeneration: state.characterGeneration,
    subject: state.subject,
    open: state.open,
    declared: state.declared ?? null,
    ledger: state.ledger,
    applied: state.applied,
    events: event === null ? previous.events : [...previous.events, event],
    names: { ...previous.names, ...names },
    sessions,
  };
}

/** Dice as a card shows them, largest first, e.g. `2d6 + 1d4`. */
export function diceText(parts: readonly PoolPart[]): string {
  return [...parts]
    .sort((a, b) => b.faces - a.faces)
    .map((p) => `${p.count}d${p.faces}`)
    .join(" + ");
}

/** One ledger line. */
export interface LedgerLineView {
  readonly id: string;
  readonly type: SpendType;
  /** The localization key of what the dice paid for. */
  readonly label: string;
  readonly who: string;
  /** The name of the character whose class dice paid, or `null` when the user's pool paid. */
  readonly character: string | null;
  readonly dice: string;
  readonly count: number;
  readonly undone: boolean;
  readonly refunded: boolean;
  /** For an effect entry: the effect's label key and the text given (empty when none). */
  readonly effect: { readonly label: string; readonly note: string } | null;
  /** For a late use (after the result was declared, under the three-strike leniency): its strike, else `null`. */
  readonly late: { readonly strike: number; readonly max: number } | null;
}

/** An activation's severity, for activations that stand. */
export interface SeverityView {
  readonly type: "botch" | "critical" | "specialBotch";
  readonly label: string;
  readonly severity: number;
  /** The contributors' names. */
  readonly by: string;
  /** The effect chosen for it (label key, text, who chose), or `null` while none is. */
  readonly effect: { readonly label: string; readonly note: string; readonly who: string } | null;
  /** While no effect is chosen: the key of the line that says whose choice it is. */
  readonly pendingKey: string;
}

/** The card's state as the template shows it. */
export interface ActionCardStateView {
  readonly open: boolean;
  /** The name of the user who declared the result, once closed. */
  readonly closedBy: string | null;
  /** The result as declared at closing, else `null`. */
  readonly declared: Verdict | null;
  readonly subject: string | null;
  readonly entries: readonly LedgerLineView[];
  readonly severities: readonly SeverityView[];
  /**
   * When a late use (the three-strike leniency) still stands on a declared result, the latest one's
   * strike: the headline changed after the declaration; else `null`.
   */
  readonly lateChange: { readonly strike: number; readonly max: number } | null;
}

const ACTIVATIONS = ["botch", "critical", "specialBotch"] as const;

/** Arranges a record for the card template (names from the record; an unknown user shows its id). */
export function cardStateView(record: ActionCardRecord): ActionCardStateView {
  const name = (id: string) => record.names[id] ?? id;
  const refunds = new Set(record.events.filter((e) => e.type === "refund").map((e) => e.entry));
  const entries = record.ledger.map((e) => ({
    id: e.id,
    type: e.type,
    label: `ROLLING_BONES.Action.Spend.${e.type}`,
    who: name(e.by),
    character: e.character === undefined ? null : name(e.character),
    dice: diceText(e.dice),
    count: e.dice.reduce((n, d) => n + d.count, 0),
    undone: e.undone,
    refunded: e.undone && refunds.has(e.id),
    effect: e.effect ? { label: `ROLLING_BONES.ActionDice.Effect.${e.effect.id}`, note: e.effect.note } : null,
    late: typeof e.late === "number" ? { strike: e.late, max: MAX_STRIKES } : null,
  }));
  const severities: SeverityView[] = [];
  for (const type of ACTIVATIONS) {
    const standing = record.ledger.filter((e) => e.type === type && !e.undone);
    if (standing.length === 0) continue;
    const chosen = record.ledger.find((e) => e.type === "effect" && !e.undone && e.effect?.activation === type);
    severities.push({
      type,
      label: `ROLLING_BONES.ActionDice.Severity.${type}`,
      severity: standing.reduce((n, e) => n + e.dice.reduce((m, d) => m + d.count, 0), 0),
      by: standing.map((e) => name(e.by)).join(", "),
      effect: chosen?.effect
        ? {
            label: `ROLLING_BONES.ActionDice.Effect.${chosen.effect.id}`,
            note: chosen.effect.note,
            who: name(chosen.by),
          }
        : null,
      pendingKey: `ROLLING_BONES.ActionDice.Effect.Pending.${type}`,
    });
  }
  const closing = record.open ? undefined : record.events.findLast((e) => e.type === "close");
  const late = record.open ? undefined : entries.findLast((e) => e.late !== null && !e.undone);
  return {
    open: record.open,
    closedBy: closing ? name(closing.by) : null,
    declared: record.open ? null : record.declared,
    subject: record.subject,
    entries,
    severities,
    lateChange: late?.late ?? null,
  };
}
