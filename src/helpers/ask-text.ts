/**
 * Asks for one line of text in a modal window (a reason). Its own module, loaded when a GM first asks
 * (the character sheet imports it with `import()`), so the startup bundle does not carry it.
 */
import { systemPath } from "../constants.ts";
import { renderSystemTemplate } from "./templates.ts";

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
