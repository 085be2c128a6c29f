/**
 * What a chat-card control is (Foundry's message and the pressed button, who may press it and what it
 * runs): the shapes `card-actions.ts` lists its controls in, and each control's own module runs by.
 */

/** What a control's check and action receive. */
export interface CardControlContext {
  /** The message whose card holds the control. */
  readonly message: ChatMessage.Implementation;
  /** The pressed button. */
  readonly button: HTMLElement;
  /** The rendered message element. */
  readonly root: HTMLElement;
  /**
   * The place, in the message's rolls, of the card's roll whose controls were pressed (its first
   * roll for a control drawn outside every roll's section); `undefined` on a card of no roll.
   */
  readonly place: number | undefined;
  /** Where the pressed control's inputs are read: its roll's section, or the message element. */
  readonly scope: HTMLElement;
  /** The click. */
  readonly event: Event;
}

/**
 * Who may press a control: `gm` a GM; `author` the message's author or a GM; `actorOwner` an owner
 * of the actor named by the button's `data-actor` (or a GM); `anyone` any user (the rules decide on
 * the GM's side, e.g. any player may activate another's botch).
 */
export type CardControlAccess = "gm" | "author" | "actorOwner" | "anyone";

/** One card control. */
export interface CardControlSpec {
  readonly access: CardControlAccess;
  readonly run: CardControlRun;
}

/** Runs a control; `null` when it asked the user for more (it told them why) and sent nothing. */
export type CardControlRun = (context: CardControlContext) => Promise<unknown> | null;
