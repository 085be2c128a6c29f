/**
 * Losing a Fate Point for breaking the character's code (docs/rules.md §3): a GM action with a reason.
 * The active GM takes one Fate Point from a Wild Die character and posts a card that records who,
 * why and by whom; the GM's Undo on that card gives the point back. Both run through `gm-action.ts`,
 * re-check the asker (a GM) and the state, and write the character and the card together.
 */
import { cardData, partOf } from "../../data/card/parts.ts";
import { EngineError } from "../../engines/core.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import type { ActionContext } from "../gm-action.ts";
import { messageById, messageCreate, partWrite } from "../messages.ts";
import { runWrites } from "../transaction.ts";
import { actorById, actorWrite, namesFor } from "./store.ts";
import {
  FATE_LOSS_FLAG,
  FATE_LOSS_TEMPLATE,
  fateLossView,
  MAX_FATE_LOSS_REASON,
  type FateLossRecord,
  type FateLossRequest,
  type FateLossUndoRequest,
} from "./fate-loss-card.ts";

function fatePointsOf(actor: Actor.Implementation): number {
  const value = (actor.system as unknown as { fatePoints?: unknown }).fatePoints;
  return typeof value === "number" ? value : 0;
}

/**
 * Takes one Fate Point from a Wild Die character for breaking its code (runs on the active GM; the GM
 * only): the reason is required (at most {@link MAX_FATE_LOSS_REASON} characters), the character must
 * hold a point. The card is whispered to the GMs and the character's owners.
 */
export async function runFateLoss(
  { asker, actionId }: ActionContext,
  data: FateLossRequest,
): Promise<{ repeated: boolean }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const actor = actorById(data?.actorId);
  if (actor.type !== "wild-character") throw new EngineError("FateLossNotWild", { name: actor.name });
  const reason = typeof data.reason === "string" ? data.reason.trim() : "";
  if (reason === "") throw new EngineError("FateLossNeedsReason");
  if (reason.length > MAX_FATE_LOSS_REASON) throw new EngineError("NoteTooLong", { max: MAX_FATE_LOSS_REASON });
  const repeated = game.messages.contents.some(
    (m) => (partOf(m, FATE_LOSS_FLAG) as FateLossRecord | undefined)?.id === actionId,
  );
  if (repeated) return { repeated: true };
  const held = fatePointsOf(actor);
  if (held < 1) throw new EngineError("NoFatePoints");
  const record: FateLossRecord = {
    id: actionId,
    actorId: actor.id ?? "",
    reason,
    by: asker.id ?? "",
    left: held - 1,
    undoneBy: null,
    undoId: null,
    names: namesFor([actor.id, asker.id]),
  };
  const owners = game.users.filter((u) => u.isGM || actor.testUserPermission(u, "OWNER")).map((u) => u.id);
  await runWrites([
    actorWrite(actor, { "system.fatePoints": held - 1 }),
    messageCreate({
      author: game.user.id,
      speaker: { alias: asker.name },
      content: await renderSystemTemplate(FATE_LOSS_TEMPLATE, fateLossView(record)),
      whisper: [...new Set(owners)],
      ...cardData({ [FATE_LOSS_FLAG]: record }),
    }),
  ]);
  return { repeated: false };
}

/** Gives back the Fate Point a loss card took (runs on the active GM; the GM only; once). */
export async function runFateLossUndo(
  { asker, actionId }: ActionContext,
  data: FateLossUndoRequest,
): Promise<{ repeated: boolean }> {
  if (!asker.isGM) throw new EngineError("GmOnly");
  const message = messageById(data?.messageId);
  const record = partOf(message, FATE_LOSS_FLAG) as FateLossRecord | undefined;
  if (!record) throw new EngineError("NothingToUndo");
  if (record.undoId === actionId) return { repeated: true };
  if (record.undoneBy !== null) throw new EngineError("NothingToUndo");
  const actor = actorById(record.actorId);
  const next: FateLossRecord = {
    ...record,
    undoneBy: asker.id ?? "",
    undoId: actionId,
    names: { ...record.names, ...namesFor([asker.id]) },
  };
  await runWrites([
    actorWrite(actor, { "system.fatePoints": fatePointsOf(actor) + 1 }),
    partWrite(message, FATE_LOSS_FLAG, next, {
      content: await renderSystemTemplate(FATE_LOSS_TEMPLATE, fateLossView(next)),
    }),
  ]);
  return { repeated: false };
}
