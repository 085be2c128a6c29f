/**
 * The ledger of damage and healing applied from a card (docs/rules.md §6), Foundry-free: each application
 * with its target, amount, multiplier, who applied it and what it changed (for the Undo), and the
 * ids of the actions already applied, kept in the card's own flags, so a repeated action (a double
 * click, a retry, two users racing, a GM client that reloaded) is recognised from the document itself.
 */

import { harm, shared } from "../../engines/core.ts";

export { LEDGER_FLAG } from "./names.ts";

/** The most applications one card keeps (a guard: a card is not a log of a whole campaign). */
export const MAX_LEDGER_ENTRIES = 200;

/** A target as a card or a request names it: a world actor, or a token's actor on a scene. */
export interface TargetRef {
  /** The actor id (for a token, its actor's id). */
  readonly actor: string;
  /** The token id, for a token (its actor may be the token's own, unlinked). */
  readonly token?: string;
  /** The scene of the token. */
  readonly scene?: string;
}

/** One application on a ledger. */
export interface HarmEntry {
  /** The action id that applied it (also the entry's id on the card). */
  readonly id: string;
  /** The target. */
  readonly target: TargetRef;
  /** The target's name when it was applied (text). */
  readonly name: string;
  /** The multiplier chosen. */
  readonly multiplier: harm.Multiplier;
  /** The amount applied after the multiplier. */
  readonly amount: number;
  /** The health before and after, and the maximum. */
  readonly before: number;
  readonly after: number;
  readonly max: number;
  /** The wound the target was left with (its status id), or `null`. */
  readonly wound: string | null;
  /** What happened to the defeated mark. */
  readonly defeat: harm.DefeatChange;
  /** Who applied it (user id) and their name (text). */
  readonly by: string;
  readonly byName: string;
  /** Whether it has been undone, and by whom. */
  readonly undone: boolean;
  readonly undoneBy?: string;
  /** Set when a GM forced it on a target the attack missed (docs/rules.md §6, "a miss gets no damage"). */
  readonly forced?: true;
}

/** A card's ledger. */
export interface HarmLedger {
  readonly entries: readonly HarmEntry[];
  /** The ids of every action applied on this card (applications and undos). */
  readonly applied: readonly string[];
}

/** An empty ledger. */
export const EMPTY_LEDGER: HarmLedger = Object.freeze({ entries: [], applied: [] });

function isTarget(value: unknown): value is TargetRef {
  return (
    shared.isRecord(value) &&
    typeof value.actor === "string" &&
    (value.token === undefined || typeof value.token === "string") &&
    (value.scene === undefined || typeof value.scene === "string")
  );
}

function isEntry(value: unknown): value is HarmEntry {
  if (!shared.isRecord(value)) return false;
  const v = value;
  return (
    typeof v.id === "string" &&
    isTarget(v.target) &&
    typeof v.name === "string" &&
    harm.isMultiplier(v.multiplier) &&
    [v.amount, v.before, v.after, v.max].every((n) => typeof n === "number") &&
    (v.wound === null || typeof v.wound === "string") &&
    (v.defeat === null || v.defeat === "add" || v.defeat === "remove") &&
    typeof v.by === "string" &&
    typeof v.byName === "string" &&
    typeof v.undone === "boolean" &&
    (v.forced === undefined || v.forced === true)
  );
}

/** Reads a stored ledger; anything that is not a ledger entry is left out. */
export function readLedger(raw: unknown): HarmLedger {
  if (!shared.isRecord(raw)) return EMPTY_LEDGER;
  const entries = Array.isArray(raw.entries) ? raw.entries.filter(isEntry) : [];
  const applied = Array.isArray(raw.applied) ? raw.applied.filter((id): id is string => typeof id === "string") : [];
  return { entries, applied };
}

/**
 * The ledger with an application added.
 *
 * @throws EngineError `HarmLedgerFull` when the card holds {@link MAX_LEDGER_ENTRIES} already.
 */
export function withEntry(ledger: HarmLedger, entry: HarmEntry): HarmLedger {
  if (ledger.entries.length >= MAX_LEDGER_ENTRIES) {
    throw new shared.EngineError("HarmLedgerFull", { max: MAX_LEDGER_ENTRIES });
  }
  return { entries: [...ledger.entries, entry], applied: [...ledger.applied, entry.id] };
}

/** The entry an undo names, if it is on the ledger and not undone yet. */
export function undoable(ledger: HarmLedger, entryId: unknown): HarmEntry | null {
  const entry = ledger.entries.find((e) => e.id === entryId);
  return entry && !entry.undone ? entry : null;
}

