/**
 * The GM side of applying damage and healing (docs/rules.md §6), run by the active GM through
 * `gm-action.ts` (the asker is authenticated by its own User flags; actions run one at a time):
 *
 * - **apply**: one target, from a card (the amount is the card's own, never the asker's word), or
 *   from a macro or a journal link (an amount the asker names, checked). The asker may apply to what
 *   they own; to anything else only when the world lets players ask the GM (the default) and the
 *   target is one the card recorded or one the asker targets. Everything is checked before the first
 *   write; the health, the wound, the defeated mark and the card's ledger are written together, or
 *   not at all. An action id already on the card's ledger changes nothing more.
 * - **undo**: takes back one application of a card's ledger (a GM, or the user who applied it).
 * - **heal**: a GM heals actors by an amount or fully, recorded on one chat card with an Undo per actor.
 */

import { cardData, partOf, rollPlace, storedCard } from "../../data/card/parts.ts";
import { SYSTEM_ID } from "../../constants.ts";
import { EngineError, harm, shared } from "../../engines/core.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { ActionContext } from "../gm-action.ts";
import { contentVisibleTo, messageById, messageCreate, partWrite, visibilityOf } from "../messages.ts";
import { runWrites, type WriteStep } from "../transaction.ts";
import {
  HARM_LOG_FLAG,
  LEDGER_FLAG,
  cardDamage,
  targetDamage,
  readHarmLog,
  withLogUndone,
  withLogged,
  readLedger,
  recordedFor,
  recordedTargets,
  sameTarget,
  undoable,
  verdictRule,
  withEntry,
  withUndone,
  type HarmEntry,
  type HarmLedger,
  type LoggedHarm,
  type RecordedTarget,
  type TargetRef,
} from "./ledger.ts";
import { HARM_UPDATE_OPTION, harmContextOf, harmStateOf, markWrites } from "./marks.ts";
import { DAMAGE_HOOK, PRE_DAMAGE_HOOK, RECORD_FLAG, RECORD_TEMPLATE } from "./names.ts";

/** What an asker sends to apply. */
export interface ApplyRequest {
  /** The card applied from, or `null` (a macro, a journal link). */
  readonly message: string | null;
  /** The place of the card's damage roll in the message's rolls (the card's first roll when absent). */
  readonly roll?: number;
  readonly target: TargetRef;
  readonly multiplier: harm.Multiplier;
  /** The amount, for an application without a card (a card's own amount is read from it). */
  readonly amount?: number;
  /**
   * The tokens the asker targets, as her own client knows them (issue 41 fault 7): a user's targets are
   * tokens on the canvas she views, and another client's copy of them "cannot be relied on" (Foundry
   * issue 8295), so the GM reads her choice from the request, never from its own canvas.
   */
  readonly targeted?: readonly TargetRef[];
}

/** What an asker sends to undo. */
export interface UndoRequest {
  readonly message: string;
  readonly entry: string;
}

/** What the GM sends to heal. */
export interface HealRequest {
  readonly targets: readonly TargetRef[];
  /** The amount, or `null` for full healing. */
  readonly amount: number | null;
}

/** What an application reports: the entry written and the card that holds it. */
export interface ApplyResult {
  readonly entry: HarmEntry | null;
  readonly messageId: string;
  readonly repeated: boolean;
}

/** What the hooks receive (the actor document and the plain facts). */
export interface DamageHookEvent {
  readonly actor: Actor.Implementation;
  readonly target: TargetRef;
  readonly multiplier: harm.Multiplier | null;
  readonly amount: number;
  readonly before: number;
  readonly after: number;
  readonly userId: string;
  readonly messageId: string | null;
  /** Whether this is an undo. */
  readonly undo: boolean;
}

/** A target reference as sent (a forged one is refused). */
export function targetOf(raw: unknown): TargetRef {
  if (!shared.isRecord(raw) || typeof raw.actor !== "string" || raw.actor === "") {
    throw new EngineError("HarmForgedTarget", {});
  }
  const token = typeof raw.token === "string" && raw.token !== "" ? raw.token : undefined;
  const scene = typeof raw.scene === "string" && raw.scene !== "" ? raw.scene : undefined;
  return { actor: raw.actor, ...(token ? { token } : {}), ...(scene ? { scene } : {}) };
}

/**
 * The actor a target names: a token's actor on its scene (its own, for an unlinked token), or a
 * world actor. [API13 Scene#tokens, TokenDocument#actor; game.actors]
 *
 * @throws EngineError `HarmTargetGone` when it no longer exists.
 */
