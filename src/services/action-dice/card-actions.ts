/**
 * Actions on an action card, applied by the active GM (through `gm-action.ts`): use an action die
 * (augment), re-roll the d20, activate a botch, a critical or a special botch, declare the result,
 * and the GM's undo and refund. The GM loads the card from its message and every pool the action
 * touches, lets the engine's ledger rules decide (`applyCardAction`), takes the new dice the asker
 * threw on its own client (`throwCardDice`, range-checked; the GM never throws a player's die), and writes the pools and the card back together, rolled back
 * when a write fails. A use, a re-roll or a critical may be paid with the class bonus dice of the
 * character who made the roll (the message's speaker), by a user who owns that character; the
 * character's class pool (Actor flags, `class-pools.ts`) is written with the rest.
 */
import {
  ACTIVATION_TYPES,
  applyCardAction,
  severity,
  type ActionCardState,
  type ActionPoolState,
  type CardAction,
  type DiceSource,
  type LedgerEntry,
} from "../../engines/action/index.ts";
import { EngineError, shared } from "../../engines/core.ts";
import type { Throw } from "../../engines/shared/core.ts";
import { ActionRoll, keptOptions, recordOf, type ActionCardRecord, type CardEvent } from "../../dice/index.ts";
import type { ActionContext } from "../gm-action.ts";
import { contentVisibleTo, dice3d, messageById, rollWrite, showNewDice, visibilityOf } from "../messages.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { runWrites } from "../transaction.ts";
import { cardOf } from "./card-state.ts";
import type { CardControl, CardReply, CardRequest } from "./protocol.ts";

export { cardCharacter, cardOf, defaultCardOwner } from "./card-state.ts";
export { CARD_ACTION } from "./protocol.ts";
export type { CardControl, CardReply, CardRequest } from "./protocol.ts";
import type { ActivationEvent, SpendEvent } from "./events.ts";
import {
  currentSession,
  lateUsesNow,
  loadPools,
  loggedOnCard,
  matchesRecord,
  namesOf,
  poolWrites,
  recordedSpend,
  spendLogWrite,
  strikesWrite,
} from "./store.ts";
import { classPoolWrites, loadClassPools } from "./class-pools.ts";
import { initiativeTarget, syncInitiative, type InitiativeTarget } from "../initiative.ts";

/** A card as loaded from its message. */
export interface LoadedCard {
  readonly message: ChatMessage.Implementation;
  /** The place of the card's roll in the message's rolls. */
  readonly place: number;
  readonly roll: ActionRoll;
  readonly record: ActionCardRecord;
  readonly card: ActionCardState;
}

/**
 * Loads the action card of a message's roll at `place` (its first roll when none is named; a caller
 * may send anything): `UnknownMessage`, `UnknownRoll` or `NotAnActionCard` when there is none.
 */
export function loadCard(messageId: unknown, place?: unknown): LoadedCard {
  const message = messageById(messageId);
  const at = typeof place === "number" || place === undefined ? rollPlace(storedCard(message), place) : null;
  // A card of no roll is no action card; a roll named that the card does not hold is refused as such.
  if (at === null && place === undefined) throw new EngineError("NotAnActionCard");
  if (at === null) throw new EngineError("UnknownRoll", { place: String(place) });
  const roll = message.rolls[at];
  if (!(roll instanceof ActionRoll) || roll.outcome === undefined) throw new EngineError("NotAnActionCard");
  return { message, place: at, roll, record: roll.card, card: cardOf(message, roll) };
}

/** Whether data has the shape of a card request (a forged one may not). */
function isRequest(data: unknown): data is CardRequest {
  const d = data as Partial<CardRequest> | null;
  return typeof d === "object" && d !== null && typeof d.control === "object" && d.control !== null;
}

/** The control types that take dice out of the actor's pool. */
const SPENDS = new Set<CardControl["type"]>(["augment", "reroll", "botch", "critical", "specialBotch"]);

/**
 * A pool that stands for the GM when no GM pool exists this session (before the first session, or
 * after a reload that lost it): it lets the GM close and undo, and is never written.
 */
function gmStandIn(userId: string): ActionPoolState {
  return { userId, gm: true, dieFaces: 6, dice: [], spent: 0, luckyBreak: false, failedInsight: [], applied: [] };
}

