/**
 * Applying damage and healing from any client (card controls, sheets, macros, journal links). Each
 * application goes to the active GM through `requestGmAction`, which re-checks it and applies it once:
 * one queue for every client, so double clicks and users racing never apply twice. A card control's
 * action id is built from what the user saw (the card, the target, the multiplier, the ledger's
 * length), so the same click by anyone at the same moment is one application.
 *
 * With no GM online, a player still applies to what they own, from a card they may write (their own
 * card) or from a macro or link: their own client checks and writes it, one request at a time.
 * Anything else waits for a GM (the message says so).
 */

import { EngineError, harm, shared } from "../../engines/core.ts";
import { reportError } from "../../helpers/notify.ts";
import { actionIdFor, requestGmAction } from "../gm-action.ts";
import { partOf } from "../../data/card/parts.ts";
import { namedMessage, placed } from "../messages.ts";
import {
  runApply,
  runUndo,
  resolveTarget,
  targetOf,
  tokenRef,
  userTargets,
  type ApplyRequest,
  type ApplyResult,
  type HealRequest,
  type UndoRequest,
} from "./apply.ts";
import { LEDGER_FLAG, readLedger, type TargetRef } from "./ledger.ts";
import { HARM_ACTIONS } from "./names.ts";

/** Requests this client is applying itself (no GM online), so a double click waits for the first. */
const inFlight = new Set<string>();

/** The tokens the user has selected on the canvas, as targets. [API13 TokenLayer#controlled] */
export function selectedTargets(): TargetRef[] {
  // The canvas may not be drawn (no scene); fvtt-types types it as possibly not ready.
  const controlled = (globalThis as { canvas?: { tokens?: { controlled?: unknown[] } | null } | null }).canvas?.tokens
    ?.controlled;
  return (controlled ?? []).flatMap((t) => tokenRef(t) ?? []);
}

/**
 * Runs a request on this client when no GM is online and the user may write everything it touches
 * (an actor they own, and the card when there is one: their own); otherwise `null` (the GM's turn).
 */
async function applyHere(request: ApplyRequest, actionId: string): Promise<ApplyResult | null> {
  if (game.users.activeGM) return null;
  let actor: Actor.Implementation;
  try {
    actor = resolveTarget(targetOf(request.target));
  } catch {
    return null;
  }
  const message = request.message === null ? null : game.messages.get(request.message);
  if (!actor.isOwner || (message && !message.isOwner) || (request.message !== null && !message)) return null;
  if (inFlight.has(actionId)) return { entry: null, messageId: request.message ?? "", repeated: true };
  inFlight.add(actionId);
  try {
    return await runApply({ asker: game.user, actionId }, request);
  } catch (error) {
    reportError(error);
    return { entry: null, messageId: "", repeated: true };
  } finally {
    inFlight.delete(actionId);
  }
}

/** Sends an application: to the active GM, or applied here when no GM is online and it is the user's own. */
async function sendApply(given: ApplyRequest, actionId: string): Promise<ApplyResult | null> {
  // The tokens this user targets, as her own client knows them: the GM checks them, not its copy.
  const targeted = userTargets(game.user);
  const request: ApplyRequest = targeted.length > 0 ? { ...given, targeted } : given;
  const here = await applyHere(request, actionId);
  if (here) return here.entry || here.repeated ? here : null;
  return (await requestGmAction(HARM_ACTIONS.apply, request, actionId)) as ApplyResult | null;
}

/**
 * Applies a card's damage to one target, with a multiplier (or heals by it).
 *
 * @param given - The card (a damage card, or a Precision & Impact weapon attack).
 * @param target - The target.
 * @param multiplier - ×½ (`half`), ×1 (`full`), ×2 (`double`) or `heal`.
 * @param place - The place of the card's damage roll in the message's rolls (its first roll when absent).
 * @returns The application, or `null` when refused (the reason shown).
 */
export async function applyFromCard(
  given: ChatMessage.Implementation,
  target: TargetRef,
  multiplier: harm.Multiplier,
  place = 0,
): Promise<ApplyResult | null> {
  const message = namedMessage(given);
  if (!message?.id) return null;
  const seen = readLedger(partOf(message, LEDGER_FLAG)).entries.length;
  const id = actionIdFor(
    message.id,
    ...placed(place),
    "harm",
    target.actor,
    target.token ?? "",
    target.scene ?? "",
    multiplier,
    seen,
  );
  return sendApply({ message: message.id, ...(place === 0 ? {} : { roll: place }), target, multiplier }, id);
}

/**
 * Undoes one application on a card (a GM, or the user who applied it).
 *
 * @param given - The card.
 * @param entry - The application's id on the card's ledger.
 */
export async function undoOnCard(given: ChatMessage.Implementation, entry: string): Promise<ApplyResult | null> {
  const message = namedMessage(given);
  if (!message?.id) return null;
  const request: UndoRequest = { message: message.id, entry };
  const id = actionIdFor(message.id, "harmUndo", entry);
  if (!game.users.activeGM && message.isOwner) {
    if (inFlight.has(id)) return null;
    inFlight.add(id);
    try {
      return await runUndo({ asker: game.user, actionId: id }, request);
    } catch (error) {
      reportError(error);
      return null;
    } finally {
      inFlight.delete(id);
    }
  }
  return (await requestGmAction(HARM_ACTIONS.undo, request, id)) as ApplyResult | null;
}

