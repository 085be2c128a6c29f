/**
 * Activations: dice spent on a finished roll's botch, critical threat or GM special botch, and the
 * effect chosen for each (docs/rules.md §2, the effect tables).
 */

import { EngineError, requireInt } from "../../shared/core.ts";
import { type EffectActivation, MAX_EFFECT_NOTE, TABLE_DRAW, effectsFor } from "../effects.ts";
import {
  type ActionCardState,
  type ActionTable,
  type ActivateAction,
  type EffectAction,
  type LedgerEntry,
  MAX_SPEND,
} from "./state.ts";
import { isGm, payError } from "./spends.ts";
import { cardOutcome, severity, standing } from "./card.ts";

/** Whether an activation (botch, critical, GM special botch) is allowed. */
export function activateError(t: ActionTable, a: ActivateAction): EngineError | null {
  if (t.card.characterGeneration) return new EngineError("CharacterGenerationRoll");
  const outcome = cardOutcome(t.card);
  if (outcome === null) return new EngineError("RollPending");
  requireInt(a.dice, "dice", 1, MAX_SPEND);
  const gm = isGm(t.pools, a.by);
  if (a.type === "botch") {
    if (!outcome.potentialBotch) return new EngineError("NoPotentialBotch", { natural: outcome.natural });
    if (outcome.botchProtected) return new EngineError("BotchRerolled");
    if (a.by === t.card.owner && !gm) return new EngineError("OwnBotch");
  } else if (a.type === "critical") {
    if (!outcome.criticalThreat) {
      return outcome.kind === "insight"
        ? new EngineError("CriticalKind", { kind: outcome.kind })
        : new EngineError("NoCriticalThreat", { natural: outcome.natural });
    }
    if (a.by !== t.card.owner && !gm) return new EngineError("NotYourRoll");
  } else {
    if (!gm) return new EngineError("GmOnly");
    // docs/rules.md §2: a player character's check or attack only (a save has its own botch; never an NPC's roll).
    if (outcome.kind !== "check" && outcome.kind !== "attack")
      return new EngineError("SpecialBotchKind", { kind: outcome.kind });
    if (t.card.playerCharacter !== true) return new EngineError("SpecialBotchNotPc");
    if (outcome.dc === null) return new EngineError("NoDc");
    if (!outcome.failedBy5) return new EngineError("NotFailedBy5", { margin: outcome.margin ?? 0 });
  }
  const fromClass = a.source === "class";
  // Class dice serve their own character: never a botch (always on another's roll) or a GM special botch.
  if (fromClass && a.type !== "critical") return new EngineError("ClassDiceOwnRollOnly");
  // One contribution per user and source: a roller may add their class dice to their own pool's dice.
  if (standing(t.card, a.type).some((e) => e.by === a.by && (e.character !== undefined) === fromClass))
    return new EngineError("AlreadyContributed");
  return payError(t, a.by, a.source, a.dice, a.faces);
}

/** The effect entry that stands for an activation, if one was chosen. */
export function standingEffect(card: ActionCardState, activation: EffectActivation): LedgerEntry | undefined {
  return standing(card, "effect").find((e) => e.effect?.activation === activation);
}

/** Whether an effect may be chosen for an activation that stands. */
export function effectError(t: ActionTable, a: EffectAction): EngineError | null {
  const activation = a.activation;
  if (activation !== "critical" && activation !== "botch" && activation !== "specialBotch")
    return new EngineError("UnknownAction", { type: String(activation) });
  const have = severity(t.card, activation);
  if (have === 0) return new EngineError("EffectNotActivated");
  const gm = isGm(t.pools, a.by);
  if (activation === "critical" ? a.by !== t.card.owner && !gm : !gm) return new EngineError("EffectNotYours");
  // A result drawn from a table is the GM's draw: a roller records a critical's effect in their own words.
  if (a.effect === TABLE_DRAW && !gm) return new EngineError("EffectNotYours");
  const option = effectsFor(t.card.request.kind, activation).find((o) => o.id === a.effect);
  if (option === undefined) return new EngineError("UnknownEffect", { effect: String(a.effect) });
  if (have < option.minSeverity) return new EngineError("EffectNeedsSeverity", { need: option.minSeverity, have });
  if (standingEffect(t.card, activation) !== undefined) return new EngineError("EffectAlreadyChosen");
  const note = typeof a.note === "string" ? a.note.trim() : "";
  if (a.note !== undefined && typeof a.note !== "string") return new EngineError("MalformedRequest");
  if (note.length > MAX_EFFECT_NOTE) return new EngineError("EffectNoteTooLong", { max: MAX_EFFECT_NOTE });
  if (option.needsNote && note === "") return new EngineError("EffectNeedsNote");
  return null;
}

/** Records a checked effect for an activation, with the text typed (trimmed). */
export function applyEffect(table: ActionTable, action: EffectAction): ActionTable {
  const card = table.card;
  const note = typeof action.note === "string" ? action.note.trim() : "";
  const entry: LedgerEntry = {
    id: action.id,
    type: "effect",
    by: action.by,
    dice: [],
    undone: false,
    effect: { activation: action.activation, id: action.effect, note },
  };
  return { ...table, card: { ...card, ledger: [...card.ledger, entry], applied: [...card.applied, action.id] } };
}
