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

/**
 * A roll's configuration as the `rollingBones.preRoll` hook receives it (its fourth argument), after
 * the dialog and before any die is thrown or point spent: a handler may change the request, who
 * sees the roll, the card's flavor line and the options stored with the roll, and the roll is
 * made as changed (checked again; a change the engine refuses shows one message and nothing is
 * rolled). The engine cannot change.
 */
export interface RollConfiguration {
  readonly engine: RollableEngine;
  /** The engine request (a copy: change it in place or replace it). */
  request: unknown;
  /** Who may see the roll. */
  visibility: Visibility;
  /** The card's flavor line (text). */
  flavor: string | undefined;
  /** More JSON-safe options stored with the roll (never replacing the engine's own). */
  rollOptions: Record<string, unknown>;
}

/**
 * A roll's configuration as the `rollingBones.preConfigure` hook receives it, before its dialog
 * opens (a sheet's roll button, a roll link, a macro, the keybinding's fast roll): a handler may
 * change the request the dialog starts from, the title (the card's flavor line), the options stored
 * with the roll, and whether the dialog opens at all; the dialog (or the fast roll) starts from the
 * configuration as changed. The engine and the rolling actor cannot change.
 */
export interface DialogConfiguration {
  readonly engine: RollableEngine;
  /** The rolling actor, if any. */
  readonly actor: Actor.Implementation | null;
  /** The request the dialog starts from (a copy: change it in place or replace it). */
  request: Record<string, unknown>;
  /** The window title and the card's flavor line (text). */
  title: string | undefined;
  /** More JSON-safe options stored with the roll. */
  rollOptions: Record<string, unknown>;
  /** Whether the dialog opens (`false`: the roll is made at once, as with the fast-roll key). */
  dialog: boolean;
}