export function resolveTarget(target: TargetRef): Actor.Implementation {
  if (target.token !== undefined) {
    // A token's target is that token's actor, never its world actor: when its scene was deleted, an
    // unlinked token's own actor went with it, and writing to the world actor would leave every new
    // token of it hurt (issue 41, fault 4).
    const scene = target.scene === undefined ? undefined : game.scenes.get(target.scene);
    if (!scene) throw new EngineError("HarmSceneGone", {});
    const actor = scene.tokens.get(target.token)?.actor;
    if (actor) return actor;
    throw new EngineError("HarmTargetGone", {});
  }
  const actor = game.actors.get(target.actor);
  if (!actor) throw new EngineError("HarmTargetGone", {});
  return actor;
}

/**
 * The targets an asker says she chose (the request's `targeted`): token references only, each a token
 * that exists on its scene and that a player can see (not hidden). A player who may apply to tokens
 * she targets could target any such token by hand, so her word for it gives her nothing more; a
 * hidden or missing token, or anything malformed, counts for nothing.
 */
function claimedTargets(raw: unknown): TargetRef[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 50).flatMap((t: unknown): TargetRef[] => {
    let ref: TargetRef;
    try {
      ref = targetOf(t);
    } catch {
      return [];
    }
    if (ref.token === undefined || ref.scene === undefined) return [];
    const token = game.scenes.get(ref.scene)?.tokens.get(ref.token);
    if (!token || token.hidden || token.actor?.id !== ref.actor) return [];
    return [ref];
  });
}

/** The targets a user has chosen (Foundry's user targets), as references. [API13 User#targets] */
export function userTargets(user: User.Implementation): TargetRef[] {
  // A set of Token placeables; only the fields read here.
  const targets = (user as unknown as { targets?: Iterable<unknown> }).targets;
  if (!targets) return [];
  return [...targets].flatMap((t) => tokenRef(t) ?? []);
}

/** A token document's UUID on a scene (`Scene.<id>.Token.<id>`). [API13 Document#uuid] */
const TOKEN_UUID = /^Scene\.([A-Za-z0-9]+)\.Token\.([A-Za-z0-9]+)$/;

/**
 * A token placeable (or its document) as a target reference: the actor it stands for, and the token
 * on its scene (from the document's UUID), so an unlinked token's own actor is the one harmed; `null`
 * for a token without an actor. [API13 Token#document, Token#actor, TokenDocument#actor, Document#uuid]
 */
export function tokenRef(token: unknown): TargetRef | null {
  if (!shared.isRecord(token)) return null;
  const actor = (token as { actor?: unknown }).actor;
  const actorId = shared.isRecord(actor) ? (actor as { id?: unknown }).id : undefined;
  if (typeof actorId !== "string" || actorId === "") return null;
  // A placeable holds its document (PlaceableObject#document); a TokenDocument is its own.
  const document = "document" in token ? token.document : token;
  const uuid = shared.isRecord(document) ? (document as { uuid?: unknown }).uuid : undefined;
  const match = typeof uuid === "string" ? TOKEN_UUID.exec(uuid) : null;
  return match ? { actor: actorId, token: match[2] as string, scene: match[1] as string } : { actor: actorId };
}

/** The card's ledger. */
function ledgerOf(message: ChatMessage.Implementation): HarmLedger {
  // A system flag; the v13 types know no system flag keys.
  return readLedger(partOf(message, LEDGER_FLAG));
}

/** The target's own harm log (what the GM applied to it; issue 41, fault 1). */
function harmLogOf(actor: Actor.Implementation): LoggedHarm[] {
  // A system flag; the v13 types know no system flag keys.
  return readHarmLog(actor.getFlag(SYSTEM_ID, HARM_LOG_FLAG as never));
}

/**
 * A step that writes the target's harm log (its undo puts the log back). `next` runs when the step
 * does, so it may name a card an earlier step created.
 */
function harmLogWrite(actor: Actor.Implementation, next: (log: LoggedHarm[]) => LoggedHarm[]): WriteStep {
  let before: LoggedHarm[] = [];
  const path = `flags.${SYSTEM_ID}.${HARM_LOG_FLAG}`;
  // A system option Foundry passes on to the update hooks untouched; the v13 types know only core options.
  const options = { [HARM_UPDATE_OPTION]: true } as never;
  return {
    label: `Actor ${actor.name}`,
    // The log as it stands when the step runs (an earlier step may have logged on the same actor).
    // A flag path the v13 types do not know on the union of actor types.
    apply: () => {
      before = harmLogOf(actor);
      return actor.update({ [path]: next(before) } as never, options);
    },
    revert: () => actor.update({ [path]: before } as never, options),
  };
}