/** The dice source a control asks for (`class`, or the user's pool); anything else is a malformed request. */
function sourceOf(control: CardControl): { source?: DiceSource } {
  const source = (control as { source?: unknown }).source;
  if (source === undefined || source === "pool") return {};
  if (source === "class") return { source };
  throw new EngineError("MalformedRequest");
}

function engineAction(control: CardControl, by: string, id: string): CardAction {
  switch (control.type) {
    case "augment":
      return { type: "augment", id, by, faces: Number(control.faces), ...sourceOf(control) };
    case "reroll":
      return {
        type: "reroll",
        id,
        by,
        ...(control.faces === undefined ? {} : { faces: Number(control.faces) }),
        ...(control.die === undefined ? {} : { die: Number(control.die) }),
        ...(control.augment === undefined ? {} : { augment: Number(control.augment) }),
        ...sourceOf(control),
      };
    case "botch":
    case "critical":
    case "specialBotch":
      return {
        type: control.type,
        id,
        by,
        dice: Number(control.dice),
        ...(control.faces === undefined ? {} : { faces: Number(control.faces) }),
        ...sourceOf(control),
      };
    case "effect": {
      const activation = shared.textOf(control.activation);
      if (activation !== "critical" && activation !== "botch" && activation !== "specialBotch")
        throw new EngineError("MalformedRequest");
      const note = control.note === undefined ? {} : { note: shared.textOf(control.note) };
      return { type: "effect", id, by, activation, effect: shared.textOf(control.effect), ...note };
    }
    case "close": {
      if (control.verdict === undefined) return { type: "close", id, by };
      const verdict = shared.textOf(control.verdict);
      if (verdict !== "success" && verdict !== "failure") throw new EngineError("MalformedRequest");
      return { type: "close", id, by, verdict };
    }
    case "undo":
    case "refund":
      return { type: "undo", id, by, entry: shared.textOf(control.entry) };
    default:
      throw new EngineError("UnknownAction", { type: (control as { type: unknown }).type });
  }
}

/**
 * The table the engine's ledger rules read: the card, the pools (a GM stand-in for a GM without one),
 * the class pools, and the three-strike leniency with the players' strikes.
 */
function cardTable(
  asker: User.Implementation,
  card: ActionCardState,
  pools: Readonly<Record<string, ActionPoolState>>,
  classPools: ReturnType<typeof loadClassPools>["pools"],
): Parameters<typeof applyCardAction>[0] {
  const me = asker.id ?? "";
  const table = { card, pools: asker.isGM && !pools[me] ? { ...pools, [me]: gmStandIn(me) } : pools, classPools };
  return { ...table, lateUses: lateUsesNow() };
}

/**
 * The follow-up dice a use or a re-roll throws, thrown on the asker's own client through the dice
 * fulfilment (so a user entering dice by hand is asked for each), from the card and pools as this
 * client sees them. They travel with the request; the GM re-checks the action and the dice. Other
 * controls throw nothing.
 */
export async function throwCardDice(
  message: ChatMessage.Implementation,
  control: CardControl,
  asker: User.Implementation,
  place?: number,
): Promise<Throw[]> {
  if (control.type !== "augment" && control.type !== "reroll") return [];
  const loaded = loadCard(message.id, place);
  // An initiative card that is not its character's current initiative is refused before any die is
  // thrown (the GM checks it again when applying).
  initiativeOf(loaded, control);
  const { card } = loaded;
  const me = asker.id ?? "";
  const action = engineAction(control, me, "local");
  const fromClass = "source" in action && action.source === "class";
  const pools = loadPools([me, card.owner]);
  const classPools = loadClassPools([fromClass ? card.character : null]);
  const next = applyCardAction(cardTable(asker, card, pools.pools, classPools.pools), action);
  return ActionRoll.throwFollowUps(next.card.request, next.card.thrown);
}

/**
 * The combatant an initiative card's action moves (`null` for any other card, or when the total
 * does not change). A use or re-roll on an initiative card that is not its character's current
 * initiative is refused; another action on it (the GM's undo, a declared result) is applied without
 * moving anyone.
 */
function initiativeOf(loaded: LoadedCard, control: CardControl): InitiativeTarget | null {
  const { message, roll, card } = loaded;
  try {
    return initiativeTarget(message, roll.options, card.owner, roll.total);
  } catch (error) {
    if (control.type === "augment" || control.type === "reroll") throw error;
    return null;
  }
}

