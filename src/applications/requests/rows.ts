/**
 * The per-viewer part of a request card, loaded with the first request card (`card.ts` decides and
 * loads this): the target or that it is hidden, each named character's row (a Roll button for its
 * owners, a result once rolled) and the GM's Reveal. The requests themselves load on the first click.
 */
import { systemPath } from "../../constants.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { EngineRoll, PoolRoll } from "../../dice/index.ts";
import { pool } from "../../engines/core.ts";
import { knownTarget, requestRecordOf, secretTargetOf } from "../../services/requests/records.ts";
import { requestCardView, type RequestCardView } from "./view.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";

/** The template of a viewer's rows. */
export const REQUEST_ROWS_TEMPLATE = systemPath("templates/chat/request-rows.hbs");

/** What the current user sees on a request card, or `null` when the message is not one. */
export function requestViewFor(message: ChatMessage.Implementation): RequestCardView | null {
  const record = requestRecordOf(message);
  if (!record || !message.id) return null;
  const owns: Record<string, boolean> = {};
  for (const id of record.spec.actors) owns[id] = game.actors.get(id)?.isOwner ?? false;
  const target = knownTarget(record);
  const outcomes: Record<string, unknown> = {};
  for (const [actorId, answer] of Object.entries(record.answers)) {
    const result = game.messages.get(answer.messageId);
    const place = result ? rollPlace(storedCard(result)) : null;
    const roll = result && place !== null ? result.rolls[place] : undefined;
    // A result the viewer cannot see (a private or blind roll) stays private here too.
    if (!result?.isContentVisible || !(roll instanceof EngineRoll) || roll.outcome === undefined) continue;
    // A pool roll made while the difficulty is hidden: the GM reads its faces at that difficulty.
    const hiddenPool = roll instanceof PoolRoll && roll.difficultyHidden;
    if (!hiddenPool) outcomes[actorId] = roll.outcome;
    else if (target !== null)
      outcomes[actorId] = pool.engine.resolve({ ...roll.request, difficulty: target }, roll.throws);
  }
  return requestCardView({
    messageId: message.id,
    record,
    viewerIsGM: game.user.isGM,
    target,
    hiddenTarget: game.user.isGM ? secretTargetOf(record) : null,
    owns,
    outcomes,
  });
}

/** Draws a request card's rows for the current user. */
export async function decorateRequest(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  const view = requestViewFor(message);
  const slot = html.querySelector<HTMLElement>("[data-request-rows]");
  if (!view || !slot) return;
  slot.innerHTML = await renderSystemTemplate(REQUEST_ROWS_TEMPLATE, { ...view });
}
