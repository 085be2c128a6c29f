/**
 * The advisors' figures for the chat cards (issue 26), loaded on first use: an open action card's
 * next steps and a Precision & Impact card's picks, worked out from the card's outcome and rendered
 * with the system's template. The chat hook calls these only when the viewer opens the advisor or
 * hovers or focuses the card.
 */
import { actionAdvice, piAdvice } from "../../engines/advice.ts";
import type { ActionOutcome } from "../../engines/action/core.ts";
import type { PiOutcome } from "../../engines/pi/core.ts";
import { systemPath } from "../../constants.ts";
import { renderSystemTemplate } from "../../helpers/templates.ts";
import { actionAdviceView, piAdviceView } from "./advice-view.ts";

/** The advisor's template. */
export const ADVICE_TEMPLATE = systemPath("templates/chat/advice.hbs");

/**
 * An open action card's advisor, rendered.
 *
 * @param outcome - The card's outcome as it stands.
 * @param held - The die sizes the viewer (or, for a GM, the card's owner) may use now.
 * @param rerollable - The roll's own dice the viewer may re-roll; absent: any, while a die is held.
 */
export async function actionAdviceHtml(
  outcome: ActionOutcome,
  held: readonly { readonly faces: number; readonly count: number }[],
  rerollable?: readonly number[],
): Promise<string> {
  const view = actionAdviceView(actionAdvice.cardAdvice(outcome, held, rerollable), game.i18n.lang);
  return renderSystemTemplate(ADVICE_TEMPLATE, { ...view });
}

/** A Precision & Impact card's advisor (every pick judged against the goal), rendered. */
export async function piAdviceHtml(outcome: PiOutcome): Promise<string> {
  return renderSystemTemplate(ADVICE_TEMPLATE, { ...piAdviceView(piAdvice.pickVerdicts(outcome)) });
}
