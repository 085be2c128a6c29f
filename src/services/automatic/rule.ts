/**
 * Whether a roll's automatic success must be asked of the GM: a module of its own, since every roll
 * posted asks it while the request and its card load only when one is asked (issue 26).
 */
import { SYSTEM_ID } from "../../constants.ts";
import { SETTING_KEYS } from "../../helpers/settings.ts";
import type { PreparedRoll } from "../prepared-roll.ts";

/** The world's rule: the GM approves each automatic success (`ask`, the rules' default) or rollers take them (`free`). */
export function automaticRule(): "ask" | "free" {
  return game.settings.get(SYSTEM_ID, SETTING_KEYS.poolAutomatic) === "free" ? "free" : "ask";
}

/** Whether this user must ask the GM for an automatic success (a player, in a world where the GM approves them). */
export function mustAskForAutomatic(): boolean {
  return !game.user.isGM && automaticRule() === "ask";
}

/** Whether a prepared roll takes a dice-pool automatic success that this user must ask the GM for. */
export function needsApproval(prepared: PreparedRoll): boolean {
  const request = prepared.roll.request as { automatic?: unknown } | undefined;
  return prepared.engine === "pool" && request?.automatic === true && mustAskForAutomatic();
}
