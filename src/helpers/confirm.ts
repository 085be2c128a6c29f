/**
 * Asks before a destructive one-click action (starting a session loses unused action dice, a lucky
 * break spends the whole pool, Remove deletes a sheet entry). The question is text, never markup
 * (it may name a user's entry), and the safe answer is the default.
 */
import { systemPath } from "../constants.ts";
import { escapeHTML } from "./html.ts";
import { renderSystemTemplate } from "./templates.ts";

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

/** What a question for a line of text says, already localized. */
export interface AskTextOptions {
  /** The window title (what the answer is for: "Award Alice a die"). */
  readonly title: string;
  /** The text field's label. */
  readonly label: string;
  /** A hint under the field, as plain text (absent: none). */
  readonly hint?: string;
  /** The label of the button that goes ahead. */
  readonly confirm: string;
  /** The longest answer the field takes. */
  readonly maxLength: number;
  /** Whether the field must be filled (the browser holds the form until it is). */
  readonly required?: boolean;
}

/** The question's template. */
const ASK_TEXT_TEMPLATE = systemPath("templates/dialogs/ask-text.hbs");

/**
 * Asks for one line of text in a modal window (the reason for an award, a forfeit or a lost Fate
 * Point). The labels and hint are text, never markup (the template prints them escaped).
 *
 * @returns The text as typed, trimmed, or `null` when the window was closed.
 */
export async function askText(options: AskTextOptions): Promise<string | null> {
  const content = await renderSystemTemplate(ASK_TEXT_TEMPLATE, { ...options });
  // Read when needed, as for confirmAction. DialogV2.input resolves with the form's data, or null when closed.
  const answer: unknown = await foundry.applications.api.DialogV2.input({
    window: { title: options.title },
    classes: ["rolling-bones", "rb-ask"],
    content,
    ok: { label: options.confirm },
    rejectClose: false,
    modal: true,
  });
  if (answer === null || typeof answer !== "object") return null;
  const text = (answer as { text?: unknown }).text;
  return typeof text === "string" ? text.trim() : "";
}