function reply(card: ActionCardState, roll: ActionRoll, repeated: boolean, strike?: number): CardReply {
  return { repeated, ledger: card.ledger.length, total: roll.total ?? 0, ...(strike === undefined ? {} : { strike }) };
}

/**
 * Applies a card control for the asker (runs on the active GM). A use or re-roll on a card whose
 * result was declared is a late use under the three-strike leniency (when the world allows it): the
 * player's strike is written with the card, and the reply names it so the player is warned.
 * Checks, in order: the card exists
 * and the asker may see it; a repeated action id answers without change; the card is as the asker
 * saw it (`CardChanged`); closing and refunds are the GM's; class dice only from a character the
 * asker owns (`ClassDiceNotYourCharacter`); then the engine's rules. Fires
 * `rollingBones.preSpend` before any write (a handler returning `false` refuses the spend), and
 * `rollingBones.spend`, `rollingBones.botchActivated` or `rollingBones.criticalActivated` after.
 */
export async function runCardAction({ asker, actionId }: ActionContext, data: CardRequest): Promise<CardReply> {
  const me = asker.id ?? "";
  if (!isRequest(data)) throw new EngineError("MalformedRequest");
  const loaded = loadCard(data.messageId, data.roll);
  const { message, card } = loaded;
  if (!contentVisibleTo(visibilityOf(message), me)) throw new EngineError("CardNotVisible");
  if (card.applied.includes(actionId)) return reply(card, loaded.roll, true);
  // The log is written before the pools, so pools already paid imply it.
  if (loggedOnCard(actionId, message.id ?? "")) return reply(card, loaded.roll, true);
  if (data.seen !== card.ledger.length) throw new EngineError("CardChanged");
  const control = data.control;
  if ((control.type === "close" || control.type === "refund" || control.type === "undo") && !asker.isGM) {
    throw new EngineError("GmOnly");
  }
  const action = engineAction(control, me, actionId);
  const target: LedgerEntry | undefined =
    action.type === "undo" ? card.ledger.find((e) => e.id === action.entry && !e.undone) : undefined;
  if (control.type === "refund" && target !== undefined && target.type !== "critical") {
    throw new EngineError("RefundOnlyCritical");
  }
  // Dice spent in an earlier session went with it: the pools were refilled since.
  const entrySession = target ? loaded.record.sessions[target.id] : undefined;
  if (entrySession !== undefined && entrySession !== currentSession()) {
    throw new EngineError("OtherSession", { session: entrySession });
  }
  // Dice go back only as the GM recorded taking them (issue 41, fault 2): the card's ledger is in the
  // card's roll, which its author may rewrite, so a line the GM's log does not hold, for this card and
  // with these dice, gives nothing back.
  const paid = target && target.dice.length > 0 ? recordedSpend(target.id) : null;
  if (target && target.dice.length > 0 && !matchesRecord(paid, message.id ?? "", target)) {
    throw new EngineError("SpendUnrecorded");
  }

  const fromClass = "source" in action && action.source === "class";
  const character = card.character ? game.actors.get(card.character) : undefined;
  if (fromClass && character && !character.testUserPermission(asker, "OWNER")) {
    throw new EngineError("ClassDiceNotYourCharacter", { name: character.name });
  }
  const pools = loadPools([me, card.owner, ...(target ? [target.by] : [])]);
  if (SPENDS.has(control.type) && !fromClass && pools.pools[me] === undefined) {
    throw new EngineError("NoPoolThisSession", { name: asker.name });
  }
  const classPools = loadClassPools([fromClass ? card.character : null, target?.character]);
  const table = cardTable(asker, card, pools.pools, classPools.pools);
  const next = applyCardAction(table, action);
  const initiative = initiativeOf(loaded, control);

  const entry = SPENDS.has(control.type) ? next.card.ledger.at(-1) : undefined;
  const spend: SpendEvent | null = entry
    ? {
        type: entry.type,
        userId: me,
        ...(entry.character === undefined ? {} : { character: entry.character }),
        dice: entry.dice,
        messageId: message.id,
        actionId,
        subject: null,
      }
    : null;
  /**
   * A hook event that fires on the active GM's client before action dice leave a pool: a use
   * (augment), a re-roll, an activation, insight or a lucky break. Nothing has been written yet.
   * @param spend - What would be spent, by whom, on which card ({@link SpendEvent}).
   * @returns `false` to refuse the spend; the user is told it was cancelled and nothing changes.
   */
  if (spend && Hooks.call("rollingBones.preSpend", spend) === false) throw new EngineError("SpendCancelled");

  const event: CardEvent | null =
    action.type === "close"
      ? { id: actionId, type: "close", by: me, entry: null }
      : action.type === "undo"
        ? { id: actionId, type: control.type === "refund" ? "refund" : "undo", by: me, entry: action.entry }
        : null;
  const names: Record<string, string> = namesOf([me, card.owner, ...(target ? [target.by] : [])]);
  // The ledger names the character whose class dice paid.
  const paidBy = entry?.character ?? target?.character;
  const payer = paidBy ? game.actors.get(paidBy) : undefined;
  if (paidBy && payer) names[paidBy] = payer.name;
  const record = recordOf(next.card, loaded.record, event, names, currentSession());
  // The new dice come with the request, thrown on the asker's client; the GM only checks them.
  const { roll, fresh } = await ActionRoll.fromThrows(
    next.card.request,
    next.card.thrown,
    { ...keptOptions(loaded.roll.options), card: record },
    [...(Array.isArray(data.dice) ? (data.dice as unknown[]) : [])],
  );
  // A late use (or its undo) changes a player's strikes under the three-strike leniency.
  const strikes =
    next.lateUses !== undefined && next.lateUses !== table.lateUses ? [strikesWrite(next.lateUses.strikes)] : [];
  const logged = entry
    ? [
        spendLogWrite(entry.id, {
          message: message.id ?? "",
          type: entry.type,
          by: entry.by,
          dice: entry.dice.map((p) => ({ faces: p.faces, count: p.count })),
          character: entry.character ?? null,
          late: entry.late ?? null,
          undoneBy: null,
        }),
      ]
    : target && paid
      ? [spendLogWrite(target.id, { ...paid, undoneBy: actionId })]
      : [];
  await runWrites([
    ...logged,
    ...poolWrites(pools, next.pools),
    ...classPoolWrites(classPools, next.classPools),
    ...strikes,
    rollWrite(message, loaded.place, roll),
  ]);
  // An augmented or re-rolled initiative moves its combatant (only before the round starts).
  await syncInitiative(initiative, roll.total);
  // The Undo of a drawn effect takes off the lasting effect it put on (services/lasting.ts).
  if (action.type === "undo" && target?.type === "effect" && target.effect) {
    const { lastingEntry, takeOffLasting } = await import("../lasting.ts");
    await takeOffLasting(message.id ?? "", lastingEntry(target.effect.activation, loaded.place));
  }
  // The animation is not awaited: Dice So Nice plays it only while the GM's page is visible, and the
  // asker's reply and every other request in the GM's queue must not wait for a hidden tab.
  void showNewDice(dice3d(), fresh, asker, message).catch((error: unknown) => console.error(error));

  if (spend) {
    /**
     * A hook event that fires on the active GM's client once action dice left a pool and the card
     * and pool were written.
     * @param spend - What was spent, by whom, on which card ({@link SpendEvent}).
     */
    Hooks.callAll("rollingBones.spend", spend);
  }
  if (entry && ACTIVATION_TYPES.includes(entry.type)) {
    const type = entry.type as ActivationEvent["type"];
    const activation: ActivationEvent = {
      type,
      messageId: message.id ?? "",
      userId: me,
      dice: entry.dice,
      severity: severity(next.card, type),
    };
    if (type === "critical") {
      /**
       * A hook event that fires on the active GM's client when dice were added to a critical threat.
       * @param activation - The card, the contributor, the dice and the severity now ({@link ActivationEvent}).
       */
      Hooks.callAll("rollingBones.criticalActivated", activation);
    } else {
      /**
       * A hook event that fires on the active GM's client when dice were added to a botch or a GM
       * special botch (`activation.type` says which).
       * @param activation - The card, the contributor, the dice and the severity now ({@link ActivationEvent}).
       */
      Hooks.callAll("rollingBones.botchActivated", activation);
    }
  }
  return reply(next.card, roll, false, entry?.late);
}
