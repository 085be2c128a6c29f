/**
 * Reading an action card's state from its chat message, as the card's controls (every client) and
 * the GM-side card actions both need it: who controls the roll, which character made it, and the
 * engine's card state.
 */
import { withDefaults, type ActionCardState } from "../../engines/action/core.ts";
import { cardStateOf, type ActionRoll } from "../../dice/index.ts";
import { initiativeLocked } from "../initiative.ts";
import { isCharacterType, isNpcType } from "../../data/actor/pure.ts";

/**
 * Who controls the roll of a card not yet written: the message's author, except that a roll a GM
 * made for a character owned by exactly one player (e.g. from that player's sheet) is that player's,
 * and an NPC's roll is always the Gamemaster's (the author when a GM, else the active GM): only the
 * GM's pool augments or re-rolls it, and every player may activate its botches.
 */
export function defaultCardOwner(message: ChatMessage.Implementation): string {
  const author = message.author;
  const actorId = message.speaker?.actor;
  const actor = actorId ? game.actors.get(actorId) : undefined;
  if (actor && isNpcType(actor.type)) return author?.isGM ? (author.id ?? "") : (game.users.activeGM?.id ?? "");
  if (author?.isGM && actorId) {
    const players = actor ? game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")) : [];
    if (players.length === 1) return players[0]?.id ?? "";
  }
  return author?.id ?? "";
}

/** The character who made a card's roll: the message's speaker actor, or `null`. */
export function cardCharacter(message: ChatMessage.Implementation): string | null {
  const id = message.speaker?.actor;
  return typeof id === "string" && id.length > 0 ? id : null;
}

/**
 * The engine's card state of an action card's message (its character is the speaker's actor, a player
 * character when that actor is of a player-character type, whoever rolled); an initiative whose combat
 * has started its rounds is locked.
 */
export function cardOf(message: ChatMessage.Implementation, roll: ActionRoll): ActionCardState {
  const character = cardCharacter(message);
  return {
    ...cardStateOf(roll.card, defaultCardOwner(message), withDefaults(roll.request), roll.throws),
    character,
    playerCharacter: character !== null && isCharacterType(game.actors.get(character)?.type),
    locked: initiativeLocked(roll.options),
  };
}
