/**
 * DOM pieces shared by the chat-card controls (action dice, points): a labelled control button and
 * the ledger line a control belongs to.
 */

/** Ledger entry ids as they appear in `data-entry` (anything else is ignored, never put in a selector). */
const ENTRY_ID = /^[\w-]+$/;

/**
 * A `<button type="button">` control with a visible label and a fuller accessible name.
 *
 * @param className - The control's class.
 * @param action - Its `data-rb-action` (a name in `CARD_CONTROLS`, card-actions.ts).
 * @param label - The visible text.
 * @param aria - The accessible name.
 * @param data - Further `data-*` attributes.
 */
export function controlButton(
  className: string,
  action: string,
  label: string,
  aria: string,
  data: Record<string, string>,
): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.dataset.rbAction = action;
  for (const [k, v] of Object.entries(data)) el.dataset[k] = v;
  el.textContent = label;
  el.setAttribute("aria-label", aria);
  return el;
}

/**
 * An attack card's Roll damage button (the `rollDamage` control), naming the attacking character in
 * `data-actor`; the chat hook adds it for an owner of that character, and the lab draws it the same.
 *
 * @param actor - The attacking character's id.
 * @param label - The button's text, localized.
 */
export function damageButton(actor: string, label: string): HTMLButtonElement {
  return controlButton("rb-controls__button rb-damage-button", "rollDamage", label, label, { actor });
}

/**
 * The ledger line of an entry (`.<prefix>__entry[data-entry]`) with its "what" and "who" texts, or
 * `null` when the id is malformed or no such line is shown.
 */
export function ledgerLine(
  section: HTMLElement,
  prefix: string,
  entry: string,
): { line: HTMLElement; what: string; who: string } | null {
  if (!ENTRY_ID.test(entry)) return null;
  const line = section.querySelector<HTMLElement>(`.${prefix}__entry[data-entry="${entry}"]`);
  if (!line) return null;
  const what = line.querySelector(`.${prefix}__what`)?.textContent?.trim() ?? "";
  const who = line.querySelector(`.${prefix}__who`)?.textContent?.trim() ?? "";
  return { line, what, who };
}