/** The log line of an entry: what the harm log keeps of it. */
function loggedOf(entry: HarmEntry, messageId: () => string): (log: LoggedHarm[]) => LoggedHarm[] {
  return (log) =>
    withLogged(log, { id: entry.id, message: messageId(), by: entry.by, before: entry.before, after: entry.after });
}

/** The card's roll at `place` as `cardDamage` reads it. */
function cardRollOf(message: ChatMessage.Implementation, place: number) {
  const roll = message.rolls[place];
  if (!roll) return null;
  const options = roll.options as Record<string, unknown>;
  return { engine: options.engine, options, total: roll.total };
}

/** The place of the card's roll a request names (its first roll when none is named): `UnknownRoll` when none. */
function damagePlace(message: ChatMessage.Implementation, place: unknown): number {
  const at = typeof place === "number" || place === undefined ? rollPlace(storedCard(message), place) : null;
  if (at === null && place === undefined) throw new EngineError("HarmNoDamage", {});
  if (at === null) throw new EngineError("UnknownRoll", { place: String(place) });
  return at;
}

/**
 * Whether the asker may have damage applied to a target: a GM always; an owner of the actor; anyone
 * else only when the world lets players ask the GM and the target is one the card recorded or one
 * the asker targets.
 *
 * @throws EngineError `HarmNotYours` (the world does not let players apply to others' tokens) or
 *   `HarmForgedTarget` (a target neither recorded, nor targeted, nor owned).
 */
function checkMayApply(
  asker: User.Implementation,
  actor: Actor.Implementation,
  target: TargetRef,
  recorded: readonly RecordedTarget[],
  claimed: readonly TargetRef[],
): void {
  if (asker.isGM || actor.testUserPermission(asker, "OWNER")) return;
  if (game.settings.get(SYSTEM_ID, SETTING_KEYS.applyToOthers) !== "ask") {
    throw new EngineError("HarmNotYours", { name: actor.name });
  }
  const chosen = [...recorded.map((t) => t.ref), ...claimed];
  if (!chosen.some((t) => sameTarget(t, target) || (t.token === undefined && t.actor === target.actor))) {
    throw new EngineError("HarmForgedTarget", {});
  }
}

/**
 * What the attack's verdict on a recorded target allows (docs/rules.md §6, "a miss gets no damage"): a
 * missed target, or one of another engine, takes a card's damage only from a GM; on a miss the
 * application is forced, and its ledger line says so.
 *
 * @returns Whether the application is forced.
 * @throws EngineError `HarmMissed` or `HarmGmCall` for anyone else.
 */
function checkVerdict(
  asker: User.Implementation,
  actor: Actor.Implementation,
  target: TargetRef,
  recorded: readonly RecordedTarget[],
): boolean {
  const rule = verdictRule(recordedFor(recorded, target)?.verdict ?? null);
  if (rule === "open") return false;
  if (!asker.isGM) throw new EngineError(rule === "gmForces" ? "HarmMissed" : "HarmGmCall", { name: actor.name });
  return rule === "gmForces";
}

/** The event the hooks receive. */
function hookEvent(
  actor: Actor.Implementation,
  target: TargetRef,
  result: harm.HarmResult,
  userId: string,
  messageId: string | null,
): DamageHookEvent {
  return {
    actor,
    target,
    multiplier: result.multiplier,
    amount: result.amount,
    before: result.before,
    after: result.after,
    userId,
    messageId,
    undo: result.multiplier === null,
  };
}

/** Asks the `preDamageApplied` hook; a handler's `false` refuses (nothing is written). */
function askPreHook(event: DamageHookEvent): void {
  /**
   * A hook event that fires on the active GM before damage or healing is applied to an actor (or an
   * application is undone).
   *
   * @param event - The actor, the target, the multiplier, the amount, the health before and after,
   *   the user who asked, the card, and whether it is an undo.
   * @returns `false` to cancel; nothing changes.
   */
  if (Hooks.call(PRE_DAMAGE_HOOK, event) === false) throw new EngineError("HarmCancelled", {});
}

