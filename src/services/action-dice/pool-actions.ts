/**
 * Actions on the pools themselves, applied by the active GM: the GM's award (+1 to the player, +1 to
 * the GM, from the panel or from the roll card it rewards), forfeit of a player's awards and take, a
 * player's insight spend and lucky break, and the GM's undo of any of them. Each is posted to chat as
 * an economy card that records it; the undo works from that card.
 */
import { cardData, partOf } from "../../data/card/parts.ts";
import {
  checkAwardForRoll,
  recordPoolAction,
  undoPoolEntry,
  type PoolAction,
  type PoolEntry,
} from "../../engines/action/index.ts";
import { EngineError, shared } from "../../engines/core.ts";
import type { ActionContext } from "../gm-action.ts";
import { contentVisibleTo, messageById, messageCreate, partWrite, visibilityOf } from "../messages.ts";
import { runWrites } from "../transaction.ts";
import {
  poolTarget,
  type PoolControl,
  type PoolReply,
  type PoolRequest,
  type PoolUndoRequest,
  type StrikesResetRequest,
} from "./protocol.ts";

export { POOL_ACTION, POOL_UNDO_ACTION, poolTarget } from "./protocol.ts";
export type { PoolControl, PoolReply, PoolRequest, PoolUndoRequest } from "./protocol.ts";
import { ECONOMY_FLAG, renderEconomyCard, type EconomyRecord } from "./economy-card.ts";
import type { SpendEvent } from "./events.ts";
import { classDiceSpentBy } from "./class-pools.ts";
import { currentSession, lateUsesNow, loadPools, namesOf, poolWrites, strikesWrite } from "./store.ts";

function engineAction(control: PoolControl, by: string, id: string): PoolAction {
  switch (control.type) {
    case "award":
      return {
        type: "award",
        id,
        by,
        to: shared.textOf(control.to),
        count: Number(control.count ?? 1),
        ...(control.reason === undefined ? {} : { reason: control.reason }),
      };
    case "forfeit":
      return { type: "forfeit", id, by, to: shared.textOf(control.to), reason: shared.textOf(control.reason) };
    case "take":
      return {
        type: "take",
        id,
        by,
        from: shared.textOf(control.from),
        count: Number(control.count ?? 1),
        ...(control.faces === undefined ? {} : { faces: Number(control.faces) }),
      };
    case "insight":
      return {
        type: "insight",
        id,
        by,
        dice: Number(control.dice),
        subject: typeof control.subject === "string" ? control.subject.trim() : "",
        ...(control.faces === undefined ? {} : { faces: Number(control.faces) }),
        ...(control.villain === undefined ? {} : { villain: control.villain }),
      };
    case "luckyBreak":
      return { type: "luckyBreak", id, by, classDiceSpent: classDiceSpentBy(by) };
    default:
      throw new EngineError("UnknownAction", { type: (control as { type: unknown }).type });
  }
}

/**
 * Who sees an economy card: an insight (its subject may be a secret) goes to the player and the GMs
 * only; the GM's secret agenda (insight for a villain) to the GMs alone; a forfeit of awards to the
 * player it names and the GMs (a word with one player, not an announcement).
 */
function whisperFor(entry: PoolEntry): string[] {
  if (entry.type !== "insight" && entry.type !== "forfeit") return [];
  const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
  return [...new Set([entry.by, ...entry.changes.map((c) => c.userId), ...gms])];
}

/**
 * An award made from a roll's card: the asker must see the card's content (a player's self roll is
 * hidden from the GM, as for any card control), the card must be an action card whose roller is the
 * player awarded, and no action die may stand on it (the rules give no award for what stems from one).
 */
async function checkCardAward(control: PoolControl, target: string, asker: string): Promise<void> {
  if (control.type !== "award" || control.card === undefined) return;
  const { loadCard } = await import("./card-actions.ts");
  const { message, card } = loadCard(shared.textOf(control.card), control.roll);
  if (!contentVisibleTo(visibilityOf(message), asker)) throw new EngineError("CardNotVisible");
  if (card.owner !== target) throw new EngineError("AwardNotRoller");
  const check = checkAwardForRoll(card);
  if (!check.ok) throw check.error;
}

/**
 * Applies a pool control for the asker (runs on the active GM): refuses a session not yet started,
 * an award from a roll's card on which action dice stand ({@link checkCardAward}),
 * a pool that changed since the asker saw it (`PoolChanged`), then whatever the engine refuses; fires
 * `rollingBones.preSpend` before an insight or lucky-break spend; writes the pools and posts the
 * economy card together; fires `rollingBones.spend`.
 */
