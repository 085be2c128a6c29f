/**
 * The action-dice panels: the GM's panel (every pool, award, take, start session) and a player's own
 * panel (their pool, lucky break, insight). Opened from the `/actiondice` chat command or from a
 * macro through `game.system.api.openGmPanel()` / `openActionDice()`.
 */
import { ActionDiceGmPanel } from "./gm-panel.ts";
import { ActionDicePlayerPanel } from "./player-panel.ts";
import { notify } from "../../helpers/notify.ts";

export { ActionDiceGmPanel } from "./gm-panel.ts";
export { ActionDicePlayerPanel } from "./player-panel.ts";
export * from "./views.ts";

let gmPanel: ActionDiceGmPanel | null = null;
let playerPanel: ActionDicePlayerPanel | null = null;

/** Opens the GM's action-dice panel (a player is told it is the GM's). */
export async function openGmPanel(): Promise<ActionDiceGmPanel | null> {
  if (!game.user.isGM) {
    notify("error", game.i18n.localize("ROLLING_BONES.Error.GmOnly"));
    return null;
  }
  gmPanel ??= new ActionDiceGmPanel();
  await gmPanel.render({ force: true });
  return gmPanel;
}

/** Opens the user's own action-dice panel (the GM's panel for a GM). */
export async function openActionDice(): Promise<ActionDiceGmPanel | ActionDicePlayerPanel | null> {
  if (game.user.isGM) return openGmPanel();
  playerPanel ??= new ActionDicePlayerPanel();
  await playerPanel.render({ force: true });
  return playerPanel;
}
