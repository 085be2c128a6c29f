/**
 * The attack card's damage button: an attack rolled from a weapon whose engine rolls weapon damage
 * (action dice, Wild Die, dice pool) stores the weapon (actor and item ids) with its roll, and its
 * card offers the viewer who owns that character a button that rolls the weapon's damage, exactly as
 * the sheet's damage button does. The button is the `rollDamage` entry of the card-control table
 * (`card-actions.ts`: an owner of the attacker may press it); the roll re-checks ownership itself.
 */
import { shared } from "../../engines/index.ts";
import { rollActorTrait } from "../sheets/roll-trait.ts";
import { damageButton } from "./card-controls.ts";

/** The weapon an attack card names (`roll.options.weapon`), or `null`. */
export function cardWeapon(message: ChatMessage.Implementation): { actor: string; item: string } | null {
  const raw = (message.rolls[0]?.options as { weapon?: unknown } | undefined)?.weapon;
  if (!shared.isRecord(raw) || typeof raw.actor !== "string" || typeof raw.item !== "string") return null;
  return { actor: raw.actor, item: raw.item };
}

/** Who may press the damage button: an owner of the attacking character (a GM included), on a card naming a weapon it still has. */
export function mayRollCardDamage(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  const weapon = cardWeapon(message);
  if (weapon === null) return false;
  const actor = game.actors.get(weapon.actor);
  return actor !== undefined && actor.testUserPermission(user, "OWNER") && actor.items.get(weapon.item) !== undefined;
}

/** What the damage button runs: the weapon's damage roll, as from the sheet. */
export async function rollCardDamage(message: ChatMessage.Implementation, event?: Event): Promise<void> {
  const weapon = cardWeapon(message);
  if (weapon === null) return;
  await rollActorTrait(weapon.actor, { kind: "damage", key: weapon.item }, event);
}

/**
 * Adds the damage button to a rendered attack card, for a viewer who may press it (the
 * `renderChatMessageHTML` hook calls this for every message).
 */
export function addDamageControl(message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!mayRollCardDamage(message, game.user)) return;
  const card = html.querySelector<HTMLElement>(".rb-card");
  if (!card) return;
  card.append(damageButton(cardWeapon(message)?.actor ?? "", game.i18n.localize("ROLLING_BONES.Damage.CardButton")));
}
