/**
 * DOM pieces shared by the chat-card controls (action dice, points): a labelled control button, the
 * ledger line a control belongs to, and the GM's Undo and Refund and an assist's state put on ledger
 * lines. Foundry-free (the words come through the localization passed in), so the chat listeners
 * and the lab decorate cards with the same code. The button itself is in `control-button.ts`: the
 * attack card's damage button is drawn at startup, the rest loads with the card panels.
 */

import { controlButton } from "./control-button.ts";

export { controlButton, damageButton } from "./control-button.ts";

/** What the controls' words are read with: Foundry's `game.i18n`, or the lab's localization. */
export interface ControlsLocalization {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

/** Ledger entry ids as they appear in `data-entry` (anything else is ignored, never put in a selector). */
const ENTRY_ID = /^[\w-]+$/;

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

/**
 * Adds the GM's Undo, and Refund on a critical, to each action-card ledger line that may take them
 * (the `undo` and `refund` card controls).
 *
 * @param section - The action card.
 * @param undo - The entries the viewer may undo, and whether each may be refunded (`actionControls`).
 * @param i18n - The localization.
 */
export function addLedgerControls(
  section: HTMLElement,
  undo: readonly { readonly entry: string; readonly refund: boolean }[],
  i18n: ControlsLocalization,
): void {
  for (const { entry, refund } of undo) {
    const found = ledgerLine(section, "rb-ledger", entry);
    if (!found) continue;
    const data = { what: found.what, who: found.who };
    const control = (action: "undo" | "refund", label: string, aria: string) =>
      controlButton("rb-ledger__control", action, i18n.localize(label), i18n.format(aria, data), { entry });
    found.line.append(
      control("undo", "ROLLING_BONES.ActionDice.Controls.Undo", "ROLLING_BONES.ActionDice.Controls.UndoLabel"),
    );
    if (refund) {
      found.line.append(
        control("refund", "ROLLING_BONES.ActionDice.Controls.Refund", "ROLLING_BONES.ActionDice.Controls.RefundLabel"),
      );
    }
  }
}

/**
 * Marks the ledger line of an assist a card gave with its state: waiting for the leader, or used.
 *
 * @param section - The points card.
 * @param state - The given assist's entry and state (`pointsControls`), or `null`.
 * @param i18n - The localization.
 */
export function markAssistLine(
  section: HTMLElement,
  state: { readonly entry: string; readonly state: "pending" | "used" } | null,
  i18n: ControlsLocalization,
): void {
  const found = state ? ledgerLine(section, "rb-points", state.entry) : null;
  if (!state || !found) return;
  const mark = document.createElement("span");
  mark.className = `rb-points__mark rb-points__mark--${state.state}`;
  mark.dataset.mark = state.state;
  mark.textContent = i18n.localize(`ROLLING_BONES.Points.Card.AssistState.${state.state}`);
  found.line.append(mark);
}

/**
 * Adds the GM's Undo to each points ledger line that can be undone (the `pointsUndo` card control).
 *
 * @param section - The points card.
 * @param entries - The entries the viewer may undo (`pointsControls`).
 * @param i18n - The localization.
 */
export function addPointsUndo(section: HTMLElement, entries: readonly string[], i18n: ControlsLocalization): void {
  for (const entry of entries) {
    const found = ledgerLine(section, "rb-points", entry);
    if (!found) continue;
    found.line.append(
      controlButton(
        "rb-points__control",
        "pointsUndo",
        i18n.localize("ROLLING_BONES.Points.Controls.Undo"),
        i18n.format("ROLLING_BONES.Points.Controls.UndoLabel", { what: found.what, who: found.who }),
        { entry },
      ),
    );
  }
}
