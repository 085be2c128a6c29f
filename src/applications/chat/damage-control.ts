/**
 * The attack card's damage button: an attack rolled from a weapon whose engine rolls weapon damage
 * (action dice, Wild Die, dice pool, percentile) stores the weapon (actor and item ids) with its roll, and its
 * card offers the viewer who owns that character a button that rolls the weapon's damage, as the
 * sheet's damage button does, carrying what the attack earned (docs/rules.md §6): a dice-pool attack's
 * extra successes as damage dice, an activated action-dice critical named on the damage card, a
 * percentile hit's multiplier (a called shot's included) as the damage's multiplier. The
 * button is offered only after a hit (or where the card cannot judge one); the GM may still force
 * it after a miss. The button is the `rollDamage` entry of the card-control table (`card-actions.ts`:
 * an owner of the attacker may press it); the roll re-checks ownership itself.
 */
import { attackResultOf, type AttackResult } from "../../dice/cards/attack-result.ts";
import { shared } from "../../engines/core.ts";
import { escapeHTML } from "../../helpers/html.ts";
import { damageButton } from "./control-button.ts";
import { rollPlace, storedCard } from "../../data/card/parts.ts";
import { rollSections } from "./roll-sections.ts";

/** The options a card's roll at `place` stores (its first roll when absent), or none. */
function rollOptions(message: ChatMessage.Implementation, place?: number): Record<string, unknown> {
  const at = rollPlace(storedCard(message), place);
  return (at === null ? undefined : message.rolls[at])?.options ?? {};
}

/** The weapon an attack card's roll names (`roll.options.weapon`), or `null`. */
export function cardWeapon(
  message: ChatMessage.Implementation,
  place?: number,
): { actor: string; item: string } | null {
  const raw = rollOptions(message, place).weapon;
  if (!shared.isRecord(raw) || typeof raw.actor !== "string" || typeof raw.item !== "string") return null;
  return { actor: raw.actor, item: raw.item };
}

/** What the attack on a card's roll earned (`attackResultOf` of its stored roll). */
export function cardAttackResult(message: ChatMessage.Implementation, place?: number): AttackResult {
  const options = rollOptions(message, place) as {
    engine?: unknown;
    outcome?: unknown;
    card?: unknown;
    targets?: unknown;
  };
  return attackResultOf(typeof options.engine === "string" ? options.engine : "", options);
}

/**
 * Who may press the damage button: an owner of the attacking character (a GM included), on a card
 * naming a weapon it still has, after a hit or where the card cannot judge one; a GM after a miss too.
 */
export function mayRollCardDamage(
  message: ChatMessage.Implementation,
  user: User.Implementation,
  place?: number,
): boolean {
  const weapon = cardWeapon(message, place);
  if (weapon === null) return false;
  const actor = game.actors.get(weapon.actor);
  if (actor === undefined || !actor.testUserPermission(user, "OWNER") || actor.items.get(weapon.item) === undefined) {
    return false;
  }
  return user.isGM || cardAttackResult(message, place).hit !== false;
}

/** What the damage button runs: the weapon's damage roll, as from the sheet, with what the attack earned. */
export async function rollCardDamage(
  message: ChatMessage.Implementation,
  event?: Event,
  place?: number,
): Promise<void> {
  const weapon = cardWeapon(message, place);
  if (weapon === null) return;
  const { extraDice, critical, multiplier } = cardAttackResult(message, place);
  // The damage card keeps the attack's targets and their verdicts.
  const targets = rollOptions(message, place).targets;
  const { rollActorTrait } = await import("../sheets/roll-trait.ts");
  await rollActorTrait(weapon.actor, { kind: "damage", key: weapon.item }, event, {
    extraDice,
    critical,
    targets,
    ...(multiplier === undefined ? {} : { multiplier }),
  });
}

/**
 * Adds the damage button to each attack roll of a rendered card, in its section, for a viewer who may
 * press it (the `renderChatMessageHTML` hook calls this for every message). After a miss only a GM
 * sees it, saying that it forces damage.
 */
export function addDamageControl(message: ChatMessage.Implementation, html: HTMLElement): void {
  for (const { place, section } of rollSections(message, html)) addButton(message, place, section);
}

/** Adds the damage button of the card's roll at `place` to its section. */
function addButton(message: ChatMessage.Implementation, place: number, card: HTMLElement): void {
  if (!mayRollCardDamage(message, game.user, place)) return;
  const missed = cardAttackResult(message, place).hit === false;
  const key = missed ? "ROLLING_BONES.Damage.CardButtonForce" : "ROLLING_BONES.Damage.CardButton";
  const button = damageButton(cardWeapon(message, place)?.actor ?? "", game.i18n.localize(key));
  // Foundry reads a tooltip as HTML: the words go in escaped.
  const tip = game.i18n.localize(missed ? "ROLLING_BONES.Damage.ForceTooltip" : "ROLLING_BONES.Damage.Tooltip");
  button.dataset.tooltip = escapeHTML(tip);
  card.append(button);
}