export async function runPoolAction({ asker, actionId }: ActionContext, data: PoolRequest): Promise<PoolReply> {
  const me = asker.id ?? "";
  const control = (data as Partial<PoolRequest> | null)?.control;
  if (typeof control !== "object" || control === null) throw new EngineError("MalformedRequest");
  if (currentSession() === 0) throw new EngineError("NoSession");
  const action = engineAction(control, me, actionId);
  const target = poolTarget(control, me);
  const pools = loadPools([me, target]);
  const seen = data.seen;
  if (pools.pools[me]?.applied.includes(actionId) === true) return { repeated: true, messageId: null };
  if (seen !== null && seen !== undefined && pools.stored.get(target)?.rev !== seen)
    throw new EngineError("PoolChanged");
  if (!game.users.get(target)) throw new EngineError("UnknownUser");
  if (pools.pools[target] === undefined)
    throw new EngineError("NoPoolThisSession", { name: game.users.get(target)?.name ?? target });
  await checkCardAward(control, target, me);
  const recorded = recordPoolAction(pools.pools, action);
  const entry = recorded.entry;
  if (entry === null) return { repeated: true, messageId: null };

  const spend: SpendEvent | null =
    entry.type === "insight" || entry.type === "luckyBreak"
      ? {
          type: entry.type,
          userId: me,
          dice: entry.changes.find((c) => c.userId === me)?.removed ?? [],
          messageId: null,
          actionId,
          subject: entry.subject,
        }
      : null;
  /**
   * A hook event that fires on the active GM's client before an insight spend or a lucky break takes
   * dice from the player's pool (the same hook as for card spends; `messageId` is `null`).
   * @param spend - What would be spent ({@link SpendEvent}).
   * @returns `false` to refuse the spend.
   */
  if (spend && Hooks.call("rollingBones.preSpend", spend) === false) throw new EngineError("SpendCancelled");

  const record: EconomyRecord = {
    kind: entry.type,
    session: currentSession(),
    entry,
    pools: [],
    undoneBy: null,
    names: namesOf([me, ...entry.changes.map((c) => c.userId)]),
  };
  const create = messageCreate({
    author: game.user.id,
    speaker: { alias: asker.name },
    content: await renderEconomyCard(record),
    whisper: whisperFor(entry),
    ...cardData({ [ECONOMY_FLAG]: record }),
  });
  await runWrites([...poolWrites(pools, recorded.pools), create]);
  if (spend) {
    /**
     * A hook event that fires on the active GM's client once an insight spend or a lucky break was
     * written (the same hook as for card spends).
     * @param spend - What was spent ({@link SpendEvent}).
     */
    Hooks.callAll("rollingBones.spend", spend);
  }
  return { repeated: false, messageId: create.created()?.id ?? null };
}

/**
 * Undoes the pool action recorded on an economy card (runs on the active GM; the GM only): the dice
 * go back, and the card is marked undone. Refused when the dice an award added were spent since.
 */
export async function runPoolUndo(
  { asker, actionId }: ActionContext,
  data: PoolUndoRequest,
): Promise<{ repeated: boolean }> {
  const me = asker.id ?? "";
  if (!asker.isGM) throw new EngineError("GmOnly");
  const message = messageById(data?.messageId);
  // Only a card a GM posted records a pool action (issue 41, fault 2): a player may post a message with
  // any flags, and write her own messages, but may neither author one as a GM nor change a GM's.
  // [API13 BaseChatMessage: a non-GM creates only as its own author and updates only its own]
  if (message.author?.isGM !== true) throw new EngineError("NothingToUndo");
  const record = partOf(message, ECONOMY_FLAG) as EconomyRecord | undefined;
  const entry = record?.entry;
  if (!record || !entry) throw new EngineError("NothingToUndo");
  if (entry.undone && entry.undoId === actionId) return { repeated: true };
  // The pools were refilled since: giving back (or taking back) dice now would mix two sessions.
  if (record.session !== currentSession()) throw new EngineError("OtherSession", { session: record.session });
  const pools = loadPools([me, ...entry.changes.map((c) => c.userId)]);
  const undone = undoPoolEntry(pools.pools, entry, me, actionId);
  const next: EconomyRecord = {
    ...record,
    entry: undone.entry,
    undoneBy: me,
    names: { ...record.names, ...namesOf([me]) },
  };
  await runWrites([
    ...poolWrites(pools, undone.pools),
    partWrite(message, ECONOMY_FLAG, next, { content: await renderEconomyCard(next) }),
  ]);
  return { repeated: false };
}

/**
 * The GM resets a player's strikes under the three-strike leniency (runs on the active GM; the GM
 * only): the player has three late uses again. A player with no strike is left as is.
 */
export async function runStrikesReset(
  { asker }: ActionContext,
  data: StrikesResetRequest,
): Promise<{ repeated: boolean }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const userId = shared.textOf((data as Partial<StrikesResetRequest> | null)?.userId);
  if (!game.users.get(userId)) throw new EngineError("UnknownUser");
  const { strikes } = lateUsesNow();
  if (!Object.hasOwn(strikes, userId)) return { repeated: true };
  const { [userId]: _reset, ...rest } = strikes;
  await runWrites([strikesWrite(rest)]);
  return { repeated: false };
}
