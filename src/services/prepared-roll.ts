/**
 * The shapes of a roll on its way to chat, checked and allowed but not yet thrown: what `roll.ts` prepares
 * and posts, and what an automatic success sends to the GM instead (`automatic/requests.ts`).
 */

import type { ROLL_FACTORIES, EngineRoll } from "../dice/index.ts";
import type { Visibility } from "../helpers/compat.ts";

/** The engines that can be rolled to chat. */
export type RollableEngine = keyof typeof ROLL_FACTORIES;

/** How a roll is posted. */
export interface PostOptions {
  /** Who speaks (defaults to the current user's character or token). */
  speaker?: ReturnType<typeof ChatMessage.getSpeaker>;
  /**
   * A line of flavor text for the card: text, never markup (a trait's or a link's label, which a
   * user typed). Foundry shows a message's flavor as HTML, so it is stored escaped.
   */
  flavor?: string;
  /** Who may see the roll (defaults to the mode chosen in the chat controls). */
  visibility?: Visibility;
  /**
   * More JSON-safe options stored with the roll (e.g. `{ card: { subject } }` for an action card's
   * insight subject); they never replace the engine's own options.
   */
  rollOptions?: Record<string, unknown>;
  /**
   * The message is a combatant's initiative roll: it carries core's `initiativeRoll` flag, which the
   * tracker's rolls set and Dice So Nice reads (pf2e's ChatMessageFlags `core.initiativeRoll`; issue 23).
   */
  initiativeRoll?: boolean;
}

/** A roll checked and allowed, ready to be thrown and posted (`postRoll` in `roll.ts`). */
export interface PreparedRoll {
  readonly engine: RollableEngine;
  readonly roll: EngineRoll;
  readonly visibility: Visibility;
  readonly options: PostOptions;
}
