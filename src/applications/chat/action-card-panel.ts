/**
 * The action-dice controls' code, loaded with the first action or economy card
 * (`action-card-listeners.ts` decides cheaply and loads this): on an action card, the controls this
 * user may use (see `action-controls.ts`) and, for the GM, Undo and Refund on each ledger line; on an
 * economy card, the GM's Undo. Each control is a `data-rb-action` button, run from the table of card
 * controls (`card-actions.ts`): a click sends the request to the active GM
 * (`services/action-dice/requests.ts`) and the card re-renders when the GM writes it. Controls are
 * rebuilt on every render, never kept across renders.
 */
import { partOf } from "../../data/card/parts.ts";
import { systemPath } from "../../constants.ts";
import { ActionRoll } from "../../dice/index.ts";
import {
  cardOf,
  ECONOMY_FLAG,
  loadPools,
  currentSession,
  lateUsesNow,
  type EconomyRecord,
} from "../../services/action-dice/index.ts";
import { classPoolNow } from "../../services/action-dice/class-pools.ts";
import { cardOutcome, type ActionCardState, type ActionPoolState } from "../../engines/action/index.ts";
import { actionControls, type ActionControlsView, type ControlsInput } from "./action-controls.ts";
import { addAdviceHost } from "./advice-host.ts";
import { addLedgerControls, controlButton } from "./card-controls.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { rollKey, rollSections, type RollSection } from "./roll-sections.ts";

/** The template of the per-viewer controls. */
export const CONTROLS_TEMPLATE = systemPath("templates/chat/action-controls.hbs");

/** A ledger control (Undo, Refund). */
function button(action: string, label: string, aria: string, data: Record<string, string>): HTMLButtonElement {
  return controlButton("rb-ledger__control", action, label, aria, data);
}

/** The class dice of the card's character the viewer may spend: only a character the viewer owns. */
function viewerClassDice(card: ActionCardState): ControlsInput["classDice"] {
  const actor = card.character ? game.actors.get(card.character) : undefined;
  if (!actor?.testUserPermission(game.user, "OWNER")) return null;
  const pool = classPoolNow(actor);
  return pool ? { name: actor.name, pool: pool.state } : null;
}

async function decorateActionCard(
  message: ChatMessage.Implementation,
  roll: ActionRoll,
  { place, section }: RollSection,
): Promise<void> {
  if (!section.matches(".rb-card--action") || !message.id) return;
  const key = rollKey(message.id, place);
  const viewer = game.user;
  const card = cardOf(message, roll);
  const { pools } = loadPools([viewer.id ?? "", card.owner, ...card.ledger.map((e) => e.by)]);
  const view = actionControls({
    viewer: viewer.id ?? "",
    viewerIsGM: viewer.isGM,
    card,
    pools,
    messageId: key,
    classDice: viewerClassDice(card),
    lateUses: lateUsesNow(),
  });
  if (view.any) {
    section.insertAdjacentHTML("beforeend", await renderSystemTemplate(CONTROLS_TEMPLATE, { ...view }));
  }
  addLedgerControls(section, view.undo, game.i18n);
  addAdvisor(section, key, card, view, pools, viewer.isGM);
}

/**
 * Adds the advisor of an open card for a viewer who can spend on it (the dice they may use and the
 * dice they may re-roll), or for a GM (the dice of the card's owner); its figures are worked out
 * only when the viewer opens it or hovers the card.
 */
function addAdvisor(
  section: HTMLElement,
  messageId: string,
  card: ActionCardState,
  view: ActionControlsView,
  pools: Readonly<Record<string, ActionPoolState>>,
  isGM: boolean,
): void {
  const outcome = cardOutcome(card);
  if (!card.open || !outcome) return;
  let held = [
    ...view.augment.map((a) => ({ faces: a.faces, count: a.left })),
    ...(view.classAugment && view.classDice ? [{ faces: view.classDice.faces, count: view.classDice.left }] : []),
  ];
  let rerollable: number[] | undefined = [...view.reroll, ...view.classReroll].map((r) => r.die);
  if (held.length === 0 && rerollable.length === 0) {
    if (!isGM) return;
    // The GM sees what the card's owner could do with the dice the owner holds.
    held = (Object.hasOwn(pools, card.owner) ? (pools[card.owner]?.dice ?? []) : []).map((d) => ({
      faces: d.faces,
      count: d.count,
    }));
    rerollable = undefined;
    if (held.every((d) => d.count === 0)) return;
  }
  addAdviceHost(section, messageId, "action", game.i18n, async () => {
    const advice = await import("./card-advice.ts");
    return advice.actionAdviceHtml(outcome, held, rerollable);
  });
}

function decorateEconomyCard(record: EconomyRecord, html: HTMLElement): void {
  const section = html.querySelector<HTMLElement>(".rb-card--economy");
  if (!section || !game.user.isGM || !record.entry || record.entry.undone || record.session !== currentSession())
    return;
  const undo = button(
    "undoPool",
    game.i18n.localize("ROLLING_BONES.ActionDice.Controls.Undo"),
    game.i18n.localize("ROLLING_BONES.ActionDice.Controls.UndoPool"),
    {},
  );
  undo.classList.add("rb-controls__button");
  const row = document.createElement("div");
  row.className = "rb-controls__row";
  row.append(undo);
  section.append(row);
}

/** Draws the action-dice controls into a rendered action or economy card: each action roll's into its section. */
export async function decorateActionDice(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!message.isContentVisible) return;
  for (const drawn of rollSections(message, html)) {
    const roll = message.rolls[drawn.place];
    if (roll instanceof ActionRoll && roll.outcome !== undefined) await decorateActionCard(message, roll, drawn);
  }
  const economy = partOf(message, ECONOMY_FLAG) as EconomyRecord | undefined;
  if (economy) decorateEconomyCard(economy, html);
}
