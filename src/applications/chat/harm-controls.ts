/**
 * The damage panel of a card, added per viewer when the card renders (the `renderChatMessageHTML`
 * hook). Only a card that may carry one (its roll records damage or an attack, or it holds a ledger
 * of applications) loads the panel's code (`harm-panel.ts`), so the harm services stay out of the
 * startup bundle until the first damage card; the apply and undo controls load it the same way.
 */
import { partOf } from "../../data/card/parts.ts";
import { LEDGER_FLAG } from "../../services/harm/names.ts";
import type { CardControlContext, CardControlRun } from "./card-control.ts";
import { lazyDecoration } from "./lazy-decoration.ts";

/** The panel's code, loaded on first use. */
const panel = () => import("./harm-panel.ts");

/** Whether a card may carry a damage panel: one of its rolls records damage or an attack, or it holds a ledger. */
function mayCarryPanel(message: ChatMessage.Implementation): boolean {
  const recorded = message.rolls.some((roll) => {
    const options = roll.options as { damage?: unknown; attack?: unknown } | undefined;
    return options?.damage !== undefined || options?.attack !== undefined;
  });
  return recorded || partOf(message, LEDGER_FLAG) !== undefined;
}

const decoration = lazyDecoration("damage controls", mayCarryPanel, async () => (await panel()).decorateHarmPanel);

/** Adds the damage panel to a card, once per rendered element. */
export const addHarmControls = decoration.add;

/** Resolves once the damage panel of a rendered message element is in place (tests, Quench). */
export const harmDecorated = decoration.done;

/** What an apply button runs (its code loads on the first press when no panel loaded it yet). */
export const applyControl: CardControlRun = (context: CardControlContext) =>
  panel().then(({ applyControl: run }) => run(context));

/** What an Undo runs. */
export const undoControl: CardControlRun = (context: CardControlContext) =>
  panel().then(({ undoControl: run }) => run(context));