/** Tells the `damageApplied` hook what was written. */
function callDoneHook(event: DamageHookEvent): void {
  /**
   * A hook event that fires on the active GM after damage or healing was applied to an actor (or an
   * application was undone) and recorded on its card.
   *
   * @param event - As for `rollingBones.preDamageApplied`.
   */
  Hooks.callAll(DAMAGE_HOOK, event);
}

/** A ledger entry for a result. */
function entryFor(
  id: string,
  target: TargetRef,
  actor: Actor.Implementation,
  result: harm.HarmResult,
  asker: User.Implementation,
  forced = false,
): HarmEntry {
  return {
    id,
    target,
    name: actor.name ?? "",
    multiplier: result.multiplier ?? "full",
    amount: result.amount,
    before: result.before,
    after: result.after,
    max: result.max,
    wound: result.wound ? `rb-${result.wound.id}` : null,
    defeat: result.defeat,
    by: asker.id ?? "",
    byName: asker.name ?? "",
    undone: false,
    ...(forced ? { forced: true as const } : {}),
  };
}

/** The data of a card recording applications made without a card of their own. */
async function recordCardData(kind: "damage" | "heal", ledger: HarmLedger, asker: User.Implementation) {
  return {
    author: asker.id,
    speaker: { alias: asker.name },
    content: await renderSystemTemplate(RECORD_TEMPLATE, { kind, by: asker.name }),
    ...cardData({ [LEDGER_FLAG]: ledger, [RECORD_FLAG]: kind }),
  };
}

/**
 * Applies damage or healing to one target (runs on the active GM).
 *
 * @throws EngineError when the request is refused; nothing is written.
 */
export async function runApply({ asker, actionId }: ActionContext, data: ApplyRequest): Promise<ApplyResult> {
  const d: Partial<Record<keyof ApplyRequest, unknown>> = shared.isRecord(data) ? data : {};
  const message = d.message === null || d.message === undefined ? null : messageById(d.message);
  const place = message ? damagePlace(message, d.roll) : 0;
  const target = targetOf(d.target);
  const multiplier = harm.readMultiplier(d.multiplier);
  let amount: unknown = d.amount;
  // The targets the card's roll recorded, with the attack's verdict on each (none without a card).
  const recorded = message ? recordedTargets((message.rolls[place]?.options as { targets?: unknown }).targets) : [];
  if (message) {
    // A card the asker cannot see (another player's self roll, a whisper to others) is not hers to apply.
    if (!asker.isGM && !contentVisibleTo(visibilityOf(message), asker.id ?? ""))
      throw new EngineError("HarmCardNotVisible");
    if (ledgerOf(message).applied.includes(actionId))
      return { entry: null, messageId: message.id ?? "", repeated: true };
    const roll = cardRollOf(message, place);
    const damage = cardDamage(roll);
    if (!damage) throw new EngineError("HarmNoDamage", {});
    // A target's own share, where the attack earned it different extra successes (docs/rules.md §6).
    const own = recordedFor(recorded, target);
    amount = own ? (targetDamage(roll, own) ?? damage.amount) : damage.amount;
  }
  const checked = harm.readAmount(amount);
  const actor = resolveTarget(target);
  // The target's own log knows every id applied to it, whatever its card says (its author may rewrite
  // the card's ledger) and whether or not the GM's memory of replies survived a reload or handover.
  if (harmLogOf(actor).some((l) => l.id === actionId))
    return { entry: null, messageId: message?.id ?? "", repeated: true };
  checkMayApply(asker, actor, target, recorded, claimedTargets(d.targeted));
  const forced = checkVerdict(asker, actor, target, recorded);
  const result = harm.applyHarm(harmStateOf(actor), { amount: checked, multiplier }, harmContextOf(actor));
  const event = hookEvent(actor, target, result, asker.id ?? "", message?.id ?? null);
  askPreHook(event);
  const entry = entryFor(actionId, target, actor, result, asker, forced);
  const record = message
    ? null
    : messageCreate(
        await recordCardData(
          multiplier === "heal" ? "heal" : "damage",
          withEntry({ entries: [], applied: [] }, entry),
          asker,
        ),
      );
  const cardId = () => message?.id ?? record?.created()?.id ?? "";
  // The record card first, so the log can name it.
  const steps: WriteStep[] = record ? [record] : [];
  steps.push(...markWrites(actor, result, target.token), harmLogWrite(actor, loggedOf(entry, cardId)));
  if (message) steps.push(partWrite(message, LEDGER_FLAG, withEntry(ledgerOf(message), entry)));
  await runWrites(steps);
  callDoneHook(event);
  return { entry, messageId: cardId(), repeated: false };
}

