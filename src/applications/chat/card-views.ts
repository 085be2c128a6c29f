/**
 * One render dispatch: a card is drawn for its viewer from its parts (`data/card/parts.ts`). Each view
 * names the part kinds it draws; a rendered message runs the views of the parts it holds, and each
 * view decides the rest (an action roll, a points roll, the viewer's rights) and loads its code with
 * the first card it draws. A message with no part of the system's (a core message) runs none. Who may
 * press what stays in the card-control table (`card-control-table.ts`), which the one listener reads.
 */
import { cardParts, type CardPart, storedCard } from "../../data/card/parts.ts";
import { addRequestRows } from "../requests/card.ts";
import { addActionDiceControls } from "./action-card-listeners.ts";
import { addAutomaticControls } from "./automatic-controls.ts";
import { listenForCardControls } from "./card-actions.ts";
import { addHarmControls } from "./harm-controls.ts";
import { addPointsControls } from "./points-card-listeners.ts";
import { lazyDecoration } from "./lazy-decoration.ts";

/** Whether one of the card's rolls stores an option that passes `test` (a view's cheap test before its code loads). */
const anyRollOption = (message: ChatMessage.Implementation, key: string, test: (value: unknown) => boolean): boolean =>
  message.rolls.some((roll) => test((roll.options as Record<string, unknown> | undefined)?.[key]));

/**
 * The attack card's Roll damage button: its code loads with the first card naming a weapon
 * (`damage-control.ts`, which checks the viewer's rights).
 */
const damageButton = lazyDecoration(
  "damage button",
  (message) => anyRollOption(message, "weapon", (weapon) => weapon !== undefined),
  async () => {
    const { addDamageControl } = await import("./damage-control.ts");
    return (message, html) => Promise.resolve(addDamageControl(message, html));
  },
);

/**
 * The GM's view of an attack roll's targets' hidden figures: its code loads with the first card with
 * targets a GM draws (no player's client loads it).
 */
const targetFigures = lazyDecoration(
  "target figures",
  (message) => game.user.isGM && anyRollOption(message, "targets", Array.isArray),
  async () => {
    const { addGmTargetFigures } = await import("./target-figures.ts");
    return (message, html) => Promise.resolve(addGmTargetFigures(message, html));
  },
);

/** A view of some kinds of part: what it adds to a rendered card for its viewer. */
export interface CardPartView {
  /** The part kinds it draws. */
  readonly kinds: readonly CardPart["kind"][];
  /** Adds it to a rendered message element (once per element). */
  readonly add: (message: ChatMessage.Implementation, html: HTMLElement) => unknown;
}

/** The views of a card's parts, in the order they are added. */
export const PART_VIEWS: readonly CardPartView[] = [
  // An action roll's controls, and an economy card's Undo.
  { kinds: ["roll", "economy"], add: addActionDiceControls },
  // A points roll's controls (assist, pick, undo), and a Fate Point loss card's Undo.
  { kinds: ["roll", "fateLoss"], add: addPointsControls },
  // A request card's rows: who rolled, Roll and Reveal.
  { kinds: ["rollRequest"], add: addRequestRows },
  // An attack roll's Roll damage button.
  { kinds: ["roll"], add: damageButton.add },
  // The GM's view of an attack roll's targets' hidden figures.
  { kinds: ["roll"], add: targetFigures.add },
  // The GM's answer to a request for an automatic success.
  { kinds: ["automatic"], add: addAutomaticControls },
  // A damage roll's panel, and a card's ledger of applications with Undo.
  { kinds: ["roll", "harmLedger"], add: addHarmControls },
];

/**
 * Draws a rendered message's parts for its viewer: the one listener that runs every card control,
 * then the view of each part kind the card holds.
 */
export function drawCardParts(message: ChatMessage.Implementation, html: HTMLElement): void {
  listenForCardControls(html);
  const kinds = new Set(cardParts(storedCard(message)).map((part) => part.kind));
  const work = PART_VIEWS.filter((view) => view.kinds.some((kind) => kinds.has(kind))).map((view) =>
    Promise.resolve(view.add(message, html)),
  );
  drawing.set(
    html,
    Promise.all(work).then(() => undefined),
  );
}

/** The views still being drawn into each rendered element. */
const drawing = new WeakMap<HTMLElement, Promise<void>>();

/** Resolves once every view of a rendered card is in place (tests, Quench). */
export function cardDrawn(html: HTMLElement): Promise<void> {
  return drawing.get(html) ?? Promise.resolve();
}