/** What `applyDamage` takes as a target: an actor, a token (placeable or document), an actor id, or a reference. */
export type DamageTarget = Actor.Implementation | string | object;

/** A target as a reference, or `null` when it names nothing the system can apply to. */
export function targetRefOf(given: unknown): TargetRef | null {
  if (typeof given === "string") return given === "" ? null : { actor: given };
  if (!shared.isRecord(given)) return null;
  const documentName = (given as { documentName?: unknown }).documentName;
  if (documentName === "Actor") {
    const id = (given as { id?: unknown }).id;
    return typeof id === "string" ? { actor: id } : null;
  }
  // A token (a document, or a placeable holding one). [API13 TokenDocument, Token#document]
  if (documentName === "Token" || shared.isRecord((given as { document?: unknown }).document)) return tokenRef(given);
  // A reference as the system writes one (`{ actor, token?, scene? }`).
  return typeof given.actor === "string" && given.actor !== "" ? targetOf(given) : null;
}

/** The options of `applyDamage`. */
export interface ApplyDamageOptions {
  /** ×½ (`half`), ×1 (`full`, the default), ×2 (`double`), or `heal`. */
  readonly multiplier?: harm.Multiplier;
}

/**
 * Applies an amount of damage (or healing) to targets: for macros and journal links. Everything is
 * checked first (the amount, the multiplier, every target); a bad request shows one message and
 * nothing is applied. Each target is applied to as one request, through the GM unless the user owns it.
 *
 * @param targets - Actors, tokens or actor ids (one, or a list).
 * @param amount - A whole number from 0.
 * @param options - The multiplier.
 * @returns The applications made, or `null` when the request was refused.
 */
export async function applyDamage(
  targets: unknown,
  amount: unknown,
  options: ApplyDamageOptions = {},
): Promise<ApplyResult[] | null> {
  try {
    const given: unknown = options;
    const multiplier = harm.readMultiplier(shared.isRecord(given) ? (given.multiplier ?? "full") : undefined);
    const checked = harm.readAmount(amount);
    const list = Array.isArray(targets) ? (targets as unknown[]) : [targets];
    const refs = list.map((t) => targetRefOf(t));
    if (refs.length === 0) throw new EngineError("HarmNoTargets", {});
    if (refs.some((r) => r === null)) throw new EngineError("HarmForgedTarget", {});
    for (const ref of refs as TargetRef[]) resolveTarget(ref);
    const batch = foundry.utils.randomID();
    const out: ApplyResult[] = [];
    for (const [k, ref] of (refs as TargetRef[]).entries()) {
      const result = await sendApply({ message: null, target: ref, multiplier, amount: checked }, `${batch}${k}`);
      if (result) out.push(result);
    }
    return out;
  } catch (error) {
    reportError(error);
    return null;
  }
}

/**
 * The GM heals actors by an amount, or fully (`null`), recorded on one chat card.
 *
 * @param targets - Actors, tokens or actor ids.
 * @param amount - A whole number from 0, or `null` for full healing.
 * @returns The card's id, or `null` when refused.
 */
export async function healActors(targets: unknown, amount: unknown): Promise<string | null> {
  try {
    if (!game.user.isGM) throw new EngineError("HarmHealGmOnly", {});
    const list = Array.isArray(targets) ? (targets as unknown[]) : [targets];
    const refs = list.map((t) => targetRefOf(t));
    if (refs.length === 0) throw new EngineError("HarmNoTargets", {});
    if (refs.some((r) => r === null)) throw new EngineError("HarmForgedTarget", {});
    for (const ref of refs as TargetRef[]) resolveTarget(ref);
    const request: HealRequest = {
      targets: refs as TargetRef[],
      amount: amount === null ? null : harm.readAmount(amount),
    };
    const result = (await requestGmAction(HARM_ACTIONS.heal, request)) as ApplyResult | null;
    return result?.messageId ?? null;
  } catch (error) {
    reportError(error);
    return null;
  }
}

/** The player characters of the party: every character actor a player (not a GM) owns. */
export function partyActors(): Actor.Implementation[] {
  const players = game.users.filter((u) => !u.isGM);
  return game.actors.filter(
    (a) => a.type.endsWith("-character") && players.some((u) => a.testUserPermission(u, "OWNER")),
  );
}

/**
 * Whom a damage or healing link applies to: the user's selected tokens, else the tokens they
 * target, else their own character. [API13 TokenLayer#controlled, User#targets, User#character]
 */
export function linkTargets(): TargetRef[] {
  const selected = selectedTargets();
  if (selected.length > 0) return selected;
  const targeted = userTargets(game.user);
  if (targeted.length > 0) return targeted;
  const character = game.user.character;
  return character?.id ? [{ actor: character.id }] : [];
}