/**
 * Undoes one application on a card's ledger (runs on the active GM): a GM, or the user who applied it.
 *
 * @throws EngineError when refused; nothing is written.
 */
export async function runUndo({ asker, actionId }: ActionContext, data: UndoRequest): Promise<ApplyResult> {
  const d: Partial<Record<keyof UndoRequest, unknown>> = shared.isRecord(data) ? data : {};
  const message = messageById(d.message);
  const ledger = ledgerOf(message);
  const repeated = { entry: null, messageId: message.id ?? "", repeated: true };
  if (ledger.applied.includes(actionId)) return repeated;
  // The card's line only names the target; what is restored, and who may restore it, is read from the
  // target's own log, where the card's author cannot write it (issue 41, fault 1): a line the log does
  // not hold for this card is refused, and the health goes back by what the GM recorded.
  const entry = undoable(ledger, d.entry);
  if (!entry) throw new EngineError("HarmNothingToUndo", {});
  const actor = resolveTarget(entry.target);
  const log = harmLogOf(actor);
  const logged = log.find((l) => l.id === entry.id && l.message === message.id);
  if (!logged) throw new EngineError("HarmUndoUnrecorded", { name: actor.name });
  if (logged.undoneBy === actionId) return repeated;
  if (logged.undoneBy !== undefined) throw new EngineError("HarmNothingToUndo", {});
  if (!asker.isGM && logged.by !== asker.id) throw new EngineError("HarmUndoNotYours", {});
  const result = harm.undoHarm(harmStateOf(actor), logged, harmContextOf(actor));
  const event = hookEvent(actor, entry.target, result, asker.id ?? "", message.id ?? null);
  askPreHook(event);
  const steps = [
    ...markWrites(actor, result, entry.target.token),
    harmLogWrite(actor, (now) => withLogUndone(now, logged.id, actionId)),
    partWrite(message, LEDGER_FLAG, withUndone(ledger, entry.id, asker.id ?? "", actionId)),
  ];
  await runWrites(steps);
  callDoneHook(event);
  return { entry, messageId: message.id ?? "", repeated: false };
}

/**
 * Heals actors by an amount, or fully, recorded on one chat card with an entry (and an Undo) per
 * actor healed (runs on the active GM, for a GM). Every target and the amount are checked first.
 *
 * @throws EngineError when refused; nothing is written.
 */
export async function runHeal({ asker, actionId }: ActionContext, data: HealRequest): Promise<ApplyResult> {
  if (!asker.isGM) throw new EngineError("HarmHealGmOnly", {});
  const d: Partial<Record<keyof HealRequest, unknown>> = shared.isRecord(data) ? data : {};
  const already = game.messages.contents.find((m) => ledgerOf(m).applied.includes(actionId));
  if (already) return { entry: null, messageId: already.id ?? "", repeated: true };
  if (!Array.isArray(d.targets) || d.targets.length === 0) throw new EngineError("HarmNoTargets", {});
  const full = d.amount === null;
  const asked = full ? 0 : harm.readAmount(d.amount);
  const steps: WriteStep[] = [];
  const events: DamageHookEvent[] = [];
  let ledger: HarmLedger = { entries: [], applied: [] };
  const logs: { actor: Actor.Implementation; entry: HarmEntry }[] = [];
  for (const [k, raw] of (d.targets as unknown[]).entries()) {
    const target = targetOf(raw);
    const actor = resolveTarget(target);
    const state = harmStateOf(actor);
    const amount = full ? harm.fullHealAmount(state.health) : asked;
    const result = harm.applyHarm(state, { amount, multiplier: "heal" }, harmContextOf(actor));
    const event = hookEvent(actor, target, result, asker.id ?? "", null);
    askPreHook(event);
    events.push(event);
    steps.push(...markWrites(actor, result, target.token));
    const entry = entryFor(`${actionId}-${k}`, target, actor, result, asker);
    logs.push({ actor, entry });
    ledger = withEntry(ledger, entry);
  }
  ledger = { ...ledger, applied: [...ledger.applied, actionId] };
  const record = messageCreate(await recordCardData("heal", ledger, asker));
  const cardId = () => record.created()?.id ?? "";
  await runWrites([record, ...steps, ...logs.map(({ actor, entry }) => harmLogWrite(actor, loggedOf(entry, cardId)))]);
  for (const event of events) callDoneHook(event);
  return { entry: null, messageId: cardId(), repeated: false };
}
