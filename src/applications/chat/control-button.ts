/**
 * A chat-card control button, and the attack card's Roll damage button drawn with it. Kept apart
 * from the card panels' ledger pieces (`card-controls.ts`): the damage button is added to a card as
 * it renders, so this is startup code, and the ledger pieces load with the first card panel.
 */

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
