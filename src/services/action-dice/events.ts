/**
 * What the action-dice hooks pass to other modules. The hooks fire on the active GM's client, where
 * every privileged action is applied (see `gm-action.ts`); each is documented where it fires.
 */
import type { PoolPart, SpendType } from "../../engines/action/index.ts";

/** Everything that takes dice out of a pool as the owner's own choice. */
export type SpendKind = SpendType | "insight" | "luckyBreak";

/** A spend about to be made (`rollingBones.preSpend`) or just made (`rollingBones.spend`). */
export interface SpendEvent {
  /** What the dice pay for: a use (`augment`), a re-roll, an activation, insight or a lucky break. */
  readonly type: SpendKind;
  /** The user who pays (from their own pool, or from the class dice of `character`). */
  readonly userId: string;
  /** The character whose class dice pay (its actor id); absent when the user's pool pays. */
  readonly character?: string;
  /** The dice taken. */
  readonly dice: readonly PoolPart[];
  /** The card the dice are used on, or `null` for a pool spend (insight, lucky break). */
  readonly messageId: string | null;
  /** The action's id (unique; a repeated request never fires twice). */
  readonly actionId: string;
  /** The insight subject, else `null`. */
  readonly subject: string | null;
}

/** An activation just made (`rollingBones.botchActivated`, `rollingBones.criticalActivated`). */
export interface ActivationEvent {
  /** `botch`, `specialBotch` or `critical`. */
  readonly type: "botch" | "critical" | "specialBotch";
  /** The card. */
  readonly messageId: string;
  /** The user who added dice. */
  readonly userId: string;
  /** The dice they added. */
  readonly dice: readonly PoolPart[];
  /** The activation's severity now: every contributor's dice, summed. */
  readonly severity: number;
}

/** A session that just started (`rollingBones.sessionStarted`). */
export interface SessionEvent {
  /** The new session number. */
  readonly session: number;
  /** Each player's refilled pool by user id. */
  readonly players: Readonly<Record<string, readonly PoolPart[]>>;
  /** The GM's pool. */
  readonly gm: readonly PoolPart[];
  /** Each character's refilled class bonus dice, by actor id (characters with class dice only). */
  readonly classDice: Readonly<Record<string, readonly PoolPart[]>>;
}
