/**
 * The damage panel's code, loaded on the first card that may carry one (`harm-controls.ts` decides
 * cheaply and loads this): a damage card (or a Precision & Impact weapon attack) offers ×½, ×1, ×2
 * and Heal per recorded target and for the selected tokens; every card with applications shows its
 * ledger, with Undo for the GM and for whoever applied a line. The buttons are `data-rb-action`
 * controls run from the card-control table (`card-actions.ts`); the active GM re-checks every application.
 */
import { partOf } from "../../data/card/parts.ts";
import { systemPath } from "../../constants.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import {
  LEDGER_FLAG,
  RECORD_FLAG,
  applyFromCard,
  cardDamage,
  readLedger,
  selectedTargets,
  undoOnCard,
  type ApplyResult,
  type TargetRef,
} from "../../services/harm/index.ts";
import { harm } from "../../engines/core.ts";
import { notify } from "../../helpers/notify.ts";
import { harmControlsView, shownTargetsOf } from "./harm-view.ts";
import type { CardControlContext } from "./card-control.ts";
import { rollSections } from "./roll-sections.ts";

/** The template of the damage panel. */
export const HARM_CONTROLS_TEMPLATE = systemPath("templates/chat/harm-controls.hbs");

/** The card's roll at `place` as the harm services read it. */
function cardRoll(message: ChatMessage.Implementation, place: number) {
  const roll = message.rolls[place];
  if (!roll) return null;
  const options = roll.options as Record<string, unknown>;
  return { engine: options.engine, options, total: roll.total };
}

/**
 * Draws the damage panel into a rendered card, when the card has damage or applications: each damage
 * roll's apply buttons into its section, the card's one ledger of applications with the first panel
 * (a card of no damage roll, a record card, shows its ledger in its first section).
 */
export async function decorateHarmPanel(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!message.isContentVisible) return;
  const ledger = readLedger(partOf(message, LEDGER_FLAG));
  const record = partOf(message, RECORD_FLAG) as "damage" | "heal" | undefined;
  const panels: { place: number; section: HTMLElement; damage: { amount: number } | null }[] = rollSections(
    message,
    html,
  ).flatMap(({ place, section }) => {
    const damage = cardDamage(cardRoll(message, place));
    return damage ? [{ place, section, damage }] : [];
  });
  const first = html.querySelector<HTMLElement>(".rb-card");
  if (panels.length === 0 && first && ledger.entries.length > 0)
    panels.push({ place: 0, section: first, damage: null });
  for (const [index, { place, section, damage }] of panels.entries()) {
    const view = harmControlsView(
      {
        amount: damage?.amount ?? null,
        targets: damage ? shownTargetsOf(cardRoll(message, place), (ref) => game.actors.get(ref.actor)?.name) : [],
        selection: damage !== null,
        entries: index === 0 ? ledger.entries : [],
        mayUndo: (entry) => game.user.isGM || entry.by === game.user.id,
        gm: game.user.isGM,
        ...(record ? { record } : {}),
      },
      game.i18n,
    );
    section.insertAdjacentHTML("beforeend", await renderSystemTemplate(HARM_CONTROLS_TEMPLATE, { ...view }));
  }
}

/** The target a pressed button names (`data-actor`, `data-token`, `data-scene`). */
function buttonTarget(button: HTMLElement): TargetRef | null {
  const { actor, token, scene } = button.dataset;
  if (!actor) return null;
  return { actor, ...(token ? { token } : {}), ...(scene ? { scene } : {}) };
}

/**
 * What an apply button runs: the card's damage with its multiplier, to the target it names or to
 * each selected token (one application each).
 */
export function applyControl({ message, button, place }: CardControlContext): Promise<(ApplyResult | null)[]> | null {
  const multiplier = button.dataset.multiplier;
  if (!harm.isMultiplier(multiplier)) return null;
  const targets = button.dataset.selection === "selected" ? selectedTargets() : [buttonTarget(button)];
  const chosen = targets.filter((t): t is TargetRef => t !== null);
  if (chosen.length === 0) {
    notify("warn", game.i18n.localize("ROLLING_BONES.Error.HarmNoTargets"));
    return null;
  }
  return (async () => {
    const out: (ApplyResult | null)[] = [];
    for (const target of chosen) out.push(await applyFromCard(message, target, multiplier, place));
    return out;
  })();
}

/** What an Undo runs. */
export function undoControl({ message, button }: CardControlContext): Promise<ApplyResult | null> {
  return undoOnCard(message, button.dataset.entry ?? "");
}