/** The ledger with an entry marked undone (by a user, through an action id). */
export function withUndone(ledger: HarmLedger, entryId: string, by: string, actionId: string): HarmLedger {
  return {
    entries: ledger.entries.map((e) => (e.id === entryId ? { ...e, undone: true, undoneBy: by } : e)),
    applied: [...ledger.applied, actionId],
  };
}

/** Whether two target references name the same actor or token. */
export function sameTarget(a: TargetRef, b: TargetRef): boolean {
  return a.actor === b.actor && (a.token ?? "") === (b.token ?? "") && (a.scene ?? "") === (b.scene ?? "");
}

/** The verdicts a card may record on a target (`dice/cards/targets.ts`). */
const VERDICTS = ["hit", "miss", "none", "pending"] as const;

/** A verdict on a recorded target. */
export type TargetVerdict = (typeof VERDICTS)[number];

/** A target recorded on a card: its reference, the name the card recorded (text), if any, and its verdict. */
export interface RecordedTarget {
  readonly ref: TargetRef;
  readonly name: string | null;
  /** The attack's verdict on it; `pending` where none was recorded (a damage roll made without an attack). */
  readonly verdict: TargetVerdict;
  /** A dice-pool attack's extra successes on it, which its damage carries (docs/rules.md §6); absent elsewhere. */
  readonly extra?: number;
}

/** A token document's UUID on a scene (`Scene.<id>.Token.<id>`). [API13 Document#uuid] */
const TOKEN_UUID = /^Scene\.([A-Za-z0-9]+)\.Token\.([A-Za-z0-9]+)$/;

/**
 * The targets recorded on an attack or damage card, read leniently from what the roll stores
 * (`roll.options.targets`): each an actor id as text, or an object naming the actor (`actor` or
 * `actorId`), optionally its token (a token document's UUID, or `token`/`tokenId` with
 * `scene`/`sceneId`) and its name. A target without an actor is left out (it has no health). This is
 * the one place that reads how targets are recorded, so it follows the recording wherever it changes.
 *
 * @param stored - The roll's stored `targets` option.
 */
export function recordedTargets(stored: unknown): RecordedTarget[] {
  if (!Array.isArray(stored)) return [];
  const out: RecordedTarget[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item === "string" && item !== "") out.push({ ref: { actor: item }, name: null, verdict: "pending" });
    if (!shared.isRecord(item)) continue;
    const actor = shared.textOf(item.actor ?? item.actorId);
    if (actor === "") continue;
    const given = shared.textOf(item.token ?? item.tokenId);
    const uuid = TOKEN_UUID.exec(given);
    const token = uuid ? (uuid[2] as string) : given;
    const scene = uuid ? (uuid[1] as string) : shared.textOf(item.scene ?? item.sceneId);
    const ref: TargetRef = { actor, ...(token && scene ? { token, scene } : {}) };
    const verdict = VERDICTS.find((v) => v === item.verdict) ?? "pending";
    const extra = Number.isInteger(item.extra) && (item.extra as number) >= 0 ? { extra: item.extra as number } : {};
    out.push({ ref, name: typeof item.name === "string" ? item.name : null, verdict, ...extra });
  }
  return out.filter((t, i) => out.findIndex((u) => sameTarget(t.ref, u.ref)) === i);
}

/**
 * The recorded target a reference names (the same token; the actor where the card recorded no
 * token; for a reference naming only an actor, the card's record of that actor's token), or `null`
 * when the card did not record it.
 */
export function recordedFor(recorded: readonly RecordedTarget[], target: TargetRef): RecordedTarget | null {
  return (
    recorded.find((t) => sameTarget(t.ref, target)) ??
    recorded.find((t) => t.ref.token === undefined && t.ref.actor === target.actor) ??
    // A request naming only the actor (a macro) reads the card's record of that actor's token.
    (target.token === undefined ? recorded.find((t) => t.ref.actor === target.actor) : undefined) ??
    null
  );
}

/**
 * Who may apply a card's damage to a recorded target, by the attack's verdict on it (docs/rules.md §6, "a
 * miss gets no damage"): anyone the other checks allow after a hit, or where no attack judged it (a
 * damage roll made on its own); only a GM on a missed target (the application is then forced) or on
 * one of another engine (the GM's call).
 */
export function verdictRule(verdict: TargetVerdict | null): "open" | "gmForces" | "gmCall" {
  if (verdict === "miss") return "gmForces";
  if (verdict === "none") return "gmCall";
  return "open";
}

/** What a card offers to apply: the amount it names, or `null` for a card that names none. */
export interface CardDamage {
  readonly amount: number;
}

