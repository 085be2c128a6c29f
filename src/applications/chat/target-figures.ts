/**
 * The GM sees every target's defence figure on an attack card (docs/rules.md §6: the GM always sees all).
 * A figure hidden from players is not in the card's stored data (`services/targets.ts`), so the GM's
 * own client adds it to the card it draws, read from the target's actor; no player's client ever does.
 */
import { readTargets, targetFigureKey } from "../../dice/cards/targets.ts";
import { rollSections } from "./roll-sections.ts";

/**
 * Adds each hidden target figure to a rendered card, for a GM viewer only (the
 * `renderChatMessageHTML` hook calls this for every message).
 */
export function addGmTargetFigures(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!game.user.isGM) return;
  for (const { place, section } of rollSections(message, html)) addFigures(message.rolls[place], section);
}

/** Adds the hidden figures of one roll's targets to its section. */
function addFigures(roll: foundry.dice.Roll | undefined, section: HTMLElement): void {
  const targets = readTargets((roll?.options as { targets?: unknown } | undefined)?.targets);
  const lines = section.querySelectorAll<HTMLElement>("[data-target]");
  targets.forEach((target, i) => {
    const line = lines[i];
    if (!line || target.defence !== undefined || target.engine === null || target.actor === null) return;
    if (target.verdict !== "hit" && target.verdict !== "miss") return;
    const value = (game.actors.get(target.actor)?.system as { defence?: unknown } | undefined)?.defence;
    if (typeof value !== "number") return;
    const figure = document.createElement("span");
    figure.className = "rb-card__target-defence";
    figure.dataset.defence = String(value);
    figure.dataset.gmOnly = "";
    const text = game.i18n.format(targetFigureKey(target.engine), { value: String(value) });
    figure.textContent = ` (${text}, ${game.i18n.localize("ROLLING_BONES.Target.GmOnly")})`;
    line.querySelector(".rb-card__target-name")?.after(figure);
  });
}
