/**
 * What roll dialogs and sheets show of a character's points, Foundry-free: the karma and pending
 * assists of a percentile character, what a wild-die character may still spend this session, a
 * pool character's Willpower and whether this turn's point is spent. The dialog checks a request
 * against the same figures (with the engine's own rules) before it lets the user roll.
 */
import type { PendingAssist } from "../../dice/rolls/points-card.ts";
import { engineOfType, numberAt, type ActorPoints } from "./ledger.ts";

/** A character's points as a roll dialog shows and checks them (the GM checks again when the roll is made). */
export interface DialogPoints {
  /** The character's name. */
  readonly actor: string;
  /** Percentile: the karma held, else `null`. */
  readonly karma: number | null;
  /** Percentile: the assists waiting for this roll (their dice are added to the request). */
  readonly assists: readonly PendingAssist[];
  /** Wild: the points held and spent this session, and the session limit, else `null`. */
  readonly wild: {
    readonly characterPoints: number;
    readonly fatePoints: number;
    readonly cpUsed: number;
    readonly fpUsed: number;
    readonly cpLimit: number;
  } | null;
  /** Pool: current and permanent Willpower, the turn it was last spent in and the current turn, else `null`. */
  readonly willpower: {
    readonly current: number;
    readonly permanent: number;
    readonly spentInTurn: string | null;
    readonly turn: string | null;
  } | null;
}

/** What the figures depend on besides the character. */
export interface PointsViewContext {
  /** Character Points allowed per session (GM setting). */
  readonly cpSessionLimit: number;
  /** The character's current turn (combat round), or `null` outside combat. */
  readonly turn: string | null;
}

/**
 * The points a roll dialog shows and checks for a character (`null` for a character without
 * points, e.g. an action character).
 *
 * @param actor - The character.
 * @param ctx - The CP limit and the current turn.
 */
export function dialogPointsOf(actor: ActorPoints, ctx: PointsViewContext): DialogPoints | null {
  const engine = engineOfType(actor.type);
  if (engine === null || engine === "pi") return null;
  const s = actor.system;
  return {
    actor: actor.name,
    karma: engine === "percentile" ? numberAt(s, "karma") : null,
    assists: engine === "percentile" ? actor.assists : [],
    wild:
      engine === "wild"
        ? {
            characterPoints: numberAt(s, "characterPoints"),
            fatePoints: numberAt(s, "fatePoints"),
            cpUsed: numberAt(s, "session.characterPoints"),
            fpUsed: numberAt(s, "session.fatePoints"),
            cpLimit: ctx.cpSessionLimit,
          }
        : null,
    willpower:
      engine === "pool"
        ? {
            current: numberAt(s, "willpower.current"),
            permanent: numberAt(s, "willpower.permanent"),
            spentInTurn: actor.willpowerTurn,
            turn: ctx.turn,
          }
        : null,
  };
}

/** The Willpower state a pool sheet shows. */
export type WillpowerTurnState = "available" | "spent" | "perRoll";

/**
 * Whether a pool character may still spend this turn's Willpower point: `perRoll` outside combat
 * (one per roll), `spent` when this round's point is spent, else `available`.
 */
export function willpowerTurnState(actor: ActorPoints, turn: string | null): WillpowerTurnState {
  if (turn === null) return "perRoll";
  return actor.willpowerTurn === turn ? "spent" : "available";
}
