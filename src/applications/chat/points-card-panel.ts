/**
 * The points controls' code, loaded with the first percentile, wild, pool, pi or Fate Point loss card
 * (`points-card-listeners.ts` decides cheaply and loads this; see `points-controls.ts`): "Assist …"
 * and "Cancel assist" on a percentile card, the pick of two dice on a Precision & Impact card,
 * whether a given assist still waits, and the GM's Undo on each ledger line. A click runs from the
 * table of card controls (`card-actions.ts`), which sends the request to the active GM
 * (`services/points/requests.ts`); the card re-renders when the GM writes it. Controls are rebuilt
 * on every render, never kept across renders.
 */
import { partOf, rollPlace, storedCard } from "../../data/card/parts.ts";
import { rollKey, rollSections } from "./roll-sections.ts";
import { SYSTEM_ID, systemPath } from "../../constants.ts";
import type { PendingAssist } from "../../dice/index.ts";
import {
  ASSISTS_FLAG,
  FATE_LOSS_FLAG,
  pointsEngineOf,
  type FateLossRecord,
  type PointsRoll,
} from "../../services/points/index.ts";
import { addAdviceHost } from "./advice-host.ts";
import { addPointsUndo, controlButton, markAssistLine } from "./card-controls.ts";
import { pointsControls, type PointsControlsView } from "./points-controls.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";

/** The template of the per-viewer controls. */
export const POINTS_CONTROLS_TEMPLATE = systemPath("templates/chat/points-controls.hbs");

/**
 * The controls a viewer sees on a message's card roll at `place` (its first roll when absent), or
 * `null` when it is not a points roll.
 */
export function pointsControlsFor(message: ChatMessage.Implementation, place?: number): PointsControlsView | null {
  const at = rollPlace(storedCard(message), place);
  const roll = at === null ? undefined : message.rolls[at];
  const engine = pointsEngineOf(roll);
  if (at === null || engine === null || !message.id) return null;
  const points = roll as PointsRoll;
  if (points.outcome === undefined) return null;
  const viewer = game.user;
  const leaders =
    engine === "percentile"
      ? game.actors
          .filter((a) => a.type === "percentile-character" && a.testUserPermission(viewer, "LIMITED"))
          .map((a) => ({ id: a.id ?? "", name: a.name }))
      : [];
  return pointsControls({
    viewer: viewer.id ?? "",
    viewerIsGM: viewer.isGM,
    author: message.author?.id ?? null,
    engine,
    messageId: rollKey(message.id, at),
    record: points.points,
    outcome: points.outcome,
    rollerId: points.points.actorId ?? message.speaker.actor ?? null,
    leaders,
    isPending: (leaderId, assistId) => {
      const assists: unknown = game.actors.get(leaderId)?.getFlag(SYSTEM_ID, ASSISTS_FLAG);
      return Array.isArray(assists) && (assists as PendingAssist[]).some((a) => a.id === assistId);
    },
  });
}

/** Renders the controls' HTML for a view (empty when there is nothing to show). */
export async function pointsControlsHtml(view: PointsControlsView): Promise<string> {
  if (!view.any) return "";
  return renderSystemTemplate(POINTS_CONTROLS_TEMPLATE, { ...view });
}

/** Who may press the Undo of a Fate Point loss card: a GM, while the loss stands. */
export function canUndoFateLoss(record: FateLossRecord | undefined, isGM: boolean): boolean {
  return isGM && record !== undefined && record.undoneBy === null;
}

/** Adds the GM's Undo to a Fate Point loss card (the `pointsUndoFateLoss` card control). */
function decorateFateLoss(message: ChatMessage.Implementation, html: HTMLElement): void {
  const record = partOf(message, FATE_LOSS_FLAG) as FateLossRecord | undefined;
  const section = html.querySelector<HTMLElement>(".rb-card--fate-loss");
  if (!section || !canUndoFateLoss(record, game.user.isGM)) return;
  section.append(
    controlButton(
      "rb-controls__button",
      "pointsUndoFateLoss",
      game.i18n.localize("ROLLING_BONES.ActionDice.Controls.Undo"),
      game.i18n.localize("ROLLING_BONES.Wild.FateLoss.UndoLabel"),
      {},
    ),
  );
}

/** Draws the points controls into a rendered points card (each points roll's into its section) or Fate Point loss card. */
export async function decoratePoints(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!message.isContentVisible) return;
  decorateFateLoss(message, html);
  for (const { place, section } of rollSections(message, html)) {
    const view = pointsControlsFor(message, place);
    if (!view) continue;
    markAssistLine(section, view.assistState, game.i18n);
    addPointsUndo(section, view.undo, game.i18n);
    const controls = await pointsControlsHtml(view);
    if (controls) section.insertAdjacentHTML("beforeend", controls);
    addPickAdvisor(message, place, section, view);
  }
}

/**
 * Adds the advisor of a Precision & Impact card with two dice or more to pick from, for the viewer
 * who may pick (its owner) and for a GM: every pick judged against the goal, worked out only when
 * opened or when the card is hovered.
 */
function addPickAdvisor(
  message: ChatMessage.Implementation,
  place: number,
  section: HTMLElement,
  view: PointsControlsView,
): void {
  const roll = message.rolls[place] as PointsRoll | undefined;
  const outcome = roll?.outcome;
  if (!message.id || !outcome || outcome.engine !== "pi" || outcome.singleDie) return;
  if (view.pick === null && !game.user.isGM) return;
  addAdviceHost(section, rollKey(message.id, place), "pi", game.i18n, async () => {
    const advice = await import("./card-advice.ts");
    return advice.piAdviceHtml(outcome);
  });
}
