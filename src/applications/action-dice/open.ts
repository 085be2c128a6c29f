/**
 * Openers of the action-dice panels for always-loaded code (the API, the chat command). The panels
 * load the first time one is opened, not with the world.
 */
import type { ActionDiceGmPanel, ActionDicePlayerPanel } from "./index.ts";

/** Opens the GM panel (GM only); see the panel module's `openGmPanel`. */
export async function openGmPanel(): Promise<ActionDiceGmPanel | null> {
  return (await import("./index.ts")).openGmPanel();
}

/** Opens the GM panel for a GM, the player's own panel otherwise; see the panel module's `openActionDice`. */
export async function openActionDice(): Promise<ActionDiceGmPanel | ActionDicePlayerPanel | null> {
  return (await import("./index.ts")).openActionDice();
}
