/**
 * Asks before a destructive one-click action (starting a session loses unused action dice, a lucky
 * break spends the whole pool, Remove deletes a sheet entry). The question is text, never markup
 * (it may name a user's entry), and the safe answer is the default.
 */
import { escapeHTML } from "./html.ts";

/** What a confirmation says, already localized. */
export interface ConfirmText {
  /** The window title. */
  readonly title: string;
  /** What will happen, as plain text. */
  readonly body: string;
  /** The label of the button that goes ahead. */
  readonly confirm: string;
}

/**
 * Shows a modal yes/no question; "No" has the focus, so Enter never destroys by accident.
 *
 * @param text - The title, the question and the go-ahead label.
 * @returns Whether the user chose to go ahead (closing the window is a no).
 */
export async function confirmAction(text: ConfirmText): Promise<boolean> {
  // Read when needed, not at import: DialogV2 is Foundry's, and most code paths never ask.
  const answer: unknown = await foundry.applications.api.DialogV2.confirm({
    window: { title: text.title },
    classes: ["rolling-bones", "rb-confirm"],
    content: `<p>${escapeHTML(text.body)}</p>`,
    yes: { label: text.confirm, default: false },
    no: { default: true },
    rejectClose: false,
    modal: true,
  });
  return answer === true;
}

/**
 * Asks before a Remove button deletes what it names: the button's accessible name ("Remove Fencing")
 * is the question's title, since a removed entry, item or effect cannot be brought back.
 *
 * @param button - The pressed Remove button.
 */
export function confirmRemoval(button: HTMLElement): Promise<boolean> {
  return confirmAction({
    title: button.getAttribute("aria-label") ?? "",
    body: game.i18n.localize("ROLLING_BONES.Confirm.Remove.Body"),
    confirm: game.i18n.localize("ROLLING_BONES.Confirm.Remove.Yes"),
  });
}
