/**
 * Which points engine rolled a card: a module of its own, since the chat log asks it of every card
 * it draws while the points store loads with the card's controls (issue 26).
 */
import { PercentileRoll, PiRoll, PoolRoll, WildRoll } from "../../dice/index.ts";
import type { PointsEngine } from "./ledger.ts";

/** The engine of a points roll, or `null` for any other roll. */
export function pointsEngineOf(roll: unknown): PointsEngine | null {
  if (roll instanceof PercentileRoll) return "percentile";
  if (roll instanceof WildRoll) return "wild";
  if (roll instanceof PoolRoll) return "pool";
  if (roll instanceof PiRoll) return "pi";
  return null;
}