/**
 * The damage a card names: a damage roll's total (a weapon's damage card), or the Impact of a
 * Precision & Impact weapon attack (its damage when it hits; never below 0; none for a one-die
 * attack, which misses). Any other card names none.
 *
 * @param roll - The card's first roll: its engine, its stored options and its total.
 */
export function cardDamage(roll: { engine: unknown; options: unknown; total: unknown } | null): CardDamage | null {
  if (roll === null || !shared.isRecord(roll.options)) return null;
  const { options } = roll;
  if (shared.isRecord(options.damage) && typeof roll.total === "number" && Number.isFinite(roll.total)) {
    return { amount: Math.max(0, Math.trunc(roll.total)) };
  }
  if (roll.engine === "pi" && shared.isRecord(options.attack) && shared.isRecord(options.outcome)) {
    // A one-die attack misses and deals no damage (docs/rules.md §6).
    if (options.outcome.singleDie === true) return null;
    const impact = options.outcome.impact;
    if (typeof impact === "number" && Number.isFinite(impact)) return { amount: Math.max(0, Math.trunc(impact)) };
  }
  return null;
}

/**
 * The damage a card deals one of its recorded targets (docs/rules.md §6): the card's own, except on a
 * dice-pool damage roll that follows an attack whose targets earned different extra successes. That
 * roll threw the dice of the target that earned the most ({@link cardDamage}'s amount); a target
 * that earned fewer reads the first of them, as many as its own extra successes give, each success
 * one harm.
 *
 * @param roll - The card's first roll: its engine, its stored options and its total.
 * @param target - The recorded target.
 */
export function targetDamage(
  roll: { engine: unknown; options: unknown; total: unknown } | null,
  target: Pick<RecordedTarget, "extra">,
): number | null {
  const card = cardDamage(roll);
  if (card === null || roll === null || roll.engine !== "pool" || target.extra === undefined)
    return card?.amount ?? null;
  const options = roll.options as Record<string, unknown>;
  const outcome = shared.isRecord(options.outcome) ? options.outcome : {};
  const from = shared.isRecord(options.fromAttack) ? options.fromAttack.extraDice : undefined;
  const carried = Number.isInteger(from) ? (from as number) : 0;
  const dice = Array.isArray(outcome.dice) ? (outcome.dice as unknown[]) : null;
  const difficulty = outcome.difficulty;
  if (outcome.damage !== true || dice === null || typeof difficulty !== "number") return card.amount;
  const kept = dice.slice(0, Math.max(0, dice.length - Math.max(0, carried - target.extra)));
  return kept.filter((d) => shared.isRecord(d) && typeof d.value === "number" && d.value >= difficulty).length;
}

/** The actor flag (under the system's scope) of its harm log. */
export const HARM_LOG_FLAG = "harmLog";

/** The most applications an actor's harm log keeps (the oldest fall off; their lines can no longer be undone). */
export const MAX_HARM_LOG = 100;

/**
 * One application as the target's own log keeps it (issue 41, fault 1). A card's ledger lives in the
 * card's flags, which its author may write; the log lives on the changed actor, which the one who
 * applied it may write only when she owns that actor (and could change its health by hand anyway).
 * An undo finds its line here, by the entry's id and the card's, and restores what the log says.
 */
export interface LoggedHarm {
  /** The entry's id (the action id that applied it). */
  readonly id: string;
  /** The card that shows it. */
  readonly message: string;
  /** Who applied it (user id). */
  readonly by: string;
  /** The health before and after. */
  readonly before: number;
  readonly after: number;
  /** The action id of the undo that took it back, once undone. */
  readonly undoneBy?: string;
}

function isLogged(value: unknown): value is LoggedHarm {
  if (!shared.isRecord(value)) return false;
  return (
    typeof value.id === "string" &&
    typeof value.message === "string" &&
    typeof value.by === "string" &&
    Number.isFinite(value.before) &&
    Number.isFinite(value.after) &&
    (value.undoneBy === undefined || typeof value.undoneBy === "string")
  );
}

/** Reads an actor's stored harm log; anything that is not a logged application is left out. */
export function readHarmLog(raw: unknown): LoggedHarm[] {
  return Array.isArray(raw) ? raw.filter(isLogged) : [];
}

/** The log with an application added (the oldest dropped beyond {@link MAX_HARM_LOG}). */
export function withLogged(log: readonly LoggedHarm[], item: LoggedHarm): LoggedHarm[] {
  return [...log, item].slice(-MAX_HARM_LOG);
}

/** The log with an application marked undone by an undo's action id. */
export function withLogUndone(log: readonly LoggedHarm[], id: string, actionId: string): LoggedHarm[] {
  return log.map((l) => (l.id === id ? { ...l, undoneBy: actionId } : l));
}
